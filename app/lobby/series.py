"""Series and the evening's standings: what a table's finished matches add up to (issue 9).

A table plays a *series*: a single game, best of N (first to a majority of N wins; the seed's Da
Vinci Code plays best of three) or the sum of N games' scores (Coloretto's multi-game variant).
Once a series is decided the next rematch starts a new one. The evening's standings count every
finished match at the table, whatever the game: matches won (a shared win counts for each
winner) and matches played.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.errors import BadRequest

SERIES_KINDS = ("single", "best_of", "sum")


def check_series(kind: str, games: int) -> tuple[str, int]:
    """A valid series setting, or a clear refusal."""
    if kind not in SERIES_KINDS:
        raise BadRequest("A series is single, best_of or sum.", code="bad_series")
    if kind == "single":
        return kind, 1
    if kind == "best_of" and (games < 3 or games > 9 or games % 2 == 0):
        raise BadRequest("Best of 3, 5, 7 or 9 games.", code="bad_series")
    if kind == "sum" and not 2 <= games <= 10:
        raise BadRequest("A sum of 2 to 10 games.", code="bad_series")
    return kind, games


@dataclass(frozen=True)
class Result:
    """One finished match as the standings see it."""

    number: int
    game: str
    scores: Sequence[int]
    winners: Sequence[int]


@dataclass
class Series:
    """The series in progress (or the last one, when decided)."""

    kind: str
    games: int
    matches: list[int] = field(default_factory=list)  # match numbers in this series
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    decided: bool = False

    lower_wins: bool = False

    def leaders(self) -> list[int]:
        """The seats ahead: most wins (best of) or the best points (sum, single; the fewest
        when the game counts penalty points)."""
        if not self.matches:
            return []
        if self.kind == "best_of":
            tally, best = self.wins, max(self.wins)
        else:
            tally = self.points
            best = min(tally) if self.lower_wins else max(tally)
        return [seat for seat, value in enumerate(tally) if value == best]


def current_series(
    kind: str, games: int, players: int, results: Sequence[Result], *, lower_wins: bool = False
) -> Series:
    """Walk the finished matches in order, starting a new series whenever one is decided."""

    def fresh() -> Series:
        return Series(kind, games, wins=[0] * players, points=[0] * players, lower_wins=lower_wins)

    series = fresh()
    for result in results:
        if series.decided:
            series = fresh()
        series.matches.append(result.number)
        for seat in result.winners:
            series.wins[seat] += 1
        for seat, score in enumerate(result.scores):
            series.points[seat] += score
        series.decided = _decided(series)
    return series


def _decided(series: Series) -> bool:
    played = len(series.matches)
    if series.kind == "best_of":
        return max(series.wins) > series.games // 2 or played >= series.games
    return played >= series.games


def standings(
    players: int, results: Sequence[Result], *, chip_games: Collection[str] = ()
) -> list[dict[str, Any]]:
    """The evening so far: per seat, matches won and played (every game at the table), and the
    chips won or lost over every match of a game played for chips (``chip_games``; None when
    the table played none)."""
    won = [0] * players
    chips: list[int] | None = None
    for result in results:
        for seat in result.winners:
            won[seat] += 1
        if result.game in chip_games:
            chips = chips or [0] * players
            for seat, score in enumerate(result.scores):
                chips[seat] += score
    return [
        {
            "seat": seat,
            "won": won[seat],
            "played": len(results),
            "chips": None if chips is None else chips[seat],
        }
        for seat in range(players)
    ]


def series_json(series: Series) -> dict[str, Any]:
    """The current series for the lobby page."""
    return {
        "kind": series.kind,
        "games": series.games,
        "played": len(series.matches),
        "wins": series.wins,
        "points": series.points,
        "decided": series.decided,
        "leaders": series.leaders(),
    }
