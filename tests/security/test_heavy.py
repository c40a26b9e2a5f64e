"""Heavy review work (issue 16): replays and record checks run off the event loop, are bounded in
size and number, rate-limited, and a finished match's replay is computed once per viewpoint.

Measured before (issue 16): 50 concurrent replays of a finished match held another user's move
6.6-8.6 s, and four checks of a 1.1 MB record at once held it 4.8 s. Here no clock is read: the
heavy work is held inside every review worker (``Gate``) while another user plays a move, whose
answer must come back before any of the heavy work is let go; work on the event loop would hold
the loop at the gate, and the move could not be answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import select
import signal
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.errors import Unavailable
from app.main import create_app
from app.matches import review
from app.matches.records import RECORD_FORMAT, commitment_of
from app.rules import GAMES
from tests.servers import Server, free_port
from tests.support import largest_record, run_coroutine
from tests.web.helpers import Guest, open_table, receive_until, start

HEAVY = 12
"""Heavy requests sent at once."""

GUARD = 60.0
"""Seconds after which a ``Gate`` lets the held work go by itself, so that a test whose work
holds the event loop fails instead of hanging. A guard, not a bound: no test measures time;
the order of events decides (the move answered while the work was held, or not)."""

_WORK: dict[str, Callable[..., Any]] = {
    name: getattr(review, name) for name in ("verify_upload", "replay_steps")
}
"""The review work a test may hold, by name, as this module finds it when it is imported: in a
review worker (which imports this module to run ``_held``) it is never patched."""


def _held(address: str, name: str, *args: Any) -> Any:
    """``app.matches.review``'s ``name(*args)``, once the ``Gate`` at ``address`` lets it go.
    Run where the service runs that work (a review worker): it says it is in by connecting, and
    waits for the gate's answer. A gate already open or gone lets it go at once."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as gate:
        gate.settimeout(2 * GUARD)  # the gate's own guard lets it go first
        gate.connect(address)
        gate.recv(1)
    return _WORK[name](*args)


