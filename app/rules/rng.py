"""Verifiable randomness for every shuffle and draw (design 1.2).

Specification, precise enough to re-implement in any language:

* The key is the match seed (32 bytes). A generator also has a *purpose*, a UTF-8 string that
  separates independent streams of one seed (``"deal"``, ``"reshuffle:3"``, ...), and a
  *counter*, starting at 0.
* Block ``i`` of a stream is ``HMAC-SHA256(key=seed, msg=purpose_utf8 || 0x00 || i)``, where
  ``i`` is encoded as 8 bytes, big-endian. Each block is read as a 256-bit big-endian unsigned
  integer ``x``.
* ``randbelow(n)`` (``n >= 1``) takes the next block ``x`` and increments the counter. Let
  ``limit = 2**256 - (2**256 mod n)``. If ``x < limit`` the result is ``x mod n``; otherwise the
  block is rejected and the next one is taken (rejection sampling, so every result is exactly
  equally likely).
* ``shuffle(items)`` is Fisher-Yates from the end: for ``i`` from ``len - 1`` down to ``1``,
  ``j = randbelow(i + 1)``, then swap positions ``i`` and ``j``.
* ``choice(items)`` is ``items[randbelow(len(items))]``.

Each game's package docstring says which streams its deal draws from and in what order;
``tools/verify_deal.py`` (standard library only) and the page ``/verify/deal`` deal every game
again from these paragraphs alone.

Python's ``random`` is not used: its algorithms may change between versions and would break
old replays. Generators are immutable; every draw returns the value and the advanced generator.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

T = TypeVar("T")

_SPACE = 1 << 256


@dataclass(frozen=True)
class Rng:
    """A position in one HMAC-SHA256 counter-mode stream of a seed."""

    seed: bytes
    purpose: str
    counter: int = 0

    def _block(self) -> int:
        message = self.purpose.encode() + b"\x00" + self.counter.to_bytes(8, "big")
        digest = hmac.new(self.seed, message, hashlib.sha256).digest()
        return int.from_bytes(digest, "big")

    def randbelow(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)`` and the advanced generator."""
        if n < 1:
            raise ValueError("randbelow needs n >= 1")
        limit = _SPACE - (_SPACE % n)
        rng = self
        while True:
            x = rng._block()
            rng = replace(rng, counter=rng.counter + 1)
            if x < limit:
                return x % n, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a uniformly random order (Fisher-Yates) and the advanced generator."""
        cards = list(items)
        rng = self
        for i in range(len(cards) - 1, 0, -1):
            j, rng = rng.randbelow(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return tuple(cards), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item chosen uniformly and the advanced generator."""
        index, rng = self.randbelow(len(items))
        return items[index], rng


def bot_rng(seed: bytes, *, seat: int, seq: int) -> Rng:
    """A bot's generator for one decision; keyed by a one-way hash so it cannot reveal the deal."""
    key = hashlib.sha256(b"parlor-bot\x00" + seed).digest()
    return Rng(key, f"bot:{seat}:{seq}")
