"""Helpers shared by every kind of test."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from app.rules import GAMES

T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from synchronous test code, on a thread of its own: the
    test's thread may already run an event loop (Playwright's sync API does)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


def replayed_states(record: dict[str, Any]) -> list[Any]:
    """The true state after each version 0..n of a finished match, rebuilt from its published
    record with the rules (the seed is in the record once the match is over)."""
    rules = GAMES[record["game"]]
    state = rules.new_game(
        players=record["players"],
        seed=bytes.fromhex(record["seed"]),
        options=record["options"],
        start_seat=record["start_seat"],
    )
    states = [state]
    for entry in record["actions"]:
        state = rules.apply(state, entry["seat"], entry["action"])
        states.append(state)
    return states