class Gate:
    """Where heavy review work waits (``_held``, through ``hold``) until the test lets it go:
    a listening Unix socket (abstract: no file) that counts the work that has come in and holds
    it. ``open`` lets everything go, and what comes later passes; after ``GUARD`` seconds the
    gate opens by itself."""

    def __init__(self) -> None:
        self.address = f"\0parlor-heavy-{os.getpid()}-{id(self)}"
        self._listener = socket.socket(socket.AF_UNIX)
        self._listener.bind(self.address)
        self._listener.listen()
        self._changed = threading.Condition()
        self._waiting: list[socket.socket] = []
        self.held = 0
        """How much work has come in while the gate was closed."""
        self.opened = False
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._guard = threading.Timer(GUARD, self.open)

    def __enter__(self) -> Gate:
        self._accepting.start()
        self._guard.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.open()
        self._guard.cancel()
        self._accepting.join()

    def hold(self, monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
        """Make the service's ``names`` (functions of ``app.matches.review`` that it runs off
        the event loop) wait here first, wherever the service runs them (``_held``; a partial
        of it is pickled by reference, as the originals are)."""
        for name in names:
            monkeypatch.setattr(review, name, functools.partial(_held, self.address, name))

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:
                return  # closed by ``open``
            with self._changed:
                if self.opened:
                    connection.close()  # let go at once
                    continue
                self._waiting.append(connection)
                self.held += 1
                self._changed.notify_all()

    def wait_held(self, count: int) -> bool:
        """Wait until ``count`` pieces of work are held (or the gate has opened): whether they
        are, with the gate still closed."""
        with self._changed:
            self._changed.wait_for(lambda: self.held >= count or self.opened)
            return self.held >= count and not self.opened

    def open(self) -> None:
        """Let the held work go, and any that comes later pass."""
        with self._changed:
            if self.opened:
                return
            self.opened = True
            self._changed.notify_all()
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes ``_accept``, refuses the rest
            self._listener.close()
            for connection in self._waiting:
                connection.close()  # ``_held`` reads the end and goes on


def _finished(host: Guest, *, game: str, players: int) -> int:
    """A match of ``game`` that ``host`` plays to the end against bots (its first legal action
    every turn); its id."""
    lobby = host.post("/api/lobbies", {"game": game, "players": players}).json()
    for _ in range(players - 1):
        host.post(f"/api/lobbies/{lobby['id']}/bots", {})
    match_id = start(host, lobby["id"])
    with host.ws(match_id) as socket:
        while (mine := receive_until(socket, mine=True))["d"]["outcome"] is None:
            socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
    return match_id


def _move_while_held(
    client: TestClient,
    probe: Guest,
    jobs: Sequence[Callable[[], Any]],
    work: str,
    monkeypatch: pytest.MonkeyPatch,
) -> list[Any]:
    """The answers to ``jobs`` (HTTP requests for heavy review work: ``work``, a function of
    ``app.matches.review`` that the service runs off the event loop), sent all at once in
    threads while that work is held at a ``Gate`` in every review worker. Once every worker is
    held, ``probe`` plays a move in a match of its own; its turn must come back (two bots moving
    in between) while the gate is still closed and no heavy request has been answered. Then the
    gate opens and every heavy request must be answered 200."""
    reviewer: review.Reviewer = client.app.state.reviewer  # type: ignore[attr-defined]
    match_id = start(probe, open_table(probe)["id"])
    answers: dict[int, Any] = {}

    def send(index: int) -> None:
        answers[index] = jobs[index]()

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(jobs))]
    with monkeypatch.context() as patched, Gate() as gate, probe.ws(match_id) as socket:
        gate.hold(patched, work)
        mine = receive_until(socket, mine=True)
        try:
            for thread in threads:
                thread.start()
            workers = min(reviewer.workers, len(jobs))
            assert gate.wait_held(workers), (
                f"{gate.held} of {workers} workers came into the heavy work before the gate"
                " opened by itself: the work holds the event loop"
            )
            socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
            receive_until(socket, mine=True, newer_than=mine["v"])  # its turn again, after it
            # Answered before the workers were let go: the move did not wait for the work.
            assert not gate.opened, "the move was answered only once the gate let the work go"
            assert answers == {}, f"heavy requests answered while their work was held: {answers}"
            assert gate.held == workers  # no more at once than the pool's workers
        finally:
            gate.open()
            for thread in threads:
                thread.join()
    assert sorted(answers) == list(range(len(jobs))), answers
    in_order = [answers[index] for index in range(len(jobs))]
    assert [answer.status_code for answer in in_order] == [200] * len(jobs), in_order
    return in_order


