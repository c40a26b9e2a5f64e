"""Straight lines of the board and the sequences on them: the named helper ``count_sequences``
(design 1.4), the ways to declare the sequences one chip completes, and whether a side can still
win (rules/sequence-numbers.md, Sequences and winning).

A sequence is 5 spaces in a row along one straight *line* (a row, a column or a diagonal of at
least 5 spaces). Two different lines cross in at most one space, so two sequences on different
lines always share at most one space; two sequences on the same line share ``5 - d`` spaces when
their starts are ``d`` apart, so they may both count only when ``d >= 4``. Counting therefore
splits line by line, and on one line taking the earliest start first is optimal (interval
scheduling), so every count here is exact and cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import chain, combinations, pairwise, product
from operator import itemgetter

from app.rules.sequence_numbers.components import CORNERS, SIZE, Cell

LENGTH = 5
"""A sequence is 5 chips of one side in a straight line (What is known)."""
MIN_GAP = LENGTH - 1
"""Starts on one line at least 4 apart: the two sequences share at most one space."""

_DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Horizontal, vertical and the two diagonals."""


@dataclass(frozen=True)
class Window:
    """Five consecutive spaces of one line: where a sequence may lie."""

    line: int
    start: int
    cells: tuple[Cell, ...]

    @cached_property
    def spaces(self) -> tuple[Cell, ...]:
        """Its spaces that take chips: the cells without the corners."""
        return tuple(cell for cell in self.cells if cell not in CORNERS)


def _lines() -> tuple[tuple[Cell, ...], ...]:
    """Every maximal straight line of at least ``LENGTH`` spaces, in a fixed order: rows, columns,
    then the diagonals going down-right, then those going down-left."""
    lines: list[tuple[Cell, ...]] = []
    for d_row, d_col in _DIRECTIONS:
        for row in range(SIZE):
            for col in range(SIZE):
                before = (row - d_row, col - d_col)
                if 0 <= before[0] < SIZE and 0 <= before[1] < SIZE:
                    continue  # not the first space of its line
                cells = []
                r, c = row, col
                while 0 <= r < SIZE and 0 <= c < SIZE:
                    cells.append((r, c))
                    r, c = r + d_row, c + d_col
                if len(cells) >= LENGTH:
                    lines.append(tuple(cells))
    return tuple(lines)


LINES: tuple[tuple[Cell, ...], ...] = _lines()
WINDOWS: tuple[Window, ...] = tuple(
    Window(line=index, start=start, cells=cells[start : start + LENGTH])
    for index, cells in enumerate(LINES)
    for start in range(len(cells) - LENGTH + 1)
)
"""Every place a sequence may lie (192 on a 10x10 board), line by line, start by start."""
_CHIPS_OF: tuple[Callable[[Sequence[int | None]], tuple[int | None, ...]], ...] = tuple(
    itemgetter(*(row * SIZE + col for row, col in window.spaces)) for window in WINDOWS
)
"""Per window (same order as ``WINDOWS``): reads the chips on its ``spaces`` from
``State.chips``, in the same order (at least 4 spaces, so always a tuple)."""
WINDOWS_THROUGH: dict[Cell, tuple[int, ...]] = {
    (row, col): tuple(index for index, window in enumerate(WINDOWS) if (row, col) in window.cells)
    for row in range(SIZE)
    for col in range(SIZE)
}
"""For each space, the indexes in ``WINDOWS`` of the windows that contain it."""
LINE_STARTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(len(cells) - LENGTH + 1)) for cells in LINES
)
"""Per line, the starts of its windows."""
_INDEX: dict[tuple[int, int], int] = {
    (window.line, window.start): index for index, window in enumerate(WINDOWS)
}
WINDOW_AT: dict[tuple[Cell, ...], int] = {
    window.cells: index for index, window in enumerate(WINDOWS)
}
"""The index in ``WINDOWS`` of the window with exactly these cells (in line order)."""


def _pick(starts: Iterable[int], taken: Iterable[int] = ()) -> list[int]:
    """The most starts of one line that are at least ``MIN_GAP`` apart from each other and from
    every start in ``taken``, earliest first (greedy, which is optimal on one line)."""
    chosen: list[int] = []
    blocked = list(taken)
    for start in sorted(starts):
        if all(abs(start - other) >= MIN_GAP for other in (*blocked, *chosen)):
            chosen.append(start)
    return chosen


