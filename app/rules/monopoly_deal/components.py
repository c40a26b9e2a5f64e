"""Monopoly Deal's cards, colours, rents and the table's options (rules/monopoly-deal.md, Deck
and Setup).

Every physical card has a string id of three parts, ``{kind}-{detail}-{k}`` with ``k`` counting
from 1 within its kind and detail: ``money-5-2``, ``action-sly_deal-1``, ``rent-red+yellow-2``,
``rent-any-3``, ``property-green-3``, ``wild-pink+orange-1``, ``wild-any-2``. The deck is data:
one table of (kind, detail, count, bank value), ``DECK_TABLE``; ``Card`` is what an id stands for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from app.rules.kit import N_, Choice, Table

COLOURS: tuple[str, ...] = (
    "brown",
    "dark_blue",
    "green",
    "light_blue",
    "orange",
    "pink",
    "railroad",
    "red",
    "yellow",
    "utility",
)
"""The ten property colours (design 1.4), in the order sets are listed and wilds offered."""

COLOUR_NAMES: dict[str, str] = {
    "brown": N_("brown"),
    "dark_blue": N_("dark blue"),
    "green": N_("green"),
    "light_blue": N_("light blue"),
    "orange": N_("orange"),
    "pink": N_("pink"),
    "railroad": N_("railroad"),
    "red": N_("red"),
    "yellow": N_("yellow"),
    "utility": N_("utility"),
}
"""Each colour in words (a message: a parameter of refusals, translated at the edge)."""


def colour_name(colour: str) -> str:
    """A colour in words: "dark_blue" -> "dark blue"."""
    return COLOUR_NAMES.get(colour, colour.replace("_", " "))


SET_SIZE: dict[str, int] = {
    "brown": 2,
    "dark_blue": 2,
    "green": 3,
    "light_blue": 3,
    "orange": 3,
    "pink": 3,
    "railroad": 4,
    "red": 3,
    "yellow": 3,
    "utility": 2,
}
"""Property table, Cards (set size): also how many property cards of each colour exist."""

PROPERTY_VALUE: dict[str, int] = {
    "brown": 1,
    "dark_blue": 4,
    "green": 4,
    "light_blue": 1,
    "orange": 2,
    "pink": 2,
    "railroad": 2,
    "red": 3,
    "yellow": 3,
    "utility": 2,
}
"""Property table, Bank value."""

RENTS: dict[str, tuple[int, ...]] = {
    "brown": (1, 2),
    "dark_blue": (3, 8),
    "green": (2, 4, 7),
    "light_blue": (1, 2, 3),
    "orange": (1, 3, 5),
    "pink": (1, 2, 4),
    "railroad": (1, 2, 3, 4),
    "red": (2, 3, 6),
    "yellow": (2, 4, 6),
    "utility": (1, 2),
}
"""Property table, Rent (1, 2, 3, 4 cards)."""

HOUSE_RENT = 3
HOTEL_RENT = 4
"""Action cards: a house adds 3M rent, a hotel 4M more, on a complete set."""

HAND_LIMIT = 7
"""Turn 3: discard down to 7 cards at the end of the turn."""
PLAYS = 3
"""Turn 2: up to 3 plays a turn."""
DEAL = 5
DRAW = 2
DRAW_EMPTY = 5
"""Setup and Turn 1: 5 cards each; draw 2 a turn, 5 with an empty hand."""
SETS_TO_WIN = 3
"""Winning: 3 complete sets of different colours."""
BIRTHDAY = 2
DEBT = 5
"""Action cards: It's My Birthday (every player pays 2M), Debt Collector (one pays 5M)."""
MAX_DOUBLES = 2
"""Turn 2: rent + double + double = 3 plays (x4)."""


class Card(NamedTuple):
    """What a card id stands for: its kind (``"money"``, ``"action"``, ``"rent"``,
    ``"property"``, ``"wild"``), its detail (a value, an action name, a colour or ``"a+b"``,
    ``"any"``), its bank value (0 for a multicolour wild: it cannot be banked or paid) and the
    colours it may name (a property's one, a two-colour card's two, every colour for ``any``)."""

    id: str
    kind: str
    detail: str
    value: int
    colours: tuple[str, ...]