class TestOffTheEventLoop:
    def test_checking_records_does_not_hold_another_users_move(
        self, client: TestClient, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        body = json.dumps(largest_record()).encode()
        # The workers are started; the record is checked to its end (it does not finish).
        checked = client.post("/api/verify", content=body).json()
        assert checked["ok"] is False
        ben = Guest(client, "Ben")
        checks = [lambda: client.post("/api/verify", content=body) for _ in range(HEAVY)]
        answers = _move_while_held(client, ben, checks, "verify_upload", monkeypatch)
        assert [answer.json() for answer in answers] == [checked] * HEAVY  # checked in full

    def test_replays_do_not_hold_another_users_move(
        self, client: TestClient, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        match_id = _finished(ada, game="elements", players=5)
        steps = len(ada.get(f"/api/matches/{match_id}/record").json()["actions"]) + 1
        views: list[tuple[str, int | None, bool]] = [  # query, whose eyes, everyone's
            *((f"seat={seat}", seat, False) for seat in range(5)),
            ("public=true", None, False),
            ("everyone=true", None, True),
        ]
        replays = [
            functools.partial(ada.get, f"/api/matches/{match_id}/replay?{query}")
            for query, _, _ in views
        ]
        assert ada.get(f"/api/matches/{match_id}/verify").status_code == 200  # workers started
        answers = _move_while_held(client, ben, replays, "replay_steps", monkeypatch)
        for (query, seat, everyone), answer in zip(views, answers, strict=True):
            replay = answer.json()
            assert (replay["match_id"], replay["seat"], replay["everyone"]) == (
                match_id,
                seat,
                everyone,
            ), query
            assert len(replay["steps"]) == steps, query  # replayed to the end


@pytest.fixture
def tight(settings: Settings) -> Iterator[TestClient]:
    """The app with small review limits, to reach them quickly."""
    limits = {**settings.rate_limits, "review": (3.0, 0.001), "verify": (2.0, 0.001)}
    small = settings.model_copy(update={"rate_limits": limits, "max_record_actions": 20})
    with TestClient(create_app(small)) as client:
        yield client


def _record_with(actions: int) -> dict[str, Any]:
    """A Coloretto record with ``actions`` actions, the first of them not legal."""
    seed = bytes(32)
    rules = GAMES["coloretto"]
    return {
        "format": RECORD_FORMAT,
        "game": "coloretto",
        "rules_version": rules.version,
        "players": 3,
        "options": {},
        "start_seat": 0,
        "seed": seed.hex(),
        "commitment": commitment_of(seed),
        "actions": [
            {"seq": seq, "seat": 2, "action": {"type": "nothing"}} for seq in range(1, actions + 1)
        ],
        "outcome": None,
    }


class TestBounds:
    def test_a_record_with_more_actions_than_any_match_is_refused_before_replaying(
        self, tight: TestClient
    ) -> None:
        at_the_bound = tight.post("/api/verify", json=_record_with(20))
        assert at_the_bound.status_code == 200  # replayed: its first action is not legal
        assert at_the_bound.json()["problems"] == [
            "Action 1 is not legal when replayed: It is not your turn."
        ]
        over = tight.post("/api/verify", json=_record_with(21))
        assert over.status_code == 413 and over.json()["code"] == "too_many_actions"
        assert over.json()["detail"] == (
            "The record has 21 actions, more than any match has; at most 20 are checked."
        )

    def test_a_replay_rebuilding_too_many_views_is_refused(
        self, client: TestClient, settings: Settings
    ) -> None:
        ada = Guest(client, "Ada")
        match_id = _finished(ada, game="coloretto", players=3)
        steps = len(ada.get(f"/api/matches/{match_id}/record").json()["actions"]) + 1
        everyone = f"/api/matches/{match_id}/replay?everyone=true"
        for max_views, served in ((steps * 4, True), (steps * 4 - 1, False)):  # 3 seats + public
            bounded = settings.model_copy(update={"max_replay_views": max_views})
            with TestClient(create_app(bounded)) as other:
                answer = other.get(everyone, headers=ada.headers)
                assert answer.status_code == (200 if served else 413), answer.text
                if not served:
                    assert answer.json()["code"] == "replay_too_large"
                    assert "replay it through one seat's eyes" in answer.json()["detail"]
                    seat = other.get(f"/api/matches/{match_id}/replay", headers=ada.headers)
                    assert len(seat.json()["steps"]) == steps  # one view a step: within it


class TestRateLimits:
    def test_records_and_replays_are_limited_per_user(self, tight: TestClient) -> None:
        ada, ben = Guest(tight, "Ada"), Guest(tight, "Ben")
        match_id = _finished(ada, game="coloretto", players=3)
        for path in ("/record", "/replay", "/export"):  # the burst of three
            assert ada.get(f"/api/matches/{match_id}{path}").status_code == 200
        refused = ada.get(f"/api/matches/{match_id}/verify")
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        # Ben has his own tokens: refused only because he did not play (and holds no watch
        # link: the match does not exist for him, tests/security/test_privacy.py).
        assert ben.get(f"/api/matches/{match_id}/replay").json()["code"] == "not_found"
        # Checking an uploaded record counts per address, apart from the signed-in user.
        assert tight.post("/api/verify", json=_record_with(1)).status_code == 200

    def test_checking_uploads_is_limited_per_address(self, tight: TestClient) -> None:
        for _ in range(2):
            assert tight.post("/api/verify", json=_record_with(1)).status_code == 200
        refused = tight.post("/api/verify", json=_record_with(1))
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"


class TestReplayCache:
    def test_a_finished_replay_is_computed_once_and_answers_the_same(
        self, client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        match_id = _finished(ada, game="coloretto", players=3)
        reviewer: review.Reviewer = client.app.state.reviewer  # type: ignore[attr-defined]
        computed: list[object] = []
        run = reviewer.run

        async def counted(function: Callable[..., Any], *args: Any) -> Any:
            computed.append(function)
            return await run(function, *args)

        monkeypatch.setattr(reviewer, "run", counted)
        path = f"/api/matches/{match_id}/replay?seat=1"
        answers: list[bytes] = []
        threads = [
            threading.Thread(target=lambda: answers.append(ada.get(path).content)) for _ in range(8)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        answers.append(ada.get(path).content)
        assert computed == [review.replay_steps]  # nine answers, one computation
        with TestClient(create_app(settings)) as fresh:  # nothing kept: computed afresh
            assert set(answers) == {fresh.get(path, headers=ada.headers).content}
        assert ada.get(f"/api/matches/{match_id}/replay?seat=2").content != answers[0]
        assert computed == [review.replay_steps] * 2  # another viewpoint is another replay
        refused = eve.get(path)  # what is kept is still only for the match's players
        assert refused.status_code == 404 and refused.json()["code"] == "not_found"

    def test_a_live_replay_is_not_kept(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
            before = ada.get(f"/api/matches/{match_id}/replay").json()
            socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
            mine = receive_until(socket, mine=True)
        after = ada.get(f"/api/matches/{match_id}/replay").json()
        assert len(before["steps"]) < len(after["steps"]) == mine["v"] + 1


def _descendants(pid: int) -> set[int]:
    """The processes started by ``pid`` and by them, from ``/proc``."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    new = {pid}
    while new:
        new = {child for child, parent in parents.items() if parent in new} - found
        found |= new
    return found


def _ends(pid: int, *, within: float) -> bool:
    """Whether process ``pid`` has ended or ends within ``within`` seconds."""
    try:
        watched = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([watched], [], [], within)[0])
    finally:
        os.close(watched)


class TestKilledServer:
    def test_its_review_workers_end_with_it(self, settings: Settings) -> None:
        server = Server(settings, free_port())
        lingering: list[int] = []
        try:
            status, verdict = server.call("POST", "/api/verify", "", _record_with(1))
            assert status == 200 and not verdict["ok"]  # checked by a worker
            started = _descendants(server.process.pid)
            assert len(started) >= 2  # the fork server and its worker (and a resource tracker)
            server.process.send_signal(signal.SIGKILL)  # no shutdown runs
            server.process.wait()
            lingering = [pid for pid in started if not _ends(pid, within=10)]
        finally:
            for pid in lingering:  # this test's own leftovers, so that it ends
                os.kill(pid, signal.SIGKILL)
            server.stop()
        assert lingering == []


class TestReviewer:
    """The worker pool on its own. Each test runs its coroutine on a thread of its own
    (``run_coroutine``): a browser test's event loop may be running on the test thread."""

    def test_requests_beyond_those_served_and_waiting_are_refused(self) -> None:
        async def scenario() -> list[str]:
            reviewer = review.Reviewer(workers=1, requests=1, queue=1, cache_bytes=0)
            release = asyncio.Event()

            async def served() -> str:
                async with reviewer.admitted():
                    await release.wait()
                return "served"

            async def waited() -> str:
                async with reviewer.admitted():
                    return "waited"

            async def refused() -> str:
                try:
                    async with reviewer.admitted():
                        return "served too"
                except Unavailable as error:
                    release.set()
                    return error.code

            try:  # one served, one waiting: a third is refused; then the waiting one is served
                return list(await asyncio.gather(served(), waited(), refused()))
            finally:
                reviewer.close()

        assert run_coroutine(scenario()) == ["served", "waited", "busy"]

    def test_jobs_run_in_another_process_and_a_dead_worker_is_replaced(self) -> None:
        async def scenario() -> None:
            reviewer = review.Reviewer(workers=1, requests=1, queue=0, cache_bytes=0)
            try:
                assert await reviewer.run(os.getpid) != os.getpid()
                with pytest.raises(Unavailable) as failed:
                    await reviewer.run(os._exit, 1)
                assert failed.value.code == "review_failed"
                assert await reviewer.run(os.getpid) != os.getpid()
            finally:
                reviewer.close()

        run_coroutine(scenario())
