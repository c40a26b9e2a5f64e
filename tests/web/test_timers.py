"""Turn timers and stand-ins (issue 10): a missed turn is played by a stand-in and marked, the
stand-in keeps a seat after too many, its player takes it back with one click, and stored
deadlines outlive a restart.

The tables here use turn timers of a minute, which real time never runs out during a test; a
test that wants a clock to run out moves the app's clock on (``tests.support.FakeClock``), and
the turn timer fires at once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
from app.models import Action, Match
from tests.support import FakeClock, run_coroutine
from tests.web.helpers import Guest, MatchSocket, close_match, start


def _timed_table(
    host: Guest, *, turn_seconds: int, stand_in_after: int = 3, bots: int = 1, players: int = 3
) -> dict[str, Any]:
    response = host.post(
        "/api/lobbies",
        {
            "game": "coloretto",
            "players": players,
            "turn_seconds": turn_seconds,
            "stand_in_after": stand_in_after,
        },
    )
    assert response.status_code == 201, response.text
    lobby: dict[str, Any] = response.json()
    for _ in range(bots):
        lobby = host.post(f"/api/lobbies/{lobby['id']}/bots", {}).json()
    return lobby


def _states(socket: MatchSocket) -> Iterator[dict[str, Any]]:
    """The socket's state frames' data, in order (presence and chat frames skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["t"] == "state":
            yield {**message["d"], "v": message["v"]}


def _stand_in_rows(settings: Settings, match_id: int) -> list[tuple[int, int, datetime]]:
    async def rows() -> list[tuple[int, int, datetime]]:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            found = await connection.execute(
                select(Action.seq, Action.seat, Action.at)
                .where(Action.match_id == match_id, Action.stand_in.is_(True))
                .order_by(Action.seq)
            )
            result = [(seq, seat, _utc(at)) for seq, seat, at in found.all()]
        await engine.dispose()
        return result

    return run_coroutine(rows())


def _stored_deadline(settings: Settings, match_id: int) -> datetime | None:
    async def read() -> datetime | None:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            found = await connection.execute(select(Match.deadline).where(Match.id == match_id))
            deadline = found.scalar_one()
        await engine.dispose()
        return _utc(deadline) if deadline else None

    return run_coroutine(read())


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _parse(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


class TestTurnTimer:
    def test_a_table_without_a_timer_shows_no_clock(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = _timed_table(ada, turn_seconds=60, bots=2)
        assert lobby["turn_seconds"] == 60 and lobby["stand_in_after"] == 3
        plain = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
        assert plain["turn_seconds"] is None
        for _ in range(2):
            ada.post(f"/api/lobbies/{plain['id']}/bots", {})
        match_id = start(ada, plain["id"])
        assert ada.get(f"/api/matches/{match_id}").json()["clock"] is None

    def test_bad_timer_settings_are_refused(self, client: TestClient, settings: Settings) -> None:
        ada = Guest(client, "Ada")
        for body, code in (
            ({"turn_seconds": 0}, 422),
            ({"turn_seconds": 8 * 24 * 3600}, 422),
            ({"turn_seconds": "soon"}, 422),
            ({"stand_in_after": 0}, 422),
            ({"stand_in_after": 11}, 422),
        ):
            response = ada.post("/api/lobbies", {"game": "coloretto", "players": 3, **body})
            assert response.status_code == code, body
        # Below the server's minimum (MIN_TURN_SECONDS) is a clear 400.
        strict = create_app(settings.model_copy(update={"min_turn_seconds": 10}))
        with TestClient(strict) as other:
            eve = Guest(other, "Eve")
            response = eve.post(
                "/api/lobbies", {"game": "coloretto", "players": 3, "turn_seconds": 5}
            )
            assert response.status_code == 400 and response.json()["code"] == "bad_turn_time"

    def test_the_clock_runs_out_and_a_stand_in_takes_the_turn(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = _timed_table(ada, turn_seconds=60, stand_in_after=2)  # Ada 0, bot 1, Ben 2
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        try:
            with ada.ws(match_id) as socket:
                states = _states(socket)
                first = next(states)
                # Someone is on the clock from the start (a bot's first turn is not timed).
                waiting = first["clock"] or next(s for s in states if s["clock"])["clock"]
                assert set(waiting["seats"]) <= {0, 2} and 0 < waiting["remaining_ms"] <= 60_000
                # Nobody moves: the clock runs out and a stand-in plays that turn.
                clock.advance(60)
                marked = next(s for s in states if s["stand_ins"])
            mark = marked["stand_ins"][0]
            seat = mark["seat"]
            assert seat in waiting["seats"]
            # Marked in the log: the entries the stand-in's move wrote.
            start_at, end_at = mark["log"]
            assert 0 <= start_at < end_at <= len(marked["log"])
            assert marked["match"]["players"][seat]["missed"] == 1
            assert marked["match"]["players"][seat]["away"] is False
            stored = _stand_in_rows(settings, match_id)
            assert stored[0][:2] == (mark["seq"], seat)
            # The record says which moves a stand-in made.
            record_moves = ada.get(f"/api/matches/{match_id}/replay").json()["steps"]
            assert record_moves[mark["seq"]]["move"]["stand_in"] is True
        finally:
            close_match(settings, match_id)

    def test_the_stand_in_keeps_the_seat_until_its_player_takes_it_back(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = _timed_table(ada, turn_seconds=60, stand_in_after=1)  # Ada 0, bot 1, Ben 2
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        try:
            with ben.ws(match_id) as socket:
                # Ben plays in time; Ada never moves. After her first missed turn
                # (stand_in_after=1) she is away and the stand-in plays her seat at once.
                ran_out: set[int] = set()
                for state in _states(socket):
                    if state["match"]["players"][0]["away"] and state["legal"]:
                        break  # Ben's turn, with Ada away: the table waits for Ben now
                    if state["legal"]:
                        socket.send_json({"t": "act", "v": state["v"], "d": state["legal"][0]})
                    elif (state["clock"] or {}).get("seats") == [0] and state["v"] not in ran_out:
                        ran_out.add(state["v"])
                        clock.advance(60)  # Ada's clock runs out
                assert state["clock"]["seats"] == [2]
                refused = ada.post(
                    f"/api/matches/{match_id}/actions", {"seq": state["v"], "action": {}}
                )
                assert refused.status_code == 409 and refused.json()["code"] == "seat_away"
                # Only Ada may take her seat back; then it is hers again.
                wrong = ben.post(f"/api/matches/{match_id}/seats/0/back")
                assert wrong.status_code == 403 and wrong.json()["code"] == "not_your_seat"
                assert ada.post(f"/api/matches/{match_id}/seats/0/back").status_code == 204
                back = next(s for s in _states(socket) if not s["match"]["players"][0]["away"])
                assert back["match"]["players"][0]["missed"] == 0
                again = ada.post(f"/api/matches/{match_id}/seats/0/back")
                assert again.status_code == 409 and again.json()["code"] == "not_away"
            marks = [mark["seat"] for mark in back["stand_ins"]]
            assert marks and set(marks) == {0}  # every stand-in move was for Ada
        finally:
            close_match(settings, match_id)

    def test_the_first_turn_clock_starts_on_the_apps_clock(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        """Issue 17, clock seam: starting a match reads the app's clock for the first deadline
        (it read the system clock, so a test's moved clock had the first turn due at once)."""
        clock.advance(24 * 3600)  # a day ahead of the system clock
        ada, ben, cy = (Guest(client, name) for name in ("Ada", "Ben", "Cy"))
        lobby = _timed_table(ada, turn_seconds=60, bots=0)
        for guest in (ben, cy):
            joined = guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
            assert joined.status_code == 200, joined.text
        before = clock.now()
        match_id = start(ada, lobby["id"])
        try:
            deadline = _stored_deadline(settings, match_id)
            assert deadline is not None  # three people: the first turn is timed
            assert before + timedelta(seconds=60) <= deadline <= clock.now() + timedelta(seconds=60)
        finally:
            close_match(settings, match_id)

    def test_a_stored_deadline_runs_out_after_a_restart(self, settings: Settings) -> None:
        with TestClient(create_app(settings, clock=FakeClock())) as client:
            ada = Guest(client, "Ada")
            lobby = _timed_table(ada, turn_seconds=60, bots=2)
            match_id = start(ada, lobby["id"])
            with ada.ws(match_id) as socket:
                mine = next(s for s in _states(socket) if s["legal"])  # bots moved; Ada's turn
        # The server stopped with Ada's clock running; her turn's deadline is stored.
        deadline = _stored_deadline(settings, match_id)
        assert deadline == _parse(mine["clock"]["deadline"])
        assert _stand_in_rows(settings, match_id) == []
        # While the server is down the deadline passes.
        later = FakeClock()
        later.advance((deadline - later.now()).total_seconds() + 0.1)
        try:
            with TestClient(create_app(settings, clock=later)):
                # Nobody connects: housekeeping finds the due clock, loads the match from its
                # log, and the stand-in plays Ada's turn.
                rows = _wait_for(lambda: _stand_in_rows(settings, match_id))
            assert rows[0][0] == mine["v"] + 1 and rows[0][1] == 0
            assert rows[0][2] >= deadline
        finally:
            close_match(settings, match_id)

    def test_a_move_in_time_resets_the_missed_count(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        ada = Guest(client, "Ada")
        lobby = _timed_table(ada, turn_seconds=60, stand_in_after=3, bots=2)
        match_id = start(ada, lobby["id"])
        try:
            with ada.ws(match_id) as socket:
                states = _states(socket)
                late = next(s for s in states if s["legal"])
                assert late["clock"]["seats"] == [0]
                clock.advance(60)  # Ada lets her clock run out
                missed = next(s for s in states if s["match"]["players"][0]["missed"] == 1)
                assert [mark["seat"] for mark in missed["stand_ins"]] == [0]
                mine = next(s for s in states if s["legal"])
                socket.send_json({"t": "act", "v": mine["v"], "d": mine["legal"][0]})
                reset = next(s for s in states if s["v"] > mine["v"])
                assert reset["match"]["players"][0]["missed"] == 0
        finally:
            close_match(settings, match_id)


def _wait_for(probe: Any, timeout: float = 15.0) -> Any:
    """Poll the database until ``probe`` finds something (the server acts in its own thread;
    its clock is past the deadline already, so nothing waits for time to pass)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = probe()
        if found:
            return found
        time.sleep(0.05)
    pytest.fail("the server did not act before the timeout")
