"""Tong-its melds (rules/tong-its.md, Basics: Melds): what a meld is, the least deadwood of a
hand, every meld a hand can expose or make with the top discard, and what a lay-off fits.

Every function takes cards as ``(rank, suit)`` pairs (``Card`` or plain tuples: design 1.4)
and returns melds with their cards in meld order (``components.meld_key``: runs by rank, sets by
suit).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from app.rules.tong_its.components import RANKS, SUITS, Card, meld_key, points

MIN_MELD = 3
SET_SIZES = frozenset({3, 4})
"""Basics: a set is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of a suit."""
_PER_SUIT = len(RANKS)


def is_meld(cards: Sequence[tuple[int, str]]) -> bool:
    """Basics: 3 or 4 cards of one rank, or 3+ consecutive ranks of one suit (the ace is low
    only: A-2-3 is a run, Q-K-A is not). The cards may come in any order, but no card twice."""
    if len(cards) < MIN_MELD or len(set(cards)) != len(cards):
        return False
    if len({rank for rank, _ in cards}) == 1:
        return len(cards) in SET_SIZES
    if len({suit for _, suit in cards}) != 1:
        return False
    ranks = sorted(rank for rank, _ in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def is_set(cards: Sequence[tuple[int, str]]) -> bool:
    """Whether a meld is a set (every card of one rank) rather than a run."""
    return len({rank for rank, _ in cards}) == 1


def deadwood(cards: Sequence[tuple[int, str]]) -> int:
    """The least point total of the cards left over, over every way to form disjoint melds
    from ``cards`` (Ways a hand ends, Hand count: the default count)."""
    return _least(_mask(cards))


def best_melds(cards: Sequence[tuple[int, str]]) -> tuple[tuple[Card, ...], ...]:
    """One arrangement of disjoint melds of ``cards`` that leaves the least deadwood
    (``deadwood``), each meld in meld order; the first such arrangement the search finds."""
    mask = _mask(cards)
    found: list[tuple[Card, ...]] = []
    while mask:
        low = _lowest(mask)
        rest = mask & ~(1 << low)
        best = _least(mask)
        if _POINTS[low] + _least(rest) == best:
            mask = rest  # the lowest card is left over
            continue
        meld = next(meld for meld in _melds_of_lowest(mask) if _least(mask & ~meld) == best)
        found.append(tuple(_CARDS[index] for index in _indices(meld)))
        mask &= ~meld
    return tuple(sorted(found, key=lambda meld: meld_key(meld[0])))


# --- the search behind deadwood: cards as bits of one int --------------------------------------
# Card (rank, suit) is bit 13 * suit index + rank - 1, so the lowest bit of a hand is the lowest
# rank of its first suit: no meld holding that card has a lower card of its suit, so a run holding
# it starts there, and a set holding it has its other cards in later suits. Each search step
# leaves that card over or takes one of those melds: few branches, and the memo (shared by every
# call: hands of one match overlap a lot) makes a 13-card hand a few hundred steps at most.

_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_POINTS: tuple[int, ...] = tuple(points(card) for card in _CARDS)


def _bit(card: tuple[int, str]) -> int:
    rank, suit = card
    return _PER_SUIT * SUITS.index(suit) + rank - 1


def _mask(cards: Sequence[tuple[int, str]]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << _bit(card)
    return mask


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _indices(mask: int) -> Iterator[int]:
    while mask:
        low = _lowest(mask)
        yield low
        mask &= ~(1 << low)


def _melds_of_lowest(mask: int) -> Iterator[int]:
    """Every meld (as a mask) within ``mask`` that holds its lowest card: runs starting there,
    then sets with 2 or 3 cards of that rank in later suits."""
    low = _lowest(mask)
    suit, rank_index = divmod(low, _PER_SUIT)
    run = 1 << low
    for step in range(1, _PER_SUIT - rank_index):
        bit = low + step
        if not mask >> bit & 1:
            break
        run |= 1 << bit
        if step + 1 >= MIN_MELD:
            yield run
    same = [
        1 << (_PER_SUIT * other + rank_index)
        for other in range(suit + 1, len(SUITS))
        if mask >> (_PER_SUIT * other + rank_index) & 1
    ]
    for size in sorted(SET_SIZES):
        for others in combinations(same, size - 1):
            yield (1 << low) | sum(others)


@lru_cache(maxsize=1 << 17)
def _least(mask: int) -> int:
    """The least deadwood of the hand ``mask`` (memoised: a pure function of its argument)."""
    if not mask:
        return 0
    low = _lowest(mask)
    best = _POINTS[low] + _least(mask & ~(1 << low))
    for meld in _melds_of_lowest(mask):
        best = min(best, _least(mask & ~meld))
    return best


# --- melds a hand can make ---------------------------------------------------------------------


def hand_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every meld of hand cards, in meld order: the sets (every 3-subset of a rank, then the
    four), by rank; then the runs (every stretch of 3 or more consecutive ranks of a suit), by
    suit, lowest card, then length."""
    found: list[tuple[Card, ...]] = []
    for rank in RANKS:
        same = sorted((card for card in hand if card.rank == rank), key=meld_key)
        for size in sorted(SET_SIZES):
            found += combinations(same, size)
    for suit in SUITS:
        ranks = {card.rank for card in hand if card.suit == suit}
        for low in sorted(ranks):
            high = low
            while high + 1 in ranks:
                high += 1
                if high - low + 1 >= MIN_MELD:
                    found.append(tuple(Card(rank, suit) for rank in range(low, high + 1)))
    return found


def discard_melds(hand: Sequence[Card], top: Card) -> list[tuple[Card, ...]]:
    """Normal turn, Draw: every choice of 2 or more hand cards that form a meld with the top
    discard (the hand cards only, in meld order): the pairs then the triple of its rank; then
    every run of its suit through its rank made of hand cards, by lowest card, then length."""
    found: list[tuple[Card, ...]] = []
    same = sorted((card for card in hand if card.rank == top.rank), key=meld_key)
    for size in sorted(SET_SIZES):
        found += combinations(same, size - 1)
    ranks = {card.rank for card in hand if card.suit == top.suit} | {top.rank}
    low = top.rank
    while low - 1 in ranks:
        low -= 1
    high = top.rank
    while high + 1 in ranks:
        high += 1
    for start in range(low, top.rank + 1):
        for end in range(max(top.rank, start + MIN_MELD - 1), high + 1):
            found.append(
                tuple(Card(rank, top.suit) for rank in range(start, end + 1) if rank != top.rank)
            )
    return found


def fits(card: tuple[int, str], meld: Sequence[tuple[int, str]], *, secret: bool = False) -> bool:
    """Normal turn, Lay off: whether ``card`` extends an exposed meld to a meld: the 4th card
    of a set of 3, or the card one below a run's lowest or one above its highest. A secret four
    takes nothing (it lies face down)."""
    return not secret and is_meld((*meld, card))


def extend(meld: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """The meld with ``card`` laid off on it, in meld order."""
    return tuple(sorted((*meld, card), key=meld_key))
