"""Master of Rules' game state (immutable; rules/master-of-rules.md)."""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.kit import Event
from app.rules.master_of_rules.components import Number
from app.rules.rng import Rng


@dataclass(frozen=True)
class Check:
    """The check of one finished deal: the table as it was and what each seat fulfilled."""

    deal: int
    numbers: tuple[Number, ...]
    """Per table place (dummies included): its number card."""
    rules: tuple[str | None, ...]
    """Per table place: its rule card (a dummy's is shown but never evaluated), or ``None``."""
    fulfilled: tuple[bool, ...]
    """Per place: whether its rule card was fulfilled (always ``False`` for a dummy); the reasons
    are recomputed by ``explain_deal`` when shown."""


@dataclass(frozen=True)
class State:
    """A whole game of Master of Rules. Secret: the hands (each to its owner) and the order of
    both decks (to everyone); everything else is public (Hidden information)."""

    players: int
    rng: Rng
    """The ``"deal"`` stream, advanced past every shuffle so far (reshuffles continue it)."""
    number_deck: tuple[Number, ...]
    """Top card first (index 0)."""
    rule_deck: tuple[str, ...]
    number_discard: tuple[Number, ...]
    """In the order the cards were discarded."""
    rule_discard: tuple[str, ...]
    hand_numbers: tuple[tuple[Number, ...], ...]
    """Per seat, sorted by colour then value."""
    hand_rules: tuple[tuple[str, ...], ...]
    """Per seat, sorted in ``RULE_TYPES`` order."""
    display_numbers: tuple[Number, ...]
    display_rules: tuple[str, ...]
    table_numbers: tuple[Number | None, ...]
    """Per table place (``SEATS`` of them, dummies included): the number card played there."""
    table_rules: tuple[str | None, ...]
    completed: tuple[tuple[str, ...], ...]
    """Per seat: its score pile, the fulfilled rule types in the order fulfilled."""
    deal: int
    """1-based number of the deal being played (the last one once the game is over)."""
    start_seat: int
    lap: int
    """1 or 2."""
    played: int
    """How many humans have played in this lap (the seat to act is ``start_seat + played``)."""
    turn: int | None
    """The seat to act, ``None`` once the game is over."""
    taking: str | None
    """``"number"`` or ``"rule"``: ``turn`` has played and must take that type from the display."""
    last_check: Check | None
    events: tuple[Event, ...]
    """The log. Everything in it is public (played and taken cards are face up); cards in it are
    ``Number`` named tuples, which ``log`` turns into JSON objects."""
