"""The Master of Rules bot (design 1.5): it reads only its view, judges by simulation how
likely each of its rule cards is to be fulfilled given the cards already on the table, and
weighs that by what the card would add to its final score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.master_of_rules.components import (
    COLOURS,
    KING,
    LIMIT23,
    RULE_TYPES,
    SEATS,
    SET_SIZE,
    SUPPORT_RIGHT,
    TIE_BREAK,
    VALUES,
)
from app.rules.master_of_rules.scoring import check_deal, score_completed
from app.rules.rng import Rng

SAMPLES = 40
"""Random completions of the table per decision (the same ones for every plan)."""
_MASK = (1 << 64) - 1

Card = tuple[str, int]


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Play the half of the best (number, rule) plan that is due, and take from the display the
    card that best fits the hand for later deals."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    seed, _ = rng.randbelow(1 << 64)
    bot = _Bot.read(view, _Random(seed))
    kinds = {action["type"] for action in legal}
    if kinds == {"take_number"}:
        return max(legal, key=lambda action: bot.number_worth((action["colour"], action["value"])))
    if kinds == {"take_rule"}:
        return max(legal, key=lambda action: bot.rule_worth(action["rule"]))
    return bot.play(legal)


class _Random:
    """A small deterministic generator (xorshift64*) seeded from the bot's ``Rng``: the
    simulation needs thousands of draws and HMAC per draw would be slow."""

    def __init__(self, seed: int) -> None:
        self.state = seed or 0x9E3779B97F4A7C15

    def below(self, n: int) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return ((x * 0x2545F4914F6CDD1D) & _MASK) % n


@dataclass
class _Bot:
    """The parts of a view the bot reasons about."""

    me: int
    players: int
    hand_numbers: list[Card]
    hand_rules: list[str]
    table_numbers: list[Card | None]
    table_rules: list[str | None]
    played_rules: list[str]
    pile: dict[str, int]
    unseen: list[Card]
    random: _Random

    @classmethod
    def read(cls, view: dict[str, Any], random: _Random) -> _Bot:
        """Pick the bot's inputs out of a view (nothing else is available to it)."""
        me = view["you"]
        hand = view["hand"]
        hand_numbers = [(card["colour"], card["value"]) for card in hand["numbers"]]
        table_numbers: list[Card | None] = [
            None
            if place["number"] is None
            else (place["number"]["colour"], place["number"]["value"])
            for place in view["table"]
        ]
        display = [(card["colour"], card["value"]) for card in view["display"]["numbers"]]
        seen = set(hand_numbers) | set(display) | {card for card in table_numbers if card}
        return cls(
            me=me,
            players=view["players"],
            hand_numbers=hand_numbers,
            hand_rules=list(hand["rules"]),
            table_numbers=table_numbers,
            table_rules=[place["rule"] for place in view["table"]],
            played_rules=list(view["played_rules"]),
            pile=dict(view["score_piles"][me]),
            unseen=[(c, v) for c in COLOURS for v in VALUES if (c, v) not in seen],
            random=random,
        )

    # --- playing ---------------------------------------------------------------------------

    def play(self, legal: list[Action]) -> Action:
        """The action that follows the best plan: in lap 1 the rule card first (it claims its
        type before the others can play it), then the number card that serves it best."""
        numbers = [(a["colour"], a["value"]) for a in legal if a["type"] == "play_number"]
        rules = [a["rule"] for a in legal if a["type"] == "play_rule"]
        mine = self.table_numbers[self.me]
        number_options = numbers or ([mine] if mine else self.hand_numbers)
        rule_options = rules or ([self.table_rules[self.me]] if self.table_rules[self.me] else [])
        if not rule_options:
            rule_options = list(dict.fromkeys(self.hand_rules))
        plans = [(n, r) for n in number_options for r in rule_options if r is not None]
        values = self.plan_values(plans)
        best_number, best_rule = plans[max(range(len(plans)), key=values.__getitem__)]
        if rules:
            return {"type": "play_rule", "rule": best_rule}
        return {"type": "play_number", "colour": best_number[0], "value": best_number[1]}

    def plan_values(self, plans: Sequence[tuple[Card, str]]) -> list[float]:
        """Expected worth of each plan: the chance it is fulfilled (simulated over random
        completions of the table) times what the card adds to the final score."""
        wins = [0] * len(plans)
        for _ in range(SAMPLES):
            numbers, rules = self.complete()
            for index, (number, rule) in enumerate(plans):
                numbers[self.me] = number
                rules[self.me] = rule
                wins[index] += check_deal(numbers, rules)[self.me]  # type: ignore[arg-type]
        return [
            win / SAMPLES * self.rule_gain(rule) for win, (_, rule) in zip(wins, plans, strict=True)
        ]

    def complete(self) -> tuple[list[Card | None], list[str | None]]:
        """One random completion of the table: unseen number cards for every empty place, and
        for each other human without a rule card a type not yet played."""
        pool = list(self.unseen)
        numbers: list[Card | None] = list(self.table_numbers)
        rules: list[str | None] = [
            rule if place < self.players else None for place, rule in enumerate(self.table_rules)
        ]
        for place in range(SEATS):
            if place != self.me and numbers[place] is None:
                numbers[place] = pool.pop(self.random.below(len(pool)))
        free = [rule for rule in RULE_TYPES if rule not in self.played_rules]
        for place in range(self.players):
            if place != self.me and rules[place] is None:
                choices = free or list(RULE_TYPES)
                rules[place] = choices[self.random.below(len(choices))]
        return numbers, rules

    # --- worth of cards ----------------------------------------------------------------------

    def rule_gain(self, rule: str) -> float:
        """What fulfilling ``rule`` adds to the final score, plus a little for progress towards
        a set or towards all five types, and a hair for the tie-break order."""
        grown = dict(self.pile)
        grown[rule] = grown.get(rule, 0) + 1
        gain = float(score_completed(grown) - score_completed(self.pile))
        if rule != SUPPORT_RIGHT and grown[rule] == SET_SIZE - 1:
            gain += 0.4
        if self.pile.get(rule, 0) == 0:
            gain += 0.3
        return gain + 0.01 * (len(TIE_BREAK) - TIE_BREAK.index(rule))

    def rule_worth(self, rule: str) -> float:
        """How much a rule card from the display is worth in the hand: its score gain, less for
        a type already held (two of a type block each other)."""
        return self.rule_gain(rule) - 0.8 * self.hand_rules.count(rule)

    def number_worth(self, card: Card) -> float:
        """How much a number card from the display is worth in the hand: colours and values not
        yet held keep options open; low values help Limit 23, high ones King of Kings."""
        colour, value = card
        worth = -0.5 * sum(c == colour for c, _ in self.hand_numbers)
        worth -= 0.5 * sum(v == value for _, v in self.hand_numbers)
        if LIMIT23 in self.hand_rules:
            worth += (9 - value) / 9
        if KING in self.hand_rules:
            worth += value / 9
        return worth


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player that plays the (number, rule) pair whose rule card would be fulfilled if
    the deal were checked now, on the cards already on the table (places still empty left out),
    weighted by what it would add to its score (``score_completed``); with both types legal it
    plays the pair's rule card first. It takes from the display the rule type that would add
    most to its score and a number card of the value and colour it holds fewest of. Ties are
    broken with the rng."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    me: int = view["you"]
    pile: dict[str, int] = dict(view["score_piles"][me])
    hand = view["hand"]
    numbers: list[Card] = [(card["colour"], card["value"]) for card in hand["numbers"]]
    kinds = {action["type"] for action in legal}
    if kinds == {"take_rule"}:
        return best_of(legal, [_greedy_gain(pile, action["rule"]) for action in legal], rng)
    if kinds == {"take_number"}:
        values = [
            -sum(
                colour == action["colour"] or value == action["value"] for colour, value in numbers
            )
            for action in legal
        ]
        return best_of(legal, values, rng)
    table = view["table"]
    placed = table[me]
    number_options = [(a["colour"], a["value"]) for a in legal if a["type"] == "play_number"]
    if not number_options:
        number_options = [(placed["number"]["colour"], placed["number"]["value"])]
    rule_options = [a["rule"] for a in legal if a["type"] == "play_rule"] or [placed["rule"]]
    plans = [(number, rule) for number in number_options for rule in rule_options]
    values = [
        _greedy_now(table, me, view["players"], number, rule) * _greedy_gain(pile, rule)
        for number, rule in plans
    ]
    chosen: Action = best_of(
        [
            {"type": "play_number", "colour": number[0], "value": number[1], "rule": rule}
            for number, rule in plans
        ],
        values,
        rng,
    )
    if "play_rule" in kinds:
        return {"type": "play_rule", "rule": chosen["rule"]}
    return {"type": "play_number", "colour": chosen["colour"], "value": chosen["value"]}


def _greedy_gain(pile: dict[str, int], rule: str) -> int:
    """What one more fulfilled ``rule`` card adds to the score (rules/master-of-rules.md,
    Scoring: a card, a set of 3, all five types)."""
    grown = dict(pile)
    grown[rule] = grown.get(rule, 0) + 1
    return score_completed(grown) - score_completed(pile)


def _greedy_now(
    table: Sequence[dict[str, Any]], me: int, players: int, number: Card, rule: str
) -> bool:
    """Whether ``rule`` with ``number`` is fulfilled on the table as it stands: the places with
    a number card, the greedy player's own place holding ``number`` and ``rule``; a place
    without a rule card counts as a dummy (skipped by Support Right)."""
    numbers: list[tuple[str, int]] = []
    rules: list[str | None] = []
    at = 0
    for place, cards in enumerate(table):
        if place == me:
            at = len(numbers)
            numbers.append(number)
            rules.append(rule)
        elif cards["number"] is not None:
            numbers.append((cards["number"]["colour"], cards["number"]["value"]))
            # A dummy's rule card is never evaluated (Rule-card restriction, SEED-AMBIGUOUS).
            rules.append(cards["rule"] if place < players else None)
    return check_deal(numbers, rules)[at]
