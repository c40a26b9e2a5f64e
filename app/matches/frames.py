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

Deltas (issue 23): a socket's first frame is a full ``state``; after that a wake-up sends a
``delta`` frame, ``{"t": "delta", "v": seq, "d": ...}``, holding only the keys of a state's
``d`` whose value changed since that socket's previous frame (each replaces the old value
whole), the log as ``{"keep": k, "add": [...]}`` (the viewer's new log is its old log's first
``k`` entries followed by ``add``) and, in place of ``view``, ``view_keys`` as ``{"set": {...},
"gone": [...]}``: the view's keys whose value changed, with their new values, and its keys that
are gone (a view is an object; most moves change a few of its keys). A ``Sent`` remembers,
per socket, what its last frame held. A delta is computed from two of the same seat's parts
(the very ones the socket was sent and the current), so it never carries what the full state
for that seat would not; its log and view parts are computed once per seat and move and shared
by that seat's sockets. A sync, a stale action's resend and a change of chat channels send a
full state again.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from app.matches import channels, undo
from app.matches.clocks import earliest, timed_seats
from app.matches.live import LiveMatch, Player
from app.matches.loading import iso
from app.rules import GAMES


def dumps(message: Any) -> str:
    """A message as JSON text (what ``send_text`` takes), like ``json.dumps`` but much faster."""
    return orjson.dumps(message).decode()


@dataclass(eq=False)
class _SeatParts:
    """One seat's serialised game parts (``seat=None``: what spectators see), and its view and
    log entries, kept to compute the next delta from."""

    view: bytes
    legal: bytes
    shown: Any
    """The view itself."""
    entries: list[dict[str, Any]]
    changes: dict[str, tuple[weakref.ref[_SeatParts], bytes]] = field(default_factory=dict)
    """Parts of a delta from an earlier parts of the seat to these, by name ("log", "view"):
    that parts (held weakly, so that a match's parts do not chain back to its first state) and
    the JSON, for the next socket coming from the same parts."""
    _log: bytes | None = None

    @property
    def log(self) -> bytes:
        """The log as JSON, made when a full state first needs it (a delta sends new entries)."""
        if self._log is None:
            self._log = orjson.dumps(self.entries)
        return self._log


@dataclass(eq=False)
class Sent:
    """What one socket's last frame held, for its next delta."""

    parts: _SeatParts | None = None
    outcome: bytes = b""
    channels: dict[str, str] | None = None
    clock: bool = False
    """Whether it held a running clock (a delta always carries a running clock: it counts down)."""
    stand_ins: int = 0
    times: tuple[tuple[int, datetime], ...] = ()
    """The log's times it held (``Timeline.times``: kept marks are the very same tuples)."""
    holders: tuple[tuple[int, str, int], ...] = ()
    undo: dict[str, Any] | None = None
    table: tuple[Any, ...] = ()
    """What the table part (``match``) was made from: it is sent again only when that changes."""


@dataclass
class _Entry:
    """The game parts of one match at one state."""

    game: str
    seq: int
    state: Any
    """The state they were computed from (held, so its identity cannot be reused)."""
    outcome: bytes
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
        outcome=orjson.dumps(outcome.to_json() if outcome else None),
        finished=outcome is not None,
    )
    return entry


def _seat_parts(entry: _Entry, seat: int | None) -> _SeatParts:
    parts = entry.seats.get(seat)
    if parts is None:
        rules = GAMES[entry.game]
        state = entry.state
        entries = _log(entry, seat)
        shown = rules.view(state, seat)
        parts = _SeatParts(
            view=orjson.dumps(shown),
            shown=shown,
            legal=orjson.dumps(rules.legal_actions(state, seat) if seat is not None else []),
            entries=entries,
        )
        entry.seats[seat] = parts
    return parts


def _log(entry: _Entry, seat: int | None) -> list[dict[str, Any]]:
    """The seat's log; a game whose log is the same for everyone computes it once."""
    rules = GAMES[entry.game]
    if not rules.public_log or seat is None:
        return rules.log(entry.state, seat)
    return _seat_parts(entry, None).entries


def _change(
    before: _SeatParts, after: _SeatParts, name: str, make: Callable[[Any, Any], Any]
) -> bytes:
    """A part of the delta from one parts of a seat to a later one, made once as JSON."""
    made = after.changes.get(name)
    # A live reference: the earlier parts cannot have died and left its identity to another.
    if made is not None and made[0]() is before:
        return made[1]
    change = orjson.dumps(make(before, after))
    after.changes[name] = (weakref.ref(before), change)
    return change


