"""Private tables are private (issue 16, Privacy): match ids are sequential, so a match is seen
only by its players and by holders of its table's watch link (``?watch=CODE``). To anyone else
every page, API path and socket of a match answers as for a match that does not exist.

The finding: a fresh guest walked ``/match/1`` to ``/match/60``, watched live tables, read
their chat, and read finished records with their chat, even of a table refusing spectators."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.helpers import Guest, MatchSocket, play_to_the_end, receive_kind, start, watch_code

SECRET_CHAT = "meet-me-at-the-blue-door"
NO_SUCH_MATCH = {"code": "not_found", "detail": "No such match."}


def _closed(socket: MatchSocket) -> tuple[int, str]:
    """The code and reason the server closes an accepted socket with (no frame before it)."""
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return closed.value.code, closed.value.reason


def _say(host: Guest, match_id: int, text: str) -> None:
    """A chat line by the host at the table."""
    with host.ws(match_id) as socket:
        receive_kind(socket, "state")
        socket.send_json({"t": "chat", "d": {"text": text}})
        assert receive_kind(socket, "chat")["d"]["text"] == text


def _table(host: Guest, *, spectators: bool = True, finished: bool = False) -> tuple[int, int]:
    """A Coloretto table of the host and two bots, with a chat line; (lobby id, match id)."""
    response = host.post(
        "/api/lobbies", {"game": "coloretto", "players": 3, "spectators": spectators}
    )
    assert response.status_code == 201, response.text
    lobby_id: int = response.json()["id"]
    for _ in range(2):
        assert host.post(f"/api/lobbies/{lobby_id}/bots", {}).status_code == 200
    match_id = start(host, lobby_id)
    _say(host, match_id, SECRET_CHAT)
    if finished:
        play_to_the_end(host, match_id)
    return lobby_id, match_id


PATHS = (
    "/match/{id}",
    "/match/{id}/record",
    "/match/{id}/replay",
    "/api/matches/{id}",
    "/api/matches/{id}/record",
    "/api/matches/{id}/export",
    "/api/matches/{id}/verify",
    "/api/matches/{id}/replay",
    "/api/matches/{id}/replay?public=true",
)


def _assert_no_such_match(guest: Guest, match_id: int, query: str, names: list[str]) -> None:
    """Every page, API path and the socket of ``match_id`` answer as for no match at all."""
    for path in PATHS:
        url = path.format(id=match_id)
        url += ("&" if "?" in url else "?") + query[1:] if query else ""
        response = guest.get(url)
        assert response.status_code == 404, (url, response.status_code)
        if url.startswith("/api/"):
            assert response.json() == NO_SUCH_MATCH, url
        for secret in (SECRET_CHAT, *names):
            assert secret not in response.text, (url, secret)
    for path in ("actions", "seats/1/bot", "seats/1/invite"):
        response = guest.post(f"/api/matches/{match_id}/{path}{query}", {"seq": 0, "action": {}})
        assert response.status_code == 404, (path, response.text)
        assert response.json() == NO_SUCH_MATCH
    with guest.ws(match_id, watch=query.removeprefix("?watch=") or None) as socket:
        assert _closed(socket) == (4404, "No such match.")


class TestEnumeration:
    def test_a_guest_without_the_link_finds_no_match(self, client: TestClient) -> None:
        ada, ben = Guest(client, "Adalind"), Guest(client, "Bendix")
        live = _table(ada)[1]
        shy = _table(ben, spectators=False)[1]
        done = _table(ada, finished=True)[1]
        shy_done = _table(ben, spectators=False, finished=True)[1]
        eve = Guest(client, "Eve")
        for match_id in (live, shy, done, shy_done, shy_done + 1):
            _assert_no_such_match(eve, match_id, "", ["Adalind", "Bendix"])

    def test_a_wrong_code_is_refused_the_same_way(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Adalind"), Guest(client, "Eve")
        lobby_id, match_id = _table(ada, finished=True)
        other_lobby, _ = _table(ada)
        wrong = watch_code(ada, other_lobby)  # a real code, of another table
        for code in (wrong, "x", watch_code(ada, lobby_id)[:-1]):
            _assert_no_such_match(eve, match_id, f"?watch={code}", ["Adalind"])


class TestWatchLink:
    def test_the_link_lets_a_guest_watch_and_read_the_finished_record(
        self, client: TestClient
    ) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby_id, match_id = _table(ada)
        code = watch_code(ada, lobby_id)
        assert len(code) == 20  # secrets.token_urlsafe(15): 120 random bits
        assert eve.get(f"/match/{match_id}?watch={code}").status_code == 200
        state = eve.get(f"/api/matches/{match_id}?watch={code}").json()
        assert state["match"]["seat"] is None and state["legal"] == []
        with eve.ws(match_id, watch=code) as socket:
            first = receive_kind(socket, "state")["d"]
            assert [line["text"] for line in first["chat"]] == [SECRET_CHAT]
            assert first["match"]["seat"] is None
        response = eve.get(f"/api/matches/{match_id}/record?watch={code}")
        assert response.status_code == 409 and response.json()["code"] == "not_finished"
        play_to_the_end(ada, match_id)
        record = eve.get(f"/api/matches/{match_id}/record?watch={code}").json()
        assert [line["text"] for line in record["chat"]] == [SECRET_CHAT]
        export = eve.get(f"/api/matches/{match_id}/export?watch={code}")
        assert export.status_code == 200 and export.json()["match_id"] == match_id
        assert eve.get(f"/match/{match_id}/record?watch={code}").status_code == 200

    def test_a_table_refusing_spectators_still_refuses_live_watching(
        self, client: TestClient
    ) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby_id, match_id = _table(ada, spectators=False)
        code = watch_code(ada, lobby_id)
        with eve.ws(match_id, watch=code) as socket:
            assert _closed(socket) == (4403, "This table does not let others watch.")
        play_to_the_end(ada, match_id)
        record = eve.get(f"/api/matches/{match_id}/record?watch={code}")
        assert record.status_code == 200  # the record is for holders of the link

    def test_the_link_leads_to_the_tables_current_match(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        response = ada.post("/api/lobbies", {"game": "coloretto", "players": 3})
        lobby = response.json()
        code = lobby["watch_url"].removeprefix("/watch/")
        early = eve.request("GET", f"/watch/{code}", follow_redirects=False)
        assert early.status_code == 404 and "has not started yet" in early.text
        for _ in range(2):
            ada.post(f"/api/lobbies/{lobby['id']}/bots", {})
        match_id = start(ada, lobby["id"])
        found = eve.request("GET", f"/watch/{code}", follow_redirects=False)
        assert (found.status_code, found.headers["location"]) == (
            303,
            f"/match/{match_id}?watch={code}",
        )
        for wrong in (code[:-1], "x%00y"):
            refused = eve.request("GET", f"/watch/{wrong}", follow_redirects=False)
            assert refused.status_code == 404 and "No table has this watch link" in refused.text


class TestPlayers:
    def test_players_old_links_keep_working_without_a_code(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        _, match_id = _table(ada, spectators=False, finished=True)
        for path in PATHS:
            response = ada.get(path.format(id=match_id))
            assert response.status_code == 200, (path, response.text)
        record: dict[str, Any] = ada.get(f"/api/matches/{match_id}/record").json()
        assert [line["text"] for line in record["chat"]] == [SECRET_CHAT]
        with ada.ws(match_id) as socket:
            assert receive_kind(socket, "state")["d"]["match"]["seat"] == 0


def _play_out(match_id: int, *people: Guest) -> None:
    """The people play their first legal action until the match ends (bots play the rest);
    the last person's socket says when a bot has moved."""
    with people[-1].ws(match_id) as watcher:
        while True:
            moved = False
            for person in people:
                state = person.get(f"/api/matches/{match_id}").json()
                if state["outcome"] is not None:
                    return
                if state["legal"]:
                    action = {"seq": state["seq"], "action": state["legal"][0]}
                    assert (
                        person.post(f"/api/matches/{match_id}/actions", action).status_code == 200
                    )
                    moved = True
            if not moved:
                receive_kind(watcher, "state")


