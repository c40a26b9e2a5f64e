"""Queries on users and their login sessions."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import LoginSession, User
from app.models.base import utcnow


async def create_user(session: AsyncSession, *, name: str) -> User:
    """Insert a guest user."""
    user = User(name=name)
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
