"""Leaving a match and handing a seat to a bot (issue 10)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from app.matches import repository
from tests.web.helpers import Guest, open_table, play_to_the_end, start


def _two_people_and_a_bot(client: TestClient) -> tuple[Guest, Guest, int]:
    ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
    lobby = open_table(ada, players=3, bots=1)  # Ada 0, bot 1, Ben 2
    ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    return ada, ben, start(ada, lobby["id"])


def _bots(state: dict[str, Any]) -> list[str | None]:
    return [player["bot"] for player in state["match"]["players"]]


class TestLeaving:
    def test_a_player_leaves_and_a_bot_plays_on(self, client: TestClient) -> None:
        ada, ben, match_id = _two_people_and_a_bot(client)
        with ben.ws(match_id) as ben_socket:
            first = ben_socket.receive_json()
            assert first["d"]["view"]["you"] == 2
            left = ben.post(f"/api/matches/{match_id}/seats/2/bot")
            assert left.status_code == 204
            # Ben's socket now shows him the public view: he watches, he does not play.
            while True:
                message = ben_socket.receive_json()
                if message["t"] == "state" and _bots(message["d"])[2]:
                    break
            assert message["d"]["view"]["you"] is None and message["d"]["legal"] == []
        refused = ben.post(
            f"/api/matches/{match_id}/actions", {"seq": 0, "action": {"type": "draw"}}
        )
        # No longer seated: he watches (he played the match, so he needs no watch link).
        assert refused.status_code == 403 and refused.json()["code"] == "not_seated"
        # Ada plays to the end against two bots: the stand-in takes Ben's turns.
        play_to_the_end(ada, match_id)
        record = ada.get(f"/api/matches/{match_id}/record").json()
        assert any(entry["seat"] == 2 for entry in record["actions"])
        assert ada.get(f"/api/matches/{match_id}/verify").json()["ok"] is True

    def test_the_host_hands_a_seat_over_and_others_cannot(self, client: TestClient) -> None:
        ada, ben, match_id = _two_people_and_a_bot(client)
        refused = ben.post(f"/api/matches/{match_id}/seats/0/bot")  # Ben is not the host
        assert refused.status_code == 403 and refused.json()["code"] == "not_host"
        assert ada.post(f"/api/matches/{match_id}/seats/2/bot").status_code == 204
        state = ada.get(f"/api/matches/{match_id}").json()
        assert _bots(state) == [None, "normal", "normal"]
        again = ada.post(f"/api/matches/{match_id}/seats/1/bot")  # already a bot
        assert again.status_code == 409 and again.json()["code"] == "not_a_person"

    def test_a_hand_over_whose_signal_fails_stores_nothing(
        self, client: TestClient, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        ada, ben, match_id = _two_people_and_a_bot(client)

        sent = repository.signal

        async def lost(session: Any, **kwargs: Any) -> None:
            if kwargs["kind"] == "match":
                raise RuntimeError("the signal could not be sent")
            await sent(session, **kwargs)

        # The seat, its holding, the chat notice, the clock and the signal are one transaction
        # (app/signals.py): when the last of them fails, none of them is stored.
        monkeypatch.setattr(repository, "signal", lost)
        with pytest.raises(RuntimeError):
            ada.post(f"/api/matches/{match_id}/seats/2/bot")
        monkeypatch.undo()
        client.app.state.hub.forget(match_id)  # type: ignore[attr-defined]
        state = ada.get(f"/api/matches/{match_id}").json()  # rebuilt from the database
        assert _bots(state) == [None, "normal", None]
        assert state["match"]["players"][2]["name"] == "Ben"
        assert ben.get(f"/api/matches/{match_id}").json()["match"]["seat"] == 2
        with ada.ws(match_id) as socket:
            first = socket.receive_json()
            assert first["t"] == "state" and first["d"]["chat"] == []  # no notice either
