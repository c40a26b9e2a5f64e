"""Da Vinci Code's tiles, options and limits (rules/da-vinci-code.md, Components and Setup)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.kit import Choice, Table

COLOURS: tuple[str, ...] = ("black", "white")
"""Tile colours in tie-break order: on equal numbers black goes left of white (Setup)."""
NUMBERS: tuple[int, ...] = tuple(range(12))
JOKER = "joker"
"""How a joker's number is written on the wire (in guesses, views and the log)."""

MIN_PLAYERS = 2
MAX_PLAYERS = 4
OPENINGS: tuple[str, ...] = ("seed", "random")
TABLE = Table(
    "Da Vinci Code",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "opening": Choice("seed", OPENINGS, 'The opening must be "seed" or "random".'),
        "jokers": Choice(False, (False, True), "Jokers must be true or false."),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults

SEED_OPENING_PLAYERS = frozenset({2, 3})
"""rules/da-vinci-code.md, Setup [SEED≠OFFICIAL]: 2-3 players draw 2 black + 2 white each."""
SEED_OPENING_PER_COLOUR = 2
RANDOM_OPENING_TILES: dict[int, int] = {2: 4, 3: 4, 4: 3}
"""Setup, official: 2-3 players take 4 random tiles each, 4 players take 3."""


@dataclass(frozen=True)
class Tile:
    """One physical tile: its colour and its number, ``None`` for the joker of that colour."""

    colour: str
    number: int | None

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (it has no number and no fixed place in the order)."""
        return self.number is None

    @property
    def face(self) -> int | str:
        """The number as shown on the wire: 0-11, or ``"joker"``."""
        return JOKER if self.number is None else self.number

    @property
    def pair(self) -> tuple[str, int]:
        """``(colour, number)`` of a numbered tile, the shape ``insert_index`` takes."""
        if self.number is None:
            raise ValueError("a joker has no place in the number order")
        return self.colour, self.number
