"""Poison's bots (design 1.5), reading only their seat's view: ``choose``, the game's bot, and
``greedy_bot``, the simple player it must beat (``bench.games`` plays both).

``choose`` weighs each play by what it costs now and what it leaves in its hand and in the
cauldrons for later. It keeps its poison cards (a poison card goes into any cauldron, so it is
the safe play of the late round), and at a table of 3 or 4 it looks ahead to its next turn: over
a few deals of the cards it cannot see to the others, each playing as ``greedy_bot``, what its
best play will then cost it (with 5 or 6 players the cauldrons change too much before its next
turn for that guess to help; measured with ``python -m bench.games --game poison``). The deals
hold only cards not yet played, none to a player that showed it lacks them (``memory``):
against greedy players, 1,000 deals each, it won 46.0 % at 3 players and 30.3 % at 4 when the
deals left out only the cards in the cauldrons, 50.7 % and 35.7 % now.

``rollout`` plays the strong bot's playouts (``GameRules.rollout``): every seat as the greedy
player, from the drawn state. Its 250-280 playouts a decision in 300 ms (the normal bot's own
look-ahead allowed 22) won 56.7 % of 60 three-player games against greedy players, where
playouts with the normal bots won 44.2 % of 120, below the normal bot itself, and playouts with
the normal bot's weighing but no look-ahead 41.7 % of 60: the playouts model the others, and a
cheap model played often beats a careful one played rarely."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.poison.checks import colour_of, takes
from app.rules.poison.components import (
    POISON,
    POISON_PENALTY,
    POTION_PENALTY,
    POTIONS,
    seat_after,
    value_of,
)
from app.rules.poison.memory import deal_hands, lacked_cards, unplayed
from app.rules.poison.scoring import penalty_points, suit_counts
from app.rules.poison.state import State
from app.rules.rng import Rng

_TAKE_WEIGHT = 10.0
"""One penalty point taken now outweighs any difference between safe plays."""

_KEEP_POISON = 4.0
"""What keeping a poison card is worth against playing it while a potion is safe: it fits
every cauldron (rules/poison.md, Cauldrons), so it keeps a safe play for later."""

LOOKAHEAD_PLAYERS = 4
"""The largest table at which the bot looks ahead to its next turn (see the module docstring)."""

LOOKAHEAD_DEALS = 8
"""Deals of the unseen cards the look-ahead plays out per decision."""

_NEXT_TURN_WEIGHT = 6.0
"""How much a penalty point expected on the bot's next turn counts against a play now."""


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Never boil a cauldron over when a safe play exists; among safe plays get rid of the
    highest cards first (small cards keep you safe late in the round) and feed heavy piles
    only when they are about to boil over for someone else; when every play boils over, take
    the cheapest pile (priced exactly, immunity included, when every pile is face up)."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    values = [_value(view, action) for action in legal]
    if view["players"] <= LOOKAHEAD_PLAYERS and view["hand"]:
        deals, rng = _deals(view, rng)
        values = [
            value - _NEXT_TURN_WEIGHT * _next_turn_cost(view, action, deals)
            for value, action in zip(values, legal, strict=True)
        ]
    return best_of(legal, values, rng)


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
    keep = _KEEP_POISON if card == POISON else 0.0
    return float(value) - comes_back * load * 0.5 - keep


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


# --- the look-ahead (a table of at most LOOKAHEAD_PLAYERS) ------------------------------------

_Pots = tuple[tuple[str, ...], ...]


def _deals(view: Mapping[str, Any], rng: Rng) -> tuple[list[list[list[str]]], Rng]:
    """``LOOKAHEAD_DEALS`` guesses of the hands of the seats playing before the bot's next turn,
    in their order: the cards neither in its hand nor played this round (some are set aside,
    so these stand in for them) dealt to their hand sizes, none to a seat that showed it lacks
    it (``memory``)."""
    me: int = view["you"]
    players: int = view["players"]
    seats = [seat_after(me, players, step) for step in range(1, players)]
    plays = view["played"]
    lacking = lacked_cards(plays, view["cauldron_mode"], view["overflow_at"], players)
    counts = {seat: view["hand_counts"][seat] for seat in seats}
    deals = []
    for _ in range(LOOKAHEAD_DEALS):
        cards, rng = unplayed(view["hand"], plays, rng)
        hands = deal_hands(cards, counts, lacking)
        deals.append([list(hands[seat]) for seat in seats])
    return deals, rng


def _next_turn_cost(view: Mapping[str, Any], action: Action, deals: list[list[list[str]]]) -> float:
    """The mean cost of the bot's best play on its next turn after ``action``, the others
    playing the dealt hands as ``greedy_bot`` does (0 when its hand is then empty)."""
    mode: str = view["cauldron_mode"]
    threshold: int = view["overflow_at"]
    start, _ = _after(tuple(tuple(pot["cards"]) for pot in view["cauldrons"]), action, threshold)
    rest = list(view["hand"])
    rest.remove(action["card"])
    total = 0
    for hands in deals:
        pots = start
        for hand in hands:
            if hand:
                pots, _ = _after(pots, _cheapest(mode, threshold, pots, hand)[1], threshold)
        if rest:
            total += _cheapest(mode, threshold, pots, rest)[0]
    return total / len(deals)


def _cheapest(mode: str, threshold: int, pots: _Pots, hand: Sequence[str]) -> tuple[int, Action]:
    """``greedy_bot``'s play from ``hand`` and its cost: the cheapest, the highest card on ties
    (the first cauldron on further ties, no rng: the hands are guesses anyway)."""
    colours = [colour_of(mode, index, cards) for index, cards in enumerate(pots)]
    best: tuple[tuple[int, int, int], Action] | None = None
    for card in dict.fromkeys(hand):
        for index, cards in enumerate(pots):
            if not takes(colours, index, card):
                continue
            boils = sum(value_of(other) for other in cards) + value_of(card) >= threshold
            cost = sum(_card_cost(other) for other in cards) if boils else 0
            key = (cost, -value_of(card), index)
            if best is None or key < best[0]:
                best = (key, {"type": "play_card", "card": card, "cauldron": index})
    assert best is not None  # poison goes anywhere, and every potion has a cauldron
    return best[0][0], best[1]


def _after(pots: _Pots, action: Action, threshold: int) -> tuple[_Pots, tuple[str, ...]]:
    """The cauldrons after ``action`` and the cards it takes (Turn: a total reaching the
    threshold takes what was there before; the card played stays alone)."""
    index: int = action["cauldron"]
    card: str = action["card"]
    cards = pots[index]
    after: tuple[str, ...] = (*cards, card)
    taken: tuple[str, ...] = ()
    if sum(value_of(other) for other in cards) + value_of(card) >= threshold:
        after, taken = (card,), cards
    return tuple(after if i == index else pot for i, pot in enumerate(pots)), taken


# --- the greedy player -------------------------------------------------------------------------


def rollout(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The strong bot's playout policy: ``greedy_bot``'s play (``_cheapest``) read from a drawn
    state (the search's sample, not the real hands) instead of a view, without the view's cost."""
    _, play = _cheapest(state.cauldron_mode, state.overflow_at, state.cauldrons, state.hands[seat])
    return play


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
