"""Live play over WebSockets and HTTP against the real app and database (design 2.3)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.main import create_app
from app.rules import GAMES
from tests.support import replayed_states
from tests.web.helpers import Counts, Guest, open_table, receive_until, start, watch_code

COLORETTO = GAMES["coloretto"]


def _play_to_the_end(socket: Any) -> list[dict[str, Any]]:
    """Play the first legal action whenever it is our turn; return every message received."""
    seen: list[dict[str, Any]] = []
    while True:
        message = socket.receive_json()
        seen.append(message)
        if message["t"] != "state":
            continue
        data = message["d"]
        if data["outcome"] is not None:
            return seen
        if data["legal"]:
            socket.send_json({"t": "act", "v": message["v"], "d": data["legal"][0]})


class TestFullMatch:
    def test_one_player_and_two_bots_play_to_the_end_without_leaks(
        self, client: TestClient
    ) -> None:
        ada = Guest(client, "Ada")
        lobby = open_table(ada, players=3, bots=2)
        match_id = start(ada, lobby["id"])
        with ada.ws(match_id) as socket:
            messages = _play_to_the_end(socket)
        final = messages[-1]["d"]
        assert final["match"]["status"] == "finished"
        assert len(final["outcome"]["scores"]) == 3
        assert final["outcome"]["winners"]

        record = ada.get(f"/api/matches/{match_id}/record").json()
        assert hashlib.sha256(bytes.fromhex(record["seed"])).hexdigest() == record["commitment"]
        assert record["outcome"] == final["outcome"]
        assert [entry["seq"] for entry in record["actions"]] == list(
            range(1, len(record["actions"]) + 1)
        )
        # The commitment was shown from the first message on; the seed never before the end.
        states = [m for m in messages if m["t"] == "state"]
        assert states[0]["d"]["match"]["commitment"] == record["commitment"]
        for message in states[:-1]:
            assert record["seed"] not in json.dumps(message)

        # No message reveals the draw pile's order: each one is exactly what the same state
        # with the pile reversed would have produced (rules/coloretto.md, Information).
        truth = replayed_states(record)
        for message in states:
            state = truth[message["v"]]
            hidden = dataclasses.replace(state, pile=tuple(reversed(state.pile)))
            assert message["d"]["view"] == COLORETTO.view(hidden, 0)
            assert message["d"]["log"] == COLORETTO.log(hidden, 0)
            assert message["d"]["legal"] == COLORETTO.legal_actions(hidden, 0)

        verified = ada.get(f"/api/matches/{match_id}/verify").json()
        assert verified["ok"] is True and verified["problems"] == []
        assert [check["ok"] for check in verified["checks"]] == [True, True, True]

        history = ada.get("/api/matches?mine=1").json()["matches"]
        listed = next(m for m in history if m["id"] == match_id)
        assert listed["status"] == "finished"
        assert listed["scores"] == final["outcome"]["scores"]
        assert listed["your_place"] == 1 + sum(
            score > final["outcome"]["scores"][0] for score in final["outcome"]["scores"]
        )

    def test_a_bot_that_chooses_an_illegal_action_is_logged_and_the_match_goes_on(
        self, client: TestClient, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def broken(_view: Any, _legal: Any, _rng: Any) -> dict[str, Any]:
            return {"type": "steal_the_deck"}

        monkeypatch.setitem(GAMES, "coloretto", dataclasses.replace(COLORETTO, bot=broken))
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        with caplog.at_level("ERROR", logger="app.matches"), ada.ws(match_id) as socket:
            final = _play_to_the_end(socket)[-1]["d"]
        assert final["match"]["status"] == "finished"
        record = ada.get(f"/api/matches/{match_id}/record").json()
        bot_moves = [entry for entry in record["actions"] if entry["seat"] != 0]
        assert bot_moves  # the bots did play, each time the first legal action instead
        errors = [entry for entry in caplog.records if entry.levelname == "ERROR"]
        assert len(errors) == len(bot_moves)
        for error, move in zip(errors, bot_moves, strict=True):
            text = error.getMessage()
            assert f"match {match_id} in seat {move['seat']}" in text
            assert "'steal_the_deck'" in text
        assert ada.get(f"/api/matches/{match_id}/verify").json()["ok"] is True

    def test_a_tampered_record_fails_verification(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        with ada.ws(match_id) as socket:
            _play_to_the_end(socket)
        export = ada.get(f"/api/matches/{match_id}/export")
        assert "attachment" in export.headers["content-disposition"]
        record = export.json()
        assert client.post("/api/verify", json=record).json()["ok"] is True

        other_seed = dict(record, seed="00" * 32)
        problems = client.post("/api/verify", json=other_seed).json()
        assert problems["ok"] is False
        assert any("commitment" in problem for problem in problems["problems"])

        changed = json.loads(json.dumps(record))
        changed["outcome"]["scores"][0] += 1
        assert client.post("/api/verify", json=changed).json()["ok"] is False

        # A hand-edited action: refused with the reason, naming the action.
        edited = json.loads(json.dumps(record))
        edited["actions"][0]["action"] = {"type": "take_row", "row": 0}  # rows start empty
        answer = client.post("/api/verify", json=edited).json()
        assert answer["ok"] is False
        assert any("Action 1 is not legal" in problem for problem in answer["problems"])

        older = dict(record, rules_version="0")
        assert client.post("/api/verify", json=older).json()["ok"] is False

        garbage = client.post("/api/verify", content=b"not json")
        assert garbage.status_code == 400 and garbage.json()["code"] == "bad_json"


class TestRefusals:
    def _my_turn(self, client: TestClient) -> tuple[Guest, int, Any]:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        return ada, match_id, ada.ws(match_id)

    def test_stale_illegal_and_malformed_messages_change_nothing(
        self, client: TestClient, counts: Counts
    ) -> None:
        ada, match_id, connection = self._my_turn(client)
        with connection as socket:
            mine = receive_until(socket, mine=True)
            seq = mine["v"]
            before = counts(match_id=match_id)
            assert before == {"actions": seq, "version": seq}

            socket.send_json({"t": "act", "v": seq - 1, "d": mine["d"]["legal"][0]})
            assert socket.receive_json()["d"]["code"] == "stale"
            fresh = socket.receive_json()
            assert fresh["t"] == "state" and fresh["v"] == seq

            socket.send_json({"t": "act", "v": seq, "d": {"type": "take_row", "row": 99}})
            error = socket.receive_json()
            assert error["t"] == "error" and error["d"]["code"] != "stale"
            assert error["d"]["detail"]

            socket.send_json({"t": "act", "v": seq, "d": {"type": "fly"}})
            assert socket.receive_json()["d"]["code"] == "bad_action"

            socket.send_text("{not json")
            assert socket.receive_json()["d"]["code"] == "bad_message"

            socket.send_json({"t": "dance"})
            assert socket.receive_json()["d"]["code"] == "bad_message"

            socket.send_json({"t": "act", "v": "seven", "d": {"type": "draw"}})
            assert socket.receive_json()["d"]["code"] == "bad_seq"

            socket.send_json({"t": "sync"})
            synced = socket.receive_json()
            assert synced["t"] == "state" and synced["v"] == seq
            assert counts(match_id=match_id) == before

            # The socket still works after all that.
            socket.send_json({"t": "act", "v": seq, "d": mine["d"]["legal"][0]})
            moved = socket.receive_json()
            assert moved["t"] == "state" and moved["v"] == seq + 1

    def test_oversized_frame_closes_the_socket(self, client: TestClient) -> None:
        _ada, _match_id, connection = self._my_turn(client)
        with connection as socket:
            socket.receive_json()
            socket.send_text("x" * (64 * 1024 + 1))
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    socket.receive_json()
            assert closed.value.code == 1009

    def test_out_of_turn_and_other_seats(self, client: TestClient, counts: Counts) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = open_table(ada, players=3, bots=1)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        state = ada.get(f"/api/matches/{match_id}").json()
        # Wait (through Ada's socket) until a person is to act: bots move on their own.
        with ada.ws(match_id) as socket:
            while state["view"]["to_act"] == 1:
                message = socket.receive_json()
                state = {"seq": message["v"], **message["d"]}
        waiting = ben if state["view"]["to_act"] == 0 else ada
        seq = state["seq"]
        before = counts(match_id=match_id)
        response = waiting.post(
            f"/api/matches/{match_id}/actions", {"seq": seq, "action": {"type": "draw"}}
        )
        assert response.status_code == 409
        assert response.json()["code"] == "not_your_turn"
        # A seat cannot be named: the seat is the cookie's, and extra fields are refused.
        forged = waiting.post(
            f"/api/matches/{match_id}/actions",
            {"seq": seq, "action": {"type": "draw"}, "seat": state["view"]["to_act"]},
        )
        assert forged.status_code == 422
        assert counts(match_id=match_id) == before

    def test_a_spectator_sees_public_information_and_cannot_act(
        self, client: TestClient, counts: Counts
    ) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby = open_table(ada, players=3, bots=2)
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        with ada.ws(match_id) as socket:
            receive_until(socket, mine=True)  # the bots wait for Ada now: nothing moves
        watched = eve.get(f"/api/matches/{match_id}?watch={watch}").json()
        assert watched["view"]["you"] is None and watched["legal"] == []
        assert watched["match"]["seat"] is None
        before = counts(match_id=match_id)
        response = eve.post(
            f"/api/matches/{match_id}/actions?watch={watch}",
            {"seq": watched["seq"], "action": {"type": "draw"}},
        )
        assert response.status_code == 403 and response.json()["code"] == "not_seated"
        assert counts(match_id=match_id) == before

    def test_the_record_is_published_only_after_the_end(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        response = ada.get(f"/api/matches/{match_id}/record")
        assert response.status_code == 409 and response.json()["code"] == "not_finished"
        assert ada.get(f"/api/matches/{match_id}/verify").status_code == 409

    def test_unknown_match(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        assert ada.get("/api/matches/999999").status_code == 404
        with ada.ws(999999) as socket, pytest.raises(WebSocketDisconnect) as refused:
            socket.receive_json()
        assert refused.value.code == 4404  # accepted, then closed with why (no such match)


class TestHandshake:
    def test_no_cookie_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        with (
            client.websocket_connect(f"/ws/matches/{match_id}") as socket,
            pytest.raises(WebSocketDisconnect) as refused,
        ):
            socket.receive_json()
        assert refused.value.code == 4401  # accepted, then closed with why (not signed in)

    def test_another_sites_origin_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            ada.ws(match_id, origin="https://evil.example"),
        ):
            pass
        assert refused.value.code == 1008


class TestHttpMoves:
    def test_move_over_http_then_stale(self, client: TestClient, counts: Counts) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
        seq, action = mine["v"], mine["d"]["legal"][0]
        moved = ada.post(f"/api/matches/{match_id}/actions", {"seq": seq, "action": action})
        assert moved.status_code == 200
        assert moved.json()["seq"] == seq + 1
        before = counts(match_id=match_id)
        stale = ada.post(f"/api/matches/{match_id}/actions", {"seq": seq, "action": action})
        assert stale.status_code == 409 and stale.json()["code"] == "stale"
        assert counts(match_id=match_id) == before


class TestRestart:
    def test_a_match_is_rebuilt_from_its_log(self, settings: Settings) -> None:
        with TestClient(create_app(settings)) as client:
            ada = Guest(client, "Ada")
            match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
            with ada.ws(match_id) as socket:
                mine = receive_until(socket, mine=True)
                socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
                receive_until(socket, mine=True)
            before = ada.get(f"/api/matches/{match_id}").json()
            cookie = ada.cookie
        assert before["seq"] >= 1
        with TestClient(create_app(settings)) as client:  # a new process: nothing in memory
            after = client.get(
                f"/api/matches/{match_id}", headers={"Cookie": f"parlor_session={cookie}"}
            ).json()
        # Who is away, and since when, is this process's knowledge (presence): a new process
        # knows only since it loaded the match. Everything else is rebuilt from the log.
        for state in (before, after):
            for player in state["match"]["players"]:
                del player["offline_since"], player["offline_ms"]
        assert after == before
