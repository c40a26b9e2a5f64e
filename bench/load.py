"""Load generator: real matches over real WebSockets against a Parlor server:
``python -m bench.load [--shape peers] [--matches M] [--seats S] [--rate R] [--duration D]
[--warmup W] [--game SLUG] [--url URL | --database-url URL | --sqlite]
[--server-cpu N --client-cpu N] [--json]``.

Unless ``--url`` names a running server, it starts ``python -m app serve`` itself on the
benchmark's Postgres database (``parlor_bench``, never the test suite's), or on a fresh embedded
SQLite file with ``--sqlite``, with setup rate limits raised (moves keep the default limit).

Every seat is a person: one signed-in guest per seat, each with its own socket. A table is
created by seat 0, joined by the others and started; when its match ends, the table plays a
rematch (same seats) so the load stays steady. A seat acts only on its turn (its state frame's
``legal`` is non-empty), choosing a legal action with a seeded ``random.Random``.

Frames: a socket's first frame is a full ``state`` (so is the answer to a sync and the resend
after a stale action); the next may be ``delta`` frames, holding only the keys of ``d`` that
changed since the socket's previous state or delta (``legal``, ``outcome``, ``match`` and the
others replace the old value whole; ``log`` is ``{"keep": k, "add": [...]}``). A seat keeps what
it needs of them (its version, legal actions, outcome and match id; a key a delta leaves out is
unchanged) and treats a delta like a state for acknowledgements and turns. Frames and bytes are
counted per kind.

Closed loop (``--rate 0``): no schedule; a seat sends its move as soon as it sees its turn, and
the move's intended time is the time its turn arrived (so latency from intended and from actual
send are the same, but for the frame's decoding). ``--shape peers`` is the shape of the peer
harnesses (boardgame.io and Colyseus, issue 23): ``--game coloretto --matches 200 --seats 3
--warmup 3 --duration 30`` (explicit options still win; ``--rate`` keeps its default, so give
``--rate 0`` for their closed loop, ``--rate 300`` for their paced load).

Open loop (``--rate R``, R > 0): each match's moves are scheduled at intended times, ``M / R``
seconds apart on average (think times uniform in 0.5-1.5 times that), ``R`` moves/s over all
matches; a move is sent at its intended time, or as soon as its seat sees its turn if that is
later, and latency is measured from the intended time (a slow server delays the next moves
instead of hiding them). The first matches' moves start at a random phase; a table's schedule
pauses during a rematch.

It prints the mode (closed loop or paced), then, over the measured window (after ``--warmup``):
durable moves/s (moves whose mover received the new state, i.e. acknowledged after the commit),
p50/p90/p99/p99.9 of the move round trip (intended send -> the mover's own new state) and of
opponent delivery (intended send -> the last other seat's state with the new ``v``), the same
round trip from the actual send and the generator's send lag, error frames by code, server CPU
per move (``/proc/<pid>/stat`` utime + stime over the window), Postgres CPU per move (every
local ``postgres`` process), the generator's own CPU, the server's RSS, the matches finished in
the window and the moves per match (the mean length of the matches finished in the run, in
acknowledged moves: Parlor's Coloretto counts a draw and its placing as two moves where
boardgame.io counts one), and the frames received by kind with their mean size (state and delta
apart). ``--json`` adds one JSON line at the end with the peers' field names (``moves_per_s``,
``p50_ms`` ... ``p999_ms`` from the actual send as theirs are, ``from_scheduled`` from the
intended time when paced, ``server_cpu_us_per_move``, ``matches_finished``, ``moves_per_match``,
``frames`` ...) for ``bench/side_by_side.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from picows import (  # type: ignore[import-not-found, unused-ignore]
    WSFrame,
    WSListener,
    WSMsgType,
    WSTransport,
    ws_connect,
)

from app.rules import GAMES
from app.rules.bots import is_template
from bench.server import (
    Http,
    Server,
    add_server_arguments,
    cpu_seconds,
    gather_limited,
    pid_listening,
    pin_self,
    postgres_cpu,
    postgres_cpu_since,
    raise_open_files,
    rss_kib,
    run_loop,
    socket_headers,
    ws_url,
)

try:
    from hdrh.histogram import HdrHistogram  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError:  # the plain fallback
    HdrHistogram = None

CLIENT = "picows + hdrhistogram" if HdrHistogram is not None else "picows + sorted-list percentiles"


class Latencies:
    """Latencies in microseconds: an HDR histogram (1 µs to 10 min, 3 significant digits) when
    hdrhistogram is installed, else every value kept and sorted."""

    def __init__(self) -> None:
        self._hdr = HdrHistogram(1, 600_000_000, 3) if HdrHistogram is not None else None
        self._values: list[int] = []
        self.count = 0

    def record(self, seconds: float) -> None:
        """One sample, in seconds."""
        micros = max(1, round(seconds * 1e6))
        self.count += 1
        if self._hdr is not None:
            self._hdr.record_value(min(micros, 600_000_000))
        else:
            self._values.append(micros)

    def percentile(self, p: float) -> float:
        """The p-th percentile, microseconds."""
        if self._hdr is not None:
            return float(self._hdr.get_value_at_percentile(p))
        ordered = sorted(self._values)
        return float(ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))])

    def maximum(self) -> float:
        """The largest sample, microseconds."""
        if self._hdr is not None:
            return float(self._hdr.get_max_value())
        return float(max(self._values))

    def summary(self) -> str:
        """p50/p90/p99/p99.9 and max in ms, with the sample count."""
        if not self.count:
            return "no samples"
        marks = "  ".join(f"p{p:g} {self.percentile(p) / 1000:.2f}" for p in (50, 90, 99, 99.9))
        return f"{marks}  max {self.maximum() / 1000:.2f} ms  (n={self.count:,})"


@dataclass
class Move:
    """One act frame in flight: who sent it, when it was due and sent, who has yet to see it."""

    intended: float
    sent: float
    new_v: int
    mover: int
    waiting: set[int]
    measured: bool
    acked: bool = False


@dataclass
class Stats:
    """What the run counts and measures."""

    window: tuple[float, float] = (float("inf"), float("inf"))
    round_trip: Latencies = field(default_factory=Latencies)
    round_trip_sent: Latencies = field(default_factory=Latencies)
    delivery: Latencies = field(default_factory=Latencies)
    lag: Latencies = field(default_factory=Latencies)
    offered: int = 0
    acked_in_window: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    rematches: int = 0
    rematch_failures: int = 0
    disconnects: int = 0
    frames: int = 0
    frame_bytes: int = 0
    frames_by_kind: Counter[str] = field(default_factory=Counter)
    bytes_by_kind: Counter[str] = field(default_factory=Counter)
    protocol_errors: Counter[str] = field(default_factory=Counter)
    """Frames the generator could not use (a delta before any state, say)."""
    finished_in_window: int = 0
    finished_total: int = 0
    moves_in_finished: int = 0
    """Acknowledged moves of the matches finished in the run (for the mean match length)."""

    def measured(self, intended: float) -> bool:
        """Whether a move due at ``intended`` is in the measured window."""
        return self.window[0] <= intended < self.window[1]


class Run:
    """The whole load: tables, their seats, the schedule and the statistics."""

    def __init__(self, args: argparse.Namespace, base_url: str) -> None:
        self.args = args
        self.base_url = base_url
        self.http = Http(base_url)
        self.stats = Stats()
        self.scheduling = False
        self.closed = args.rate == 0
        """Closed loop: a seat moves as soon as its turn arrives (no schedule)."""
        self.interval: float = args.matches / args.rate if args.rate else 0.0
        self.tables: list[Table] = []
        self.rng = random.Random(args.seed)
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, coroutine: Any) -> None:
        """Run a background task, kept referenced until it ends."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class Seat:
    """One player: a guest's cookie, the current match socket and what it last saw."""

    def __init__(self, table: Table, index: int, cookie: str, rng: random.Random) -> None:
        self.table = table
        self.index = index
        self.cookie = cookie
        self.rng = rng
        self.connection: Connection | None = None
        self.v = -1
        self.legal: list[Any] = []
        self.outcome: Any = None
        self.match_id: int | None = None
        """The match its frames are about (a delta without ``match`` keeps it)."""
        self.acted_v = -1
        self.timer: asyncio.TimerHandle | None = None

    async def connect(self, match_id: int) -> None:
        """Open the socket of ``match_id`` and wait for its first state."""
        self.v, self.legal, self.acted_v = -1, [], -1
        self.outcome, self.match_id = None, None
        connection = Connection(self, match_id)
        self.connection = connection
        run = self.table.run
        await ws_connect(
            lambda: connection,
            ws_url(run.base_url, match_id),
            extra_headers=socket_headers(run.http.origin, self.cookie),
            websocket_handshake_timeout=60,
        )
        await connection.first_state

    def close(self) -> None:
        """Leave the current socket (on purpose: not counted as a disconnect)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.connection is not None:
            self.connection.leave()
            self.connection = None


class Connection(WSListener):  # type: ignore[misc, unused-ignore]
    """One match socket of a seat (picows calls ``on_ws_frame`` for every frame)."""

    def __init__(self, seat: Seat, match_id: int) -> None:
        self.seat = seat
        self.match_id = match_id
        self.transport: WSTransport | None = None
        self.leaving = False
        self.first_state: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        if frame.msg_type == WSMsgType.TEXT:
            payload = frame.get_payload_as_bytes()
            if not self.leaving:
                self.seat.table.on_message(self.seat, payload)
                if not self.first_state.done():
                    self.first_state.set_result(None)
        elif frame.msg_type == WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        if not self.leaving:
            self.seat.table.run.stats.disconnects += 1
            if not self.first_state.done():
                self.first_state.set_exception(ConnectionError("socket closed before a state"))

    def send(self, data: bytes) -> None:
        """Send one text frame."""
        assert self.transport is not None
        self.transport.send(WSMsgType.TEXT, data)

    def leave(self) -> None:
        """Close the socket on purpose."""
        self.leaving = True
        if self.transport is not None:
            self.transport.send_close()
            self.transport.disconnect()


class Table:
    """A lobby whose seats are all generator players; it plays match after match."""

    def __init__(self, run: Run, index: int, cookies: list[str]) -> None:
        self.run = run
        self.index = index
        self.rng = random.Random(f"{run.args.seed}:{index}")
        self.seats = [
            Seat(self, seat, cookie, random.Random(f"{run.args.seed}:{index}:{seat}"))
            for seat, cookie in enumerate(cookies)
        ]
        self.lobby_id = 0
        self.match_id = 0
        self.next_intended = float("inf")
        self.pending: dict[int, Move] = {}
        self.finished: set[int] = set()
        self.rematching = False
        self.match_moves = 0
        """Moves of the current match acknowledged so far."""

    async def open(self) -> None:
        """Create the lobby (seat 0 hosts), let the others join, start the match."""
        http, host = self.run.http, self.seats[0].cookie
        lobby, _ = await http.request(
            "POST",
            "/api/lobbies",
            {"game": self.run.args.game, "players": len(self.seats), "options": {}},
            cookie=host,
        )
        self.lobby_id = lobby["id"]
        for seat in self.seats[1:]:
            await http.request(
                "POST",
                "/api/lobbies/join",
                {"invite_code": lobby["invite_code"]},
                cookie=seat.cookie,
            )
        started, _ = await http.request("POST", f"/api/lobbies/{self.lobby_id}/start", cookie=host)
        self.match_id = started["match_id"]

    async def connect(self) -> None:
        """Every seat's socket to the current match."""
        self.finished.clear()
        self.match_moves = 0
        await asyncio.gather(*(seat.connect(self.match_id) for seat in self.seats))

    def think(self) -> float:
        """One think time: uniform in 0.5-1.5 times the mean interval between a match's moves."""
        return self.run.interval * self.rng.uniform(0.5, 1.5)

    def start(self, at: float) -> None:
        """Begin the schedule at ``at`` (plus a random phase) and let the seat to act move (in
        a closed loop, at once)."""
        if not self.run.closed:
            self.next_intended = at + self.rng.uniform(0, self.run.interval)
        for seat in self.seats:
            self.schedule(seat)

    def on_message(self, seat: Seat, payload: bytes) -> None:
        """A frame for ``seat``: resolve moves it shows, count errors, schedule its turn."""
        now = time.perf_counter()
        stats = self.run.stats
        message = orjson.loads(payload)
        kind = message.get("t")
        stats.frames += 1
        stats.frame_bytes += len(payload)
        stats.frames_by_kind[str(kind)] += 1
        stats.bytes_by_kind[str(kind)] += len(payload)
        if kind == "state" or kind == "delta":
            data = message["d"]
            if kind == "state":  # replaces everything
                seat.match_id = data["match"]["id"]
                seat.legal, seat.outcome = data["legal"], data["outcome"]
            elif seat.match_id is None:
                stats.protocol_errors["delta before any state"] += 1
                return
            else:  # only what changed: an absent key keeps its value
                if "match" in data:
                    seat.match_id = data["match"]["id"]
                if "legal" in data:
                    seat.legal = data["legal"]
                if "outcome" in data:
                    seat.outcome = data["outcome"]
            if seat.match_id != self.match_id:
                return
            v = message["v"]
            self.observe(seat, v, now)
            seat.v = v
            if seat.outcome is not None:
                self.finished.add(seat.index)
                if len(self.finished) == len(self.seats) and not self.rematching:
                    self.rematching = True  # once, however many frames still come
                    stats.finished_total += 1
                    stats.moves_in_finished += self.match_moves
                    stats.finished_in_window += stats.window[0] <= now < stats.window[1]
                    self.run.spawn(self.rematch())
            else:
                self.schedule(seat, now)
        elif kind == "error":
            code = str(message.get("d", {}).get("code"))
            stats.errors[code] += 1
            # The move failed: forget it; the seat may act again on its next state.
            for new_v, move in list(self.pending.items()):
                if move.mover == seat.index and not move.acked:
                    del self.pending[new_v]
            seat.acted_v = -1

    def observe(self, seat: Seat, v: int, now: float) -> None:
        """``seat`` has seen version ``v``: moves up to it are acknowledged or delivered."""
        stats = self.run.stats
        for new_v, move in list(self.pending.items()):
            if new_v > v:
                continue
            if seat.index == move.mover:
                if not move.acked:
                    move.acked = True
                    self.match_moves += 1
                    if stats.window[0] <= now < stats.window[1]:
                        stats.acked_in_window += 1
                    if move.measured:
                        stats.round_trip.record(now - move.intended)
                        stats.round_trip_sent.record(now - move.sent)
            elif seat.index in move.waiting:
                move.waiting.discard(seat.index)
                if not move.waiting and move.measured:
                    stats.delivery.record(now - move.intended)
            if move.acked and not move.waiting:
                del self.pending[new_v]

    def schedule(self, seat: Seat, arrived: float | None = None) -> None:
        """If it is ``seat``'s turn at a version it has not acted on, send its move at the
        match's next intended time (at once if that has passed); in a closed loop, at once,
        intended at the time the turn ``arrived`` (default now)."""
        if self.run.closed:
            intended = time.perf_counter() if arrived is None else arrived
            if (
                self.run.scheduling
                and intended < self.run.stats.window[1]  # only moves due by the window's end
                and seat.legal
                and seat.v > seat.acted_v
                and seat.timer is None
            ):
                seat.acted_v = seat.v
                self.send(seat, intended)
            return
        if (
            not self.run.scheduling
            or self.next_intended >= self.run.stats.window[1]  # only moves due by the window's end
            or not seat.legal
            or seat.v <= seat.acted_v
            or seat.timer is not None
        ):
            return
        seat.acted_v = seat.v
        intended = self.next_intended
        self.next_intended += self.think()
        delay = intended - time.perf_counter()
        if delay <= 0:
            self.send(seat, intended)
        else:
            seat.timer = asyncio.get_running_loop().call_later(delay, self.send, seat, intended)

    def send(self, seat: Seat, intended: float) -> None:
        """Send ``seat``'s move (a random legal action at the version it saw)."""
        seat.timer = None
        if seat.connection is None or seat.v != seat.acted_v or not seat.legal:
            return
        stats = self.run.stats
        action = seat.rng.choice(seat.legal)
        if is_template(GAMES[self.run.args.game].free_text, action):
            action = {**action, "text": "zqx"}  # free text (Forehead words): says no word
        measured = stats.measured(intended)
        stats.offered += measured
        others = {other.index for other in self.seats if other is not seat}
        now = time.perf_counter()
        self.pending[seat.v + 1] = Move(intended, now, seat.v + 1, seat.index, others, measured)
        if measured:
            stats.lag.record(now - intended)
        seat.connection.send(orjson.dumps({"t": "act", "v": seat.v, "d": action}))

    async def rematch(self) -> None:
        """The match is over for every seat: the table's next match, every seat reconnected."""
        stats = self.run.stats
        for seat in self.seats:
            seat.close()
        self.pending.clear()
        self.rematching = True
        paused = time.perf_counter()
        try:
            answer, _ = await self.run.http.request(
                "POST", f"/api/lobbies/{self.lobby_id}/rematch", cookie=self.seats[0].cookie
            )
            self.match_id = answer["match_id"]
            await self.connect()
        except Exception as error:  # counted and shown, the other tables go on
            stats.rematch_failures += 1
            print(f"table {self.index}: rematch failed: {error!r}", flush=True)
            return
        finally:
            self.rematching = False
        stats.rematches += 1
        # The schedule pauses while the table sets up its next match (a backlog stays a backlog).
        self.next_intended += time.perf_counter() - paused
        for seat in self.seats:
            self.schedule(seat)


