"""Moves stored in batches (issue 11, design 2.1 group commit; SQLite since issue 23): many
matches' moves in one transaction (one statement on Postgres, two on SQLite), each still fenced
on its match's version, each signalled to other instances (Postgres: SQLite is one process).
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
from starlette.testclient import TestClient

from app.config import Settings
from app.db import Database
from app.main import create_app
from app.matches import repository
from app.models.base import utcnow
from app.signals import CHANNEL
from tests.support import run_coroutine
from tests.web.helpers import Counts, Guest, open_table, start


def _two_matches(settings: Settings) -> tuple[int, int]:
    """Two started Coloretto matches (Ada and two bots each), left where the bots stopped."""
    with TestClient(create_app(settings)) as client:
        ada = Guest(client, "Ada")
        first = start(ada, open_table(ada)["id"])
        second = start(ada, open_table(ada)["id"])
    return first, second  # the app has stopped: nothing moves them now


async def _store(
    settings: Settings, moves: list[repository.MoveRow]
) -> tuple[list[bool], list[str]]:
    """Store ``moves`` concurrently (one batch) and collect the signals they send."""
    postgres = settings.database_url.startswith("postgres")
    listener = await asyncpg.connect(settings.database_url) if postgres else None
    heard: list[str] = []
    if listener is not None:
        await listener.add_listener(CHANNEL, lambda *args: heard.append(args[3]))
    db = Database(settings.async_database_url)
    try:
        written = await asyncio.gather(*(db.batch(repository.append_moves, m) for m in moves))
        if listener is not None:
            # A round trip on the listening connection: every signal committed before it is in.
            await listener.execute("SELECT 1")
    finally:
        await db.dispose()
        if listener is not None:
            await listener.close()
    return list(written), heard


def _move(match_id: int, seq: int) -> repository.MoveRow:
    action: dict[str, Any] = {"type": "draw"}  # the database does not judge the rules
    return repository.MoveRow(
        match_id=match_id,
        seq=seq,
        seat=0,
        action=action,
        stand_in=False,
        deadline=None,
        instance="test",
        at=utcnow(),
    )


def test_a_batch_fences_each_move_on_its_own_match(settings: Settings, counts: Counts) -> None:
    fresh, stale = _two_matches(settings)
    before = {match_id: counts(match_id=match_id) for match_id in (fresh, stale)}

    # The first is the next move of its match; the second claims a version its match is at
    # already (another writer got there first), so only the first may be stored.
    written, heard = run_coroutine(
        _store(
            settings,
            [
                _move(fresh, before[fresh]["version"] + 1),
                _move(stale, before[stale]["version"]),
            ],
        )
    )

    assert written == [True, False]
    assert counts(match_id=fresh) == {
        "actions": before[fresh]["actions"] + 1,
        "version": before[fresh]["version"] + 1,
    }
    assert counts(match_id=stale) == before[stale]
    if settings.database_url.startswith("postgres"):
        assert heard == [f"match:{fresh}:0:test"]  # the refused move tells nobody anything
