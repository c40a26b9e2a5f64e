"""Passwords, sign-in on another device, logout revoking the session (issue 4)."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.helpers import Guest


class TestPassword:
    def test_sign_in_on_another_device_with_handle_and_password(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.post("/api/session/password", {"password": "correct horse"})
        assert response.status_code == 200 and response.json()["has_password"] is True

        other = client.post(
            "/api/session/login", json={"handle": f"Ada#{ada.id}", "password": "correct horse"}
        )
        assert other.status_code == 200
        assert other.json()["id"] == ada.id
        cookie = other.cookies["parlor_session"]
        client.cookies.clear()
        assert cookie != ada.cookie  # a session of its own, revocable on its own
        me = client.get("/api/session", headers={"Cookie": f"parlor_session={cookie}"})
        assert me.json()["id"] == ada.id

    def test_wrong_password_and_unknown_handle_get_the_same_answer(
        self, client: TestClient
    ) -> None:
        ada = Guest(client, "Ada")
        ada.post("/api/session/password", {"password": "correct horse"})
        wrong = client.post(
            "/api/session/login", json={"handle": f"Ada#{ada.id}", "password": "battery staple"}
        )
        unknown = client.post(
            "/api/session/login", json={"handle": "Nobody#999999", "password": "battery staple"}
        )
        no_password = Guest(client, "Ben")
        unset = client.post(
            "/api/session/login", json={"handle": f"Ben#{no_password.id}", "password": "x" * 8}
        )
        for response in (wrong, unknown, unset):
            assert response.status_code == 401
            assert response.json() == {
                "detail": "That name and password do not match.",
                "code": "bad_login",
            }
            assert "set-cookie" not in response.headers

    def test_short_password_is_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.post("/api/session/password", {"password": "short"})
        assert response.status_code == 400 and response.json()["code"] == "bad_password"
        assert ada.get("/api/session").json()["has_password"] is False


class TestLogout:
    def test_logout_revokes_the_cookie_on_the_server(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        assert ada.get("/api/session").status_code == 200
        response = ada.post("/api/session/logout")
        assert response.status_code == 204
        # The same cookie, replayed (say, stolen before the logout), no longer works.
        assert ada.get("/api/session").status_code == 401
        assert ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).status_code == 401
