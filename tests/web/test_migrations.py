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
from app.models import Base, Lobby, Match, User
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


def test_matches_stored_before_0008_were_played_under_rules_version_1(tmp_path: Path) -> None:
    # A database of its own (a SQLite file), left at revision 0007 with a match in it; every
    # game's rules version was "1" until matches stored theirs (issue 15).
    settings = Settings(database_url="", data_dir=tmp_path)
    migrate(settings, "0007")

    async def store_a_match() -> None:
        engine = create_async_engine(settings.async_database_url)
        async with engine.begin() as connection:
            await connection.execute(insert(User).values(id=1, name="Ada"))
            await connection.execute(
                insert(Lobby).values(
                    id=1, game="uno", players=2, options={}, invite_code="old", host_id=1
                )
            )
            await connection.execute(
                insert(Match).values(
                    id=1,
                    lobby_id=1,
                    game="uno",
                    players=2,
                    options={},
                    seed=bytes(32),
                    commitment="0" * 64,
                )
            )
        await engine.dispose()

    async def stored_version() -> str:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            version: str = (
                await connection.execute(select(Match.rules_version).where(Match.id == 1))
            ).scalar_one()
        await engine.dispose()
        return version

    run_coroutine(store_a_match())
    migrate(settings)
    assert run_coroutine(stored_version()) == "1"
