"""Queries on lobbies and their seats."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.matches.live import TableSettings
from app.models import Lobby, Seat, User


async def create_lobby(
    session: AsyncSession,
    *,
    game: str,
    players: int,
    options: dict[str, Any],
    invite_code: str,
    watch_code: str,
    host_id: int,
    series: str,
    series_games: int,
    table: TableSettings,
) -> Lobby:
    """Insert a lobby."""
    lobby = Lobby(
        game=game,
        players=players,
        options=options,
        invite_code=invite_code,
        watch_code=watch_code,
        host_id=host_id,
        status="open",
        series=series,
        series_games=series_games,
        spectators=table.spectators,
        spectator_chat=table.spectator_chat,
        turn_seconds=table.turn_seconds,
        stand_in_after=table.stand_in_after,
    )
    session.add(lobby)
    await session.flush()
    return lobby


async def get_lobby(
    session: AsyncSession, lobby_id: int, *, for_update: bool = False
) -> Lobby | None:
    """A lobby by id; ``for_update`` locks its row (Postgres) so seat changes are serialised."""
    query = select(Lobby).where(Lobby.id == lobby_id)
    if for_update:
        query = query.with_for_update()
    return (await session.execute(query)).scalar_one_or_none()


async def get_lobby_by_code(
    session: AsyncSession, invite_code: str, *, for_update: bool = True
) -> Lobby | None:
    """A lobby by invite code, its row locked (``for_update``) for the seat change that
    follows."""
    query = select(Lobby).where(Lobby.invite_code == invite_code)
    if for_update:
        query = query.with_for_update()
    return (await session.execute(query)).scalar_one_or_none()


async def get_lobby_by_watch_code(session: AsyncSession, watch_code: str) -> Lobby | None:
    """A lobby by watch code."""
    query = select(Lobby).where(Lobby.watch_code == watch_code)
    return (await session.execute(query)).scalar_one_or_none()


async def seats_with_names(session: AsyncSession, lobby_id: int) -> list[tuple[Seat, str | None]]:
    """The occupied seats of a lobby in seat order, each with its user's display name."""
    query = (
        select(Seat, User.name)
        .outerjoin(User, User.id == Seat.user_id)
        .where(Seat.lobby_id == lobby_id)
        .order_by(Seat.seat)
    )
    return [(seat, name) for seat, name in (await session.execute(query)).all()]


async def add_seat(
    session: AsyncSession, *, lobby_id: int, seat: int, user_id: int | None, bot: str | None
) -> Seat:
    """Occupy a seat with a user or a bot."""
    row = Seat(lobby_id=lobby_id, seat=seat, user_id=user_id, bot=bot)
    session.add(row)
    await session.flush()
    return row


async def remove_seat(session: AsyncSession, *, lobby_id: int, seat: int) -> None:
    """Free a seat."""
    await session.execute(delete(Seat).where(Seat.lobby_id == lobby_id, Seat.seat == seat))


async def purge_expired_lobbies(session: AsyncSession, *, created_before: datetime) -> int:
    """Delete the tables that expired without a match and were opened before
    ``created_before``, with their seats; how many. (A table that was played is kept: its
    matches' records name it.)"""
    old = select(Lobby.id).where(Lobby.status == "expired", Lobby.created_at < created_before)
    ids = list((await session.execute(old)).scalars())
    if ids:
        await session.execute(delete(Seat).where(Seat.lobby_id.in_(ids)))
        await session.execute(delete(Lobby).where(Lobby.id.in_(ids)))
    return len(ids)


async def expire_lobbies(session: AsyncSession, *, created_before: datetime) -> int:
    """Mark tables never started and opened before ``created_before`` as expired; how many."""
    expired = await session.execute(
        update(Lobby)
        .where(Lobby.status == "open", Lobby.created_at < created_before)
        .values(status="expired")
        .execution_options(synchronize_session=False)
    )
    return int(expired.rowcount)  # type: ignore[attr-defined]
