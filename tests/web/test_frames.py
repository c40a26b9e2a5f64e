"""State frames (app/matches/frames.py): the game parts of a frame are computed once per move and
seat and shared, yet every socket still gets exactly what the rules give its own seat (design
2.3), never a stale or another seat's state."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import hashlib
import json
import weakref
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
import pytest
from starlette.testclient import TestClient

from app.matches import frames
from app.matches.live import LiveMatch, Outbox, TableSettings, Viewer, seated
from app.rules import GAMES
from tests.support import apply_delta
from tests.web.helpers import Guest, MatchSocket, start, watch_code

POISON = GAMES["poison"]


def _expected(live: LiveMatch, seat: int | None) -> dict[str, Any]:
    """What a viewer at ``seat`` should get now, straight from the rules (as JSON has it)."""
    rules = GAMES[live.game]
    outcome = rules.outcome(live.state)
    expected = {
        "v": live.seq,
        "seat": seat,
        "view": rules.view(live.state, seat),
        "legal": rules.legal_actions(live.state, seat) if seat is not None else [],
        "log": rules.log(live.state, seat),
        "outcome": outcome.to_json() if outcome else None,
    }
    return json.loads(json.dumps(expected))  # type: ignore[no-any-return]


def _same(frame: dict[str, Any], expected: dict[str, Any]) -> None:
    """``frame`` shows its viewer's seat ``expected``."""
    data = frame["d"]
    shown = {key: data[key] for key in ("view", "legal", "log", "outcome")}
    assert {"v": frame["v"], "seat": data["match"]["seat"], **shown} == expected


# -- the frames module on its own (a live match built by hand) ---------------------------------


def _live(match_id: int, *, seed: bytes = b"s" * 32, timed: bool = True) -> LiveMatch:
    now = datetime.now(UTC)
    return LiveMatch(
        id=match_id,
        lobby_id=match_id,
        game="poison",
        seed=seed,
        commitment=hashlib.sha256(seed).hexdigest(),
        players=(
            seated(0, name="Ada", user_id=1, bot=None),
            seated(1, name='Zoë ✓ "quoted"', user_id=2, bot=None),
            seated(2, name=None, user_id=None, bot="random"),
        ),
        host_id=1,
        table=TableSettings(turn_seconds=60 if timed else None),
        created_at=now,
        state=POISON.new_game(players=3, seed=seed, options=dict(POISON.default_options)),
        seq=0,
        deadline=now + timedelta(seconds=60) if timed else None,
    )


