"""Issue 24, configuration and start-up as an operator meets them: every usual form of a
Postgres URL (libpq's and SQLAlchemy's, with TLS as ``sslmode`` or ``ssl``) means the same to
the engine and to the signal listener; a listener that cannot connect says so and keeps trying,
and shutdown goes on; partial rate limits keep the defaults; several instances cannot start
with keys of their own; instances starting together on an empty database migrate one after
the other."""

from __future__ import annotations

import asyncio
import logging
import secrets
import subprocess
import sys
import threading
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from pydantic import ValidationError
from sqlalchemy import func, select, text, update
from starlette.testclient import TestClient

from app.config import ROOT, Settings, SettingsError, postgres_dsn, unknown_settings
from app.db import Database, migrate
from app.limits import RateLimits
from app.main import create_app
from app.models import Match
from app.signals import CHANNEL, Signals
from tests.support import run_coroutine
from tests.web.helpers import Guest, open_table, start

# --- the forms of DATABASE_URL -------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://ada:pw@db:5432/parlor",
        "postgres://ada:pw@db:5432/parlor",
        "postgresql+asyncpg://ada:pw@db:5432/parlor",
        "postgresql+psycopg://ada:pw@db:5432/parlor",
    ],
)
def test_every_form_of_a_postgres_url_is_one_dsn(url: str) -> None:
    assert postgres_dsn(url) == "postgresql://ada:pw@db:5432/parlor"
    settings = Settings(database_url=url)
    assert settings.postgres
    assert settings.async_database_url == "postgresql+asyncpg://ada:pw@db:5432/parlor"


@pytest.mark.parametrize(
    ("query", "mode"),
    [
        ("sslmode=require", "require"),
        ("ssl=require", "require"),
        ("ssl=verify-full", "verify-full"),
    ],
)
def test_tls_is_sslmode_for_both_the_engine_and_the_listener(query: str, mode: str) -> None:
    # SQLAlchemy's asyncpg dialect would pass ?sslmode= to asyncpg.connect as an argument it
    # does not take, and asyncpg's DSN does not read ?ssl=: both are one libpq sslmode here.
    dsn = postgres_dsn(f"postgresql+asyncpg://ada@db/parlor?{query}&sslrootcert=/ca.pem")
    assert parse_qs(urlsplit(dsn).query) == {"sslmode": [mode], "sslrootcert": ["/ca.pem"]}


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://ada@db/parlor", "not mysql://"),
        ("postgresql://ada@db/parlor?sslmode=always", "sslmode must be one of"),
    ],
)
def test_a_database_parlor_cannot_use_is_refused_when_read(url: str, said: str) -> None:
    with pytest.raises(ValidationError, match=said):
        Settings(database_url=url)


def test_sqlite_urls_keep_their_path() -> None:
    assert Settings(database_url="sqlite:////var/p.db").async_database_url == (
        "sqlite+aiosqlite:////var/p.db"
    )
    assert Settings(database_url="sqlite+aiosqlite:///p.db").async_database_url == (
        "sqlite+aiosqlite:///p.db"
    )
    assert not Settings(database_url="sqlite:///p.db").postgres


def _postgres(settings: Settings) -> str:
    if not settings.postgres:
        pytest.skip("needs Postgres (CI sets DATABASE_URL)")
    return settings.database_url


def _sqlalchemy_form(url: str, query: str = "") -> str:
    return "postgresql+asyncpg://" + url.partition("://")[2] + query


def test_the_engine_connects_with_the_sqlalchemy_form_and_sslmode(settings: Settings) -> None:
    # The test server speaks no TLS: "prefer" falls back to plain, "disable" never tries. Both
    # spellings reach asyncpg as a mode (a wrong one would raise before connecting).
    url = _sqlalchemy_form(_postgres(settings))

    async def ask(query: str) -> int:
        db = Database(url + query, pool_size=1)
        try:
            async with db.reading() as session:
                return int((await session.execute(text("SELECT 1"))).scalar_one())
        finally:
            await db.dispose()

    for query in ("?sslmode=prefer", "?ssl=disable", ""):
        assert run_coroutine(ask(query)) == 1


