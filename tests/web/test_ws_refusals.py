"""A refused match socket says why (issue 16): it is accepted, then closed with an application
code and a sentence (4401 not signed in, 4403 not allowed, 4404 no such match), so the page can
tell the person and stop retrying; before, every refusal was an HTTP 403 at the handshake, which
a browser only sees as 1006 (and retried every 10 s). Refusing changes nothing: the refused
socket never joins the table."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.helpers import (
    ORIGIN,
    Guest,
    MatchSocket,
    open_table,
    receive_until,
    start,
    watch_code,
)


def _closed(socket: MatchSocket) -> tuple[int, str]:
    """The code and reason the server closes an accepted socket with (no frame before it)."""
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return closed.value.code, closed.value.reason


class TestRefusals:
    def test_without_a_valid_cookie_4401_says_to_sign_in(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        signed_out = Guest(client, "Ben")
        assert signed_out.post("/api/session/logout").status_code == 204
        for headers in (
            {"Origin": ORIGIN},  # no cookie at all
            {"Origin": ORIGIN, "Cookie": "parlor_session=forged"},
            {**signed_out.headers, "Origin": ORIGIN},  # a revoked login
        ):
            opened = client.websocket_connect(f"/ws/matches/{match_id}", headers=headers)
            with MatchSocket(opened) as socket:
                code, reason = _closed(socket)
            assert code == 4401
            assert "not signed in" in reason and "sign in" in reason

    def test_an_unknown_match_is_4404(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        with ada.ws(2_000_000_000) as socket:
            assert _closed(socket) == (4404, "No such match.")

    def test_a_table_without_spectators_is_4403_for_others(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby = ada.post(
            "/api/lobbies", {"game": "coloretto", "players": 3, "spectators": False}
        ).json()
        for _ in range(2):
            ada.post(f"/api/lobbies/{lobby['id']}/bots", {})
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        with ada.ws(match_id) as host:
            receive_until(host, mine=True)  # the bots wait for Ada now: nothing else moves
            with eve.ws(match_id, watch=watch) as socket:
                assert _closed(socket) == (4403, "This table does not let others watch.")
            # Eve never joined the table: no presence came and went before the asked-for state.
            host.send_json({"t": "sync"})
            assert host.receive_json()["t"] == "state"

    def test_a_match_id_that_is_no_row_id_is_refused_at_the_handshake(
        self, client: TestClient
    ) -> None:
        # The socket is served outside FastAPI's routing (MatchSockets): its id is checked as
        # a route's path parameter would be, a policy violation before anything is looked up.
        ada = Guest(client, "Ada")
        for bad in ("abc", "0", "-1", str(2**31), "1.5", "١"):
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(
                    f"/ws/matches/{bad}", headers={**ada.headers, "Origin": ORIGIN}
                ),
            ):
                pass
            assert refused.value.code == 1008, bad

    def test_another_sites_page_is_still_refused_at_the_handshake(self, client: TestClient) -> None:
        # The one refusal that says nothing: it is for another site's page, which must learn
        # nothing about the visitor (not even whether they are signed in); this site's pages
        # never send a foreign Origin.
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            ada.ws(match_id, origin="https://evil.example"),
        ):
            pass
        assert refused.value.code == 1008
