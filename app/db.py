"""The database engine, sessions and migrations."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.config import ROOT, Settings


class Database:
    """An async engine and its session factory."""

    def __init__(self, url: str) -> None:
        self.url = url
        connect_args: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # Bots and players write concurrently; wait for the lock instead of failing at once.
            connect_args["timeout"] = 30
        # pool_pre_ping: after a database restart, stale pooled connections are replaced
        # instead of failing the next request.
        self.engine: AsyncEngine = create_async_engine(
            url, connect_args=connect_args, pool_pre_ping=True
        )
        if url.startswith("sqlite"):
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A session whose work is committed on success and rolled back on any error."""
        async with self.sessions() as session, session.begin():
            yield session

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def migrate(settings: Settings) -> None:
    """Bring the database to the newest schema (``alembic upgrade head``)."""
    if not settings.database_url:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = settings.async_database_url
    # migrations/env.py drives the async engine with asyncio.run(), which refuses to start inside
    # a running event loop (a caller's, or Playwright's): run it on a thread of its own.
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(command.upgrade, config, "head").result()
