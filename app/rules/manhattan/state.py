"""Manhattan's game state and round scores (immutable; rules/manhattan.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from app.rules.kit import Event
from app.rules.rng import Rng

Piece = tuple[int, int]
"""One building piece on the board: ``(seat, storeys)``."""
Building = tuple[Piece, ...]
"""A building: its pieces bottom to top; ``()`` is an empty site."""


class Tallest(NamedTuple):
    """The tallest building at a round's scoring: its owner, city and site, or ``None`` for
    all three when two or more buildings tie (nobody scores); ``storeys`` is the height."""

    seat: int | None
    city: int | None
    site: int | None
    storeys: int

    def to_json(self) -> dict[str, Any]:
        """The tallest building as the view and the log show it."""
        return {"seat": self.seat, "city": self.city, "site": self.site, "storeys": self.storeys}


@dataclass(frozen=True)
class RoundScore:
    """One round's scoring (Round 4): the tallest building, each city's majority owner
    (``None``: nobody), the buildings each seat owns, and the points each seat scored."""

    round: int
    tallest: Tallest
    cities: tuple[int | None, ...]
    buildings: tuple[int, ...]
    points: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The round's scoring as the view and the outcome show it."""
        return {
            "round": self.round,
            "tallest": self.tallest.to_json(),
            "cities": list(self.cities),
            "buildings": list(self.buildings),
            "points": list(self.points),
        }


@dataclass(frozen=True)
class State:
    """A whole game of Manhattan. Secret: every hand but the viewer's and the order of the draw
    pile (Hidden information); the board, supplies, chosen pieces and played cards are public."""

    players: int
    sides: tuple[int, ...]
    """Per seat, the side of the board it sits on (``components.SIDES``)."""
    rounds: int
    pieces_per_round: int
    """24 pieces over ``rounds`` rounds: 6 (4 rounds) or 4 (6 rounds)."""
    round: int
    """The round being played, from 1 (the last one once the game is over)."""
    phase: str
    """``"choose"`` (each seat picks the round's pieces), ``"build"`` or ``"over"``."""
    start_seat: int
    """The seat that starts this round (Round 5: the marker passes left each round)."""
    turn: int | None
    """The seat to act in either phase, ``None`` once the game is over."""
    cities: tuple[tuple[Building, ...], ...]
    """Per city, per site (``3 * row + col`` from side 0): the building there."""
    supply: tuple[tuple[int, ...], ...]
    """Per seat, the pieces not yet chosen, counted per height (``HEIGHTS`` order)."""
    chosen: tuple[tuple[int, ...] | None, ...]
    """Per seat, this round's chosen pieces not yet placed (per height), ``None`` before it
    has chosen this round."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, its card ids in the order received."""
    deck: tuple[int, ...]
    """The draw pile, top card first (index 0)."""
    played: tuple[tuple[int, int], ...]
    """The cards played face up since the last reshuffle, ``(card, seat)``, the last one last."""
    rng: Rng
    """The position in the ``"reshuffle"`` stream, for the next time the draw pile runs out."""
    scores: tuple[int, ...]
    rounds_scored: tuple[RoundScore, ...]
    events: tuple[Event, ...]
    """The log; the card a player draws is secret to that player."""
