"""Poison's game state and round results (immutable; rules/poison.md)."""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.kit import Event
from app.rules.rng import Rng


@dataclass(frozen=True)
class SeatResult:
    """One seat's collected cards at the end of a round and what they cost."""

    counts: tuple[int, ...]
    """Cards per suit, in ``SUITS`` order (red, blue, purple, poison)."""
    immune: tuple[str, ...]
    """Potion colours this seat discards: it holds strictly more of them than anyone else."""
    penalty: int


@dataclass(frozen=True)
class RoundResult:
    """The scoring of one finished round (rules/poison.md, End of round and scoring)."""

    round: int
    start_seat: int
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class State:
    """A whole game of Poison. Secret: every hand but the viewer's, the cards set aside, the
    order of the remaining deals (``rng``) and, unless the ``collected`` option shows them, what
    the collected piles hold (rules/poison.md, Hidden information)."""

    players: int
    cauldron_mode: str
    """``"fixed"``: cauldron ``i`` takes ``POTIONS[i]``; ``"neutral"``: the first potion decides."""
    overflow_at: int
    """A cauldron boils over when its total reaches this (13: "13 or more"; 14: "more than 13")."""
    rounds: int
    """How many rounds the game has: 1, or one per player."""
    collected_mode: str
    """``"face_down"``, ``"own"`` or ``"open"``: who sees what the collected piles hold."""
    rng: Rng
    """The deal stream's position: each round is dealt from here (rules/poison.md, Setup)."""
    round: int
    """The round being played, from 1 (the last one once the game is over)."""
    first_seat: int
    """The seat that started round 1; round ``r`` starts ``r - 1`` seats to its right (Setup:
    round starts move in the direction of play)."""
    start_seat: int
    turn: int | None
    """The seat to act, ``None`` once the game is over."""
    hands: tuple[tuple[str, ...], ...]
    """Per seat: its cards, sorted (``sort_key``)."""
    set_aside: tuple[str, ...]
    """The cards left over by the deal this round, face down and unseen."""
    cauldrons: tuple[tuple[str, ...], ...]
    """Per cauldron: its cards in the order played."""
    collected: tuple[tuple[str, ...], ...]
    """Per seat: the cards it took this round, face down, in the order taken."""
    results: tuple[RoundResult, ...]
    """The scoring of every finished round."""
    events: tuple[Event, ...]
    """The log. Every entry is public (cards played into a cauldron are seen by all; a boil-over
    records only how many cards were taken)."""
