"""Two Parlor instances on one Postgres (issue 11, design 2.4): real ``python -m app serve``
processes on different ports. Players connected to different instances play one match; the
same move sent to both at once is stored once; killing the match's owner lets the other
instance take over its bots from the log with no acknowledged move lost; a logout through one
instance closes that login's sockets on the other.

Needs Postgres (SQLite is one process by design); CI sets DATABASE_URL.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from app.config import Settings
from app.main import create_app
from app.models import Action, Match
from tests.servers import Server, free_port
from tests.support import FrameReader, run_coroutine
from tests.web.helpers import Guest, open_table, start

LEASE = "2"  # seconds: a dead owner's matches move on quickly


@pytest.fixture
def servers(settings: Settings) -> Iterator[tuple[Server, Server]]:
    if not settings.database_url.startswith("postgres"):
        pytest.skip("needs Postgres (CI sets DATABASE_URL)")
    first = Server(settings, free_port(), INSTANCE_ID="a", LEASE_SECONDS=LEASE)
    second = Server(settings, free_port(), INSTANCE_ID="b", LEASE_SECONDS=LEASE)
    yield first, second
    first.stop()
    second.stop()


class Seat:
    """One player's socket to one instance."""

    def __init__(self, server: Server, guest: Guest, match_id: int) -> None:
        self._open = ExitStack()
        self.socket: ClientConnection = self._open.enter_context(
            connect(
                f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}",
                additional_headers={
                    "Cookie": f"parlor_session={guest.cookie}",
                    "Origin": server.url,
                },
                open_timeout=10,
            )
        )
        self.seen: list[int] = []
        self.reader = FrameReader()

    def next_state(self, *, mine: bool = False) -> dict[str, Any]:
        """The next state frame (with ``mine``: the next in which this seat may act, or the end)."""
        while True:
            message = self.receive()
            if message["t"] != "state":
                continue
            self.seen.append(message["v"])
            data = message["d"]
            if not mine or data["legal"] or data["outcome"] is not None:
                return message

    def receive(self) -> dict[str, Any]:
        return self.reader.read(self.socket.recv(timeout=30))

    def act(self, state: dict[str, Any]) -> None:
        self.socket.send(json.dumps({"t": "act", "v": state["v"], "d": state["d"]["legal"][0]}))

    def close(self) -> None:
        self._open.close()


def _table(settings: Settings, *, people: int) -> tuple[list[Guest], int]:
    """A 3-seat Coloretto table: ``people`` guests (Ada hosts), bots in the other seats; started
    from an in-process app that is closed again before play (it would be a third instance)."""
    with TestClient(create_app(settings)) as client:
        guests = [Guest(client, name) for name in ("Ada", "Ben", "Cy")[:people]]
        lobby = open_table(guests[0], players=3, bots=3 - people)
        for guest in guests[1:]:
            guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
        return guests, start(guests[0], lobby["id"])


def _stored(settings: Settings, match_id: int) -> tuple[list[tuple[int, Any]], str | None]:
    async def read() -> tuple[list[tuple[int, Any]], str | None]:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            rows = await connection.execute(
                select(Action.seq, Action.action)
                .where(Action.match_id == match_id)
                .order_by(Action.seq)
            )
            actions = [(seq, action) for seq, action in rows.all()]
            owner = (
                await connection.execute(select(Match.owner).where(Match.id == match_id))
            ).scalar_one()
        await engine.dispose()
        return actions, owner

    return run_coroutine(read())


