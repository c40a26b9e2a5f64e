"""Parlor servers in child processes (``python -m app serve``) for the fault and scale-out
tests: real processes that can be killed, on the test database."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from typing import Any

from app.config import ROOT, Settings


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class Server:
    """``python -m app serve`` in a child process, on the test database."""

    def __init__(self, settings: Settings, port: int, **env: str) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        environment = {
            "DATABASE_URL": settings.database_url,
            "DATA_DIR": str(settings.data_dir),
            "SECRET_KEY": settings.secret_key,
            "BOT_DELAY": "0",
            "RATE_LIMITS": json.dumps(settings.rate_limits),
            **env,
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(port)],
            cwd=ROOT,
            env=environment,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        said = []
        for line in self.process.stderr:  # uvicorn says when it listens: no polling
            said.append(line)
            if "Uvicorn running on" in line:
                break
        else:
            raise AssertionError("the server did not start:\n" + "".join(said[-40:]))
        # Keep draining its log so it never blocks on a full pipe; the pipe ends with the process.
        self._drain = threading.Thread(target=self._read_log, args=(self.process.stderr,))
        self._drain.start()

    @staticmethod
    def _read_log(stream: Any) -> None:
        with stream:
            for _ in stream:
                pass

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._drain.join()

    def stop(self) -> None:
        """Kill it unless it is already gone (test cleanup)."""
        if self.process.poll() is None:
            self.kill()

    def call(self, method: str, path: str, cookie: str, body: Any = None) -> tuple[int, Any]:
        """One HTTP request with this cookie; (status, JSON body)."""
        request = urllib.request.Request(
            f"{self.url}{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Cookie": f"parlor_session={cookie}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")
