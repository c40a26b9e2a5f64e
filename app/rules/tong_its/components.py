"""Tong-its's cards, their points, the seating and the table's options (rules/tong-its.md,
Basics and Deal).

A card is ``Card(rank, suit)``: rank 1-13 (A = 1, J/Q/K = 11/12/13), suit ``"S"``, ``"H"``,
``"D"`` or ``"C"``. On the wire it is the rank word then the suit letter: ``"AS"``, ``"10D"``,
``"QH"`` (``Card.to_json``, ``parse_card``). A plain ``(rank, suit)`` tuple is the same card to
every helper of ``melds``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from app.rules.base import IllegalAction
from app.rules.kit import Choice, Table

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""The suits in the order hands are sorted (server and client alike)."""
RANKS: tuple[int, ...] = tuple(range(1, 14))
"""Basics: A = 1 up to K = 13; the ace is low only (Q-K-A is no run)."""
RANK_WORDS: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""The ranks written as a letter on the wire; the others are their number."""

PLAYERS = 3
"""Basics: exactly 3 players."""
DEALER_CARDS = 13
OTHER_CARDS = 12
"""Deal: the dealer gets 13 cards, the others 12; the 15 left are the stock."""


class Card(NamedTuple):
    """One card of the 52: its rank (1-13) and suit letter."""

    rank: int
    suit: str

    def to_json(self) -> str:
        """The card on the wire: ``"AS"``, ``"10D"``, ``"KH"``."""
        return RANK_WORDS.get(self.rank, str(self.rank)) + self.suit


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 52 cards in their fixed listing order (by suit, then rank): what the deal shuffles."""
_BY_TEXT: dict[str, Card] = {card.to_json(): card for card in DECK}


def parse_card(text: object) -> Card | None:
    """The card a wire string names (``"10D"``), or ``None`` for anything else."""
    return _BY_TEXT.get(text) if isinstance(text, str) else None


def points(card: tuple[int, str]) -> int:
    """Basics, card points: A = 1, 2-10 face value, J/Q/K = 10."""
    return min(card[0], 10)


def hand_points(cards: Iterable[tuple[int, str]]) -> int:
    """Every card's points added up (option ``hand_count: "all"``)."""
    return sum(points(card) for card in cards)


def hand_key(card: tuple[int, str]) -> tuple[int, int]:
    """Hands are kept sorted by suit (S, H, D, C), then rank."""
    return SUITS.index(card[1]), card[0]


def meld_key(card: tuple[int, str]) -> tuple[int, int]:
    """A meld's cards are listed by rank (a run), then suit (a set)."""
    return card[0], SUITS.index(card[1])


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in hand order."""
    return tuple(sorted(cards, key=hand_key))


def sorted_meld(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in meld order."""
    return tuple(sorted(cards, key=meld_key))


# --- options -----------------------------------------------------------------------------------

HAND_COUNTS: tuple[str, ...] = ("deadwood", "all")
"""Hand count [SEED-AMBIGUOUS]: the deadwood (default) or every card in hand."""
DISCARD_PILES: tuple[str, ...] = ("all", "top")
"""Information: the whole discard pile is public (default), or only its top card."""
BONUSES: tuple[int, ...] = (1, 2, 3, 5)
"""Payments, Tong-its: +1 from each loser (default) "or a larger configurable amount"."""


@dataclass(frozen=True)
class Options:
    """A table's options (the package docstring says what each does); defaults first."""

    hand_count: str = "deadwood"
    discard_pile: str = "all"
    tong_its_bonus: int = 1

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object, keys in declaration order."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


TABLE = Table(
    "Tong-its",
    players=(PLAYERS, PLAYERS),
    options={
        "hand_count": Choice(
            "deadwood", HAND_COUNTS, 'The option hand_count must be "deadwood" or "all".'
        ),
        "discard_pile": Choice(
            "all", DISCARD_PILES, 'The option discard_pile must be "all" or "top".'
        ),
        "tong_its_bonus": Choice(1, BONUSES, "The option tong_its_bonus must be 1, 2, 3 or 5."),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults
"""``hand_count``: "deadwood", ``discard_pile``: "all", ``tong_its_bonus``: 1."""


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options (``TABLE.check``); a table of any other size than 3 is refused with a
    sentence of its own (the kit would say "3 to 3")."""
    if type(players) is int and players != PLAYERS:
        raise IllegalAction("bad_players", "Tong-its is for exactly 3 players.")
    return TABLE.check(players, options)
