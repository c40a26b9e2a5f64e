"""Monopoly Deal's turns: the draw at the start of a turn, the reshuffle, the next player, the
round limit and the win check (rules/monopoly-deal.md, Turn, Deck exhausted and Winning)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.kit import Event, replace_at
from app.rules.monopoly_deal.areas import complete_colours, has_won, table_value
from app.rules.monopoly_deal.components import DRAW, DRAW_EMPTY, PLAYS
from app.rules.monopoly_deal.state import Result, State, event

ROUND_LIMIT = 50
"""Parlor's decision (no rule ends a match nobody wins): the match ends after this many full
rounds (package docstring)."""


def start_turn(state: State, seat: int) -> State:
    """Turn 1: draw 2, or 5 with an empty hand; then up to 3 plays."""
    count = DRAW_EMPTY if not state.hands[seat] else DRAW
    state, cards = draw(state, seat, count)
    started = Event(
        "turn_start",
        (("seat", seat), ("round", state.round), ("drew", len(cards))),
        owner=seat,
        secret=(("cards", cards),),
    )
    return replace(
        state,
        phase="play",
        turn=seat,
        plays_left=PLAYS,
        moved_wilds=(),
        events=state.events + (started,),
    )


def draw(state: State, seat: int, count: int) -> tuple[State, tuple[str, ...]]:
    """The top ``count`` cards to ``seat``'s hand; an empty pile is replaced by the shuffled
    discards (Deck exhausted), and with both empty the draw takes what there is."""
    deck, discards, rng = state.deck, state.discards, state.rng
    events: tuple[Event, ...] = ()
    if len(deck) < count and discards:
        shuffled, rng = rng.shuffle(discards)
        deck, discards = deck + shuffled, ()
        events = (event("reshuffle", count=len(shuffled)),)
    cards, deck = deck[:count], deck[count:]
    state = replace(
        state,
        hands=replace_at(state.hands, seat, state.hands[seat] + cards),
        deck=deck,
        discards=discards,
        rng=rng,
        events=state.events + events,
    )
    return state, cards


def next_turn(state: State) -> State:
    """The next player's turn (to the left); a round ends when the turn comes back to the first
    player, and the match after ``ROUND_LIMIT`` rounds."""
    seat = (state.turn + 1) % state.players
    if seat == state.first:
        state = replace(state, round=state.round + 1)
        if state.round > ROUND_LIMIT:
            return _round_limit(replace(state, round=ROUND_LIMIT))
    return start_turn(state, seat)


def check_win(state: State) -> State:
    """Winning: a player with 3 complete sets of different colours wins at once, on anyone's
    turn; the turn's player is checked first, then the others in turn order."""
    if state.phase == "over":
        return state
    for seat in turn_order(state, state.turn):
        if has_won(state.sets[seat]):
            return _over(state, Result(seat, (seat,), "three_sets"))
    return state


def _round_limit(state: State) -> State:
    """The round limit: the most complete colours, then the highest table value, win (ties
    share)."""
    ranks = [
        (complete_colours(state.sets[seat]), table_value(state.banks[seat], state.sets[seat]))
        for seat in range(state.players)
    ]
    winners = tuple(seat for seat in range(state.players) if ranks[seat] == max(ranks))
    return _over(state, Result(winners[0] if len(winners) == 1 else None, winners, "round_limit"))


def _over(state: State, result: Result) -> State:
    won = event("win", seat=result.winner, winners=result.winners, reason=result.reason)
    return replace(state, phase="over", pending=None, result=result, events=state.events + (won,))


def turn_order(state: State, seat: int) -> list[int]:
    """Every seat in turn order from ``seat`` (the next after s is s + 1: to the left)."""
    return [(seat + step) % state.players for step in range(state.players)]
