"""The Elements bot (design 1.5): it weighs a point card against the cards a bid spends, and
reads only its own view.

Cards are cheap in one way and dear in another: every hand is refilled to 11 after a round,
so a card spent is only lost for the rest of *this* round (Phase 3.4), but within the round
about ten cards must cover up to five auctions. A card's cost is therefore its share of the
point value still to come this round, weighted by how useful it is (high numbers, cards that
pair up by number or by a valuable colour), plus a little for carrying a strong card into the
next round. A bid is worth the point card's value times the chance that it stays in front:
the bot plays the cheapest cards that take the lead when that pays, and passes while it leads
(a passed bid still competes, Phase 2.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.elements.combinations import best_combination
from app.rules.elements.components import CARDS_BY_ID, Card
from app.rules.rng import Rng

HOLD_ODDS: dict[int, float] = {1: 0.55, 2: 0.75, 3: 0.8, 4: 0.92, 5: 0.95, 6: 0.98, 7: 1.0}
"""Per combination category (the first number of ``bid_key``): the chance that one opponent
who may still play does not beat it."""
ROUND_SHARE = 0.55
"""Which share of the point value still to come this round the bot expects its cards to win."""
KEEP_BAR = 1.25
"""Refill: a card at least this useful is kept; weaker ones go back for a fresh draw."""

# --- the bot (design 1.5) ----------------------------------------------------------------------


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The bot's action for ``view``: a placement that lifts the colours it holds, the bid
    with the best expected gain in an auction, and the weak cards put back in a refill."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    table = _Table.read(view)
    kind = legal[0]["type"]
    if kind == "place_card":
        return best_of(legal, [table.placement_value(action) for action in legal], rng)
    if kind in ("bid", "pass"):
        return best_of(legal, [table.bid_value(action) for action in legal], rng)
    return _choose_refill(table, legal)


def _choose_refill(table: _Table, legal: list[Action]) -> Action:
    """Put back the weakest card while it is below the bar (or, keeping one card at most,
    while more than one is left); then keep the rest."""
    returns = [action for action in legal if action["type"] == "return_card"]
    keep = {"type": "keep_hand"}
    if not returns:
        return keep
    worth = {action["card"]: table.usefulness(CARDS_BY_ID[action["card"]]) for action in returns}
    weakest = min(returns, key=lambda action: (worth[action["card"]], action["card"]))
    if keep not in legal or worth[weakest["card"]] < KEEP_BAR:
        return weakest
    return keep


@dataclass(frozen=True)
class _Table:
    """The parts of a view the bot reasons about."""

    me: int
    hand: tuple[Card, ...]
    row: tuple[str, ...]
    players: int
    last_round: bool
    to_come: int
    """The point value still to be auctioned this round after the current point card."""
    auction: Mapping[str, Any] | None

    @classmethod
    def read(cls, view: Mapping[str, Any]) -> _Table:
        """Pick the bot's inputs out of a view (nothing else is available to it)."""
        queue = [CARDS_BY_ID[card].value for card in view["queue"] if card is not None]
        return cls(
            me=view["you"],
            hand=tuple(CARDS_BY_ID[card] for card in view["hand"] or []),
            row=tuple(slot["colour"] for slot in view["row"]),
            players=view["players"],
            last_round=view["round"] == view["rounds"],
            to_come=sum(queue),
            auction=view["auction"],
        )

    def worth(self, colour: str) -> int:
        """5 next to the box down to 1 at the far end."""
        return len(self.row) - self.row.index(colour)

    def usefulness(self, card: Card, hand: Sequence[Card] | None = None) -> float:
        """How much a card helps future bids: its number, its partners of the same number,
        and its partners of the same colour (more for a valuable colour)."""
        cards = self.hand if hand is None else hand
        same_number = sum(other.value == card.value for other in cards if other != card)
        same_colour = sum(other.colour == card.colour for other in cards if other != card)
        return (
            0.7
            + 0.06 * card.value
            + 0.35 * same_number
            + 0.12 * same_colour * self.worth(card.colour) / len(self.row)
        )

    def card_cost(self, card: Card) -> float:
        """What spending ``card`` now costs in points (see the module docstring)."""
        share = ROUND_SHARE * self.to_come / max(1, len(self.hand))
        carry = 0.0 if self.last_round else 0.4 * max(0.0, self.usefulness(card) - 1.0)
        return share * self.usefulness(card) + carry

    # --- Phase 2 ---

    def bid_value(self, action: Action) -> float:
        """Expected points of a bid or a pass: the point card's value times the chance the
        bot's bid ends in front, minus the cards it spends."""
        auction = self.auction
        assert auction is not None
        mine = [CARDS_BY_ID[card] for card in auction["bids"][self.me]]
        spent = [CARDS_BY_ID[card] for card in action.get("cards", [])]
        bid = mine + spent
        if not bid:
            return 0.0
        key = best_combination(bid, self.row).key
        others = [
            best_combination([CARDS_BY_ID[card] for card in cards], self.row).key
            for seat, cards in enumerate(auction["bids"])
            if seat != self.me and cards
        ]
        cost = sum(self.card_cost(card) for card in spent)
        value: int = auction["value"]
        if others and max(others) > key:
            # Behind: only worth it while later laps may still turn it round.
            later = 0.15 if action["type"] == "bid" and auction["lap"] < 3 else 0.0
            return later * value - cost
        threats = self._threats(auction)
        return value * HOLD_ODDS[key[0]] ** threats - cost

    def _threats(self, auction: Mapping[str, Any]) -> int:
        """How many opponents are still in this auction and may still outbid the bot."""
        return sum(
            1 for seat in range(self.players) if seat != self.me and not auction["passed"][seat]
        )

    # --- Phase 1 ---

    def placement_value(self, action: Action) -> float:
        """Lift the colours the bot holds (a high card in front of its strongest colour), sink
        the ones it lacks (a low card there), and part with a card it needs little."""
        card = CARDS_BY_ID[action["card"]]
        colour: str = action["colour"]
        rest = [other for other in self.hand if other != card]
        held = sum(other.colour == colour for other in rest)
        average = len(rest) / len(self.row)
        lift = (held - average) * (card.value - 5) / 5
        return lift - 0.8 * self.usefulness(card)


