"""Abuse floods (issue 16): one process floods a Parlor server while another measures a second
user's move round trip: ``python -m bench.abuse [--duration D] [--floods KIND,...]
[--database-url URL | --sqlite] [--server-cpu N --client-cpu N]``.

It starts ``python -m app serve`` itself on loopback (on the benchmark's Postgres database
``parlor_bench`` by default, or a fresh SQLite file with ``--sqlite``) with the default limits
except sign-in and table creation, which setup needs unthrottled (``bench.server.BENCH_LIMITS``).

The probe: three guests play one Coloretto table (``bench.load``'s open-loop ``Table``: moves due
``1 / --probe-rate`` s apart, latency from the intended send, rematches when a match ends). For
each flood in turn the probe's statistics start afresh, the flood process is told to go, and
the probe's moves due in the next ``--duration`` seconds are measured (the drain waits for the
last of them). The floods, each bounded in count and time, by a guest of its own (or no guest):

* ``none``: nothing (the baseline).
* ``sync``: one socket sends ``{"t": "sync"}`` frames at ``--frame-rate`` per second; when the
  server closes it, it reconnects (at most ten times a second).
* ``act_chat``: the same with act frames (stale) and chat lines, alternately.
* ``sockets``: one guest opens ``--sockets`` sockets to its match at once and holds them.
* ``replays``: a player of a finished Coloretto match of five (played out by the flooder against
  bots) asks ``--replays`` replays of it at once (every seat's eyes, the public view, everyone's),
  again every ``--round`` seconds.
* ``verify``: ``--verifies`` checks at once of a true record (the longest of a few random
  5-seat Elements matches, ``tests.support.long_record``: seeds are 32 bytes, so that is the
  most an honest record costs), without signing in, again every ``--round`` seconds.

It prints one row per flood: the probe's round trip p50/p99/max and moves measured, what the
flood sent and how much of it was answered (and how), and whether p99 is under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import time
from collections import Counter
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from picows import (  # type: ignore[import-not-found, unused-ignore]
    WSError,
    WSFrame,
    WSMsgType,
    WSTransport,
    ws_connect,
)

from bench.idle import Watcher, open_socket
from bench.load import Run, Stats, Table
from bench.server import (
    BENCH_LIMITS,
    Http,
    HttpError,
    Server,
    add_server_arguments,
    gather_limited,
    pin_self,
    raise_open_files,
    run_loop,
    socket_headers,
    ws_url,
)
from tests.support import long_record

REFUSED = (ConnectionError, OSError, WSError)
"""How a socket the server refuses fails: closed before its first state, or at the handshake."""

TARGET_P99_MS = 50.0
"""The issue's target: the probe's p99 round trip under every flood."""


class Tally:
    """What a flood sent, how much of it was answered, and how (counted by kind)."""

    def __init__(self) -> None:
        self.sent = 0
        self.answered = 0
        self.how: Counter[str] = Counter()

    def to_json(self) -> dict[str, Any]:
        """The tally for the pipe to the probe's process."""
        return {"sent": self.sent, "answered": self.answered, "how": dict(self.how)}


class Flooder(Watcher):
    """A flooding socket: counts the frames answering it and says how the server closed it."""

    def __init__(self) -> None:
        super().__init__()
        self.replies = 0
        self.close_code: int | None = None
        self.gone: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        if frame.msg_type == WSMsgType.CLOSE:
            self.close_code = int(frame.get_close_code().value)
        elif frame.msg_type == WSMsgType.TEXT and self.ready.done():
            self.replies += 1
        super().on_ws_frame(transport, frame)

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        super().on_ws_disconnected(transport)
        if not self.gone.done():
            self.gone.set_result(None)


async def own_table(http: Http, cookie: str, *, players: int) -> int:
    """A Coloretto table of ``players`` opened by ``cookie``'s guest with bots in the other seats,
    started; its match id."""
    lobby, _ = await http.request(
        "POST", "/api/lobbies", {"game": "coloretto", "players": players}, cookie=cookie
    )
    for _ in range(players - 1):
        await http.request("POST", f"/api/lobbies/{lobby['id']}/bots", {}, cookie=cookie)
    started, _ = await http.request("POST", f"/api/lobbies/{lobby['id']}/start", cookie=cookie)
    match_id: int = started["match_id"]
    return match_id


