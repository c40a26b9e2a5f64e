"""Settings: the only place that reads the environment (and `.env`)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from difflib import get_close_matches
from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from dotenv import dotenv_values
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent

POSTGRES_SCHEMES = frozenset(
    {"postgres", "postgresql", "postgresql+asyncpg", "postgresql+psycopg", "postgresql+psycopg2"}
)
"""How a Postgres ``DATABASE_URL`` may begin: libpq's forms and SQLAlchemy's, whatever driver it
names (Parlor always connects with asyncpg)."""
SQLITE_SCHEMES = frozenset({"sqlite", "sqlite+aiosqlite", "sqlite+pysqlite"})
SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
"""libpq's ``sslmode`` values, which asyncpg reads too (``?sslmode=require``)."""


class SettingsError(ValueError):
    """Settings that may not be served together (``python -m app serve`` says why and exits)."""


def is_postgres(url: str) -> bool:
    """Whether a database URL names Postgres (in any form ``POSTGRES_SCHEMES`` lists)."""
    return url.partition("://")[0].lower() in POSTGRES_SCHEMES


def postgres_dsn(url: str) -> str:
    """A Postgres URL in any accepted form as the libpq-style DSN that asyncpg reads, the same
    for the engine's connections and the signal listener's: ``postgresql://``, with SQLAlchemy's
    ``ssl=`` spelled ``sslmode=`` (libpq's other parameters, such as ``sslrootcert``, pass as
    they are)."""
    parts = urlsplit("postgresql://" + url.partition("://")[2])
    query = [
        ("sslmode" if key == "ssl" else key, value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
    ]
    return urlunsplit(parts._replace(query=urlencode(query)))


RATE_LIMITS: dict[str, tuple[float, float]] = {
    "sign_in": (10.0, 0.2),  # per address: 10 at once, then one every 5 s
    "create_lobby": (20.0, 0.2),  # per user
    "act": (100.0, 60.0),  # per user: well above design 2.3's 50 moves a second
    "chat": (5.0, 0.5),  # per user: 5 lines at once, then one every 2 s
    # Moves that are talk (GameRules.talk: Forehead words' lines and emotes), per user, on top
    # of "act": a person's quick exchange (10 at once, then one a second) but not a flood.
    "talk": (10.0, 1.0),
    # Match sockets, per user over all their sockets: every frame of any kind (checked
    # before it is parsed) and full-state requests; new sockets per login (checked
    # before the database is asked who it is).
    "frame": (200.0, 100.0),
    "sync": (10.0, 2.0),
    "connect": (30.0, 1.0),
    # Records, exports, replays and checks of matches, per user; checks of uploaded
    # records, per address (no account needed).
    "review": (20.0, 0.5),
    "verify": (5.0, 0.2),
}
"""The default rate limits: per category, (burst, refill per second)."""


class Settings(BaseSettings):
    """Parlor's configuration, from environment variables or `.env`."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = Field(
        default="",
        description="postgresql://user:password@host:5432/name (postgres:// and SQLAlchemy's"
        " postgresql+asyncpg:// too; TLS with ?sslmode=require or verify-full) or"
        " sqlite:///path. Empty: SQLite in DATA_DIR.",
    )
    data_dir: Path = Field(default=ROOT / "var", description="Embedded database and generated key.")
    secret_key: str = Field(
        default="",
        description="Signs session cookies. Empty: a random key is kept in DATA_DIR/secret_key.",
    )
    bot_delay: float = Field(
        default=0.7, ge=0, description="Seconds a bot waits before moving, so people can follow."
    )
    bot_talk_delay: float = Field(
        default=5.0,
        ge=0,
        description="In a game where everyone may act at any time (Forehead words' chat), the"
        " seconds a bot waits after its own move before its next one, as a person would.",
    )
    session_max_age: int = Field(default=60 * 60 * 24 * 30, description="Cookie lifetime, seconds.")
    cookie_secure: bool = Field(default=False, description="Send the cookie over HTTPS only.")
    allowed_origins: list[str] = Field(
        default_factory=list, description="Extra origins allowed to open match sockets."
    )
    trusted_proxies: list[str] = Field(
        default_factory=list,
        description="Addresses or networks (CIDR) of the reverse proxies whose X-Forwarded-For"
        " and X-Forwarded-Proto name the client and its scheme. Empty: none is believed.",
    )
    rate_limits: dict[str, tuple[float, float]] = Field(
        default_factory=lambda: dict(RATE_LIMITS),
        description="Per category: (burst, refill per second). Categories left out keep their"
        " defaults.",
    )
    redis_url: str = Field(
        default="",
        description="redis://host:6379/0 (rediss:// for TLS): the rate limits of sign-ins, new"
        " tables, new sockets and reviews are then shared by every instance. Empty: each"
        " instance counts its own.",
    )
    max_sockets: int = Field(
        default=20,
        ge=1,
        description="Match sockets one user may have open at once on this instance; one more is"
        " refused (closed with 4429).",
    )
    flood_frames: int = Field(
        default=100,
        ge=1,
        description="Frames over the rate limits a socket may send within a second (all but the"
        " first are dropped unanswered) before it is closed (4429).",
    )
    min_turn_seconds: int = Field(
        default=10, ge=1, description="The shortest turn timer a table may set, seconds."
    )
    suspend_after: float = Field(
        default=900.0,
        gt=0,
        description="Seconds with nobody at a table before its match is suspended (unloaded).",
    )
    away_offer_after: float = Field(
        default=180.0,
        gt=0,
        description="Seconds a player is disconnected, at a table without a turn timer, before"
        " its host is offered to hand their seat to a bot.",
    )
    lobby_ttl: float = Field(
        default=7 * 24 * 3600.0, gt=0, description="Seconds before a never-started table expires."
    )
    housekeeping_every: float = Field(
        default=30.0, gt=0, description="Seconds between housekeeping rounds (expiry, clocks)."
    )
    instance_id: str = Field(
        default="",
        max_length=40,
        description="This instance's name among several (design 2.4). Empty: a random one.",
    )
    lease_seconds: float = Field(
        default=10.0,
        gt=0,
        description="How long an instance's ownership of a match lasts unless renewed.",
    )
    db_pool_size: int = Field(
        default=20,
        ge=1,
        le=500,
        description="Database connections kept open. Every socket's connect and every request"
        " borrows one briefly; a pool too small opens and closes connections under load.",
    )
    db_pool_overflow: int = Field(
        default=0,
        ge=0,
        le=500,
        description="Connections opened beyond DB_POOL_SIZE in a burst (closed after use); a"
        " burst beyond both waits for a connection. On Postgres an instance holds at most"
        " DB_POOL_SIZE + DB_POOL_OVERFLOW + 1 (the signal listener): keep that times the"
        " instances under the server's max_connections (100 less 3 reserved by default).",
    )
    review_workers: int = Field(
        default=2,
        ge=1,
        le=64,
        description="Worker processes that replay and check matches and write records, off the"
        " event loop (at a lower CPU priority than the server).",
    )
    bot_workers: int = Field(
        default=1,
        ge=1,
        le=64,
        description="Worker processes in which strong bots search, off the event loop (at a"
        " lower CPU priority than the server).",
    )
    bot_think_ms: int = Field(
        default=300,
        ge=10,
        le=10_000,
        description="CPU time a strong bot may search for one move, milliseconds.",
    )
    review_requests: int = Field(
        default=4,
        ge=1,
        description="Review requests (records, exports, replays, checks) served at once, their"
        " database work included.",
    )
    review_queue: int = Field(
        default=32,
        ge=0,
        description="Review requests that may wait for their turn; one more is refused (503).",
    )
    replay_cache_bytes: int = Field(
        default=64 * 1024 * 1024,
        ge=0,
        description="Finished matches' replays kept in memory, bytes of JSON (least recently"
        " used dropped first).",
    )
    max_replay_views: int = Field(
        default=10_000,
        ge=1,
        description="Most views of the table one replay rebuilds (one a step; with every seat's"
        " view, one more per seat); a longer replay is refused (413).",
    )
    max_record_actions: int = Field(
        default=10_000,
        ge=1,
        description="Most actions an uploaded record may have (random play's longest match,"
        " UNO with 10 players, was 3,734); one with more is refused before it is replayed.",
    )
    max_body: int = Field(default=64 * 1024, description="Largest request body, bytes.")
    max_upload: int = Field(default=2 * 1024 * 1024, description="Largest uploaded record, bytes.")
    log_format: Literal["plain", "json"] = Field(
        default="plain",
        description="Log lines as plain text or one JSON object a line (time, level, logger,"
        " request_id, message), on standard error.",
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", description="The least important log lines written."
    )
    host: str = "127.0.0.1"
    port: int = 8000

    @field_validator("database_url")
    @classmethod
    def _a_database_parlor_runs_on(cls, url: str) -> str:
        if not url:
            return url
        scheme = url.partition("://")[0].lower()
        if scheme in SQLITE_SCHEMES:
            return url
        if scheme not in POSTGRES_SCHEMES:
            raise ValueError(
                "Parlor runs on PostgreSQL (postgresql://user:password@host:5432/name) or SQLite"
                f" (sqlite:///path), not {scheme}://"
            )
        for key, value in parse_qsl(urlsplit(postgres_dsn(url)).query):
            if key == "sslmode" and value not in SSL_MODES:
                raise ValueError(f"sslmode must be one of {', '.join(SSL_MODES)}, not {value!r}")
        return url

    @field_validator("redis_url")
    @classmethod
    def _a_redis_url(cls, url: str) -> str:
        if url and url.partition("://")[0] not in ("redis", "rediss"):
            raise ValueError(f"REDIS_URL is redis://host:6379/0 or rediss://..., not {url!r}")
        return url

    @field_validator("rate_limits")
    @classmethod
    def _with_the_default_limits(
        cls, limits: dict[str, tuple[float, float]]
    ) -> dict[str, tuple[float, float]]:
        # A category left out keeps its default (one given alone once made sign-in a 500); a
        # misspelt one would limit nothing.
        unknown = sorted(set(limits) - set(RATE_LIMITS))
        if unknown:
            raise ValueError(
                f"unknown rate limit categories {', '.join(unknown)}; they are"
                f" {', '.join(RATE_LIMITS)}"
            )
        return {**RATE_LIMITS, **limits}

    @property
    def postgres(self) -> bool:
        """Whether the database is Postgres (several instances may share it)."""
        return is_postgres(self.database_url)

    @property
    def async_database_url(self) -> str:
        """The database URL with an async driver (asyncpg for Postgres, aiosqlite for SQLite),
        as ``app.db.create_engine`` reads it."""
        if self.postgres:
            return "postgresql+asyncpg://" + postgres_dsn(self.database_url).partition("://")[2]
        url = self.database_url or f"sqlite:///{self.data_dir / 'parlor.db'}"
        return "sqlite+aiosqlite://" + url.partition("://")[2]

    def signing_key(self) -> str:
        """The cookie signing key; for the embedded default it is created once and kept on disk."""
        if self.secret_key:
            return self.secret_key
        path = self.data_dir / "secret_key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(48))
            path.chmod(0o600)
        return path.read_text().strip()


def unknown_settings(
    environ: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")
) -> list[str]:
    """Sentences about variables that look meant for Parlor but set nothing: any ``PARLOR_*``
    (settings have no prefix), a key of the ``.env`` file that is no setting, and a variable
    named nearly as a setting ("DATABASE_URI"). Settings ignore all three silently.
    ``environ``: the process's environment unless given."""
    environ = os.environ if environ is None else environ
    names = {name.upper() for name in Settings.model_fields}
    said = []
    for variable in sorted(environ):
        upper = variable.upper()
        if upper in names:
            continue
        if upper.startswith("PARLOR_"):
            meant = upper.removeprefix("PARLOR_")
            hint = f" (settings have no prefix: {meant})" if meant in names else ""
            said.append(f"{variable} is not a Parlor setting{hint}")
        elif near := get_close_matches(upper, names, n=1, cutoff=0.85):
            said.append(f"{variable} is not a Parlor setting (did you mean {near[0]}?)")
    if dotenv is not None and dotenv.is_file():
        for key in dotenv_values(dotenv):
            if key.upper() not in names:
                said.append(f"{key} in {dotenv} is not a Parlor setting")
    return said


@lru_cache
def get_settings() -> Settings:
    """The process's settings, read once."""
    return Settings()
