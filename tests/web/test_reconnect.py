"""Reconnection (issue 10): a socket cut mid-match catches up on reconnecting, with nothing
lost or repeated; a server restart closes sockets with 1012 so pages come back by themselves."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.helpers import Counts, Guest, open_table, receive_until, start


class TestReconnect:
    def test_a_cut_socket_catches_up(self, client: TestClient, counts: Counts) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        seen: list[int] = []
        with ada.ws(match_id) as socket:  # play a few moves, then the connection drops
            for _ in range(3):
                mine = receive_until(socket, mine=True)
                seen.append(mine["v"])
                socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
            moved = socket.receive_json()
            assert moved["v"] == seen[-1] + 1
        # Meanwhile the bots play on; coming back, the first state is the present one.
        with ada.ws(match_id) as socket:
            back = socket.receive_json()
            assert back["t"] == "state"
            stored = counts(match_id=match_id)
            assert back["v"] >= moved["v"]
            assert back["v"] <= stored["version"] == stored["actions"]
            mine = back if back["d"]["legal"] else receive_until(socket, mine=True)
            latest = ada.get(f"/api/matches/{match_id}").json()
            assert mine["v"] == latest["seq"]  # caught up: same version as the server's
            socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
            assert socket.receive_json()["v"] == mine["v"] + 1  # and the match goes on

    def test_a_server_restart_asks_pages_to_reconnect(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with ada.ws(match_id) as socket:
            receive_until(socket, mine=True)
            assert client.portal is not None
            client.portal.call(hub.disconnect)  # what shutdown does (Hub.close)
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    socket.receive_json()
            assert closed.value.code == 1012
        with ada.ws(match_id) as socket:  # and the page's reconnect is served as usual
            assert socket.receive_json()["t"] == "state"