def _log_change(before: _SeatParts, after: _SeatParts) -> dict[str, Any]:
    """The log's change: the entries kept (their longest common start) and those added."""
    old, new = before.entries, after.entries
    keep = min(len(old), len(new))
    if old[:keep] != new[:keep]:  # an entry was rewritten (a reveal at the end): rare
        keep = next(index for index, (a, b) in enumerate(zip(old, new, strict=False)) if a != b)
    return {"keep": keep, "add": new[keep:]}


def _view_change(before: _SeatParts, after: _SeatParts) -> dict[str, Any]:
    """The view's change, key by key (both are objects): the keys whose value is new, and those
    gone."""
    old, new = before.shown, after.shown
    missing = object()
    changed = {key: value for key, value in new.items() if old.get(key, missing) != value}
    return {"set": changed, "gone": [key for key in old if key not in new]}


def _game_data(live: LiveMatch, seat: int | None) -> tuple[_Entry, _SeatParts]:
    entry = _entry(live)
    return entry, _seat_parts(entry, seat)


def state_data(
    live: LiveMatch, seat: int | None, *, now: datetime, sent: Sent | None = None
) -> dict[str, Any]:
    """Everything one viewer at ``seat`` (None: a spectator) may see of a match ``now``: view,
    legal actions, log, outcome (serialised game parts), then the clock and the table. ``sent``:
    the socket's record of it, for the next delta."""
    entry, parts = _game_data(live, seat)
    table = _table_state(live, seat, finished=entry.finished, now=now)
    data = {
        "view": orjson.Fragment(parts.view),
        "legal": orjson.Fragment(parts.legal),
        "log": orjson.Fragment(parts.log),
        "outcome": orjson.Fragment(entry.outcome),
        "channels": channels.of(live, seat),
        **table,
    }
    if sent is not None:
        sent.parts, sent.outcome, sent.channels = parts, entry.outcome, data["channels"]
        sent.clock = table["clock"] is not None
        sent.stand_ins, sent.table = len(live.stand_ins), _table_key(live, seat, entry.finished)
        sent.times, sent.holders = _times(live), live.timeline.holders
        sent.undo = table["undo"]
    return data


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
    sent: Sent | None = None,
) -> str:
    """The state frame ``{"t": "state", "v": seq, "d": ...}`` for a viewer at ``seat``, with the
    table's recent ``chat`` lines when given (a connection's first frame); ``sent``: the
    socket's record of it, for its next delta."""
    data = state_data(live, seat, now=now, sent=sent)
    if chat is not None:
        data["chat"] = chat
    return orjson.dumps({"t": "state", "v": live.version_for(seat), "d": data}).decode()


def delta_frame(live: LiveMatch, seat: int | None, *, now: datetime, sent: Sent) -> str:
    """The delta frame ``{"t": "delta", "v": seq, "d": ...}`` from the socket's last frame (as
    ``sent`` holds it) to the viewer's state ``now``, recording it in ``sent``; a full state
    frame if the socket was sent none yet."""
    if sent.parts is None:
        return state_frame(live, seat, now=now, sent=sent)
    entry, parts = _game_data(live, seat)
    data: dict[str, Any] = {}
    before = sent.parts
    if parts is not before:
        if parts.view != before.view:
            if isinstance(parts.shown, dict) and isinstance(before.shown, dict):
                data["view_keys"] = orjson.Fragment(_change(before, parts, "view", _view_change))
            else:
                data["view"] = orjson.Fragment(parts.view)
        if parts.legal != before.legal:
            data["legal"] = orjson.Fragment(parts.legal)
        if parts.entries is not before.entries:
            data["log"] = orjson.Fragment(_change(before, parts, "log", _log_change))
        sent.parts = parts
    if entry.outcome != sent.outcome:
        data["outcome"] = orjson.Fragment(entry.outcome)
        sent.outcome = entry.outcome
    reads = channels.of(live, seat)
    if reads != sent.channels:
        data["channels"] = sent.channels = reads
    clock = _clock(live, now)
    if clock is not None or sent.clock:
        data["clock"] = clock
        sent.clock = clock is not None
    if len(live.stand_ins) != sent.stand_ins:
        data["stand_ins"] = live.stand_ins
        sent.stand_ins = len(live.stand_ins)
    times = _times(live)
    if times is not sent.times:
        old = sent.times
        keep = min(len(old), len(times))
        while keep and old[keep - 1] is not times[keep - 1]:  # an undo took entries back
            keep -= 1
        data["log_times"] = {"keep": keep, "add": _times_json(times[keep:])}
        sent.times = times
    if live.timeline.holders is not sent.holders:
        data["holders"] = _holders_json(live)
        sent.holders = live.timeline.holders
    taking_back = undo.state_of(live, seat)
    if taking_back != sent.undo:
        data["undo"] = sent.undo = taking_back
    table = _table_key(live, seat, entry.finished)
    if table != sent.table:
        data["match"] = _match_part(live, seat, finished=entry.finished, now=now)
        sent.table = table
    return orjson.dumps({"t": "delta", "v": live.version_for(seat), "d": data}).decode()


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
    return {
        "clock": _clock(live, now),
        "stand_ins": live.stand_ins,
        "log_times": _times_json(_times(live)),
        "holders": _holders_json(live),
        "undo": undo.state_of(live, seat),
        "match": _match_part(live, seat, finished=finished, now=now),
    }


