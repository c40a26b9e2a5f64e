"""Typed dependencies shared by the routes: the database session and the signed-in user."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Path, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts import service as accounts
from app.db import Database
from app.errors import NotSignedIn
from app.hub import Hub
from app.models import User


def get_db(request: Request) -> Database:
    """The application's database."""
    db: Database = request.app.state.db
    return db


def get_hub(request: Request) -> Hub:
    """The live-match hub."""
    hub: Hub = request.app.state.hub
    return hub


def get_now(request: Request) -> datetime:
    """The time now on the live matches' clock (tests move it: ``create_app(clock=)``)."""
    return get_hub(request).clock.now()


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One transaction per request: committed if the route succeeds, rolled back otherwise."""
    async with get_db(request).transaction() as session:
        yield session


# scope="function": the transaction commits before the response is sent, so a client that
# has its answer can rely on the change being visible to its next request.
MAX_INT = 2**31 - 1
"""The largest value an id or number column holds (a 32-bit integer, as in Postgres)."""

RowId = Annotated[int, Path(ge=1, le=MAX_INT, description="A lobby or match id.")]
SeatNumber = Annotated[int, Path(ge=0, le=99, description="A seat number (0 is the first).")]

SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
DbDep = Annotated[Database, Depends(get_db)]
HubDep = Annotated[Hub, Depends(get_hub)]
NowDep = Annotated[datetime, Depends(get_now)]


async def get_optional_user(request: Request) -> User | None:
    """The cookie's user, or None without a valid cookie."""
    async with get_db(request).reading() as session:
        return await accounts.user_from_cookie(
            session, request.cookies.get(accounts.COOKIE_NAME), request.app.state.settings
        )


async def get_current_user(
    user: Annotated[User | None, Depends(get_optional_user)],
) -> User:
    """The cookie's user; refuses the request without one."""
    if user is None:
        raise NotSignedIn("Pick a display name first: you are not signed in.")
    return user


OptionalUser = Annotated[User | None, Depends(get_optional_user)]
CurrentUser = Annotated[User, Depends(get_current_user)]
