"""The application: routers, static files, templates, and the lifespan (database, hub, review
workers)."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager

from fastapi import FastAPI

from app import housekeeping, openapi, security
from app.accounts.routes import router as accounts_router
from app.config import ROOT, Settings, SettingsError, get_settings
from app.db import Database
from app.errors import install_handlers
from app.health import router as health_router
from app.hub import Hub
from app.i18n import Locales
from app.limits import RateLimits
from app.lobby.routes import router as lobby_router
from app.matches import sync
from app.matches.clocks import Clock
from app.matches.live import Pacing
from app.matches.review import Reviewer
from app.matches.routes import router as matches_router
from app.matches.thinking import Thinker
from app.matches.ws import MatchSockets
from app.metrics import router as metrics_router
from app.pages import error_response, router as pages_router
from app.signals import Signals
from app.static import VersionedStatic

logger = logging.getLogger(__name__)

HOUSEKEEPING_GRACE = 10.0
"""Seconds a housekeeping round under way may take to finish at shutdown."""


async def _settle(what: str, step: Awaitable[None]) -> None:
    """Await a shutdown step, logging its failure instead of raising it: the steps after it
    still run."""
    try:
        await step
    except Exception:
        logger.exception("shutdown: %s failed", what)


def create_app(settings: Settings | None = None, *, clock: Clock | None = None) -> FastAPI:
    """Build the app; the database must already be migrated (``python -m app serve`` does it).
    ``clock``: the time its live matches read (tests move a fake one)."""
    settings = settings or get_settings()
    if settings.postgres and not settings.secret_key:
        # Each instance would make a key of its own in its DATA_DIR, and a cookie signed by
        # one would be refused by the others: a player signed out on every reconnection.
        raise SettingsError(
            "SECRET_KEY is required on Postgres, the same on every instance: set it to a long"
            ' random value (python -c "import secrets; print(secrets.token_urlsafe(48))").'
        )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = app.state.db = Database(
            settings.async_database_url,
            pool_size=settings.db_pool_size,
            pool_overflow=settings.db_pool_overflow,
        )
        shared = settings.postgres  # several instances may share it
        hub = app.state.hub = Hub(
            pacing=Pacing(
                bot_delay=settings.bot_delay,
                talk_delay=settings.bot_talk_delay,
                suspend_after=settings.suspend_after,
                away_offer_after=settings.away_offer_after,
                lease_seconds=settings.lease_seconds if shared else None,
            ),
            instance=settings.instance_id or secrets.token_hex(6),
            thinker=Thinker(workers=settings.bot_workers, think_ms=settings.bot_think_ms),
            clock=clock,
        )
        reviewer = app.state.reviewer = Reviewer(
            workers=settings.review_workers,
            requests=settings.review_requests,
            queue=settings.review_queue,
            cache_bytes=settings.replay_cache_bytes,
        )
        stop = asyncio.Event()
        keeper = asyncio.create_task(
            housekeeping.run(hub, db, settings, stop=stop), name="housekeeping"
        )
        loops: list[asyncio.Task[None]] = []
        signals = app.state.signals = None
        if shared:
            signals = app.state.signals = Signals(
                settings.database_url,
                instance=hub.instance,
                on_signal=lambda kind, match_id, detail: sync.on_signal(
                    hub, db, kind, match_id, detail
                ),
                on_reconnect=lambda: sync.refresh_all(hub, db),
            )
            signals.start()
            every = settings.lease_seconds / 3
            loops.append(asyncio.create_task(sync.keep_leases(hub, db, every=every)))
        yield
        stop.set()
        for loop in loops:
            loop.cancel()
        # Housekeeping finishes the round under way (bounded, then cancelled after all).
        await asyncio.wait({keeper}, timeout=HOUSEKEEPING_GRACE)
        keeper.cancel()
        await asyncio.gather(keeper, *loops, return_exceptions=True)
        # Each step is taken whatever befell the one before: a shutdown that stops at a failed
        # step leaves connections and worker processes behind.
        if signals is not None:
            await signals.close()  # it never raises
        await _settle("closing the live matches", hub.close())
        if shared:
            await sync.release_leases(hub, db)  # after hub.close: no bot of ours renews one
        reviewer.close()
        app.state.limits.close()
        await _settle("closing the database pool", db.dispose())

    # No Swagger UI or ReDoc pages: they load scripts from a CDN and run inline script, which the
    # content security policy refuses (app/security.py). The API is described at /openapi.json.
    app = FastAPI(
        title="Parlor",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        generate_unique_id_function=openapi.operation_id,
    )
    app.state.settings = settings
    app.state.limits = RateLimits(settings.rate_limits, redis_url=settings.redis_url)
    app.add_middleware(MatchSockets)  # innermost: behind the proxy headers and the guards
    security.install(app, settings)
    app.add_middleware(Locales)  # outermost: the guards' refusals are in the visitor's language
    install_handlers(app, error_page=error_response)

    routers = (accounts_router, lobby_router, matches_router, pages_router)
    for router in routers:
        app.include_router(openapi.document(router))
    app.include_router(health_router)
    app.include_router(metrics_router)
    static = VersionedStatic(directory=ROOT / "static")
    app.state.static_url = f"/static/{static.version}"
    app.mount("/static", static, name="static")
    return app
