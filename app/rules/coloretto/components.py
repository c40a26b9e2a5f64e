"""Coloretto's cards, tables and limits (rules/coloretto.md, Components and Scoring)."""

from __future__ import annotations

from typing import Any

from app.rules.kit import Choice, Table

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple", "brown")
JOKER = "joker"
PLUS_TWO = "plus2"
LAST_ROUND = "last_round"

CARDS_PER_COLOUR = 9
JOKERS = 3
PLUS_TWOS = 10
ROW_SIZE = 3
CARDS_UNDER_LAST_ROUND = 15  # rules/coloretto.md, Setup 4: the 16th card from the bottom
POSITIVE_COLOURS = 3

BROWN_TABLE: tuple[int, ...] = (1, 3, 6, 10, 15, 21)
GREY_TABLE: tuple[int, ...] = (1, 4, 8, 7, 6, 5)
SCORE_TABLES: dict[str, tuple[int, ...]] = {"brown": BROWN_TABLE, "grey": GREY_TABLE}

MIN_PLAYERS = 3
MAX_PLAYERS = 5
TABLE = Table(
    "Coloretto",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={"scoring": Choice("brown", SCORE_TABLES, 'Scoring must be "brown" or "grey".')},
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults
