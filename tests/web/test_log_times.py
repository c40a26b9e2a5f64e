"""The log's times and seat holders (issue 25): each move's log entries carry its time (none in
a sealed game), and who held each seat from which entry on, kept when the match is rebuilt
from its log."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.helpers import Guest, open_table, start


class TestLogTimesAndHolders:
    def test_holders_and_times_follow_the_moves_and_survive_a_reload(
        self, client: TestClient
    ) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = open_table(ada, players=3, bots=1)  # Ada 0, bot 1, Ben 2
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        state = ada.get(f"/api/matches/{match_id}").json()
        assert state["log_times"][0][0] == 0  # the deal's entries, at the match's start
        assert [holder["name"] for holder in state["holders"]] == ["Ada", "Bot 2", "Ben"]
        assert {holder["log"] for holder in state["holders"]} == {0}
        # Whoever is to move plays one move: it writes entries, timed from where the log was.
        seat = state["view"]["to_act"]
        mover = {0: ada, 2: ben}.get(seat)
        if mover is not None:
            legal = mover.get(f"/api/matches/{match_id}").json()["legal"]
            mover.post(
                f"/api/matches/{match_id}/actions", {"seq": state["seq"], "action": legal[0]}
            )
        later = ada.get(f"/api/matches/{match_id}").json()
        assert len(later["log"]) > 0
        firsts = [mark[0] for mark in later["log_times"]]
        assert firsts == sorted(set(firsts)) and firsts[-1] < len(later["log"])
        length = len(later["log"])
        assert ada.post(f"/api/matches/{match_id}/seats/2/bot").status_code == 204
        handed = ada.get(f"/api/matches/{match_id}").json()
        # From the log's length at the handover: a bot may have moved since ``later``.
        holder = handed["holders"][-1]
        assert {key: holder[key] for key in ("seat", "name")} == {"seat": 2, "name": "Bot 3"}
        assert length <= holder["log"] <= len(handed["log"])
        # Rebuilt from its log (another instance, a restart): the same holders and times.
        client.app.state.hub.forget(match_id)  # type: ignore[attr-defined]
        reloaded = ada.get(f"/api/matches/{match_id}").json()
        assert reloaded["holders"] == handed["holders"]
        # The bots play on meanwhile: the times so far are kept, later moves add their own.
        assert reloaded["log_times"][: len(handed["log_times"])] == handed["log_times"]

    def test_a_sealed_game_gives_no_times(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        werewolf = ada.post("/api/lobbies", {"game": "werewolf", "players": 5}).json()
        ada.post(f"/api/lobbies/{werewolf['id']}/bots", {"fill": True})
        night = start(ada, werewolf["id"])
        state = ada.get(f"/api/matches/{night}").json()
        assert state["log_times"] == [] and len(state["holders"]) == 5
