"""Games with timed phases, secret moves and chat channels (issue 21, the platform's side of
Werewolf), on the small game of ``tests/web/night_watch.py``: a night where two seats pick in
secret, a public day, a channel only those two read.

- Sealed moves (``GameRules.sealed``): a viewer whose view an action left unchanged gets no
  frame for it, and each viewer's ``v`` counts only its own changes, so the third seat learns
  neither when the others picked nor how many times anything happened.
- Phase clocks: a phase that runs out is ended by the server, stored as an action of no seat,
  and replayed so after a restart; the host may end a phase the game lets them end.
- Channels: a line goes only to the sockets that may read its channel, the history too; after
  the end the record holds every line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
from app.models import Action
from app.rules import GAMES
from tests.support import FakeClock, run_coroutine
from tests.web.helpers import Guest, MatchSocket, close_matches, receive_kind, start
from tests.web.night_watch import NIGHT_WATCH


@pytest.fixture(autouse=True)
def night_watch(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> Iterator[None]:
    """The test game is in the registry for these tests only; its matches are closed after
    each (a stored deadline would wake later tests' apps for a game they do not know)."""
    monkeypatch.setitem(GAMES, NIGHT_WATCH.slug, NIGHT_WATCH)
    yield
    close_matches(settings, NIGHT_WATCH.slug)


def _table(client: TestClient) -> tuple[list[Guest], int, int]:
    """Ada (the host), Ben and Cy at a table of night watch, started; (guests, lobby, match)."""
    guests = [Guest(client, name) for name in ("Ada", "Ben", "Cy")]
    response = guests[0].post("/api/lobbies", {"game": "night_watch", "players": 3})
    assert response.status_code == 201, response.text
    lobby = response.json()
    for guest in guests[1:]:
        joined = guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        assert joined.status_code == 200, joined.text
    match_id = start(guests[0], lobby["id"])
    return _by_seat(guests, lobby["id"]), lobby["id"], match_id


def _by_seat(guests: list[Guest], lobby_id: int) -> list[Guest]:
    seats = guests[0].get(f"/api/lobbies/{lobby_id}").json()["seats"]
    by_user = {guest.id: guest for guest in guests}
    return [by_user[seat["user_id"]] for seat in sorted(seats, key=lambda seat: seat["seat"])]


def _states(socket: MatchSocket) -> Iterator[dict[str, Any]]:
    """The socket's state frames (data with ``v``), presence and chat frames skipped."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["t"] == "state":
            yield {**message["d"], "v": message["v"]}


def _seatless_actions(settings: Settings, match_id: int) -> list[tuple[int, dict[str, Any]]]:
    async def rows() -> list[tuple[int, dict[str, Any]]]:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            found = await connection.execute(
                select(Action.seq, Action.action)
                .where(Action.match_id == match_id, Action.seat.is_(None))
                .order_by(Action.seq)
            )
            result = [(seq, action) for seq, action in found.all()]
        await engine.dispose()
        return result

    return run_coroutine(rows())


def test_a_secret_pick_sends_the_third_seat_nothing(client: TestClient) -> None:
    (ada, ben, cy), _, match_id = _table(client)
    with ada.ws(match_id) as a, ben.ws(match_id) as b, cy.ws(match_id) as c:
        ada_states, ben_states, cy_states = _states(a), _states(b), _states(c)
        first_a, first_b, first_c = next(ada_states), next(ben_states), next(cy_states)
        assert first_c["view"]["phase"] == "night" and first_c["legal"] == []
        # The night's clock is public, its seats are not (who still has to act is secret).
        assert first_c["clock"]["phase"] == "night-1" and first_c["clock"]["seats"] == []
        a.send_json({"t": "act", "v": first_a["v"], "d": {"type": "pick", "number": 3}})
        picked = next(ada_states)
        assert picked["view"]["my_pick"] == 3 and picked["v"] == first_a["v"] + 1
        # Ben's view did not change: his version did not either, so his pick is not stale.
        b.send_json({"t": "act", "v": first_b["v"], "d": {"type": "pick", "number": 1}})
        assert next(ben_states)["view"]["phase"] == "day"
        # Cy's next frame is the dawn: two picks were made, his version moved by one.
        dawn = next(cy_states)
        assert dawn["view"]["phase"] == "day" and dawn["v"] == first_c["v"] + 1
        assert dawn["log"] == [{"type": "dawn", "value": 4}]
        assert dawn["clock"]["phase"] == "day-1"


def test_a_version_that_moved_on_is_stale(client: TestClient) -> None:
    (ada, _, _), _, match_id = _table(client)
    with ada.ws(match_id) as a:
        states = _states(a)
        first = next(states)
        a.send_json({"t": "act", "v": first["v"], "d": {"type": "pick", "number": 2}})
        assert next(states)["v"] == first["v"] + 1
        a.send_json({"t": "act", "v": first["v"], "d": {"type": "pick", "number": 1}})
        error = receive_kind(a, "error")
        assert error["d"]["code"] == "stale" and error["v"] == first["v"] + 1


def test_the_night_runs_out_and_a_restart_keeps_it(
    client: TestClient, clock: FakeClock, settings: Settings
) -> None:
    (ada, _, cy), _, match_id = _table(client)
    with ada.ws(match_id) as a, cy.ws(match_id) as c:
        ada_states, cy_states = _states(a), _states(c)
        first = next(ada_states)
        next(cy_states)
        a.send_json({"t": "act", "v": first["v"], "d": {"type": "pick", "number": 2}})
        next(ada_states)
        clock.advance(30)  # Ben never picks: the night ends at its deadline, his pick counts 0
        dawn = next(cy_states)
        assert dawn["view"]["phase"] == "day" and dawn["log"] == [{"type": "dawn", "value": 2}]
    assert _seatless_actions(settings, match_id) == [(2, {"type": "expire", "phase": "night-1"})]
    # Another app on the same database rebuilds the match from its log, the expiry included.
    with TestClient(create_app(settings, clock=FakeClock())) as other:
        again = Guest(other, "Ada again")
        again.cookie = ada.cookie
        state = again.get(f"/api/matches/{match_id}").json()
        assert state["view"]["phase"] == "day" and state["clock"]["phase"] == "day-1"
        assert state["log"] == [{"type": "dawn", "value": 2}]


@pytest.mark.timeout(20)  # at the day's old deadline the night would end 29 s late
def test_a_night_begun_early_runs_out_on_its_own_deadline(
    client: TestClient, clock: FakeClock
) -> None:
    """All ready before the day's 60 s are up: the next night (30 s) ends before the day would
    have. The clock waiting for the day's deadline must take the night's instead (found in CI:
    Werewolf's witch step, begun early, waited out the night's longer deadline)."""
    (ada, ben, cy), _, match_id = _table(client)
    with ada.ws(match_id) as a, ben.ws(match_id) as b, cy.ws(match_id) as c:
        ada_states, ben_states, cy_states = _states(a), _states(b), _states(c)
        first_a, first_c = next(ada_states), next(cy_states)
        next(ben_states)
        a.send_json({"t": "act", "v": first_a["v"], "d": {"type": "pick", "number": 1}})
        next(ada_states)
        # Ben does not pick: the night runs out, and the clock then waits for the day's end.
        clock.advance(first_c["clock"]["remaining_ms"] / 1000 + 1)
        sockets = [(a, ada_states), (b, ben_states), (c, cy_states)]
        # Each seat's latest frame: the day, then one more after each public "ready".
        latest = [next(s for s in states if s["view"]["phase"] == "day") for _, states in sockets]
        assert latest[2]["clock"]["phase"] == "day-1"
        for seat, (socket, _) in enumerate(sockets):
            socket.send_json({"t": "act", "v": latest[seat]["v"], "d": {"type": "ready"}})
            latest = [next(states) for _, states in sockets]
        night = latest[2]
        assert night["view"]["phase"] == "night"
        assert night["clock"]["phase"] == "night-2"
        assert night["clock"]["remaining_ms"] <= 30_000
        clock.advance(night["clock"]["remaining_ms"] / 1000 + 1)  # the day had 29 s more
        dawn = next(cy_states)
        assert dawn["view"]["phase"] == "day" and dawn["clock"]["phase"] == "day-2"
        assert dawn["log"][-1] == {"type": "dawn", "value": 0}  # nobody picked


def test_the_host_ends_the_day_early_and_nobody_else_can(client: TestClient) -> None:
    (ada, ben, _), _, match_id = _table(client)
    with ada.ws(match_id) as a, ben.ws(match_id) as b:
        ada_states, ben_states = _states(a), _states(b)
        first_a, first_b = next(ada_states), next(ben_states)
        # At night the phase cannot be ended early, even by the host.
        a.send_json({"t": "end_phase", "d": {"phase": "night-1"}})
        assert receive_kind(a, "error")["d"]["code"] == "phase_fixed"
        a.send_json({"t": "act", "v": first_a["v"], "d": {"type": "pick", "number": 1}})
        b.send_json({"t": "act", "v": first_b["v"], "d": {"type": "pick", "number": 1}})
        day = next(state for state in ada_states if state["view"]["phase"] == "day")
        assert day["clock"]["phase"] == "day-1"
        b.send_json({"t": "end_phase", "d": {"phase": "day-1"}})
        assert receive_kind(b, "error")["d"]["code"] == "not_host"
        a.send_json({"t": "end_phase", "d": {"phase": "day-0"}})
        assert receive_kind(a, "error")["d"]["code"] == "stale"
        a.send_json({"t": "end_phase", "d": {"phase": "day-1"}})
        night = next(state for state in ada_states if state["view"]["phase"] == "night")
        assert night["view"]["day"] == 2 and night["clock"]["phase"] == "night-2"


def test_a_channel_reaches_only_its_readers(client: TestClient, settings: Settings) -> None:
    (ada, ben, cy), _, match_id = _table(client)
    with ada.ws(match_id) as a, ben.ws(match_id) as b, cy.ws(match_id) as c:
        first_c = next(_states(c))
        assert first_c["channels"] == {"table": "read"}
        assert next(_states(a))["channels"] == {"table": "read", "pair": "write"}
        next(_states(b))
        a.send_json({"t": "chat", "d": {"text": "I pick three", "channel": "pair"}})
        message = receive_kind(b, "chat")
        line = message["d"]
        # No version on a sealed game's chat line: the match's seq would count secret moves.
        assert line["text"] == "I pick three" and line["channel"] == "pair" and message["v"] is None
        # Cy may neither speak in it nor, at night, at the table.
        c.send_json({"t": "chat", "d": {"text": "what?", "channel": "pair"}})
        # Ada's line was queued for its readers before Cy spoke: Cy's messages up to the
        # refusal hold no chat line (presence may come between).
        refused = c.receive_json()
        while refused["t"] == "presence":
            refused = c.receive_json()
        assert refused["t"] == "error" and refused["d"]["code"] == "bad_channel"
        c.send_json({"t": "chat", "d": {"text": "what?", "channel": "table"}})
        assert receive_kind(c, "error")["d"]["code"] == "channel_closed"
        c.send_json({"t": "chat", "d": {"text": "what?"}})
        assert receive_kind(c, "error")["d"]["code"] == "bad_channel"
    # Cy's next connection's history leaves the line out; Ben's holds it.
    with cy.ws(match_id) as c:
        assert next(_states(c))["chat"] == []
    with ben.ws(match_id) as b:
        assert [line["text"] for line in next(_states(b))["chat"]] == ["I pick three"]


def test_a_live_replay_would_count_the_secret_moves(client: TestClient) -> None:
    (ada, _, _), _, match_id = _table(client)
    with ada.ws(match_id) as a:
        first = next(_states(a))
        a.send_json({"t": "act", "v": first["v"], "d": {"type": "pick", "number": 2}})
        next(_states(a))
    refused = ada.get(f"/api/matches/{match_id}/replay")
    assert refused.status_code == 409 and refused.json()["code"] == "sealed_replay"


def test_a_game_with_timed_phases_takes_no_turn_timer(client: TestClient) -> None:
    ada = Guest(client, "Ada")
    games = {game["slug"]: game for game in ada.get("/api/games").json()}
    assert games["night_watch"]["timed_phases"] and not games["coloretto"]["timed_phases"]
    body = {"game": "night_watch", "players": 3, "turn_seconds": 60}
    refused = ada.post("/api/lobbies", body)
    assert refused.status_code == 400 and refused.json()["code"] == "bad_turn_time"
