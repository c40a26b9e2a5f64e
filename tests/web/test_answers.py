"""Issue 24, response models: every successful JSON answer of the API is described in
/openapi.json by a model of ``app/answers.py``, and real answers of every such operation match
their model exactly (no field missing, none extra, every type right), across the branches that
change an answer's shape: a running clock and a stand-in's move, a game with chat channels,
replays through one seat, the public view and everyone's, a finished match's record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError
from starlette.testclient import TestClient

from app import answers
from tests.support import FakeClock
from tests.web.helpers import Guest, MatchSocket, open_table, play_to_the_end, start

ANSWERED = "#/components/schemas/"


def _described(client: TestClient) -> dict[str, str]:
    """operationId -> the model its successful answer is described by (``list[Game]`` for
    an array of them)."""
    spec = client.get("/openapi.json").json()
    described = {}
    for operations in spec["paths"].values():
        for operation in operations.values():
            ok = next(code for code in operation["responses"] if code.startswith("2"))
            content = operation["responses"][ok].get("content")
            if content is None:  # 204: no body
                continue
            schema = content["application/json"]["schema"]
            if schema.get("type") == "array":
                described[operation["operationId"]] = f"list[{_ref(schema['items'])}]"
            else:
                described[operation["operationId"]] = _ref(schema)
    return described


def _ref(schema: dict[str, Any]) -> str:
    assert set(schema) == {"$ref"} and schema["$ref"].startswith(ANSWERED), schema
    return str(schema["$ref"]).removeprefix(ANSWERED)


class _Answers:
    """Validates answers against the model /openapi.json describes for their operation, and
    remembers which operations it saw."""

    def __init__(self, client: TestClient) -> None:
        self.described = _described(client)
        self.seen: set[str] = set()

    def check(self, operation: str, response: Any, status: int = 200) -> Any:
        assert response.status_code == status, (operation, response.text)
        name = self.described[operation]
        model: Any = name
        if name.startswith("list["):
            model = list[getattr(answers, name[5:-1])]  # type: ignore[misc]
        else:
            model = getattr(answers, name)
        TypeAdapter(model).validate_json(response.content, strict=True)
        self.seen.add(operation)
        return response.json()


def _states(socket: MatchSocket) -> Iterator[dict[str, Any]]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["t"] == "state":
            yield {**message["d"], "v": message["v"]}


def test_every_answer_is_described_by_a_model(client: TestClient) -> None:
    described = _described(client)
    # 30 operations; the three answered with no body (204: log out, hand a seat to a bot, take
    # it back) need no model.
    assert len(described) == 27
    assert described["lobbies-games"] == "list[Game]"
    assert described["matches-show"] == described["matches-act"] == "MatchState"
    assert described["matches-record"] == described["matches-export"] == "Record"


def test_a_model_refuses_a_field_it_does_not_name() -> None:
    # What makes the test below fail when an answer gains a field its model lacks.
    with pytest.raises(ValidationError):
        answers.MatchStarted.model_validate({"match_id": 1, "seat": 0})
    with pytest.raises(ValidationError):
        answers.Alive.model_validate({"ok": True, "version": "1"})


def test_real_answers_match_their_models(client: TestClient, clock: FakeClock) -> None:
    check = _Answers(client)
    check.check("session-sign-in", client.post("/api/session", json={"name": "Cy"}), 201)
    client.cookies.clear()
    ada, bo = Guest(client, "Ada"), Guest(client, "Bo")
    check.check("session-current", ada.get("/api/session"))
    check.check("lobbies-games", client.get("/api/games"))
    check.check("health-alive", client.get("/healthz"))
    check.check("health-ready", client.get("/readyz"))

    # A table Bo joins and leaves again.
    other = check.check(
        "lobbies-create", ada.post("/api/lobbies", {"game": "coloretto", "players": 3}), 201
    )
    check.check("lobbies-join", bo.post("/api/lobbies/join", {"invite_code": other["invite_url"]}))
    check.check("lobbies-free-seat", bo.request("DELETE", f"/api/lobbies/{other['id']}/seats/1"))

    # A timed table: the clock runs, Ada's turn runs out and a stand-in plays it.
    lobby = ada.post(
        "/api/lobbies",
        {"game": "coloretto", "players": 3, "turn_seconds": 60, "stand_in_after": 2},
    ).json()
    for _ in range(2):
        check.check("lobbies-add-bot", ada.post(f"/api/lobbies/{lobby['id']}/bots", {}))
    match_id = check.check("lobbies-start", ada.post(f"/api/lobbies/{lobby['id']}/start"))[
        "match_id"
    ]
    check.check("lobbies-show", ada.get(f"/api/lobbies/{lobby['id']}"))
    with ada.ws(match_id) as socket:
        states = _states(socket)
        mine = next(state for state in states if state["legal"])
        timed = check.check("matches-show", ada.get(f"/api/matches/{match_id}"))
        assert timed["clock"] is not None and timed["clock"]["seats"] == [0]
        clock.advance(60)
        next(state for state in states if state["stand_ins"])
        marked = check.check("matches-show", ada.get(f"/api/matches/{match_id}"))
        assert marked["stand_ins"] and marked["match"]["players"][0]["missed"] == 1
        mine = next(state for state in states if state["legal"])
        moved = ada.post(
            f"/api/matches/{match_id}/actions", {"seq": mine["v"], "action": mine["legal"][0]}
        )
        check.check("matches-act", moved)
    check.check("matches-mine", ada.get("/api/matches"))  # a match still playing
    check.check("matches-replay", ada.get(f"/api/matches/{match_id}/replay"))  # no actions yet
    play_to_the_end(ada, match_id)
    check.check("matches-mine", ada.get("/api/matches"))  # and finished
    for query in ("", "?public=true", "?everyone=true"):
        check.check("matches-replay", ada.get(f"/api/matches/{match_id}/replay{query}"))
    record = check.check("matches-record", ada.get(f"/api/matches/{match_id}/record"))
    check.check("matches-export", ada.get(f"/api/matches/{match_id}/export"))
    check.check("matches-verify", ada.get(f"/api/matches/{match_id}/verify"))
    check.check("matches-verify-upload", client.post("/api/verify", json=record))
    check.check("matches-verify-upload", client.post("/api/verify", json={**record, "seed": "00"}))
    check.check("lobbies-rematch", ada.post(f"/api/lobbies/{lobby['id']}/rematch"))
    evening = check.check("lobbies-show", ada.get(f"/api/lobbies/{lobby['id']}"))
    assert [match["status"] for match in evening["matches"]] == ["finished", "playing"]

    # A seat handed over by invitation (a bot's seat at another table).
    table = open_table(ada, players=3, bots=2)
    seated = start(ada, table["id"])
    invite = check.check(
        "matches-invite-to-seat", ada.post(f"/api/matches/{seated}/seats/2/invite")
    )
    check.check(
        "matches-seat-invitation", bo.post("/api/seats/invitation", {"code": invite["url"]})
    )
    check.check("matches-claim-seat", bo.post("/api/seats/claim", {"code": invite["code"]}))

    # A move asked back and refused, at a table of three people (tests/web/test_undo.py).
    cy = Guest(client, "Cy")
    trio = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
    for guest in (bo, cy):
        guest.post("/api/lobbies/join", {"invite_code": trio["invite_code"]})
    undoing = start(ada, trio["id"])
    seats = {0: ada, 1: bo, 2: cy}
    first = ada.get(f"/api/matches/{undoing}").json()
    mover = seats[first["view"]["to_act"]]
    drawn = mover.post(
        f"/api/matches/{undoing}/actions", {"seq": first["seq"], "action": {"type": "draw"}}
    ).json()
    placed = mover.post(
        f"/api/matches/{undoing}/actions", {"seq": drawn["seq"], "action": drawn["legal"][0]}
    ).json()
    asking = {"seq": placed["seq"]}
    check.check("matches-ask-undo", mover.post(f"/api/matches/{undoing}/undo", asking))
    other = seats[(first["view"]["to_act"] + 1) % 3]
    refusal = {**asking, "accept": False}
    check.check("matches-answer-undo", other.post(f"/api/matches/{undoing}/undo/answer", refusal))

    # A game with chat channels and a clock of its own phases.
    werewolf = ada.post("/api/lobbies", {"game": "werewolf", "players": 5}).json()
    # Every empty seat given a bot in one request (issue 25).
    check.check("lobbies-add-bot", ada.post(f"/api/lobbies/{werewolf['id']}/bots", {"fill": True}))
    night = start(ada, werewolf["id"])
    state = check.check("matches-show", ada.get(f"/api/matches/{night}"))
    assert state["channels"] and state["clock"]["phase"] is not None

    # Signing in with a password answers the same user.
    password = {"password": "correct horse battery"}
    user = check.check("session-set-password", bo.post("/api/session/password", password))
    login = {"handle": user["handle"], **password}
    check.check("session-log-in", client.post("/api/session/login", json=login))
    client.cookies.clear()

    assert check.seen == set(check.described)