def secs(seconds: float) -> str:
    """Seconds as a short duration."""
    return f"{seconds:.1f} s"


def mode(args: argparse.Namespace) -> str:
    """The load's mode, named as the peer harnesses name theirs."""
    return "closed loop" if args.rate == 0 else f"paced {args.rate:g}/s"


def milliseconds(latencies: Latencies, p: float) -> float | None:
    """A percentile in ms (3 decimals), None without samples."""
    return round(latencies.percentile(p) / 1000, 3) if latencies.count else None


def mean_bytes(stats: Stats, kind: str) -> float | None:
    """The mean size of the frames of one kind, None if none came."""
    count = stats.frames_by_kind[kind]
    return round(stats.bytes_by_kind[kind] / count, 1) if count else None


async def setup(run: Run) -> None:
    """Sign in every seat's guest, open and start every table, connect every socket."""
    args = run.args
    started = time.perf_counter()
    cookies = await gather_limited(
        args.concurrency,
        [
            run.http.sign_in(f"load{table}-{seat}")
            for table in range(args.matches)
            for seat in range(args.seats)
        ],
    )
    signed = time.perf_counter()
    run.tables = [
        Table(run, index, cookies[index * args.seats : (index + 1) * args.seats])
        for index in range(args.matches)
    ]
    await gather_limited(args.concurrency, [table.open() for table in run.tables])
    opened = time.perf_counter()
    await gather_limited(args.concurrency, [table.connect() for table in run.tables])
    connected = time.perf_counter()
    print(
        f"setup: {len(cookies):,} guests signed in in {secs(signed - started)}, "
        f"{args.matches:,} tables opened and started in {secs(opened - signed)}, "
        f"{len(cookies):,} sockets connected in {secs(connected - opened)}",
        flush=True,
    )


