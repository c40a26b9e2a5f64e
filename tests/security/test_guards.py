"""Cross-site requests, oversized bodies and rate limits are refused; then service resumes."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.main import create_app
from tests.servers import Server, free_port
from tests.web.helpers import Counts, Guest, open_table, receive_kind, receive_until, start


class TestCrossSite:
    def test_a_post_from_another_sites_page_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.request(
            "POST",
            "/api/lobbies",
            json={"game": "coloretto", "players": 3},
            headers={"Origin": "https://evil.example"},
        )
        assert response.status_code == 403 and response.json()["code"] == "bad_origin"
        assert ada.get("/api/matches?mine=1").status_code == 200  # reading is unaffected

    def test_a_cross_site_fetch_without_origin_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.request(
            "POST",
            "/api/lobbies",
            json={"game": "coloretto", "players": 3},
            headers={"Sec-Fetch-Site": "cross-site"},
        )
        assert response.status_code == 403

    def test_the_sites_own_pages_may_post(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.request(
            "POST",
            "/api/lobbies",
            json={"game": "coloretto", "players": 3},
            headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
        )
        assert response.status_code == 201

    def test_the_same_host_over_another_scheme_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")  # the test client speaks plain http to testserver
        response = ada.request(
            "POST",
            "/api/lobbies",
            json={"game": "coloretto", "players": 3},
            headers={"Origin": "https://testserver"},
        )
        assert response.status_code == 403 and response.json()["code"] == "bad_origin"

    def test_a_socket_from_the_same_host_over_another_scheme_is_refused(
        self, client: TestClient
    ) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with (
            pytest.raises(WebSocketDisconnect),
            ada.ws(match_id, origin="https://testserver") as socket,
        ):
            socket.receive_json()  # refused: no state is ever sent
        with ada.ws(match_id, origin="http://testserver") as socket:
            assert socket.receive_json()["t"] == "state"


class TestSizeLimits:
    def test_an_oversized_body_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.request(
            "POST",
            "/api/lobbies",
            content=b'{"game": "coloretto", "players": 3, "options": {"x": "'
            + b"y" * 70_000
            + b'"}}',
            headers={"Content-Type": "application/json"},
        )
        assert response.status_code == 413 and response.json()["code"] == "too_large"

    def test_a_record_upload_may_be_larger_but_not_unbounded(self, client: TestClient) -> None:
        medium = client.post("/api/verify", content=b'"' + b"x" * 100_000 + b'"')
        assert medium.status_code == 200 and medium.json()["ok"] is False
        huge = client.post("/api/verify", content=b"x" * (2 * 1024 * 1024 + 1))
        assert huge.status_code == 413


def _tight(settings: Settings) -> Settings:
    """The settings with small limits, to reach them quickly."""
    return settings.model_copy(
        update={
            "rate_limits": {
                "sign_in": (3.0, 0.001),
                "create_lobby": (2.0, 0.001),
                "act": (1.0, 0.001),
                "chat": (2.0, 0.001),
            }
        }
    )


@pytest.fixture
def strict(settings: Settings) -> Iterator[TestClient]:
    """The app with small limits, to reach them quickly."""
    with TestClient(create_app(_tight(settings))) as client:
        yield client


def _sign_in_from(client: TestClient, address: str) -> int:
    """The status of a sign-in whose request claims to be forwarded for ``address``."""
    response = client.post(
        "/api/session", json={"name": "Ada"}, headers={"X-Forwarded-For": address}
    )
    client.cookies.clear()
    return response.status_code


class TestForwardedAddresses:
    """The sign-in limit counts per address: only a trusted proxy may say whose address it is."""

    def test_a_client_cannot_pick_its_own_address(self, strict: TestClient) -> None:
        spoofed = [f"203.0.113.{n}" for n in range(1, 5)]  # a fresh address each time
        assert [_sign_in_from(strict, address) for address in spoofed] == [201, 201, 201, 429]

    def test_a_trusted_proxy_names_the_client(self, settings: Settings) -> None:
        behind = _tight(settings).model_copy(update={"trusted_proxies": ["testclient"]})
        with TestClient(create_app(behind)) as proxy:  # the test client is the proxy
            statuses = [_sign_in_from(proxy, "203.0.113.1") for _ in range(4)]
            assert statuses == [201, 201, 201, 429]
            assert _sign_in_from(proxy, "203.0.113.2") == 201  # another visitor

    def test_a_trusted_proxy_names_the_scheme(self, settings: Settings) -> None:
        """TLS ends at the proxy: the page's https origin matches what the proxy forwards."""
        behind = settings.model_copy(update={"trusted_proxies": ["testclient"]})
        with TestClient(create_app(behind)) as proxy:
            ada = Guest(proxy, "Ada")
            for scheme, status in (("https", 201), ("http", 403)):
                response = ada.request(
                    "POST",
                    "/api/lobbies",
                    json={"game": "coloretto", "players": 3},
                    headers={"Origin": f"{scheme}://testserver", "X-Forwarded-Proto": "https"},
                )
                assert response.status_code == status

    def test_the_served_app_ignores_uvicorns_own_trust(self, settings: Settings) -> None:
        """``python -m app serve`` with FORWARDED_ALLOW_IPS="*" (what docker-compose.yml set
        before issue 16): a spoofed X-Forwarded-For still counts against the peer's address."""
        limits = json.dumps({**settings.rate_limits, "sign_in": [3, 0.001]})
        server = Server(settings, free_port(), RATE_LIMITS=limits, FORWARDED_ALLOW_IPS="*")
        try:
            statuses = []
            for n in range(1, 5):
                request = urllib.request.Request(
                    f"{server.url}/api/session",
                    data=b'{"name": "Ada"}',
                    headers={
                        "Content-Type": "application/json",
                        "X-Forwarded-For": f"203.0.113.{n}",
                    },
                )
                try:
                    with urllib.request.urlopen(request, timeout=30) as response:
                        statuses.append(response.status)
                except urllib.error.HTTPError as error:
                    statuses.append(error.code)
        finally:
            server.stop()
        assert statuses == [201, 201, 201, 429]


