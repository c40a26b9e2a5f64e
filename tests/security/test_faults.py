"""Faults (issue 4): a killed server loses no acknowledged move; a database restart is survived."""

from __future__ import annotations

import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from tests.servers import Server, free_port
from tests.web.helpers import Counts, Guest, open_table, receive_until, start, stored_actions


def _stored_actions(settings: Settings, match_id: int) -> list[tuple[int, Any]]:
    return [(seq, action) for seq, _, action in stored_actions(settings, match_id)]


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
def server(settings: Settings, port: int) -> Iterator[Server]:
    running = Server(settings, port)
    yield running
    running.stop()


class TestKilledServer:
    def test_no_acknowledged_move_is_lost_or_doubled(
        self, settings: Settings, server: Server, port: int
    ) -> None:
        with TestClient(server_app := _app(settings)) as client:
            del server_app
            ada = Guest(client, "Ada")
            match_id = start(ada, open_table(ada)["id"])
        acknowledged: list[tuple[int, Any]] = []
        enough = threading.Event()

        def killer() -> None:
            enough.wait(timeout=120)
            server.kill()

        threading.Thread(target=killer, daemon=True).start()
        for _ in range(10_000):  # a burst of moves until the server dies under it
            try:
                status, state = server.call("GET", f"/api/matches/{match_id}", ada.cookie)
                if not state["legal"]:
                    continue  # the bots are moving
                move = {"seq": state["seq"], "action": state["legal"][0]}
                status, after = server.call(
                    "POST", f"/api/matches/{match_id}/actions", ada.cookie, move
                )
            except (urllib.error.URLError, ConnectionError):
                break
            if status == 200:
                acknowledged.append((after["seq"], move["action"]))
                if len(acknowledged) == 12:
                    enough.set()
        assert len(acknowledged) >= 12

        stored = _stored_actions(settings, match_id)
        assert [seq for seq, _ in stored] == list(range(1, len(stored) + 1))  # none twice
        by_seq = dict(stored)
        for seq, action in acknowledged:
            assert by_seq[seq] == action  # every acknowledged move is there

        again = Server(settings, port)  # restarted: the match is rebuilt from its log
        try:
            status, state = again.call("GET", f"/api/matches/{match_id}", ada.cookie)
            assert status == 200 and state["seq"] >= len(stored)
            for _ in range(1000):
                if state["legal"]:
                    break
                status, state = again.call("GET", f"/api/matches/{match_id}", ada.cookie)
            move = {"seq": state["seq"], "action": state["legal"][0]}
            status, after = again.call("POST", f"/api/matches/{match_id}/actions", ada.cookie, move)
            assert status == 200 and after["seq"] == state["seq"] + 1  # the match continues
        finally:
            again.kill()


def _app(settings: Settings) -> Any:
    from app.main import create_app

    return create_app(settings)


def _restart_postgres() -> None:
    clusters = sorted(Path("/etc/postgresql").iterdir())
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", clusters[-1].name, "main", "restart"],
        check=True,
        capture_output=True,
    )


class TestDatabaseRestart:
    def test_play_goes_on_after_postgres_restarts(
        self, settings: Settings, client: TestClient, counts: Counts
    ) -> None:
        if not settings.database_url.startswith("postgres"):
            pytest.skip("needs Postgres (CI sets DATABASE_URL)")
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket_:
            message = receive_until(socket_, mine=True)
            first = message["v"]
            _restart_postgres()
            for _ in range(6):  # Ada plays on; the bots answer in between
                if not message["d"]["legal"]:
                    message = receive_until(socket_, mine=True)
                socket_.send_json({"t": "act", "v": message["v"], "d": message["d"]["legal"][0]})
                moved = socket_.receive_json()
                assert moved["t"] == "state" and moved["v"] == message["v"] + 1
                message = moved
        stored = counts(match_id=match_id)
        assert stored["actions"] == stored["version"] >= message["v"]
        assert message["v"] > first + 6  # the bots moved through the restart too