# --- the greedy player -------------------------------------------------------------------------


FRESH_CARD = 5
"""The mean value of a card drawn in the refill (values 0-10, Components): the greedy player
puts back every card below it (Phase 3.3-4)."""


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player that takes the point card whenever it can, by the rules as they stand:
    in an auction it passes while its bid leads (a passed bid still competes, Phase 2.3) and
    otherwise plays the cheapest cards (lowest sum of values) that take the lead, or passes if
    none do; in Phase 1 it places its lowest card in front of the colour it holds fewest cards
    of; in the refill it puts back every card below the mean of a fresh draw and keeps the rest.
    Ties are broken with the rng."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    hand = [CARDS_BY_ID[card] for card in view["hand"] or []]
    row = [slot["colour"] for slot in view["row"]]
    kind = legal[0]["type"]
    if kind == "place_card":
        return best_of(legal, [_greedy_placement(hand, action) for action in legal], rng)
    if kind in ("bid", "pass"):
        return _greedy_bid(view, row, legal, rng)
    returns = [action for action in legal if action["type"] == "return_card"]
    keep = {"type": "keep_hand"}
    if not returns:
        return keep
    lowest = min(CARDS_BY_ID[action["card"]].value for action in returns)
    if keep in legal and lowest >= FRESH_CARD:
        return keep
    return best_of(returns, [-CARDS_BY_ID[action["card"]].value for action in returns], rng)


def _greedy_placement(hand: Sequence[Card], action: Action) -> tuple[int, int]:
    """The lowest card first, then the colour the greedy player holds fewest cards of."""
    card = CARDS_BY_ID[action["card"]]
    held = sum(other.colour == action["colour"] for other in hand if other != card)
    return -card.value, -held


def _greedy_bid(
    view: Mapping[str, Any], row: Sequence[str], legal: list[Action], rng: Rng
) -> Action:
    """Pass while leading; else the cheapest bid that takes the lead; else pass."""
    auction = view["auction"]
    me: int = view["you"]
    passing = {"type": "pass"}
    if auction["leader"] == me:
        return passing
    mine = [CARDS_BY_ID[card] for card in auction["bids"][me]]
    best_other = max(
        (
            best_combination([CARDS_BY_ID[card] for card in cards], row).key
            for seat, cards in enumerate(auction["bids"])
            if seat != me and cards
        ),
        default=(0,),
    )
    leading = [
        action
        for action in legal
        if action["type"] == "bid"
        and best_combination(mine + [CARDS_BY_ID[card] for card in action["cards"]], row).key
        > best_other
    ]
    if not leading:
        return passing
    costs = [-sum(CARDS_BY_ID[card].value for card in action["cards"]) for action in leading]
    return best_of(leading, costs, rng)
