"""Small card and deck helpers shared by the card games: counting by kind, drawing from the top,
taking cards out of a hand.

A deck is a tuple whose index 0 is the top card; helpers return new tuples and never mutate.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

C = TypeVar("C", bound=Hashable)


def count_by(cards: Iterable[C], order: Sequence[C] = ()) -> dict[C, int]:
    """How many of each card: kinds listed in ``order`` first (in that order), then the rest
    in order of first appearance. Kinds with no card are left out."""
    counts: dict[C, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    ordered = {kind: counts[kind] for kind in order if kind in counts}
    for kind, count in counts.items():
        ordered.setdefault(kind, count)
    return ordered


def without(cards: tuple[C, ...], gone: Iterable[C]) -> tuple[C, ...]:
    """``cards`` less every card in ``gone`` (distinct cards: a hand of unique cards)."""
    removed = set(gone)
    return tuple(card for card in cards if card not in removed)


def without_one(cards: tuple[C, ...], card: C) -> tuple[C, ...]:
    """``cards`` less one copy of ``card``, which must be among them (copies are alike)."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def draw_top(deck: tuple[C, ...]) -> tuple[C, tuple[C, ...]]:
    """The top card of a non-empty deck and the deck without it."""
    if not deck:
        raise ValueError("cannot draw from an empty deck")
    return deck[0], deck[1:]
