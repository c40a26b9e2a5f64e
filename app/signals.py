"""Signals between instances (design 2.4): "match M changed", "match M has a new chat line" and
"a login of user U was revoked", over Postgres LISTEN/NOTIFY. A signal carries ids only, never a
view or a login: each instance reloads what changed from the database and recomputes its own
sockets' views (or closes the sockets whose login is no longer valid).

Writers send a signal inside the transaction that stores the change (``send``), so it goes out
exactly when the change is committed. Signals may be lost (a listener reconnecting): after every
(re)connection every match in memory is refreshed from the database and every socket's login
checked again, and a writer whose copy is stale finds out from the version fence anyway. SQLite
means one process: no signals at all.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import asyncpg
from sqlalchemy import text as sql
from sqlalchemy.ext.asyncio import AsyncSession

from app.config import postgres_dsn

logger = logging.getLogger(__name__)

CHANNEL = "parlor_matches"
RETRY_FIRST = 1.0
RETRY_MOST = 30.0
"""Seconds between tries to (re)connect the listener: the first wait, doubled after each failure
up to the most."""


def payload(kind: str, subject: int, instance: str, detail: int = 0) -> str:
    """The text of a signal: ``kind:subject:detail:instance`` (the subject is a match's id, or a
    user's for "revoked")."""
    return f"{kind}:{subject}:{detail}:{instance}"


async def send(
    session: AsyncSession, *, kind: str, subject: int, instance: str, detail: int = 0
) -> None:
    """Tell the other instances, when this transaction commits, that a match changed ("match"),
    has a new chat line ("chat", detail: its id), or that a login of a user was revoked
    ("revoked", subject: the user). Postgres only: SQLite is one process."""
    connection = await session.connection()
    if connection.dialect.name == "postgresql":
        await connection.execute(_NOTIFY, {"payload": payload(kind, subject, instance, detail)})


_NOTIFY = sql(f"SELECT pg_notify('{CHANNEL}', :payload)")


class Signals:
    """Listens for other instances' signals and hands them to ``on_signal(kind, subject,
    detail)``; ``on_reconnect()`` runs after each (re)connection, when signals may have been
    missed."""

    def __init__(
        self,
        url: str,
        *,
        instance: str,
        on_signal: Callable[[str, int, int], Coroutine[Any, Any, None]],
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.dsn = postgres_dsn(url)  # the engine's connections read the same DSN (app.db)
        self.instance = instance
        self._on_signal = on_signal
        self._on_reconnect = on_reconnect
        self._task: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._closing = False
        self._lost: asyncio.Event | None = None
        self._wake = asyncio.Event()
        self.connected = False
        """Whether it listens now (readiness)."""

    def start(self) -> None:
        """Start listening (in the background, reconnecting as needed)."""
        self._task = asyncio.get_running_loop().create_task(self._listen(), name="signals")

    async def close(self) -> None:
        """Stop listening; never raises (shutdown goes on whatever happened to the listener).
        The connection is closed by the listening task itself: cancelling it in the middle of
        connecting would leave a socket open."""
        self._closing = True
        self._wake.set()
        if self._lost is not None:
            self._lost.set()
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), timeout=5.0)
            except TimeoutError:
                self._task.cancel()
                await asyncio.gather(self._task, return_exceptions=True)
            except Exception:
                logger.exception("the signal listener had failed")
        for task in list(self._handlers):
            task.cancel()

    async def _listen(self) -> None:
        first = True
        wait = RETRY_FIRST
        while not self._closing:
            try:
                connection = await asyncpg.connect(self.dsn)
            except Exception as error:
                # Any failure, a bad DSN or TLS setting included, is said and tried again: a
                # listener that died unseen would leave this instance's tables deaf to the others.
                logger.error(
                    "cannot listen for other instances' signals (%s: %s); retrying in %.0f s",
                    type(error).__name__,
                    error,
                    wait,
                )
                await self._pause(wait)
                wait = min(RETRY_MOST, wait * 2)
                continue
            wait = RETRY_FIRST
            try:
                await self._serve(connection, missed=not first)
            except Exception:
                logger.warning("lost the signal connection; reconnecting", exc_info=True)
            finally:
                self.connected = False
                if not connection.is_closed():
                    await connection.close()
            first = False

    async def _pause(self, seconds: float) -> None:
        """Wait before the next try, or less if the listener is closing."""
        try:
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)
        except TimeoutError:
            pass

    async def _serve(self, connection: asyncpg.Connection, *, missed: bool) -> None:
        """Listen on one connection until it is lost."""
        lost = self._lost = asyncio.Event()
        if self._closing:
            return
        connection.add_termination_listener(lambda _connection: lost.set())
        await connection.add_listener(CHANNEL, self._received)
        self.connected = True
        if missed:
            await self._on_reconnect()  # signals sent while we were away were missed
        await lost.wait()

    def _received(self, _connection: Any, _pid: int, _channel: str, text: str) -> None:
        try:
            kind, subject, detail, instance = text.split(":", 3)
            parsed = (kind, int(subject), int(detail))
        except ValueError:
            logger.warning("ignored a malformed signal %r", text)
            return
        if instance == self.instance:
            return  # our own change: this instance already has it
        task = asyncio.get_running_loop().create_task(self._on_signal(*parsed))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)
