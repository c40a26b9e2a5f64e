"""What a live match is: its players, its table's settings, who watches it, and the match
itself as held in memory (``LiveMatch``; the hub keeps the registry of them)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeAlias

from app.matches.versions import Versions
from app.rules import GAMES, LastMove

Outbox: TypeAlias = "asyncio.Queue[dict[str, Any] | str | None]"
"""A socket's queue: None wakes it to send its viewer's state; a str is a frame serialised
once for every socket of the match (presence, chat); a dict is a message for this socket."""


@dataclass(frozen=True)
class Player:
    """Who sits in a seat of a live match."""

    seat: int
    name: str
    user_id: int | None
    bot: str | None
    away: bool = False
    """A stand-in holds the seat until the player takes it back (they missed too many turns)."""
    missed: int = 0
    """Turns in a row on which the player's clock ran out."""

    @property
    def in_person(self) -> bool:
        """A person plays this seat themselves now (not a bot, not a stand-in)."""
        return self.user_id is not None and not self.away

    def public(self) -> dict[str, Any]:
        """The player as every viewer may see them."""
        return {
            "seat": self.seat,
            "name": self.name,
            "bot": self.bot,
            "away": self.away,
            "missed": self.missed,
        }


def bot_name(seat: int) -> str:
    """What a bot's seat is called wherever it is shown: "Bot n", n counting seats from 1."""
    return f"Bot {seat + 1}"


def seated(
    seat: int,
    *,
    user_id: int | None,
    name: str | None,
    bot: str | None,
    away: bool = False,
    missed: int = 0,
) -> Player:
    """The player of a seat: a person by their name, a bot by ``bot_name``."""
    name = name if name is not None else bot_name(seat)
    return Player(seat=seat, name=name, user_id=user_id, bot=bot, away=away, missed=missed)


@dataclass
class Timeline:
    """When the log's entries were written and who held each seat from which entry, so that a
    page can time each line and name who played it even after a seat changed hands. The log
    has the same length for every viewer (``GameRules.log``), so its indexes are public."""

    length: int = 0
    """The log's length now."""
    times: tuple[tuple[int, datetime], ...] = ()
    """(the first entry a move wrote, when it was made), for every move that wrote entries,
    oldest first; a new tuple on every change (a socket's last frame keeps the old one)."""
    holders: tuple[tuple[int, str, int], ...] = ()
    """(seat, name, the first entry written while they held it), in the order they sat down."""
    lengths: list[int] = field(default_factory=list)
    """The log's length at each version (index: seq), to place a stored holding."""

    def moved(self, length: int, at: datetime) -> None:
        """The log is ``length`` long after a move made ``at`` (an undo may shorten it)."""
        if length < self.length:
            self.times = tuple(mark for mark in self.times if mark[0] < length)
        elif length > self.length:
            self.times = (*self.times, (self.length, at))
        self.length = length
        self.lengths.append(length)

    def held(self, seat: int, name: str, *, since_seq: int | None = None) -> None:
        """``name`` holds ``seat`` from version ``since_seq`` on (None: from now)."""
        if since_seq == 0:
            first = 0  # seated from the start: the deal's entries are theirs too
        elif since_seq is None or not self.lengths:
            first = self.length
        else:
            first = self.lengths[min(since_seq, len(self.lengths) - 1)]
        self.holders = (*self.holders, (seat, name, first))


@dataclass(frozen=True)
class UndoRequest:
    """A player asks the table to take back their last move (made at version ``seq``): the
    people in ``waiting`` must each accept (bots and stand-ins accept); one refusal ends it."""

    seat: int
    seq: int
    waiting: frozenset[int]
    accepted: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Viewer:
    """Who watches a match through one socket: a seat's player, or a spectator (seat None)."""

    seat: int | None
    user_id: int
    name: str


@dataclass(frozen=True)
class TableSettings:
    """How a table plays, set by its host when opening it."""

    spectators: bool = True
    """Whether guests without a seat may watch."""
    spectator_chat: bool = False
    """Whether those spectators may chat too."""
    turn_seconds: int | None = None
    """The turn timer (None: no timer)."""
    stand_in_after: int = 3
    """Missed turns in a row after which the stand-in keeps the seat."""


@dataclass(frozen=True)
class Pacing:
    """How this process runs the live matches it holds (from the settings)."""

    bot_delay: float = 0.0
    """Seconds a bot waits before it moves, for the people watching."""
    talk_delay: float = 0.0
    """In a game where everyone may act at any time (``GameRules.any_time``): seconds a bot
    waits after its own last move before the next, as a person would (else it would talk
    without pause, as fast as the loop runs)."""
    suspend_after: float = 900.0
    """Seconds nobody is at a table before away players' turns wait and the match suspends."""
    lease_seconds: float | None = None
    """None: the only instance (SQLite), owner of every match. Else several share Postgres and
    each match's bots and clock run only where its lease is held (design 2.4)."""
    away_offer_after: float = 180.0
    """Seconds a person's seat goes without a socket before the host of a table without a turn
    timer is offered to hand it to a bot."""


