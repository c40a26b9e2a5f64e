"""Housekeeping, every ``HOUSEKEEPING_EVERY`` seconds (and once at start-up):

- tables opened but never started within ``LOBBY_TTL`` expire;
- matches nobody has been at for ``SUSPEND_AFTER`` are suspended (dropped from memory, their
  bots and stand-ins stop); they resume from the log when someone comes back;
- matches whose stored turn deadline falls due soon are loaded, so their clock runs out on
  time even after a restart or a suspension.

And by an operator's command (``python -m app purge --older-than DAYS``, ``purge``): what
nobody can use any more is deleted; every match and its record is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError

from app.accounts import repository as accounts
from app.config import Settings
from app.db import Database
from app.hub import Hub
from app.lobby import repository as lobby_rows, service as lobbies
from app.matches import loading, service as matches

logger = logging.getLogger(__name__)


async def run(hub: Hub, db: Database, settings: Settings, *, stop: asyncio.Event) -> None:
    """Keep house until ``stop`` is set (at shutdown). A round under way is finished first:
    cancelling it mid-statement would leave its connection to a closed event loop (issue 15:
    aiosqlite's worker thread then fails with "Event loop is closed")."""
    while not stop.is_set():
        try:
            await sweep(hub, db, settings)
        except SQLAlchemyError:
            logger.exception("housekeeping could not reach the database; next round later")
        with contextlib.suppress(TimeoutError):
            # The round's period (not a race fix); a shutdown ends the wait at once.
            await asyncio.wait_for(stop.wait(), settings.housekeeping_every)


async def sweep(hub: Hub, db: Database, settings: Settings) -> None:
    """One round of housekeeping, at the time of the hub's clock."""
    now = hub.clock.now()
    async with db.transaction() as session:
        expired = await lobbies.expire_lobbies(
            session, created_before=now - timedelta(seconds=settings.lobby_ttl)
        )
    if expired:
        logger.info("%d never-started tables expired", expired)
    soon = now + timedelta(seconds=settings.housekeeping_every)
    for live in hub.live_matches():
        clock_due = live.deadline is not None and live.deadline <= soon
        if live.idle_for(now) >= settings.suspend_after and not clock_due:
            hub.suspend(live)
    for match_id in await loading.due_matches(db, before=soon):
        await matches.open_live(hub, db, match_id, visitor=False)


@dataclass(frozen=True)
class Purged:
    """What one purge deleted."""

    logins: int
    lobbies: int
    guests: int


async def purge(
    db: Database, settings: Settings, *, older_than: timedelta, now: datetime
) -> Purged:
    """Delete, from before ``now - older_than``: login sessions that can sign nobody in (revoked,
    or older than ``SESSION_MAX_AGE``), tables that expired without being played, and then the
    guests (no password) who left no trace (no match, table, seat or chat line, no recent
    login). Matches, their records and the tables and people they name are kept."""
    before = now - older_than
    async with db.transaction() as session:
        logins = await accounts.purge_logins(
            session,
            created_before=before,
            expired_before=now - timedelta(seconds=settings.session_max_age),
        )
        tables = await lobby_rows.purge_expired_lobbies(session, created_before=before)
        guests = await accounts.purge_guests(session, created_before=before)
    return Purged(logins=logins, lobbies=tables, guests=guests)
