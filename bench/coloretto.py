"""Coloretto engine throughput and bot strength: ``python -m bench.coloretto [--games N]``.

Prints actions per second and full random games per second (pure engine: ``legal_actions`` and
``apply``, then again with every seat's view recomputed after each action, as the server does),
and the win rate of ``coloretto.choose`` against random bots over seeded games for 3, 4 and 5
players, the bot rotating through the seats. A shared win counts as a win.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Sequence

from app.rules.base import Bot
from app.rules.bots import random_bot
from app.rules.coloretto import GAME, State
from app.rules.rng import bot_rng


def seed_for(label: str, index: int) -> bytes:
    """A fixed 32-byte seed per benchmark game, so every run plays the same games."""
    return hashlib.sha256(f"bench:coloretto:{label}:{index}".encode()).digest()


def play(
    *, players: int, seed: bytes, bots: Sequence[Bot], views: bool = False
) -> tuple[State, int]:
    """One game with ``bots[seat]`` choosing for each seat; the final state and action count."""
    state = GAME.new_game(players=players, seed=seed, options={})
    seq = 0
    while acting := GAME.to_act(state):
        seat = min(acting)
        legal = GAME.legal_actions(state, seat)
        action = bots[seat](GAME.view(state, seat), legal, bot_rng(seed, seat=seat, seq=seq))
        state = GAME.apply(state, seat, action)
        seq += 1
        if views:
            for viewer in [*range(players), None]:
                GAME.view(state, viewer)
    return state, seq


def random_playout(*, players: int, seed: bytes) -> int:
    """One game of uniformly random legal actions without views; the number of actions."""
    state = GAME.new_game(players=players, seed=seed, options={})
    seq = 0
    while acting := GAME.to_act(state):
        seat = min(acting)
        legal = GAME.legal_actions(state, seat)
        index, _ = bot_rng(seed, seat=seat, seq=seq).randbelow(len(legal))
        state = GAME.apply(state, seat, legal[index])
        seq += 1
    return seq


def throughput(games: int) -> None:
    """Print engine speed over ``games`` random games spread over 3, 4 and 5 players."""
    started = time.perf_counter()
    actions = sum(
        random_playout(players=3 + index % 3, seed=seed_for("speed", index))
        for index in range(games)
    )
    elapsed = time.perf_counter() - started
    print(
        f"engine: {games} random games, {actions} actions in {elapsed:.2f} s: "
        f"{actions / elapsed:,.0f} actions/s, {games / elapsed:,.1f} games/s"
    )
    sample = max(1, games // 5)
    started = time.perf_counter()
    actions = 0
    for index in range(sample):
        players = 3 + index % 3
        _, count = play(
            players=players,
            seed=seed_for("speed", index),
            bots=[random_bot] * players,
            views=True,
        )
        actions += count
    elapsed = time.perf_counter() - started
    print(
        f"with every seat's view after each action: {sample} games, "
        f"{actions / elapsed:,.0f} actions/s, {sample / elapsed:,.1f} games/s"
    )


def win_rate(*, players: int, games: int) -> float:
    """The share of ``games`` the bot wins (or shares) against ``players - 1`` random bots."""
    wins = 0
    for index in range(games):
        seat = index % players
        bots: list[Bot] = [random_bot] * players
        bots[seat] = GAME.bot
        state, _ = play(players=players, seed=seed_for(f"duel{players}", index), bots=bots)
        result = GAME.outcome(state)
        assert result is not None
        wins += seat in result.winners
    return wins / games


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="random games for throughput")
    parser.add_argument("--duels", type=int, default=200, help="bot games per player count")
    args = parser.parse_args(argv)
    throughput(args.games)
    for players in (3, 4, 5):
        started = time.perf_counter()
        rate = win_rate(players=players, games=args.duels)
        elapsed = time.perf_counter() - started
        print(
            f"bot vs {players - 1} random bots, {args.duels} games: wins {rate:.1%} "
            f"(random baseline {1 / players:.1%}), {elapsed:.1f} s"
        )


if __name__ == "__main__":
    main()
