"""Monopoly Deal's bots (design 1.5), reading only their seat's view: ``choose``, the game's bot,
and ``greedy_bot``, the simple player it must beat (``bench.games`` plays both).

``choose`` values a table (its sets and bank) in M, the bank's unit (``_Reading.worth``):

* The race (Winning: 3 complete sets of different colours) is what counts most. Each colour
  costs the cards it still misses, plus ``CONTEST`` for each one no unseen card could bring (it
  would have to be stolen), plus ``OPEN`` while it is incomplete (its cards may be stolen); the
  *distance* is the sum of the three cheapest colours, and the table is worth ``REACH * GAMMA **
  distance`` (and a little for the fourth colour, a spare if a set is stolen). So a card
  matters more the nearer its owner is to winning, a colour fought over is worth less, a
  complete set more than two half sets, and the win itself is worth ``WIN``.
* The bank is a buffer against rent (Paying: debts are paid from the table only, so money
  shields properties): each M is worth 1 up to ``BUFFER``, ``OVER`` beyond; each set a little
  for the rent it can charge.

Each decision compares the tables it leads to; an opponent's loss counts ``RIVAL /
(players - 1)`` of the bot's own gain (one rival among several), and an action aimed at a
player is discounted by the chance that the player holds a Just Say No (the unseen ones among
the cards it could hold). Cards kept in hand are worth ``HOLD`` (what they may do later), so a
card is played only when it does more now (rules/monopoly-deal.md, sections named below):

* Playing (Turn 2): every legal play is valued and the best is taken until none beats ending
  the turn: placing a property or a wild (in the colour it helps most), moving a wild (free), a
  rent on the colour and with the Double the Rents that collect most from what the targets can
  pay, Deal Breaker and Sly or Forced Deal on the cards that change the race most (a Sly Deal
  that completes a set, a Deal Breaker on a set the bot lacks), Debt Collector on the richest
  payer, Pass Go while plays remain, banking what is worth more as money than in hand.
* Just Say No (Restrictions): when the loss it saves (a payment's cost, a stolen card or set,
  the actor's win) or, as the actor, the gain it restores is more than keeping it is worth
  (``HOLD``, less with a second one in hand).
* Paying (Paying): the cards whose loss is least while they cover the debt (no change is given),
  found by a small knapsack over the payable cards: money before properties, never a property
  of a nearly complete set when money will do, no big note for a small debt when small ones do.
* Discarding (Turn 3): the cards worth least kept (``_keep``).

``python -m bench.games --game monopoly_deal`` measures both bots (the constants were tuned
there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.monopoly_deal.components import (
    BIRTHDAY,
    COLOURS,
    DEBT,
    DECK,
    EXTENDED_DECK,
    HAND_LIMIT,
    SET_SIZE,
    card_value,
    parse_card,
    rent_owed,
)
from app.rules.rng import Rng

REACH = 200.0
GAMMA = 0.85
"""A table whose three cheapest colours cost ``d`` in all is worth ``REACH * GAMMA ** d`` in M: a
property that brings a table from a cost of 6 to 5 is worth about 13M, from 2 to 1 about 26M
(tuned against greedy players: a flatter or a steeper curve, less or more weight, win less)."""
FOURTH = 0.25
"""The share of ``REACH * GAMMA ** d`` counted for the four cheapest colours (a spare set)."""
CONTEST = 1.0
"""The extra cost of a missing card that no unseen card could bring (it must be stolen)."""
OPEN = 1.0
"""The extra cost of a colour not yet complete: its cards may still be stolen by a Sly or Forced
Deal, and it takes no building."""
WIN = 1000.0
"""Three complete colours: the match is won (Winning)."""
RIVAL = 1.0
"""What an opponent's loss is worth to the bot, shared among its ``players - 1`` rivals."""
BUFFER = 6
OVER = 0.5
"""Each M in the bank is worth 1 up to ``BUFFER`` M (a buffer against rent), ``OVER`` beyond."""
RENT_WEIGHT = 0.2
"""What each M of rent a colour's best set could charge adds to the table."""
HOLD: dict[str, float] = {
    "just_say_no": 6.0,
    "deal_breaker": 5.0,
    "sly_deal": 2.0,
    "forced_deal": 1.5,
    "debt_collector": 1.5,
    "birthday": 0.5,
    "double_rent": 1.5,
    "rent": 0.5,
}
"""What a card kept in hand for later is worth, in M, by action name (``"rent"``: rent cards);
any other card: 0 (money and properties are only of use on the table)."""
CROWDED = 0.5
"""The share of ``HOLD`` a card keeps when the hand is over the limit (some card goes anyway)."""
PLAY_COST = 1.0
"""What each extra play an action takes (Double the Rent, Turn 2) costs: a card not banked."""
PASS_GO = 2.0
"""Drawing 2 (Pass Go) with a play left to use them; half of it on the last play."""
PLACE = 0.2
"""A bonus for placing a card: it cannot be placed later without a play."""
BUILD = 0.5
"""A house or hotel over banking it: it is paid like money and raises the set's rent (1M more
with a rent card of the colour in hand)."""
SPENT = 1.0
"""An action a Just Say No cancels still uses up the opponent's Just Say No."""
SECOND = 0.6
"""The share of ``HOLD`` asked of a stake with a second Just Say No in hand."""
KEEP_BANK = 0.9
"""When discarding, a bankable card is worth this share of its value (it can be banked later)."""

