"""What the live benchmarks (``bench.load``, ``bench.idle``) share: a Parlor server in a child
process, readings of a process's CPU time and memory from ``/proc``, a small keep-alive HTTP
client for the JSON API, and a WebSocket listener base on picows.

Not a benchmark itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from app.accounts.service import COOKIE_NAME
from app.config import ROOT

BENCH_DATABASE = "postgresql://postgres@127.0.0.1:5432/parlor_bench"
"""The benchmarks' own Postgres database (never the test suite's)."""

BENCH_LIMITS: dict[str, tuple[float, float]] = {
    "sign_in": (1e9, 1e9),  # thousands of guests sign in from one address
    "create_lobby": (1e9, 1e9),
    "act": (100.0, 60.0),  # the default: a benchmark seat moves far slower than this
    "chat": (5.0, 0.5),
}
"""Rate limits of a server started by a benchmark: setup is not throttled, moves are as usual."""

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def raise_open_files(needed: int) -> int:
    """Raise this process's soft limit of open files to the hard limit (children inherit it);
    warns when even that is below ``needed``. Returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    if soft < needed:
        print(f"warning: at most {soft} open files (ulimit -n), {needed} wanted", flush=True)
    return soft


def pin_self(cpu: int | None) -> str:
    """Pin this process to one CPU (like ``taskset -c``); a sentence saying where it runs."""
    if cpu is None:
        return "generator: not pinned"
    os.sched_setaffinity(0, {cpu})
    return f"generator: pinned to CPU {cpu} (sched_setaffinity, as taskset -c {cpu})"


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (``/proc/<pid>/stat`` utime + stime)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_kib(pid: int) -> int:
    """Resident memory of a process (``VmRSS`` of ``/proc/<pid>/status``), KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def processes_named(name: str) -> Iterator[int]:
    """Process ids whose command name (``/proc/<pid>/comm``) is ``name``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    yield int(entry.name)
            except OSError:
                continue


def postgres_cpu() -> dict[int, float]:
    """CPU time of every local ``postgres`` process by pid (all databases: the benchmark's and
    any other work on this machine)."""
    found: dict[int, float] = {}
    for pid in processes_named("postgres"):
        try:
            found[pid] = cpu_seconds(pid)
        except OSError:
            continue
    return found


def postgres_cpu_since(before: dict[int, float]) -> float:
    """Postgres CPU seconds used since the ``postgres_cpu()`` reading ``before``; processes that
    ended meanwhile are not counted (an undercount), new ones count whole."""
    return sum(used - before.get(pid, 0.0) for pid, used in postgres_cpu().items())


