"""The migrated database is exactly what the models describe (no forgotten migration)."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from app.config import Settings
from app.models import Base
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
