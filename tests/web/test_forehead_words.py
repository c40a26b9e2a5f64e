"""Forehead words through the real API and sockets (issue 28, the platform's side): free-text
moves (a line is a move, judged by the rules; a refused one reaches its writer alone), two
timers at once (the time limit runs on while a call's vote runs, and keeps its deadline across
the vote and a reload), bots in a game where everyone may act at any time (in turns, paced like
people), chat that is the game (the living talk through moves, the eliminated in their
channel), the talk rate limit, and a match played to its end with its record checked."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
from app.rules import GAMES
from tests.support import Deals, FakeClock
from tests.web.helpers import (
    Counts,
    Guest,
    MatchSocket,
    close_matches,
    receive_kind,
    start,
    stored_actions,
)

GAME = "forehead_words"
NAMES = ("Ada", "Ben", "Cy", "Di")


@pytest.fixture(autouse=True)
def closed(settings: Settings) -> Iterator[None]:
    """Each test's unfinished matches are closed after it: their stored time limits would wake
    later tests' apps (their housekeepers load due matches)."""
    yield
    close_matches(settings, GAME)


def _seed_where(test: Callable[[Any], bool], options: dict[str, Any]) -> bytes:
    """The first of a fixed series of seeds whose 4-seat deal passes ``test``."""
    rules = GAMES[GAME]
    full = rules.check_options(4, options)
    for number in range(1000):
        seed = hashlib.sha256(f"forehead-{number}".encode()).digest()
        if test(rules.new_game(players=4, seed=seed, options=full)):
            return seed
    raise AssertionError("no such deal in the series")


def _table(
    client: TestClient, options: dict[str, Any], *, people: int = 4
) -> tuple[list[Guest], int]:
    """A 4-seat table of Forehead words: Ada hosts, ``people`` guests in all, bots in the
    other seats; started. The guests in the order of their seats, and the match."""
    guests = [Guest(client, name) for name in NAMES[:people]]
    response = guests[0].post("/api/lobbies", {"game": GAME, "players": 4, "options": options})
    assert response.status_code == 201, response.text
    lobby = response.json()
    for guest in guests[1:]:
        joined = guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        assert joined.status_code == 200, joined.text
    for _ in range(4 - people):
        added = guests[0].post(f"/api/lobbies/{lobby['id']}/bots", {})
        assert added.status_code == 200, added.text
    match_id = start(guests[0], lobby["id"])
    seats = guests[0].get(f"/api/lobbies/{lobby['id']}").json()["seats"]
    by_user = {guest.id: guest for guest in guests}
    ordered = sorted(seats, key=lambda seat: seat["seat"])
    return [by_user[seat["user_id"]] for seat in ordered if seat["user_id"] in by_user], match_id


def _state(socket: MatchSocket) -> dict[str, Any]:
    """The socket's next state (with ``v``); presence and chat frames are skipped, an error
    fails the test."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        assert message["t"] != "error", message["d"]
        if message["t"] == "state":
            return {**message["d"], "v": message["v"]}


def _act(socket: MatchSocket, v: int, action: dict[str, Any]) -> None:
    socket.send_json({"t": "act", "v": v, "d": action})


def _mark(word: dict[str, Any]) -> str:
    """What a line must hold to say a word: a say word's phrase, else its text."""
    return str(word["phrase"] or word["text"])


def _actions(settings: Settings, match_id: int) -> list[tuple[int | None, dict[str, Any]]]:
    return [(seat, action) for _, seat, action in stored_actions(settings, match_id)]


def test_a_match_played_to_the_end_with_its_record_checked(
    client: TestClient, counts: Counts
) -> None:
    """Four guests over their sockets: a line giving a word away is refused to its writer
    alone; Ada says (or shows) her own word and is out, and talks in the eliminated's channel
    while the living may not chat; Cy guesses his word and eliminates Ben; Di's wrong guess,
    over HTTP, ends the match; its record replays and checks."""
    (ada, ben, cy, di), match_id = _table(client, {"judged": False})
    with ada.ws(match_id) as a, ben.ws(match_id) as b, cy.ws(match_id) as c, di.ws(match_id) as d:
        sockets = (a, b, c, d)
        first = [_state(socket) for socket in sockets]
        v = first[0]["v"]
        assert all(state["v"] == v for state in first)

        def word(seat: int) -> dict[str, Any]:
            seen: dict[str, Any] = first[(seat + 1) % 4]["view"]["words"][seat]
            return seen  # as the next seat sees it

        # Each seat's own word is hidden from it; its free texts are templates.
        assert first[0]["view"]["words"][0] is None and word(0) is not None
        assert {"type": "say"} in first[0]["legal"] and {"type": "guess"} in first[0]["legal"]
        assert first[0]["clock"]["phase"] == "time"
        assert first[1]["channels"] == {}

        # Ben gives Ada's word away: refused to him alone, nothing stored or sent.
        before = counts(match_id)
        _act(b, v, {"type": "say", "text": f"Is it {_mark(word(0))}?"})
        assert receive_kind(b, "error")["d"]["code"] == "reveals_word"
        _act(b, v, {"type": "say"})  # a template is no move: its text is missing
        assert receive_kind(b, "error")["d"]["code"] == "bad_text"
        _act(b, v, {"type": "say", "text": 42})
        assert receive_kind(b, "error")["d"]["code"] == "bad_text"
        _act(b, v, {"type": "say", "text": "x" * 301})  # over the edge's limit
        assert receive_kind(b, "error")["d"]["code"] == "bad_text"
        _act(b, v, {"type": "say", "text": "x" * 201})  # over the game's
        assert receive_kind(b, "error")["d"]["code"] == "too_long"
        assert counts(match_id) == before
        # A living player has no table chat: their lines are moves.
        b.send_json({"t": "chat", "d": {"text": "hello"}})
        assert receive_kind(b, "error")["d"]["code"] == "talk_in_play"

        # A line that gives nothing away reaches everyone (the others saw no frame before).
        _act(b, v, {"type": "say", "text": "  hm\x07  "})  # cleaned like a chat line
        said = [_state(socket) for socket in sockets]
        assert all(state["v"] == v + 1 for state in said)
        assert said[0]["view"]["lines"][-1] == {"line": 0, "seat": 1, "text": "hm", "called": False}

        # Ada says her own word (or shows her action word's emote): she is out.
        own = word(0)
        if own["kind"] == "say":
            _act(a, v + 1, {"type": "say", "text": f"I like {own['phrase']}"})
        else:
            _act(a, v + 1, {"type": "emote", "emote": own["emote"]})
        out = [_state(socket) for socket in sockets]
        assert out[0]["view"]["alive"] == [False, True, True, True]
        assert out[0]["view"]["words"][0] == own  # revealed to her once out
        assert out[0]["channels"] == {"eliminated": "write"}
        a.send_json({"t": "chat", "d": {"text": "I'm out", "channel": "eliminated"}})
        line = receive_kind(a, "chat")["d"]
        assert line["channel"] == "eliminated" and line["text"] == "I'm out"
        c.send_json({"t": "chat", "d": {"text": "me too", "channel": "eliminated"}})
        assert receive_kind(c, "error")["d"]["code"] == "talk_in_play"

        # Cy guesses his word: right, he owes an elimination, and takes Ben out.
        _act(c, v + 2, {"type": "guess", "text": word(2)["text"].upper()})
        guessed = [_state(socket) for socket in sockets]
        assert guessed[2]["legal"] == [
            {"type": "eliminate", "target": 1},
            {"type": "eliminate", "target": 3},
        ]
        _act(c, v + 3, {"type": "eliminate", "target": 1})
        [_state(socket) for socket in sockets]

    # Di's wrong guess, over HTTP: her team has nobody left, Ada's and Cy's team wins.
    wrong = di.post(
        f"/api/matches/{match_id}/actions",
        {"seq": v + 4, "action": {"type": "guess", "text": "surely not this"}},
    )
    assert wrong.status_code == 200, wrong.text
    ended = wrong.json()
    assert ended["outcome"]["winners"] == [0, 2]
    assert ended["outcome"]["detail"]["reason"] == "team_out"
    assert ended["outcome"]["detail"]["living"] == [1, 0]

    record = ada.get(f"/api/matches/{match_id}/record")
    assert record.status_code == 200, record.text
    moves = [(entry["seat"], entry["action"]) for entry in record.json()["actions"]]
    assert moves[0] == (1, {"type": "say", "text": "hm"})  # as cleaned; refusals left no trace
    assert moves[-1] == (3, {"type": "guess", "text": "surely not this"})
    verdict = ada.get(f"/api/matches/{match_id}/verify").json()
    assert verdict["ok"], verdict["problems"]


