"""The migrated database is exactly what the models describe (no forgotten migration), and a
migration gives the rows already stored their right values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import create_async_engine

from app.config import Settings
from app.db import migrate
from app.models import Base, Lobby, Match, MatchSeat, Seat, User
from tests.support import run_coroutine


def test_migrations_match_the_models(settings: Settings) -> None:
    async def differences() -> list[Any]:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            found: list[Any] = await connection.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
            )
        await engine.dispose()
        return found

    assert run_coroutine(differences()) == []


def _store(settings: Settings, *statements: Any) -> None:
    """Run these inserts in one transaction on the database of ``settings``."""

    async def run() -> None:
        engine = create_async_engine(settings.async_database_url)
        async with engine.begin() as connection:
            for statement in statements:
                await connection.execute(statement)
        await engine.dispose()

    run_coroutine(run())


def _rows(settings: Settings, query: Any) -> list[tuple[Any, ...]]:
    """The rows a query finds on the database of ``settings``."""

    async def run() -> list[tuple[Any, ...]]:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            found = [tuple(row) for row in await connection.execute(query)]
        await engine.dispose()
        return found

    return run_coroutine(run())


MATCH = {"id": 1, "lobby_id": 1, "game": "uno", "players": 2, "options": {}}
MATCH |= {"seed": bytes(32), "commitment": "0" * 64}
"""A match of Ada's table (lobby 1), as any revision stores one."""
LOBBY = {"id": 1, "game": "uno", "players": 2, "options": {}, "invite_code": "old", "host_id": 1}


def test_matches_stored_before_0008_were_played_under_rules_version_1(tmp_path: Path) -> None:
    # A database of its own (a SQLite file), left at revision 0007 with a match in it; every
    # game's rules version was "1" until matches stored theirs (issue 15).
    settings = Settings(database_url="", data_dir=tmp_path)
    migrate(settings, "0007")
    _store(
        settings,
        insert(User).values(id=1, name="Ada"),
        insert(Lobby).values(**LOBBY),
        insert(Match).values(**MATCH),
    )
    migrate(settings)
    assert _rows(settings, select(Match.rules_version)) == [("1",)]


def test_matches_stored_before_0010_are_played_by_their_tables_holders(tmp_path: Path) -> None:
    # Before 0010 a match's players were its table's seat holders: those become its rows.
    settings = Settings(database_url="", data_dir=tmp_path)
    migrate(settings, "0009")
    _store(
        settings,
        insert(User).values(id=1, name="Ada"),
        insert(Lobby).values(**LOBBY, watch_code="w"),
        insert(Seat).values(lobby_id=1, seat=0, user_id=1, bot=None),
        insert(Seat).values(lobby_id=1, seat=1, user_id=None, bot="basic"),
        insert(Match).values(**MATCH, rules_version="1"),
    )
    migrate(settings)
    columns = (MatchSeat.match_id, MatchSeat.seat, MatchSeat.user_id, MatchSeat.bot)
    held = _rows(settings, select(*columns, MatchSeat.since_seq).order_by(MatchSeat.seat))
    assert held == [(1, 0, 1, None, 0), (1, 1, None, "basic", 0)]
