"""Issue 24: with ``REDIS_URL`` the limits of requests (``limits.SHARED``: sign-ins, new tables,
new sockets, reviews) are one across every instance; without it each instance counts its own.
Two apps stand for two instances; they use a Redis database of their own (15), emptied first.
CI starts Redis (.ci/run); elsewhere the test is skipped when no Redis answers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Iterator

import pytest
from limits.aio.storage import RedisStorage
from limits.errors import StorageError
from starlette.testclient import TestClient

from app.config import Settings
from app.limits import close_redis
from app.main import create_app
from tests.support import run_coroutine

REDIS = "redis://127.0.0.1:6379/15"


@pytest.fixture
def redis() -> Iterator[str]:
    """The test's Redis database, with no limits left from an earlier run."""

    async def reset() -> None:
        storage = RedisStorage(f"async+{REDIS}", wrap_exceptions=True)
        try:
            await asyncio.wait_for(storage.reset(), timeout=5)
        finally:
            close_redis(storage)

    try:
        run_coroutine(reset())
    except (StorageError, TimeoutError, OSError):
        pytest.skip("needs Redis at 127.0.0.1:6379 (CI starts it)")
    yield REDIS
    run_coroutine(reset())


def _sign_ins(settings: Settings, redis_url: str, each: int = 3) -> list[int]:
    """``each`` sign-ins through each of two instances, in turn: their answers' statuses."""
    limits = {**settings.rate_limits, "sign_in": (3.0, 0.001)}
    apps = [
        create_app(settings.model_copy(update={"rate_limits": limits, "redis_url": redis_url}))
        for _ in range(2)
    ]
    statuses = []
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        for client in (first, second):
            for _ in range(each):
                answer = client.post("/api/session", json={"name": "Ada"})
                statuses.append(answer.status_code)
                client.cookies.clear()
    return statuses


def test_two_instances_share_the_sign_in_limit(settings: Settings, redis: str) -> None:
    # Three sign-ins from one address in all: the second instance refuses what the first spent.
    statuses = _sign_ins(settings, redis)
    assert statuses == [201, 201, 201, 429, 429, 429]


def test_without_redis_each_instance_counts_its_own(settings: Settings) -> None:
    assert _sign_ins(settings, "") == [201, 201, 201, 201, 201, 201]


def test_with_redis_away_an_instance_counts_its_own(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    # Nothing listens on port 1: the limit still holds, per instance.
    with caplog.at_level(logging.WARNING, logger="app.limits"):
        assert _sign_ins(settings, "redis://127.0.0.1:1/0") == [201, 201, 201, 201, 201, 201]
    # Each instance tried Redis once and said so once: the other two requests of each counted
    # here at once (limits.REDIS_RETRY), rather than each trying to connect again.
    away = [record for record in caplog.records if "Redis is away" in record.getMessage()]
    assert len(away) == 2


@contextlib.contextmanager
def _hanging_up() -> Iterator[tuple[str, list[int]]]:
    """A Redis that hangs up on every connection: its URL, and how many it was opened."""
    listener = socket.create_server(("127.0.0.1", 0))
    opened: list[int] = []

    def serve() -> None:
        with contextlib.suppress(OSError):  # shut at the end
            while True:
                connection, _ = listener.accept()
                opened.append(1)
                connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0", opened
    finally:
        listener.shutdown(socket.SHUT_RDWR)  # wakes the accept (closing alone would not)
        listener.close()
        thread.join()


def test_a_failing_redis_is_left_alone_for_a_while(settings: Settings) -> None:
    # Once Redis failed, an instance's next requests count here without trying it again
    # (limits.REDIS_RETRY): three sign-ins through each instance open as many connections to
    # it as one does.
    with _hanging_up() as (url, opened):
        assert _sign_ins(settings, url, each=1) == [201, 201]
        once = len(opened)
    with _hanging_up() as (url, opened):
        assert _sign_ins(settings, url, each=3) == [201] * 6
        assert once >= 2 and len(opened) == once