def test_the_listener_hears_a_signal_through_the_sqlalchemy_form(settings: Settings) -> None:
    # The failure found: postgresql+asyncpg:// started, but the listener died on "invalid
    # DSN" without a word, and a match split over two instances stopped after 2 moves.
    url = _sqlalchemy_form(_postgres(settings), "?sslmode=prefer")

    async def hear() -> tuple[str, int, int]:
        heard: asyncio.Queue[tuple[str, int, int]] = asyncio.Queue()

        async def on_signal(kind: str, subject: int, detail: int) -> None:
            heard.put_nowait((kind, subject, detail))

        async def on_reconnect() -> None:
            pass

        signals = Signals(url, instance="a", on_signal=on_signal, on_reconnect=on_reconnect)
        signals.start()
        sender = await asyncpg.connect(postgres_dsn(url))
        try:
            # Sent until heard: the listener may not listen yet when the first goes out.
            while heard.empty():
                await sender.execute(f"SELECT pg_notify('{CHANNEL}', 'match:7:0:b')")
                try:
                    return await asyncio.wait_for(heard.get(), timeout=0.2)
                except TimeoutError:
                    continue
            return heard.get_nowait()
        finally:
            await sender.close()
            await signals.close()

    assert run_coroutine(hear()) == ("match", 7, 0)