def _judged_on_ben(deals: Deals, options: dict[str, Any]) -> None:
    deals.use(_seed_where(lambda state: state.words[1].kind == "judged", options))


def test_a_vote_runs_out_while_the_time_limit_keeps_its_deadline(
    client: TestClient, clock: FakeClock, settings: Settings, deals: Deals
) -> None:
    """Ada calls Ben's line (he wears a judged word) 5 s into a 60 s match: the vote's 20 s
    run beside the time limit; nobody votes, the call fails and Ada is out; the time limit
    keeps the deadline it had from the start, in memory and in another app rebuilding the
    match from its log, and at it the match ends, the team with more living players winning."""
    options = {"judged": True, "time_limit": 60}
    _judged_on_ben(deals, options)
    (ada, ben, _, _), match_id = _table(client, options)
    with ada.ws(match_id) as a, ben.ws(match_id) as b:
        first = _state(a)
        _state(b)
        limit = first["clock"]["deadline"]
        assert first["clock"]["phase"] == "time"
        assert first["clock"]["timers"] == [
            {"phase": "time", "deadline": limit, "remaining_ms": first["clock"]["remaining_ms"]}
        ]
        clock.advance(5)
        _act(b, first["v"], {"type": "say", "text": "hm"})
        _state(a)
        _act(a, first["v"] + 1, {"type": "call", "line": 0})
        voting = _state(a)
        assert voting["view"]["vote"]["voters"] == [2, 3]
        timers = {timer["phase"]: timer["deadline"] for timer in voting["clock"]["timers"]}
        assert timers["time"] == limit  # the limit runs on, with its deadline
        assert voting["clock"]["phase"] == "vote-1"
        assert voting["clock"]["deadline"] == timers["vote-1"] < limit
        assert 19_000 < voting["clock"]["remaining_ms"] <= 20_000

        # Another app rebuilds the match from its log: the same timers.
        with TestClient(create_app(settings, clock=FakeClock())) as other:
            again = Guest(other, "Ada again")
            again.cookie = ada.cookie
            rebuilt = again.get(f"/api/matches/{match_id}").json()["clock"]
            assert {timer["phase"]: timer["deadline"] for timer in rebuilt["timers"]} == timers

        clock.advance(21)  # nobody votes: no majority, the caller is out
        after = _state(a)
        assert after["view"]["vote"] is None and after["view"]["alive"][0] is False
        assert after["log"][-2]["type"] == "vote_over" and after["log"][-2]["result"] == "caller"
        assert after["clock"]["phase"] == "time" and after["clock"]["deadline"] == limit
        assert [timer["phase"] for timer in after["clock"]["timers"]] == ["time"]

        with TestClient(create_app(settings, clock=FakeClock())) as other:
            again = Guest(other, "Ada again")
            again.cookie = ada.cookie
            assert again.get(f"/api/matches/{match_id}").json()["clock"]["deadline"] == limit

        clock.advance(35)  # 61 s since the start: the time limit ends the match
        over = _state(a)
        assert over["outcome"]["detail"]["reason"] == "time"
        assert over["outcome"]["detail"]["living"] == [1, 2]
        assert over["outcome"]["winners"] == [1, 3]
    expiries = [action for seat, action in _actions(settings, match_id) if seat is None]
    assert expiries == [{"type": "expire", "phase": "vote-1"}, {"type": "expire", "phase": "time"}]
    verdict = ada.get(f"/api/matches/{match_id}/verify").json()
    assert verdict["ok"], verdict["problems"]


