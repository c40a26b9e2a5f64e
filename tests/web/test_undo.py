"""Undo by consent (issue 25): a player asks the table to take back their last move, every
other person seated answers, bots are not asked; a refusal ends it, agreement takes the move
back for everyone; bad requests change nothing; the log keeps the move and the undo.

A Coloretto table of Ada (seat 0), Bo (1), a bot (2) and Cy (3): Ada's own turn is followed by
Bo's, so no bot moves between her move and her request."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.web.helpers import Guest, MatchSocket, start


def _state(socket: MatchSocket, at_least: int) -> tuple[int, dict[str, Any]]:
    """The next state the socket shows at version ``at_least`` or later."""
    while True:
        message = socket.receive_json()
        if message["t"] == "state" and message["v"] >= at_least:
            return message["v"], message["d"]


def _act(guest: Guest, match_id: int, seq: int, action: dict[str, Any]) -> dict[str, Any]:
    answer = guest.post(f"/api/matches/{match_id}/actions", {"seq": seq, "action": action})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def _take_turn(guest: Guest, match_id: int, seq: int) -> int:
    """A person's whole Coloretto turn (rules/coloretto.md, a turn): draw and place the card in
    the first row that takes it, or take the first row; the version after it."""
    legal = guest.get(f"/api/matches/{match_id}").json()["legal"]
    if {"type": "draw"} in legal:
        placed = _act(guest, match_id, seq, {"type": "draw"})["legal"][0]
        return int(_act(guest, match_id, seq + 1, placed)["seq"])
    return int(_act(guest, match_id, seq, legal[0])["seq"])


def _to_adas_turn(ada: MatchSocket, people: dict[int, Guest], match_id: int, seq: int) -> int:
    """Play the others' turns (the bot plays its own) until Ada is to draw; her version."""
    while True:
        seq, state = _state(ada, seq)
        seat = state["view"]["to_act"]
        if seat == 0 and state["view"]["phase"] == "turn":
            return seq
        if seat in people and state["view"]["phase"] == "turn":
            seq = _take_turn(people[seat], match_id, seq)
        else:
            seq += 1  # the bot's move


