"""Command line: ``python -m app serve`` migrates the database and serves Parlor."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
from datetime import UTC, datetime, timedelta

import uvicorn
from pydantic import ValidationError

from app import housekeeping, logs
from app.config import Settings, SettingsError, get_settings, unknown_settings
from app.db import Database, migrate
from app.main import create_app
from app.matches.ws import MAX_FRAME


def main() -> None:
    """Parse the command line and run it."""
    parser = argparse.ArgumentParser(prog="python -m app", description="Parlor game server")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="apply migrations, then serve HTTP and WebSockets")
    serve.add_argument("--host", default=None)
    serve.add_argument("--port", type=int, default=None)
    serve.add_argument(
        "--no-migrate",
        action="store_true",
        help="serve without migrating (migrations run elsewhere, e.g. `python -m app migrate`)",
    )
    commands.add_parser("migrate", help="apply migrations only (alembic upgrade head)")
    purge = commands.add_parser(
        "purge",
        help="delete what nobody can use any more: revoked or expired logins, tables that"
        " expired unplayed, guests who left no trace; matches and records are kept",
    )
    purge.add_argument(
        "--older-than", type=int, required=True, metavar="DAYS", help="only what is older"
    )
    args = parser.parse_args()

    try:
        settings = get_settings()
    except ValidationError as error:
        parser.exit(2, f"python -m app: a setting is wrong: {error}\n")
    logs.configure(form=settings.log_format, level=settings.log_level)
    for sentence in unknown_settings():
        logging.getLogger("app.config").warning(sentence)
    if args.command == "purge":
        if args.older_than < 0:
            parser.exit(2, "python -m app purge: --older-than is a number of days, 0 or more\n")
        migrate(settings)
        logging.getLogger("app.purge").info(asyncio.run(_purge(settings, days=args.older_than)))
        return
    if args.command == "migrate" or not args.no_migrate:
        # Instances starting together take turns (an advisory lock on Postgres: migrations/env.py).
        migrate(settings)
    if args.command == "serve":
        try:
            app = create_app(settings)
        except SettingsError as error:
            parser.exit(2, f"python -m app serve: {error}\n")
        # What is loaded by now (modules, classes, the rules' card tables: over 100,000 objects)
        # lives as long as the process: out of the collector's sight, a full collection scans
        # only what play created (measured under load here: 118,000 of 330,000 objects).
        gc.collect()
        gc.freeze()
        uvicorn.run(
            app,
            host=args.host or settings.host,
            port=args.port or settings.port,
            ws_max_size=MAX_FRAME,
            # Forwarded headers are believed from TRUSTED_PROXIES only, by the app itself
            # (app/security.py): uvicorn's own FORWARDED_ALLOW_IPS is not consulted.
            proxy_headers=False,
            # Logging is app.logs': uvicorn's records go to its handler, and the access log is
            # the app's own (request ids, no invite codes).
            log_config=None,
            access_log=False,
        )


async def _purge(settings: Settings, *, days: int) -> str:
    db = Database(settings.async_database_url, pool_size=1)
    try:
        purged = await housekeeping.purge(
            db, settings, older_than=timedelta(days=days), now=datetime.now(UTC)
        )
    finally:
        await db.dispose()
    return (
        f"purged {purged.logins} login sessions, {purged.lobbies} unplayed tables and"
        f" {purged.guests} guests older than {days} days"
    )


if __name__ == "__main__":
    main()
