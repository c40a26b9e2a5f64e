"""Coloretto's game state (immutable; rules/coloretto.md)."""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.kit import Event


@dataclass(frozen=True)
class State:
    """A whole game of Coloretto; only ``pile`` is secret (rules/coloretto.md, Information).

    Every log entry is public and carries the round it happened in as its first field.
    """

    players: int
    scoring: str
    colours: tuple[str, ...]
    removed_colour: str | None
    pile: tuple[str, ...]
    """The draw pile, top card first (index 0); the last-round card is in it until drawn."""
    rows: tuple[tuple[str, ...], ...]
    taken_by: tuple[int | None, ...]
    """Per row: the seat that took it this round, or ``None``."""
    collections: tuple[tuple[str, ...], ...]
    """Per seat: every card collected, starting card first, in the order taken."""
    round: int
    start_seat: int
    turn: int | None
    """The seat to act, ``None`` once the game is over."""
    drawn: str | None
    """The card just drawn by ``turn``, waiting to be placed."""
    last_round: bool
    events: tuple[Event, ...]