_Sets = tuple[tuple[str, int], ...]
"""A table's property sets as (colour, cards) pairs, in the view's order."""


def _add(sets: _Sets, colour: str) -> _Sets:
    """``sets`` after a card of ``colour`` arrives: it joins the first incomplete set of the
    colour, else starts one (Turn 2: cards beyond a full set start a new set)."""
    for index, (have, cards) in enumerate(sets):
        if have == colour and cards < SET_SIZE[colour]:
            return (*sets[:index], (colour, cards + 1), *sets[index + 1 :])
    return (*sets, (colour, 1))


def _drop(sets: _Sets, index: int) -> _Sets:
    """``sets`` after one card of set ``index`` leaves (a set left empty disappears)."""
    colour, cards = sets[index]
    rest = ((colour, cards - 1),) if cards > 1 else ()
    return sets[:index] + rest + sets[index + 1 :]


def _bank_worth(total: int) -> float:
    return min(total, BUFFER) + OVER * max(0, total - BUFFER)


def _name(card: str) -> str:
    """The ``HOLD`` key of a card: its action name, ``"rent"``, or its kind."""
    parsed = parse_card(card)
    assert parsed is not None  # the view lists only real cards
    return parsed.detail if parsed.kind == "action" else parsed.kind


@dataclass(frozen=True)
class _Reading:
    """What the bot reads from its view once per decision, and the tables' worths it works out
    (kept for the rest of the decision)."""

    seat: int
    players: int
    hand: tuple[str, ...]
    sets: tuple[_Sets, ...]
    rents: tuple[dict[str, int], ...]
    """Per seat, the best rent each colour's sets charge now (the view's, buildings included)."""
    where: dict[str, tuple[int, int]]
    """Every card on a table: its owner and set index."""
    bank: tuple[str, ...]
    """The bot's bank cards."""
    banks: tuple[int, ...]
    payable: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    supply: dict[str, int]
    """Per colour, the unseen property and wild cards that could join it."""
    unseen: int
    unseen_no: int
    """The Just Say Nos the bot cannot see (other hands and the draw pile)."""
    plays_left: int
    _worths: dict[tuple[_Sets, int], float] = field(default_factory=dict)

    @classmethod
    def read(cls, view: dict[str, Any]) -> _Reading:
        seat = int(view["you"])
        hand = tuple(view["hand"] or ())
        seen = set(hand) | set(view["discards"])
        where: dict[str, tuple[int, int]] = {}
        sets, rents, payable = [], [], []
        for owner, table in enumerate(view["sets"]):
            rent: dict[str, int] = {}
            total = view["bank_totals"][owner]
            for index, one in enumerate(table):
                rent[one["colour"]] = max(rent.get(one["colour"], 0), one["rent"])
                for card in (*one["cards"], one["house"], one["hotel"]):
                    if card is not None:
                        where[card] = (owner, index)
                        total += card_value(card)
            sets.append(tuple((one["colour"], len(one["cards"])) for one in table))
            rents.append(rent)
            payable.append(total)
            seen.update(view["banks"][owner])
        seen.update(where)
        deck = EXTENDED_DECK if view["options"]["deck"] == "extended" else DECK
        unseen = [card for card in deck if card not in seen]
        supply = dict.fromkeys(COLOURS, 0)
        for card in unseen:
            parsed = parse_card(card)
            if parsed is not None and parsed.kind in ("property", "wild"):
                for colour in parsed.colours:
                    supply[colour] += 1
        return cls(
            seat=seat,
            players=int(view["players"]),
            hand=hand,
            sets=tuple(sets),
            bank=tuple(view["banks"][seat]),
            rents=tuple(rents),
            where=where,
            banks=tuple(view["bank_totals"]),
            payable=tuple(payable),
            hand_sizes=tuple(view["hand_sizes"]),
            supply=supply,
            unseen=len(unseen),
            unseen_no=sum(card.startswith("action-just_say_no") for card in unseen),
            plays_left=int(view["plays_left"]),
        )

    # --- worths ---

    def worth(self, sets: _Sets, bank: int) -> float:
        """A table's worth in M (the module docstring): the race, the rent, the bank."""
        key = (sets, bank)
        if key not in self._worths:
            best: dict[str, int] = {}
            for colour, cards in sets:
                best[colour] = max(best.get(colour, 0), cards)
            costs = []
            for colour in COLOURS:
                missing = SET_SIZE[colour] - best.get(colour, 0)
                short = max(0, missing - self.supply[colour])
                costs.append(missing + CONTEST * short + OPEN * (missing > 0))
            costs.sort()
            if costs[2] == 0:  # three complete colours
                self._worths[key] = WIN
            else:
                race = GAMMA ** sum(costs[:3]) + FOURTH * GAMMA ** sum(costs[:4])
                rent = sum(rent_owed(colour, cards) for colour, cards in best.items())
                self._worths[key] = REACH * race + RENT_WEIGHT * rent + _bank_worth(bank)
        return self._worths[key]

    def change(self, seat: int, sets: _Sets, bank: int = 0) -> float:
        """How much ``seat``'s worth changes when its sets become ``sets`` and its bank grows
        by ``bank``."""
        now = self.banks[seat]
        return self.worth(sets, now + bank) - self.worth(self.sets[seat], now)

    def harm(self) -> float:
        """What an opponent's loss of 1M is worth to the bot: one rival among ``players - 1``."""
        return RIVAL / (self.players - 1)

    def no_answer(self, target: int) -> float:
        """The chance that ``target`` holds no Just Say No (each unseen one is in its hand with
        the share of the unseen cards its hand holds)."""
        share = min(1.0, self.hand_sizes[target] / max(1, self.unseen))
        return float((1.0 - share) ** self.unseen_no)

    def hold(self, card: str) -> float:
        """What keeping ``card`` in hand is worth (``HOLD``; less in a crowded hand)."""
        held = HOLD.get(_name(card), 0.0)
        if card.startswith("action-deal_breaker") and not self.complete_targets():
            held = card_value(card)  # nothing to break yet: it waits as its bank value
        return held * (CROWDED if len(self.hand) > HAND_LIMIT else 1.0)

    def complete_targets(self) -> bool:
        return any(
            cards >= SET_SIZE[colour]
            for seat, sets in enumerate(self.sets)
            if seat != self.seat
            for colour, cards in sets
        )

    # --- what actions do ---

    def collect(self, target: int, amount: int) -> float:
        """A debt of ``amount`` owed by ``target``, to the bot (unless it answers with a Just
        Say No)."""
        got = min(amount, self.payable[target])
        return self.unless_answered(target, self.debt_gain(target, amount), got > 0)

    def debt_gain(self, target: int, amount: int) -> float:
        """What ``target`` paying ``amount`` is worth to the bot: what it can pay, into the
        bot's bank (paid mostly in money), and the target's loss."""
        got = min(amount, self.payable[target])
        return self.change(self.seat, self.sets[self.seat], got) + self.harm() * got

    def swap_gain(self, target: int, mine: _Sets, theirs: _Sets) -> float:
        """What a steal or swap with ``target`` is worth to the bot: its gain, the target's
        loss."""
        return self.change(self.seat, mine) - self.harm() * self.change(target, theirs)

    def unless_answered(self, target: int, value: float, spends: bool = True) -> float:
        """``value``, if ``target`` holds no Just Say No; else it spends one (``SPENT``)."""
        chance = self.no_answer(target)
        return chance * value + (1.0 - chance) * SPENT * spends

    def colour_of(self, card: str) -> tuple[int, int, str]:
        """Where a card lies on a table: owner, set index and the set's colour."""
        owner, index = self.where[card]
        return owner, index, self.sets[owner][index][0]

    def pay_cost(self, owed: int, cards: Sequence[str]) -> tuple[float, list[str]]:
        """The least loss at which ``cards`` cover ``owed`` (no change is given: Paying), and
        the cards of that payment, least loss first: a knapsack over the paid total."""
        losses = {card: self.loss(card) for card in cards}
        best: dict[int, tuple[float, tuple[str, ...]]] = {0: (0.0, ())}
        for card in sorted(cards, key=lambda card: (losses[card], card)):
            value = card_value(card)
            for paid, (loss, used) in list(best.items()):
                reach = min(owed, paid + value)
                if paid < owed and (reach not in best or loss + losses[card] < best[reach][0]):
                    best[reach] = (loss + losses[card], (*used, card))
        loss, used = best[max(best)]
        return loss, sorted(used, key=lambda card: (losses[card], card))

    def payable_cards(self) -> list[str]:
        """The bot's cards that could pay a debt: its bank, its buildings, its properties and
        wilds but the multicolour ones (no value: Property wildcards)."""
        table = [card for card, (owner, _) in self.where.items() if owner == self.seat]
        return [*self.bank, *(card for card in table if card_value(card) > 0)]

    def loss(self, card: str) -> float:
        """What paying ``card`` away costs the bot: money out of its bank, or a property's part
        in the race (counted once more, shared among the rivals, for what it brings the
        recipient)."""
        if card not in self.where:
            now = self.banks[self.seat]
            spent = _bank_worth(now) - _bank_worth(now - card_value(card))
            return spent + self.harm() * card_value(card)
        owner, index, _ = self.colour_of(card)
        if _name(card) not in ("property", "wild"):
            return (1.0 + self.harm()) * card_value(card)  # a building is paid as money
        return -self.change(owner, _drop(self.sets[owner], index)) * (1.0 + self.harm())


