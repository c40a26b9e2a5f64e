"""The match socket's frames (design 2.3), serialised with orjson, game parts computed once.

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
keeps the entry of its current state only (``LiveMatch.frame_parts``): the cache grows and
shrinks with the matches in memory.

``state_frame`` must produce what ``service.state_for`` says a viewer sees (tests/web/
test_frames.py compares them); the time- and presence-dependent part is ``service.table_state``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from app.hub import LiveMatch
from app.matches import service
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


def _entry(live: LiveMatch) -> _Entry:
    """The match's entry for its current state, made if the kept one is missing or stale."""
    entry = live.frame_parts
    if (
        isinstance(entry, _Entry)
        and entry.state is live.state
        and entry.seq == live.seq
        and entry.game == live.game
    ):
        return entry
    outcome = GAMES[live.game].outcome(live.state)
    entry = live.frame_parts = _Entry(
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


def state_frame(
    live: LiveMatch, seat: int | None, *, chat: list[dict[str, Any]] | None = None
) -> str:
    """The state frame ``{"t": "state", "v": seq, "d": ...}`` for a viewer at ``seat`` (None: a
    spectator), with the table's recent ``chat`` lines when given (a connection's first frame).
    ``d`` holds the same keys as ``service.state_for`` (but ``seq``, which is ``v``)."""
    entry = _entry(live)
    parts = _seat_parts(entry, seat)
    data: dict[str, Any] = {
        "view": parts.view,
        "legal": parts.legal,
        "log": parts.log,
        "outcome": entry.outcome,
        **service.table_state(live, seat, finished=entry.finished),
    }
    if chat is not None:
        data["chat"] = chat
    return orjson.dumps({"t": "state", "v": entry.seq, "d": data}).decode()
