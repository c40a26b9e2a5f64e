"""Poison's cards, options, limits and direction of play (rules/poison.md, Components, Setup and
the options).

A card is a short string: a potion is its colour followed by its value (``"red5"``, ``"blue1"``,
``"purple7"``), a poison card is ``"poison"`` (always worth 4).
"""

from __future__ import annotations

from typing import Any

from app.rules.kit import N_, Choice, Table

POTIONS: tuple[str, ...] = (N_("red"), N_("blue"), N_("purple"))
"""The potion colours, in the order of the fixed cauldrons (rules/poison.md, Cauldrons); each a
word of the sentences that name it, translated where it is shown."""
POISON = "poison"
POISON_VALUE = 4
POISON_CARDS = 8
POISON_PENALTY = 2
"""End of round and scoring: each poison card scores 2 penalty points and is never immune."""
POTION_PENALTY = 1

SUITS: tuple[str, ...] = (*POTIONS, POISON)
"""Every kind of card in sort order: hands list red, blue, purple, then poison."""

POTION_COUNTS: tuple[tuple[int, int], ...] = ((1, 3), (2, 3), (4, 2), (5, 3), (7, 3))
"""(value, copies) per potion colour: 14 cards of values 1, 2, 4, 5, 7 [UNVERIFIED in
rules/poison.md, Components: "keep it configurable" — change it here]."""

CAULDRONS = 3

MIN_PLAYERS = 3
MAX_PLAYERS = 6

DIRECTION = -1
"""Setup, play direction: counter-clockwise ("按逆时针方向依次出牌"), so play passes to the right,
seat - 1 (design 1.1: seats are numbered clockwise); round starts move the same way."""

CAULDRON_MODES: tuple[str, ...] = ("fixed", "neutral")
OVERFLOW_AT: tuple[int, ...] = (13, 14)
ROUND_MODES: tuple[str, ...] = ("one", "per_player")
COLLECTED_MODES: tuple[str, ...] = ("face_down", "own", "open")
TABLE = Table(
    "Poison",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "cauldrons": Choice("fixed", CAULDRON_MODES, 'Cauldrons must be "fixed" or "neutral".'),
        "overflow_at": Choice(
            13, OVERFLOW_AT, "overflow_at must be 13 (13 or more boils over) or 14 (more than 13)."
        ),
        "rounds": Choice("one", ROUND_MODES, 'Rounds must be "one" or "per_player".'),
        "collected": Choice(
            "face_down", COLLECTED_MODES, 'Collected must be "face_down", "own" or "open".'
        ),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults


def potion(colour: str, value: int) -> str:
    """The card code of a potion: ``potion("red", 5) == "red5"``."""
    return f"{colour}{value}"


def build_deck() -> tuple[str, ...]:
    """All 50 cards in a fixed order: red, blue, purple by ascending value, then the poison."""
    cards = [
        potion(colour, value)
        for colour in POTIONS
        for value, copies in POTION_COUNTS
        for _ in range(copies)
    ]
    return (*cards, *(POISON,) * POISON_CARDS)


DECK: tuple[str, ...] = build_deck()
CARD_CODES: frozenset[str] = frozenset(DECK)


def suit_of(card: str) -> str:
    """A card's colour: ``"red"``, ``"blue"``, ``"purple"`` or ``"poison"``."""
    if card == POISON:
        return POISON
    return card.rstrip("0123456789")


def value_of(card: str) -> int:
    """A card's value: the number of a potion, 4 for a poison card."""
    if card == POISON:
        return POISON_VALUE
    return int(card[len(suit_of(card)) :])


def sort_key(card: str) -> tuple[int, int]:
    """Hands are sorted by suit (red, blue, purple, poison), then by value."""
    return SUITS.index(suit_of(card)), value_of(card)


def seat_after(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` turns after ``seat`` in the direction of play (Setup: to the right)."""
    return (seat + steps * DIRECTION) % players
