"""Guest sign-in and the session cookie."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.helpers import Guest


class TestSignIn:
    def test_sets_an_http_only_same_site_cookie(self, client: TestClient) -> None:
        response = client.post("/api/session", json={"name": "  Ada   Lovelace "})
        client.cookies.clear()
        assert response.status_code == 201
        assert response.json()["name"] == "Ada Lovelace"  # spaces collapsed
        cookie = response.headers["set-cookie"].lower()
        assert "httponly" in cookie
        assert "samesite=lax" in cookie

    def test_the_cookie_identifies_the_user(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.get("/api/session")
        assert response.status_code == 200
        assert response.json() == {
            "id": ada.id,
            "name": "Ada",
            "handle": f"Ada#{ada.id}",
            "has_password": False,
        }

    def test_blank_name_is_refused(self, client: TestClient) -> None:
        response = client.post("/api/session", json={"name": " \u200b\t "})
        assert response.status_code == 400
        assert response.json()["code"] == "bad_name"
        assert "set-cookie" not in response.headers

    def test_too_long_name_is_refused(self, client: TestClient) -> None:
        response = client.post("/api/session", json={"name": "x" * 33})
        assert response.status_code == 400
        assert response.json()["code"] == "bad_name"

    def test_malformed_body_gets_a_json_detail(self, client: TestClient) -> None:
        response = client.post(
            "/api/session", content=b"{not json", headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 422
        assert response.json()["code"] == "invalid_request"
        assert isinstance(response.json()["detail"], str)


class TestCookie:
    def test_no_cookie_is_not_signed_in(self, client: TestClient) -> None:
        response = client.get("/api/session")
        assert response.status_code == 401
        assert response.json()["code"] == "not_signed_in"

    def test_forged_cookie_is_not_signed_in(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        forged = ada.cookie[:-2] + ("AA" if not ada.cookie.endswith("AA") else "BB")
        response = client.get("/api/session", headers={"Cookie": f"parlor_session={forged}"})
        assert response.status_code == 401
