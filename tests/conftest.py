"""Shared fixtures: a real, migrated database (Postgres when DATABASE_URL is set, else SQLite),
and Parlor served over real HTTP by uvicorn in a thread."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.config import Settings
from app.db import migrate
from app.main import create_app
from app.matches import service
from tests.support import Deals, run_coroutine


async def _reset_postgres(url: str) -> None:
    engine = create_async_engine(url)
    async with engine.begin() as connection:
        await connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        await connection.execute(text("CREATE SCHEMA public"))
    await engine.dispose()


@pytest.fixture(scope="session")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    """Settings for the test run: the configured database, emptied and migrated once; bots
    move without delay."""
    data_dir: Path = tmp_path_factory.mktemp("parlor-data")
    settings = Settings(
        data_dir=data_dir,
        bot_delay=0,
        bot_talk_delay=0,
        min_turn_seconds=1,  # turn timers of a second or two keep the timer tests short
        bot_think_ms=20,  # strong bots search briefly: their strength is bench.games' to show
        secret_key="test-secret-" + "x" * 32,
        # Tests sign in hundreds of guests from one address; the limits get their own tests.
        rate_limits=dict.fromkeys(
            Settings.model_fields["rate_limits"].get_default(call_default_factory=True),
            (1000000000.0, 1000000000.0),
        ),
    )
    if settings.database_url:
        run_coroutine(_reset_postgres(settings.async_database_url))
    migrate(settings)
    yield settings


@pytest.fixture(autouse=True)
def deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Deals:
    """Every match a test starts is dealt from a stream fixed by the test's name (``Deals``):
    a deal-dependent failure repeats instead of coming back one CI run in twenty."""
    dealer = Deals(request.node.nodeid)
    monkeypatch.setattr(service, "secrets", dealer)
    return dealer


class _Server(uvicorn.Server):
    """A uvicorn server that says when it is ready to accept connections."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.loop = asyncio.get_running_loop()
        self.ready.set()


@dataclass
class LiveServer:
    """Parlor over real HTTP in a thread: its URL, its app and the event loop it runs on."""

    url: str
    app: FastAPI
    loop: asyncio.AbstractEventLoop

    def call(self, function: Callable[[], object]) -> None:
        """Run a function on the server's loop (to reach its hub), and wait for it."""

        async def run() -> None:
            function()

        asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=10)


@pytest.fixture(scope="session")
def live_server(settings: Settings) -> Iterator[LiveServer]:
    """A live Parlor on a free local port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(settings)
    server = _Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    assert server.ready.wait(timeout=30), "the server did not start"
    assert server.loop is not None
    yield LiveServer(url=f"http://127.0.0.1:{port}", app=app, loop=server.loop)
    server.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="session")
def base_url(live_server: LiveServer) -> str:
    """The URL of the live Parlor."""
    return live_server.url