def _frame(live: LiveMatch, seat: int | None, **kwargs: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(
        frames.state_frame(live, seat, now=datetime.now(UTC), **kwargs)
    )
    return message


def _move(live: LiveMatch) -> None:
    """Play the first legal action of the seat to act, as the service does (new state, seq+1)."""
    seat = min(POISON.to_act(live.state))
    live.state = POISON.apply(live.state, seat, POISON.legal_actions(live.state, seat)[0])
    live.seq += 1


class TestStateFrame:
    def test_every_seat_and_spectators_get_what_the_rules_give_their_seat(self) -> None:
        live = _live(1_000_001)
        queue: Outbox = asyncio.Queue()
        live.listeners[queue] = Viewer(seat=0, user_id=1, name="Ada")  # Ada is online,
        live.listeners[asyncio.Queue()] = Viewer(seat=None, user_id=2, name="Eve")  # Eve watches
        for _ in range(6):
            for seat in [0, 1, 2, None, 0, None, 2]:  # repeated: served from the cache
                frame = _frame(live, seat)
                _same(frame, _expected(live, seat))
                assert frame["d"]["stand_ins"] == live.stand_ins
            _move(live)
            live.stand_ins.append({"seat": 2, "seq": live.seq, "log": [0, 1]})
        live.listeners.pop(queue)  # presence changes without a move: frames follow it
        for seat in [0, None]:
            frame = _frame(live, seat)
            assert [player["online"] for player in frame["d"]["match"]["players"]] == [
                False,
                False,
                True,  # a bot is always there
            ]
            assert frame["d"]["match"]["watching"] == ["Eve"]
            _same(frame, _expected(live, seat))

    def test_a_move_is_never_answered_from_the_cache(self) -> None:
        live = _live(1_000_002, timed=False)
        before = {seat: _frame(live, seat) for seat in (0, 1, 2, None)}
        _move(live)
        for seat in (0, 1, 2, None):
            after = _frame(live, seat)
            assert after["v"] == before[seat]["v"] + 1
            assert after["d"]["view"] != before[seat]["d"]["view"]
            assert after["d"]["view"] == POISON.view(live.state, seat)
            assert after["d"]["log"] == POISON.log(live.state, seat)
            _same(after, _expected(live, seat))

    def test_a_match_rebuilt_at_the_same_seq_is_not_served_the_old_copys_state(self) -> None:
        old = _live(1_000_003, seed=b"a" * 32)
        assert _frame(old, 0)["d"]["view"] == POISON.view(old.state, 0)
        rebuilt = _live(1_000_003, seed=b"b" * 32)  # same id and seq, another state
        assert POISON.view(rebuilt.state, 0) != POISON.view(old.state, 0)
        _same(_frame(rebuilt, 0), _expected(rebuilt, 0))
        _same(_frame(old, 0), _expected(old, 0))  # and back: each copy gets its own

    def test_a_spectator_never_gets_a_seats_view_nor_a_seat_anothers(self) -> None:
        live = _live(1_000_004)
        seat_frames = {seat: _frame(live, seat) for seat in (0, 1, 2)}  # fill the cache first
        watching = _frame(live, None)
        assert watching["d"]["view"] == POISON.view(live.state, None)
        assert watching["d"]["view"]["hand"] is None
        assert watching["d"]["legal"] == []
        hands = {seat: frame["d"]["view"]["hand"] for seat, frame in seat_frames.items()}
        for seat, frame in seat_frames.items():
            assert frame["d"]["view"] == POISON.view(live.state, seat)
            assert frame["d"]["match"]["seat"] == seat
            assert frame["d"]["view"] != watching["d"]["view"]
        assert len({json.dumps(hand) for hand in hands.values()}) == 3

    def test_game_parts_are_computed_once_per_move_and_seat(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        calls: list[tuple[str, int | None]] = []

        def counted(name: str) -> Any:
            function = getattr(POISON, name)

            def wrapper(state: Any, seat: Any) -> Any:
                calls.append((name, seat))
                return function(state, seat)

            return wrapper

        monkeypatch.setitem(
            GAMES,
            "poison",
            dataclasses.replace(
                POISON,
                view=counted("view"),
                legal_actions=counted("legal_actions"),
                log=counted("log"),
            ),
        )
        live = _live(1_000_005)
        for _ in range(2):
            calls.clear()
            for seat in [0, 0, None, 1, None, None, 0]:
                frames.state_frame(live, seat, now=datetime.now(UTC))
            assert sorted(calls, key=repr) == sorted(
                [("view", 0), ("view", None), ("view", 1)]
                + [("legal_actions", 0), ("legal_actions", 1)]
                # Poison's log is public (GameRules.public_log): one for everyone.
                + [("log", None)],
                key=repr,
            )
            _move(live)

    def test_the_first_frame_carries_the_chat(self) -> None:
        live = _live(1_000_006)
        lines = [{"seat": 0, "name": "Ada", "text": "héllo \u2028 </script>", "at": "now"}]
        first = _frame(live, 0, chat=lines)
        assert first["d"]["chat"] == lines
        assert "chat" not in _frame(live, 0)["d"]
        del first["d"]["chat"]
        _same(first, _expected(live, 0))

    def test_only_the_current_states_parts_are_kept_and_leave_with_the_match(self) -> None:
        live = _live(1_000_010)
        _same(_frame(live, 0), _expected(live, 0))
        kept = frames._kept[live]
        assert kept.state is live.state
        _move(live)
        _same(_frame(live, 0), _expected(live, 0))
        assert frames._kept[live] is not kept and frames._kept[live].state is live.state
        gone = weakref.ref(frames._kept[live])
        del live, kept
        gc.collect()
        assert gone() is None


def _delta(live: LiveMatch, seat: int | None, sent: frames.Sent) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(
        frames.delta_frame(live, seat, now=datetime.now(UTC), sent=sent)
    )
    return message


class TestDeltaFrame:
    def test_deltas_lead_every_viewer_to_the_state_the_rules_give_its_seat(self) -> None:
        live = _live(1_000_020)
        sent = {seat: frames.Sent() for seat in (0, 1, 2, None)}
        shown = {seat: _frame(live, seat, sent=sent[seat])["d"] for seat in sent}
        for _ in range(12):
            _move(live)
            for seat in sent:
                delta = _delta(live, seat, sent[seat])
                assert delta["t"] == "delta" and delta["v"] == live.seq
                shown[seat] = apply_delta(shown[seat], delta["d"])
                _same({"v": delta["v"], "d": shown[seat]}, _expected(live, seat))
                # What did not change is not sent again: the table, and the log's old entries.
                assert "match" not in delta["d"]
                assert delta["d"]["log"]["keep"] > 0

    def test_a_delta_carries_only_what_changed(self) -> None:
        live = _live(1_000_021, timed=False)
        sent = frames.Sent()
        full = frames.state_frame(live, 1, now=datetime.now(UTC), sent=sent)
        before = json.loads(full)["d"]
        # Nothing changed: only the version.
        assert _delta(live, 1, sent) == {"t": "delta", "v": live.seq, "d": {}}
        _move(live)  # seat 0 plays a card: seat 1's view and the log change
        delta = _delta(live, 1, sent)
        log = POISON.log(live.state, 1)
        assert delta["d"]["log"] == {"keep": len(before["log"]), "add": log[len(before["log"]) :]}
        assert set(delta["d"]) <= {"view_keys", "legal", "log"}
        # Of the view, only the keys whose value changed.
        view_keys = delta["d"]["view_keys"]
        assert view_keys["gone"] == [] and view_keys["set"]
        assert {
            key for key, value in POISON.view(live.state, 1).items() if before["view"][key] != value
        } == set(view_keys["set"])
        assert len(frames.delta_frame(live, 1, now=datetime.now(UTC), sent=sent)) < len(full)

    def test_a_rewritten_log_entry_is_sent_again_from_where_it_changed(self) -> None:
        live = _live(1_000_022, timed=False)
        _move(live)
        sent = frames.Sent()
        _frame(live, 0, sent=sent)
        assert sent.parts is not None
        old_entries = sent.parts.entries
        assert len(old_entries) >= 2
        # As if the viewer had been shown another second entry (rewritten since: a reveal).
        sent.parts = dataclasses.replace(
            sent.parts, entries=[old_entries[0], {"rewritten": True}, *old_entries[2:]]
        )
        _move(live)
        delta = _delta(live, 0, sent)
        assert delta["d"]["log"] == {"keep": 1, "add": POISON.log(live.state, 0)[1:]}

    def test_the_clock_and_the_table_come_when_they_change(self) -> None:
        live = _live(1_000_023, timed=True)
        sent = frames.Sent()
        _frame(live, 2, sent=sent)
        delta = _delta(live, 2, sent)
        assert set(delta["d"]) == {"clock"}  # a running clock counts down: always sent
        live.listeners[asyncio.Queue()] = Viewer(seat=None, user_id=9, name="Eve")
        delta = _delta(live, 2, sent)
        assert delta["d"]["match"]["watching"] == ["Eve"]
        live.finished_at = datetime.now(UTC)  # the clock stops: sent once as None
        assert _delta(live, 2, sent)["d"]["clock"] is None
        assert "clock" not in _delta(live, 2, sent)["d"]

    def test_a_seats_log_change_is_computed_once_for_all_its_sockets(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        live = _live(1_000_024, timed=False)
        tabs = [frames.Sent() for _ in range(3)]
        for tab in tabs:
            _frame(live, 0, sent=tab)
        _move(live)
        made: list[bytes] = []
        dumps = orjson.dumps

        def counted(value: Any, *args: Any) -> bytes:
            result: bytes = dumps(value, *args)
            if isinstance(value, dict) and set(value) == {"keep", "add"}:
                made.append(result)
            return result

        monkeypatch.setattr(orjson, "dumps", counted)
        deltas = [_delta(live, 0, tab) for tab in tabs]
        assert len(made) == 1 and deltas[0]["d"] == deltas[1]["d"] == deltas[2]["d"]


# -- over the match socket ---------------------------------------------------------------------


def _states(socket: MatchSocket) -> Iterator[dict[str, Any]]:
    """The socket's state frames in order (presence and chat frames skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["t"] == "state":
            yield message


class TestOverTheSocket:
    def test_players_tabs_and_spectators_each_get_their_own_seats_state_after_every_move(
        self, client: TestClient
    ) -> None:
        ada, ben, cy, eve = (Guest(client, name) for name in ("Ada", "Ben", "Cy", "Eve"))
        lobby = ada.post("/api/lobbies", {"game": "poison", "players": 3, "options": {}}).json()
        for guest in (ben, cy):
            joined = guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
            assert joined.status_code == 200, joined.text
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal is not None
        portal = client.portal

        def expected(seat: int | None) -> dict[str, Any]:
            live = next(live for live in hub.live_matches() if live.id == match_id)
            return portal.call(_expected, live, seat)

        with (
            ada.ws(match_id) as ada_tab,
            ada.ws(match_id) as ada_other_tab,
            ben.ws(match_id) as ben_socket,
            cy.ws(match_id) as cy_socket,
            eve.ws(match_id, watch=watch) as eve_socket,
        ):
            sockets = {
                "ada": (ada_tab, 0),
                "ada again": (ada_other_tab, 0),
                "ben": (ben_socket, 1),
                "cy": (cy_socket, 2),
                "eve": (eve_socket, None),
            }
            streams = {name: _states(socket) for name, (socket, _) in sockets.items()}
            latest: dict[str, dict[str, Any]] = {}
            for name, (_, seat) in sockets.items():
                first = next(streams[name])
                assert first["v"] == 0 and first["d"]["chat"] == []
                assert first["d"]["view"] == expected(seat)["view"]
                latest[name] = first
            for move in range(1, 9):
                mover = next(name for name, frame in latest.items() if frame["d"]["legal"])
                frame = latest[mover]
                sockets[mover][0].send_json(
                    {"t": "act", "v": frame["v"], "d": frame["d"]["legal"][0]}
                )
                for name, (_, seat) in sockets.items():
                    new = next(streams[name])
                    assert new["v"] == move  # one new state per move, never an old one
                    assert new["d"]["view"] != latest[name]["d"]["view"]
                    assert "chat" not in new["d"]
                    _same(new, expected(seat))
                    latest[name] = new
                assert latest["ada"] == latest["ada again"]
                assert latest["eve"]["d"]["view"]["hand"] is None
                assert latest["eve"]["d"]["legal"] == []
                for name in ("ada", "ben", "cy"):
                    assert latest[name]["d"]["view"] != latest["eve"]["d"]["view"]
