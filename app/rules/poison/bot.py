"""The Poison bot (design 1.5): it reads only its view and weighs each play by what it costs now
and what it leaves in its hand and in the cauldrons for later."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.poison.components import (
    POISON,
    POISON_PENALTY,
    POTION_PENALTY,
    POTIONS,
    value_of,
)
from app.rules.poison.scoring import penalty_points, suit_counts
from app.rules.rng import Rng

_TAKE_WEIGHT = 10.0
"""One penalty point taken now outweighs any difference between safe plays."""


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Never boil a cauldron over when a safe play exists; among safe plays get rid of the
    highest cards first (small cards keep you safe late in the round) and feed heavy piles
    only when they are about to boil over for someone else; when every play boils over, take
    the cheapest pile (priced exactly, immunity included, when every pile is face up)."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    return best_of(legal, [_value(view, action) for action in legal], rng)


def _value(view: Mapping[str, Any], action: Action) -> float:
    """How good one play looks from the view (higher is better)."""
    card: str = action["card"]
    cauldron = view["cauldrons"][action["cauldron"]]
    value = value_of(card)
    threshold: int = view["overflow_at"]
    total: int = cauldron["total"] + value
    if total >= threshold:
        cost = _take_cost(view, cauldron["cards"])
        # Among equal costs, leave a big card behind: the next taker gets it.
        return -_TAKE_WEIGHT * cost + 0.5 * value
    room = threshold - 1 - total
    load = sum(_card_cost(other) for other in cauldron["cards"]) + _card_cost(card)
    # A pile with little room left is likely taken by a player after us, one with plenty of
    # room comes round again: the heavier it is, the less we want to feed it then.
    comes_back = min(1.0, room / 7.0)
    return float(value) - comes_back * load * 0.5


def _card_cost(card: str) -> int:
    """What one collected card costs at the end, before immunity."""
    return POISON_PENALTY if card == POISON else POTION_PENALTY


def _take_cost(view: Mapping[str, Any], cards: Sequence[str]) -> float:
    """The penalty points taking ``cards`` adds: exact when every pile is face up, else the
    flat price (1 per potion, 2 per poison card)."""
    piles = view["collected"]
    if any(pile["suits"] is None for pile in piles):
        return float(sum(_card_cost(card) for card in cards))
    me = view["you"]
    now = [dict(pile["suits"]) for pile in piles]
    after = [dict(counts) for counts in now]
    for suit, count in suit_counts(cards).items():
        after[me][suit] = after[me].get(suit, 0) + count
    before_points = penalty_points(now, POTIONS)[me]
    after_points = penalty_points(after, POTIONS)[me]
    return float(after_points - before_points)


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player, the one ``choose`` must beat (``bench.games``): the play that costs it
    the fewest penalty points now (a boil-over takes the pile, 1 point per potion and 2 per
    poison card, rules/poison.md, End of round and scoring; a play that stays under the limit
    costs nothing), the highest card first on equal cost (small cards stay for later)."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    threshold: int = view["overflow_at"]
    values = []
    for action in legal:
        cauldron = view["cauldrons"][action["cauldron"]]
        value = value_of(action["card"])
        boils = cauldron["total"] + value >= threshold
        cost = sum(_card_cost(card) for card in cauldron["cards"]) if boils else 0
        values.append((-cost, value))
    return best_of(legal, values, rng)