def _count(
    fits: Callable[[Window], bool], declared: Iterable[int] = (), enough: int | None = None
) -> int:
    """How many windows satisfying ``fits`` can count together, compatible with the already
    ``declared`` windows (indexes into ``WINDOWS``); stops early once ``enough`` are found."""
    taken = _taken(declared)
    total = 0
    for line, starts in enumerate(LINE_STARTS):
        fitting = [start for start in starts if fits(WINDOWS[_INDEX[(line, start)]])]
        total += len(_pick(fitting, taken.get(line, ())))
        if enough is not None and total >= enough:
            break
    return total


def count_sequences(chips: Mapping[Cell, int], side: int) -> int:
    """Completed sequences of ``side`` on the 10x10 board (design 1.4): ``chips`` maps
    ``(row, col)`` to the side of every occupied space; the four corners are free for every
    side; two sequences may share at most one space (so a straight run of 9 counts two)."""

    def owned(cell: Cell) -> bool:
        return cell in CORNERS or chips.get(cell) == side

    return _count(lambda window: all(owned(cell) for cell in window.cells))


def completions(chips: Sequence[int | None]) -> dict[tuple[int, Cell], tuple[int, ...]]:
    """For every side and empty space where one more chip of that side fills windows, those
    windows (indexes into ``WINDOWS``, ascending). ``chips`` lists the side on every space row by
    row (``State.chips``); corners count for every side."""
    found: dict[tuple[int, Cell], list[int]] = {}
    for index, read in enumerate(_CHIPS_OF):
        held = read(chips)
        side = held[0] if held[0] is not None else held[1]
        if side is not None and held.count(side) == len(held) - 1 and None in held:
            empty = WINDOWS[index].spaces[held.index(None)]
            found.setdefault((side, empty), []).append(index)
    return {key: tuple(windows) for key, windows in found.items()}


def declarations(completed: Iterable[int], declared: Iterable[int]) -> list[tuple[int, ...]]:
    """Every way a side may declare the sequences one chip completes (rules/sequence-numbers.md,
    Sequences and winning, [SEED-SILENT]): ``completed`` lists the windows the chip fills; on
    each of their lines, as many of them as may count together with each other and with the
    side's ``declared`` sequences; where a line allows several such sets of windows, each set is
    a way. A way lists indexes into ``WINDOWS`` in ascending order; the first way takes the
    earliest starts on every line; ``[()]`` when the chip completes nothing."""
    full: dict[int, list[int]] = {}
    for index in completed:
        full.setdefault(WINDOWS[index].line, []).append(WINDOWS[index].start)
    taken = _taken(declared)
    choices: list[list[tuple[int, ...]]] = []
    for line in sorted(full):
        blocked = taken.get(line, [])
        fitting = [
            start for start in full[line] if all(abs(start - other) >= MIN_GAP for other in blocked)
        ]
        most = len(_pick(fitting))
        if most:
            choices.append(
                [
                    tuple(_index_of(line, start) for start in starts)
                    for starts in combinations(fitting, most)
                    if all(later - earlier >= MIN_GAP for earlier, later in pairwise(starts))
                ]
            )
    return [tuple(chain.from_iterable(way)) for way in product(*choices)]


def can_still_complete(
    usable: Callable[[Cell], bool], needed: int, declared: Iterable[int]
) -> bool:
    """Whether ``needed`` more sequences could still be completed on spaces that are
    ``usable`` (corners count as usable), compatible with the ``declared`` ones."""
    return needed <= 0 or room(usable, declared, enough=needed) >= needed


def room(usable: Callable[[Cell], bool], declared: Iterable[int], enough: int | None = None) -> int:
    """How many more sequences could count together with the ``declared`` ones on spaces that
    are ``usable`` (corners count as usable); counting stops once ``enough`` are found."""
    return _count(
        lambda window: all(cell in CORNERS or usable(cell) for cell in window.cells),
        declared,
        enough=enough,
    )


def _taken(declared: Iterable[int]) -> dict[int, list[int]]:
    """The starts of the ``declared`` windows (indexes into ``WINDOWS``), line by line."""
    taken: dict[int, list[int]] = {}
    for index in declared:
        taken.setdefault(WINDOWS[index].line, []).append(WINDOWS[index].start)
    return taken


def _index_of(line: int, start: int) -> int:
    """The index in ``WINDOWS`` of the window of ``line`` starting at ``start``."""
    return _INDEX[(line, start)]
