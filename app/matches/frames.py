"""A viewer's state (design 2.3), built once for HTTP and the match socket alike, serialised
with orjson, its game parts computed once.

After a move every socket of the match wants a state frame. Most of one is a function of the
game state and the viewer's seat alone: ``view``, ``legal``, ``log`` and ``outcome``; the rest
(``clock.remaining_ms``, who is online, the spectator count, the players) changes with time and
presence, so it is built afresh for every frame. The game parts are computed and serialised at
most once per (match, seq, seat) and shared by every socket watching as that seat: spectators
share the ``seat=None`` parts, a player's tabs share their seat's. A socket never receives
another seat's parts: the cache is keyed on the seat each frame is built for.

A cached entry is used only while the match's ``state`` is the very object it was computed from
(states are immutable; every move makes a new one) at the same ``seq``: a stale entry is never
served, and a match rebuilt from its log (a new state object) starts afresh. Each live match
keeps the entry of its current state only, held weakly by the match: the cache grows and
shrinks with the matches in memory.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from app.matches import channels
from app.matches.clocks import timed_seats
from app.matches.live import LiveMatch
from app.matches.loading import iso
from app.rules import GAMES


def dumps(message: Any) -> str:
    """A message as JSON text (what ``send_text`` takes), like ``json.dumps`` but much faster."""
    return orjson.dumps(message).decode()


@dataclass(frozen=True)
class _SeatParts:
    """One seat's serialised game parts (``seat=None``: what spectators see)."""

    view: orjson.Fragment
    legal: orjson.Fragment
    log: orjson.Fragment


@dataclass
class _Entry:
    """The game parts of one match at one state."""

    game: str
    seq: int
    state: Any
    """The state they were computed from (held, so its identity cannot be reused)."""
    outcome: orjson.Fragment
    finished: bool
    seats: dict[int | None, _SeatParts] = field(default_factory=dict)


_kept: weakref.WeakKeyDictionary[LiveMatch, _Entry] = weakref.WeakKeyDictionary()
"""Each live match's entry for its current state; it leaves memory with the match."""


def _entry(live: LiveMatch) -> _Entry:
    """The match's entry for its current state, made if the kept one is missing or stale."""
    entry = _kept.get(live)
    if (
        entry is not None
        and entry.state is live.state
        and entry.seq == live.seq
        and entry.game == live.game
    ):
        return entry
    outcome = GAMES[live.game].outcome(live.state)
    entry = _kept[live] = _Entry(
        game=live.game,
        seq=live.seq,
        state=live.state,
        outcome=orjson.Fragment(orjson.dumps(outcome.to_json() if outcome else None)),
        finished=outcome is not None,
    )
    return entry


def _seat_parts(entry: _Entry, seat: int | None) -> _SeatParts:
    parts = entry.seats.get(seat)
    if parts is None:
        rules = GAMES[entry.game]
        state = entry.state
        parts = _SeatParts(
            view=orjson.Fragment(orjson.dumps(rules.view(state, seat))),
            legal=orjson.Fragment(
                orjson.dumps(rules.legal_actions(state, seat) if seat is not None else [])
            ),
            log=_log(entry, seat),
        )
        entry.seats[seat] = parts
    return parts


def _log(entry: _Entry, seat: int | None) -> orjson.Fragment:
    """The seat's log; a game whose log is the same for everyone computes it once."""
    rules = GAMES[entry.game]
    if not rules.public_log or seat is None:
        return orjson.Fragment(orjson.dumps(rules.log(entry.state, seat)))
    return _seat_parts(entry, None).log


def state_data(live: LiveMatch, seat: int | None, *, now: datetime) -> dict[str, Any]:
    """Everything one viewer at ``seat`` (None: a spectator) may see of a match ``now``: view,
    legal actions, log, outcome (serialised game parts), then the clock and the table."""
    entry = _entry(live)
    parts = _seat_parts(entry, seat)
    return {
        "view": parts.view,
        "legal": parts.legal,
        "log": parts.log,
        "outcome": entry.outcome,
        "channels": channels.of(live, seat),
        **_table_state(live, seat, finished=entry.finished, now=now),
    }


def state_json(live: LiveMatch, seat: int | None, *, now: datetime) -> bytes:
    """A viewer's state as an HTTP answer: ``{"seq": seq, ...}`` with the keys of a frame's
    ``d``."""
    return orjson.dumps({"seq": live.version_for(seat), **state_data(live, seat, now=now)})


def state_frame(
    live: LiveMatch,
    seat: int | None,
    *,
    now: datetime,
    chat: list[dict[str, Any]] | None = None,
) -> str:
    """The state frame ``{"t": "state", "v": seq, "d": ...}`` for a viewer at ``seat``, with the
    table's recent ``chat`` lines when given (a connection's first frame)."""
    data = state_data(live, seat, now=now)
    if chat is not None:
        data["chat"] = chat
    return orjson.dumps({"t": "state", "v": live.version_for(seat), "d": data}).decode()


def news(live: LiveMatch, seat: int | None) -> tuple[Any, ...] | None:
    """What a viewer's next frame would tell it that the last did not, as a key to compare: in
    a sealed game (``GameRules.sealed``) a socket skips a wake-up whose key equals that of the
    frame it sent last, so a move it may not see sends it nothing. None: always send (a game
    that is not sealed). Presence and time are left out: they come by their own messages and
    by the client's countdown."""
    if live.versions is None:
        return None
    return (seat, live.version_for(seat), live.deadline, live.players, live.finished_at)


def _table_state(
    live: LiveMatch, seat: int | None, *, finished: bool, now: datetime
) -> dict[str, Any]:
    """The part of a viewer's state that is not the game's: the clock, stand-ins' moves, and the
    table (players, who is online, settings). It changes without a move (presence, time)."""
    online, watching = live.presence()
    return {
        "clock": _clock(live, now),
        "stand_ins": live.stand_ins,
        "match": {
            "id": live.id,
            "game": live.game,
            "title": GAMES[live.game].title,
            "status": "finished" if finished else "playing",
            "commitment": live.commitment,
            "seat": seat,
            "players": [
                {**player.public(), "online": player.bot is not None or player.seat in online}
                for player in live.players
            ],
            "spectators": len(watching),
            "watching": watching,
            "host_seat": live.seat_of(live.host_id),
            "lobby_id": live.lobby_id,
            "created_at": iso(live.created_at),
            "finished_at": iso(live.finished_at),
            "table": {
                "turn_seconds": live.table.turn_seconds,
                "stand_in_after": live.table.stand_in_after,
                "spectators": live.table.spectators,
                "spectator_chat": live.table.spectator_chat,
            },
        },
    }


def _clock(live: LiveMatch, now: datetime) -> dict[str, Any] | None:
    """The running turn clock as everyone sees it (``remaining_ms`` spares clients the skew
    between their clock and ours)."""
    if live.deadline is None or live.finished_at is not None:
        return None
    remaining = (live.deadline - now).total_seconds()
    rules = GAMES[live.game]
    phase = rules.phase_clock(live.state) if rules.phase_clock is not None else None
    return {
        "deadline": iso(live.deadline),
        "remaining_ms": max(0, round(remaining * 1000)),
        # Whose turn runs on the table's turn clock; a game's phase clock times a phase, not
        # seats (who still has something to do in it may be secret).
        "seats": sorted(timed_seats(rules, live.state, live.players)),
        "phase": phase.phase if phase is not None else None,
        "host_may_end": phase is not None and phase.host_may_end,
    }
