"""Settings: the only place that reads the environment (and `.env`)."""

from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Parlor's configuration, from environment variables or `.env`."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = Field(
        default="",
        description="SQLAlchemy URL (postgresql:// uses asyncpg). Empty: SQLite in DATA_DIR.",
    )
    data_dir: Path = Field(default=ROOT / "var", description="Embedded database and generated key.")
    secret_key: str = Field(
        default="",
        description="Signs session cookies. Empty: a random key is kept in DATA_DIR/secret_key.",
    )
    bot_delay: float = Field(
        default=0.7, ge=0, description="Seconds a bot waits before moving, so people can follow."
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
        default_factory=lambda: {
            "sign_in": (10.0, 0.2),  # per address: 10 at once, then one every 5 s
            "create_lobby": (20.0, 0.2),  # per user
            "act": (100.0, 60.0),  # per user: well above design 2.3's 50 moves a second
            "chat": (5.0, 0.5),  # per user: 5 lines at once, then one every 2 s
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
        },
        description="Per category: (burst, refill per second). Categories left out keep these.",
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
    review_workers: int = Field(
        default=2,
        ge=1,
        le=64,
        description="Worker processes that replay and check matches and write records, off the"
        " event loop (at a lower CPU priority than the server).",
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
    host: str = "127.0.0.1"
    port: int = 8000

    @property
    def async_database_url(self) -> str:
        """The database URL with an async driver (asyncpg for Postgres, aiosqlite for SQLite)."""
        url = self.database_url or f"sqlite:///{self.data_dir / 'parlor.db'}"
        for prefix, driver in (
            ("postgresql://", "postgresql+asyncpg://"),
            ("postgres://", "postgresql+asyncpg://"),
            ("sqlite:///", "sqlite+aiosqlite:///"),
        ):
            if url.startswith(prefix):
                return driver + url[len(prefix) :]
        return url

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


@lru_cache
def get_settings() -> Settings:
    """The process's settings, read once."""
    return Settings()
