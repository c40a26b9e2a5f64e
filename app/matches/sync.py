"""Several instances on one Postgres (design 2.4): acting on other instances' signals, and
keeping the ownership leases of the matches in memory going."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.exc import SQLAlchemyError

from app.db import Database
from app.hub import Hub
from app.matches import chat, service

logger = logging.getLogger(__name__)


async def on_signal(hub: Hub, db: Database, kind: str, match_id: int, detail: int) -> None:
    """Another instance changed a match ("match") or said something at its table ("chat")."""
    try:
        if kind == "chat":
            await chat.relay(hub, db, match_id=match_id, line_id=detail)
        else:
            await service.refresh(hub, db, match_id)
    except SQLAlchemyError:
        # The database is away: this copy catches up at its next move (the version fence) or
        # when the signal listener reconnects (refresh_all).
        logger.warning("could not catch up match %s after a signal", match_id)


async def refresh_all(hub: Hub, db: Database) -> None:
    """Signals may have been missed (the listener reconnected): catch up every match here."""
    for live in hub.live_matches():
        live.chat = None  # chat lines may have been missed too: read them again when needed
        await service.refresh(hub, db, live.id)


async def keep_leases(hub: Hub, db: Database, *, every: float) -> None:
    """Every ``every`` seconds, set going the bots and clocks of the matches in memory: each
    loop first takes (or renews) the match's lease, so when an owner dies, another instance
    holding the match takes over once its lease runs out."""
    while True:
        await asyncio.sleep(every)  # the lease's renewal period, not a race fix
        for live in hub.live_matches():
            service.wake(hub, db, live)
