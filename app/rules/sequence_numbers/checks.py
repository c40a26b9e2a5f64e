"""Sequence Numbers' action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/sequence-numbers.md, Turn)."""

from __future__ import annotations

from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.kit import N_, Move, action_kind, can, require_turn
from app.rules.sequence_numbers.components import (
    ANSWER_OF,
    BOARD,
    CARD_NAMES,
    CORNERS,
    MINUS,
    PLUS,
    SIZE,
    SPACES,
    Cell,
)
from app.rules.sequence_numbers.lines import LENGTH, WINDOW_AT, WINDOWS, declarations
from app.rules.sequence_numbers.state import State

# The fields of each action on the wire (rules/sequence-numbers.md, Turn); anything else is
# malformed.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "exchange": frozenset({"type", "card"}),
    "place": frozenset({"type", "card", "row", "col"}),
    "remove": frozenset({"type", "row", "col"}),
    "pass": frozenset({"type", "card"}),
}
OPTIONAL_FIELDS: dict[str, frozenset[str]] = {"place": frozenset({"declare"})}
"""Fields an action carries only sometimes: ``declare`` where the player chooses which five
form a sequence (``check_declare``)."""
MAX_DECLARED = 8
"""The most sequences one chip can complete: two through it on each of its four lines."""

Declare = tuple[tuple[Cell, ...], ...]
"""A ``declare`` field read from the wire: each sequence as its five spaces."""

# --- checks --------------------------------------------------------------------------------------


def check_turn(state: State, seat: int) -> None:
    """Refuse anyone but the seat to act, and everyone once the game is over."""
    require_turn(state.turn, seat)


def check_in_hand(state: State, seat: int, card: str) -> None:
    """The card must be in the player's hand."""
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", "You do not hold the card {card}.", card=card_text(card))


def is_dead(state: State, card: str) -> bool:
    """Dead card (Turn 1): an equation card whose two spaces are both occupied."""
    answer = ANSWER_OF.get(card)
    return answer is not None and all(state.chip(cell) is not None for cell in SPACES[answer])


def check_exchange(state: State, seat: int, card: str) -> None:
    """Turn 1: exchange one dead card, at most once per turn, before playing."""
    check_turn(state, seat)
    check_in_hand(state, seat, card)
    if state.exchanged:
        raise IllegalAction("already_exchanged", "You may exchange only one dead card a turn.")
    if not is_dead(state, card):
        if card == PLUS:
            raise IllegalAction("not_dead", "A Plus card is never dead.")
        if card == MINUS:
            raise IllegalAction("not_dead", "A Minus card is never dead.")
        raise IllegalAction(
            "not_dead",
            "{card} is not a dead card: a space showing its answer is still free.",
            card=card_text(card),
        )


def check_place(
    state: State, seat: int, card: str, cell: Cell, declare: Declare | None = None
) -> None:
    """Turn 2: an equation card on an empty space showing its answer, a Plus card on any empty
    space; never on a free corner. ``declare`` says which sequences the chip completes where
    that is the player's choice (``check_declare``)."""
    check_turn(state, seat)
    check_in_hand(state, seat, card)
    if card == MINUS:
        raise IllegalAction("minus_removes", "A Minus card removes an opponent chip instead.")
    if cell in CORNERS:
        raise IllegalAction("free_corner", "The corners are free spaces: no chip goes there.")
    if state.chip(cell) is not None:
        raise IllegalAction(
            "occupied",
            "The space {number} (row {row}, column {column}) already holds a chip.",
            **space_params(cell),
        )
    answer = ANSWER_OF.get(card)
    if answer is not None and BOARD[cell[0]][cell[1]] != answer:
        raise IllegalAction(
            "wrong_space",
            "{card} goes on a space showing its answer, not here.",
            card=card_text(card),
        )
    check_declare(state, seat, cell, declare)


def declaration_ways(state: State, seat: int, cell: Cell) -> list[tuple[int, ...]]:
    """Every way to declare the sequences that a chip of ``seat``'s side on the empty ``cell``
    would complete (``lines.declarations``; ``[()]`` if it completes none)."""
    side = state.side_of(seat)
    completed = state.completing.get((side, cell))
    return [()] if completed is None else declarations(completed, state.declared(side))


