"""Sequence Numbers' game state (immutable; rules/sequence-numbers.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from app.rules.kit import Event
from app.rules.rng import Rng
from app.rules.sequence_numbers.components import SIZE, Cell
from app.rules.sequence_numbers.lines import WINDOWS, completions


@dataclass(frozen=True)
class State:
    """A whole game of Sequence Numbers; hands and the draw pile are secret, the rest public."""

    players: int
    sides: int
    """How many sides (players alone, or teams) play; seat ``s`` plays for side ``s % sides``."""
    needed: int
    """Sequences a side needs to win (1 with 2-3 players, 2 with 4-6)."""
    plus_cards: int
    minus_cards: int
    chips: tuple[int | None, ...]
    """Row by row, 100 entries: the side whose chip lies on the space, or ``None``."""
    sequences: tuple[tuple[int, int], ...]
    """Completed sequences in the order declared: ``(side, index into lines.WINDOWS)``."""
    hands: tuple[tuple[str, ...], ...]
    """Per seat: the cards held, in the order received."""
    deck: tuple[str, ...]
    """The draw pile, top card first (index 0)."""
    discards: tuple[tuple[str, ...], ...]
    """Per seat: its face-up discard pile, bottom first (the last card is on top)."""
    rng: Rng
    """The position in the ``"reshuffle"`` stream, for the next time the draw pile runs out."""
    start_seat: int
    turn: int | None
    """The seat to act, ``None`` once the game is over."""
    exchanged: bool
    """Whether ``turn`` has already exchanged a dead card this turn (one per turn)."""
    winner: int | None
    """The side that won, ``None`` while playing or after a draw."""
    drawn_game: bool
    """Whether the game ended because no side can ever win."""
    events: tuple[Event, ...]
    """The log; the card a player drew is secret to that player."""

    def chip(self, cell: Cell) -> int | None:
        """The side whose chip lies on ``cell``, or ``None`` (always ``None`` on a corner)."""
        row, col = cell
        return self.chips[row * SIZE + col]

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for: team members sit alternately (What is known)."""
        return seat % self.sides

    def declared(self, side: int) -> tuple[int, ...]:
        """The completed sequences of ``side``, as indexes into ``lines.WINDOWS``."""
        return tuple(window for owner, window in self.sequences if owner == side)

    @cached_property
    def locked(self) -> frozenset[Cell]:
        """Spaces in a completed sequence: their chips can no longer be removed (Turn 4).
        Derived from ``sequences`` (cached: the state never changes)."""
        return frozenset(cell for _, window in self.sequences for cell in WINDOWS[window].cells)

    @cached_property
    def completing(self) -> dict[tuple[int, Cell], tuple[int, ...]]:
        """Per ``(side, empty space)``: the windows one more chip of that side there would fill
        (``lines.completions``; cached: the state never changes)."""
        return completions(self.chips)
