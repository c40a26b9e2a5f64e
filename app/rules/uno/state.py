"""UNO's game state (immutable; rules/uno.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.kit import Event
from app.rules.rng import Rng
from app.rules.uno.components import Options


@dataclass(frozen=True)
class Pending:
    """A draw penalty waiting for its victim (Draw Two, Wild Draw Four, or a stack of them)."""

    count: int
    kind: str
    """``"draw2"`` while only Draw Twos are in it, ``"draw4"`` once a Wild Draw Four is."""
    by: int
    """The seat that played the last card of the stack."""


@dataclass(frozen=True)
class WildDrawFour:
    """A Wild Draw Four that may still be challenged (house rule 4: one that did not continue a
    stack). Secret: the hand and the verdict are shown to nobody but a challenger."""

    seat: int
    hand: tuple[str, ...]
    """The player's hand right after the play: what a challenger is shown."""
    guilty: bool
    """Whether that hand held a card the Wild Draw Four rule forbids (``wd4_rule``)."""


@dataclass(frozen=True)
class Challenge:
    """A challenge that happened this hand: public but for ``hand`` (challenger only)."""

    seat: int
    target: int
    guilty: bool
    hand: tuple[str, ...]


@dataclass(frozen=True)
class NoMatch:
    """A turn on which a seat had no card to play, as the whole table saw (it drew, or passed
    with nothing to draw; rules/uno.md, Turn: you draw only when you cannot play): none of the
    cards it held then could follow ``top`` in ``colour``, black ones included."""

    top: str
    colour: str | None
    held: int
    """How many of the seat's cards now are surely cards it held then: its hand's size then,
    less each card it played since (any of them may have been one drawn later)."""


@dataclass(frozen=True)
class HandResult:
    """How one hand ended: its winner (``None`` for a void hand), each hand's value, and what
    each seat won or paid."""

    number: int
    winner: int | None
    void: str | None
    """``None``, ``"exhausted"`` (deck_exhausted "void") or ``"blocked"`` (nobody can move)."""
    points: tuple[int, ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON."""
        return {
            "hand": self.number,
            "winner": self.winner,
            "void": self.void,
            "points": list(self.points),
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class State:
    """A whole match of UNO: one hand, or hands until someone reaches the target."""

    players: int
    options: Options
    rng: Rng
    """The position in the match's one random stream (``Rng(seed, "uno")``): every shuffle,
    including reshuffles of the discard pile, continues from here."""
    hand_number: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    """Per seat, the cards held, sorted (``sort_key``)."""
    pile: tuple[str, ...]
    """The face-down draw pile, top card first (index 0)."""
    discard: tuple[tuple[str, str | None], ...]
    """The discard pile, bottom first: (card, colour in effect after it). A wild card's colour
    is the one named; ``None`` only for a first-card Wild before its colour is named."""
    direction: int
    """+1 while play goes left (clockwise, seat + 1), -1 after an odd number of Reverses."""
    turn: int | None
    """The seat whose turn it is; ``None`` once the match is over."""
    step: str
    """``"first_colour"``, ``"play"``, ``"drawn"``, ``"penalty"`` or ``"over"``."""
    drawn: str | None
    """In the ``drawn`` step: the card the turn seat just drew (only it may be played)."""
    pending: Pending | None
    wild_draw_four: WildDrawFour | None
    last_challenge: Challenge | None
    pre_called: int | None
    """The turn seat that called UNO while holding two cards, before playing the second-last."""
    uno_window: int | None
    """The seat whose play left it one or two cards, until the next turn action or a catch: it
    may be caught (rightly only while it holds one card without a call; package docstring)."""
    said_uno: frozenset[int]
    """Seats that called UNO and still hold exactly one card."""
    no_match: tuple[tuple[NoMatch, ...], ...]
    """Per seat, this hand's turns on which it had no card to play, oldest first, while some of
    the cards it held then may still be in its hand (public: what a table remembers)."""
    passes: int
    """Turns passed in a row with nothing to play and nothing to draw (a blocked hand)."""
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    events: tuple[Event, ...]
    """The log; the cards a player drew, and the hand a challenger was shown, are secret to
    that player."""

    @property
    def top(self) -> str:
        """The card on top of the discard pile."""
        return self.discard[-1][0]

    @property
    def colour(self) -> str | None:
        """The colour in effect (the top card's, or the colour named for a wild)."""
        return self.discard[-1][1]
