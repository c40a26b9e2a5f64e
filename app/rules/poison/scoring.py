"""Poison's end-of-round scoring: immunity and penalty points (rules/poison.md, End of round and
scoring). Pure helpers on counts, so scoring can be checked without playing a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.rules.cards import count_by
from app.rules.poison.components import (
    POISON,
    POISON_PENALTY,
    POTION_PENALTY,
    POTIONS,
    SUITS,
    suit_of,
)
from app.rules.poison.state import SeatResult


def immune_colours(
    collections: Sequence[Mapping[str, int]], colours: Sequence[str] = POTIONS
) -> list[tuple[str, ...]]:
    """Per seat, the potion colours it discards: it holds strictly more cards of that colour
    than every other player. On a tie for the most nobody discards [SEED-SILENT resolution];
    poison is never immune."""
    immune: list[list[str]] = [[] for _ in collections]
    for colour in colours:
        held = [collection.get(colour, 0) for collection in collections]
        top = max(held, default=0)
        leaders = [seat for seat, count in enumerate(held) if count == top]
        if top > 0 and len(leaders) == 1:
            immune[leaders[0]].append(colour)
    return [tuple(colours_of_seat) for colours_of_seat in immune]


def penalty_points(
    collections: Sequence[Mapping[str, int]], colours: Sequence[str] = POTIONS
) -> list[int]:
    """Per seat, its penalty points: 1 per potion card of a colour it is not immune to, 2 per
    poison card. ``collections[seat]`` maps a colour (or ``"poison"``) to a number of cards."""
    immune = immune_colours(collections, colours)
    return [
        sum(
            POTION_PENALTY * collection.get(colour, 0)
            for colour in colours
            if colour not in immune[seat]
        )
        + POISON_PENALTY * collection.get(POISON, 0)
        for seat, collection in enumerate(collections)
    ]


def suit_counts(cards: Sequence[str]) -> dict[str, int]:
    """How many cards of each suit (red, blue, purple, poison; every suit listed, 0 included)."""
    counts = count_by(suit_of(card) for card in cards)
    return {suit: counts.get(suit, 0) for suit in SUITS}


def score_round(collected: Sequence[Sequence[str]]) -> tuple[SeatResult, ...]:
    """The end-of-round result of every seat from the cards it collected."""
    counts = [suit_counts(cards) for cards in collected]
    immune = immune_colours(counts)
    penalties = penalty_points(counts)
    return tuple(
        SeatResult(
            counts=tuple(count[suit] for suit in SUITS),
            immune=immune[seat],
            penalty=penalties[seat],
        )
        for seat, count in enumerate(counts)
    )
