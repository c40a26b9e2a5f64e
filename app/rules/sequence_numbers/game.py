"""Sequence Numbers' rules: the contract of design 1.1 and the effects of actions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from itertools import chain
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.cards import draw_top
from app.rules.kit import (
    Event,
    MoveRule,
    can,
    choose_start,
    log_for,
    play_move,
    replace_at,
    thaw,
)
from app.rules.rng import Rng
from app.rules.sequence_numbers.checks import (
    Declare,
    board_cells,
    check_exchange,
    check_pass,
    check_place,
    check_remove,
    check_turn,
    declaration_ways,
    declare_cells,
    parse,
    player_chooses,
    way_of,
)
from app.rules.sequence_numbers.components import (
    ANSWER_OF,
    BANDS,
    BOARD,
    CORNERS,
    HAND_SIZE,
    MINUS,
    SEQUENCES_NEEDED,
    SIDE_COLOURS,
    SIZE,
    SPACES,
    TABLE,
    Cell,
    deck,
    side_count,
)
from app.rules.sequence_numbers.lines import WINDOWS, can_still_complete
from app.rules.sequence_numbers.state import State

_SPACES_TO_FILL: tuple[tuple[int, Cell], ...] = tuple(
    (row * SIZE + col, (row, col)) for row, col in board_cells() if (row, col) not in CORNERS
)
"""Every space that may take a chip, with its index in ``State.chips``."""

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/sequence-numbers.md, What is known); the order of draws is in
    the package docstring. ``start_seat`` is the table's choice of the first player (a rematch);
    without one it is drawn from the seed, and the cards dealt are the same either way."""
    full = TABLE.check(players, options)
    rng = Rng(seed, "deal")
    cards, rng = rng.shuffle(deck(plus_cards=full["plus_cards"], minus_cards=full["minus_cards"]))
    size = HAND_SIZE[players]
    hands = tuple(cards[size * seat : size * (seat + 1)] for seat in range(players))
    drawn_start, rng = rng.randbelow(players)
    start_seat = choose_start(start_seat, drawn=drawn_start, players=players)
    sides = side_count(players, full["six_player_teams"])
    teams = tuple(tuple(range(side, players, sides)) for side in range(sides))
    started = Event(
        "game_started",
        (
            ("players", players),
            ("teams", teams),
            ("needed", SEQUENCES_NEEDED[players]),
            ("hand_size", size),
            ("start_seat", start_seat),
        ),
    )
    return State(
        players=players,
        sides=sides,
        needed=SEQUENCES_NEEDED[players],
        plus_cards=full["plus_cards"],
        minus_cards=full["minus_cards"],
        chips=(None,) * (SIZE * SIZE),
        sequences=(),
        hands=hands,
        deck=cards[size * players :],
        discards=((),) * players,
        rng=Rng(seed, "reshuffle"),
        start_seat=start_seat,
        turn=start_seat,
        exchanged=False,
        winner=None,
        drawn_game=False,
        events=(started,),
    )


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: exchanges by card (hand order), then
    placements by card and space (row by row; where the player chooses which five form the
    sequences, one placement per way, earliest first), then removals by space, then passes by
    card."""
    if not can(check_turn, state, seat):
        return []
    cards = list(dict.fromkeys(state.hands[seat]))  # identical Plus/Minus cards once
    actions: list[Action] = [
        {"type": "exchange", "card": card}
        for card in cards
        if can(check_exchange, state, seat, card)
    ]
    # Only spaces that might take the card are tried; the check decides (one legality path).
    empty = [cell for index, cell in _SPACES_TO_FILL if state.chips[index] is None]
    choices: dict[Cell, list[Declare | None]] = {}
    for card in cards:
        if card == MINUS:
            continue
        answer = ANSWER_OF.get(card)
        for cell in empty if answer is None else SPACES[answer]:
            if cell not in choices:
                choices[cell] = _declare_choices(state, seat, cell)
            actions += [
                _place_action(card, cell, declare)
                for declare in choices[cell]
                if can(check_place, state, seat, card, cell, declare)
            ]
    if MINUS in cards:
        own_side = state.side_of(seat)
        actions += [
            {"type": "remove", "row": row, "col": col}
            for row, col in board_cells()
            if state.chip((row, col)) not in (None, own_side)
            and can(check_remove, state, seat, (row, col))
        ]
    if not actions:
        actions = [
            {"type": "pass", "card": card} for card in cards if can(check_pass, state, seat, card)
        ]
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees: the board, chips, sequences, every discard pile
    and hand count, and its own hand only (team-mates do not see each other's hands). Built
    field by field."""
    return {
        "game": "sequence_numbers",
        "players": state.players,
        "you": seat,
        "side": None if seat is None else state.side_of(seat),
        "phase": "play" if state.turn is not None else "over",
        "to_act": state.turn,
        "exchanged": state.exchanged,
        "sides": state.sides,
        "colours": list(SIDE_COLOURS[: state.sides]),
        "teams": [list(range(side, state.players, state.sides)) for side in range(state.sides)],
        "needed": state.needed,
        "board": [list(row) for row in BOARD],
        "bands": [list(band) for band in BANDS],
        "chips": [list(state.chips[row * SIZE : (row + 1) * SIZE]) for row in range(SIZE)],
        "sequences": [
            {"side": side, "cells": [list(cell) for cell in WINDOWS[window].cells]}
            for side, window in state.sequences
        ],
        "sequence_counts": _sequence_counts(state),
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_counts": [len(hand) for hand in state.hands],
        "discards": [list(pile) for pile in state.discards],
        "deck_count": len(state.deck),
        "plus_cards": state.plus_cards,
        "minus_cards": state.minus_cards,
        "winner": state.winner,
        "drawn_game": state.drawn_game,
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then every seat of the winning side wins, or every seat
    shares a drawn game. A seat's score is the number of sequences its side completed."""
    if state.turn is not None:
        return None
    counts = _sequence_counts(state)
    if state.winner is None:
        winners = frozenset(range(state.players))
    else:
        winners = frozenset(range(state.winner, state.players, state.sides))
    return Outcome(
        scores=[counts[state.side_of(seat)] for seat in range(state.players)],
        winners=winners,
        detail={
            "winner_side": state.winner,
            "draw": state.drawn_game,
            "sequences": counts,
            "needed": state.needed,
            "colours": list(SIDE_COLOURS[: state.sides]),
            "teams": [list(range(side, state.players, state.sides)) for side in range(state.sides)],
        },
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log for ``seat``: public fields for all, a drawn card only for its drawer."""
    return log_for(state.events, seat)


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view``: the other hands and the draw
    pile are secret (rules/sequence-numbers.md: hands are private), so the cards in no discard
    pile and not in the seat's own hand are shuffled and dealt, each hand as many as
    ``hand_counts`` shows, the rest the draw pile. A played card always lies on a discard pile
    until a reshuffle takes it back, so those are all the unseen cards. The reshuffle stream's
    position is secret too and is drawn afresh. The log is not rebuilt (``events`` is empty)
    and the start seat, which only the log shows, is taken to be seat 0."""
    unseen = Counter(deck(plus_cards=view["plus_cards"], minus_cards=view["minus_cards"]))
    unseen.subtract(chain(view["hand"], *view["discards"]))
    cards, rng = rng.shuffle(sorted(unseen.elements()))
    hands: list[tuple[str, ...]] = []
    for owner, count in enumerate(view["hand_counts"]):
        if owner == seat:
            hands.append(tuple(view["hand"]))
        else:
            hands.append(cards[:count])
            cards = cards[count:]
    reshuffle, rng = rng.randbelow(1 << 256)
    return State(
        players=view["players"],
        sides=view["sides"],
        needed=view["needed"],
        plus_cards=view["plus_cards"],
        minus_cards=view["minus_cards"],
        chips=tuple(chip for row in view["chips"] for chip in row),
        sequences=tuple(
            (sequence["side"], _WINDOW_AT[tuple(tuple(cell) for cell in sequence["cells"])])
            for sequence in view["sequences"]
        ),
        hands=tuple(hands),
        deck=cards,
        discards=tuple(tuple(pile) for pile in view["discards"]),
        rng=Rng(reshuffle.to_bytes(32, "big"), "reshuffle"),
        start_seat=0,
        turn=view["to_act"],
        exchanged=view["exchanged"],
        winner=view["winner"],
        drawn_game=view["drawn_game"],
        events=(),
    )


_WINDOW_AT: dict[tuple[Cell, ...], int] = {
    window.cells: index for index, window in enumerate(WINDOWS)
}
"""Each window's index by its cells, as the view lists a sequence."""


# --- effects -----------------------------------------------------------------------------------


def _do_exchange(state: State, seat: int, card: str) -> State:
    """Turn 1: discard the dead card face up, draw a replacement; the turn goes on."""
    state, drawn, reshuffled = _draw(_discard(state, seat, card), seat)
    exchanged = Event(
        "card_exchanged", (("seat", seat), ("card", card)), owner=seat, secret=(("drew", drawn),)
    )
    return replace(state, exchanged=True, events=state.events + (exchanged, *reshuffled))


def _do_place(state: State, seat: int, card: str, cell: Cell, declare: Declare | None) -> State:
    """Turn 2-4: put a chip of the seat's side on ``cell``, declare the sequences it completes
    (the player's ``declare`` where it is their choice, else the only way, or the earliest
    windows for a winning chip; their chips are locked), win at once with enough, otherwise
    draw and pass the turn."""
    side = state.side_of(seat)
    row, col = cell
    index = row * SIZE + col
    declared = state.declared(side)
    found = declaration_ways(state, seat, cell)[0] if declare is None else way_of(declare)
    state = _discard(state, seat, card)
    state = replace(state, chips=replace_at(state.chips, index, side))
    state = replace(state, sequences=state.sequences + tuple((side, window) for window in found))
    completed = tuple(
        Event(
            "sequence_completed",
            (
                ("seat", seat),
                ("side", side),
                ("cells", tuple(WINDOWS[window].cells)),
                ("count", len(declared) + number),
            ),
        )
        for number, window in enumerate(found, start=1)
    )
    public = (("seat", seat), ("side", side), ("card", card), ("row", row), ("col", col))
    if len(declared) + len(found) >= state.needed:
        placed = Event("chip_placed", public)
        won = Event("game_over", (("winner", side), ("seats", _team(state, side))))
        return replace(
            state, turn=None, winner=side, events=state.events + (placed, *completed, won)
        )
    state, drawn, reshuffled = _draw(state, seat)
    placed = Event("chip_placed", public, owner=seat, secret=(("drew", drawn),))
    return _end_turn(replace(state, events=state.events + (placed, *completed, *reshuffled)), seat)


def _do_remove(state: State, seat: int, cell: Cell) -> State:
    """Turn 2: the Minus card removes an opponent chip; no chip is placed; draw and pass."""
    row, col = cell
    index = row * SIZE + col
    owner = state.chips[index]
    state = _discard(state, seat, MINUS)
    state = replace(state, chips=replace_at(state.chips, index, None))
    state, drawn, reshuffled = _draw(state, seat)
    removed = Event(
        "chip_removed",
        (
            ("seat", seat),
            ("side", state.side_of(seat)),
            ("owner", owner),
            ("row", row),
            ("col", col),
        ),
        owner=seat,
        secret=(("drew", drawn),),
    )
    return _end_turn(replace(state, events=state.events + (removed, *reshuffled)), seat)


def _do_pass(state: State, seat: int, card: str) -> State:
    """[SEED-SILENT resolution]: nothing can be played: discard a card, draw, pass the turn."""
    state, drawn, reshuffled = _draw(_discard(state, seat, card), seat)
    passed = Event(
        "passed", (("seat", seat), ("card", card)), owner=seat, secret=(("drew", drawn),)
    )
    return _end_turn(replace(state, events=state.events + (passed, *reshuffled)), seat)


MOVES: Mapping[str, MoveRule[State]] = {
    "exchange": MoveRule(check_exchange, _do_exchange),
    "place": MoveRule(check_place, _do_place),
    "remove": MoveRule(check_remove, _do_remove),
    "pass": MoveRule(check_pass, _do_pass),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""


def _discard(state: State, seat: int, card: str) -> State:
    """Move one copy of ``card`` from the seat's hand onto its own face-up discard pile."""
    hand = list(state.hands[seat])
    hand.remove(card)
    return replace(
        state,
        hands=replace_at(state.hands, seat, tuple(hand)),
        discards=replace_at(state.discards, seat, state.discards[seat] + (card,)),
    )


def _draw(state: State, seat: int) -> tuple[State, str, tuple[Event, ...]]:
    """Turn 3: the seat draws the top card, automatically. An empty draw pile is first replaced
    by all discard piles (seat 0's bottom card first) shuffled with the state's generator."""
    reshuffled: tuple[Event, ...] = ()
    if not state.deck:
        gathered = [card for pile in state.discards for card in pile]
        cards, rng = state.rng.shuffle(gathered)
        state = replace(state, deck=cards, discards=((),) * state.players, rng=rng)
        reshuffled = (Event("deck_reshuffled", (("cards", len(cards)),)),)
    card, rest = draw_top(state.deck)
    hands = replace_at(state.hands, seat, state.hands[seat] + (card,))
    return replace(state, deck=rest, hands=hands), card, reshuffled


def _end_turn(state: State, seat: int) -> State:
    """Pass the turn clockwise, or end the game as a draw when no side can ever complete its
    sequences any more (Sequences and winning, [SEED-SILENT]; package docstring). A full board
    alone does not end it."""
    if any(_can_still_win(state, side) for side in range(state.sides)):
        return replace(state, turn=(seat + 1) % state.players, exchanged=False)
    drawn = Event("game_drawn", (("reason", "no_side_can_win"),))
    return replace(state, turn=None, drawn_game=True, events=state.events + (drawn,))


def _can_still_win(state: State, side: int) -> bool:
    """[SEED-SILENT] Whether ``side`` could still complete its missing sequences, judged on
    public facts only (the board, the declared sequences, the deck's Minus count): on spaces
    that are empty, hold its own chips, or hold another side's unlocked chip when the game has
    Minus cards (a played Minus card is reshuffled back, so it never leaves the game)."""
    locked = state.locked

    def usable(cell: Cell) -> bool:
        chip = state.chip(cell)
        return chip is None or chip == side or (state.minus_cards > 0 and cell not in locked)

    declared = state.declared(side)
    return can_still_complete(usable, state.needed - len(declared), declared)


# --- small helpers -----------------------------------------------------------------------------


def _declare_choices(state: State, seat: int, cell: Cell) -> list[Declare | None]:
    """The ``declare`` fields a placement on ``cell`` may carry: each way where the player
    chooses which five form the sequences, else only ``None`` (the field left out)."""
    ways = declaration_ways(state, seat, cell)
    if player_chooses(state, seat, ways):
        return [declare_cells(way) for way in ways]
    return [None]


def _place_action(card: str, cell: Cell, declare: Declare | None) -> Action:
    """A placement on the wire; ``declare`` only where the player chooses."""
    row, col = cell
    action: Action = {"type": "place", "card": card, "row": row, "col": col}
    if declare is not None:
        action["declare"] = thaw(declare)
    return action


def _sequence_counts(state: State) -> list[int]:
    """Completed sequences per side."""
    return [sum(owner == side for owner, _ in state.sequences) for side in range(state.sides)]


def _team(state: State, side: int) -> tuple[int, ...]:
    """The seats of ``side``, clockwise from seat 0."""
    return tuple(range(side, state.players, state.sides))
