"""Housekeeping (issue 10): tables never started expire; matches nobody is at are suspended
and resume from their log when someone comes back."""

from __future__ import annotations

import asyncio
import functools

import pytest
from starlette.testclient import TestClient

from app import housekeeping
from app.config import Settings
from tests.support import FakeClock, run_coroutine
from tests.web.helpers import Guest, open_table, receive_until, start


def _sweep(client: TestClient, settings: Settings) -> None:
    """One housekeeping round in the app's own event loop, at the time of the app's clock."""
    app = client.app
    assert client.portal is not None
    sweep = functools.partial(
        housekeeping.sweep,
        app.state.hub,  # type: ignore[attr-defined]
        app.state.db,  # type: ignore[attr-defined]
        settings,
    )
    client.portal.call(sweep)


class TestLobbyExpiry:
    def test_a_table_never_started_expires(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        fresh = open_table(ada, bots=0)
        clock.advance(settings.lobby_ttl / 2)
        _sweep(client, settings)
        assert ada.get(f"/api/lobbies/{fresh['id']}").json()["status"] == "open"
        clock.advance(settings.lobby_ttl / 2 + 60)
        _sweep(client, settings)
        assert ada.get(f"/api/lobbies/{fresh['id']}").json()["status"] == "expired"
        joined = ben.post("/api/lobbies/join", {"invite_code": fresh["invite_code"]})
        assert joined.status_code == 409 and joined.json()["code"] == "table_expired"
        bot = ada.post(f"/api/lobbies/{fresh['id']}/bots", {})
        assert bot.status_code == 409 and bot.json()["code"] == "table_expired"

    def test_started_tables_do_not_expire(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        ada = Guest(client, "Ada")
        lobby = open_table(ada)
        match_id = start(ada, lobby["id"])
        clock.advance(settings.lobby_ttl + 60)
        _sweep(client, settings)
        assert ada.get(f"/api/lobbies/{lobby['id']}").json()["status"] == "playing"
        assert ada.get(f"/api/matches/{match_id}").status_code == 200


class TestSuspension:
    def test_an_idle_match_is_suspended_and_resumes(
        self, client: TestClient, clock: FakeClock, settings: Settings
    ) -> None:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
            clock.advance(settings.suspend_after + 60)
            _sweep(client, settings)  # someone is connected: nothing happens
            assert [live.id for live in hub.live_matches()] == [match_id]
        # The socket's handler has ended when the test client's socket is closed.
        assert not hub.live_matches()[0].listeners
        _sweep(client, settings)  # nobody came back since
        assert [live.id for live in hub.live_matches()] == [match_id]
        clock.advance(settings.suspend_after)
        _sweep(client, settings)
        assert hub.live_matches() == []  # suspended: nothing of it stays in memory
        # Ada comes back: the match is rebuilt from its log, exactly where it was.
        with ada.ws(match_id) as socket:
            back = receive_until(socket, mine=True)
            assert back["v"] == mine["v"] and back["d"]["view"] == mine["d"]["view"]
            socket.send_json({"t": "act", "v": back["v"], "d": back["d"]["legal"][0]})
            moved = socket.receive_json()
            assert moved["t"] == "state" and moved["v"] == back["v"] + 1


class TestShutdown:
    def test_a_round_under_way_is_finished_not_cancelled(
        self, settings: Settings, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Issue 15: cancelling a round mid-statement at shutdown left its database connection
        to a closed event loop ("Event loop is closed" from aiosqlite's thread on SQLite). The
        stop is only seen between rounds; the round under way runs to its end."""
        events: list[str] = []

        async def slow_sweep(*_: object, **__: object) -> None:
            events.append("round started")
            release = asyncio.Event()
            # Released by the stop below: the round is still under way when it comes.
            asyncio.get_running_loop().call_soon(release.set)
            try:
                await release.wait()
                await asyncio.sleep(0)
            except asyncio.CancelledError:
                events.append("round cancelled")
                raise
            events.append("round finished")

        monkeypatch.setattr(housekeeping, "sweep", slow_sweep)

        async def scenario() -> None:
            stop = asyncio.Event()
            task = asyncio.create_task(housekeeping.run(None, None, settings, stop=stop))  # type: ignore[arg-type]
            while not events:
                await asyncio.sleep(0)
            stop.set()
            await asyncio.wait_for(task, timeout=5)

        run_coroutine(scenario())
        assert events == ["round started", "round finished"]
