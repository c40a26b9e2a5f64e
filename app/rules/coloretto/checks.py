"""Coloretto's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/coloretto.md, Turn)."""

from __future__ import annotations

from app.rules.base import Action, IllegalAction
from app.rules.coloretto.components import ROW_SIZE
from app.rules.coloretto.state import State
from app.rules.kit import Move, parse_kind, require_turn

# The fields of each action on the wire (rules/coloretto.md, Turn); anything else is malformed.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"type"}),
    "take_row": frozenset({"type", "row"}),
    "place_card": frozenset({"type", "row"}),
}


def check_turn(state: State, seat: int) -> None:
    """Refuse anyone but the seat to act, and everyone once the game is over."""
    require_turn(state.turn, seat)


def check_draw(state: State, seat: int) -> None:
    """rules/coloretto.md, Turn: drawing needs a row not taken this round with room for a card."""
    check_turn(state, seat)
    if state.drawn is not None:
        raise IllegalAction("must_place", "Place the card you drew first.")
    if not any(_has_room(state, row) for row in range(state.players)):
        raise IllegalAction("no_space", "Every row still in play is full: take one.")
    if not state.pile:
        # Unreachable with 15 cards under the last-round card; kept so a draw never crashes.
        raise IllegalAction("deck_empty", "The draw pile is empty.")


def check_place_card(state: State, seat: int, row: int) -> None:
    """The drawn card goes into a row not taken this round that has fewer than 3 cards."""
    check_turn(state, seat)
    if state.drawn is None:
        raise IllegalAction("nothing_to_place", "Draw a card before placing one.")
    _check_row_in_play(state, row)
    if len(state.rows[row]) >= ROW_SIZE:
        raise IllegalAction("row_full", "Row {row} is full.", row=row + 1)


def check_take_row(state: State, seat: int, row: int) -> None:
    """rules/coloretto.md, Turn: take a row not taken this round holding at least one card."""
    check_turn(state, seat)
    if state.drawn is not None:
        raise IllegalAction("must_place", "Place the card you drew first.")
    _check_row_in_play(state, row)
    if not state.rows[row]:
        raise IllegalAction("row_empty", "Row {row} is empty.", row=row + 1)


def _check_row_in_play(state: State, row: int) -> None:
    """The row exists and nobody has taken it this round."""
    if not 0 <= row < state.players:
        raise IllegalAction(
            "bad_row", "There is no such row; rows are 1 to {count}.", count=state.players
        )
    if state.taken_by[row] is not None:
        raise IllegalAction("row_taken", "Row {row} has been taken this round.", row=row + 1)


def _has_room(state: State, row: int) -> bool:
    """Whether a drawn card may go into ``row``."""
    return state.taken_by[row] is None and len(state.rows[row]) < ROW_SIZE


def parse(action: Action) -> Move:
    """An action's type and its row (a draw has none), or ``bad_action`` for anything
    malformed."""
    kind = parse_kind(action, ACTION_FIELDS, game="Coloretto")
    if kind == "draw":
        return Move(kind)
    row = action["row"]
    if type(row) is not int:  # bools are ints in Python but not row numbers
        raise IllegalAction("bad_action", "The row must be a whole number.")
    return Move(kind, (row,))
