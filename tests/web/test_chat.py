"""Table chat (issue 10): stored with the match, sent as text to every socket, limited."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.helpers import Guest, open_table, receive_kind, start, watch_code

HOSTILE = '<img src=x onerror="alert(1)">  & ünïcode 🎲'


class TestChat:
    def test_a_line_reaches_everyone_as_the_same_text_and_is_kept(self, client: TestClient) -> None:
        ada, ben, eve = Guest(client, "Ada"), Guest(client, "Ben"), Guest(client, "Eve")
        lobby = open_table(ada, players=3, bots=1)
        ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        with ada.ws(match_id) as ada_socket, eve.ws(match_id, watch=watch) as eve_socket:
            assert receive_kind(ada_socket, "state")["d"]["chat"] == []
            ada_socket.send_json({"t": "chat", "d": {"text": HOSTILE + "\x00\x07"}})
            for socket in (ada_socket, eve_socket):
                line = receive_kind(socket, "chat")["d"]
                assert line["seat"] == 0 and line["name"] == "Ada"
                # Stored and sent as plain text (control characters dropped); the client
                # writes it with textContent, never as HTML.
                assert line["text"] == HOSTILE.strip()
            # A spectator may read but not talk.
            eve_socket.send_json({"t": "chat", "d": {"text": "hello"}})
            assert receive_kind(eve_socket, "error")["d"]["code"] == "not_seated"
        # A later connection gets the table's chat with its first state.
        with ben.ws(match_id) as ben_socket:
            history = receive_kind(ben_socket, "state")["d"]["chat"]
            assert [line["text"] for line in history] == [HOSTILE.strip()]

    def test_empty_overlong_and_malformed_lines_are_refused(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            receive_kind(socket, "state")
            for data in ({"text": "   "}, {"text": "x" * 301}, {"text": 5}, "hi", None):
                socket.send_json({"t": "chat", "d": data})
                assert receive_kind(socket, "error")["d"]["code"] == "bad_chat"
            socket.send_json({"t": "chat", "d": {"text": "x" * 300}})
            assert len(receive_kind(socket, "chat")["d"]["text"]) == 300


class TestSpectatorChat:
    def test_a_table_may_let_its_spectators_chat(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby = ada.post(
            "/api/lobbies", {"game": "coloretto", "players": 3, "spectator_chat": True}
        ).json()
        assert lobby["spectator_chat"] is True
        for _ in range(2):
            ada.post(f"/api/lobbies/{lobby['id']}/bots", {})
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        with ada.ws(match_id) as ada_socket, eve.ws(match_id, watch=watch) as eve_socket:
            receive_kind(eve_socket, "state")
            eve_socket.send_json({"t": "chat", "d": {"text": HOSTILE}})
            for socket in (ada_socket, eve_socket):
                line = receive_kind(socket, "chat")["d"]
                assert line["seat"] is None and line["name"] == "Eve"
                assert line["text"] == HOSTILE.strip()

    def test_spectator_chat_needs_spectators(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = ada.post(
            "/api/lobbies",
            {"game": "coloretto", "players": 3, "spectators": False, "spectator_chat": True},
        ).json()
        assert lobby["spectators"] is False and lobby["spectator_chat"] is False
