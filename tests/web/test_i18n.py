"""Parlor in the reader's language (issue 26, docs/i18n.md): the locale a request is read in
(the ``lang`` cookie, else ``Accept-Language``), pages, API refusals, socket error frames and
the rules' refusals in it, and the language a signed-in user chose following them to another
device. Codes stay the same in every language: clients decide by them."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from app.i18n import negotiate
from tests.web.helpers import ORIGIN, Guest, MatchSocket, open_table, receive_kind, start


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        ("zh-TW", "zh-Hant"),
        ("zh-CN", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-Hant-HK,en;q=0.5", "zh-Hant"),
        ("hu;q=0.9, ja;q=0.8", "hu"),
        ("ja;q=0.8, hu;q=0.9", "hu"),
        ("ja-JP,ja;q=0.9,en-US;q=0.8", "ja"),
        ("fr", "en"),
        ("fr-FR, de;q=0.9", "en"),
        ("ja;q=0, hu;q=0.1", "hu"),  # quality 0: not wanted at all
        ("ja;q=0", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_accept_language_is_negotiated(header: str | None, locale: str) -> None:
    assert negotiate(header) == locale


class TestPages:
    def test_a_page_is_written_in_the_asked_language(self, client: TestClient) -> None:
        page = client.get("/verify", headers={"Accept-Language": "ja"})
        assert page.status_code == 200
        assert '<html lang="ja">' in page.text
        assert "<title>対局を検証 · " in page.text  # app.po and pages.po: "Verify a match"

    def test_english_stays_as_it_was(self, client: TestClient) -> None:
        page = client.get("/verify", headers={"Accept-Language": "fr"})
        assert '<html lang="en">' in page.text
        assert "<title>Verify a match · " in page.text

    def test_the_cookie_wins_over_the_browser(self, client: TestClient) -> None:
        page = client.get("/verify", headers={"Accept-Language": "ja", "Cookie": "lang=zh-Hant"})
        assert '<html lang="zh-Hant">' in page.text
        assert "<title>驗證對局 · " in page.text

    def test_an_error_page_is_translated(self, client: TestClient) -> None:
        page = client.get("/no/such/page", headers={"Accept-Language": "hu"})
        assert page.status_code == 404
        assert '<html lang="hu">' in page.text
        assert "Az oldal nem található" in page.text  # "Page not found"
        assert "Ezen a címen nincs oldal." in page.text  # "There is no page at this address."


class TestRefusals:
    def test_an_api_refusal_is_in_the_readers_language(self, client: TestClient) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = open_table(ada, players=3, bots=2)  # full
        body = {"invite_code": lobby["invite_code"]}
        refused = ben.request(
            "POST", "/api/lobbies/join", json=body, headers={"Accept-Language": "ja"}
        )
        assert refused.status_code == 409
        assert refused.json() == {"detail": "このテーブルは満席です。", "code": "lobby_full"}
        english = ben.post("/api/lobbies/join", body)
        assert english.json() == {"detail": "This table is full.", "code": "lobby_full"}

    def test_parameters_are_kept_in_the_translation(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = open_table(ada, players=3, bots=0)
        refused = ada.request(
            "POST",
            f"/api/lobbies/{lobby['id']}/bots",
            json={"seat": 7},
            headers={"Cookie": f"parlor_session={ada.cookie}; lang=zh-Hans"},
        )
        assert refused.status_code == 400
        assert refused.json() == {"detail": "座位编号为 0 到 2。", "code": "bad_seat"}

    def test_a_rules_refusal_is_translated(self, client: TestClient) -> None:
        ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
        lobby = open_table(ada, players=3, bots=1)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        state = ada.get(f"/api/matches/{match_id}").json()
        # Wait (through Ada's socket) until a person is to act: bots move on their own.
        with ada.ws(match_id) as socket:
            while state["view"]["to_act"] == 1:
                message = socket.receive_json()
                state = {"seq": message["v"], **message["d"]}
        waiting = ben if state["view"]["to_act"] == 0 else ada
        response = waiting.request(
            "POST",
            f"/api/matches/{match_id}/actions",
            json={"seq": state["seq"], "action": {"type": "draw"}},
            headers={"Accept-Language": "ja-JP,ja;q=0.9"},
        )
        assert response.status_code == 409
        # The rules kit's refusal (app/rules/kit.py, app.po), its code unchanged.
        assert response.json() == {
            "detail": "あなたの手番ではありません。",
            "code": "not_your_turn",
        }

    def test_a_socket_error_frame_is_in_the_sockets_language(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        headers = {"Cookie": f"parlor_session={ada.cookie}; lang=hu", "Origin": ORIGIN}
        with MatchSocket(client.websocket_connect(f"/ws/matches/{match_id}", headers=headers)) as (
            socket
        ):
            receive_kind(socket, "state")
            socket.send_json({"t": "chat", "d": {"text": "   "}})
            error = receive_kind(socket, "error")["d"]
            assert error == {"detail": "Írj valamit, amit mondani szeretnél.", "code": "bad_chat"}
            socket.send_json({"t": "chat", "d": {"text": "x" * 301}})
            error = receive_kind(socket, "error")["d"]
            assert error["detail"] == "Egy csevegősor legfeljebb 300 karakter."


class TestChoosingALanguage:
    def test_a_bad_locale_is_refused_and_changes_nothing(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        refused = ada.post("/api/session/locale", {"locale": "xx"})
        assert refused.status_code == 400
        assert refused.json()["code"] == "bad_locale"
        assert "set-cookie" not in refused.headers
        # Nothing was stored either: signing in elsewhere sets no language.
        assert ada.post("/api/session/password", {"password": "correct horse"}).is_success
        login = client.post(
            "/api/session/login", json={"handle": f"Ada#{ada.id}", "password": "correct horse"}
        )
        client.cookies.clear()
        assert login.status_code == 200
        assert "lang" not in login.cookies

    def test_the_chosen_language_follows_the_user(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        chosen = ada.post("/api/session/locale", {"locale": "ja"})
        assert chosen.status_code == 204
        assert chosen.cookies["lang"] == "ja"
        assert ada.post("/api/session/password", {"password": "correct horse"}).is_success
        # Another device: no cookie at all, then the handle and the password.
        login = client.post(
            "/api/session/login", json={"handle": f"Ada#{ada.id}", "password": "correct horse"}
        )
        assert login.status_code == 200
        assert login.cookies["lang"] == "ja"
        # And its pages are in Japanese from then on (the cookie, whatever the browser says).
        page = client.get("/verify", headers={"Accept-Language": "en"})
        client.cookies.clear()
        assert '<html lang="ja">' in page.text
