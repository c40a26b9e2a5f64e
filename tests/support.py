"""Helpers shared by every kind of test."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any, TypeVar

from app.config import Settings
from app.matches.loading import replay
from app.matches.records import RECORD_FORMAT, SEED_BYTES, commitment_of
from app.models.base import utcnow
from app.rules import GAMES

T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from synchronous test code, on a thread of its own: the
    test's thread may already run an event loop (Playwright's sync API does)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


def long_record(seeds: int = 8) -> dict[str, Any]:
    """A true record of the longest of ``seeds`` random 5-seat Elements matches (about 250
    actions): the most rules work an honest record asks of the verifier, now that every seed is
    32 bytes (a long seed once made each draw of the generator costly)."""
    rules = GAMES["elements"]
    options = rules.check_options(5, {})
    longest: dict[str, Any] = {}
    for index in range(seeds):
        chooser = random.Random(index)
        seed = chooser.randbytes(SEED_BYTES)
        state = rules.new_game(players=5, seed=seed, options=options)
        actions: list[dict[str, Any]] = []
        while (outcome := rules.outcome(state)) is None:
            seat = min(rules.to_act(state))
            action = chooser.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, seat, action)
            actions.append({"seq": len(actions) + 1, "seat": seat, "action": action})
        if len(actions) > len(longest.get("actions", ())):
            longest = {
                "format": RECORD_FORMAT,
                "game": "elements",
                "rules_version": rules.version,
                "players": 5,
                "options": options,
                "start_seat": None,
                "seed": seed.hex(),
                "commitment": commitment_of(seed),
                "actions": actions,
                "outcome": json.loads(json.dumps(outcome.to_json())),
            }
    return longest


def largest_record() -> dict[str, Any]:
    """A record of as many actions as an upload may have (``max_record_actions``), the most
    replay work one check can ask of the server: 18-player Werewolf, each move the first mover's
    random choice (a phase's end when only the clock may move), cut off at the limit (so it
    does not finish: the check answers ``ok: false``, after replaying every action). An honest
    record is far lighter (a long Elements match checks in about 20 ms; this one about 0.3 s)."""
    actions: int = Settings.model_fields["max_record_actions"].default
    rules = GAMES["werewolf"]
    options = rules.check_options(18, {})
    chooser = random.Random(0)
    seed = chooser.randbytes(SEED_BYTES)
    state = rules.new_game(players=18, seed=seed, options=options)
    moves: list[dict[str, Any]] = []
    while len(moves) < actions and rules.outcome(state) is None:
        seat = rules.movers(state)[0]
        action = (
            rules.expiry(state)
            if seat is None
            else chooser.choice(rules.legal_actions(state, seat))
        )
        state = rules.step(state, seat, action)
        moves.append({"seq": len(moves) + 1, "seat": seat, "action": action})
    return {
        "format": RECORD_FORMAT,
        "game": "werewolf",
        "rules_version": rules.version,
        "players": 18,
        "options": options,
        "start_seat": None,
        "seed": seed.hex(),
        "commitment": commitment_of(seed),
        "actions": moves,
        "outcome": None,
    }


def replayed_states(record: dict[str, Any]) -> list[Any]:
    """The true state after each version 0..n of a finished match, rebuilt from its published
    record with the rules (the seed is in the record once the match is over)."""
    return list(
        replay(
            GAMES[record["game"]],
            players=record["players"],
            seed=bytes.fromhex(record["seed"]),
            options=record["options"],
            start_seat=record["start_seat"],
            moves=((entry["seat"], entry["action"]) for entry in record["actions"]),
        )
    )


class Deals:
    """What the match service draws for a new match in a test (``app.matches.service``: the
    secret seed, and the start seat where the table leaves it to chance): a stream fixed by the
    test's name, so a test dealt a bad hand is dealt it again on every run and a failure
    repeats; or, once the test says so (``use``), the seed it chose, with seat 0 to start."""

    def __init__(self, name: str) -> None:
        self._stream = random.Random(name)
        self._seed: bytes | None = None

    def use(self, seed: bytes) -> None:
        """Deal the next matches from ``seed`` (a deal whose cards the test needs)."""
        self._seed = seed

    def token_bytes(self, count: int) -> bytes:
        """The next seed."""
        return self._seed if self._seed is not None else self._stream.randbytes(count)

    def randbelow(self, bound: int) -> int:
        """The next start seat."""
        return 0 if self._seed is not None else self._stream.randrange(bound)

    @staticmethod
    def compare_digest(a: bytes, b: bytes) -> bool:
        """``secrets.compare_digest``: the service compares watch codes with it."""
        return secrets.compare_digest(a, b)


class FakeClock:
    """A clock for the live layer (``app.matches.clocks.Clock``) that a test moves on: the real
    time plus every ``advance`` so far. A sleeper wakes once its time has come on this clock,
    so a turn timer runs out on ``advance`` at once, without the test waiting for it (real time
    still passes too: a clock set a minute ahead is not reached meanwhile)."""

    def __init__(self) -> None:
        self._ahead = 0.0
        self._sleepers: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()

    def now(self) -> datetime:
        """The time now, on this clock."""
        return utcnow() + timedelta(seconds=self._ahead)

    def monotonic(self) -> float:
        """``time.monotonic``, moved on like ``now``."""
        return time.monotonic() + self._ahead

    async def sleep(self, seconds: float) -> None:
        """Wait until ``seconds`` have passed on this clock."""
        end = self.monotonic() + seconds
        loop = asyncio.get_running_loop()
        while (left := end - self.monotonic()) > 0:
            sleeper = (loop, asyncio.Event())
            self._sleepers.add(sleeper)
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(sleeper[1].wait(), left)
            finally:
                self._sleepers.discard(sleeper)

    async def sleep_until(self, moment: datetime) -> None:
        """Wait until this clock reads ``moment``; a sleeper is registered before the time is
        read, so a move of the clock from another thread in between wakes it."""
        loop = asyncio.get_running_loop()
        while True:
            sleeper = (loop, asyncio.Event())
            self._sleepers.add(sleeper)
            try:
                left = (moment - self.now()).total_seconds()
                if left <= 0:
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(sleeper[1].wait(), left)
            finally:
                self._sleepers.discard(sleeper)

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds`` and wake the sleepers (from any thread)."""
        self._ahead += seconds
        for loop, moved in list(self._sleepers):
            loop.call_soon_threadsafe(moved.set)


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The state a delta frame's data leads to from ``state``, as the browser computes it
    (static/js/lib/socket.js applyDelta): its keys replace, its log keeps and adds, its
    ``view_keys`` set and drop keys of the view."""
    changed = {**state, **delta}
    changed.pop("chat", None)  # a state's chat lines are delivered once
    changed.pop("view_keys", None)
    if "log" in delta:
        changed["log"] = state["log"][: delta["log"]["keep"]] + delta["log"]["add"]
    if "view_keys" in delta:
        view = {**state["view"], **delta["view_keys"]["set"]}
        for key in delta["view_keys"]["gone"]:
            del view[key]
        changed["view"] = view
    return changed


class FrameReader:
    """A match socket's frames as its client sees them: each delta applied to the last state
    and handed on as the full ``state`` message it stands for (with ``"delta": True``)."""

    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None

    def read(self, text: str | bytes) -> dict[str, Any]:
        """The message a frame's text stands for."""
        message: dict[str, Any] = json.loads(text)
        if message["t"] == "state":
            self.state = {key: value for key, value in message["d"].items() if key != "chat"}
        elif message["t"] == "delta":
            assert self.state is not None, "a delta before any state"
            self.state = apply_delta(self.state, message["d"])
            return {"t": "state", "v": message["v"], "d": self.state, "delta": True}
        return message
