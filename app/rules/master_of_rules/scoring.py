"""The check after each deal and the final score: the named helpers ``check_deal`` and
``score_completed`` (design 1.4; rules/master-of-rules.md, Rule evaluation and Scoring)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.master_of_rules.components import (
    ALL_TYPES_BONUS,
    KING,
    LIMIT,
    LIMIT23,
    RULE_TYPES,
    SET_BONUS,
    SET_SIZE,
    SUPPORT_RIGHT,
    TIE_BREAK,
    TRIO,
    TRIO_SIZE,
    UNIQUE,
)


def check_deal(numbers: Sequence[tuple[str, int]], rules: Sequence[str | None]) -> list[bool]:
    """Per seat, whether its rule card is fulfilled in one deal.

    ``numbers[i]`` is seat ``i``'s number card ``(colour, value)`` in clockwise order, dummies
    included (they are part of "the table"); ``rules[i]`` is its rule type, or ``None`` for a
    dummy, which is always ``False``. Support Right skips dummies and follows the chain to the
    right; a chain that comes back to its start (every human played Support Right) succeeds.
    """
    return [
        bool(reason["fulfilled"]) if reason else False for reason in explain_deal(numbers, rules)
    ]


def explain_deal(
    numbers: Sequence[tuple[str, int]], rules: Sequence[str | None]
) -> list[dict[str, Any] | None]:
    """``check_deal`` with its reasons: per seat ``None`` for a dummy, else a JSON-able dict with
    ``rule``, ``fulfilled`` and the facts that decided it:

    * ``limit23``: ``sum``, the total of the table's numbers;
    * ``king``: ``top_colours`` (the most frequent colours, several on a tie, listed in the order
      they first appear at the table) and ``highest`` (whether the card is the highest of its
      colour at the table);
    * ``unique``: ``same_value`` and ``same_colour``, the other seats sharing the card's value or
      colour;
    * ``trio``: ``colours`` and ``values`` that at least 3 table cards share;
    * ``support_right``: ``chain``, the seats looked at from the right-hand neighbour on (dummies
      skipped), ending with the one that decided, and ``cycle``, true when the chain came back
      to this seat (every human played Support Right).
    """
    if len(numbers) != len(rules):
        raise ValueError("check_deal needs one number card and one rule entry per seat")
    for rule in rules:
        if rule is not None and rule not in RULE_TYPES:
            raise ValueError(f"unknown rule type {rule!r}")
    colours = Counter(colour for colour, _ in numbers)
    values = Counter(value for _, value in numbers)
    total = sum(value for _, value in numbers)
    top = max(colours.values(), default=0)
    top_colours = [colour for colour in colours if colours[colour] == top]
    trio_colours = [colour for colour in colours if colours[colour] >= TRIO_SIZE]
    trio_values = sorted(value for value in values if values[value] >= TRIO_SIZE)
    reasons: list[dict[str, Any] | None] = [None] * len(rules)
    for seat, rule in enumerate(rules):
        if rule is None or rule == SUPPORT_RIGHT:
            continue
        colour, value = numbers[seat]
        if rule == LIMIT23:
            reasons[seat] = {"rule": rule, "fulfilled": total <= LIMIT, "sum": total}
        elif rule == KING:
            highest = all(other <= value for shade, other in numbers if shade == colour)
            reasons[seat] = {
                "rule": rule,
                "fulfilled": colour in top_colours and highest,
                "top_colours": list(top_colours),
                "highest": highest,
            }
        elif rule == UNIQUE:
            others = [other for other in range(len(numbers)) if other != seat]
            same_value = [other for other in others if numbers[other][1] == value]
            same_colour = [other for other in others if numbers[other][0] == colour]
            reasons[seat] = {
                "rule": rule,
                "fulfilled": not same_value and not same_colour,
                "same_value": same_value,
                "same_colour": same_colour,
            }
        else:
            assert rule == TRIO
            reasons[seat] = {
                "rule": rule,
                "fulfilled": bool(trio_colours or trio_values),
                "colours": list(trio_colours),
                "values": trio_values,
            }
    humans = [seat for seat, rule in enumerate(rules) if rule is not None]
    for seat in humans:
        if rules[seat] != SUPPORT_RIGHT:
            continue
        # Support Right: the right-hand neighbour is the previous seat; dummies are skipped.
        chain: list[int] = []
        at = humans.index(seat)
        while True:
            at = (at - 1) % len(humans)
            chain.append(humans[at])
            if humans[at] == seat or rules[humans[at]] != SUPPORT_RIGHT:
                break
        cycle = chain[-1] == seat
        decider = reasons[chain[-1]]
        reasons[seat] = {
            "rule": SUPPORT_RIGHT,
            "fulfilled": cycle or bool(decider and decider["fulfilled"]),
            "chain": chain,
            "cycle": cycle,
        }
    return reasons


def score_completed(completed: Mapping[str, int]) -> int:
    """The final score of one score pile (rule type -> fulfilled cards of that type): 1 point
    per card, +2 once per type other than Support Right with 3 or more cards, +2 once when every
    type has at least one card (rules/master-of-rules.md, Scoring)."""
    return sum(score_parts(completed).values())


def score_parts(completed: Mapping[str, int]) -> dict[str, int]:
    """``score_completed`` split into ``cards``, ``sets`` (the +2s for 3 of a type) and
    ``all_types`` (the +2 for all five)."""
    for rule, count in completed.items():
        if rule not in RULE_TYPES:
            raise ValueError(f"unknown rule type {rule!r}")
        if count < 0:
            raise ValueError("a count of fulfilled cards cannot be negative")
    sets = [
        rule for rule in RULE_TYPES if rule != SUPPORT_RIGHT and completed.get(rule, 0) >= SET_SIZE
    ]
    every = all(completed.get(rule, 0) >= 1 for rule in RULE_TYPES)
    return {
        "cards": sum(completed.values()),
        "sets": SET_BONUS * len(sets),
        "all_types": ALL_TYPES_BONUS if every else 0,
    }


def set_types(completed: Mapping[str, int]) -> list[str]:
    """The types (other than Support Right) that earn the +2 set bonus, in ``RULE_TYPES`` order."""
    return [
        rule for rule in RULE_TYPES if rule != SUPPORT_RIGHT and completed.get(rule, 0) >= SET_SIZE
    ]


def rank_key(completed: Mapping[str, int]) -> tuple[int, ...]:
    """Sort key of a final result, larger is better: the score, then the tie-break counts
    (Support Right, Trio, Unique, King of Kings, Limit 23)."""
    return (score_completed(completed), *(completed.get(rule, 0) for rule in TIE_BREAK))