_UNTIMED: tuple[tuple[int, datetime], ...] = ()


def _times(live: LiveMatch) -> tuple[tuple[int, datetime], ...]:
    """When the log's entries were written; none in a game whose moves are secret in their
    timing (``GameRules.sealed``: a time on a night's line would tell who acted when)."""
    return _UNTIMED if GAMES[live.game].sealed else live.timeline.times


def _times_json(times: tuple[tuple[int, datetime], ...]) -> list[list[Any]]:
    return [[first, iso(at)] for first, at in times]


def _holders_json(live: LiveMatch) -> list[dict[str, Any]]:
    """Who held each seat from which log entry on (the page names each line's player)."""
    return [
        {"seat": seat, "name": name, "log": first} for seat, name, first in live.timeline.holders
    ]


def _table_key(live: LiveMatch, seat: int | None, finished: bool) -> tuple[Any, ...]:
    """Everything the table part of a viewer's state is made from that may change."""
    online, watching = live.presence()
    away = tuple(sorted(live.offline_since.items()))
    return (seat, live.players, online, watching, away, finished, live.finished_at, live.host_id)


def _match_part(
    live: LiveMatch, seat: int | None, *, finished: bool, now: datetime
) -> dict[str, Any]:
    """The table: players, who is online (and a person away since when), settings."""
    online, watching = live.presence()

    def away(player: Player) -> dict[str, Any]:
        since = live.offline_since.get(player.seat)
        if player.user_id is None or player.seat in online or since is None:
            return {"offline_since": None, "offline_ms": None}
        # offline_ms spares clients the skew between their clock and ours, as remaining_ms.
        return {
            "offline_since": iso(since),
            "offline_ms": max(0, round((now - since).total_seconds() * 1000)),
        }

    return {
        "id": live.id,
        "game": live.game,
        "title": GAMES[live.game].title,
        "status": "finished" if finished else "playing",
        "commitment": live.commitment,
        "seat": seat,
        "players": [
            {
                **player.public(),
                "online": player.bot is not None or player.seat in online,
                **away(player),
            }
            for player in live.players
        ],
        "away_offer_ms": round(live.away_offer_after * 1000),
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
    }


def _clock(live: LiveMatch, now: datetime) -> dict[str, Any] | None:
    """The running clock as everyone sees it (``remaining_ms`` spares clients the skew
    between their clock and ours): the deadline due first, with, in a game with timed phases,
    the phase that runs out then and every timer running (``timers``: Forehead words' time
    limit goes on while a vote runs)."""
    if live.deadline is None or live.finished_at is not None:
        return None
    rules = GAMES[live.game]
    due = earliest(live.timers)
    clocks = {clock.phase: clock for clock in rules.timers(live.state)}
    phase = clocks.get(due[0]) if due is not None else None
    return {
        "deadline": iso(live.deadline),
        "remaining_ms": _remaining_ms(live.deadline, now),
        # Whose turn runs on the table's turn clock; a game's phase clock times a phase, not
        # seats (who still has something to do in it may be secret).
        "seats": sorted(timed_seats(rules, live.state, live.players)),
        "phase": phase.phase if phase is not None else None,
        "host_may_end": phase is not None and phase.host_may_end,
        "timers": [
            {"phase": name, "deadline": iso(deadline), "remaining_ms": _remaining_ms(deadline, now)}
            for name, deadline in live.timers.items()
        ],
    }


def _remaining_ms(deadline: datetime, now: datetime) -> int:
    return max(0, round((deadline - now).total_seconds() * 1000))
