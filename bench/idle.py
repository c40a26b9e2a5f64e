"""Memory per idle connection:
``python -m bench.idle [--connections N] [--matches K] [--users U] [--url URL | --sqlite]``.

Unless ``--url`` names a running server, it starts ``python -m app serve`` itself (on the
benchmark's Postgres database ``parlor_bench``, or a fresh SQLite file with ``--sqlite``; bots
move at once, setup rate limits raised). It signs in ``U`` guests, opens ``K`` tables of the
game (its fewest players: a guest in seat 0, bots in the others) and starts them; one socket
per match lets the bots play up to the guest's turn, where each match then waits. With the
server's memory measured (``VmRSS``), it opens ``N`` authenticated sockets spread over the
matches (socket ``i`` watches match ``i mod K`` as guest ``(i div 20) mod U``: a player in its own
matches, a spectator elsewhere; 20 sockets a guest, the server's ``MAX_SOCKETS``), waits for
every first state and for the server to settle, and prints the server's RSS before and after and
per connection; then again after closing them.
Compression is off: the client offers no permessage-deflate (the answer is checked).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

from picows import (  # type: ignore[import-not-found, unused-ignore]
    WSFrame,
    WSListener,
    WSMsgType,
    WSTransport,
    ws_connect,
)

from app.rules import GAMES
from bench.server import (
    Http,
    Server,
    add_server_arguments,
    cpu_seconds,
    gather_limited,
    pid_listening,
    pin_self,
    raise_open_files,
    rss_kib,
    run_loop,
    socket_headers,
    ws_url,
)

SOCKETS_PER_GUEST = 20
"""Sockets opened as one guest: the server's default ``MAX_SOCKETS``, which refuses more."""


class Watcher(WSListener):  # type: ignore[misc, unused-ignore]
    """One socket: remembers the latest state frame and signals the first one (and, when
    ``until_turn`` is set, the first in which it is this viewer's turn or the match is over)."""

    def __init__(self, until_turn: bool = False) -> None:
        self.until_turn = until_turn
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: WSTransport | None = None
        self.frames = 0

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        self.frames += 1
        if frame.msg_type == WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()
            return
        if frame.msg_type != WSMsgType.TEXT or self.ready.done():
            return
        message = json.loads(frame.get_payload_as_bytes())
        if message.get("t") not in ("state", "delta"):
            return
        # A delta holds only what changed: a turn arriving changes ``legal`` (it was empty).
        data = message["d"]
        if not self.until_turn or data.get("legal") or data.get("outcome") is not None:
            self.ready.set_result(None)

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        if not self.ready.done():
            self.ready.set_exception(ConnectionError("socket closed before its state"))

    def close(self) -> None:
        """Close the socket."""
        if self.transport is not None:
            self.transport.send_close()
            self.transport.disconnect()


async def open_socket(
    http: Http,
    base_url: str,
    match_id: int,
    cookie: str,
    until_turn: bool = False,
    watch: str | None = None,
) -> tuple[Watcher, Any]:
    """A socket to a match, once its (first or turn) state has arrived; and the handshake's
    answer headers."""
    watcher = Watcher(until_turn)
    transport, _ = await ws_connect(
        lambda: watcher,
        ws_url(base_url, match_id) + (f"?watch={watch}" if watch is not None else ""),
        extra_headers=socket_headers(http.origin, cookie),
        websocket_handshake_timeout=120,
    )
    await watcher.ready
    return watcher, transport.response.headers


async def open_matches(
    http: Http, args: argparse.Namespace, cookies: list[str]
) -> list[tuple[int, str, str]]:
    """Every table, started; (match id, host cookie, watch code) per match."""
    players = GAMES[args.game].player_counts[0]

    async def one(index: int) -> tuple[int, str, str]:
        host = cookies[index % len(cookies)]
        lobby, _ = await http.request(
            "POST",
            "/api/lobbies",
            {"game": args.game, "players": players, "options": {}},
            cookie=host,
        )
        for _ in range(players - 1):
            await http.request("POST", f"/api/lobbies/{lobby['id']}/bots", {}, cookie=host)
        started, _ = await http.request("POST", f"/api/lobbies/{lobby['id']}/start", cookie=host)
        # Who is not a player watches with the table's watch code (docs/security.md, Privacy).
        shown, _ = await http.request("GET", f"/api/lobbies/{lobby['id']}", cookie=host)
        return started["match_id"], host, shown["watch_url"].removeprefix("/watch/")

    return await gather_limited(args.concurrency, [one(index) for index in range(args.matches)])


