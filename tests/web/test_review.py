"""Reviewing matches: replays through a seat's eyes, limited while the match is live (issue 9);
matches played under an older version of their game's rules (issue 15)."""

from __future__ import annotations

import functools
import hashlib
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.main import create_app
from app.matches import loading
from app.models import Match
from app.models.base import utcnow
from app.rules import GAMES
from tests.support import replayed_states, run_coroutine
from tests.web.helpers import ORIGIN, Guest, open_table, play_to_the_end, receive_until, start

COLORETTO = GAMES["coloretto"]
OLDER = "0"
"""A rules version older than any game's (every game started at "1")."""


class TestFinishedReplay:
    def test_every_step_through_any_seat_and_the_public_view(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        match_id = start(ada, open_table(ada)["id"])
        play_to_the_end(ada, match_id)
        record = ada.get(f"/api/matches/{match_id}/record").json()
        truth = replayed_states(record)
        for query, seat in (("", 0), ("?seat=2", 2), ("?public=true", None)):
            replay = ada.get(f"/api/matches/{match_id}/replay{query}").json()
            assert replay["seat"] == seat
            steps = replay["steps"]
            assert len(steps) == len(record["actions"]) + 1
            assert steps[0]["move"] is None
            assert [step["move"]["action"] for step in steps[1:]] == [
                entry["action"] for entry in record["actions"]
            ]
            for index, step in enumerate(steps):
                assert step["view"] == COLORETTO.view(truth[index], seat)
                log = step.get("log", replay["log"][: step.get("log_size", 0)])
                assert log == COLORETTO.log(truth[index], seat)
            assert steps[-1]["outcome"] == record["outcome"]
        everyone = ada.get(f"/api/matches/{match_id}/replay?everyone=true").json()
        for index, step in enumerate(everyone["steps"]):
            assert step["views"] == [COLORETTO.view(truth[index], seat) for seat in range(3)]
        refused = eve.get(f"/api/matches/{match_id}/replay")  # no such match, for Eve
        assert refused.status_code == 404 and refused.json()["code"] == "not_found"


class TestLiveReplay:
    def test_only_through_your_own_eyes_and_without_the_actions(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
        replay = ada.get(f"/api/matches/{match_id}/replay").json()
        assert replay["seat"] == 0 and replay["status"] == "playing"
        assert len(replay["steps"]) == mine["v"] + 1
        assert replay["steps"][-1]["view"] == mine["d"]["view"]  # what Ada sees now
        assert all("action" not in step["move"] for step in replay["steps"][1:])
        for query in ("?seat=1", "?public=true", "?everyone=true"):
            response = ada.get(f"/api/matches/{match_id}/replay{query}")
            assert response.status_code == 403 and response.json()["code"] == "live_replay"


def _store(settings: Settings, match_id: int, **values: Any) -> None:
    """Write columns of a match's row: ``rules_version=OLDER`` makes it a match stored before
    its game's rules version was bumped."""

    async def write() -> None:
        engine = create_async_engine(settings.async_database_url)
        async with engine.begin() as connection:
            await connection.execute(update(Match).where(Match.id == match_id).values(**values))
        await engine.dispose()

    run_coroutine(write())


def _played_under(version: str) -> str:
    """The start of every answer about a Coloretto match of that version (it names both)."""
    return (
        f"played under rules version {version} of Coloretto; "
        f"this server has version {COLORETTO.version}"
    )


def _texts(verdict: dict[str, Any]) -> list[str]:
    return [check["text"] for check in verdict["checks"]]


class TestOlderRulesVersion:
    def test_a_finished_match_keeps_its_version_and_is_not_replayed(
        self, client: TestClient, settings: Settings
    ) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        play_to_the_end(ada, match_id)
        current = ada.get(f"/api/matches/{match_id}/record").json()
        assert current["rules_version"] == COLORETTO.version  # stored when the match began
        _store(settings, match_id, rules_version=OLDER)

        record = ada.get(f"/api/matches/{match_id}/record").json()
        assert record["rules_version"] == OLDER
        verdict = ada.get(f"/api/matches/{match_id}/verify").json()
        assert not verdict["ok"]
        assert len(verdict["problems"]) == 1 and _played_under(OLDER) in verdict["problems"][0]
        # The commitment does not depend on the rules: checked all the same; nothing replayed.
        assert verdict["checks"][1] == {
            "ok": True,
            "text": "The seed's SHA-256 equals the commitment published before the deal.",
        }
        assert len(verdict["checks"]) == 2
        assert not any("legal" in text for text in _texts(verdict))

        replay = ada.get(f"/api/matches/{match_id}/replay")
        assert replay.status_code == 409
        assert replay.json()["code"] == "rules_version"
        assert _played_under(OLDER) in replay.json()["detail"]

        history = ada.get("/api/matches").json()["matches"]
        listed = next(match for match in history if match["id"] == match_id)
        assert (listed["status"], listed["scores"]) == ("finished", record["outcome"]["scores"])

    def test_a_record_edited_to_claim_another_version_is_not_replayed(
        self, client: TestClient
    ) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        play_to_the_end(ada, match_id)
        record = ada.get(f"/api/matches/{match_id}/record").json()
        assert client.post("/api/verify", json=record).json()["ok"]
        for claimed in ("99", 99):  # the version as text, as records carry it, or a bare number
            verdict = client.post("/api/verify", json={**record, "rules_version": claimed}).json()
            assert not verdict["ok"]
            assert verdict["problems"] == [
                f"This match was {_played_under('99')}, so it cannot replay the actions."
            ]
            assert not any("legal" in text for text in _texts(verdict))

    def test_a_seed_of_another_length_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        play_to_the_end(ada, match_id)
        record = ada.get(f"/api/matches/{match_id}/record").json()
        for seed in ("", record["seed"][:-2], record["seed"] + "00", "ab" * 400_000):
            # The commitment made to fit: only the length gives the seed away.
            commitment = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
            edited = {**record, "seed": seed, "commitment": commitment}
            verdict = client.post("/api/verify", json=edited).json()
            assert not verdict["ok"] and verdict["problems"] == [
                "The seed is not 32 bytes (64 hexadecimal digits)."
            ]

    def test_a_live_match_is_not_resumed_after_its_rules_changed(
        self, client: TestClient, settings: Settings
    ) -> None:
        ada = Guest(client, "Ada")
        lobby = ada.post(
            "/api/lobbies", {"game": "coloretto", "players": 3, "turn_seconds": 24 * 3600}
        ).json()
        for _ in range(2):
            ada.post(f"/api/lobbies/{lobby['id']}/bots", {})
        match_id = start(ada, lobby["id"])
        # Stored with its turn clock running (whoever's turn it is now).
        _store(settings, match_id, rules_version=OLDER, deadline=utcnow() + timedelta(days=1))
        # A new server (the upgraded one): nothing in memory, the match only in the database.
        app = create_app(settings)
        with TestClient(app) as upgraded:
            shown = upgraded.get(f"/api/matches/{match_id}", headers=ada.headers)
            assert shown.status_code == 409 and shown.json()["code"] == "rules_version"
            assert _played_under(OLDER) in shown.json()["detail"]
            moved = upgraded.post(
                f"/api/matches/{match_id}/actions",
                headers=ada.headers,
                json={"seq": 0, "action": {"type": "draw"}},
            )
            assert moved.status_code == 409 and moved.json()["code"] == "rules_version"
            with (
                upgraded.websocket_connect(
                    f"/ws/matches/{match_id}", headers={**ada.headers, "Origin": ORIGIN}
                ) as socket,
                pytest.raises(WebSocketDisconnect) as refused,
            ):
                socket.receive_json()
            assert refused.value.code == 4409 and _played_under(OLDER) in refused.value.reason
            # Its turn clock is not run either: housekeeping leaves it out of the due matches.
            due = functools.partial(
                loading.due_matches, app.state.db, before=utcnow() + timedelta(days=2)
            )
            assert upgraded.portal is not None
            assert match_id not in upgraded.portal.call(due)
            history = upgraded.get("/api/matches", headers=ada.headers).json()["matches"]
            assert [match["status"] for match in history if match["id"] == match_id] == ["playing"]
            # The table is not stuck: a rematch sets the old match aside and deals a new one.
            assert ada.get(f"/api/lobbies/{lobby['id']}").json()["can_rematch"] is True
            fresh = upgraded.post(f"/api/lobbies/{lobby['id']}/rematch", headers=ada.headers)
            assert fresh.status_code == 200, fresh.text
            fresh_id = fresh.json()["match_id"]
            assert fresh_id != match_id
            assert upgraded.get(f"/api/matches/{fresh_id}", headers=ada.headers).status_code == 200
            history = upgraded.get("/api/matches", headers=ada.headers).json()["matches"]
            assert [match["status"] for match in history if match["id"] == match_id] == ["void"]
        _store(settings, match_id, deadline=None)  # no clock left behind for later tests' apps
