"""What a seat cannot see in Da Vinci Code, drawn at random within what it does see (issue 27):
the numbers of the other players' hidden tiles, of a drawn tile held aside, and of the pool.

A hidden tile in a row is constrained by what the view makes public (rules/da-vinci-code.md,
Setup, Turn and Who sees what):

* its colour, and that every tile is unique: its face is one of its colour's faces in no place
  the seat sees;
* the row order: a row's numbered tiles ascend (black before white on equal numbers);
* every wrong guess the view lists: the tile is not the number named;
* jokers (with the option): never dealt, so a tile of the opening is numbered; and a numbered
  tile goes just left of the first numbered tile after it (jokers keep their places), so a joker
  lying between a numbered tile and the next numbered one to its right came into the row after
  that tile: its id is higher. Together with the row order this is exactly what the rules can
  deal and play into a row.

Rows share the faces of a colour, so they are drawn one at a time, in a random order, each
uniformly among the ways it can be filled from the faces still free (counted by ``_Row``); should
a row find none left, the draw starts again, and after ``ATTEMPTS`` a search that backtracks
finds a fill (the true one exists, so one always does).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from app.rules.da_vinci_code.components import COLOURS, JOKER, NUMBERS, Tile
from app.rules.rng import Rng

Face = int | str
"""A tile's number 0-11, or ``JOKER``."""

ATTEMPTS = 30
"""Random draws of the rows, one after the other, before the search that backtracks."""


@dataclass(frozen=True)
class Slot:
    """One tile of a row as the seat sees it: its face when shown (``None`` when hidden), the
    faces the view rules out (wrong guesses), and whether it could be a joker at all."""

    id: int
    colour: str
    face: Face | None
    excluded: frozenset[Face] = frozenset()
    joker_allowed: bool = False


def _rank(colour: str, number: int) -> int:
    """A numbered tile's place in the row order: number, then black before white."""
    return number * len(COLOURS) + COLOURS.index(colour)


@dataclass
class _Row:
    """One row's fills from the faces still free: how many complete each partial fill (memoized
    on where the fill stands: the tile reached, the last numbered tile's key and id, the jokers
    used), so a fill can be drawn uniformly."""

    slots: Sequence[Slot]
    free: Mapping[str, frozenset[Face]]
    memo: dict[tuple[int, int, int, int], int] = field(default_factory=dict)

    def options(
        self, index: int, key: int, last: int, jokers: int
    ) -> Iterator[tuple[Face, tuple[int, int, int, int]]]:
        """The faces tile ``index`` may take after a fill that stands at (``key``, ``last``,
        ``jokers``), each with where the fill then stands."""
        slot = self.slots[index]
        faces: Sequence[Face] | frozenset[Face]
        faces = (slot.face,) if slot.face is not None else self.free[slot.colour]
        for face in sorted(faces, key=face_order):
            if slot.face is None and face in slot.excluded:
                continue
            if face == JOKER:
                bit = 1 << COLOURS.index(slot.colour)
                allowed = slot.face is not None or (slot.joker_allowed and not jokers & bit)
                # A joker right of a numbered tile (before the next) came after it.
                if allowed and slot.id > last:
                    yield face, (index + 1, key, last, jokers | bit)
            else:
                assert isinstance(face, int)
                after = _rank(slot.colour, face)
                if after > key:
                    yield face, (index + 1, after, slot.id, jokers)

    def count(self, at: tuple[int, int, int, int]) -> int:
        """How many ways the rest of the row can be filled from ``at``."""
        if at[0] == len(self.slots):
            return 1
        if at not in self.memo:
            self.memo[at] = sum(self.count(then) for _, then in self.options(*at))
        return self.memo[at]

    def draw(self, rng: Rng) -> tuple[list[Face] | None, Rng]:
        """A fill drawn uniformly among all of them (``None`` when there is none)."""
        at = (0, -1, -1, 0)
        total = self.count(at)
        if total == 0:
            return None, rng
        faces: list[Face] = []
        while at[0] < len(self.slots):
            pick, rng = rng.randbelow(self.count(at))
            for face, then in self.options(*at):
                pick -= self.count(then)
                if pick < 0:
                    faces.append(face)
                    at = then
                    break
        return faces, rng

    def fills(self, rng: Rng) -> Iterator[list[Face]]:
        """Every fill, in a random order at each tile (for the search that backtracks)."""

        def walk(at: tuple[int, int, int, int], rng: Rng) -> Iterator[list[Face]]:
            if at[0] == len(self.slots):
                yield []
                return
            options = [(face, then) for face, then in self.options(*at) if self.count(then)]
            options_order, rng = rng.shuffle(options)
            for face, then in options_order:
                for rest in walk(then, rng):
                    yield [face, *rest]

        return walk((0, -1, -1, 0), rng)


def fill_rows(
    rows: Sequence[Sequence[Slot]], free: Mapping[str, frozenset[Face]], rng: Rng
) -> tuple[list[list[Face]], dict[str, frozenset[Face]], Rng]:
    """A face for every tile of ``rows`` (the shown ones keep theirs) drawn from ``free`` (per
    colour, the faces in no place the seat sees), and the faces left free."""
    for _ in range(ATTEMPTS):
        order, rng = rng.shuffle(range(len(rows)))
        left = dict(free)
        filled: dict[int, list[Face]] = {}
        for index in order:
            faces, rng = _Row(rows[index], left).draw(rng)
            if faces is None:
                break
            filled[index] = faces
            left = _without(left, rows[index], faces)
        else:
            return [filled[index] for index in range(len(rows))], left, rng
    search = _search(rows, dict(free), Rng(rng.seed, f"{rng.purpose}/search:{rng.counter}"))
    assert search is not None  # the true state is one fill
    return search[0], search[1], rng


def _search(
    rows: Sequence[Sequence[Slot]], free: dict[str, frozenset[Face]], rng: Rng
) -> tuple[list[list[Face]], dict[str, frozenset[Face]]] | None:
    """A fill of every row found by backtracking (rows in order, each one's fills at random),
    giving up a branch as soon as a later row has no fill left."""
    if not rows:
        return [], free
    for faces in _Row(rows[0], free).fills(rng):
        left = _without(free, rows[0], faces)
        if any(_Row(row, left).count((0, -1, -1, 0)) == 0 for row in rows[1:]):
            continue
        rest = _search(rows[1:], left, Rng(rng.seed, f"{rng.purpose}/{len(rows)}"))
        if rest is not None:
            return [faces, *rest[0]], rest[1]
    return None


def face_order(face: Face) -> int:
    """Faces in a fixed order: the numbers, then the joker."""
    return face if isinstance(face, int) else len(NUMBERS)


def tile_of(colour: str, face: Face) -> Tile:
    """The tile of that colour and face."""
    return Tile(colour, face if isinstance(face, int) else None)


def _without(
    free: Mapping[str, frozenset[Face]], slots: Sequence[Slot], faces: Sequence[Face]
) -> dict[str, frozenset[Face]]:
    """``free`` once the hidden tiles of a row have taken ``faces``."""
    taken: dict[str, set[Face]] = {colour: set() for colour in free}
    for slot, face in zip(slots, faces, strict=True):
        if slot.face is None:
            taken[slot.colour].add(face)
    return {colour: faces - taken[colour] for colour, faces in free.items()}
