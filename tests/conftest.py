"""Shared fixtures: a real, migrated database (Postgres when DATABASE_URL is set, else SQLite)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.config import Settings
from app.db import migrate
from tests.support import run_coroutine


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
        secret_key="test-secret-" + "x" * 32,
        # Tests sign in hundreds of guests from one address; the limits get their own tests.
        rate_limits=dict.fromkeys(("sign_in", "create_lobby", "act"), (1000000000.0, 1000000000.0)),
    )
    if settings.database_url:
        run_coroutine(_reset_postgres(settings.async_database_url))
    migrate(settings)
    yield settings