@dataclass(eq=False)
class LiveMatch:
    """One match in memory. ``state`` and ``seq`` change only under ``lock``. Each copy is
    itself (compared and hashed by identity): a match rebuilt from its log is another, and
    what other modules keep about a copy (``app.matches.frames``, ``app.matches.chat``) leaves
    memory with it."""

    id: int
    lobby_id: int
    game: str
    seed: bytes
    commitment: str
    players: tuple[Player, ...]
    host_id: int
    table: TableSettings
    created_at: datetime
    state: Any
    seq: int
    finished_at: datetime | None = None
    deadline: datetime | None = None
    """When the current turn's clock runs out (timed tables); the stored ``matches.deadline``.
    Changed only by ``move_deadline``."""
    stand_ins: list[dict[str, Any]] = field(default_factory=list)
    """The moves stand-ins made, to mark them in the log: seat, seq, and the log entries the
    move wrote (``log`` = [first, end) indexes; the log has the same length for every viewer)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[Outbox, Viewer] = field(default_factory=dict)
    """Each connected socket's queue, with who is watching through it."""
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    """The match's background tasks by name: "bots" (bots and stand-ins), "clock"."""
    lease_until: datetime | None = None
    """Until when this instance may run the match's bots and clock without asking again."""
    last_seen: datetime | None = None
    """When someone last came, left or moved (None: nobody since it was loaded)."""
    timeline: Timeline = field(default_factory=Timeline)
    """When the log's entries were written, and who held which seat from which entry."""
    offline_since: dict[int, datetime] = field(default_factory=dict)
    """For each seat with no socket on this instance: since when (its last socket closed, the
    match was loaded here, or the seat changed hands). Public, as presence is."""
    away_offer_after: float = 180.0
    """``Pacing.away_offer_after``, which the hub gives the match when it loads it."""
    last: LastMove | None = None
    """The last move (``GameRules.follow``): what taking it back needs."""
    undo: UndoRequest | None = None
    """The table being asked to take the last move back (app/matches/undo.py)."""
    undo_refused: int | None = None
    """The version at which the table last refused an undo: the same move is not asked again."""
    versions: Versions | None = None
    """Each viewer's own version, in a game whose moves may be secret in their timing
    (``GameRules.sealed``); None elsewhere: everyone is at ``seq``."""

    timers: dict[str, datetime] = field(default_factory=dict)
    """A game with timed phases: the deadline of each phase running (``app.matches.clocks``);
    ``deadline`` is the earliest. Changed with the state, under ``lock``."""
    bot_moved: dict[int, datetime] = field(default_factory=dict)
    """In a game where everyone may act at any time (``GameRules.any_time``): when each seat a
    machine plays last moved (or was first seen to act), to take them in turns and pace them
    (``app.matches.bots``)."""

    deadline_moved: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when ``deadline`` changes: the clock waiting for the old one looks again (a move may
    bring it forward: a phase that begins early and runs shorter than the one it ends)."""

    def move_deadline(self, deadline: datetime | None) -> None:
        """Make ``deadline`` the match's, waking its clock if it changed."""
        if deadline != self.deadline:
            self.deadline = deadline
            self.deadline_moved.set()

    def version_for(self, seat: int | None) -> int:
        """The version a viewer at ``seat`` (None: a spectator) is at: what its frames carry as
        ``v`` and its actions must carry back."""
        return self.seq if self.versions is None else self.versions.of(seat)

    def follow(self, state: Any, seq: int, last: LastMove | None) -> None:
        """Make ``state`` (reached at ``seq`` by ``last``) the match's state, counting it in each
        viewer's version in a sealed game; a request to undo the move before ends with it. The
        caller holds the lock."""
        self.state, self.seq, self.last, self.undo = state, seq, last, None
        if self.versions is not None:
            self.versions.follow(GAMES[self.game], state, len(self.players))

    def presence(self) -> tuple[frozenset[int], list[str]]:
        """The seats with at least one socket connected, and the names of the spectators
        watching (each once, however many tabs they have open)."""
        seats = frozenset(
            viewer.seat for viewer in self.listeners.values() if viewer.seat is not None
        )
        watching = {
            viewer.user_id: viewer.name for viewer in self.listeners.values() if viewer.seat is None
        }
        return seats, sorted(watching.values(), key=str.casefold)

    def offline(self, now: datetime) -> None:
        """Note every seat without a socket as offline from ``now`` if it was not already."""
        online, _ = self.presence()
        for player in self.players:
            if player.seat in online:
                self.offline_since.pop(player.seat, None)
            else:
                self.offline_since.setdefault(player.seat, now)

    def seen(self, now: datetime) -> None:
        """Someone is at the table ``now`` (connected, leaving, or moving)."""
        self.last_seen = now

    def idle_for(self, now: datetime) -> float:
        """Seconds nobody has been at the table by ``now``; 0 while a socket is connected."""
        if self.listeners:
            return 0.0
        if self.last_seen is None:
            return float("inf")
        return (now - self.last_seen).total_seconds()

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user holds, or None for a spectator."""
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None
