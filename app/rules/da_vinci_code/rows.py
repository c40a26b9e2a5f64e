"""Where tiles go in a row: the sort order of rules/da-vinci-code.md, Setup ("For equal
numbers, black goes left of white"), and the named helper ``insert_index`` (design 1.4)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.da_vinci_code.components import COLOURS
from app.rules.da_vinci_code.state import State


def insert_index(row: Sequence[tuple[str, int]], tile: tuple[str, int]) -> int:
    """Where the numbered ``tile`` goes in ``row`` (numbered tiles only, jokers left out):
    just left of the first tile that sorts after it, or at the end (black before white on
    equal numbers; rules/da-vinci-code.md, Setup)."""
    key = order_key(tile)
    return next((index for index, other in enumerate(row) if order_key(other) > key), len(row))


def order_key(tile: tuple[str, int]) -> tuple[int, int]:
    """The sort key of a numbered tile: number, then black before white."""
    colour, number = tile
    return number, COLOURS.index(colour)


def sorted_index(state: State, seat: int, tile_id: int) -> int:
    """Where a numbered tile goes in a row that may hold jokers [SEED-SILENT resolution]: just
    left of the first numbered tile that sorts after it, or at the far right; jokers keep their
    places relative to the others."""
    row = state.rows[seat]
    numbered = [index for index, other in enumerate(row) if not state.tiles[other].is_joker]
    at = insert_index(
        [state.tiles[row[index]].pair for index in numbered], state.tiles[tile_id].pair
    )
    return numbered[at] if at < len(numbered) else len(row)
