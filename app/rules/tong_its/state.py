"""Tong-its's game state, exposed melds and the settlement of a hand (immutable;
rules/tong-its.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from app.rules.kit import Event, thaw
from app.rules.tong_its.components import Card, Options


@dataclass(frozen=True)
class Meld:
    """An exposed meld: its owner, its cards in meld order, and whether it is a secret four
    (face down: Normal turn 2, Special case)."""

    owner: int
    cards: tuple[Card, ...]
    secret: bool = False


class Payment(NamedTuple):
    """Chips paid from one seat to another, and why (Payments: "ante", "loss", "tong_its",
    "burned", "fought", "secret_four")."""

    payer: int
    payee: int
    chips: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The payment as the outcome and the log show it."""
        return {"from": self.payer, "to": self.payee, "chips": self.chips, "reason": self.reason}


@dataclass(frozen=True)
class Ending:
    """How a hand ended (Ways a hand ends) and who paid whom (Payments)."""

    end: str
    """``"tong_its"``, ``"draw"`` (a called draw), ``"stock_out"`` or ``"void"``."""
    winner: int | None
    counts: tuple[int, ...]
    """Every seat's hand count under the table's option, the winner's too."""
    hands: tuple[tuple[Card, ...], ...]
    """Every hand, revealed."""
    answers: tuple[str | None, ...]
    """Per seat ``"caller"``, ``"fight"``, ``"fold"``; all ``None`` when no draw was called."""
    payments: tuple[Payment, ...]
    scores: tuple[int, ...]
    """Net chips per seat; they add up to 0."""

    def to_json(self) -> dict[str, Any]:
        """The outcome's detail (and the view's ``result``)."""
        return {
            "end": self.end,
            "winner": self.winner,
            "counts": list(self.counts),
            "hands": thaw(self.hands),
            "answers": list(self.answers),
            "payments": [payment.to_json() for payment in self.payments],
        }


@dataclass(frozen=True)
class State:
    """A hand of Tong-its. Secret: every hand but the viewer's, the order of the stock, the
    cards of another seat's secret four and an answer to a called draw, until the hand ends."""

    options: Options
    dealer: int
    phase: str
    """``"draw"``, ``"meld"``, ``"answer"`` (a called draw) or ``"over"``."""
    turn: int | None
    """The seat whose turn it is (the caller while the others answer), ``None`` once over."""
    first_turn: bool
    """The dealer's first turn, which has no draw (Dealer's first turn)."""
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, its cards in hand order (``components.hand_key``)."""
    stock: tuple[Card, ...]
    """The stock, top card first."""
    discards: tuple[Card, ...]
    """The discard pile, bottom to top."""
    melds: tuple[Meld, ...]
    """Every exposed meld, in the order exposed (a lay-off names one by its index here)."""
    blocked: tuple[bool, ...]
    """Per seat: someone laid off on its melds since its last turn ended, so it may not call a
    draw on its next turn (Normal turn 3, seed)."""
    caller: int | None
    """The seat that called a draw, if one did."""
    answers: tuple[str | None, ...]
    """Per seat during and after a called draw: ``"caller"``, ``"waiting"``, ``"fight"`` or
    ``"fold"``; all ``None`` when no draw was called."""
    auto_folds: tuple[bool, ...]
    """Per seat: it folded at once for lack of an exposed meld (public, unlike an answer)."""
    last_draw: int | None
    """The seat that drew the last stock card (its turn is the hand's last)."""
    ending: Ending | None
    events: tuple[Event, ...]
    """The log; a drawn card, a secret four's cards and an answer are secret to their seat."""