def pid_listening(port: int) -> int | None:
    """The local process that listens on a TCP port (from ``/proc/net/tcp``), if visible."""
    inodes: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(fields[9])
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            for fd in (entry / "fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return int(entry.name)
        except OSError:
            continue
    return None


def ensure_database(database_url: str) -> bool:
    """Create the Postgres database ``database_url`` names if the server lacks it (a fresh
    machine has no ``parlor_bench``); True if it was created. The server then migrates it."""
    parts = urlsplit(database_url.replace("+asyncpg", "", 1))
    name = parts.path.lstrip("/")
    if not name:
        raise ValueError(f"no database named in {database_url!r}")

    async def create() -> bool:
        # Connected to the maintenance database: one cannot connect to a missing one.
        connection = await asyncpg.connect(parts._replace(path="/postgres").geturl())
        try:
            if await connection.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
                return False
            quoted = name.replace('"', '""')
            await connection.execute(f'CREATE DATABASE "{quoted}"')
            return True
        finally:
            await connection.close()

    return asyncio.run(create())


class Server:
    """``python -m app serve`` in a child process, optionally pinned with ``taskset``.

    ``database_url`` empty means the embedded SQLite default, in a fresh temporary folder; a
    Postgres database it names is created first if missing (``ensure_database``). Its log goes
    to a temporary file (printed when it fails to start).
    """

    def __init__(
        self,
        *,
        database_url: str,
        bot_delay: float,
        cpu: int | None = None,
        limits: dict[str, tuple[float, float]] | None = None,
    ) -> None:
        if database_url.startswith("postgres"):
            ensure_database(database_url)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._data_dir = tempfile.TemporaryDirectory(prefix="parlor-bench-")
        self.log_path = Path(self._data_dir.name) / "server.log"
        # The environment is written out in full: nothing leaks in from the caller's (a test
        # database in DATABASE_URL, say), exactly as tests/security/test_faults.py does.
        env = {
            "DATABASE_URL": database_url,
            "DATA_DIR": self._data_dir.name,
            "SECRET_KEY": "bench-" + "k" * 40,
            "BOT_DELAY": str(bot_delay),
            "RATE_LIMITS": json.dumps(limits or BENCH_LIMITS),
        }
        command = [sys.executable, "-m", "app", "serve", "--port", str(self.port)]
        self.pinning = "server: not pinned"
        if cpu is not None:
            taskset = shutil.which("taskset") or "/usr/bin/taskset"
            command = [taskset, "-c", str(cpu), *command]
            self.pinning = f"server: pinned to CPU {cpu} (taskset -c {cpu})"
        self._log = self.log_path.open("w")
        # taskset execs the server: the child's pid is the server's.
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT
        )
        self.pid = self.process.pid
        deadline = time.monotonic() + 120
        while "Uvicorn running on" not in self.log_path.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                tail = self.log_tail()  # read before stop() removes the log
                self.stop()
                raise RuntimeError("the server did not start:\n" + tail)
            time.sleep(0.05)

    def log_tail(self, lines: int = 40) -> str:
        """The end of the server's log."""
        return "\n".join(self.log_path.read_text().splitlines()[-lines:])

    def stop(self) -> None:
        """Stop the server (SIGINT, as Ctrl-C; SIGKILL after 15 s) and remove its files."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        self._data_dir.cleanup()


class HttpError(Exception):
    """An API answer other than 2xx."""

    def __init__(self, method: str, path: str, status: int, body: Any) -> None:
        super().__init__(f"{method} {path}: {status} {body}")
        self.status = status
        self.body = body


class Http:
    """A minimal HTTP/1.1 JSON client with kept-alive connections, enough for Parlor's API.

    Every request carries the server's own ``Origin`` (the CSRF guard wants it) and, when given,
    a session cookie.
    """

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        if parts.scheme != "http" or parts.hostname is None:
            raise ValueError("only http://host:port URLs are supported")
        self.host = parts.hostname
        self.port = parts.port or 80
        self.netloc = parts.netloc
        self.origin = f"http://{parts.netloc}"
        self._idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []
        """Kept-alive connections with the time they were last used."""

    async def request(
        self, method: str, path: str, body: Any = None, *, cookie: str | None = None
    ) -> tuple[Any, dict[str, str]]:
        """One request; the decoded JSON body and the response headers (names in lower case,
        ``set-cookie`` values joined by newlines). Raises ``HttpError`` unless 2xx."""
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.netloc}\r\nOrigin: {self.origin}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        )
        if cookie is not None:
            head += f"Cookie: {COOKIE_NAME}={cookie}\r\n"
        raw = head.encode() + b"\r\n" + data
        for attempt in range(2):
            connection = self._kept_alive() if attempt == 0 else None
            reused = connection is not None
            if connection is None:
                reader, writer = await asyncio.open_connection(self.host, self.port)
            else:
                reader, writer = connection
            try:
                writer.write(raw)
                status, headers, payload = await self._response(reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                writer.close()
                if reused:
                    continue  # the server closed a kept-alive connection: once more, on a new one
                raise
            if headers.get("connection", "").lower() == "close":
                writer.close()
            else:
                self._idle.append((reader, writer, time.monotonic()))
            decoded = json.loads(payload) if payload else None
            if not 200 <= status < 300:
                raise HttpError(method, path, status, decoded)
            return decoded, headers
        raise AssertionError("unreachable")

    def _kept_alive(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        """A kept-alive connection used within the last 3 s (uvicorn closes them after 5 s)."""
        while self._idle:
            reader, writer, used = self._idle.pop()
            if time.monotonic() - used < 3 and not reader.at_eof():
                return reader, writer
            writer.close()
        return None

    @staticmethod
    async def _response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
        line = await reader.readline()
        if not line:
            raise _Closed
        status = int(line.split()[1])
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            headers[name] = f"{headers[name]}\n{value}" if name in headers else value
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while size := int((await reader.readline()).split(b";")[0], 16):
                chunks.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readline()
            return status, headers, b"".join(chunks)
        return status, headers, await reader.readexactly(int(headers.get("content-length", 0)))

    async def sign_in(self, name: str) -> str:
        """A new guest; its session cookie value."""
        _, headers = await self.request("POST", "/api/session", {"name": name})
        for cookie in headers.get("set-cookie", "").split("\n"):
            key, _, rest = cookie.partition("=")
            if key.strip() == COOKIE_NAME:
                return rest.split(";", 1)[0]
        raise RuntimeError(f"no {COOKIE_NAME} cookie in the sign-in answer")

    async def close(self) -> None:
        """Close the kept-alive connections."""
        for _, writer, _ in self._idle:
            writer.close()
        self._idle.clear()


class _Closed(ConnectionError):
    """The server closed the connection before answering."""


async def gather_limited(concurrency: int, jobs: list[Any]) -> list[Any]:
    """Await coroutines with at most ``concurrency`` running at once; their results in order."""
    semaphore = asyncio.Semaphore(concurrency)

    async def one(job: Any) -> Any:
        async with semaphore:
            return await job

    return await asyncio.gather(*(one(job) for job in jobs))


def add_server_arguments(parser: argparse.ArgumentParser, *, running: bool) -> None:
    """The options naming the server a benchmark measures: ``--database-url`` or ``--sqlite``
    for one it starts (and, with ``running``, ``--url`` and ``--pid`` for one already running),
    and ``--server-cpu`` to pin a started one."""
    target = parser.add_mutually_exclusive_group()
    if running:
        target.add_argument(
            "--url", help="a running server (http://host:port); else one is started"
        )
    target.add_argument(
        "--database-url",
        default=BENCH_DATABASE,
        help=f"database of the started server (default {BENCH_DATABASE})",
    )
    target.add_argument(
        "--sqlite", action="store_true", help="start the server on a fresh embedded SQLite file"
    )
    if running:
        parser.add_argument(
            "--pid", type=int, help="the --url server's pid (default: found by port)"
        )
    parser.add_argument("--server-cpu", type=int, help="pin the started server to this CPU")


def run_loop(main: Coroutine[Any, Any, None]) -> None:
    """Run the client's event loop: uvloop when installed (as the server uses), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


def socket_headers(origin: str, cookie: str) -> dict[str, str]:
    """Handshake headers of a match socket: the server's own origin and the session cookie."""
    return {"Origin": origin, "Cookie": f"{COOKIE_NAME}={cookie}"}


def ws_url(base_url: str, match_id: int) -> str:
    """The match socket's URL for a server's http:// base URL."""
    return "ws://" + urlsplit(base_url).netloc + f"/ws/matches/{match_id}"
