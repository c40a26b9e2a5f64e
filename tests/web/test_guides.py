"""Issue 25, learning and lobby: the games' gallery and rules pages (with a demo turn), options
in words, fill-with-bots, the invite page's summary and the way back after signing in."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.guides.catalogue import BLURBS
from app.guides.options import describe
from app.rules import GAMES
from tests.web.helpers import Guest, open_table, start


def _page_data(text: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S)
    assert found, "the page has no data island"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def _words(text: str) -> str:
    """The page's text without tags and with entities decoded, for "is this said" checks."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


def test_every_game_has_a_blurb() -> None:
    assert set(BLURBS) == set(GAMES)


class TestHomeGallery:
    def test_a_visitor_without_a_name_sees_every_game(self, client: TestClient) -> None:
        response = client.get("/")
        data = _page_data(response.text)
        assert data["user"] is None
        assert [game["slug"] for game in data["gallery"]] == list(GAMES)
        words = _words(response.text)
        for game in data["gallery"]:
            assert f'src="{client.app.state.static_url}/img/games/{game["slug"]}.svg"' in (  # type: ignore[attr-defined]
                response.text
            )
            assert f'href="/games/{game["slug"]}"' in response.text
            assert game["title"] in words and game["pitch"] in words
        uno = next(game for game in data["gallery"] if game["slug"] == "uno")
        assert (uno["players"], uno["minutes"]) == ("2\u201310 players", "10\u201320 min")
        sequence = next(game for game in data["gallery"] if game["slug"] == "sequence_numbers")
        assert sequence["players"] == "2, 3, 4 or 6 players"  # 5 cannot form equal sides

    @pytest.mark.parametrize("slug", sorted(GAMES))
    def test_every_game_has_its_own_picture(self, client: TestClient, slug: str) -> None:
        response = client.get(f"/static/img/games/{slug}.svg")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        # Presentation attributes only: the policy refuses style attributes (app/security.py).
        assert "style" not in response.text and "<script" not in response.text


class TestRulesPage:
    @pytest.mark.parametrize("slug", sorted(GAMES))
    def test_a_rules_page_shows_the_guide_and_a_demo_of_seat_0(
        self, client: TestClient, slug: str
    ) -> None:
        response = client.get(f"/games/{slug}")
        assert response.status_code == 200
        data = _page_data(response.text)
        assert data["game"] == slug
        demo = data["guide"]["demo"]
        rules = GAMES[slug]
        players = BLURBS[slug].demo_players
        assert rules.min_players <= players <= rules.max_players
        # The demo is the deal of a real match, seen by seat 0, which has a move to make.
        assert demo["view"] == json.loads(json.dumps(demo["view"]))
        assert demo["legal"], "the first turn shows moves"
        assert [player["seat"] for player in demo["match"]["players"]] == list(range(players))
        assert demo["match"]["seat"] == 0
        words = _words(response.text)
        assert "Goal" in words and f"How to play {rules.title}" in words
        assert f'href="/?game={slug}#create-form"' in response.text
        guide = re.search(r'<article class="panel guide-text".*?</article>', response.text, re.S)
        assert guide is not None
        count = len(_words(guide.group(0)).split())
        assert 150 <= count <= 450, count

    def test_the_demo_is_the_same_every_time(self, client: TestClient) -> None:
        first = _page_data(client.get("/games/uno").text)["guide"]["demo"]
        assert _page_data(client.get("/games/uno").text)["guide"]["demo"] == first

    def test_an_unknown_game_is_the_404_page(self, client: TestClient) -> None:
        for slug in ("chess", "mahjong", "UNO", "x" * 300):
            response = client.get(f"/games/{slug}")
            assert response.status_code == 404, slug
            assert "text/html" in response.headers["content-type"]
            assert 'class="narrow error-page"' in response.text
            assert "no such game" in response.text


