"""Issue 24, ``python -m app purge --older-than DAYS``: what nobody can use any more goes (login
sessions that can sign nobody in, tables that expired unplayed, guests who left no trace), and
everything a match's record names stays. Rows are made through the API, then dated back in
the database (other tests' rows are all younger than the cut-off, so they are never touched)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from starlette.testclient import TestClient

from app.config import ROOT, Settings
from app.db import Database
from app.housekeeping import Purged, purge
from app.models import Lobby, LoginSession, Match, User
from tests.support import run_coroutine
from tests.web.helpers import Guest, open_table, play_to_the_end, start

OLD = timedelta(days=40)
"""How far back the rows to purge are dated: beyond the 30 days asked for."""


def _age(settings: Settings, *changes: Any) -> None:
    """Run these updates (dating rows back) in one transaction."""

    async def run() -> None:
        db = Database(settings.async_database_url, pool_size=1)
        try:
            async with db.transaction() as session:
                for change in changes:
                    await session.execute(change)
        finally:
            await db.dispose()

    run_coroutine(run())


def _left(settings: Settings, model: Any, ids: list[Any]) -> set[Any]:
    """Which of these rows are still there."""

    async def run() -> set[Any]:
        db = Database(settings.async_database_url, pool_size=1)
        try:
            async with db.reading() as session:
                found = await session.execute(select(model.id).where(model.id.in_(ids)))
                return set(found.scalars())
        finally:
            await db.dispose()

    return run_coroutine(run())


def _logins(settings: Settings, user_ids: list[int]) -> dict[int, list[str]]:
    async def run() -> dict[int, list[str]]:
        db = Database(settings.async_database_url, pool_size=1)
        try:
            async with db.reading() as session:
                query = select(LoginSession.user_id, LoginSession.id).where(
                    LoginSession.user_id.in_(user_ids)
                )
                found: dict[int, list[str]] = {user_id: [] for user_id in user_ids}
                for user_id, token in await session.execute(query):
                    found[user_id].append(token)
                return found
        finally:
            await db.dispose()

    return run_coroutine(run())


def test_purge_keeps_every_trace_of_play(client: TestClient, settings: Settings) -> None:
    then = datetime.now(UTC) - OLD
    ada = Guest(client, "Ada")  # plays a match to the end: kept, with all it names
    played = open_table(ada, players=3, bots=2)
    match_id = start(ada, played["id"])
    play_to_the_end(ada, match_id)
    unplayed = open_table(ada, players=3, bots=1)  # expires unplayed: purged
    cy = Guest(client, "Cy")  # an old guest who never played: purged
    di = Guest(client, "Di")  # chose a password (may sign in elsewhere): kept
    assert di.post("/api/session/password", {"password": "correct horse battery"}).is_success
    ed = Guest(client, "Ed")  # old, never played, but signed in again lately: kept
    fay = Guest(client, "Fay")  # new: kept
    old = [ada.id, cy.id, di.id, ed.id]
    logins = _logins(settings, [*old, fay.id])
    lately = Guest(client, "Ed again")  # a login made now, handed to Ed below
    _age(
        settings,
        update(User).where(User.id.in_(old)).values(created_at=then),
        update(LoginSession).where(LoginSession.user_id.in_(old)).values(created_at=then),
        update(LoginSession).where(LoginSession.user_id == lately.id).values(user_id=ed.id),
        update(Lobby).where(Lobby.id == unplayed["id"]).values(created_at=then, status="expired"),
        update(Lobby).where(Lobby.id == played["id"]).values(created_at=then),
    )

    purged = run_coroutine(_purge(settings, days=30))

    # Every login dated back is older than SESSION_MAX_AGE (30 days): its cookie has expired.
    expired = sum(len(logins[user_id]) for user_id in old)
    assert purged == Purged(logins=expired, lobbies=1, guests=1)
    assert _left(settings, User, [*old, fay.id]) == {ada.id, di.id, ed.id, fay.id}
    assert _left(settings, Lobby, [played["id"], unplayed["id"]]) == {played["id"]}
    assert _left(settings, Match, [match_id]) == {match_id}
    remaining = _logins(settings, [*old, fay.id])
    assert {user_id: len(tokens) for user_id, tokens in remaining.items()} == {
        ada.id: 0,
        cy.id: 0,
        di.id: 0,
        ed.id: 1,  # the one made lately
        fay.id: len(logins[fay.id]),
    }
    assert run_coroutine(_purge(settings, days=30)) == Purged(logins=0, lobbies=0, guests=0)


async def _purge(settings: Settings, *, days: int) -> Purged:
    db = Database(settings.async_database_url, pool_size=1)
    try:
        return await purge(db, settings, older_than=timedelta(days=days), now=datetime.now(UTC))
    finally:
        await db.dispose()


def _purge_command(settings: Settings, days: str) -> subprocess.CompletedProcess[str]:
    """``python -m app purge --older-than DAYS`` on the test database."""
    environment = {
        "PATH": "/usr/bin:/bin",
        "DATABASE_URL": settings.database_url,
        "DATA_DIR": str(settings.data_dir),
    }
    return subprocess.run(
        [sys.executable, "-m", "app", "purge", "--older-than", days],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_command_says_what_it_purged(settings: Settings) -> None:
    done = _purge_command(settings, "3650")
    assert done.returncode == 0, done.stderr
    assert "purged 0 login sessions, 0 unplayed tables and 0 guests older than 3650 days" in (
        done.stderr
    )
    refused = _purge_command(settings, "-1")
    assert refused.returncode == 2 and "number of days" in refused.stderr
