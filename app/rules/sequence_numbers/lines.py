"""Straight lines of the board and the sequences on them: the named helper ``count_sequences``
(design 1.4), the game's declaration of new sequences, and whether a side can still win
(rules/sequence-numbers.md, Sequences and winning).

A sequence is 5 spaces in a row along one straight *line* (a row, a column or a diagonal of at
least 5 spaces). Two different lines cross in at most one space, so two sequences on different
lines always share at most one space; two sequences on the same line share ``5 - d`` spaces when
their starts are ``d`` apart, so they may both count only when ``d >= 4``. Counting therefore
splits line by line, and on one line taking the earliest start first is optimal (interval
scheduling), so every count here is exact and cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

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
    taken: dict[int, list[int]] = {}
    for index in declared:
        taken.setdefault(WINDOWS[index].line, []).append(WINDOWS[index].start)
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


def new_sequences(
    owner: Callable[[Cell], int | None], side: int, cell: Cell, declared: Iterable[int]
) -> list[int]:
    """The windows ``side`` completes by placing a chip on ``cell``: every full window through
    ``cell`` compatible with the side's ``declared`` sequences, as many as may count together
    (earliest start first on each line; rules/sequence-numbers.md, Sequences and winning)."""
    mine = list(declared)
    taken: dict[int, list[int]] = {}
    for index in mine:
        taken.setdefault(WINDOWS[index].line, []).append(WINDOWS[index].start)
    full: dict[int, list[int]] = {}
    for index in WINDOWS_THROUGH[cell]:
        window = WINDOWS[index]
        if all(spot in CORNERS or owner(spot) == side for spot in window.cells):
            full.setdefault(window.line, []).append(window.start)
    found: list[int] = []
    for line in sorted(full):
        for start in _pick(full[line], taken.get(line, ())):
            found.append(_index_of(line, start))
    return found


def can_still_complete(
    usable: Callable[[Cell], bool], needed: int, declared: Iterable[int]
) -> bool:
    """Whether ``needed`` more sequences could still be completed on spaces that are
    ``usable`` (corners count as usable), compatible with the ``declared`` ones."""
    if needed <= 0:
        return True
    return (
        _count(
            lambda window: all(cell in CORNERS or usable(cell) for cell in window.cells),
            declared,
            enough=needed,
        )
        >= needed
    )


def _index_of(line: int, start: int) -> int:
    """The index in ``WINDOWS`` of the window of ``line`` starting at ``start``."""
    return _INDEX[(line, start)]