def _ada_ben_and_a_bot(client: TestClient) -> tuple[Guest, Guest, int, int]:
    """A Coloretto table: Ada (host, seat 0), a bot (seat 1), Ben (seat 2); (lobby, match)."""
    ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
    lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
    assert ada.post(f"/api/lobbies/{lobby['id']}/bots", {}).status_code == 200
    assert ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]}).status_code == 200
    return ada, ben, lobby["id"], start(ada, lobby["id"])


def _listed(guest: Guest) -> dict[int, dict[str, Any]]:
    matches = guest.get("/api/matches?mine=1").json()["matches"]
    return {match["id"]: match for match in matches}


class TestFormerPlayers:
    """The players of a match are everyone who held one of its seats, not its table's holders of
    the moment: before, a player who left lost the match (404, gone from the history) and whoever
    took the seat later, even in a rematch, gained its earlier records."""

    def test_a_player_who_left_keeps_the_match(self, client: TestClient) -> None:
        ada, ben, _, match_id = _ada_ben_and_a_bot(client)
        assert ben.post(f"/api/matches/{match_id}/seats/2/bot").status_code == 204
        # He watches now (a player of it needs no watch link) and still finds it in his history.
        state = ben.get(f"/api/matches/{match_id}")
        assert state.status_code == 200 and state.json()["match"]["seat"] is None
        assert _listed(ben)[match_id]["your_seat"] == 2
        # While it runs, not through the eyes of the seat he left: a bot holds its cards now.
        replay = ben.get(f"/api/matches/{match_id}/replay")
        assert replay.status_code == 403 and replay.json()["code"] == "left_match"
        _play_out(match_id, ada)
        record = ben.get(f"/api/matches/{match_id}/record")
        assert record.status_code == 200 and record.json()["player_names"] == [
            "Ada",
            "Bot 2",
            "Bot 3",
        ]
        replay = ben.get(f"/api/matches/{match_id}/replay")
        assert replay.status_code == 200 and replay.json()["your_seat"] == 2
        listed = _listed(ben)[match_id]
        assert listed["status"] == "finished" and listed["your_seat"] == 2
        assert listed["your_place"] in (1, 2, 3)

    def test_a_newcomer_in_a_rematch_does_not_gain_the_earlier_match(
        self, client: TestClient
    ) -> None:
        ada, ben, lobby_id, first = _ada_ben_and_a_bot(client)
        _play_out(first, ada, ben)
        second = ada.post(f"/api/lobbies/{lobby_id}/rematch").json()["match_id"]
        code = ada.post(f"/api/matches/{second}/seats/2/invite").json()["code"]
        cy = Guest(client, "Cy")
        assert cy.post("/api/seats/claim", {"code": code}).status_code == 200
        # Cy plays the second match only: the first is, for her, a match that does not exist.
        assert set(_listed(cy)) == {second}
        for path in ("", "/record", "/replay"):
            assert cy.get(f"/api/matches/{first}{path}").json() == NO_SUCH_MATCH, path
        # Ben keeps both, and the first match's record still names him at the seat he played.
        assert set(_listed(ben)) == {first, second}
        assert ben.get(f"/api/matches/{first}/record").json()["player_names"] == [
            "Ada",
            "Bot 2",
            "Ben",
        ]
        names = [player["name"] for player in _listed(ada)[first]["players"]]
        assert names == ["Ada", "Bot 2", "Ben"]
        assert [player["name"] for player in _listed(ada)[second]["players"]] == [
            "Ada",
            "Bot 2",
            "Cy",
        ]