def test_the_time_limit_ends_an_even_match_in_a_draw(client: TestClient, clock: FakeClock) -> None:
    (ada, *_), match_id = _table(client, {"time_limit": 60})
    with ada.ws(match_id) as a:
        first = _state(a)
        assert 59_000 < first["clock"]["remaining_ms"] <= 60_000
        clock.advance(61)
        over = _state(a)
    assert over["outcome"]["detail"]["reason"] == "time"
    assert over["outcome"]["winners"] == [0, 1, 2, 3]
    assert over["clock"] is None


def test_bots_take_turns_and_pause_like_people(
    settings: Settings, clock: FakeClock, deals: Deals
) -> None:
    """Ada and three bots, each bot pausing 30 s after its move: their first lines come one
    by one, spread over the first 30 s; then each moves again 30 s after its own last move,
    the one that moved least recently first. Without the pause they would talk at once,
    seat 1 every time (every living seat is always to act)."""
    deals.use(hashlib.sha256(b"forehead-bots").digest())
    paced = create_app(settings.model_copy(update={"bot_talk_delay": 30.0}), clock=clock)
    with TestClient(paced) as client:
        (ada, *_), match_id = _table(client, {}, people=1)
        with ada.ws(match_id) as a:
            _state(a)
            movers: list[int | None] = []
            for step in range(6):
                clock.advance(10)  # the next bot's pause is over
                _state(a)
                movers = [seat for seat, _ in _actions(settings, match_id)]
                assert len(movers) == step + 1, movers  # one line, no more
        # Each again in the same order: the one that moved least recently first.
        assert movers == [1, 2, 3, 1, 2, 3]


def test_talk_has_its_own_rate_limit(settings: Settings) -> None:
    """Lines and emotes count against ``talk``: a person's pace passes, a flood does not (over
    the socket and over HTTP); a move that is not talk is not counted there."""
    limits = {**settings.rate_limits, "talk": (2.0, 0.001)}
    tight = create_app(settings.model_copy(update={"rate_limits": limits}))
    with TestClient(tight) as client:
        (ada, *_), match_id = _table(client, {})
        with ada.ws(match_id) as a:
            state = _state(a)
            emote = next(action for action in state["legal"] if action["type"] == "emote")
            for _ in range(2):
                _act(a, state["v"], {"type": "say", "text": "hm"})
                state = _state(a)
            _act(a, state["v"], emote)  # the third line in no time: refused, not played
            assert receive_kind(a, "error")["d"]["code"] == "rate_limited"
        assert len(_actions(settings, match_id)) == 2  # the refused line was not played
        refused = ada.post(
            f"/api/matches/{match_id}/actions",
            {"seq": state["v"], "action": {"type": "say", "text": "hm"}},
        )
        assert refused.status_code == 429, refused.text
        guessed = ada.post(
            f"/api/matches/{match_id}/actions",
            {"seq": state["v"], "action": {"type": "guess", "text": "surely not this"}},
        )
        assert guessed.status_code == 200, guessed.text


