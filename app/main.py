"""The application: routers, static files, templates, and the lifespan (database, hub)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from app import housekeeping
from app.accounts.routes import router as accounts_router
from app.config import ROOT, Settings, get_settings
from app.db import Database
from app.errors import install_handlers
from app.hub import Hub
from app.limits import RateLimits
from app.lobby.routes import router as lobby_router
from app.matches.routes import router as matches_router
from app.matches.ws import router as ws_router
from app.pages import router as pages_router
from app.security import RequestGuard


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app; the database must already be migrated (``python -m app serve`` does it)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.db = Database(settings.async_database_url)
        app.state.hub = Hub(bot_delay=settings.bot_delay, suspend_after=settings.suspend_after)
        keeper = asyncio.create_task(
            housekeeping.run(app.state.hub, app.state.db, settings), name="housekeeping"
        )
        yield
        keeper.cancel()
        await asyncio.gather(keeper, return_exceptions=True)
        await app.state.hub.close()
        await app.state.db.dispose()

    app = FastAPI(title="Parlor", lifespan=lifespan)
    app.state.settings = settings
    app.state.limits = RateLimits(settings.rate_limits)
    app.add_middleware(RequestGuard, settings=settings)
    install_handlers(app)

    for router in (accounts_router, lobby_router, matches_router, ws_router, pages_router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    return app
