"""Monster Duel's game state: the creatures in play, each player's side and the match
(immutable; rules/monster-tcg.md)."""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.kit import Event
from app.rules.monster_tcg.components import CARDS, Card
from app.rules.monster_tcg.decks import Options
from app.rules.rng import Rng


@dataclass(frozen=True)
class Creature:
    """A creature in play: its cards (the Basic first, the top stage last), damage, attached
    energy (in the order attached) and special conditions (sorted). ``uid`` names it for the
    turn's limits while it moves between the bench and the active spot."""

    uid: int
    cards: tuple[str, ...]
    damage: int = 0
    energy: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()

    @property
    def top(self) -> Card:
        return CARDS[self.cards[-1]]

    @property
    def hp(self) -> int:
        return self.top.hp


@dataclass(frozen=True)
class Side:
    """One player's cards. Secret: the hand (to all but its owner), the deck and the prizes (to
    everyone), the deck choice until the match starts, the face-down setup until both are done."""

    deck_id: str | None
    chosen: bool
    ready: bool = False
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    """Top card first."""
    prizes: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    """Bottom first."""
    active: Creature | None = None
    bench: tuple[Creature, ...] = ()
    mulligans: int = 0
    extra_done: bool = False
    """This seat may no longer draw extra cards for the opponent's mulligans (it did, or it
    placed something)."""

    def creatures(self) -> tuple[Creature, ...]:
        return ((self.active,) if self.active is not None else ()) + self.bench

    def at(self, slot: int) -> Creature | None:
        """The creature in ``slot`` (0 the active, 1-5 the bench), or None."""
        if slot == 0:
            return self.active
        return self.bench[slot - 1] if 1 <= slot <= len(self.bench) else None


@dataclass(frozen=True)
class State:
    """A match of Monster Duel: both sides, the turn and its limits, the RNG streams."""

    options: Options
    phase: str
    """``"deck"``, ``"setup"``, ``"play"``, ``"search"``, ``"promote"`` or ``"over"``."""
    sides: tuple[Side, Side]
    turn: int | None
    """Whose turn (play and search); during promote the seat whose turn ended."""
    number: int
    """The game's turn number: 1 is the first player's first turn, 0 before."""
    first: int | None
    start_seat: int | None
    """The table's choice of the first player for the first game (None: a coin flip)."""
    prizes_total: int
    deal: Rng
    """Shuffles (the setup, mulligans, searches, sudden deaths)."""
    coins: Rng
    """Coin flips."""
    picks: Rng
    """Which prize card is taken."""
    energy_attached: bool = False
    retreated: bool = False
    played: tuple[int, ...] = ()
    """The uids of creatures benched or evolved this turn."""
    promoting: tuple[int, ...] = ()
    """Seats still to promote, in order."""
    sudden_death: int = 0
    winners: tuple[int, ...] | None = None
    reason: str | None = None
    next_uid: int = 1
    events: tuple[Event, ...] = ()
