"""Per-user (or per-address) rate limits: token buckets kept in this process's memory, and, when
``REDIS_URL`` is set, the limits of requests shared by every instance (``SHARED``, kept in Redis
by the ``limits`` library); and how a socket that keeps sending over its limits is answered."""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from enum import Enum

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.storage.redis.coredis import CoredisBridge
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from app.config import RATE_LIMITS
from app.errors import RateLimited
from app.metrics import RATE_LIMITED

logger = logging.getLogger(__name__)

_MAX_KEYS = 50_000

REDIS_TIMEOUT = 1.0
"""Seconds to connect to Redis, or to wait for its answer, before counting here instead."""
REDIS_RETRY = 5.0
"""Seconds a Redis that failed is left alone: requests meanwhile count here at once, rather
than each waiting for a connection that fails (a breaker, as in a circuit)."""

SHARED = frozenset({"sign_in", "create_lobby", "connect", "review", "verify"})
"""The categories counted across instances when Redis is there: a visitor's requests and new
sockets may reach any instance. A socket's frames (``frame``, ``act``, ``chat``, ``sync``) stay
with the instance that serves the socket: they are checked on every frame, where a round trip
to Redis would double a move's time, and nginx sends a match's sockets to one instance."""


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimits:
    """``check(category, key)`` spends one token of that key's bucket or refuses with 429.

    ``rules`` maps a category to ``(burst, refill per second)``: a key may act ``burst`` times
    at once, then ``refill`` times per second. A category the rules leave out keeps its default
    (``config.RATE_LIMITS``).
    """

    def __init__(self, rules: dict[str, tuple[float, float]], *, redis_url: str = "") -> None:
        self.rules = {**RATE_LIMITS, **rules}
        self._buckets: dict[tuple[str, str], _Bucket] = {}
        self._shared: MovingWindowRateLimiter | None = None
        self._storage: RedisStorage | None = None
        self._items: dict[str, RateLimitItem] = {}
        self._redis_away_until = 0.0
        if redis_url:
            self._storage = RedisStorage(
                f"async+{redis_url}",
                wrap_exceptions=True,
                connect_timeout=REDIS_TIMEOUT,
                stream_timeout=REDIS_TIMEOUT,
            )
            self._shared = MovingWindowRateLimiter(self._storage)
            # A bucket of ``burst`` refilled at ``refill`` a second, as a moving window: at most
            # ``burst`` in any ``burst / refill`` seconds (the same rate, the same burst).
            self._items = {
                category: RateLimitItemPerSecond(
                    max(1, int(burst)), max(1, round(burst / refill)) if refill else 3600
                )
                for category, (burst, refill) in self.rules.items()
                if category in SHARED
            }

    def close(self) -> None:
        """Close the connections to Redis (at shutdown)."""
        if self._storage is not None:
            close_redis(self._storage)

    async def hit(self, category: str, key: object) -> None:
        """Count one request against its limit: across every instance for a ``SHARED`` category
        when Redis is configured, else in this process (``check``). With Redis away, this
        instance's own bucket counts meanwhile (said in the log once, until it is back)."""
        item = self._items.get(category)
        if self._shared is None or item is None or time.monotonic() < self._redis_away_until:
            self.check(category, key)
            return
        try:
            allowed = await self._shared.hit(item, category, str(key))
            if not allowed:
                stats = await self._shared.get_window_stats(item, category, str(key))
        except StorageError as error:
            if not self._redis_away_until:
                logger.warning("rate limits: Redis is away (%s); counting here meanwhile", error)
            self._redis_away_until = time.monotonic() + REDIS_RETRY
            self.check(category, key)
            return
        if self._redis_away_until:
            logger.warning("rate limits: Redis is back; counting there again")
            self._redis_away_until = 0.0
        if not allowed:
            RATE_LIMITED.labels(category).inc()
            wait = max(0.1, stats.reset_time - time.time())
            raise RateLimited(
                "Too many requests; try again in {wait} s.", params={"wait": f"{wait:.1f}"}
            )

    def check(self, category: str, key: object) -> None:
        """Spend a token; raise ``RateLimited`` when the bucket is empty."""
        burst, refill = self.rules[category]
        now = time.monotonic()
        slot = (category, str(key))
        bucket = self._buckets.get(slot)
        if bucket is None:
            if len(self._buckets) >= _MAX_KEYS:
                self._prune(now)
            bucket = self._buckets[slot] = _Bucket(tokens=burst, updated=now)
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * refill)
        bucket.updated = now
        if bucket.tokens < 1:
            RATE_LIMITED.labels(category).inc()
            wait = (1 - bucket.tokens) / refill if refill else 60.0
            raise RateLimited(
                "Too many requests; try again in {wait} s.", params={"wait": f"{wait:.1f}"}
            )
        bucket.tokens -= 1

    def _prune(self, now: float) -> None:
        # Buckets that have refilled completely carry no information: forget them.
        for slot, bucket in list(self._buckets.items()):
            burst, refill = self.rules[slot[0]]
            if bucket.tokens + (now - bucket.updated) * refill >= burst:
                del self._buckets[slot]


def close_redis(storage: RedisStorage) -> None:
    """Close a Redis storage's pooled connections (the ``limits`` library leaves them open)."""
    bridge = storage.bridge
    assert isinstance(bridge, CoredisBridge)  # the storage's default client (coredis)
    bridge.storage.connection_pool.disconnect()


class Refusal(Enum):
    """What to do with a frame refused by a rate limit."""

    TELL = "tell"
    """Answer it with a ``rate_limited`` error (the first refusal of a window)."""
    DROP = "drop"
    """Drop it without a word: the socket was told already in this window."""
    CLOSE = "close"
    """Close the socket: it kept sending regardless."""


class Flood:
    """One socket's frames refused by rate limits: the first of each ``window`` seconds is
    answered, the others are dropped, and more than ``limit`` in one window close the socket.
    A refused frame so costs a counter, not an answer."""

    def __init__(self, limit: int, window: float = 1.0) -> None:
        self.limit = limit
        self.window = window
        self._start = -math.inf
        self._refused = 0

    def refused(self, now: float) -> Refusal:
        """Count one refused frame (at ``now``, monotonic seconds) and say what to do with it."""
        if now - self._start >= self.window:
            self._start, self._refused = now, 0
        self._refused += 1
        if self._refused > self.limit:
            return Refusal.CLOSE
        return Refusal.TELL if self._refused == 1 else Refusal.DROP