# --- the game's bot ----------------------------------------------------------------------------


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The game's bot (the module docstring says how it plays)."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    reading = _Reading.read(view)
    phase = view["phase"]
    if phase == "respond":
        return _respond(reading, view["pending"], legal, rng)
    if phase == "pay":
        return _pay(reading, view["pending"], legal, rng)
    if phase == "discard":
        keeps = [_keep(reading, action["card"]) for action in legal]
        return best_of(legal, [-keep for keep in keeps], rng)
    return best_of(legal, [_play_value(reading, action) for action in legal], rng)


def _play_value(reading: _Reading, action: Action) -> float:
    """What a play is worth now over ending the turn (0), in M (Turn 2; Action cards)."""
    kind = action["type"]
    if kind == "end_turn":
        return 0.0
    me = reading.seat
    mine = reading.sets[me]
    card = action["card"]
    others = [seat for seat in range(reading.players) if seat != me]
    value = -reading.hold(card)
    if kind == "bank":
        return value + reading.change(me, mine, card_value(card))
    if kind == "place":
        return value + reading.change(me, _add(mine, action["colour"])) + PLACE
    if kind == "move_wild":
        _, index, _ = reading.colour_of(card)
        gain = reading.change(me, _add(_drop(mine, index), action["colour"]))
        return gain if gain > 1e-9 else -1.0  # a move that changes nothing is not made
    if kind == "pass_go":
        return value + (PASS_GO if reading.plays_left >= 2 else PASS_GO / 2)
    if kind == "birthday":
        return value + sum(reading.collect(seat, BIRTHDAY) for seat in others)
    if kind == "debt_collector":
        return value + reading.collect(action["target"], DEBT)
    if kind == "rent":
        doubles = action["doubles"]
        amount = reading.rents[me][action["colour"]] * 2 ** len(doubles)
        targets = others if action["target"] is None else [action["target"]]
        value -= sum(reading.hold(double) + PLAY_COST for double in doubles)
        return value + sum(reading.collect(seat, amount) for seat in targets)
    if kind == "build":
        colour = mine[action["set"]][0]
        rent_card = any(_name(held) == "rent" and colour in _colours(held) for held in reading.hand)
        return value + reading.change(me, mine, card_value(card)) + BUILD + rent_card
    target = action["target"]
    mine_after, theirs_after = _steal(
        reading,
        kind=kind,
        actor=me,
        target=target,
        take=action.get("take"),
        give=action.get("give"),
        index=action.get("set"),
    )
    return value + reading.unless_answered(
        target, reading.swap_gain(target, mine_after, theirs_after)
    )


