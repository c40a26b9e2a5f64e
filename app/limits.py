"""Per-user (or per-address) rate limits: token buckets kept in this process's memory."""

from __future__ import annotations

import time
from dataclasses import dataclass

from app.errors import RateLimited

_MAX_KEYS = 50_000


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimits:
    """``check(category, key)`` spends one token of that key's bucket or refuses with 429.

    ``rules`` maps a category to ``(burst, refill per second)``: a key may act ``burst`` times
    at once, then ``refill`` times per second.
    """

    def __init__(self, rules: dict[str, tuple[float, float]]) -> None:
        self.rules = rules
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
            wait = (1 - bucket.tokens) / refill if refill else 60.0
            raise RateLimited(f"Too many requests; try again in {wait:.1f} s.")
        bucket.tokens -= 1

    def _prune(self, now: float) -> None:
        # Buckets that have refilled completely carry no information: forget them.
        for slot, bucket in list(self._buckets.items()):
            burst, refill = self.rules[slot[0]]
            if bucket.tokens + (now - bucket.updated) * refill >= burst:
                del self._buckets[slot]