class TestOptionsInWords:
    def test_the_lobby_says_the_options_in_words(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = ada.post(
            "/api/lobbies",
            {"game": "uno", "players": 2, "options": {"target": 200, "wd4_rule": "official"}},
        ).json()
        text = lobby["options_text"]
        assert "Hands are played until someone reaches 200 points." in text
        assert "A +4 only when you hold no card of the colour in play." in text
        assert not any("target" in line or "wd4" in line or "_" in line for line in text)

    def test_options_for_another_player_count_are_left_out(self) -> None:
        six = GAMES["sequence_numbers"].check_options(6, {"six_player_teams": 3})
        assert describe("sequence_numbers", 6, six)[0] == "Three teams of two."
        two = GAMES["sequence_numbers"].check_options(2, {})
        assert not any("team" in line for line in describe("sequence_numbers", 2, two))
        # Werewolf: no Witch in the role set, nothing about her hour or her potions.
        roles = {"werewolf": 1, "seer": 1, "villager": 3}
        lines = describe("werewolf", 5, GAMES["werewolf"].check_options(5, {"roles": roles}))
        assert not any("Witch" in line for line in lines)
        assert lines[0] == "Roles: 3 Villagers, Werewolf, Seer."
        # Da Vinci Code's seed opening is 2 black + 2 white, but 3 random tiles at 4 players.
        four = GAMES["da_vinci_code"].check_options(4, {})
        assert (
            describe("da_vinci_code", 4, four)[0]
            == "Each player starts with 3 tiles drawn at random."
        )

    @pytest.mark.parametrize("slug", sorted(GAMES))
    def test_every_option_of_every_game_is_in_words(self, slug: str) -> None:
        rules = GAMES[slug]
        for players in rules.player_counts:
            options = rules.check_options(players, {})
            for line in describe(slug, players, options):
                assert line.endswith(".") and "_" not in line, (slug, line)
                # Not "key: value" (multi-word keys are caught by the underscore above).
                assert not any(line.startswith(f"{key}:") for key in options), (slug, line)

    @pytest.mark.parametrize(
        ("slug", "players", "key", "other"),
        [
            ("coloretto", 4, "scoring", "grey"),
            ("da_vinci_code", 2, "opening", "random"),
            ("da_vinci_code", 2, "jokers", True),
            ("elements", 4, "keep", "one"),
            ("elements", 4, "tie_break", "most_point_cards"),
            ("forehead_words", 6, "themes", ["class", "ktv"]),
            ("forehead_words", 6, "language", "zh-Hans"),
            ("forehead_words", 6, "judged", True),
            ("forehead_words", 6, "time_limit", 0),
            ("manhattan", 3, "rounds", 6),
            ("monopoly_deal", 3, "buildings", "seed"),
            ("monopoly_deal", 3, "deck", "extended"),
            ("monster_tcg", 2, "deck_size", 30),
            ("monster_tcg", 2, "deck_1", "ember"),
            ("monster_tcg", 2, "deck_2", "tide"),
            ("poison", 4, "cauldrons", "neutral"),
            ("poison", 4, "overflow_at", 14),
            ("poison", 4, "rounds", "per_player"),
            ("poison", 4, "collected", "open"),
            ("sequence_numbers", 6, "six_player_teams", 3),
            ("sequence_numbers", 2, "plus_cards", 0),
            ("sequence_numbers", 2, "minus_cards", 4),
            ("tong_its", 3, "hand_count", "all"),
            ("tong_its", 3, "discard_pile", "top"),
            ("tong_its", 3, "tong_its_bonus", 5),
            ("uno", 4, "scoring", "official"),
            ("uno", 4, "target", 500),
            ("uno", 4, "stack_draw_two", False),
            ("uno", 4, "stack_draw_four", False),
            ("uno", 4, "no_wild_on_penalty", False),
            ("uno", 4, "wd4_rule", "official"),
            ("uno", 4, "wd4_challenge", False),
            ("uno", 4, "uno_call", False),
            ("uno", 4, "false_uno_penalty", False),
            ("uno", 4, "going_out_penalty", False),
            ("uno", 4, "deck_exhausted", "void"),
            ("uno", 4, "first_reverse", "official"),
            ("werewolf", 8, "night_seconds", 90),
            ("werewolf", 8, "witch_seconds", 45),
            ("werewolf", 8, "discussion_seconds", 300),
            ("werewolf", 8, "vote_seconds", 30),
            ("werewolf", 8, "reveal", "end"),
            ("werewolf", 8, "dead_see", "public"),
            ("werewolf", 8, "potions", "single"),
        ],
    )
    def test_each_option_changes_what_the_table_is_told(
        self, slug: str, players: int, key: str, other: object
    ) -> None:
        rules = GAMES[slug]
        chosen = rules.check_options(players, {key: other})
        assert chosen[key] == other  # a value the game accepts at this count
        assert describe(slug, players, chosen) != describe(
            slug, players, rules.check_options(players, {})
        )

    def test_the_table_and_its_record_say_the_options_in_words(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada, options={"scoring": "grey"})["id"])
        table = ada.get(f"/match/{match_id}").text
        words = _words(table)
        line = "Scoring on the grey side: 1, 4, 8, 7, 6, 5 points for 1 to 6 cards of a colour."
        assert _page_data(table)["options_text"] == [line]
        assert '<details id="rules-panel"' in table and line in words
        assert "Goal" in words and 'href="/games/coloretto"' in table
        assert _page_data(ada.get(f"/match/{match_id}/record").text)["options_text"] == [line]


