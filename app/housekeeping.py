"""Housekeeping, every ``HOUSEKEEPING_EVERY`` seconds (and once at start-up):

- tables opened but never started within ``LOBBY_TTL`` expire;
- matches nobody has been at for ``SUSPEND_AFTER`` are suspended (dropped from memory, their
  bots and stand-ins stop); they resume from the log when someone comes back;
- matches whose stored turn deadline falls due soon are loaded, so their clock runs out on
  time even after a restart or a suspension.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

from sqlalchemy.exc import SQLAlchemyError

from app.config import Settings
from app.db import Database
from app.hub import Hub
from app.lobby import service as lobbies
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
