"""Per-user (or per-address) rate limits: token buckets kept in this process's memory; and how a
socket that keeps sending over its limits is answered."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from enum import Enum

from app.config import RATE_LIMITS
from app.errors import RateLimited
from app.metrics import RATE_LIMITED

_MAX_KEYS = 50_000


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

    def __init__(self, rules: dict[str, tuple[float, float]]) -> None:
        self.rules = {**RATE_LIMITS, **rules}
        self._buckets: dict[tuple[str, str], _Bucket] = {}

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
            raise RateLimited(f"Too many requests; try again in {wait:.1f} s.")
        bucket.tokens -= 1

    def _prune(self, now: float) -> None:
        # Buckets that have refilled completely carry no information: forget them.
        for slot, bucket in list(self._buckets.items()):
            burst, refill = self.rules[slot[0]]
            if bucket.tokens + (now - bucket.updated) * refill >= burst:
                del self._buckets[slot]


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
