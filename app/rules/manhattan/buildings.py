"""Buildings and their scoring, the named helpers of design 1.4: who owns a building, who may
build on it, and what a round scores (rules/manhattan.md, Round 3 and 4).

A building is its pieces bottom to top, each ``(seat, storeys)``; a board maps ``(city, site)``
to a building (a site missing from the map, or mapped to no pieces, is empty).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.rules.manhattan.components import CITIES
from app.rules.manhattan.state import RoundScore, Tallest

Board = Mapping[tuple[int, int], Sequence[tuple[int, int]]]
"""``(city, site)`` -> the building's pieces bottom to top, each ``(seat, storeys)``."""

TALLEST_POINTS = 3
"""Round 4: the owner of the single tallest building on the whole board scores 3."""
MAJORITY_POINTS = 2
"""Round 4: the player owning the most buildings in a city scores 2."""
BUILDING_POINTS = 1
"""Round 4: 1 point per building owned."""


def owner(pieces: Sequence[tuple[int, int]]) -> int | None:
    """The seat whose piece is on top (Round 3: the owner of a building); ``None`` on an empty
    site."""
    return pieces[-1][0] if pieces else None


def storeys_of(pieces: Sequence[tuple[int, int]], seat: int) -> int:
    """The storeys ``seat``'s pieces add up to in one building."""
    return sum(storeys for holder, storeys in pieces if holder == seat)


def may_build(pieces: Sequence[tuple[int, int]], seat: int, storeys: int) -> bool:
    """Round 3, placement: any piece may go on an empty site or on a building ``seat`` already
    owns ([SEED-SILENT / official FAQ]: topping your own building is allowed); on another
    player's building only if afterwards ``seat``'s storeys there are at least the owner's.

    The owner always has the most storeys in its building (each owner matched or beat the one
    before), so this is also the seed's "at least the colour with the most storeys there"."""
    top = owner(pieces)
    if top is None or top == seat:
        return True
    return storeys_of(pieces, seat) + storeys >= storeys_of(pieces, top)


def round_score(board: Board, players: int, *, number: int) -> RoundScore:
    """The scoring of round ``number`` on ``board`` (Round 4): 3 to the owner of the single
    tallest building (a tie: nobody), 2 per city to the seat owning the most buildings there
    (a tie: nobody), 1 per building owned."""
    owned = [[0] * players for _ in range(CITIES)]
    heights: list[tuple[int, int, int, int]] = []
    for (city, site), pieces in board.items():
        top = owner(pieces)
        if top is not None:
            owned[city][top] += 1
            heights.append((sum(storeys for _, storeys in pieces), city, site, top))
    points = [0] * players
    tallest = Tallest(None, None, None, max((height for height, *_ in heights), default=0))
    at_top = [entry for entry in heights if entry[0] == tallest.storeys]
    if len(at_top) == 1:
        _, city, site, seat = at_top[0]
        tallest = Tallest(seat, city, site, tallest.storeys)
        points[seat] += TALLEST_POINTS
    majorities: list[int | None] = []
    for counts in owned:
        most = max(counts)
        leaders = [seat for seat, count in enumerate(counts) if count == most]
        majority = leaders[0] if most > 0 and len(leaders) == 1 else None
        if majority is not None:
            points[majority] += MAJORITY_POINTS
        majorities.append(majority)
    buildings = [sum(counts[seat] for counts in owned) for seat in range(players)]
    for seat, count in enumerate(buildings):
        points[seat] += BUILDING_POINTS * count
    return RoundScore(
        round=number,
        tallest=tallest,
        cities=tuple(majorities),
        buildings=tuple(buildings),
        points=tuple(points),
    )


def score_round(board: Board, players: int) -> list[int]:
    """Points per seat for one round on ``board`` (design 1.4; Round 4, ``round_score``)."""
    return list(round_score(board, players, number=0).points)
