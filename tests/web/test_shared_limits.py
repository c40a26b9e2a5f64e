"""Issue 24: with ``REDIS_URL`` the limits of requests (``limits.SHARED``: sign-ins, new tables,
new sockets, reviews) are one across every instance; without it each instance counts its own.
Two apps stand for two instances; they use a Redis database of their own (15), emptied first.
CI starts Redis (.ci/run); elsewhere the test is skipped when no Redis answers."""

from __future__ import annotations

import asyncio
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


def _sign_ins(settings: Settings, redis_url: str) -> list[int]:
    """Three sign-ins through each of two instances, in turn: their answers' statuses."""
    limits = {**settings.rate_limits, "sign_in": (3.0, 0.001)}
    apps = [
        create_app(settings.model_copy(update={"rate_limits": limits, "redis_url": redis_url}))
        for _ in range(2)
    ]
    statuses = []
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        for client in (first, second):
            for _ in range(3):
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


def test_with_redis_away_an_instance_counts_its_own(settings: Settings) -> None:
    # Nothing listens on port 1: the limit still holds, per instance.
    assert _sign_ins(settings, "redis://127.0.0.1:1/0") == [201, 201, 201, 201, 201, 201]