async def settle(pid: int, seconds: float) -> int:
    """Wait ``seconds``, then the server's RSS (KiB)."""
    await asyncio.sleep(seconds)
    return rss_kib(pid)


async def run(args: argparse.Namespace, base_url: str, pid: int) -> None:
    """Set up, open the sockets, print the figures."""
    http = Http(base_url)
    started = time.perf_counter()
    cookies = await gather_limited(
        args.concurrency, [http.sign_in(f"idle{index}") for index in range(args.users)]
    )
    matches = await open_matches(http, args, cookies)
    # One socket per match wakes its bots, which play up to the guest's turn; then it waits.
    warm = await gather_limited(
        args.concurrency,
        [
            open_socket(http, base_url, match_id, host, until_turn=True)
            for match_id, host, _ in matches
        ],
    )
    for watcher, _ in warm:
        watcher.close()
    await http.close()
    print(
        f"setup: {args.users} guests, {args.matches} matches of {args.game} started and played "
        f"to a guest's turn in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    before = await settle(pid, args.settle)
    started, cpu_before = time.perf_counter(), cpu_seconds(pid)
    opened = await gather_limited(
        args.concurrency,
        [
            open_socket(
                http,
                base_url,
                matches[index % len(matches)][0],
                cookies[(index // SOCKETS_PER_GUEST) % len(cookies)],
                watch=matches[index % len(matches)][2],
            )
            for index in range(args.connections)
        ],
    )
    elapsed, cpu = time.perf_counter() - started, cpu_seconds(pid) - cpu_before
    extensions = {headers.get("Sec-WebSocket-Extensions") for _, headers in opened}
    compression = "off" if extensions == {None} else f"NEGOTIATED {extensions}"
    after = await settle(pid, args.settle)
    for watcher, _ in opened:
        watcher.close()
    closed = await settle(pid, args.settle)
    count = args.connections
    print(
        f"{count:,} idle sockets opened in {elapsed:.1f} s (each got its state), compression "
        f"{compression}"
    )
    print(
        f"server RSS: before {before / 1024:,.1f} MiB, with {count:,} sockets "
        f"{after / 1024:,.1f} MiB, after closing them {closed / 1024:,.1f} MiB"
    )
    print(f"per idle connection: {(after - before) / count:,.1f} KiB")
    # The cost of a connect: authentication, the match's state, the first frame (and chat).
    print(f"server CPU per connect (handshake to first state): {cpu / count * 1e6:,.0f} µs")


def main(argv: Sequence[str] | None = None) -> None:
    """Start the server (unless --url), measure, print, stop it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--connections", type=int, default=2000, help="idle sockets (2000)")
    parser.add_argument(
        "--matches", type=int, help="matches the sockets watch (default: one per 20 sockets)"
    )
    parser.add_argument(
        "--users",
        type=int,
        help=f"guests sharing the sockets (default: one per {SOCKETS_PER_GUEST} sockets)",
    )
    parser.add_argument(
        "--game", default="poison", choices=sorted(GAMES), help="game (default poison)"
    )
    add_server_arguments(parser, running=True)
    parser.add_argument("--client-cpu", type=int, help="pin this client to this CPU")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds before each reading")
    parser.add_argument("--concurrency", type=int, default=100, help="requests at once (100)")
    args = parser.parse_args(argv)
    args.matches = args.matches or max(1, args.connections // 20)
    args.users = args.users or max(1, args.connections // SOCKETS_PER_GUEST)
    raise_open_files(args.connections + 200)
    server: Server | None = None
    if args.url:
        base_url = args.url.rstrip("/")
        port = int(base_url.rsplit(":", 1)[1]) if base_url.count(":") == 2 else 80
        found = args.pid or pid_listening(port)
        if found is None:
            parser.error("cannot find the server's process: give --pid")
        pid = found
        where = f"server: {base_url} (pid {pid})"
    else:
        server = Server(
            database_url="" if args.sqlite else args.database_url, bot_delay=0, cpu=args.server_cpu
        )
        base_url, pid = server.url, server.pid
        where = f"{server.pinning}; started on {'SQLite' if args.sqlite else args.database_url}"
    try:
        print(
            f"Parlor idle sockets: {args.connections:,} over {args.matches} matches, "
            f"{args.users} guests; {where}; {pin_self(args.client_cpu)}"
        )
        run_loop(run(args, base_url, pid))
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
