"""The Sequence Numbers bot (design 1.5): it extends its own side's lines and blocks the
opponents', reading only its seat's view.

Every legal move is scored by the five-space windows (``lines.WINDOWS``) through the space it
touches. A window still open to the bot's side (no other side's chip) is worth more the more of
its spaces the side already holds; a window open only to one opponent is worth blocking, the
more so the closer that opponent is to filling it. Completing a sequence and stopping an
opponent's four-in-a-window dominate everything else. Plus and Minus cards are kept for those
moves (a Plus card in hand is a sure completion or block later); a dead card is always
exchanged (it costs nothing). Where the bot chooses which five form a sequence, it takes the
choice that leaves room for the most further sequences on spaces still open to its side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.rng import Rng
from app.rules.sequence_numbers.components import CORNERS, MINUS, PLUS, SIZE, Cell
from app.rules.sequence_numbers.lines import (
    LENGTH,
    MIN_GAP,
    WINDOW_AT,
    WINDOWS,
    WINDOWS_THROUGH,
    room,
)

EXTEND: tuple[float, ...] = (1.0, 4.0, 16.0, 90.0, 100_000.0)
"""Value of putting a chip into an open window of the bot's side that already holds 0-4."""
BLOCK: tuple[float, ...] = (0.5, 2.0, 10.0, 70.0, 20_000.0)
"""Value of putting a chip into a window that one opponent alone holds 0-4 spaces of."""
REMOVE: tuple[float, ...] = (0.0, 1.0, 6.0, 45.0, 15_000.0)
"""Value of removing an opponent chip from a window that opponent alone holds 1-4 spaces of."""
PLUS_COST = 300.0
"""A Plus card may go anywhere, so held it completes any four of the bot's side or stops any
single space an opponent needs: it is kept for such a move (worth ``EXTEND[4]`` or ``BLOCK[4]``)
rather than spent on building (issue 27: with a cost of 30 it went on fours-in-the-making, and
``python -m bench.games`` against greedy players won 56.5 % of 400 two-player games; with 300,
61.5 %)."""
MINUS_COST = 300.0
"""A Minus card is rare (2 in the deck, Card deck): it is spent on an opponent's four
(``REMOVE[4]``), not on threes."""
ROOM = 100.0
"""Value of each further sequence that the five chosen to form a sequence leave room for."""


@dataclass(frozen=True)
class _Table:
    """What the bot reads from its view: whose chip lies where and the declared sequences."""

    side: int
    sides: int
    chips: dict[Cell, int]
    declared: dict[int, list[int]]
    """Per side: its completed sequences, as indexes into ``WINDOWS``."""
    _holders: dict[int, dict[int, int]] = field(default_factory=dict, compare=False)
    _window_values: dict[int, float] = field(default_factory=dict, compare=False)

    @classmethod
    def read(cls, view: dict[str, Any]) -> _Table:
        chips = {
            (row, col): side
            for row, cells in enumerate(view["chips"])
            for col, side in enumerate(cells)
            if side is not None
        }
        declared: dict[int, list[int]] = {}
        for sequence in view["sequences"]:
            declared.setdefault(sequence["side"], []).append(_window(sequence["cells"]))
        return cls(side=view["side"], sides=view["sides"], chips=chips, declared=declared)

    def holders(self, index: int) -> dict[int, int]:
        """Chips per side in window ``index`` (corners left out), counted once per decision."""
        counts = self._holders.get(index)
        if counts is None:
            counts = self._holders[index] = {}
            for cell in WINDOWS[index].spaces:
                owner = self.chips.get(cell)
                if owner is not None:
                    counts[owner] = counts.get(owner, 0) + 1
        return counts

    def counts_for(self, side: int, index: int) -> bool:
        """Whether a sequence in window ``index`` could still count for ``side``: it shares at
        most one space with each of the side's completed sequences."""
        window = WINDOWS[index]
        return all(
            WINDOWS[other].line != window.line
            or abs(WINDOWS[other].start - window.start) >= MIN_GAP
            for other in self.declared.get(side, [])
        )

    def window_value(self, index: int) -> float:
        """What a chip of the bot's side in window ``index`` adds there: extending the side's
        open window, or blocking one only a single opponent holds. The same for every space of
        the window, so worked out once per decision (``_window_values``: the search plays this
        bot in its playouts, and most of a playout's time went here)."""
        value = self._window_values.get(index)
        if value is not None:
            return value
        held = self.holders(index)
        wild = _free_corners(index)
        others = [side for side in held if side != self.side]
        value = 0.0
        if not others and self.counts_for(self.side, index):
            value += EXTEND[min(4, held.get(self.side, 0) + wild)]
        if len(others) == 1 and self.side not in held:
            rival = others[0]
            if self.counts_for(rival, index):
                value += BLOCK[min(4, held[rival] + wild)]
        self._window_values[index] = value
        return value

    def place_value(self, cell: Cell) -> float:
        """What putting one of the bot's chips on ``cell`` is worth."""
        return sum(self.window_value(index) for index in WINDOWS_THROUGH[cell])

    def remove_value(self, cell: Cell) -> float:
        """What removing the opponent chip on ``cell`` is worth (plus reopening the space)."""
        rival = self.chips[cell]
        value = 0.0
        for index in WINDOWS_THROUGH[cell]:
            held = self.holders(index)
            if set(held) == {rival} and self.counts_for(rival, index):
                value += REMOVE[min(4, held[rival] + _free_corners(index))]
        return value + 0.25 * self.place_value(cell)

    def room_after(self, declare: list[list[list[int]]]) -> int:
        """How many further sequences the side could still complete on spaces open to it (empty
        or its own) once the ``declare`` field's sequences are declared."""
        chosen = [_window(cells) for cells in declare]
        return room(
            lambda cell: self.chips.get(cell, self.side) == self.side,
            [*self.declared.get(self.side, []), *chosen],
        )


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The bot's action: exchange a dead card when it may; otherwise the best-scoring placement
    or removal (ties broken at random); with nothing playable, pass with the least useful card."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    exchanges = [action for action in legal if action["type"] == "exchange"]
    if exchanges:
        return exchanges[0]
    passes = [action for action in legal if action["type"] == "pass"]
    if passes:
        return _choose_pass(passes)
    table = _Table.read(view)
    values: list[float] = []
    for action in legal:
        cell = (action["row"], action["col"])
        if action["type"] == "place":
            value = table.place_value(cell) - (PLUS_COST if action["card"] == PLUS else 0.0)
            if "declare" in action:
                value += ROOM * table.room_after(action["declare"])
        else:
            value = table.remove_value(cell) - MINUS_COST
        values.append(round(value, 6))
    return best_of(legal, values, rng)


