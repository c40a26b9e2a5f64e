"""The database engine, sessions and migrations."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import cache
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import event, text as sql
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.config import ROOT, Settings, is_postgres, postgres_dsn
from app.metrics import BATCH_SIZE, COMMIT_SECONDS

T = TypeVar("T")
R = TypeVar("R")
Work = Callable[[AsyncSession], Awaitable[Any]]
BatchWriter = Callable[[Any, list[T]], Awaitable[list[R]]]
"""Stores a batch of items on a raw driver connection inside a transaction (asyncpg on
Postgres) and returns one result per item, in order."""

GROUP_LIMIT = 500
"""At most this many callers' work share one transaction."""


def create_engine(url: str, **options: Any) -> AsyncEngine:
    """An async engine for a database URL in any form ``Settings`` accepts. On Postgres asyncpg
    connects with the libpq-style DSN (``config.postgres_dsn``), exactly as the signal listener
    does: ``sslmode`` and libpq's other parameters mean the same to both (SQLAlchemy would pass
    them to asyncpg as arguments it does not take)."""
    if is_postgres(url):
        connect_args = {"dsn": postgres_dsn(url), **options.pop("connect_args", {})}
        return create_async_engine("postgresql+asyncpg://", connect_args=connect_args, **options)
    return create_async_engine(url, **options)


class StorageError(Exception):
    """A batched write failed (the database refused it or the connection was lost)."""


