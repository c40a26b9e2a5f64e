"""Alembic environment: runs migrations on the async engine of the configured database."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from app.config import get_settings
from app.db import create_engine
from app.models import Base

config = context.config
target_metadata = Base.metadata

MIGRATION_LOCK = 0x5041524C4F52
"""The Postgres advisory lock held while migrating ("PARLOR" in ASCII): instances starting
together on one database migrate one after the other. Without it, two of them reading an empty
``alembic_version`` at once both created the tables, and one failed (a unique violation)."""


def _url() -> str:
    url = config.attributes.get("database_url")
    return str(url) if url else get_settings().async_database_url


def _run(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        # Taken in the migrations' own transaction, before alembic reads the version: the
        # second instance waits, then reads the version the first committed. Released at commit.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_online() -> None:
    engine = create_engine(_url())
    async with engine.connect() as connection:
        await connection.run_sync(_run)
        await connection.commit()
    await engine.dispose()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_online())