class TestFillWithBots:
    def test_the_host_fills_every_empty_seat_at_once(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = ada.post("/api/lobbies", {"game": "uno", "players": 10}).json()
        filled = ada.post(f"/api/lobbies/{lobby['id']}/bots", {"fill": True})
        assert filled.status_code == 200, filled.text
        seats = filled.json()["seats"]
        assert seats[0]["user_id"] == ada.id and seats[0]["bot"] is None
        assert [seat["bot"] for seat in seats[1:]] == ["normal"] * 9
        assert ada.post(f"/api/lobbies/{lobby['id']}/start").status_code == 200

    def test_a_joined_friend_keeps_their_seat(self, client: TestClient) -> None:
        ada, bo = Guest(client, "Ada"), Guest(client, "Bo")
        lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 4}).json()
        bo.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        seats = ada.post(f"/api/lobbies/{lobby['id']}/bots", {"fill": True}).json()["seats"]
        assert [(seat["user_id"], seat["bot"]) for seat in seats] == [
            (ada.id, None),
            (bo.id, None),
            (None, "normal"),
            (None, "normal"),
        ]

    def test_only_the_host_may_fill(self, client: TestClient) -> None:
        ada, bo = Guest(client, "Ada"), Guest(client, "Bo")
        lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 4}).json()
        bo.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        refused = bo.post(f"/api/lobbies/{lobby['id']}/bots", {"fill": True})
        assert refused.status_code == 403 and refused.json()["code"] == "not_host"
        seats = ada.get(f"/api/lobbies/{lobby['id']}").json()["seats"]
        assert [seat["bot"] for seat in seats] == [None, None, None, None]

    def test_a_full_table_stays_as_it_is(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = open_table(ada, players=3, bots=2)
        refused = ada.post(f"/api/lobbies/{lobby['id']}/bots", {"fill": True})
        assert refused.status_code == 409 and refused.json()["code"] == "lobby_full"
        assert ada.get(f"/api/lobbies/{lobby['id']}").json()["seats"] == lobby["seats"]

    def test_a_seat_and_fill_together_are_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
        refused = ada.post(f"/api/lobbies/{lobby['id']}/bots", {"fill": True, "seat": 2})
        assert refused.status_code == 400 and refused.json()["code"] == "bad_seat"
        assert [seat["bot"] for seat in ada.get(f"/api/lobbies/{lobby['id']}").json()["seats"]] == [
            None,
            None,
            None,
        ]


class TestInvitePage:
    def test_the_invite_names_the_game_the_host_and_the_seats_left(
        self, client: TestClient
    ) -> None:
        ada = Guest(client, "Ada")
        lobby = ada.post("/api/lobbies", {"game": "poison", "players": 4}).json()
        ada.post(f"/api/lobbies/{lobby['id']}/bots", {})
        page = client.get(f"/join/{lobby['invite_code']}").text
        assert _page_data(page)["invite"] == {
            "game": "poison",
            "game_title": "Poison",
            "host": "Ada",
            "players": 4,
            "seats_left": 2,
            "state": "open",
        }
        words = _words(page)
        assert "Ada invites you to play Poison (4 players). 2 seats left." in words
        # Nothing else of the table: not its links, its other seats or its options.
        assert lobby["watch_url"] not in page and "Bot" not in words

    def test_a_full_or_started_table_says_so(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = open_table(ada, players=3, bots=2)
        assert "This table is full." in _words(client.get(f"/join/{lobby['invite_code']}").text)
        start(ada, lobby["id"])
        page = client.get(f"/join/{lobby['invite_code']}").text
        assert _page_data(page)["invite"]["state"] == "started"
        assert "This table's match has already started." in _words(page)

    def test_an_unknown_code_says_so(self, client: TestClient) -> None:
        page = client.get("/join/no-such-code").text
        assert _page_data(page)["invite"] is None
        assert "No table has this invite code" in _words(page)


class TestBackAfterSigningIn:
    def test_the_home_page_keeps_a_path_of_this_site(self, client: TestClient) -> None:
        for target in ("/match/12", "/match/12/replay?watch=abc", "/lobby/3", "/history"):
            assert _page_data(client.get("/", params={"next": target}).text)["next"] == target

    @pytest.mark.parametrize(
        "target",
        [
            "//evil.example",
            "https://evil.example",
            "https://evil.example/match/1",
            "/\\evil.example",
            "/\t/evil.example",
            "javascript:alert(1)",
            "match/1",
            "",
        ],
    )
    def test_another_site_is_refused(self, client: TestClient, target: str) -> None:
        data = _page_data(client.get("/", params={"next": target}).text)
        assert data["next"] is None
