"""The database engine, sessions and migrations."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

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

T = TypeVar("T")
Work = Callable[[AsyncSession], Awaitable[Any]]

GROUP_LIMIT = 500
"""At most this many callers' work share one transaction."""


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
        self._waiting: list[tuple[Work, asyncio.Future[Any]]] = []
        self._committer: asyncio.Task[None] | None = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A session whose work is committed on success and rolled back on any error."""
        async with self.sessions() as session, session.begin():
            yield session

    async def shared_transaction(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``work`` in a transaction it may share with other callers' work waiting at the
        same moment, and return its result once that transaction has committed (group commit:
        many matches' moves, one commit; design 2.1). If the transaction fails, every work in it
        fails with the same error and none of it is stored."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((work, future))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_waiting())
        return await future

    async def _commit_waiting(self) -> None:
        # Whatever queued while a transaction was committing goes into the next one: no timer,
        # so a lone move is committed at once and a burst is committed in a few transactions.
        while self._waiting:
            batch, self._waiting = self._waiting[:GROUP_LIMIT], self._waiting[GROUP_LIMIT:]
            try:
                async with self.transaction() as session:
                    results = [await work(session) for work, _ in batch]
            except BaseException as error:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                if not isinstance(error, Exception):
                    raise  # cancelled (shutdown): stop here
            else:
                for (_, future), result in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(result)

    async def dispose(self) -> None:
        """Let the shared transaction in flight finish, then close every pooled connection."""
        if self._committer is not None:
            await asyncio.gather(self._committer, return_exceptions=True)
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
