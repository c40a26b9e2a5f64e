"""Master of Rules hides each hand from all but its owner and the order of both decks from
everyone; played, taken, displayed and dummy cards are public (rules/master-of-rules.md,
Hidden information)."""

from __future__ import annotations

import dataclasses
import json
import random

from app.rules.base import Action
from app.rules.master_of_rules import COLOURS, VALUES, Number, State
from tests.security.secrets.flow import public_change


def _public_numbers(state: State) -> set[Number]:
    """Number cards that have been face up at some point: on a display, played, taken, or
    turned onto a dummy (every such card is in the log)."""
    seen: set[Number] = set()
    for event in state.events:
        for _, value in event.fields:
            many = isinstance(value, tuple) and not isinstance(value, Number)
            seen.update(item for item in (value if many else (value,)) if isinstance(item, Number))
    return seen


def items(state: State, viewer: int | None) -> list[str]:
    """Each number card the viewer has never been able to see (in another hand since the deal,
    or in the deck unseen), as a view would print it. Every number card is unique, so one of
    these in a frame is a leak."""
    own = set(state.hand_numbers[viewer]) if viewer is not None else set()
    public = _public_numbers(state)
    # Compact separators, as frames and JSON answers are written (Starlette's send_json).
    return [
        json.dumps(card.to_json(), separators=(",", ":"))
        for card in (Number(colour, value) for colour in COLOURS for value in VALUES)
        if card not in own and card not in public
    ]


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with the other hands' cards and both decks dealt out differently (hand
    sizes kept): number cards among themselves, rule cards among themselves."""
    others = [seat for seat in range(state.players) if seat != viewer]
    numbers = [card for seat in others for card in state.hand_numbers[seat]]
    numbers += state.number_deck
    rules = [rule for seat in others for rule in state.hand_rules[seat]] + list(state.rule_deck)
    rng.shuffle(numbers)
    rng.shuffle(rules)
    hand_numbers = list(state.hand_numbers)
    hand_rules = list(state.hand_rules)
    for seat in others:
        size = len(state.hand_numbers[seat])
        hand_numbers[seat], numbers = tuple(sorted(numbers[:size])), numbers[size:]
        size = len(state.hand_rules[seat])
        hand_rules[seat], rules = tuple(sorted(rules[:size])), rules[size:]
    return dataclasses.replace(
        state,
        hand_numbers=tuple(hand_numbers),
        hand_rules=tuple(hand_rules),
        number_deck=tuple(numbers),
        rule_deck=tuple(rules),
    )


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """Cards come off a deck (onto the display or into hands) only as a deck shrinks, and a new
    deal or round deals hands; played and taken cards are named in the action."""
    return public_change("master_of_rules", state, seat, action, "decks", "deal", "round")
