"""Lobbies: create, join by invite code, bots, start; each refusal changes nothing."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.helpers import Counts, Guest, open_table


class TestCreate:
    def test_host_takes_seat_zero_and_gets_an_invite(self, client: TestClient) -> None:
        host = Guest(client, "Host")
        lobby = open_table(host, players=4, bots=0)
        assert lobby["game"] == "coloretto"
        assert lobby["status"] == "open"
        assert lobby["options"] == {"scoring": "brown"}  # defaults filled in (rules/coloretto.md)
        assert lobby["your_seat"] == 0 and lobby["you_are_host"]
        assert [seat["name"] for seat in lobby["seats"]] == ["Host", None, None, None]
        assert lobby["invite_url"] == f"/join/{lobby['invite_code']}"
        assert len(lobby["invite_code"]) >= 20  # 120 random bits, URL-safe base64

    def test_unknown_game(self, client: TestClient) -> None:
        host = Guest(client, "Host")
        response = host.post("/api/lobbies", {"game": "chess", "players": 2})
        assert response.status_code == 400
        assert response.json()["code"] == "unknown_game"

    def test_wrong_player_count(self, client: TestClient) -> None:
        host = Guest(client, "Host")
        for players in (2, 6):
            response = host.post("/api/lobbies", {"game": "coloretto", "players": players})
            assert response.status_code == 400
            assert response.json()["code"] == "bad_players"

    def test_bad_option(self, client: TestClient) -> None:
        host = Guest(client, "Host")
        response = host.post(
            "/api/lobbies", {"game": "coloretto", "players": 3, "options": {"scoring": "pink"}}
        )
        assert response.status_code == 400
        assert response.json()["code"] == "bad_option"

    def test_needs_a_session(self, client: TestClient) -> None:
        response = client.post("/api/lobbies", json={"game": "coloretto", "players": 3})
        assert response.status_code == 401


class TestJoin:
    def test_join_takes_the_lowest_free_seat(self, client: TestClient) -> None:
        host, ben = Guest(client, "Host"), Guest(client, "Ben")
        lobby = open_table(host, players=3, bots=0)
        response = ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        assert response.status_code == 200
        assert response.json()["your_seat"] == 1
        # Joining again (or with the pasted link) keeps the same seat.
        again = ben.post(
            "/api/lobbies/join", {"invite_code": "http://x/join/" + lobby["invite_code"]}
        )
        assert again.json()["your_seat"] == 1

    def test_bad_invite_code(self, client: TestClient) -> None:
        ben = Guest(client, "Ben")
        response = ben.post("/api/lobbies/join", {"invite_code": "no-such-code"})
        assert response.status_code == 404
        assert response.json()["code"] == "bad_invite"

    def test_full_lobby(self, client: TestClient, counts: Counts) -> None:
        host, ben = Guest(client, "Host"), Guest(client, "Ben")
        lobby = open_table(host, players=3, bots=2)
        before = counts(lobby_id=lobby["id"])
        response = ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        assert response.status_code == 409
        assert response.json()["code"] == "lobby_full"
        assert counts(lobby_id=lobby["id"]) == before

    def test_non_member_cannot_read_the_lobby(self, client: TestClient) -> None:
        host, eve = Guest(client, "Host"), Guest(client, "Eve")
        lobby = open_table(host, bots=0)
        response = eve.get(f"/api/lobbies/{lobby['id']}")
        assert response.status_code == 403
        assert response.json()["code"] == "not_member"


class TestHostOnly:
    def test_non_host_cannot_add_a_bot(self, client: TestClient, counts: Counts) -> None:
        host, ben = Guest(client, "Host"), Guest(client, "Ben")
        lobby = open_table(host, bots=0)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        before = counts(lobby_id=lobby["id"])
        response = ben.post(f"/api/lobbies/{lobby['id']}/bots", {"seat": 2})
        assert response.status_code == 403
        assert response.json()["code"] == "not_host"
        assert counts(lobby_id=lobby["id"]) == before

    def test_non_host_cannot_start(self, client: TestClient, counts: Counts) -> None:
        host, ben = Guest(client, "Host"), Guest(client, "Ben")
        lobby = open_table(host, bots=1)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        response = ben.post(f"/api/lobbies/{lobby['id']}/start")
        assert response.status_code == 403
        assert counts(lobby_id=lobby["id"])["matches"] == 0

    def test_cannot_start_with_free_seats(self, client: TestClient, counts: Counts) -> None:
        host = Guest(client, "Host")
        lobby = open_table(host, bots=1)
        response = host.post(f"/api/lobbies/{lobby['id']}/start")
        assert response.status_code == 409
        assert response.json()["code"] == "seats_free"
        assert counts(lobby_id=lobby["id"])["matches"] == 0

    def test_bot_into_a_taken_seat(self, client: TestClient) -> None:
        host = Guest(client, "Host")
        lobby = open_table(host, bots=0)
        response = host.post(f"/api/lobbies/{lobby['id']}/bots", {"seat": 0})
        assert response.status_code == 409
        assert response.json()["code"] == "seat_taken"

    def test_host_removes_a_bot_and_a_guest_leaves(self, client: TestClient) -> None:
        host, ben = Guest(client, "Host"), Guest(client, "Ben")
        lobby = open_table(host, bots=1)  # the bot sits in seat 1
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})  # seat 2
        removed = host.request("DELETE", f"/api/lobbies/{lobby['id']}/seats/1")
        assert removed.status_code == 200
        assert removed.json()["seats"][1]["bot"] is None
        left = ben.request("DELETE", f"/api/lobbies/{lobby['id']}/seats/2")
        assert left.status_code == 200 and left.json()["your_seat"] is None
        refused = ben.request("DELETE", f"/api/lobbies/{lobby['id']}/seats/0")
        assert refused.status_code == 403

    def test_start_closes_the_lobby(self, client: TestClient) -> None:
        host, ben = Guest(client, "Host"), Guest(client, "Ben")
        lobby = open_table(host, bots=2)
        started = host.post(f"/api/lobbies/{lobby['id']}/start")
        assert started.status_code == 200
        shown = host.get(f"/api/lobbies/{lobby['id']}").json()
        assert shown["status"] == "playing"
        assert shown["match_id"] == started.json()["match_id"]
        again = host.post(f"/api/lobbies/{lobby['id']}/start")
        assert again.status_code == 409 and again.json()["code"] == "already_started"
        late = ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        assert late.status_code == 409
