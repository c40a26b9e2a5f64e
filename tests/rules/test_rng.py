"""``app.rules.rng`` against its own docstring specification (design 1.2).

The helpers below re-implement the spec independently with ``hmac``: block ``i`` of a stream is
``HMAC-SHA256(seed, purpose || 0x00 || i as 8 bytes big-endian)`` read big-endian; ``randbelow``
rejects blocks at or above ``2**256 - 2**256 % n``; ``shuffle`` is Fisher-Yates from the end.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from app.rules.rng import Rng, bot_rng

SEED = bytes(range(32))


def reference_block(seed: bytes, purpose: str, counter: int) -> int:
    """Block ``counter`` of the stream, straight from the spec."""
    message = purpose.encode("utf-8") + b"\x00" + counter.to_bytes(8, "big")
    return int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")


def reference_randbelow(seed: bytes, purpose: str, counter: int, n: int) -> tuple[int, int]:
    """The value and the next counter, with the spec's rejection rule."""
    limit = 2**256 - (2**256 % n)
    while True:
        x = reference_block(seed, purpose, counter)
        counter += 1
        if x < limit:
            return x % n, counter


def reference_shuffle(seed: bytes, purpose: str, items: list[int]) -> list[int]:
    """Fisher-Yates from the end, as the spec words it."""
    cards = list(items)
    counter = 0
    for i in range(len(cards) - 1, 0, -1):
        j, counter = reference_randbelow(seed, purpose, counter, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def test_known_answer_vector() -> None:
    """Seed bytes 0..31, purpose "deal": the first block is a fixed HMAC-SHA256 value (computed
    once with Python's ``hmac``, kept here as a literal for implementers in other languages), and
    the first draws equal the independent re-implementation."""
    first_block = 0x9D7F55F3512BB27B84799F62A0200198F3AB2C289F95DC98FD120CDC358FCAD3
    assert reference_block(SEED, "deal", 0) == first_block
    value, rng = Rng(SEED, "deal").randbelow(10)
    assert value == first_block % 10 == 7
    assert rng.counter == 1
    stream = Rng(SEED, "deal")
    counter = 0
    for n in (2, 3, 7, 52, 1_000_003, 2**64 + 13):
        value, stream = stream.randbelow(n)
        expected, counter = reference_randbelow(SEED, "deal", counter, n)
        assert value == expected
        assert stream.counter == counter


def test_same_seed_and_purpose_give_the_same_stream() -> None:
    """Determinism: generators are immutable values, so drawing twice from one gives one answer."""
    rng = Rng(SEED, "deal")
    assert rng.randbelow(1000) == rng.randbelow(1000)
    assert Rng(SEED, "deal").shuffle(range(30)) == Rng(bytes(SEED), "deal").shuffle(range(30))


def test_randbelow_stays_in_range() -> None:
    """Every value lies in ``[0, n)``, and small ranges are all hit."""
    for n in (1, 2, 5, 13):
        rng = Rng(SEED, f"range:{n}")
        seen = set()
        for _ in range(200):
            value, rng = rng.randbelow(n)
            assert 0 <= value < n
            seen.add(value)
        assert seen == set(range(n))


def test_randbelow_refuses_zero() -> None:
    """``n >= 1`` is required by the spec."""
    with pytest.raises(ValueError):
        Rng(SEED, "deal").randbelow(0)


def test_randbelow_rejects_blocks_above_the_limit() -> None:
    """With ``n = 2**255 + 1`` the limit is ``n`` itself, so about half the blocks are rejected.
    Find a stream whose first block is rejected and whose second is accepted: the second is used.
    """
    n = 2**255 + 1
    assert 2**256 - (2**256 % n) == n
    purpose = next(
        f"reject:{k}"
        for k in range(200)
        if reference_block(SEED, f"reject:{k}", 0) >= n > reference_block(SEED, f"reject:{k}", 1)
    )
    value, rng = Rng(SEED, purpose).randbelow(n)
    assert value == reference_block(SEED, purpose, 1) % n
    assert rng.counter == 2


def test_shuffle_is_a_permutation_matching_the_spec() -> None:
    """Fisher-Yates from the end: same multiset, same order as the re-implementation."""
    items = list(range(40)) + [7, 7, 7]
    shuffled, rng = Rng(SEED, "deal").shuffle(items)
    assert sorted(shuffled) == sorted(items)
    assert list(shuffled) == reference_shuffle(SEED, "deal", items)
    assert list(shuffled) != items
    assert rng.counter >= len(items) - 1


def test_choice_takes_the_item_at_randbelow() -> None:
    """``choice`` is ``items[randbelow(len(items))]``."""
    items = ["red", "orange", "yellow", "green", "blue", "purple", "brown"]
    item, _ = Rng(SEED, "deal").choice(items)
    assert item == items[reference_randbelow(SEED, "deal", 0, len(items))[0]]


def test_different_purposes_and_seeds_give_different_streams() -> None:
    """Purposes separate independent streams of one seed; seeds separate matches."""
    deal = Rng(SEED, "deal").shuffle(range(52))[0]
    assert deal != Rng(SEED, "reshuffle:1").shuffle(range(52))[0]
    assert deal != Rng(bytes(32), "deal").shuffle(range(52))[0]


def test_bot_rng_does_not_reveal_the_deal_stream() -> None:
    """Bots get a stream keyed by a hash of the seed, different per seat and per decision."""
    bot = bot_rng(SEED, seat=0, seq=0)
    assert bot.seed != SEED
    assert bot.shuffle(range(52))[0] != Rng(SEED, "deal").shuffle(range(52))[0]
    assert bot.randbelow(2**64) != bot_rng(SEED, seat=1, seq=0).randbelow(2**64)
    assert bot.randbelow(2**64) != bot_rng(SEED, seat=0, seq=1).randbelow(2**64)