DECK_TABLE: tuple[tuple[str, str, int, int], ...] = (
    ("money", "1", 6, 1),
    ("money", "2", 5, 2),
    ("money", "3", 3, 3),
    ("money", "4", 3, 4),
    ("money", "5", 2, 5),
    ("money", "10", 1, 10),
    ("action", "deal_breaker", 2, 5),
    ("action", "just_say_no", 3, 4),
    ("action", "sly_deal", 3, 3),
    ("action", "forced_deal", 3, 3),
    ("action", "debt_collector", 3, 3),
    ("action", "birthday", 3, 2),
    ("action", "pass_go", 10, 1),
    ("action", "house", 3, 3),
    ("action", "hotel", 2, 4),
    ("action", "double_rent", 2, 1),
    ("rent", "dark_blue+green", 2, 1),
    ("rent", "red+yellow", 2, 1),
    ("rent", "pink+orange", 2, 1),
    ("rent", "light_blue+brown", 2, 1),
    ("rent", "railroad+utility", 2, 1),
    ("rent", "any", 3, 3),
    *(("property", colour, SET_SIZE[colour], PROPERTY_VALUE[colour]) for colour in COLOURS),
    ("wild", "dark_blue+green", 1, 4),
    ("wild", "green+railroad", 1, 4),
    ("wild", "light_blue+railroad", 1, 4),
    ("wild", "light_blue+brown", 1, 1),
    ("wild", "railroad+utility", 1, 2),
    ("wild", "pink+orange", 2, 2),
    ("wild", "red+yellow", 2, 3),
    ("wild", "any", 2, 0),
)
"""Deck: every card as (kind, detail, count, bank value), in the order ``DECK`` lists them."""

EXTENDED_EXTRA: tuple[tuple[str, str, int, int], ...] = (
    ("action", "forced_deal", 1, 3),
    ("action", "hotel", 1, 4),
)
"""Deck [UNVERIFIED]: some sources list 4 Forced Deals and 3 Hotels (option ``deck``)."""


def _colours(kind: str, detail: str) -> tuple[str, ...]:
    if kind not in ("property", "wild", "rent"):
        return ()
    if detail == "any":
        return COLOURS
    return tuple(detail.split("+"))


def _cards(table: tuple[tuple[str, str, int, int], ...], start: dict[str, int]) -> list[Card]:
    """The cards of ``table`` rows, ``k`` continuing from ``start`` per kind and detail."""
    cards = []
    for kind, detail, count, value in table:
        first = start.get(f"{kind}-{detail}", 0)
        for k in range(first + 1, first + count + 1):
            cards.append(Card(f"{kind}-{detail}-{k}", kind, detail, value, _colours(kind, detail)))
        start[f"{kind}-{detail}"] = first + count
    return cards


_counts: dict[str, int] = {}
_STANDARD = _cards(DECK_TABLE, _counts)
_EXTRA = _cards(EXTENDED_EXTRA, _counts)

DECK: tuple[str, ...] = tuple(card.id for card in _STANDARD)
"""The 106 playable cards of the standard deck, in table order: what the deal shuffles."""
EXTENDED_DECK: tuple[str, ...] = DECK + tuple(card.id for card in _EXTRA)
"""The 108 cards of option ``deck: "extended"``: the standard deck, then the two extra cards."""
CARDS: dict[str, Card] = {card.id: card for card in (*_STANDARD, *_EXTRA)}


def parse_card(text: object) -> Card | None:
    """The card an id names (``"money-5-2"``), or ``None`` for anything else."""
    return CARDS.get(text) if isinstance(text, str) else None


def card_value(card: str) -> int:
    """A card's bank value in M (0 for a multicolour wild)."""
    return CARDS[card].value


def is_complete(colour: str, cards: int) -> bool:
    """Whether ``cards`` property cards of ``colour`` make a complete set."""
    return cards >= SET_SIZE[colour]


def rent_owed(colour: str, cards: int, house: bool = False, hotel: bool = False) -> int:
    """Rent in M for one set of ``cards`` (1..set size) of ``colour``; a house adds 3 and a
    hotel 4 more, on a complete set only (Property table; Action cards, House and Hotel)."""
    if cards < 1:
        return 0
    rents = RENTS[colour]
    rent = rents[min(cards, len(rents)) - 1]
    if is_complete(colour, cards):
        rent += HOUSE_RENT * house + HOTEL_RENT * (house and hotel)
    return rent


# --- options -----------------------------------------------------------------------------------

BUILDINGS: dict[str, frozenset[str]] = {
    "official": frozenset({"railroad", "utility"}),
    "seed": frozenset({"utility"}),
}
"""Restrictions, Houses and hotels: the colours that take no building under each option
(default "official": neither railroads nor utilities)."""
DECKS: tuple[str, ...] = ("standard", "extended")


@dataclass(frozen=True)
class Options:
    """A table's options (the package docstring says what each does); defaults first."""

    buildings: str = "official"
    deck: str = "standard"

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object, keys in declaration order."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


TABLE = Table(
    "Monopoly Deal",
    players=(2, 5),
    options={
        "buildings": Choice(
            "official", tuple(BUILDINGS), 'The option buildings must be "official" or "seed".'
        ),
        "deck": Choice("standard", DECKS, 'The option deck must be "standard" or "extended".'),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults
"""``buildings``: "official", ``deck``: "standard"."""


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options for a table of 2-5 (``TABLE.check``; Setup: 6 or more need two decks)."""
    return TABLE.check(players, options)