def _colours(card: str) -> tuple[str, ...]:
    parsed = parse_card(card)
    assert parsed is not None  # the view lists only real cards
    return parsed.colours


def _steal(
    reading: _Reading,
    *,
    kind: str,
    actor: int,
    target: int,
    take: str | None,
    give: str | None,
    index: int | None,
) -> tuple[_Sets, _Sets]:
    """The actor's and the target's sets after a Sly Deal, Forced Deal (``take``, ``give``) or
    Deal Breaker (the target's set ``index``). A card keeps the colour of its set."""
    theirs = reading.sets[target]
    if kind == "deal_breaker":
        assert index is not None  # a Deal Breaker names a set
        return (*reading.sets[actor], theirs[index]), theirs[:index] + theirs[index + 1 :]
    assert take is not None  # a Sly or Forced Deal names the card it takes
    _, taken, colour = reading.colour_of(take)
    mine = reading.sets[actor]
    theirs = _drop(theirs, taken)
    if give is not None:
        _, given, gave_colour = reading.colour_of(give)
        mine = _drop(mine, given)
        theirs = _add(theirs, gave_colour)
    return _add(mine, colour), theirs


def _respond(reading: _Reading, pending: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Just Say No when what it saves (or, as the actor, restores) is worth more than keeping
    it (Restrictions, Just Say No)."""
    answers = [action for action in legal if action["type"] == "just_say_no"]
    accept: Action = {"type": "accept"}
    if not answers:
        return accept
    needed = HOLD["just_say_no"] * (SECOND if len(answers) > 1 else 1.0)
    if pending["actor"] == reading.seat:
        needed += PLAY_COST  # the actor's Just Say No is one of its plays
    if _stake(reading, pending) < needed:
        return accept
    return best_of(answers, [0] * len(answers), rng)


def _stake(reading: _Reading, pending: dict[str, Any]) -> float:
    """What the pending action's outcome for its target means to the bot, in M: the loss it
    saves as the target, the gain it keeps as the actor."""
    kind, actor, target = pending["kind"], pending["actor"], pending["target"]
    me = reading.seat
    if kind in ("rent", "debt_collector", "birthday"):
        if actor == me:
            return reading.debt_gain(target, pending["amount"])
        loss, _ = reading.pay_cost(pending["amount"], reading.payable_cards())
        return loss
    index = None
    if kind == "deal_breaker":
        index = reading.where[pending["set"]["cards"][0]][1]
    actor_after, target_after = _steal(
        reading,
        kind=kind,
        actor=actor,
        target=target,
        take=pending["take"],
        give=pending["give"],
        index=index,
    )
    gain = reading.change(actor, actor_after)
    loss = -reading.change(target, target_after)
    if actor == me:
        return gain + reading.harm() * loss
    return loss + reading.harm() * gain


def _pay(reading: _Reading, pending: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The next card of the payment that covers the debt at the least loss (Paying)."""
    everything: Action = {"type": "pay_all"}
    if everything in legal:
        return everything
    cards = [action["card"] for action in legal if action["type"] == "pay"]
    _, plan = reading.pay_cost(pending["owed"], cards)
    if plan:
        return {"type": "pay", "card": plan[0]}
    return best_of(legal, [0] * len(legal), rng)


def _keep(reading: _Reading, card: str) -> float:
    """What a hand card is worth kept through a discard (Turn 3): a property what placing it
    would bring, any other card what it may do later or its bank value."""
    if _name(card) in ("property", "wild"):
        mine = reading.sets[reading.seat]
        return max(reading.change(reading.seat, _add(mine, colour)) for colour in _colours(card))
    return max(HOLD.get(_name(card), 0.0), KEEP_BANK * card_value(card))


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player: it always says Just Say No when it can, pays with its smallest cards
    first, discards its lowest-value cards; on its turn it places every property it can (in the
    colour where it has most cards), plays the highest rent it can, then any action on the
    richest target (the most payable), banks money, and ends its turn."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action["type"], []).append(action)
    for kind in ("just_say_no", "pay_all", "accept"):
        if kind in kinds:
            return kinds[kind][0]
    for kind in ("pay", "discard"):
        if kind in kinds:
            return best_of(kinds[kind], [-card_value(a["card"]) for a in kinds[kind]], rng)
    seat = view["you"]
    held = dict.fromkeys(COLOURS, 0)
    rents = dict.fromkeys(COLOURS, 0)
    for one in view["sets"][seat]:
        held[one["colour"]] += len(one["cards"])
        rents[one["colour"]] = max(rents[one["colour"]], one["rent"])
    rich = [
        total + sum(card_value(card) for one in sets for card in one["cards"])
        for total, sets in zip(view["bank_totals"], view["sets"], strict=True)
    ]
    if "place" in kinds:
        return best_of(kinds["place"], [held[a["colour"]] for a in kinds["place"]], rng)
    if "rent" in kinds:
        amounts = [rents[a["colour"]] * 2 ** len(a["doubles"]) for a in kinds["rent"]]
        return best_of(kinds["rent"], amounts, rng)
    for kind in ("deal_breaker", "sly_deal", "forced_deal", "debt_collector", "birthday"):
        if kind in kinds:
            values = [_greedy_value(view, rich, action) for action in kinds[kind]]
            return best_of(kinds[kind], values, rng)
    for kind in ("pass_go", "build"):
        if kind in kinds:
            return best_of(kinds[kind], [0] * len(kinds[kind]), rng)
    money = [a for a in kinds.get("bank", []) if a["card"].startswith("money-")]
    if money:
        return best_of(money, [card_value(a["card"]) for a in money], rng)
    return {"type": "end_turn"} if {"type": "end_turn"} in legal else legal[0]


def _greedy_value(view: dict[str, Any], rich: list[int], action: Action) -> tuple[int, int]:
    """The greedy player's order of its actions: the richest target first, then the most
    valuable card or set taken, the least valuable given."""
    target = action.get("target")
    taken = action.get("take")
    if action["type"] == "deal_breaker":
        taken_value = sum(card_value(card) for card in view["sets"][target][action["set"]]["cards"])
    else:
        taken_value = card_value(taken) if taken is not None else 0
    if action.get("give") is not None:
        taken_value -= card_value(action["give"])
    return (rich[target] if target is not None else 0, taken_value)