def _play_to_the_end(
    seat: Seat, acknowledged: list[tuple[int, Any]], state: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Act on each of this seat's turns until the end (from ``state`` if the seat has one
    already); note every move the server confirmed."""
    if state is None or not (state["d"]["legal"] or state["d"]["outcome"] is not None):
        state = seat.next_state(mine=True)
    while state["d"]["outcome"] is None:
        seat.act(state)
        sent = (state["v"] + 1, state["d"]["legal"][0])
        while True:
            message = seat.receive()
            if message["t"] == "error":
                assert message["d"]["code"] == "stale", message
                state = seat.next_state(mine=True)
                break
            if message["t"] == "state" and message["v"] >= sent[0]:
                acknowledged.append(sent)
                seat.seen.append(message["v"])
                mine = message["d"]["legal"] or message["d"]["outcome"] is not None
                state = message if mine else seat.next_state(mine=True)
                break
    return state


class TestTwoInstances:
    def test_players_on_different_instances_play_a_whole_match(
        self, settings: Settings, servers: tuple[Server, Server]
    ) -> None:
        (ada, ben), match_id = _table(settings, people=2)
        first, second = servers
        seats = [Seat(first, ada, match_id), Seat(second, ben, match_id)]
        acknowledged: list[tuple[int, Any]] = []
        finals: list[dict[str, Any]] = []
        threads = [
            threading.Thread(target=lambda s=seat: finals.append(_play_to_the_end(s, acknowledged)))
            for seat in seats
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        for seat in seats:
            seat.close()
        assert len(finals) == 2, "a player did not see the end"
        # Both instances showed the same end, each having seen its own and the other's moves.
        assert finals[0]["v"] == finals[1]["v"]
        assert finals[0]["d"]["outcome"] == finals[1]["d"]["outcome"]
        assert all(seat.seen == sorted(set(seat.seen)) for seat in seats)  # never backwards
        stored, owner = _stored(settings, match_id)
        assert [seq for seq, _ in stored] == list(range(1, finals[0]["v"] + 1))
        assert all(dict(stored)[seq] == action for seq, action in acknowledged)
        assert owner in ("a", "b")  # the bot ran under one instance's lease
        status, verdict = first.call("GET", f"/api/matches/{match_id}/verify", ada.cookie)
        assert status == 200 and verdict["ok"] is True

    def test_a_chat_line_reaches_the_other_instance_and_its_later_sockets(
        self, settings: Settings, servers: tuple[Server, Server]
    ) -> None:
        (ada, ben), match_id = _table(settings, people=2)
        first, second = servers
        here, there = Seat(first, ada, match_id), Seat(second, ben, match_id)
        assert there.next_state()["d"]["chat"] == []  # the second instance has read the chat
        here.socket.send(json.dumps({"t": "chat", "d": {"text": "good luck"}}))
        for seat in (here, there):  # the second instance hears it through the signal
            while (message := seat.receive())["t"] != "chat":
                pass
            assert message["d"]["text"] == "good luck" and message["d"]["name"] == "Ada"
        # A later socket on the second instance gets it with its first state, like any history.
        later = Seat(second, ben, match_id)
        assert [line["text"] for line in later.next_state()["d"]["chat"]] == ["good luck"]
        for seat in (here, there, later):
            seat.close()

    def test_logging_out_through_one_instance_closes_the_sockets_on_the_other(
        self, settings: Settings, servers: tuple[Server, Server]
    ) -> None:
        (ada,), match_id = _table(settings, people=1)
        first, second = servers
        there = Seat(second, ada, match_id)
        mine = there.next_state(mine=True)
        status, _ = first.call("POST", "/api/session/logout", ada.cookie)
        assert status == 204
        # The revocation's signal reaches the second instance, which closes the socket: 4401.
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                message = there.receive()
                assert message["t"] != "state" or message["v"] <= mine["v"]
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        status, _ = second.call("GET", "/api/session", ada.cookie)
        assert status == 401  # and the cookie is refused there too

    def test_the_same_move_on_both_instances_is_stored_once(
        self, settings: Settings, servers: tuple[Server, Server]
    ) -> None:
        (ada,), match_id = _table(settings, people=1)
        first, second = servers
        seats = [Seat(first, ada, match_id), Seat(second, ada, match_id)]  # two tabs
        states = [seat.next_state(mine=True) for seat in seats]
        while states[0]["v"] != states[1]["v"]:  # one instance had not caught up yet
            behind = 0 if states[0]["v"] < states[1]["v"] else 1
            states[behind] = seats[behind].next_state(mine=True)
        version = states[0]["v"]
        ready = threading.Barrier(2)

        def send(index: int) -> None:
            ready.wait()
            seats[index].act(states[index])

        senders = [threading.Thread(target=send, args=(index,)) for index in (0, 1)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        outcomes = []
        for seat in seats:
            while True:
                message = seat.receive()
                if message["t"] == "error":
                    outcomes.append(message["d"]["code"])
                    break
                if message["t"] == "state" and message["v"] > version:
                    outcomes.append("moved")
                    break
        for seat in seats:
            seat.close()
        # One instance stored the move; the other was refused as stale (or, if its copy had
        # already caught up, also shows the move, never a second one).
        assert "moved" in outcomes and set(outcomes) <= {"moved", "stale"}
        stored, _ = _stored(settings, match_id)
        assert [seq for seq, _ in stored][: version + 1] == list(range(1, version + 2))
        assert stored[version] == (version + 1, states[0]["d"]["legal"][0])

    def test_the_match_goes_on_when_its_owner_dies(
        self, settings: Settings, servers: tuple[Server, Server]
    ) -> None:
        (ada,), match_id = _table(settings, people=1)
        by_name = dict(zip("ab", servers, strict=True))
        first = Seat(servers[0], ada, match_id)
        acknowledged: list[tuple[int, Any]] = []
        state = first.next_state(mine=True)
        for _ in range(3):  # a few rounds on the first instance, the bots answering
            first.act(state)
            acknowledged.append((state["v"] + 1, state["d"]["legal"][0]))
            state = first.next_state(mine=True)
        _, owner = _stored(settings, match_id)
        assert owner in by_name
        survivor = by_name["b" if owner == "a" else "a"]
        other = Seat(survivor, ada, match_id)  # a second tab, on the other instance
        seen = other.next_state()
        by_name[owner].kill()  # SIGKILL: its lease is never given back, it just runs out
        first.close()
        final = _play_to_the_end(other, acknowledged, seen)
        other.close()
        stored, new_owner = _stored(settings, match_id)
        assert new_owner != owner  # the survivor took the lease and ran the bots
        assert [seq for seq, _ in stored] == list(range(1, final["v"] + 1))
        by_seq = dict(stored)
        assert all(by_seq[seq] == action for seq, action in acknowledged)
        status, verdict = survivor.call("GET", f"/api/matches/{match_id}/verify", ada.cookie)
        assert status == 200 and verdict["ok"] is True
