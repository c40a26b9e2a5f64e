"""Manhattan's board, cards, pieces, seating and options: every piece of game data in one place
(rules/manhattan.md, Components, Orientation and Other rules).

A site is ``3 * row + col`` of a city's 3x3 grid as seen from side 0 (row 0 the far row, col 0
on the left); a card's *cell* is ``3 * r + c`` of the grid printed on the card, as the player
holding it reads it. ``board_site`` turns a cell into the site it means from one side of the
table, ``cell_seen`` is its inverse (what a side sees at a site, for drawing the board).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.base import IllegalAction
from app.rules.kit import N_, Choice, Table

CITIES = 6
"""Components: the board has 6 cities."""
SITES = 9
"""Components: each city is a 3x3 grid of building sites."""
GRID = 3

CARDS = 45
"""Components: 45 building cards, 5 for each of the 9 grid positions; card ``id`` highlights
cell ``id // CARDS_PER_CELL``."""
CARDS_PER_CELL = 5
HAND_SIZE = 4
"""Setup: deal 4 cards to each player; hands are kept between rounds."""

HEIGHTS: tuple[int, ...] = (1, 2, 3, 4)
"""The storeys a piece may have; ``pieces`` lists (and the wire's ``choose_pieces``) count the
pieces of each height in this order."""
PIECES: Mapping[int, int] = {1: 12, 2: 6, 3: 4, 4: 2}
"""Storeys -> pieces per player: 24 pieces (Components, [UNVERIFIED] split: the rule file's
proposal 12x1, 6x2, 4x3, 2x4; "configurable": change it here)."""
SUPPLY: tuple[int, ...] = tuple(PIECES[height] for height in HEIGHTS)
TOTAL_PIECES = sum(SUPPLY)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
SIDES: Mapping[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Per player count, the side of the board each seat sits on (Orientation: with 2 players on
opposite sides). Seen from above with side 0 at the bottom (south): side 1 is west, side 2
north, side 3 east."""

ROUNDS: tuple[int, ...] = (4, 6)
"""Other rules, Variant: 4 rounds of 6 pieces (default, the original and the seed) or 6 rounds
of 4 pieces (2-3 players only)."""
SIX_ROUNDS_PLAYERS: frozenset[int] = frozenset({2, 3})
SIX_ROUNDS_REFUSAL = N_("Six rounds of four pieces is a variant for 2 or 3 players.")

TABLE = Table(
    "Manhattan",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={"rounds": Choice(4, ROUNDS, "Manhattan is played in 4 or 6 rounds.")},
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults
"""``rounds``: 4 (4 rounds of 6 pieces)."""


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options for a table of ``players`` (``TABLE.check``), refusing the six-round
    variant (``bad_option``) at a table of 4 (Other rules, Variant: "2-3 players")."""
    full = TABLE.check(players, options)
    if full["rounds"] == 6 and players not in SIX_ROUNDS_PLAYERS:
        raise IllegalAction("bad_option", SIX_ROUNDS_REFUSAL)
    return full


def cell_of(card: int) -> int:
    """The cell a card highlights: 5 cards per cell, in id order."""
    return card // CARDS_PER_CELL


def board_site(side: int, cell: int) -> int:
    """The site that ``cell`` of a card means to the player on ``side`` (Orientation: the card
    is read from the player's own side, the board turned by ``side`` x 90 degrees clockwise).
    Cell (r, c) lands on site (row, col): side 0 (r, c); side 1 (c, 2 - r); side 2
    (2 - r, 2 - c); side 3 (2 - c, r)."""
    r, c = divmod(cell, GRID)
    last = GRID - 1
    row, col = ((r, c), (c, last - r), (last - r, last - c), (last - c, r))[side]
    return GRID * row + col


def cell_seen(side: int, site: int) -> int:
    """The cell the player on ``side`` sees at ``site``: ``board_site``'s inverse, which draws
    the board from that side."""
    row, col = divmod(site, GRID)
    last = GRID - 1
    r, c = ((row, col), (last - col, row), (last - row, last - col), (col, last - row))[side]
    return GRID * r + c
