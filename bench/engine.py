"""Rules engine speed for every registered game:
``python -m bench.engine [--game SLUG] [--seconds S] [--players N ...]``.

For each game of ``GAMES`` (one with ``--game``) and each default player count (the fewest and
the most the game allows), seeded uniformly random playouts (the choices of ``bench.games``)
measure, each in a loop of its own over recorded positions:

- ``apply``: actions applied per second;
- ``legal``: ``legal_actions`` calls per second for the seat to act;
- ``view``: actions per second when every seat's view is recomputed after each action (one unit
  is ``players`` calls of ``view``), as the server does for a table of connected players;
- ``fan-out``: the same with ``view``, ``legal_actions`` and ``log`` for every seat, which is
  what the server computes per move (``app.matches.frames.state_data``);
- ``games/s``: full random games per second (``legal_actions``, the random choice and ``apply``,
  no views), with the mean number of actions per game and the size of one seat's view as JSON.

About half of ``--seconds`` goes to full games, the rest to the per-call loops.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.rules import GAMES, GameRules
from app.rules.base import Action
from bench.games import random_move, random_playout, seed_for


@dataclass
class Trajectory:
    """One random game's positions: ``(state, seat to act, chosen action)`` per action, and the
    state after each action."""

    steps: list[tuple[Any, int | None, Action]]
    after: list[Any]


def record(rules: GameRules[Any], *, players: int, seed: bytes) -> Trajectory:
    """One game with the choices of ``bench.games.random_playout``, keeping every position."""
    state = rules.new_game(players=players, seed=seed, options={})
    steps: list[tuple[Any, int | None, Action]] = []
    after: list[Any] = []
    seq = 0
    while rules.outcome(state) is None:
        seat, action, next_state = random_move(rules, state, seed=seed, seq=seq)
        steps.append((state, seat, action))
        state = next_state
        after.append(state)
        seq += 1
    return Trajectory(steps, after)


def rate(budget: float, one_round: Callable[[], int]) -> float:
    """Units per second: ``one_round()`` (which returns how many units it did) repeated until
    ``budget`` seconds have passed, at least once."""
    units = 0
    started = time.perf_counter()
    while True:
        units += one_round()
        elapsed = time.perf_counter() - started
        if elapsed >= budget:
            return units / elapsed


@dataclass
class Row:
    """The figures of one game at one player count."""

    slug: str
    players: int
    apply: float
    legal: float
    view: float
    fanout: float
    games: float
    actions_per_game: float
    view_bytes: float


def measure(rules: GameRules[Any], *, players: int, seconds: float) -> Row:
    """Every figure for one game and player count, in about ``seconds``."""
    slug = rules.slug
    # Full games: about half the budget.
    games = actions = 0
    started = time.perf_counter()
    while True:
        actions += random_playout(rules, players=players, seed=seed_for(slug, "engine", games))
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds / 2:
            break
    games_rate = games / elapsed
    # Recorded positions of a few games (at least 200 actions) for the per-call loops.
    trajectories: list[Trajectory] = []
    count = 0
    while count < 200 or len(trajectories) < 3:
        trajectory = record(
            rules, players=players, seed=seed_for(slug, "engine", len(trajectories))
        )
        trajectories.append(trajectory)
        count += len(trajectory.steps)
    steps = [step for trajectory in trajectories for step in trajectory.steps]
    after = [state for trajectory in trajectories for state in trajectory.after]
    seats = range(players)
    step, legal_actions, view, log = rules.step, rules.legal_actions, rules.view, rules.log

    def apply_round() -> int:
        for state, seat, action in steps:
            step(state, seat, action)
        return len(steps)

    def legal_round() -> int:
        for state, seat, _ in steps:
            if seat is not None:
                legal_actions(state, seat)
        return len(steps)

    def view_round() -> int:
        for state in after:
            for seat in seats:
                view(state, seat)
        return len(after)

    def fanout_round() -> int:
        for state in after:
            for seat in seats:
                view(state, seat)
                legal_actions(state, seat)
                log(state, seat)
        return len(after)

    share = seconds / 2 / 4
    sizes = [len(json.dumps(view(state, 0), separators=(",", ":"))) for state in after]
    return Row(
        slug=slug,
        players=players,
        apply=rate(share, apply_round),
        legal=rate(share, legal_round),
        view=rate(share, view_round),
        fanout=rate(share, fanout_round),
        games=games_rate,
        actions_per_game=actions / games,
        view_bytes=sum(sizes) / len(sizes),
    )


HEADER = (
    f"{'game':<17} {'pl':>2} {'apply/s':>10} {'legal/s':>10} {'view/s':>10} {'fan-out/s':>10}"
    f" {'games/s':>9} {'act/game':>8} {'view B':>7}"
)


def line(row: Row) -> str:
    """One row of the printed table."""
    return (
        f"{row.slug:<17} {row.players:>2} {row.apply:>10,.0f} {row.legal:>10,.0f}"
        f" {row.view:>10,.0f} {row.fanout:>10,.0f} {row.games:>9,.1f}"
        f" {row.actions_per_game:>8,.0f} {row.view_bytes:>7,.0f}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Measure one game or all of them and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all)")
    parser.add_argument(
        "--seconds", type=float, default=2.5, help="time per game and player count (default 2.5)"
    )
    parser.add_argument(
        "--players", type=int, nargs="*", help="player counts (default: the fewest and the most)"
    )
    args = parser.parse_args(argv)
    slugs = [args.game] if args.game else sorted(GAMES)
    print(
        "Per second, one core: apply = actions applied; legal = legal_actions calls; view = "
        "actions with every seat's view recomputed after each; fan-out = actions with view, "
        "legal_actions and log for every seat (the server's work per move); games = full random "
        "games (no views). view B = mean JSON size of seat 0's view."
    )
    print(HEADER)
    for slug in slugs:
        rules = GAMES[slug]
        counts = args.players or sorted({rules.player_counts[0], rules.player_counts[-1]})
        for players in counts:
            if players not in rules.player_counts:
                print(f"{slug:<17} {players:>2} (not a valid player count)")
                continue
            print(line(measure(rules, players=players, seconds=args.seconds)), flush=True)


if __name__ == "__main__":
    main()