class Database:
    """An async engine and its session factory."""

    def __init__(self, url: str, *, pool_size: int = 20, pool_overflow: int = 0) -> None:
        self.url = url
        connect_args: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # Bots and players write concurrently; wait for the lock instead of failing at once.
            connect_args["timeout"] = 30
        # pool_pre_ping: after a database restart, stale pooled connections are replaced
        # instead of failing the next request.
        # A connection beyond the pool (overflow) is closed after each use, so a burst of
        # socket connects opens a fresh connection each (a TLS attempt and authentication on
        # Postgres): the pool keeps as many open as a burst uses, and the overflow (none by
        # default) is what the server's connection limit allows beyond (Settings).
        self.engine: AsyncEngine = create_engine(
            url,
            connect_args=connect_args,
            pool_pre_ping=True,
            pool_size=pool_size,
            max_overflow=pool_overflow,
        )
        if url.startswith("sqlite"):
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # Lookups skip BEGIN and ROLLBACK: AUTOCOMMIT on Postgres, which asyncpg sets without a
        # round trip. SQLite's driver begins no transaction for a SELECT anyway, and there the
        # level is set by an await between checkout and session: a task cancelled on it (the
        # housekeeping at shutdown) dropped the connection without returning it (issue 15).
        reads = self.engine
        if not url.startswith("sqlite"):
            reads = reads.execution_options(isolation_level="AUTOCOMMIT")
        self._reads = async_sessionmaker(reads, expire_on_commit=False)
        # Group commit: what waits for each kind of store (a BatchWriter, or None for sessions'
        # work), and the task committing it.
        self._waiting: dict[object, list[tuple[Any, asyncio.Future[Any]]]] = {}
        self._committers: dict[object, asyncio.Task[None]] = {}

    @property
    def batches(self) -> bool:
        """Whether ``batch`` is available (on Postgres, through asyncpg; on SQLite, through
        aiosqlite)."""
        return self.engine.dialect.name in ("postgresql", "sqlite")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A session whose work is committed on success and rolled back on any error."""
        async with self.sessions() as session, session.begin():
            yield session

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A session for a lookup of one statement (who holds a cookie, a table's chat): each
        statement runs on its own, with no BEGIN and ROLLBACK around it (two round trips fewer
        on every socket connect and request). Several statements that must agree with each other
        belong in ``transaction``."""
        async with self._reads() as session:
            yield session

    async def shared_transaction(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``work`` in a transaction it may share with other callers' work waiting at the
        same moment, and return its result once that transaction has committed (group commit:
        many matches' moves, one commit; design 2.1). If the transaction fails, every work in it
        fails with the same error and none of it is stored."""

        async def run(works: list[Work]) -> list[Any]:
            async with self.transaction() as session:
                return [await work(session) for work in works]

        result: T = await self._group(None, work, run, store="transaction")
        return result

    async def batch(self, writer: BatchWriter[T, R], item: T) -> R:
        """Store ``item`` with ``writer`` in one transaction with the other items of the same
        writer waiting at that moment, and return its result once committed. The hot path's
        group commit (a move on Postgres): one statement and one round trip per batch, with no
        ORM or SQL compilation per item. A failure fails the whole batch with StorageError."""

        async def run(items: list[T]) -> list[R]:
            try:
                # The pool's connection (pre-pinged, so a restarted database is reconnected);
                # SQLAlchemy starts no transaction on it unless it executes, so the driver's own
                # transaction is the only one.
                async with self.engine.connect() as connection:
                    raw = (await connection.get_raw_connection()).driver_connection
                    assert raw is not None
                    if self.engine.dialect.name == "postgresql":
                        async with raw.transaction():
                            return await writer(raw, items)
                    # aiosqlite: its driver begins the transaction before the first write.
                    try:
                        results = await writer(raw, items)
                        await raw.commit()
                    except BaseException:
                        await raw.rollback()
                        raise
                    return results
            except Exception as error:
                raise StorageError(repr(error)) from error

        result: R = await self._group(writer, item, run, store=writer.__name__)
        return result

    async def _group(
        self,
        kind: object,
        item: Any,
        run: Callable[[list[Any]], Awaitable[list[Any]]],
        *,
        store: str,
    ) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(kind, []).append((item, future))
        committer = self._committers.get(kind)
        if committer is None or committer.done():
            self._committers[kind] = asyncio.get_running_loop().create_task(
                self._commit_waiting(self._waiting[kind], run, store)
            )
        return await future

    @staticmethod
    async def _commit_waiting(
        waiting: list[tuple[Any, asyncio.Future[Any]]],
        run: Callable[[list[Any]], Awaitable[list[Any]]],
        store: str,
    ) -> None:
        # Whatever queued while a transaction was committing goes into the next one: no timer,
        # so a lone move is committed at once and a burst is committed in a few transactions.
        while waiting:
            group = waiting[:GROUP_LIMIT]
            del waiting[:GROUP_LIMIT]
            began = time.perf_counter()
            try:
                results = await run([item for item, _ in group])
            except BaseException as error:
                for _, future in group:
                    if not future.done():
                        future.set_exception(error)
                if not isinstance(error, Exception):
                    raise  # cancelled (shutdown): stop here
            else:
                BATCH_SIZE.labels(store).observe(len(group))
                COMMIT_SECONDS.labels(store).observe(time.perf_counter() - began)
                for (_, future), result in zip(group, results, strict=True):
                    if not future.done():
                        future.set_result(result)

    async def schema_revision(self) -> str | None:
        """The migration the database is at (alembic's version table), None before any."""
        async with self.reading() as session:
            found = await session.execute(sql("SELECT version_num FROM alembic_version"))
            return found.scalar_one_or_none()

    async def dispose(self) -> None:
        """Let the shared transactions in flight finish, then close every pooled connection."""
        await asyncio.gather(*self._committers.values(), return_exceptions=True)
        await self.engine.dispose()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def _alembic_config() -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    return config


@cache
def head_revision() -> str | None:
    """The newest migration this code has."""
    return ScriptDirectory.from_config(_alembic_config()).get_current_head()


def migrate(settings: Settings, revision: str = "head") -> None:
    """Bring the database to the newest schema (``alembic upgrade head``), or to ``revision``."""
    if not settings.database_url:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    config = _alembic_config()
    config.attributes["database_url"] = settings.async_database_url
    # migrations/env.py drives the async engine with asyncio.run(), which refuses to start inside
    # a running event loop (a caller's, or Playwright's): run it on a thread of its own.
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(command.upgrade, config, revision).result()
