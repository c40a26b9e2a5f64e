"""Queries on users and their login sessions."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import delete, exists, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import ChatMessage, Lobby, LoginSession, MatchSeat, Seat, User
from app.models.base import utcnow


async def create_user(session: AsyncSession, *, name: str, locale: str | None = None) -> User:
    """Insert a guest user."""
    user = User(name=name, locale=locale)
    session.add(user)
    await session.flush()
    return user


async def get_user(session: AsyncSession, user_id: int) -> User | None:
    """A user by id."""
    return await session.get(User, user_id)


async def set_password_hash(session: AsyncSession, *, user_id: int, password_hash: str) -> None:
    """Store a user's password hash."""
    await session.execute(
        update(User).where(User.id == user_id).values(password_hash=password_hash)
    )


async def set_locale(session: AsyncSession, *, user_id: int, locale: str) -> None:
    """Store a user's language."""
    await session.execute(update(User).where(User.id == user_id).values(locale=locale))


async def create_login(session: AsyncSession, *, token: str, user_id: int) -> None:
    """Record a new signed-in browser."""
    session.add(LoginSession(id=token, user_id=user_id))
    await session.flush()


async def user_of_login(session: AsyncSession, token: str) -> User | None:
    """The user of a login session that has not been revoked."""
    query = (
        select(User)
        .join(LoginSession, LoginSession.user_id == User.id)
        .where(LoginSession.id == token, LoginSession.revoked_at.is_(None))
    )
    return (await session.execute(query)).scalar_one_or_none()


async def revoke_login(session: AsyncSession, token: str) -> None:
    """End a login session (logout)."""
    await session.execute(
        update(LoginSession)
        .where(LoginSession.id == token, LoginSession.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )


async def active_logins(session: AsyncSession, tokens: Collection[str]) -> set[str]:
    """Those of these login sessions that have not been revoked."""
    query = select(LoginSession.id).where(
        LoginSession.id.in_(tokens), LoginSession.revoked_at.is_(None)
    )
    return set((await session.execute(query)).scalars())


async def purge_logins(
    session: AsyncSession, *, created_before: datetime, expired_before: datetime
) -> int:
    """Delete the login sessions made before ``created_before`` that can no longer sign anyone
    in: revoked, or made before ``expired_before`` (their cookie has expired); how many."""
    purged = await session.execute(
        delete(LoginSession)
        .where(
            LoginSession.created_at < created_before,
            or_(LoginSession.revoked_at.is_not(None), LoginSession.created_at < expired_before),
        )
        .execution_options(synchronize_session=False)
    )
    return int(purged.rowcount)  # type: ignore[attr-defined]


async def purge_guests(session: AsyncSession, *, created_before: datetime) -> int:
    """Delete the guests (no password) made before ``created_before`` that left no trace: no
    seat of any match (its record names its players), no table hosted or seat held, no chat
    line, and no login session made since; how many."""
    traces = [
        exists().where(MatchSeat.user_id == User.id),
        exists().where(Lobby.host_id == User.id),
        exists().where(Seat.user_id == User.id),
        exists().where(ChatMessage.user_id == User.id),
        exists().where(LoginSession.user_id == User.id, LoginSession.created_at >= created_before),
    ]
    gone = select(User.id).where(
        User.password_hash.is_(None),
        User.created_at < created_before,
        *(~trace for trace in traces),
    )
    ids = list((await session.execute(gone)).scalars())
    if ids:
        await session.execute(delete(LoginSession).where(LoginSession.user_id.in_(ids)))
        await session.execute(delete(User).where(User.id.in_(ids)))
    return len(ids)
