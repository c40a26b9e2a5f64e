"""Every pooled connection goes back to the pool (issue 15), including when the work that
borrowed it is cut short: a request refused early, or a task cancelled (at shutdown) the moment
its connection leaves the pool, before its session holds it."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.pool import QueuePool
from starlette.testclient import TestClient

from app import housekeeping
from app.config import Settings
from app.db import Database
from app.hub import Hub
from app.main import create_app
from tests.support import run_coroutine
from tests.web.helpers import Guest

_JSON = {"Content-Type": "application/json"}


def _checked_out(db: Database) -> int:
    """How many of the database's pooled connections are out of the pool now."""
    pool = db.engine.pool
    assert isinstance(pool, QueuePool)
    return pool.checkedout()


def _cancel_at_checkout(db: Database, number: int) -> None:
    """Cancel the task that takes the ``number``-th connection out of the pool from now on, as
    it takes it: the cancellation lands on that task's next await, whatever it is."""
    checkouts = itertools.count(1)

    def checkout(*_: Any) -> None:
        if next(checkouts) == number:
            task = asyncio.current_task()
            assert task is not None
            task.cancel()

    event.listen(db.engine.sync_engine, "checkout", checkout)


async def _stopped_sweep(settings: Settings, *, number: int) -> int:
    """The connections still out of the pool after a housekeeping round was cancelled as its
    ``number``-th connection left the pool (1: the expiry transaction, 2: the lookup of due
    clocks, a ``Database.reading``)."""
    db = Database(settings.async_database_url, pool_size=2)
    try:
        _cancel_at_checkout(db, number)
        sweep = asyncio.create_task(housekeeping.sweep(Hub(), db, settings))
        with pytest.raises(asyncio.CancelledError):
            await sweep
        return _checked_out(db)
    finally:
        await db.dispose()


class TestCancelled:
    @pytest.mark.parametrize("number", [1, 2], ids=["transaction", "reading"])
    def test_housekeeping_stopped_as_it_borrows_a_connection_gives_it_back(
        self, settings: Settings, number: int
    ) -> None:
        # At shutdown the app cancels housekeeping wherever it is; on SQLite a cancellation
        # between checkout and session once dropped the reading's connection (issue 15).
        assert run_coroutine(_stopped_sweep(settings, number=number)) == 0


class TestRefused:
    def test_refused_requests_leave_every_connection_in_the_pool(self, settings: Settings) -> None:
        app = create_app(settings)
        with TestClient(app) as client:
            ada = Guest(client, "Ada")
            refusals = [
                (client.post("/api/session", json={"name": "x" * 33}), 400),  # in the route
                (client.post("/api/session", content=b"{", headers=_JSON), 422),  # validation
                (client.get("/api/session", headers={"Cookie": "parlor_session=x"}), 401),
                (ada.get("/api/lobbies/0"), 422),  # a path parameter, after the cookie lookup
                (ada.get("/api/lobbies/2147483647"), 404),  # in the service, in a transaction
                (ada.post("/api/session/password", {"password": "short"}), 400),
            ]
            assert [response.status_code for response, _ in refusals] == [
                status for _, status in refusals
            ]
        # Shut down: every task has finished, so a connection still out is lost for good.
        assert _checked_out(app.state.db) == 0
