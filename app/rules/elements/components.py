"""Elements' cards, options and limits (rules/elements.md, Components, Setup and Phase 2)."""

from __future__ import annotations

from typing import Any, NamedTuple

from app.rules.kit import Choice, Table

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
"""The five colours (elements), in the canonical order used to list the deck before a shuffle.
Their value order is the colour row, never this tuple."""
VALUES: tuple[int, ...] = tuple(range(11))
"""Every colour has one number card of each value 0-10 (Components)."""

HAND_SIZE = 11
"""Setup 2 and Phase 3.4: hands are dealt and refilled to 11 cards."""
LAP_CARDS: tuple[int, ...] = (1, 1, 2)
"""Phase 2.3: lap 1 adds one card, lap 2 one more, lap 3 two at once (4 at most)."""
MAX_BID = sum(LAP_CARDS)

MIN_PLAYERS = 3
MAX_PLAYERS = 5

KEEP_RULES: tuple[str, ...] = ("any", "one")
"""Phase 3.3 [SEED≠OFFICIAL]: keep any number of cards (seed, default) or at most one
(the English rule sheet)."""
TIE_BREAKS: tuple[str, ...] = ("shared", "most_point_cards")
"""Game end [SEED-SILENT]: a tie shares the win (default), or most point cards won breaks it."""
TABLE = Table(
    "Elements",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "keep": Choice("any", KEEP_RULES, 'Keep must be "any" or "one".'),
        "tie_break": Choice(
            "shared", TIE_BREAKS, 'The tie-break must be "shared" or "most_point_cards".'
        ),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults


class Card(NamedTuple):
    """One number card: its colour and its value. Every card is unique (Components)."""

    colour: str
    value: int

    @property
    def id(self) -> str:
        """How the card is written on the wire: ``"blue-7"``."""
        return f"{self.colour}-{self.value}"


ALL_CARDS: tuple[Card, ...] = tuple(Card(colour, value) for colour in COLOURS for value in VALUES)
"""The 55 number cards in canonical order: colour by colour (``COLOURS``), values ascending."""
CARDS_BY_ID: dict[str, Card] = {card.id: card for card in ALL_CARDS}


def card_order(card: Card) -> tuple[int, int]:
    """The canonical sort key of a card (hands and the deck before a shuffle): colour, value."""
    return COLOURS.index(card.colour), card.value
