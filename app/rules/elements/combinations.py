"""The combination ranking of an auction bid (rules/elements.md, Combination ranking) and the
named helper ``bid_key`` (design 1.4).

The seed lists twelve ranks; each becomes one position of a sortable key whose first number is
the category, so a larger key always wins:

====  ==============================  =========================================
key   category (seed ranks)           then
====  ==============================  =========================================
7     four of a number (1)            the number
6     four of a colour (2, 3)         the colour's value, then the top card
5     three of a number (4)           the number
4     three of a colour (5, 6)        the colour's value, then the top card
3     pair of a number (7, 8)         the number, then the most valuable colour
2     pair of a colour (9, 10)        the colour's value, then the top card
1     single card (11, 12)            the number, then the colour's value
====  ==============================  =========================================

A colour's value is 5 next to the box and 1 at the far end of the row. Every card is unique,
so two different bids never have equal keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from app.rules.elements.components import MAX_BID

NUMBER_FOUR = "number_four"
COLOUR_FOUR = "colour_four"
NUMBER_THREE = "number_three"
COLOUR_THREE = "colour_three"
NUMBER_PAIR = "number_pair"
COLOUR_PAIR = "colour_pair"
SINGLE = "single"

_CATEGORY: dict[tuple[int, bool], tuple[int, str]] = {
    (4, True): (7, NUMBER_FOUR),
    (4, False): (6, COLOUR_FOUR),
    (3, True): (5, NUMBER_THREE),
    (3, False): (4, COLOUR_THREE),
    (2, True): (3, NUMBER_PAIR),
    (2, False): (2, COLOUR_PAIR),
}
"""(cards in the pattern, same number?) -> (category rank, kind)."""


@dataclass(frozen=True)
class Combination:
    """The best pattern in a bid: its kind, the cards that form it and its sortable key."""

    kind: str
    cards: tuple[tuple[str, int], ...]
    """The cards of the pattern as ``(colour, value)``, in the order they were given."""
    key: tuple[int, ...]

    @property
    def number(self) -> int | None:
        """The shared number of a number pattern, or a single card's value."""
        if self.kind in (NUMBER_FOUR, NUMBER_THREE, NUMBER_PAIR, SINGLE):
            return self.cards[0][1]
        return None

    @property
    def colour(self) -> str | None:
        """The shared colour of a colour pattern, or a single card's colour."""
        if self.kind in (COLOUR_FOUR, COLOUR_THREE, COLOUR_PAIR, SINGLE):
            return self.cards[0][0]
        return None


def best_combination(cards: Sequence[tuple[str, int]], colour_order: Sequence[str]) -> Combination:
    """The best pattern contained in a bid of 1-4 cards under the current colour order
    (index 0 = next to the box, the most valuable)."""
    return _best(tuple((colour, value) for colour, value in cards), tuple(colour_order))


@lru_cache(maxsize=4096)
def _best(cards: tuple[tuple[str, int], ...], colour_order: tuple[str, ...]) -> Combination:
    """``best_combination`` on hashable arguments: every view of an auction asks for the same
    bids again, so the answers are remembered (the function is pure)."""
    if not 1 <= len(cards) <= MAX_BID:
        raise ValueError(f"a bid has 1 to {MAX_BID} cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError("a bid cannot hold the same card twice")
    worth = {colour: len(colour_order) - index for index, colour in enumerate(colour_order)}
    for colour, _ in cards:
        if colour not in worth:
            raise ValueError(f"{colour!r} is not in the colour order")
    best: Combination | None = None
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            found = _pattern(subset, worth)
            if found is not None and (best is None or found.key > best.key):
                best = found
    assert best is not None  # every single card is a pattern
    return best


def bid_key(cards: Sequence[tuple[str, int]], colour_order: Sequence[str]) -> tuple[int, ...]:
    """Sortable strength of one bid (1-4 cards of ``(colour, value)``); a larger key wins.
    ``colour_order`` lists the colours from most valuable (next to the box) to least."""
    return best_combination(cards, colour_order).key


def _pattern(subset: tuple[tuple[str, int], ...], worth: dict[str, int]) -> Combination | None:
    """The pattern these cards form on their own (all one number or all one colour), if any."""
    if len(subset) == 1:
        colour, value = subset[0]
        return Combination(SINGLE, subset, (1, value, worth[colour]))
    values = {value for _, value in subset}
    colours = {colour for colour, _ in subset}
    if len(values) == 1:
        rank, kind = _CATEGORY[(len(subset), True)]
        value = subset[0][1]
        if len(subset) == 2:
            # Rank 8: equal pairs of a number are decided by their most valuable colour.
            return Combination(kind, subset, (rank, value, max(worth[c] for c in colours)))
        return Combination(kind, subset, (rank, value))
    if len(colours) == 1:
        rank, kind = _CATEGORY[(len(subset), False)]
        colour = subset[0][0]
        # Ranks 3, 6 and 10: the same colour is decided by the top card of the pattern.
        return Combination(kind, subset, (rank, worth[colour], max(values)))
    return None
