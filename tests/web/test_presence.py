"""Presence and spectators (issue 10): every seat shows whether its player is connected,
spectators are counted, and a table may refuse them."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.support import FakeClock
from tests.web.helpers import Guest, open_table, start, watch_code


class TestPresence:
    def test_seats_go_online_and_away_and_spectators_are_counted(self, client: TestClient) -> None:
        ada, ben, eve = Guest(client, "Ada"), Guest(client, "Ben"), Guest(client, "Eve")
        lobby = open_table(ada, players=3, bots=1)  # Ada 0, bot 1, Ben 2
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        with ada.ws(match_id) as ada_socket:
            first = ada_socket.receive_json()
            online = [player["online"] for player in first["d"]["match"]["players"]]
            assert online == [True, True, False]  # a bot is always there; Ben is away
            assert first["d"]["match"]["spectators"] == 0 and first["d"]["match"]["watching"] == []

            def next_presence() -> dict[str, object]:
                while True:
                    message = ada_socket.receive_json()
                    if message["t"] == "presence":
                        data: dict[str, object] = message["d"]
                        return data

            with ben.ws(match_id):
                assert next_presence() == {"online": [0, 2], "spectators": 0, "watching": []}
                with eve.ws(match_id, watch=watch), eve.ws(match_id, watch=watch) as second_tab:
                    # Spectators are listed by name, once however many tabs they open.
                    assert next_presence() == {
                        "online": [0, 2],
                        "spectators": 1,
                        "watching": ["Eve"],
                    }
                    assert next_presence() == {
                        "online": [0, 2],
                        "spectators": 1,
                        "watching": ["Eve"],
                    }
                    assert second_tab.receive_json()["d"]["match"]["watching"] == ["Eve"]
                assert next_presence()["watching"] == ["Eve"]  # one tab closed, one still open
                assert next_presence() == {"online": [0, 2], "spectators": 0, "watching": []}
            assert next_presence() == {"online": [0], "spectators": 0, "watching": []}


class TestSpectatorSetting:
    def test_a_table_may_refuse_watchers(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        response = ada.post(
            "/api/lobbies", {"game": "coloretto", "players": 3, "spectators": False}
        )
        lobby = response.json()
        assert lobby["spectators"] is False
        for _ in range(2):
            ada.post(f"/api/lobbies/{lobby['id']}/bots", {})
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        refused = eve.get(f"/api/matches/{match_id}?watch={watch}")
        assert refused.status_code == 403 and refused.json()["code"] == "no_spectators"
        with eve.ws(match_id, watch=watch) as socket, pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403 and closed.value.reason == refused.json()["detail"]
        assert ada.get(f"/api/matches/{match_id}").status_code == 200  # players still see it

    def test_by_default_anyone_with_the_link_may_watch(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby = open_table(ada)
        assert lobby["spectators"] is True
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        watched = eve.get(f"/api/matches/{match_id}?watch={watch}").json()
        assert watched["view"]["you"] is None and watched["legal"] == []


class TestAwaySince:
    """Issue 25: the table says since when a person is disconnected (public, as presence is),
    so that the host of a table without a timer can be offered to hand their seat to a bot."""

    def test_offline_since_is_set_when_the_last_socket_closes_and_cleared_on_return(
        self, client: TestClient, clock: FakeClock
    ) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = open_table(ada, players=3, bots=1)  # Ada 0, bot 1, Ben 2
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        with ben.ws(match_id) as ben_socket:
            ben_socket.receive_json()
            table = ada.get(f"/api/matches/{match_id}").json()["match"]
            ben_player = table["players"][2]
            assert (ben_player["offline_since"], ben_player["offline_ms"]) == (None, None)
            # Ada has no socket: offline since the match was loaded; a bot never is.
            assert table["players"][0]["offline_since"] is not None
            assert table["players"][1]["offline_since"] is None
            assert table["away_offer_ms"] == 180_000  # Settings.away_offer_after's default
            with ben.ws(match_id) as second_tab:
                second_tab.receive_json()
            # One of Ben's tabs closed, the other is still open: he is not away.
            assert (
                ada.get(f"/api/matches/{match_id}").json()["match"]["players"][2]["offline_ms"]
                is None
            )
            left = clock.now()
        clock.advance(200)
        ben_player = ada.get(f"/api/matches/{match_id}").json()["match"]["players"][2]
        assert ben_player["online"] is False
        assert datetime.fromisoformat(ben_player["offline_since"]) >= left - timedelta(seconds=1)
        # 200 s on the server's clock, counted from the last socket's close (not the first's).
        assert 200_000 <= ben_player["offline_ms"] < 205_000
        with ben.ws(match_id) as ben_socket:
            ben_socket.receive_json()
            ben_player = ada.get(f"/api/matches/{match_id}").json()["match"]["players"][2]
            assert (ben_player["online"], ben_player["offline_ms"]) == (True, None)
        clock.advance(5)
        assert (
            5_000
            <= ada.get(f"/api/matches/{match_id}").json()["match"]["players"][2]["offline_ms"]
            < 10_000
        )

    def test_a_seat_handed_to_a_bot_is_not_away(self, client: TestClient) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = open_table(ada, players=3, bots=1)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        assert (
            ada.get(f"/api/matches/{match_id}").json()["match"]["players"][2]["offline_ms"]
            is not None
        )
        ada.post(f"/api/matches/{match_id}/seats/2/bot")
        ben_player = ada.get(f"/api/matches/{match_id}").json()["match"]["players"][2]
        assert ben_player["bot"] and ben_player["offline_since"] is None
