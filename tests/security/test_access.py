"""Access control, endpoint by endpoint (issue 4): every request that needs a signed-in guest is
refused without a valid cookie, and members-only or seat-only requests refuse other guests."""

from __future__ import annotations

import time
from typing import Any

import pytest
from itsdangerous import TimestampSigner, URLSafeTimedSerializer
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from tests.web.helpers import Counts, Guest, open_table, start

# (method, path, body); {lobby} and {match} are filled in.
SIGNED_IN_ONLY: list[tuple[str, str, Any]] = [
    ("GET", "/api/session", None),
    ("POST", "/api/session/password", {"password": "long enough"}),
    ("POST", "/api/lobbies", {"game": "coloretto", "players": 3}),
    ("POST", "/api/lobbies/join", {"invite_code": "whatever"}),
    ("GET", "/api/lobbies/{lobby}", None),
    ("POST", "/api/lobbies/{lobby}/bots", {}),
    ("DELETE", "/api/lobbies/{lobby}/seats/1", None),
    ("POST", "/api/lobbies/{lobby}/start", None),
    ("POST", "/api/lobbies/{lobby}/rematch", None),
    ("GET", "/api/matches?mine=1", None),
    ("GET", "/api/matches/{match}", None),
    ("POST", "/api/matches/{match}/actions", {"seq": 0, "action": {"type": "draw"}}),
    ("POST", "/api/matches/{match}/seats/0/bot", None),
    ("POST", "/api/matches/{match}/seats/0/back", None),
    ("POST", "/api/matches/{match}/seats/1/invite", None),
    ("POST", "/api/seats/invitation", {"code": "whatever"}),
    ("POST", "/api/seats/claim", {"code": "whatever"}),
    ("GET", "/api/matches/{match}/replay", None),
    ("GET", "/api/matches/{match}/record", None),
    ("GET", "/api/matches/{match}/export", None),
    ("GET", "/api/matches/{match}/verify", None),
]


class _Ancient(TimestampSigner):
    """Signs as if it were a year ago."""

    def get_timestamp(self) -> int:
        return int(time.time()) - 365 * 24 * 3600


def _cookies(client: TestClient, settings: Settings) -> dict[str, str]:
    """Cookies that must not work: forged, expired, revoked."""
    mallory = Guest(client, "Mallory")
    token = URLSafeTimedSerializer(settings.signing_key(), salt="parlor-session").loads(
        mallory.cookie
    )
    expired = URLSafeTimedSerializer(
        settings.signing_key(), salt="parlor-session", signer=_Ancient
    ).dumps(token)
    forged = URLSafeTimedSerializer("not the key", salt="parlor-session").dumps(token)
    revoked = Guest(client, "Gone")
    revoked.post("/api/session/logout")
    return {"forged": forged, "expired": expired, "revoked": revoked.cookie}


@pytest.fixture
def table(client: TestClient) -> dict[str, int]:
    host = Guest(client, "Host")
    lobby = open_table(host)
    return {"lobby": lobby["id"], "match": start(host, lobby["id"])}


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN_ONLY, ids=lambda v: str(v))
def test_refused_without_a_valid_cookie(
    client: TestClient,
    settings: Settings,
    counts: Counts,
    table: dict[str, int],
    method: str,
    path: str,
    body: Any,
) -> None:
    url = path.format(**table)
    before = counts(match_id=table["match"], lobby_id=table["lobby"])
    for kind, cookie in {"none": "", **_cookies(client, settings)}.items():
        headers = {"Cookie": f"parlor_session={cookie}"} if cookie else {}
        response = client.request(method, url, json=body, headers=headers)
        client.cookies.clear()
        assert response.status_code == 401, (kind, response.text)
        assert response.json()["code"] == "not_signed_in"
    assert counts(match_id=table["match"], lobby_id=table["lobby"]) == before


def test_the_socket_refuses_bad_cookies(
    client: TestClient, settings: Settings, table: dict[str, int]
) -> None:
    for cookie in _cookies(client, settings).values():
        with (
            client.websocket_connect(
                f"/ws/matches/{table['match']}",
                headers={"Cookie": f"parlor_session={cookie}", "Origin": "http://testserver"},
            ) as socket,
            pytest.raises(WebSocketDisconnect) as refused,
        ):
            socket.receive_json()
        assert refused.value.code == 4401  # accepted, then closed with why (issue 16)


class TestOtherGuests:
    def test_a_non_member_can_neither_read_nor_manage_a_lobby(
        self, client: TestClient, counts: Counts
    ) -> None:
        host, eve = Guest(client, "Host"), Guest(client, "Eve")
        lobby = open_table(host, bots=1)
        before = counts(lobby_id=lobby["id"])
        attempts = [
            eve.get(f"/api/lobbies/{lobby['id']}"),
            eve.post(f"/api/lobbies/{lobby['id']}/bots", {}),
            eve.request("DELETE", f"/api/lobbies/{lobby['id']}/seats/1"),
            eve.post(f"/api/lobbies/{lobby['id']}/start"),
        ]
        assert [response.status_code for response in attempts] == [403, 403, 403, 403]
        assert counts(lobby_id=lobby["id"]) == before

    def test_a_guest_cannot_remove_another_guest(self, client: TestClient) -> None:
        host, ben, cid = Guest(client, "Host"), Guest(client, "Ben"), Guest(client, "Cid")
        lobby = open_table(host, bots=0)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        cid.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        response = cid.request("DELETE", f"/api/lobbies/{lobby['id']}/seats/1")  # Ben's seat
        assert response.status_code == 403 and response.json()["code"] == "not_host"