class TestRateLimits:
    def test_sign_in_is_limited_per_address(self, strict: TestClient) -> None:
        for _ in range(3):
            Guest(strict, "Ada")
        response = strict.post("/api/session", json={"name": "Ada"})
        assert response.status_code == 429 and response.json()["code"] == "rate_limited"

    def test_lobby_creation_is_limited_per_user(self, strict: TestClient) -> None:
        ada = Guest(strict, "Ada")
        for _ in range(2):
            assert ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).status_code == 201
        refused = ada.post("/api/lobbies", {"game": "coloretto", "players": 3})
        assert refused.status_code == 429
        ben = Guest(strict, "Ben")  # another user is not affected
        assert ben.post("/api/lobbies", {"game": "coloretto", "players": 3}).status_code == 201

    def test_moves_over_the_socket_are_limited_then_served(
        self, strict: TestClient, counts: Counts
    ) -> None:
        ada = Guest(strict, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
            stale = {"t": "act", "v": mine["v"] - 1, "d": mine["d"]["legal"][0]}
            socket.send_json(stale)  # spends the only token (and is refused as stale)
            assert socket.receive_json()["d"]["code"] == "stale"
            socket.receive_json()  # the fresh state after "stale"
            before = counts(match_id=match_id)
            socket.send_json({"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]})
            assert socket.receive_json()["d"]["code"] == "rate_limited"
            assert counts(match_id=match_id) == before
            socket.send_json({"t": "sync"})  # the socket still serves
            assert socket.receive_json()["t"] == "state"

    def test_chat_is_limited_and_a_refused_line_is_not_kept(self, strict: TestClient) -> None:
        ada = Guest(strict, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            for text in ("one", "two"):  # the burst of two
                socket.send_json({"t": "chat", "d": {"text": text}})
                assert receive_kind(socket, "chat")["d"]["text"] == text
            socket.send_json({"t": "chat", "d": {"text": "three"}})
            assert receive_kind(socket, "error")["d"]["code"] == "rate_limited"
        with ada.ws(match_id) as socket:  # the table's chat, as a new connection gets it
            history = receive_kind(socket, "state")["d"]["chat"]
            assert [line["text"] for line in history] == ["one", "two"]


class TestHugeNumbers:
    """Numbers beyond what the database stores are refused up front, not a server error."""

    def test_ids_and_counts_out_of_range(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        huge = 2**70
        for path in (f"/api/matches/{huge}", f"/api/lobbies/{huge}", "/api/matches/0"):
            assert ada.get(path).status_code == 422
        assert ada.post(f"/api/lobbies/{huge}/bots", {"seat": 1}).status_code == 422
        created = ada.post("/api/lobbies", {"game": "coloretto", "players": huge})
        assert created.status_code == 422 and created.json()["code"] == "invalid_request"
        lobby = open_table(ada, bots=0)
        assert ada.post(f"/api/lobbies/{lobby['id']}/bots", {"seat": huge}).status_code == 422