def _free_corners(index: int) -> int:
    """How many free corners window ``index`` holds (they count for every side)."""
    return LENGTH - len(WINDOWS[index].spaces)


def _window(cells: list[list[int]]) -> int:
    """The index in ``WINDOWS`` of a sequence given by its five spaces ``[row, col]``."""
    return WINDOW_AT[tuple(sorted((row, col) for row, col in cells))]


def _choose_pass(passes: Sequence[Action]) -> Action:
    """Discard an equation card before a Plus or Minus card (they may be playable later)."""
    for action in passes:
        if action["card"] not in (PLUS, MINUS):
            return action
    return passes[0]


# --- the greedy player -------------------------------------------------------------------------

_DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Horizontal, vertical and the two diagonals."""
FIVE = 5
"""A sequence is 5 in a row (What is known)."""


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player that places a chip where it makes the longest straight run of its own
    side now or cuts the longest run of an opponent's (free corners count for every side; What
    is known; a run counts only on a line with room for five there), its own run first on equal
    lengths. A Plus card is played only where it completes
    a sequence or cuts a run of four, a Minus card only on a chip in a run of four; a dead card
    is always exchanged; with nothing playable it passes a card at random. Ties (the spaces of
    equal worth, the five a sequence declares) are broken with the rng."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    exchanges = [action for action in legal if action["type"] == "exchange"]
    if exchanges:
        return exchanges[0]
    passes = [action for action in legal if action["type"] == "pass"]
    if passes:
        return best_of(passes, [0] * len(passes), rng)
    chips: dict[Cell, int] = {
        (row, col): side
        for row, cells in enumerate(view["chips"])
        for col, side in enumerate(cells)
        if side is not None
    }
    mine: int = view["side"]
    rivals = [side for side in range(view["sides"]) if side != mine]
    values: list[tuple[int, int]] = []
    for action in legal:
        cell = (action["row"], action["col"])
        if action["type"] == "remove":
            run = _run(chips, cell, chips[cell])
            values.append((run + 1, 0) if run >= FIVE - 1 else (-1, 0))
            continue
        own = _run(chips, cell, mine)
        cut = max(_run(chips, cell, side) for side in rivals)
        value = (max(own, cut), own)
        if action["card"] == PLUS and value[0] < FIVE:
            value = (-1, 0)
        values.append(value)
    return best_of(legal, values, rng)


def _run(chips: dict[Cell, int], cell: Cell, side: int) -> int:
    """The longest straight run through ``cell`` of ``side``'s chips and free corners, counting
    ``cell`` itself as one of them, on a line that still has room for five of ``side`` there
    (the run and the spaces open to ``side`` beyond its ends)."""
    longest = 0
    for d_row, d_col in _DIRECTIONS:
        length = span = 1
        for sign in (1, -1):
            row, col = cell[0] + sign * d_row, cell[1] + sign * d_col
            running = True
            while 0 <= row < SIZE and 0 <= col < SIZE:
                owner = chips.get((row, col))
                if (row, col) in CORNERS or owner == side:
                    length += running
                elif owner is None:
                    running = False
                else:
                    break
                span += 1
                row, col = row + sign * d_row, col + sign * d_col
        if span >= FIVE:
            longest = max(longest, length)
    return longest
