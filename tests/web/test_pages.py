"""Server-rendered pages and the games catalogue."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from app.rules import GAMES
from tests.web.helpers import Guest, open_table, start


def _page_data(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html, re.S)
    assert found, "the page has no data island"
    data: dict[str, object] = json.loads(found.group(1))
    return data


class TestPages:
    def test_home_lists_the_games(self, client: TestClient) -> None:
        response = client.get("/")
        assert response.status_code == 200
        data = _page_data(response.text)
        assert data["user"] is None
        assert data["games"] == client.get("/api/games").json()
        assert {
            "slug": "coloretto",
            "title": "Coloretto",
            "min_players": 3,
            "max_players": 5,
            "player_counts": [3, 4, 5],
            "default_options": {"scoring": "brown"},
            "timed_phases": False,
        } in client.get("/api/games").json()

    def test_a_hostile_name_is_never_markup(self, client: TestClient) -> None:
        mallory = Guest(client, "<script>alert(1)</script>")
        html = mallory.get("/").text
        assert "<script>alert(1)</script>" not in html
        assert _page_data(html)["user"] == {
            "id": mallory.id,
            "name": "<script>alert(1)</script>",
            "handle": f"<script>alert(1)</script>#{mallory.id}",
            "has_password": False,
        }

    def test_the_table_page_names_its_game(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        html = ada.get(f"/match/{match_id}").text
        data = _page_data(html)
        assert data["match_id"] == match_id and data["game"] == "coloretto"
        static = client.app.state.static_url  # type: ignore[attr-defined]
        assert f'<link rel="stylesheet" href="{static}/css/games/coloretto.css">' in html

    def test_unknown_match_page_is_a_404_page(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        response = ada.get("/match/999999")
        assert response.status_code == 404
        assert "text/html" in response.headers["content-type"]

    def test_titles_name_parlor_once(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        assert "<title>Parlor</title>" in ada.get("/").text
        assert (
            "<title>Coloretto replay · Parlor</title>" in ada.get(f"/match/{match_id}/replay").text
        )
        assert "<title>How to play UNO · Parlor</title>" in client.get("/games/uno").text

    @pytest.mark.parametrize(
        "path",
        [
            "/nowhere",
            "/match/abc",
            "/match/abc/replay",
            "/lobby/x",
            "/match/-1/replay",
            "/match/0",
            "/match/99999999999",
            "/games/chess",
            "/match/999999",
        ],
    )
    def test_a_page_that_is_not_there_is_an_html_404(self, client: TestClient, path: str) -> None:
        """People get a page saying what went wrong, with a way home, never the API's JSON."""
        ada = Guest(client, "Ada")
        response = ada.get(path)
        assert response.status_code == 404
        assert "text/html" in response.headers["content-type"]
        assert '"detail"' not in response.text
        assert re.search(r"<h1>Page not found</h1>", response.text)
        assert "<title>Page not found · Parlor</title>" in response.text
        assert '<a class="btn" href="/">Back to the home page</a>' in response.text
        assert _page_data(response.text)["user"]["name"] == "Ada"  # type: ignore[index]

    def test_a_match_you_may_not_see_is_an_html_404(self, client: TestClient) -> None:
        """Not a player and no watch link: the same page as no such match (ids tell nothing)."""
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        match_id = start(ada, open_table(ada)["id"])
        for path in (f"/match/{match_id}", f"/match/{match_id}/replay"):
            response = eve.get(path)
            assert response.status_code == 404 and "text/html" in response.headers["content-type"]
            assert "<h1>Page not found</h1>" in response.text and "No such match." in response.text

    @pytest.mark.parametrize(
        ("path", "status"),
        [("/api/nowhere", 404), ("/api/matches/abc", 422), ("/static/nowhere.js", 404)],
    )
    def test_the_api_keeps_its_json_errors(
        self, client: TestClient, path: str, status: int
    ) -> None:
        response = Guest(client, "Ada").get(path)
        assert "text/html" not in response.headers.get("content-type", "")
        assert response.status_code == status
        if path.startswith("/api/"):
            assert set(response.json()) == {"detail", "code"}

    def test_pages_that_need_a_name_send_you_home_and_back(self, client: TestClient) -> None:
        for path, back in (
            ("/lobby/1", "%2Flobby%2F1"),
            ("/match/1", "%2Fmatch%2F1"),
            ("/history", "%2Fhistory"),
            ("/match/1/record", "%2Fmatch%2F1%2Frecord"),
            ("/match/1/replay?watch=abc", "%2Fmatch%2F1%2Freplay%3Fwatch%3Dabc"),
            ("/watch/abc", "%2Fwatch%2Fabc"),
        ):
            response = client.get(path, follow_redirects=False)
            assert response.status_code == 303
            assert response.headers["location"] == f"/?next={back}"

    def test_the_deal_page_carries_the_match_to_fetch(self, client: TestClient) -> None:
        """/verify/deal needs no account (a record file or paste); ``?match=`` names the match
        whose record the page fetches (the record page links so)."""
        assert _page_data(client.get("/verify/deal").text)["match_id"] is None
        assert _page_data(client.get("/verify/deal?match=17").text)["match_id"] == 17
        malformed = client.get("/verify/deal?match=abc")
        assert malformed.status_code == 404 and "text/html" in malformed.headers["content-type"]

    def test_an_invite_names_its_game_with_the_right_article(self, client: TestClient) -> None:
        """'Join a Elements table' was on screen (issue 25): the article goes by the sound."""
        ada = Guest(client, "Ada")
        for game, heading in (("elements", "Join an Elements table"), ("uno", "Join a UNO table")):
            lobby = ada.post("/api/lobbies", {"game": game, "players": 3}).json()
            html = client.get(f"/join/{lobby['invite_code']}").text
            assert f"<h1>{heading}</h1>" in html and f"<title>{heading} · Parlor</title>" in html

    def test_invite_link_page_carries_the_code(self, client: TestClient) -> None:
        data = _page_data(client.get("/join/abc123").text)
        assert data["invite_code"] == "abc123"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_has_a_renderer_and_a_stylesheet(client: TestClient, slug: str) -> None:
    for path in (f"/static/js/games/{slug}.js", f"/static/css/games/{slug}.css"):
        assert client.get(path).status_code == 200, path
