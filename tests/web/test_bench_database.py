"""``python -m bench.load`` on a fresh machine (issue 23): the benchmark server's Postgres
database is created when it is missing (it failed with "database parlor_bench does not
exist"), and left as it is when it exists."""

from __future__ import annotations

import secrets
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import asyncpg
import pytest

from app.config import Settings
from bench.server import ensure_database
from tests.support import run_coroutine


async def _databases(url: str, name: str, *, drop: bool = False) -> int:
    """How many databases called ``name`` the server at ``url`` has (dropping it if asked)."""
    connection = await asyncpg.connect(url)
    try:
        if drop:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        found: int = await connection.fetchval(
            "SELECT count(*) FROM pg_database WHERE datname = $1", name
        )
        return found
    finally:
        await connection.close()


def _ensure(url: str) -> bool:
    """``ensure_database`` on a thread of its own: it runs an event loop, and the test's thread
    may already run one (Playwright's sync API does, once the browser tests have started)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(ensure_database, url).result()


def test_a_missing_database_is_created_once(settings: Settings) -> None:
    if not settings.database_url.startswith("postgres"):
        pytest.skip("needs Postgres (CI sets DATABASE_URL)")
    server = urlsplit(settings.database_url.replace("+asyncpg", "", 1))
    name = f"parlor_bench_{secrets.token_hex(4)}"
    url = server._replace(path=f"/{name}").geturl()
    maintenance = server._replace(path="/postgres").geturl()
    assert run_coroutine(_databases(maintenance, name)) == 0
    try:
        assert _ensure(url) is True
        assert run_coroutine(_databases(maintenance, name)) == 1
        assert _ensure(url) is False  # there already: nothing done
    finally:
        assert run_coroutine(_databases(maintenance, name, drop=True)) == 0
