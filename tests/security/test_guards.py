"""Cross-site requests, oversized bodies and rate limits are refused; then service resumes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
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


@pytest.fixture
def strict(settings: Settings) -> Iterator[TestClient]:
    """The app with small limits, to reach them quickly."""
    tight = settings.model_copy(
        update={
            "rate_limits": {
                "sign_in": (3.0, 0.001),
                "create_lobby": (2.0, 0.001),
                "act": (1.0, 0.001),
                "chat": (2.0, 0.001),
            }
        }
    )
    with TestClient(create_app(tight)) as client:
        yield client


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
