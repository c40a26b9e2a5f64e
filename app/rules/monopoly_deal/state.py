"""Monopoly Deal's game state: property sets, the action being answered or paid, the result
(immutable; rules/monopoly-deal.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.kit import Event
from app.rules.monopoly_deal.components import SET_SIZE, Options
from app.rules.rng import Rng


@dataclass(frozen=True)
class PropertySet:
    """One set in a player's property area: its colour, its property and wild cards in the
    order placed, and its house and hotel (card ids) if built."""

    colour: str
    cards: tuple[str, ...]
    house: str | None = None
    hotel: str | None = None

    @property
    def complete(self) -> bool:
        """A set is complete when it holds as many cards as the colour's set size."""
        return len(self.cards) >= SET_SIZE[self.colour]  # is_complete, inlined: called often

    @property
    def buildings(self) -> tuple[str, ...]:
        """The house then the hotel, those built."""
        return tuple(card for card in (self.house, self.hotel) if card is not None)


@dataclass(frozen=True)
class Pending:
    """An action aimed at other players, being answered (``stage`` "respond": the Just Say No
    chain) or paid (``stage`` "pay") by one target at a time."""

    kind: str
    """The action's type on the wire: ``"birthday"``, ``"debt_collector"``, ``"rent"``,
    ``"sly_deal"``, ``"forced_deal"`` or ``"deal_breaker"``."""
    actor: int
    card: str
    target: int
    """The target now concerned."""
    targets: tuple[int, ...]
    """The targets still to come after ``target``, in turn order."""
    stage: str
    amount: int = 0
    """What each target owes in M (debts only)."""
    chain: tuple[int, ...] = ()
    """The seats that played Just Say No against this target's share, in order."""
    paid: tuple[str, ...] = ()
    """The cards the target has paid so far."""
    owed: int = 0
    """What the target still owes."""
    take: str | None = None
    give: str | None = None
    set_cards: tuple[str, ...] = ()
    """Deal Breaker: the set's property cards as played (the index may shift as sets move)."""
    colour: str | None = None
    doubles: tuple[str, ...] = ()

    @property
    def responder(self) -> int | None:
        """Whose answer the Just Say No chain awaits: the target after an even number of Just
        Say Nos, the actor after an odd one; ``None`` while paying."""
        if self.stage != "respond":
            return None
        return self.target if len(self.chain) % 2 == 0 else self.actor


@dataclass(frozen=True)
class Result:
    """How the match ended: the winner (``None`` when the round limit left a tie) and every
    winning seat, and why (``"three_sets"`` or ``"round_limit"``)."""

    winner: int | None
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The result as the view shows it."""
        return {"winner": self.winner, "winners": list(self.winners), "reason": self.reason}


@dataclass(frozen=True)
class State:
    """A match of Monopoly Deal. Secret: every hand but the viewer's and the order of the draw
    pile (Information); banks, property areas, discards and hand sizes are public."""

    options: Options
    players: int
    first: int
    """The seat that started; a round ends when the turn comes back to it."""
    phase: str
    """``"play"``, ``"respond"``, ``"pay"``, ``"discard"`` or ``"over"``."""
    turn: int
    """The seat whose turn it is (the last one's once over)."""
    plays_left: int
    round: int
    """The round being played, from 1."""
    hands: tuple[tuple[str, ...], ...]
    """Per seat, its cards in the order received."""
    deck: tuple[str, ...]
    """The draw pile, top first."""
    discards: tuple[str, ...]
    """The discard pile, bottom to top."""
    banks: tuple[tuple[str, ...], ...]
    """Per seat, its bank in the order banked or received."""
    sets: tuple[tuple[PropertySet, ...], ...]
    """Per seat, its property sets."""
    pending: Pending | None
    moved_wilds: tuple[str, ...]
    """The wildcards moved this turn (each at most once a turn)."""
    rng: Rng
    """The reshuffle stream, ``Rng(seed, "reshuffle")``, carried from one reshuffle to the next."""
    result: Result | None
    events: tuple[Event, ...]
    """The log; the cards a player draws are secret to that player."""


def event(entry: str, /, **fields: Any) -> Event:
    """A public log entry of type ``entry`` with ``fields`` in the order given (``from``, ``as``
    and ``with`` are passed as ``**{"from": seat}``)."""
    return Event(entry, tuple(fields.items()))
