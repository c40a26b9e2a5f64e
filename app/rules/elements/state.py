"""Elements' game state (immutable; rules/elements.md) and small helpers the phases share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.rules.elements.components import Card, card_order
from app.rules.kit import Event
from app.rules.rng import Rng

PLACE = "place"
AUCTION = "auction"
REFILL = "refill"
OVER = "over"


@dataclass(frozen=True)
class Auction:
    """One point card's auction (Phase 2.3): laps, the seat to act, every bid so far."""

    position: int
    """The point card's position in the colour row (0 = next to the box)."""
    starter: int
    lap: int
    """1, 2 or 3 (``LAP_CARDS`` gives the cards each lap adds)."""
    turn: int
    bids: tuple[tuple[Card, ...], ...]
    """Per seat: the cards played face up in this auction, in the order played."""
    passed: tuple[bool, ...]
    """Per seat: passed in this auction (out of it, its cards still compete)."""


@dataclass(frozen=True)
class State:
    """A whole game of Elements. Secret: hands, face-down placements before the reveal, the
    draw pile and the cards returned in a refill (rules/elements.md, Hidden information)."""

    players: int
    keep: str
    tie_break: str
    round: int
    """1 to ``players`` (Game end: one round per player)."""
    start_seat: int
    """This round's start player (Phase 1.1); the next round's is the seat to the left."""
    phase: str
    """``"place"``, ``"auction"``, ``"refill"`` or ``"over"``."""
    row: tuple[str, ...]
    """The colour row, index 0 next to the box (the most valuable colour)."""
    slots: tuple[Card | None, ...]
    """Per row position: the number card in front of that colour (``None``: none yet). Face
    down until every slot is filled, then the point cards of the round."""
    placed_by: tuple[int | None, ...]
    """Per row position: the seat that placed its card, ``None`` for the draw pile or empty."""
    revealed: bool
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, in canonical card order."""
    pile: tuple[Card, ...]
    """The face-down draw pile, top card first; the deck between a round's end and its refill."""
    turn: int | None
    """The seat to place (Phase 1) or to bid (Phase 2); ``None`` otherwise."""
    queue: tuple[int, ...]
    """Row positions of the point cards still to be auctioned after the current one, in order."""
    auction: Auction | None
    point_owner: tuple[int | None, ...]
    """Per row position: the seat that won that point card this round."""
    discard: tuple[Card, ...]
    """Cards played in this round's auctions (face up; back to the deck in Phase 3)."""
    scores: tuple[int, ...]
    """Totals on the score sheet, this round's points included once the round is scored."""
    point_cards: tuple[int, ...]
    """Per seat: point cards won in the whole game (the optional tie-break)."""
    round_points: tuple[tuple[int, ...], ...]
    """Per finished round: the points each seat scored in it."""
    returned: tuple[tuple[Card, ...], ...]
    """Phase 3: per seat, the cards put back this refill (face down)."""
    refilled: tuple[bool, ...]
    """Phase 3: per seat, whether it has finished choosing the cards it keeps."""
    rng: Rng
    """Where the match's random stream stands: every later shuffle continues from here."""
    events: tuple[Event, ...]
    """The log; every entry's first field is its ``round``. Secret to their owner: a face-down
    placement, a returned card, the cards drawn in a refill."""


# --- small helpers shared by the phases --------------------------------------------------------


def round_started(number: int, start_seat: int) -> Event:
    """The log entry that opens round ``number``."""
    return Event(
        "round_started",
        (
            ("round", number),
            ("start_seat", start_seat),
        ),
    )


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (how hands are kept)."""
    return tuple(sorted(cards, key=card_order))