def player_chooses(state: State, seat: int, ways: list[tuple[int, ...]]) -> bool:
    """[SEED-SILENT] (Sequences and winning): the player chooses which five form the sequences
    where the choice matters: there are several ``ways`` and the game goes on (a chip that
    completes enough sequences wins at once, whichever five are declared)."""
    if len(ways) < 2:
        return False
    return len(state.declared(state.side_of(seat))) + len(ways[0]) < state.needed


def declare_cells(way: tuple[int, ...]) -> Declare:
    """A way to declare (indexes into ``WINDOWS``) as the ``declare`` field names it."""
    return tuple(WINDOWS[window].cells for window in way)


def way_of(declare: Declare) -> tuple[int, ...]:
    """The ``declare`` field as a way: the indexes into ``WINDOWS`` of its sequences, ascending
    (a sequence whose spaces are not five in a straight line is left out)."""
    windows = (WINDOW_AT.get(tuple(sorted(cells))) for cells in declare)
    return tuple(sorted(window for window in windows if window is not None))


def check_declare(state: State, seat: int, cell: Cell, declare: Declare | None) -> None:
    """[SEED-SILENT] (Sequences and winning): where the player chooses which five form the
    sequences (``player_chooses``), ``declare`` must be one of the ways, as many sequences as
    can count together; elsewhere it must be left out."""
    ways = declaration_ways(state, seat, cell)
    if not player_chooses(state, seat, ways):
        if declare is not None:
            raise IllegalAction(
                "no_choice",
                "A chip on {number} (row {row}, column {column}) leaves no sequence to choose: "
                "leave declare out.",
                **space_params(cell),
            )
        return
    if declare is None:
        raise IllegalAction(
            "choose_sequence",
            "A chip on {number} (row {row}, column {column}) completes a line longer than five: "
            "choose which five form the sequence (declare).",
            **space_params(cell),
        )
    chosen = way_of(declare)
    if len(chosen) < len(declare):
        raise IllegalAction("bad_declare", "A declared sequence is five spaces in a straight line.")
    if chosen not in ways:
        raise IllegalAction(
            "bad_declare",
            "Declare {count} of the sequences through {number} (row {row}, column {column}), "
            "all of your colour (free corners count), sharing at most one space with each other "
            "and with your side's earlier sequences.",
            count=len(ways[0]),
            **space_params(cell),
        )


def check_remove(state: State, seat: int, cell: Cell) -> None:
    """Turn 2: a Minus card removes an opponent chip that is not in a completed sequence."""
    check_turn(state, seat)
    if MINUS not in state.hands[seat]:
        raise IllegalAction("no_minus", "You need a Minus card to remove a chip.")
    owner = state.chip(cell)
    if owner is None:
        if cell in CORNERS:
            raise IllegalAction(
                "no_chip",
                "There is no chip on the free corner (row {row}, column {column}).",
                **space_params(cell),
            )
        raise IllegalAction(
            "no_chip",
            "There is no chip on {number} (row {row}, column {column}).",
            **space_params(cell),
        )
    if owner == state.side_of(seat):
        raise IllegalAction("own_chip", "Remove an opponent's chip, not one of your side's.")
    if cell in state.locked:
        raise IllegalAction(
            "locked",
            LOCKED[owner],
            **space_params(cell),
        )


def check_pass(state: State, seat: int, card: str) -> None:
    """[SEED-SILENT resolution]: a player with no card to play and no dead card left to exchange
    discards a card of their choice and draws; the turn ends."""
    check_turn(state, seat)
    check_in_hand(state, seat, card)
    for held in dict.fromkeys(state.hands[seat]):
        if playable(state, seat, held) or can(check_exchange, state, seat, held):
            raise IllegalAction(
                "can_play",
                "You can still play or exchange {card}: no need to pass.",
                card=card_text(held),
            )


def playable(state: State, seat: int, card: str) -> bool:
    """Whether ``card`` has any target now (a space to place on, or a chip to remove)."""
    if card == MINUS:
        return any(can(check_remove, state, seat, cell) for cell in board_cells())
    if card == PLUS:
        return any(state.chip(cell) is None for cell in board_cells() if cell not in CORNERS)
    return any(state.chip(cell) is None for cell in SPACES[ANSWER_OF[card]])


