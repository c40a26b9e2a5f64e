"""Several instances on one Postgres (design 2.4): acting on other instances' signals, and
keeping the ownership leases of the matches in memory going. Closing the sockets of a revoked
login is here too: a logout does it on its own instance the same way."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from sqlalchemy.exc import SQLAlchemyError

from app.accounts import service as accounts
from app.db import Database
from app.errors import NotSignedIn, close_code
from app.hub import Hub
from app.matches import bots, chat, repository, service

logger = logging.getLogger(__name__)


async def on_signal(hub: Hub, db: Database, kind: str, subject: int, detail: int) -> None:
    """Another instance changed a match ("match"), said something at its table ("chat"), or
    revoked a login of a user ("revoked", subject: the user)."""
    try:
        if kind == "revoked":
            await close_revoked(hub, db, [subject])
        elif kind == "chat":
            await chat.relay(hub, db, match_id=subject, line_id=detail)
        else:
            await service.refresh(hub, db, subject)
    except SQLAlchemyError:
        # The database is away: this copy catches up at its next move (the version fence) or
        # when the signal listener reconnects (refresh_all).
        logger.warning("could not act on signal %s about %s", kind, subject)


async def refresh_all(hub: Hub, db: Database) -> None:
    """Signals may have been missed (the listener reconnected): catch up every match here, and
    close the sockets whose login was revoked meanwhile."""
    for live in hub.live_matches():
        chat.reread(live)  # chat lines may have been missed too
        await service.refresh(hub, db, live.id)
    await close_revoked(hub, db, hub.users())


async def close_revoked(hub: Hub, db: Database, user_ids: Iterable[int]) -> None:
    """Close this instance's sockets of these users that were opened with a login revoked since
    (a logout here or on another instance): 4401, and the page says to sign in again."""
    logins = {(user_id, login) for user_id in user_ids for login in hub.logins_of(user_id)}
    async with db.reading() as session:
        active = await accounts.active_logins(session, {login for _, login in logins})
    error = NotSignedIn("You signed out: sign in again to come back to this table.")
    for user_id, login in logins:
        if login not in active:
            hub.drop_login(user_id, login, code=close_code(error), reason=error.message)


async def keep_leases(hub: Hub, db: Database, *, every: float) -> None:
    """Every ``every`` seconds, set going the bots and clocks of the matches in memory: each
    loop first takes (or renews) the match's lease, so when an owner dies, another instance
    holding the match takes over once its lease runs out."""
    while True:
        await hub.clock.sleep(every)  # the lease's renewal period, not a race fix
        for live in hub.live_matches():
            bots.wake(hub, db, live)


async def release_leases(hub: Hub, db: Database) -> None:
    """At shutdown, once this instance's bots and clocks are stopped: give up its matches'
    leases, so another instance runs their bots and clocks at its next round (a third of a
    lease) instead of after the whole lease has run out."""
    try:
        async with db.transaction() as session:
            count = await repository.release_leases(session, instance=hub.instance)
    except SQLAlchemyError:
        logger.warning("could not release the leases of instance %s", hub.instance)
        return
    logger.info("released the leases of %d matches", count)
