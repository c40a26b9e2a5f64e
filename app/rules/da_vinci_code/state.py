"""Da Vinci Code's game state (immutable; rules/da-vinci-code.md)."""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.da_vinci_code.components import Tile
from app.rules.kit import Event


@dataclass(frozen=True)
class State:
    """A whole game of Da Vinci Code; tile numbers are secret unless revealed (Who sees what)."""

    players: int
    opening: str
    jokers: bool
    tiles: tuple[Tile, ...]
    """Every tile in play, indexed by its id: ids count up in the order tiles are dealt/drawn."""
    pools: tuple[tuple[Tile, ...], ...]
    """The face-down pool split by colour (``COLOURS`` order), top tile first (index 0)."""
    rows: tuple[tuple[int, ...], ...]
    """Per seat: tile ids from left to right."""
    revealed: frozenset[int]
    """Ids of the tiles lying face up."""
    eliminated: tuple[bool, ...]
    start_seat: int
    turn: int | None
    """The seat to act, ``None`` once the game is over."""
    step: str
    """``"draw"``, ``"guess"``, ``"continue"``, ``"place_joker"``, ``"reveal"`` or ``"over"``."""
    drawn: int | None
    """The id of the tile ``turn`` drew this turn and holds aside."""
    joker_face_up: bool
    """In the ``place_joker`` step: whether the joker goes into the row face up."""
    events: tuple[Event, ...]
    """The log; a drawn tile's number, and a hidden tile's number when placed, are secret to
    their owner (every other viewer reads ``None`` there)."""