# --- parsing -------------------------------------------------------------------------------------


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them (a space as one
    ``Cell``; no ``declare`` is ``None``), or ``bad_action`` for anything malformed."""
    kind = action_kind(action, ACTION_FIELDS, game="Sequence Numbers")
    optional = OPTIONAL_FIELDS.get(kind, frozenset())
    if not ACTION_FIELDS[kind] <= set(action) <= ACTION_FIELDS[kind] | optional:
        names = ", ".join(sorted(ACTION_FIELDS[kind]))
        if optional:
            raise IllegalAction(
                "bad_action",
                "A {kind} action has these fields: {names} (and {optional} where needed).",
                kind=kind,
                names=names,
                optional=", ".join(sorted(optional)),
            )
        raise IllegalAction(
            "bad_action", "A {kind} action has these fields: {names}.", kind=kind, names=names
        )
    for key in ("row", "col"):
        if key in action and not _is_coordinate(action[key]):
            raise IllegalAction(
                "bad_action", "The {key} must be a whole number from 0 to 9.", key=key
            )
    if "card" in action and (
        not isinstance(action["card"], str) or action["card"] not in CARD_NAMES
    ):
        raise IllegalAction("bad_action", "There is no such card.")
    if kind == "place":
        declare = _parse_declare(action["declare"]) if "declare" in action else None
        return Move(kind, (action["card"], (action["row"], action["col"]), declare))
    if kind == "remove":
        return Move(kind, ((action["row"], action["col"]),))
    return Move(kind, (action["card"],))  # exchange, pass


def _parse_declare(value: Any) -> Declare:
    """The ``declare`` field: a list of 1 to 8 sequences, each a list of its five spaces
    ``[row, col]``; ``bad_action`` for any other shape."""
    if (
        not isinstance(value, list)
        or not 1 <= len(value) <= MAX_DECLARED
        or not all(
            isinstance(cells, list) and len(cells) == LENGTH and all(map(_is_cell, cells))
            for cells in value
        )
    ):
        raise IllegalAction(
            "bad_action",
            "declare lists the sequences to declare, each as its five spaces [row, col].",
        )
    return tuple(tuple((row, col) for row, col in cells) for cells in value)


def _is_cell(value: Any) -> bool:
    """Whether ``value`` is a space on the wire: ``[row, col]``, both 0-9."""
    return isinstance(value, list) and len(value) == 2 and all(map(_is_coordinate, value))


def _is_coordinate(value: Any) -> bool:
    """Whether ``value`` is a row or column number, 0-9 (never a bool or a float)."""
    return type(value) is int and 0 <= value < SIZE


# --- wording -------------------------------------------------------------------------------------


def board_cells() -> list[Cell]:
    """Every space of the board, row by row."""
    return [(row, col) for row in range(SIZE) for col in range(SIZE)]


CARD_WORDS: dict[str, str] = {PLUS: N_("Plus"), MINUS: N_("Minus")}
"""The special cards' names, messages (a parameter the edge translates)."""

LOCKED: tuple[str, ...] = (
    N_(
        "The blue chip on {number} (row {row}, column {column}) is in a completed sequence "
        "and cannot be removed."
    ),
    N_(
        "The green chip on {number} (row {row}, column {column}) is in a completed sequence "
        "and cannot be removed."
    ),
    N_(
        "The red chip on {number} (row {row}, column {column}) is in a completed sequence "
        "and cannot be removed."
    ),
)
"""The ``locked`` refusal by side (``SIDE_COLOURS``): the colour is part of the sentence."""


def card_text(card: str) -> str:
    """A card as players read it: "3 + 4", "9 − 2", "Plus", "Minus"."""
    if card in CARD_WORDS:
        return CARD_WORDS[card]
    return card.replace("+", " + ").replace("-", " \u2212 ")


def space_params(cell: Cell) -> dict[str, int]:
    """A space's parameters in a sentence: its number and position, as in "24 (row 10,
    column 5)" (rows and columns counted from 1)."""
    row, col = cell
    return {"number": BOARD[row][col], "row": row + 1, "column": col + 1}
