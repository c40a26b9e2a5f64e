"""Queries on users."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from app.models import User


async def create_user(session: AsyncSession, *, name: str) -> User:
    """Insert a guest user."""
    user = User(name=name)
    session.add(user)
    await session.flush()
    return user


async def get_user(session: AsyncSession, user_id: int) -> User | None:
    """A user by id."""
    return await session.get(User, user_id)