async def measure(run: Run, pid: int | None) -> dict[str, Any]:
    """Play, measure the window, drain, print; the figures for ``--json``."""
    args = run.args
    stats = run.stats
    begin = time.perf_counter() + 0.2
    stats.window = (begin + args.warmup, begin + args.warmup + args.duration)
    run.scheduling = True
    for table in run.tables:
        table.start(begin)
    await asyncio.sleep(stats.window[0] - time.perf_counter())
    server0 = cpu_seconds(pid) if pid else 0.0
    postgres0 = postgres_cpu()
    own0 = os.times()
    wall0 = time.perf_counter()
    await asyncio.sleep(stats.window[1] - time.perf_counter())
    server1 = cpu_seconds(pid) if pid else 0.0
    postgres = postgres_cpu_since(postgres0)
    own1 = os.times()
    wall = time.perf_counter() - wall0

    def behind() -> list[Table]:
        # Tables with a move due in the window still to send (a slow server delays turns).
        return [t for t in run.tables if not t.rematching and t.next_intended < stats.window[1]]

    # Drain: moves due in the window are still sent (none due later), and the measured moves
    # in flight are waited for, --drain seconds at most.
    deadline = time.perf_counter() + args.drain
    while time.perf_counter() < deadline and (
        behind() or any(move.measured for table in run.tables for move in table.pending.values())
    ):
        await asyncio.sleep(0.05)
    run.scheduling = False
    unresolved = sum(
        1
        for table in run.tables
        for move in table.pending.values()
        if move.measured and not move.acked
    )
    unsent = (
        0  # a closed loop has no schedule: a move is sent when its turn arrives
        if run.closed
        else sum(
            1 + int((stats.window[1] - table.next_intended) / run.interval) for table in behind()
        )
    )
    rss = rss_kib(pid) if pid else None

    acked = stats.acked_in_window
    per_move = 1e6 / acked if acked else float("nan")
    if run.closed:
        print(
            f"durable: {acked / args.duration:,.1f} moves/s (acknowledged in the window); "
            f"closed loop: sent in the window {stats.offered:,} "
            f"({stats.offered / args.duration:,.1f} moves/s), sent but unacknowledged "
            f"{unresolved:,} ({args.drain:g} s after the window)"
        )
    else:
        print(
            f"durable: {acked / args.duration:,.1f} moves/s (acknowledged in the window); due "
            f"in the window: {(stats.offered + unsent) / args.duration:,.1f} moves/s (target "
            f"{args.rate:,.0f}), of which sent {stats.offered:,}, never sent {unsent:,} (turn "
            f"not seen {args.drain:g} s after the window), sent but unacknowledged {unresolved:,}"
        )
    moves_per_match = (
        stats.moves_in_finished / stats.finished_total if stats.finished_total else None
    )
    in_window = f"{acked / stats.finished_in_window:,.1f}" if stats.finished_in_window else "n/a"
    print(
        f"matches finished in the window: {stats.finished_in_window:,}; moves per match: "
        + (
            f"{moves_per_match:,.1f} (mean of the {stats.finished_total:,} matches finished in "
            "the run)"
            if moves_per_match is not None
            else "n/a (no match finished)"
        )
        + f"; moves acknowledged / matches finished in the window: {in_window}"
    )
    errors = ", ".join(f"{code} {count}" for code, count in stats.errors.most_common()) or "none"
    if stats.protocol_errors:
        errors += "; frames not understood: " + ", ".join(
            f"{what} {count}" for what, count in stats.protocol_errors.most_common()
        )
    print(
        f"errors: {errors}; unexpected disconnects: {stats.disconnects}; rematches: "
        f"{stats.rematches} (failed {stats.rematch_failures})"
    )
    kinds = ", ".join(
        f"{kind} {count:,} ({stats.bytes_by_kind[kind] / count:,.0f} B mean)"
        for kind, count in stats.frames_by_kind.most_common()
    )
    print(
        f"frames received: {stats.frames:,} ({stats.frame_bytes / max(1, stats.frames):,.0f} B "
        f"mean): {kinds or 'none'}"
    )
    print(f"move round trip (from intended send): {stats.round_trip.summary()}")
    print(f"opponent delivery, last other seat (from intended send): {stats.delivery.summary()}")
    print(f"move round trip (from actual send):   {stats.round_trip_sent.summary()}")
    print(f"generator send lag (actual - intended): {stats.lag.summary()}")
    busy = server1 - server0 if pid else None
    if busy is not None:
        print(
            f"server CPU: {busy * per_move:,.0f} µs/move ({busy / wall:.0%} of one core); "
            f"server RSS: {rss / 1024 if rss else 0:,.1f} MiB (pid {pid})"
        )
    else:
        print("server CPU and RSS: unknown (the server process was not found)")
    own = (own1.user + own1.system) - (own0.user + own0.system)
    print(
        f"postgres CPU (all local postgres processes): {postgres * per_move:,.0f} µs/move "
        f"({postgres / wall:.0%} of one core); generator CPU: {own * per_move:,.0f} µs/move "
        f"({own / wall:.0%} of one core)"
    )
    figures: dict[str, Any] = {
        # The peers' fields first (peer-bgio/load.js, peer-colyseus/load.js), as they mean them:
        # latency from the actual send; from the intended time under "from_scheduled".
        "moves_per_s": round(acked / args.duration, 1),
        "p50_ms": milliseconds(stats.round_trip_sent, 50),
        "p90_ms": milliseconds(stats.round_trip_sent, 90),
        "p99_ms": milliseconds(stats.round_trip_sent, 99),
        "p999_ms": milliseconds(stats.round_trip_sent, 99.9),
        "matches": args.matches,
        "seats": args.seats,
        "storage": args.storage,
        "server_cpu_us_per_move": round(busy * per_move, 1) if busy is not None and acked else None,
        "mode": mode(args),
        "moves": acked,
        "duration_s": round(wall, 2),
        "matches_finished": stats.finished_in_window,
        "timeouts": unresolved,
        "server_cpu_pct": round(100 * busy / wall, 1) if busy is not None else None,
        "server_rss_mb": round(rss / 1024) if rss else None,
        "load_cpu_pct": round(100 * own / wall, 1),
        "framework": "parlor",
        "game": args.game,
        "moves_per_match": round(moves_per_match, 1) if moves_per_match is not None else None,
        "matches_finished_total": stats.finished_total,
        "pg_cpu_us_per_move": round(postgres * per_move, 1) if acked else None,
        "delivery_p99_ms": milliseconds(stats.delivery, 99),
        "sent": stats.offered,
        "never_sent": unsent,
        "errors": dict(stats.errors),
        "protocol_errors": dict(stats.protocol_errors),
        "disconnects": stats.disconnects,
        "rematch_failures": stats.rematch_failures,
        "frames": {
            kind: {"count": count, "bytes": stats.bytes_by_kind[kind]}
            for kind, count in stats.frames_by_kind.items()
        },
        "state_frame_bytes_mean": mean_bytes(stats, "state"),
        "delta_frame_bytes_mean": mean_bytes(stats, "delta"),
    }
    if not run.closed:  # as the peers: from the intended time, paced runs only
        figures["from_scheduled"] = {
            "p50_ms": milliseconds(stats.round_trip, 50),
            "p90_ms": milliseconds(stats.round_trip, 90),
            "p99_ms": milliseconds(stats.round_trip, 99),
            "p999_ms": milliseconds(stats.round_trip, 99.9),
        }
    return figures


