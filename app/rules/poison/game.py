"""Poison's rules: the contract of design 1.1 and the effects of a play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.kit import Event, MoveRule, can, choose_start, log_for, play_move, replace_at
from app.rules.poison.checks import (
    cauldron_colour,
    check_play,
    check_turn,
    colour_of,
    parse,
)
from app.rules.poison.components import (
    CAULDRONS,
    DECK,
    DIRECTION,
    SUITS,
    TABLE,
    seat_after,
    sort_key,
    value_of,
)
from app.rules.poison.memory import deal_hands, lacked_cards, taken_in_round, unplayed
from app.rules.poison.scoring import score_round, suit_counts
from app.rules.poison.state import RoundResult, SeatResult, State
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/poison.md, Setup); the order of draws is in the package
    docstring. ``start_seat`` is the table's choice of the first player (a rematch); the seat
    is drawn from the seed either way, so the deal does not depend on it."""
    full = TABLE.check(players, options)
    rng = Rng(seed, "deal")
    hands, set_aside, rng = _deal(rng, players)
    drawn_start, rng = rng.randbelow(players)
    first_seat = choose_start(start_seat, drawn=drawn_start, players=players)
    started = Event(
        "game_started",
        (
            ("players", players),
            ("start_seat", first_seat),
            ("rounds", players if full["rounds"] == "per_player" else 1),
            ("cauldrons", full["cauldrons"]),
            ("overflow_at", full["overflow_at"]),
            ("set_aside", len(set_aside)),
        ),
    )
    return State(
        players=players,
        cauldron_mode=full["cauldrons"],
        overflow_at=full["overflow_at"],
        rounds=players if full["rounds"] == "per_player" else 1,
        collected_mode=full["collected"],
        rng=rng,
        round=1,
        first_seat=first_seat,
        start_seat=first_seat,
        turn=first_seat,
        hands=hands,
        set_aside=set_aside,
        cauldrons=((),) * CAULDRONS,
        collected=((),) * players,
        results=(),
        events=(started,),
    )


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal play of ``seat``: by card in hand order (each distinct card once: equal
    cards are interchangeable), then by cauldron 0-2."""
    if not can(check_turn, state, seat):
        return []
    return [
        {"type": "play_card", "card": card, "cauldron": cauldron}
        for card in dict.fromkeys(state.hands[seat])
        for cauldron in range(CAULDRONS)
        if can(check_play, state, seat, card, cauldron)
    ]


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, field by field (rules/poison.md, Hidden
    information): the cauldrons, its own hand, how many cards every hand and collected pile
    holds, and what the piles hold only as the ``collected`` option allows."""
    own = seat is not None and 0 <= seat < state.players
    return {
        "game": "poison",
        "players": state.players,
        "you": seat,
        "phase": "over" if state.turn is None else "play",
        "to_act": state.turn,
        "round": state.round,
        "rounds": state.rounds,
        "start_seat": state.start_seat,
        "direction": DIRECTION,
        "cauldron_mode": state.cauldron_mode,
        "overflow_at": state.overflow_at,
        "collected_mode": state.collected_mode,
        "cauldrons": [
            {
                "colour": cauldron_colour(state, index),
                "cards": list(cards),
                "total": _total(cards),
            }
            for index, cards in enumerate(state.cauldrons)
        ],
        "hand": list(state.hands[seat]) if own and seat is not None else None,
        "hand_counts": [len(hand) for hand in state.hands],
        "set_aside": len(state.set_aside),
        "collected": [
            {
                "cards": len(cards),
                "suits": suit_counts(cards) if _sees_pile(state, seat, owner) else None,
            }
            for owner, cards in enumerate(state.collected)
        ],
        "totals": list(_totals(state)),
        "results": [_result_json(result) for result in state.results],
        "last_play": _last_play(state),
        "played": [dict(event.fields) for event in _round_plays(state)],
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then each seat's penalty total (lower is better) and the
    seats with the fewest penalty points, sharing the win on a tie (rules/poison.md)."""
    if state.turn is not None:
        return None
    totals = list(_totals(state))
    return Outcome(
        scores=totals,
        winners=_winners(totals),
        detail={
            "lowest_wins": True,
            "totals": totals,
            "rounds": [_result_json(result) for result in state.results],
        },
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log; every entry is public, so all viewers get the same one. A round's
    scoring entry also says what each seat collected and paid."""
    entries = log_for(state.events, seat)
    for entry in entries:
        if entry["type"] == "round_scored":
            entry.update(_result_json(state.results[entry["round"] - 1]))
    return entries


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view`` (rules/poison.md, Hidden
    information): the round's plays (``played``) tell every card that went into a cauldron and
    who took each boiled-over one, as a player watching the table knows (``memory``); the cards
    not played and not in its hand are shuffled into the other hands and the cards set aside,
    each holding as many as the view says, and no hand gets a card its player showed it lacks
    (``memory.lacked_cards``). The round's plays are the log (the earlier rounds' entries, the
    order of the pile's cards taken and the next rounds' deals, ``rng``'s stream continuing,
    are not the game's, as the view does not carry them)."""
    players = view["players"]
    mine = tuple(view["hand"])
    cauldrons = tuple(tuple(cauldron["cards"]) for cauldron in view["cauldrons"])
    plays = view["played"]
    cards, rng = unplayed(mine, plays, rng)
    lacking = lacked_cards(plays, view["cauldron_mode"], view["overflow_at"], players)
    counts = {other: count for other, count in enumerate(view["hand_counts"]) if other != seat}
    hands = {**deal_hands(cards, counts, lacking), seat: mine}
    start_seat = view["start_seat"]
    return State(
        players=players,
        cauldron_mode=view["cauldron_mode"],
        overflow_at=view["overflow_at"],
        rounds=view["rounds"],
        collected_mode=view["collected_mode"],
        rng=rng,
        round=view["round"],
        first_seat=seat_after(start_seat, players, 1 - view["round"]),
        start_seat=start_seat,
        turn=view["to_act"],
        hands=tuple(hands[other] for other in range(players)),
        set_aside=tuple(cards[: view["set_aside"]]),
        cauldrons=cauldrons,
        collected=taken_in_round(plays, players),
        results=tuple(
            RoundResult(
                round=result["round"],
                start_seat=result["start_seat"],
                seats=tuple(
                    SeatResult(
                        counts=tuple(seen["counts"][suit] for suit in SUITS),
                        immune=tuple(seen["immune"]),
                        penalty=seen["penalty"],
                    )
                    for seen in result["seats"]
                ),
            )
            for result in view["results"]
        ),
        events=tuple(Event("card_played", tuple(play.items())) for play in plays),
    )


# --- effects -----------------------------------------------------------------------------------


def _deal(rng: Rng, players: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Rng]:
    """Setup: shuffle the 50 cards, seat ``i`` takes the ``i``-th run of ``50 // players``
    cards; the rest is set aside face down."""
    shuffled, rng = rng.shuffle(DECK)
    size = len(DECK) // players
    hands = tuple(
        tuple(sorted(shuffled[size * seat : size * (seat + 1)], key=sort_key))
        for seat in range(players)
    )
    return hands, shuffled[size * players :], rng


def _do_play(state: State, seat: int, card: str, cauldron: int) -> State:
    """Turn: the card goes in; at the threshold the player takes the cards that were there
    before and the new card stays as the cauldron's only content."""
    hand = list(state.hands[seat])
    hand.remove(card)
    before = state.cauldrons[cauldron]
    contents = before + (card,)
    total = _total(contents)
    colour = colour_of(state.cauldron_mode, cauldron, contents)
    taken: tuple[str, ...] = ()
    if total >= state.overflow_at:
        # Turn [SEED≠OFFICIAL]: overflow_at 13 is the seed's "13 or more", 14 the published
        # "more than 13". The player takes the earlier cards; their own card stays.
        taken, contents = before, (card,)
    played = Event(
        "card_played",
        (
            ("seat", seat),
            ("card", card),
            ("cauldron", cauldron),
            ("colour", colour),
            ("total", total),
            ("taken", len(taken)),
        ),
    )
    state = replace(
        state,
        hands=replace_at(state.hands, seat, tuple(hand)),
        cauldrons=replace_at(state.cauldrons, cauldron, contents),
        collected=replace_at(state.collected, seat, state.collected[seat] + taken),
        # Setup, play direction: counter-clockwise, the turn passes to the right.
        turn=seat_after(seat, state.players),
        events=state.events + (played,),
    )
    if any(state.hands):
        return state
    return _end_round(state)


MOVES: Mapping[str, MoveRule[State]] = {"play_card": MoveRule(check_play, _do_play)}
"""The move table ``apply`` plays from: the one action's check (the one ``legal_actions``
asks) and its effect."""


def _end_round(state: State) -> State:
    """End of round: hands are empty; the collected piles are scored (cauldron cards are not),
    then the next round is dealt or the game ends."""
    result = RoundResult(
        round=state.round, start_seat=state.start_seat, seats=score_round(state.collected)
    )
    state = replace(state, results=state.results + (result,))
    scored = Event("round_scored", (("round", state.round), ("totals", _totals(state))))
    state = replace(state, events=state.events + (scored,))
    if state.round >= state.rounds:
        totals = _totals(state)
        over = Event(
            "game_over",
            (("scores", totals), ("winners", tuple(sorted(_winners(totals))))),
        )
        return replace(state, turn=None, events=state.events + (over,))
    # Game length, option "per_player": each player starts one round; Setup: round starts move
    # in the direction of play, so round r starts r - 1 seats to the right of round 1's start.
    next_round = state.round + 1
    start_seat = seat_after(state.first_seat, state.players, state.round)
    hands, set_aside, rng = _deal(state.rng, state.players)
    started = Event(
        "round_started",
        (("round", next_round), ("start_seat", start_seat), ("set_aside", len(set_aside))),
    )
    return replace(
        state,
        rng=rng,
        round=next_round,
        start_seat=start_seat,
        turn=start_seat,
        hands=hands,
        set_aside=set_aside,
        cauldrons=((),) * CAULDRONS,
        collected=((),) * state.players,
        events=state.events + (started,),
    )


# --- small helpers -----------------------------------------------------------------------------


def _total(cards: Sequence[str]) -> int:
    """A cauldron's total: the sum of its card values (poison counts 4)."""
    return sum(value_of(card) for card in cards)


def _totals(state: State) -> tuple[int, ...]:
    """Per seat, the penalty points of every finished round added up."""
    return tuple(
        sum(result.seats[seat].penalty for result in state.results) for seat in range(state.players)
    )


def _winners(totals: Sequence[int]) -> frozenset[int]:
    """Every seat with the fewest penalty points ([SEED-SILENT]: ties share the win)."""
    low = min(totals)
    return frozenset(seat for seat, total in enumerate(totals) if total == low)


def _sees_pile(state: State, viewer: int | None, owner: int) -> bool:
    """Whether ``viewer`` may see what ``owner``'s collected pile holds (option ``collected``)."""
    if state.collected_mode == "open":
        return True
    return state.collected_mode == "own" and viewer == owner


def _result_json(result: RoundResult) -> dict[str, Any]:
    """One finished round as JSON: each seat's cards per suit, immune colours and penalty."""
    return {
        "round": result.round,
        "start_seat": result.start_seat,
        "seats": [
            {
                "seat": seat,
                "counts": dict(zip(SUITS, seat_result.counts, strict=True)),
                "immune": list(seat_result.immune),
                "penalty": seat_result.penalty,
            }
            for seat, seat_result in enumerate(result.seats)
        ],
    }


def _last_play(state: State) -> dict[str, Any] | None:
    """The latest card played in the current round (``None`` before the round's first play)."""
    plays = _round_plays(state)
    return dict(plays[-1].fields) if plays else None


def _round_plays(state: State) -> tuple[Event, ...]:
    """The current round's ``card_played`` log entries, in order (all public: every card is
    played face up, and a boil-over says who took the cauldron)."""
    start = len(state.events)
    while start and state.events[start - 1].type not in ("round_started", "game_started"):
        start -= 1
    return tuple(event for event in state.events[start:] if event.type == "card_played")