async def play_out(http: Http, match_id: int, cookie: str) -> None:
    """Play the guest's seat (its first legal action) over HTTP until the match ends; the bots
    play the others."""
    while True:
        state, _ = await http.request("GET", f"/api/matches/{match_id}", cookie=cookie)
        if state["outcome"] is not None:
            return
        if not state["legal"]:
            await asyncio.sleep(0.01)  # the bots are moving
            continue
        move = {"seq": state["seq"], "action": state["legal"][0]}
        await http.request("POST", f"/api/matches/{match_id}/actions", move, cookie=cookie)


class Flood:
    """One kind of flood: ``prepare`` (not measured), then ``run`` for some seconds."""

    def __init__(self, http: Http, base_url: str, args: argparse.Namespace) -> None:
        self.http = http
        self.base_url = base_url
        self.args = args
        self.tally = Tally()

    async def prepare(self) -> None:
        """Set up what the flood needs (guests, matches, records)."""

    def what(self) -> str:
        """What the flood sends, for the table."""
        return "-"

    async def run(self, seconds: float) -> Tally:
        """Flood for ``seconds`` (or until its count is reached); what it sent and got back."""
        await asyncio.sleep(seconds)
        return self.tally


class FrameFlood(Flood):
    """One guest's socket sending frames of ``payloads`` in turn at ``--frame-rate`` a second;
    reconnecting (at most ten times a second) whenever the server closes it."""

    payloads: tuple[bytes, ...] = (b'{"t":"sync"}',)

    async def prepare(self) -> None:
        self.cookie = await self.http.sign_in(f"flood-{type(self).__name__}")
        self.match_id = await own_table(self.http, self.cookie, players=3)

    def what(self) -> str:
        return f"{self.args.frame_rate:,} frames/s"

    async def run(self, seconds: float) -> Tally:
        tally = self.tally
        end = time.perf_counter() + seconds
        limit = int(self.args.frame_rate * seconds)
        per_tick = max(1, self.args.frame_rate // 1000)
        while time.perf_counter() < end and tally.sent < limit:
            try:
                socket = await self.connect()
            except REFUSED as error:
                tally.how[f"connect refused ({type(error).__name__})"] += 1
                await asyncio.sleep(0.1)
                continue
            tally.how["connects"] += 1
            assert socket.transport is not None
            while time.perf_counter() < end and tally.sent < limit and not socket.gone.done():
                for _ in range(per_tick):
                    socket.transport.send(
                        WSMsgType.TEXT, self.payloads[tally.sent % len(self.payloads)]
                    )
                    tally.sent += 1
                await asyncio.sleep(0.001)
            if socket.gone.done():
                tally.how[f"closed by the server ({socket.close_code})"] += 1
                await asyncio.sleep(0.1)
            else:
                await asyncio.sleep(0.5)  # the last answers
                socket.close()
            tally.answered += socket.replies
        return tally

    async def connect(self) -> Flooder:
        """A new socket to the guest's match, once its first state arrived."""
        socket = Flooder()
        await socket_to(self.base_url, self.http, self.match_id, self.cookie, socket)
        await socket.ready
        return socket


async def socket_to(
    base_url: str, http: Http, match_id: int, cookie: str, listener: Watcher
) -> None:
    """Open a match socket with ``listener`` (``bench.idle.open_socket``, with a listener of
    one's own)."""
    await ws_connect(
        lambda: listener,
        ws_url(base_url, match_id),
        extra_headers=socket_headers(http.origin, cookie),
        websocket_handshake_timeout=30,
    )


class ActChatFlood(FrameFlood):
    """Stale act frames and chat lines, alternately."""

    payloads = (
        b'{"t":"act","v":0,"d":{"type":"take_row","row":0}}',
        b'{"t":"chat","d":{"text":"spam"}}',
    )


class SocketsFlood(Flood):
    """One guest opens ``--sockets`` sockets to its match at once and holds them."""

    async def prepare(self) -> None:
        self.cookie = await self.http.sign_in("flood-sockets")
        self.match_id = await own_table(self.http, self.cookie, players=3)

    def what(self) -> str:
        return f"{self.args.sockets} sockets at once"

    async def run(self, seconds: float) -> Tally:
        tally = self.tally
        end = time.perf_counter() + seconds

        async def one() -> Watcher | None:
            tally.sent += 1
            try:
                watcher, _ = await open_socket(self.http, self.base_url, self.match_id, self.cookie)
            except REFUSED as error:
                tally.answered += 1
                tally.how[f"refused ({type(error).__name__})"] += 1
                return None
            tally.answered += 1
            tally.how["accepted"] += 1
            return watcher

        opened = await gather_limited(50, [one() for _ in range(self.args.sockets)])
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        for watcher in opened:
            if watcher is not None:
                watcher.close()
        return tally


class RoundsFlood(Flood):
    """Requests sent ``count`` at once, a round every ``--round`` seconds."""

    @property
    def count(self) -> int:
        """Requests at once."""
        raise NotImplementedError

    async def run(self, seconds: float) -> Tally:
        end = time.perf_counter() + seconds
        started = 0
        while time.perf_counter() < end:
            round_start = time.perf_counter()
            await asyncio.gather(*(self.one(started + index) for index in range(self.count)))
            started += self.count
            await asyncio.sleep(max(0.0, self.args.round - (time.perf_counter() - round_start)))
        return self.tally

    async def one(self, index: int) -> None:
        """Request number ``index``, counted by its answer."""
        method, path, body, cookie = self.request(index)
        self.tally.sent += 1
        try:
            await self.http.request(method, path, body, cookie=cookie)
        except HttpError as error:
            code = error.body.get("code", "") if isinstance(error.body, dict) else ""
            self.tally.how[f"{error.status} {code}"] += 1
        else:
            self.tally.how["200"] += 1
        self.tally.answered += 1

    def request(self, index: int) -> tuple[str, str, Any, str | None]:
        """(method, path, JSON body, cookie) of request ``index``."""
        raise NotImplementedError


class ReplaysFlood(RoundsFlood):
    """A player's replays of a finished five-seat match, every viewpoint in turn."""

    @property
    def count(self) -> int:
        return int(self.args.replays)

    async def prepare(self) -> None:
        self.cookie = await self.http.sign_in("flood-replays")
        self.match_id = await own_table(self.http, self.cookie, players=5)
        await play_out(self.http, self.match_id, self.cookie)
        record, _ = await self.http.request(
            "GET", f"/api/matches/{self.match_id}/record", cookie=self.cookie
        )
        self.moves = len(record["actions"])
        self.views = [f"seat={seat}" for seat in range(5)] + ["public=true", "everyone=true"]

    def what(self) -> str:
        return f"{self.count} at once every {self.args.round:g} s ({self.moves} moves)"

    def request(self, index: int) -> tuple[str, str, Any, str | None]:
        view = self.views[index % len(self.views)]
        return "GET", f"/api/matches/{self.match_id}/replay?{view}", None, self.cookie


class VerifyFlood(RoundsFlood):
    """Checks of a large record, without signing in."""

    @property
    def count(self) -> int:
        return int(self.args.verifies)

    async def prepare(self) -> None:
        self.record = long_record()

    def what(self) -> str:
        size = len(json.dumps(self.record)) / 1e3
        moves = len(self.record["actions"])
        return f"{self.count} at once every {self.args.round:g} s ({moves} moves, {size:.0f} kB)"

    def request(self, index: int) -> tuple[str, str, Any, str | None]:
        return "POST", "/api/verify", self.record, None


KINDS: dict[str, type[Flood]] = {
    "none": Flood,
    "sync": FrameFlood,
    "act_chat": ActChatFlood,
    "sockets": SocketsFlood,
    "replays": ReplaysFlood,
    "verify": VerifyFlood,
}


def flood_process(pipe: Connection, base_url: str, args: argparse.Namespace) -> None:
    """The flooding process: for each ``(kind, seconds)`` from the pipe, prepare and answer
    ``"ready"``, flood on ``"go"``, answer the tally; ``None`` ends it."""
    pin_self(args.client_cpu)
    run_loop(_flood(pipe, base_url, args))


async def _flood(pipe: Connection, base_url: str, args: argparse.Namespace) -> None:
    http = Http(base_url)
    try:
        while (command := await asyncio.to_thread(pipe.recv)) is not None:
            kind, seconds = command
            flood = KINDS[kind](http, base_url, args)
            await flood.prepare()
            pipe.send(flood.what())
            await asyncio.to_thread(pipe.recv)  # go
            pipe.send((await flood.run(seconds)).to_json())
    finally:
        await http.close()


async def probe(args: argparse.Namespace, base_url: str, pipe: Connection) -> list[list[str]]:
    """The probe's table; for each flood, its measured window while the flood runs. The rows
    of the table."""
    game = argparse.Namespace(matches=1, seats=3, rate=args.probe_rate, game="coloretto", seed="1")
    run = Run(game, base_url)
    cookies = [await run.http.sign_in(f"probe-{seat}") for seat in range(3)]
    table = Table(run, 0, cookies)
    await table.open()
    await table.connect()
    rows = []
    try:
        for kind in args.floods:
            pipe.send((kind, args.duration))
            what = await asyncio.to_thread(pipe.recv)
            run.stats = stats = Stats()
            begin = time.perf_counter()
            stats.window = (begin, begin + args.duration)
            run.scheduling = True
            table.start(begin)
            pipe.send("go")
            tally = await asyncio.to_thread(pipe.recv)
            await drain(run, table, args.drain)
            run.scheduling = False
            rows.append(row(kind, what, stats, tally))
            print(" | ".join(rows[-1]), flush=True)
            await asyncio.sleep(args.pause)  # the server settles before the next flood
    finally:
        for seat in table.seats:
            seat.close()
        await run.http.close()
    return rows


async def drain(run: Run, table: Table, seconds: float) -> None:
    """Wait for the window's end and its last measured moves (``seconds`` more at most)."""
    await asyncio.sleep(max(0.0, run.stats.window[1] - time.perf_counter()))
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline and (
        table.next_intended < run.stats.window[1]
        or any(move.measured and not move.acked for move in table.pending.values())
    ):
        await asyncio.sleep(0.05)


def row(kind: str, what: str, stats: Stats, tally: dict[str, Any]) -> list[str]:
    """One row of the table."""
    trips = stats.round_trip
    if trips.count:
        p50, p99, top = (trips.percentile(50), trips.percentile(99), trips.maximum())
        figures = [f"{p50 / 1000:,.1f}", f"{p99 / 1000:,.1f}", f"{top / 1000:,.1f}"]
        met = "yes" if p99 / 1000 < TARGET_P99_MS else "**no**"
    else:
        figures, met = ["-", "-", "-"], "**no** (no move came back)"
    how = ", ".join(f"{what} {count:,}" for what, count in sorted(tally["how"].items()))
    return [
        kind,
        what,
        *figures,
        f"{trips.count:,}",
        f"{tally['sent']:,}",
        f"{tally['answered']:,}" + (f" ({how})" if how else ""),
        met,
    ]


HEADER = [
    "flood",
    "what",
    "probe p50 ms",
    "p99 ms",
    "max ms",
    "probe moves",
    "flood sent",
    "answered",
    "p99 < 50 ms",
]


async def main_async(args: argparse.Namespace, base_url: str) -> None:
    """Start the flooding process, probe every flood, print the table."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    flooder = context.Process(target=flood_process, args=(theirs, base_url, args), daemon=True)
    flooder.start()
    try:
        print(" | ".join(HEADER), flush=True)
        rows = await probe(args, base_url, ours)
    finally:
        ours.send(None)
        await asyncio.to_thread(flooder.join, 30)
    print()
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for cells in rows:
        print("| " + " | ".join(cells) + " |")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--floods",
        type=lambda text: text.split(","),
        default=list(KINDS),
        help=f"floods, comma-separated (default: all: {','.join(KINDS)})",
    )
    parser.add_argument("--duration", type=float, default=10, help="seconds per flood (10)")
    parser.add_argument("--drain", type=float, default=30, help="seconds for late moves (30)")
    parser.add_argument("--pause", type=float, default=3, help="seconds between floods (3)")
    parser.add_argument("--probe-rate", type=float, default=40, help="probe moves/s (40)")
    parser.add_argument("--frame-rate", type=int, default=5000, help="flood frames/s (5000)")
    parser.add_argument("--sockets", type=int, default=300, help="sockets of one guest (300)")
    parser.add_argument("--replays", type=int, default=50, help="replays at once (50)")
    parser.add_argument("--verifies", type=int, default=4, help="checks at once (4)")
    parser.add_argument("--round", type=float, default=1.0, help="seconds between rounds (1)")
    add_server_arguments(parser, running=False)
    parser.add_argument("--client-cpu", type=int, help="pin the probe and the flooder here")
    args = parser.parse_args(argv)
    unknown = set(args.floods) - set(KINDS)
    if unknown:
        parser.error(f"unknown floods: {', '.join(sorted(unknown))}")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    """Start the server, run every flood against it with the probe, print the table, stop."""
    args = parse(argv)
    raise_open_files(args.sockets + 200)
    server = Server(
        database_url="" if args.sqlite else args.database_url,
        bot_delay=0,
        cpu=args.server_cpu,
        limits=BENCH_LIMITS,
    )
    database = "embedded SQLite" if args.sqlite else args.database_url
    try:
        print(
            f"Parlor abuse: {len(args.floods)} floods of {args.duration:g} s; probe: 3 guests at "
            f"one Coloretto table, {args.probe_rate:g} moves/s, round trip from the intended send"
        )
        print(f"{server.pinning}; started on {database} (pid {server.pid}); loopback only")
        print(pin_self(args.client_cpu))
        run_loop(main_async(args, server.url))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
