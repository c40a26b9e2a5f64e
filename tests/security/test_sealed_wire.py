"""Wire-level harness for sealed games (issue 21: Werewolf's night), where moves are secret in
their timing too (``GameRules.sealed``) and the chat has channels (``GameRules.channels``).

A whole match is played through the real WebSocket endpoint, one guest per seat and a
spectator; after every move each socket is sent a frame the server refuses, and what it received
before that refusal is what the move sent it (a barrier: a socket's messages keep their order).
A timed phase with nobody left to act, and now and then one that still has, runs out on the
app's clock. Every few moves every seat says a marked line in each channel it may write.

Then, against the true states rebuilt from the record:

- a viewer received a state frame after exactly the moves that changed what it is shown
  (``app.matches.versions.shown``), and its ``v`` went up by one each time: nothing tells it
  when, or how often, anything else happened;
- each frame is the rules' view, log and legal actions for that viewer at that point, and, for
  a game with a secrets declaration, the same as in a twin that differs in what it may not see,
  with none of the declared secrets in it;
- a marked line reached only viewers who could read its channel then (before the end), and the
  record holds every line.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient

from app.config import Settings
from app.matches.versions import shown
from app.models import Match
from app.rules import GAMES, GameRules
from app.rules.rng import Rng
from tests.security.secrets import SECRETS
from tests.support import FakeClock, replayed_states, run_coroutine
from tests.web.helpers import Guest, MatchSocket, start, watch_code
from tests.web.night_watch import NIGHT_WATCH

BARRIER = {"t": "barrier"}
"""A message the server refuses (``bad_message``): its error frame closes a move's frames."""
EARLY_EXPIRY = 0.05
"""Share of moves at which a running phase runs out although someone could still act."""
SPEAK_EVERY = 5
MAX_MOVES = 3000


def _cases() -> Iterator[Any]:
    yield pytest.param(NIGHT_WATCH.slug, 3, {}, id="night_watch")
    for slug, rules in sorted(GAMES.items()):
        if rules.sealed:
            for players in sorted({rules.player_counts[0], rules.player_counts[-1]}):
                yield pytest.param(slug, players, {}, id=f"{slug}-{players}p")


@pytest.fixture(autouse=True)
def night_watch(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> Iterator[None]:
    """The small sealed game of the web tests is registered for these tests only."""
    monkeypatch.setitem(GAMES, NIGHT_WATCH.slug, NIGHT_WATCH)
    yield

    async def close() -> None:  # no stored deadline may wake later tests' apps
        engine = create_async_engine(settings.async_database_url)
        async with engine.begin() as connection:
            await connection.execute(
                update(Match).where(Match.status == "playing").values(deadline=None)
            )
        await engine.dispose()

    run_coroutine(close())


@dataclass
class Wire:
    """What one viewer received, each message with the number of moves made before it."""

    frames: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)
    latest: dict[str, Any] = field(default_factory=dict)

    def take(self, socket: MatchSocket, moves: int) -> None:
        """Everything up to the barrier's refusal (kept too: its ``v`` is checked)."""
        while True:
            text, message = socket.receive_frame()
            self.frames.append((moves, message, text))
            if message["t"] == "state":
                self.latest = message
            if message["t"] == "error" and message["d"]["code"] == "bad_message":
                return