async def main_async(args: argparse.Namespace, base_url: str, pid: int | None) -> None:
    """Set up, run and print."""
    run = Run(args, base_url)
    try:
        await setup(run)
        figures = await measure(run, pid)
        if args.json:
            print(json.dumps(figures, separators=(",", ":")), flush=True)
    finally:
        for table in run.tables:
            for seat in table.seats:
                seat.close()
        await run.http.close()


SHAPES: dict[str, dict[str, Any]] = {
    "peers": {"game": "coloretto", "matches": 200, "seats": 3, "warmup": 3, "duration": 30},
}
"""Named load shapes (``--shape``): defaults that explicit options override. ``peers``: the peer
harnesses' (/work/shared/bench, issue 23); their closed loop is ``--rate 0``, paced ``--rate
300``."""


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--shape",
        choices=sorted(SHAPES),
        help="a named shape's defaults: peers = --game coloretto --matches 200 --seats 3 "
        "--warmup 3 --duration 30",
    )
    parser.add_argument("--matches", type=int, default=50, help="matches at once (default 50)")
    parser.add_argument("--seats", type=int, default=3, help="seats per match (default 3)")
    parser.add_argument(
        "--rate",
        type=float,
        default=200,
        help="moves/s, all matches, open loop (200); 0: closed loop (a seat moves on its turn)",
    )
    parser.add_argument("--duration", type=float, default=20, help="measured seconds (20)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds not measured (5)")
    parser.add_argument(
        "--game", default="poison", choices=sorted(GAMES), help="game (default poison)"
    )
    parser.add_argument(
        "--drain", type=float, default=10, help="seconds to finish the window's moves (10)"
    )
    parser.add_argument("--seed", default="1", help="seed of every random choice (default 1)")
    add_server_arguments(parser, running=True)
    parser.add_argument("--client-cpu", type=int, help="pin this generator to this CPU")
    parser.add_argument(
        "--concurrency", type=int, default=32, help="setup requests at once (default 32)"
    )
    parser.add_argument(
        "--json", action="store_true", help="also print the figures as one JSON line at the end"
    )
    shape = parser.parse_known_args(argv)[0].shape
    if shape is not None:
        parser.set_defaults(**SHAPES[shape])
    args = parser.parse_args(argv)
    if args.rate < 0:
        parser.error("--rate is moves/s (0: closed loop)")
    args.storage = "url" if args.url else "sqlite" if args.sqlite else "postgres"
    if args.url and args.server_cpu is not None:
        parser.error("--server-cpu pins a server this command starts; leave out --url")
    rules = GAMES[args.game]
    if args.seats not in rules.player_counts:
        parser.error(f"{args.game} is played by {', '.join(map(str, rules.player_counts))}")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    """Start the server (unless --url), run the load, print the figures, stop the server."""
    args = parse(argv)
    raise_open_files(args.matches * args.seats + 200)
    server: Server | None = None
    if args.url:
        base_url = args.url.rstrip("/")
        port = int(base_url.rsplit(":", 1)[1]) if base_url.count(":") == 2 else 80
        pid = args.pid or pid_listening(port)
        where = f"server: {base_url} (pid {pid})"
    else:
        server = Server(
            database_url="" if args.sqlite else args.database_url,
            bot_delay=0,
            cpu=args.server_cpu,
        )
        base_url, pid = server.url, server.pid
        database = "embedded SQLite" if args.sqlite else args.database_url
        where = f"{server.pinning}; started on {database} (pid {pid})"
    try:
        load = (
            "a seat moves as soon as its turn arrives"
            if args.rate == 0
            else f"open loop, target {args.rate:,.0f} moves/s, one move per match every "
            f"{args.matches / args.rate:.2f} s on average"
        )
        print(
            f"Parlor load: {args.game}, {args.matches:,} matches x {args.seats} seats "
            f"({args.matches * args.seats:,} players, one socket each); mode: {mode(args)} "
            f"({load}); warm-up {args.warmup:g} s, measured {args.duration:g} s"
        )
        print(f"{where}; {pin_self(args.client_cpu)}; Postgres: not pinned; client: {CLIENT}")
        run_loop(main_async(args, base_url, pid))
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
