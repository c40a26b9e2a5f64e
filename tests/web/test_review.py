"""Reviewing matches: replays through a seat's eyes, limited while the match is live (issue 9)."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.rules import GAMES
from tests.support import replayed_states
from tests.web.helpers import Guest, open_table, receive_until, start

COLORETTO = GAMES["coloretto"]


def _finish(ada: Guest, match_id: int) -> None:
    with ada.ws(match_id) as socket:
        while True:
            message = receive_until(socket, mine=True)
            if message["d"]["outcome"] is not None:
                return
            socket.send_json({"t": "act", "v": message["v"], "d": message["d"]["legal"][0]})


class TestFinishedReplay:
    def test_every_step_through_any_seat_and_the_public_view(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        match_id = start(ada, open_table(ada)["id"])
        _finish(ada, match_id)
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
        refused = eve.get(f"/api/matches/{match_id}/replay")
        assert refused.status_code == 403 and refused.json()["code"] == "not_player"


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