def test_a_listener_that_cannot_connect_says_so_and_closes_cleanly() -> None:
    # Nothing listens on port 1: asyncpg's refusal, and a DSN it cannot read, are each logged
    # as an error and tried again; close() returns without raising.
    async def errors_logged(url: str) -> list[str]:
        said: list[str] = []
        told = asyncio.Event()

        class Told(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                said.append(record.getMessage())
                told.set()

        handler = Told(level=logging.ERROR)
        logging.getLogger("app.signals").addHandler(handler)

        async def ignore(*_: object) -> None:
            pass

        signals = Signals(url, instance="a", on_signal=ignore, on_reconnect=ignore)
        try:
            signals.start()
            await asyncio.wait_for(told.wait(), timeout=30)
            assert not signals.connected
        finally:
            await signals.close()
            logging.getLogger("app.signals").removeHandler(handler)
        return said

    refused = run_coroutine(errors_logged("postgresql://nobody@127.0.0.1:1/none"))
    assert refused and all("retrying in 1 s" in line for line in refused), refused
    unreadable = run_coroutine(errors_logged("postgresql://nobody@127.0.0.1:1/none?sslmode=no"))
    assert unreadable and "sslmode" in unreadable[0], unreadable


# --- settings given in part ------------------------------------------------------------------


def test_rate_limits_given_in_part_keep_the_defaults(settings: Settings) -> None:
    # RATE_LIMITS='{"chat": [5, 0.5]}' once made sign-in a 500 (KeyError: 'sign_in').
    partial = Settings(rate_limits={"chat": (2.0, 0.5)})
    assert partial.rate_limits["chat"] == (2.0, 0.5)
    assert partial.rate_limits["sign_in"] == Settings().rate_limits["sign_in"]
    assert RateLimits(partial.rate_limits).rules == partial.rate_limits
    app = create_app(settings.model_copy(update={"rate_limits": {"chat": (2.0, 0.5)}}))
    with TestClient(app) as client:
        assert client.post("/api/session", json={"name": "Ada"}).status_code == 201


def test_an_unknown_rate_limit_category_is_refused() -> None:
    with pytest.raises(ValidationError, match="chats.*chat"):
        Settings(rate_limits={"chats": (5.0, 0.5)})


def test_instances_on_postgres_need_a_shared_key() -> None:
    # Each would make its own key in its DATA_DIR, and its cookies would fail on the others.
    with pytest.raises(SettingsError, match="SECRET_KEY"):
        create_app(Settings(database_url="postgresql://ada@db/parlor", secret_key=""))
    create_app(Settings(database_url="postgresql://ada@db/parlor", secret_key="k" * 40))
    create_app(Settings(database_url="", secret_key=""))  # SQLite: one process, a key on disk


# --- migrations from instances starting together ------------------------------------------------


def test_instances_starting_together_migrate_one_after_the_other(settings: Settings) -> None:
    # Without the advisory lock 5 of 6 pairs failed with a unique violation on an empty
    # database. Three pairs here, each on a database of its own made empty for it.
    server = urlsplit(postgres_dsn(_postgres(settings)))
    maintenance = server._replace(path="/postgres").geturl()
    name = f"parlor_migrate_{secrets.token_hex(4)}"
    url = server._replace(path=f"/{name}").geturl()

    async def database(statement: str) -> None:
        connection = await asyncpg.connect(maintenance)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    try:
        for _ in range(3):
            run_coroutine(database(f'DROP DATABASE IF EXISTS "{name}"'))
            run_coroutine(database(f'CREATE DATABASE "{name}"'))
            pair = [
                subprocess.Popen(
                    [sys.executable, "-m", "app", "migrate"],
                    cwd=ROOT,
                    env={"DATABASE_URL": url, "PATH": "/usr/bin:/bin"},
                    stderr=subprocess.PIPE,
                    text=True,
                )
                for _ in range(2)
            ]
            errors = [process.communicate(timeout=120)[1] for process in pair]
            assert [process.returncode for process in pair] == [0, 0], errors
    finally:
        run_coroutine(database(f'DROP DATABASE IF EXISTS "{name}"'))


def test_variables_meant_for_parlor_that_set_nothing_are_named(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("SECRET_KEY=x\nBOT_DELAYS=0\n")
    environ = {
        "PATH": "/usr/bin",
        "HOSTNAME": "box",  # not near enough to HOST to be a slip
        "DATABASE_URL": "",
        "PARLOR_SECRET_KEY": "x",
        "PARLOR_COLOUR": "red",
        "DATABASE_URI": "postgresql://db/parlor",
    }
    assert unknown_settings(environ, dotenv) == [
        "DATABASE_URI is not a Parlor setting (did you mean DATABASE_URL?)",
        "PARLOR_COLOUR is not a Parlor setting",
        "PARLOR_SECRET_KEY is not a Parlor setting (settings have no prefix: SECRET_KEY)",
        f"BOT_DELAYS in {dotenv} is not a Parlor setting",
    ]


# --- health and readiness ----------------------------------------------------------------------


def _ready(client: TestClient) -> tuple[int, dict[str, Any]]:
    """/readyz once the instance has settled: on Postgres the listener connects in the
    background after start-up, so while only it is missing the question is asked again."""
    for _ in range(100):
        answer = client.get("/readyz")
        failed = [name for name, check in answer.json()["checks"].items() if check is not True]
        if failed != ["signals"]:
            break
        threading.Event().wait(0.1)  # the listener's connect, on the app's own loop
    return answer.status_code, answer.json()


def test_alive_and_ready_on_the_test_database(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").json() == {"ok": True}
        status, ready = _ready(client)
    checks = {"database": True, "migrations": True}
    if settings.postgres:
        checks["signals"] = True
    assert (status, ready) == (200, {"ok": True, "checks": checks})


def test_not_ready_on_a_database_behind_the_code(tmp_path: Path) -> None:
    # An instance of newer code on a database an older release migrated: it must not get play.
    old = Settings(database_url=f"sqlite:///{tmp_path}/old.db", secret_key="k" * 40)
    migrate(old, "0009")
    with TestClient(create_app(old)) as client:
        assert client.get("/healthz").status_code == 200
        answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["checks"]["migrations"].startswith("at 0009")


# --- the compose file and nginx (no Docker engine here: read as data) ----------------------------

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()


def test_compose_waits_on_health_and_retries_migrations() -> None:
    services = COMPOSE["services"]
    # pg_isready without -h passed while the image's first-start server ran on its Unix socket.
    assert " -h 127.0.0.1 " in services["db"]["healthcheck"]["test"][1]
    # One failed migration once kept the instances from ever starting.
    assert services["migrate"]["restart"] == "on-failure"
    assert services["app"]["depends_on"]["migrate"] == {
        "condition": "service_completed_successfully"
    }
    assert services["app"]["command"][-1] == "--no-migrate"
    assert services["nginx"]["depends_on"]["app"] == {"condition": "service_healthy"}
    assert "HEALTHCHECK" in (ROOT / "Dockerfile").read_text()
    # One image for migrate and app, each reading .env as .env.example describes it.
    assert services["migrate"]["image"] == services["app"]["image"]
    assert services["app"]["env_file"] == [{"path": ".env", "required": False}]
    # .env.example's HOST=127.0.0.1 would hide the instance from nginx inside its container.
    assert services["app"]["environment"]["HOST"] == "0.0.0.0"


def test_compose_runs_the_postgres_that_ci_tests(settings: Settings) -> None:
    major = int(COMPOSE["services"]["db"]["image"].removeprefix("postgres:"))

    async def server_major() -> int:
        connection = await asyncpg.connect(postgres_dsn(_postgres(settings)))
        try:
            return int(await connection.fetchval("SHOW server_version_num")) // 10_000
        finally:
            await connection.close()

    assert run_coroutine(server_major()) == major


def test_nginx_finds_replicas_again_and_keeps_connections() -> None:
    # Resolved once at start, recreated replicas with new addresses were never found.
    assert "resolver 127.0.0.11" in NGINX and "server app:8000 resolve;" in NGINX
    # "close" for plain requests opened an upstream connection per request (30 for 30).
    upgrade_map = NGINX[NGINX.index("map $http_upgrade") :].split("}")[0]
    assert '""      "";' in upgrade_map and "close" not in upgrade_map
    # An hour's read timeout belongs to match sockets only.
    sockets, rest = NGINX.split("location /ws/ {")[1].split("location / {")
    assert "proxy_read_timeout 1h;" in sockets and "proxy_read_timeout" not in rest
    included = "include /etc/nginx/parlor_proxy.conf;"
    assert included in sockets and included in rest
    mounted = COMPOSE["services"]["nginx"]["volumes"]
    assert "./deploy/parlor_proxy.conf:/etc/nginx/parlor_proxy.conf:ro" in mounted


# --- shutdown ------------------------------------------------------------------------------


def test_shutdown_gives_up_the_instances_leases(settings: Settings) -> None:
    # Before, a stopped instance's matches waited for their leases to run out (LEASE_SECONDS)
    # before another instance ran their bots and clocks.
    _postgres(settings)
    engine_url = settings.async_database_url

    async def owners(held: dict[int, str]) -> dict[int, str | None]:
        """Make ``held``'s instances hold its matches' leases for an hour, then read who holds
        them (other tests' matches may share the database)."""
        db = Database(engine_url, pool_size=1)
        try:
            async with db.transaction() as session:
                for match_id, owner in held.items():
                    await session.execute(
                        update(Match)
                        .where(Match.id == match_id)
                        .values(owner=owner, owner_until=func.now() + timedelta(hours=1))
                    )
            async with db.reading() as session:
                found = await session.execute(
                    select(Match.id, Match.owner).where(Match.id.in_([first, second]))
                )
                return dict(found.tuples().all())
        finally:
            await db.dispose()

    solo = settings.model_copy(update={"instance_id": "solo", "lease_seconds": 3600.0})
    with TestClient(create_app(solo)) as client:
        ada = Guest(client, "Ada")
        first = start(ada, open_table(ada)["id"])
        second = start(ada, open_table(ada)["id"])
        held = run_coroutine(owners({first: "solo", second: "other"}))
        assert held == {first: "solo", second: "other"}
    assert run_coroutine(owners({})) == {first: None, second: "other"}


def test_the_lock_file_pins_what_pyproject_declares() -> None:
    # The Dockerfile installs the lock file; pyproject.toml's ranges are what a pip install of
    # the package accepts: the two must agree, and every declared dependency must be pinned.
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = Version(version)
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for requirement in map(Requirement, declared):
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock"
        assert requirement.specifier.contains(pins[name]), (str(requirement), pins[name])
    assert "requirements.lock" in (ROOT / "Dockerfile").read_text()
