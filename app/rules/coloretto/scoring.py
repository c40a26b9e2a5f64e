"""Coloretto scoring: the best total of a collection, and how it is reached (design 1.4)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from app.rules.cards import count_by
from app.rules.coloretto.components import (
    BROWN_TABLE,
    COLOURS,
    POSITIVE_COLOURS,
)


@dataclass(frozen=True)
class Scoring:
    """A collection's best score and how it is reached (rules/coloretto.md, Scoring)."""

    total: int
    jokers: tuple[tuple[str, int], ...]
    """Colour and number of jokers assigned to it, for colours that got any."""
    positive: tuple[str, ...]
    negative: tuple[str, ...]
    colour_points: tuple[tuple[str, int], ...]
    """Every colour held after the jokers, with its signed points."""
    plus_twos: int


def score_collection(
    counts: Mapping[str, int],
    jokers: int = 0,
    plus_twos: int = 0,
    *,
    table: Sequence[int] = BROWN_TABLE,
) -> int:
    """Best total for one collection: jokers assigned optimally (to any colour, owned or not),
    the 3 best colours positive, the rest negative, +2 per "+2" card."""
    # Only the multiset of counts matters, and counts beyond the table's end all score its last
    # entry (rules/coloretto.md, Scoring: "6 or more"), so capping them keeps the cache small.
    cap = len(table)
    key = tuple(sorted(min(count, cap) for count in counts.values() if count > 0))
    return _best_total(key, jokers, tuple(table)) + 2 * plus_twos


def best_scoring(
    counts: Mapping[str, int],
    jokers: int = 0,
    plus_twos: int = 0,
    *,
    table: Sequence[int] = BROWN_TABLE,
    colours: Sequence[str] = COLOURS,
) -> Scoring:
    """The best total with its details: which colours get the jokers, which score positive.

    Ties are broken deterministically: jokers go to colours earlier in the candidate order
    (owned colours in ``colours`` order, then other owned names, then unowned colours), and among
    equal points the earlier colour is positive.
    """
    owned = [colour for colour in colours if counts.get(colour, 0) > 0]
    owned += [colour for colour, count in counts.items() if count > 0 and colour not in colours]
    # Unowned colours are interchangeable, so the first ``jokers`` of them are enough candidates.
    unowned = [colour for colour in colours if counts.get(colour, 0) <= 0][:jokers]
    candidates = owned + unowned
    assignable = jokers if candidates else 0
    best: Scoring | None = None
    for assignment in itertools.combinations_with_replacement(range(len(candidates)), assignable):
        given = count_by(candidates[index] for index in assignment)
        final = {colour: counts.get(colour, 0) + given.get(colour, 0) for colour in candidates}
        held = [colour for colour in candidates if final[colour] > 0]
        points = {colour: _points(final[colour], table) for colour in held}
        ranked = sorted(held, key=lambda colour: (-points[colour], candidates.index(colour)))
        positive = ranked[:POSITIVE_COLOURS]
        negative = ranked[POSITIVE_COLOURS:]
        total = sum(points[c] for c in positive) - sum(points[c] for c in negative)
        if best is None or total > best.total:
            best = Scoring(
                total=total,
                jokers=tuple(given.items()),
                positive=tuple(c for c in held if c in positive),
                negative=tuple(c for c in held if c in negative),
                colour_points=tuple((c, points[c] if c in positive else -points[c]) for c in held),
                plus_twos=plus_twos,
            )
    assert best is not None  # combinations_with_replacement always yields at least once here
    return replace(best, total=best.total + 2 * plus_twos)


@functools.lru_cache(maxsize=65536)
def _best_total(counts: tuple[int, ...], jokers: int, table: tuple[int, ...]) -> int:
    """``score_collection`` without the "+2" cards, on a sorted multiset of capped counts."""
    # Slots for unowned colours: one per joker, as in ``best_scoring``.
    slots = counts + (0,) * jokers
    best: int | None = None
    for assignment in itertools.combinations_with_replacement(range(len(slots)), jokers):
        final = list(slots)
        for index in assignment:
            final[index] += 1
        points = sorted((_points(count, table) for count in final if count > 0), reverse=True)
        total = sum(points[:POSITIVE_COLOURS]) - sum(points[POSITIVE_COLOURS:])
        if best is None or total > best:
            best = total
    return 0 if best is None else best


def _points(count: int, table: Sequence[int]) -> int:
    """Points of ``count`` cards of one colour, before the sign (6 or more score the last entry)."""
    return 0 if count <= 0 else table[min(count, len(table)) - 1]