def _play(
    client: TestClient, clock: FakeClock, slug: str, players: int, rng: random.Random
) -> tuple[dict[int | None, Wire], list[tuple[int, str, str]], dict[str, Any]]:
    """A whole match; the wires, the marked lines (moves before, channel, text), the record."""
    rules: GameRules[Any] = GAMES[slug]
    guests = [Guest(client, f"Player {seat + 1}") for seat in range(players)]
    watcher = Guest(client, "Watcher")
    lobby = guests[0].post("/api/lobbies", {"game": slug, "players": players}).json()
    for guest in guests[1:]:
        guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    match_id = start(guests[0], lobby["id"])
    code = watch_code(guests[0], lobby["id"])
    seats = {seat: seat_of(guests[0], lobby["id"], guest.id) for seat, guest in enumerate(guests)}
    by_seat = {seats[index]: guest for index, guest in enumerate(guests)}
    wires: dict[int | None, Wire] = {viewer: Wire() for viewer in [*range(players), None]}
    said: list[tuple[int, str, str]] = []
    with ExitStack() as stack:
        sockets = {
            viewer: stack.enter_context(
                by_seat[viewer].ws(match_id)
                if viewer is not None
                else watcher.ws(match_id, watch=code)
            )
            for viewer in wires
        }
        moves = 0

        def barrier(first: int | None = None) -> None:
            order = [first] if first is not None else []
            for viewer in [*order, *(other for other in wires if other not in order)]:
                sockets[viewer].send_json(BARRIER)
                wires[viewer].take(sockets[viewer], moves)

        barrier()
        for step in range(MAX_MOVES):
            spectator = wires[None].latest["d"]
            if spectator["outcome"] is not None:
                break
            if step % SPEAK_EVERY == 0:
                for seat in range(players):
                    for channel, mode in (wires[seat].latest["d"]["channels"] or {}).items():
                        if mode == "write":
                            text = f"marked-{channel}-{seat}-{step}"
                            sockets[seat].send_json(
                                {"t": "chat", "d": {"text": text, "channel": channel}}
                            )
                            said.append((moves, channel, text))
                barrier()
            acting = [seat for seat in range(players) if wires[seat].latest["d"]["legal"]]
            timed = spectator["clock"] is not None
            if acting and not (timed and rng.random() < EARLY_EXPIRY):
                seat = rng.choice(acting)
                data = wires[seat].latest["d"]
                action = rules.bot(data["view"], data["legal"], Rng(rng.randbytes(32), "client"))
                sockets[seat].send_json({"t": "act", "v": wires[seat].latest["v"], "d": action})
                moves += 1
                barrier(first=seat)
            else:
                assert timed, "nobody may act and no clock runs, but the match is not over"
                before = len(wires[None].frames)
                clock.advance(spectator["clock"]["remaining_ms"] / 1000 + 1)
                moves += 1
                # A phase's end is public: the spectator's frame for it says the expiry is done.
                text, message = sockets[None].receive_frame()
                while message["t"] != "state":
                    wires[None].frames.append((moves, message, text))
                    text, message = sockets[None].receive_frame()
                wires[None].frames.append((moves, message, text))
                wires[None].latest = message
                assert len(wires[None].frames) > before
                barrier()
        else:
            pytest.fail("the match did not end")
    record = by_seat[0].get(f"/api/matches/{match_id}/record").json()
    return wires, said, record


def seat_of(host: Guest, lobby_id: int, user_id: int) -> int:
    seats = host.get(f"/api/lobbies/{lobby_id}").json()["seats"]
    found: int = next(seat["seat"] for seat in seats if seat["user_id"] == user_id)
    return found


@pytest.mark.parametrize(("slug", "players", "options"), list(_cases()))
def test_a_sealed_match_tells_each_viewer_only_its_own_changes(
    client: TestClient, clock: FakeClock, slug: str, players: int, options: dict[str, Any]
) -> None:
    rules: GameRules[Any] = GAMES[slug]
    rng = random.Random(f"sealed:{slug}:{players}")
    wires, said, record = _play(client, clock, slug, players, rng)
    truth = replayed_states(record)
    final = len(truth) - 1
    assert len(record["actions"]) == final
    secrets = SECRETS.get(slug)
    for viewer, wire in wires.items():
        # A frame after exactly the moves that changed what this viewer is shown.
        digests = [shown(rules, state, viewer) for state in truth]
        changes = [moves for moves in range(1, final + 1) if digests[moves] != digests[moves - 1]]
        states = [(moves, message) for moves, message, _ in wire.frames if message["t"] == "state"]
        assert [moves for moves, _ in states[1:]] == changes, f"viewer {viewer}: frames out of step"
        versions = [message["v"] for _, message in states]
        assert versions == list(range(versions[0], versions[0] + len(versions))), viewer
        for moves, message, text in wire.frames:
            now = truth[moves]
            if message["t"] == "state":
                data = message["d"]
                assert data["view"] == rules.view(now, viewer) and data["log"] == rules.log(
                    now, viewer
                )
                if viewer is not None:
                    assert data["legal"] == rules.legal_actions(now, viewer)
                if secrets is not None and moves < final:
                    twin = secrets.scramble(now, viewer, rng)
                    assert rules.view(twin, viewer) == data["view"], f"viewer {viewer}: twin view"
            elif message["t"] in ("chat", "presence"):
                assert message["v"] is None  # the match's seq would count the secret moves
            if moves < final:
                assert record["seed"] not in text
                for item in secrets.items(now, viewer) if secrets is not None else []:
                    assert item not in text, f"{slug}: a secret reached viewer {viewer}"
                for _, channel, line in said:
                    if line in text:
                        readable = rules.channels(now, viewer) if rules.channels else {}
                        assert channel in readable, f"{line} reached viewer {viewer}"
    assert said, "nobody spoke: the channels were not tried"
    assert {line["text"] for line in record["chat"]} >= {text for _, _, text in said}