@pytest.mark.timeout(60)
def test_bots_of_every_level_play_a_match_to_its_end(
    client: TestClient, settings: Settings, deals: Deals
) -> None:
    """An easy, a normal and a strong bot with Ada, who says nothing (no pause between the
    bots' moves in tests): they write their lines' texts, never play a bare template, and the
    match ends (a bot whose choice the server could not play would stop its loop, and the
    match with it)."""
    deals.use(hashlib.sha256(b"forehead-levels").digest())
    ada = Guest(client, "Ada")
    response = ada.post("/api/lobbies", {"game": GAME, "players": 4})
    assert response.status_code == 201, response.text
    lobby = response.json()
    for level in ("easy", "normal", "strong"):
        added = ada.post(f"/api/lobbies/{lobby['id']}/bots", {"level": level})
        assert added.status_code == 200, added.text
    match_id = start(ada, lobby["id"])
    with ada.ws(match_id) as a:
        state = _state(a)
        while state["outcome"] is None:
            state = _state(a)
    rules = GAMES[GAME]
    moves = _actions(settings, match_id)
    assert {seat for seat, _ in moves} >= {1, 2, 3}
    for _, action in moves:
        if action["type"] in rules.free_text:
            assert isinstance(action["text"], str) and action["text"], action
    verdict = ada.get(f"/api/matches/{match_id}/verify").json()
    assert verdict["ok"], verdict["problems"]


def test_talk_chosen_before_the_last_line_is_still_said(
    client: TestClient, settings: Settings, deals: Deals
) -> None:
    """Everyone talks at once in this game, so a line, an emote or a guess sent with the
    version before someone else's line is judged against the table as it is now, not refused
    as stale: Ada types while Ben speaks, and her line, then her emote, are said; Di's guess,
    sent at the same old version, is judged (wrong: she is out). A vote answers to the call it
    was cast on, so a vote sent at a version before the call is refused as stale, and a
    version the match has not reached is refused as ever. Before, Ada's line was refused as
    stale and never said (the browser test with two bots failed so under load)."""
    options = {"judged": True}
    _judged_on_ben(deals, options)
    (ada, ben, cy, di), match_id = _table(client, options)
    with ada.ws(match_id) as a, ben.ws(match_id) as b, cy.ws(match_id) as c, di.ws(match_id) as d:
        sockets = (a, b, c, d)
        v = [_state(socket) for socket in sockets][0]["v"]

        def everyone() -> dict[str, Any]:
            states = [_state(socket) for socket in sockets]
            return states[0]

        _act(b, v, {"type": "say", "text": "hm"})
        assert everyone()["v"] == v + 1
        _act(a, v, {"type": "say", "text": "Who wants tea?"})  # chosen before Ben's line
        said = everyone()
        assert said["v"] == v + 2
        assert said["view"]["lines"][-1] == {
            "line": 1,
            "seat": 0,
            "text": "Who wants tea?",
            "called": False,
        }
        emote = next(action for action in said["legal"] if action["type"] == "emote")
        _act(a, v, emote)
        assert everyone()["v"] == v + 3
        _act(d, v, {"type": "guess", "text": "surely not this"})
        guessed = everyone()
        assert guessed["v"] == v + 4 and guessed["view"]["alive"] == [True, True, True, False]

        _act(a, v + 4, {"type": "call", "line": 0})  # Ben's line: he wears a judged word
        called = everyone()
        assert called["view"]["vote"]["voters"] == [2]
        _act(c, v + 4, {"type": "vote", "yes": True})  # cast before the call it would count for
        assert receive_kind(c, "error")["d"]["code"] == "stale"
        _act(a, v + 9, {"type": "say", "text": "from the future"})
        assert receive_kind(a, "error")["d"]["code"] == "stale"
    assert _actions(settings, match_id) == [
        (1, {"type": "say", "text": "hm"}),
        (0, {"type": "say", "text": "Who wants tea?"}),
        (0, emote),
        (3, {"type": "guess", "text": "surely not this"}),
        (0, {"type": "call", "line": 0}),
    ]  # the refused vote and line left no trace