def test_the_table_refuses_then_agrees_to_take_a_move_back(client: TestClient) -> None:
    ada, bo, cy = Guest(client, "Ada"), Guest(client, "Bo"), Guest(client, "Cy")
    lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 4}).json()
    bo.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    ada.post(f"/api/lobbies/{lobby['id']}/bots", {"seat": 2})
    cy.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    match_id = start(ada, lobby["id"])
    url = f"/api/matches/{match_id}"
    people = {1: bo, 3: cy}
    with ada.ws(match_id) as socket:
        seq = _to_adas_turn(socket, people, match_id, 0)
        drawn = _act(ada, match_id, seq, {"type": "draw"})
        # A draw showed a card: it cannot be taken back.
        assert drawn["undo"] == {"may_ask": False, "request": None}
        refused = ada.post(f"{url}/undo", {"seq": seq + 1})
        assert refused.status_code == 409 and refused.json()["code"] == "not_undoable"
        placed = _act(ada, match_id, seq + 1, drawn["legal"][0])
        seq = placed["seq"]
        assert placed["undo"] == {"may_ask": True, "request": None}
        assert bo.get(url).json()["undo"]["may_ask"] is False  # not his move

        # Bad requests change nothing.
        for guest, path, body, status, code in [
            (bo, "/undo", {"seq": seq}, 409, "not_undoable"),
            (ada, "/undo", {"seq": seq - 1}, 409, "stale"),
            (ada, "/undo/answer", {"seq": seq, "accept": True}, 409, "no_undo_request"),
            (ada, "/undo", {"seq": seq, "extra": 1}, 422, "invalid_request"),
        ]:
            answer = guest.post(url + path, body)
            assert (answer.status_code, answer.json()["code"]) == (status, code), path
        direct = ada.post(f"{url}/actions", {"seq": seq, "action": {"type": "undo"}})
        assert direct.status_code == 400 and direct.json()["code"] == "undo_by_request"

        # Ada asks: Bo and Cy are asked, not the bot.
        asked = ada.post(f"{url}/undo", {"seq": seq}).json()
        waiting = {"seat": 0, "waiting": [1, 3], "accepted": []}
        assert asked["seq"] == seq and asked["undo"] == {"may_ask": False, "request": waiting}
        assert bo.get(url).json()["undo"]["request"] == waiting
        mine = ada.post(f"{url}/undo/answer", {"seq": seq, "accept": True})
        assert mine.status_code == 403 and mine.json()["code"] == "not_asked"
        again = ada.post(f"{url}/undo", {"seq": seq})
        assert again.status_code == 409 and again.json()["code"] == "not_undoable"
        agreed = bo.post(f"{url}/undo/answer", {"seq": seq, "accept": True}).json()
        assert agreed["undo"]["request"] == {"seat": 0, "waiting": [3], "accepted": [1]}
        # Cy refuses: the move stands, and is not asked back again.
        no = cy.post(f"{url}/undo/answer", {"seq": seq, "accept": False}).json()
        assert no["seq"] == seq and no["undo"] == {"may_ask": False, "request": None}
        assert ada.get(url).json()["undo"] == {"may_ask": False, "request": None}

        # Next time round, both agree: the move is taken back for everyone.
        seq = _to_adas_turn(socket, people, match_id, seq)
        drawn = _act(ada, match_id, seq, {"type": "draw"})
        placed = _act(ada, match_id, seq + 1, drawn["legal"][-1])
        seq = placed["seq"]
        ada.post(f"{url}/undo", {"seq": seq})
        bo.post(f"{url}/undo/answer", {"seq": seq, "accept": True})
        back = cy.post(f"{url}/undo/answer", {"seq": seq, "accept": True}).json()
        assert back["seq"] == seq + 1  # an undo is a step of the log: versions only go up
        assert back["undo"] == {"may_ask": False, "request": None}
        after = ada.get(url).json()
        assert after["view"] == drawn["view"] and after["legal"] == drawn["legal"]
        # Ada places the card again, elsewhere if she likes.
        _act(ada, match_id, seq + 1, drawn["legal"][0])

    # The log keeps the move and the undo: the replay steps through both.
    steps = ada.get(f"{url}/replay").json()["steps"]
    assert steps[seq + 1]["move"]["seat"] == 0
    assert steps[seq + 1]["view"] == steps[seq - 1]["view"]
    notices = [line["text"] for line in _chat(ada, match_id)]
    assert notices == [
        "Ada asks to take back their last move.",
        "Bo agreed to take back Ada's move.",
        "Cy refused: Ada's move stands.",
        "Ada asks to take back their last move.",
        "Bo agreed to take back Ada's move.",
        "Cy agreed to take back Ada's move.",
    ]


def _chat(guest: Guest, match_id: int) -> list[dict[str, Any]]:
    """The table's chat as a newly opened socket gets it."""
    with guest.ws(match_id) as socket:
        message = socket.session.receive_json()
        assert message["t"] == "state"
        chat: list[dict[str, Any]] = message["d"]["chat"]
        return chat


def test_asking_and_answering_over_the_match_socket(client: TestClient) -> None:
    ada, bo, cy = Guest(client, "Ada"), Guest(client, "Bo"), Guest(client, "Cy")
    lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
    for guest in (bo, cy):
        guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    match_id = start(ada, lobby["id"])
    seats = {0: ada, 1: bo, 2: cy}
    first = ada.get(f"/api/matches/{match_id}").json()
    mover = first["view"]["to_act"]
    other = (mover + 1) % 3
    seq = _take_turn(seats[mover], match_id, first["seq"])
    with seats[mover].ws(match_id) as asker, seats[other].ws(match_id) as answerer:
        _state(asker, seq)
        asker.send_json({"t": "undo", "v": seq})
        _, asked = _state(answerer, seq)
        while asked["undo"]["request"] is None:
            _, asked = _state(answerer, seq)
        assert asked["undo"]["request"]["waiting"] == sorted({0, 1, 2} - {mover})
        answerer.send_json({"t": "undo_answer", "v": seq, "d": {"accept": "yes"}})
        error = next(m for m in iter(answerer.receive_json, None) if m["t"] == "error")
        assert error["d"]["code"] == "bad_answer"
        answerer.send_json({"t": "undo_answer", "v": seq, "d": {"accept": False}})
        _, told = _state(asker, seq)
        while told["undo"]["request"] is not None:
            _, told = _state(asker, seq)
        assert told["undo"]["may_ask"] is False
