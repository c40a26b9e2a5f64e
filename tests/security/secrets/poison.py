"""Poison hides every hand from all but its owner, the cards set aside from everyone, and what the
collected piles hold (face down) unless the ``collected`` option shows them (rules/poison.md,
Hidden information). Cauldrons, card counts and every play are public."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.poison import State
from app.rules.poison.components import sort_key
from app.rules.poison.scoring import suit_counts
from tests.security.secrets.flow import public_change


def _sees_pile(state: State, viewer: int | None, owner: int) -> bool:
    """The ``collected`` option: face down (nobody), own (the owner) or open (everyone)."""
    if state.collected_mode == "open":
        return True
    return state.collected_mode == "own" and viewer == owner


def _printed(key: str, value: Any) -> list[str]:
    """``"key": value`` as a frame would print it: compact (the socket) and spaced."""
    return [
        f'"{key}":{json.dumps(value, separators=(",", ":"))}',
        f'"{key}": {json.dumps(value)}',
    ]


def items(state: State, viewer: int | None) -> list[str]:
    """Other seats' hands and hidden piles printed as a view would print them, and the cards
    set aside; a value the viewer may legitimately see printed elsewhere is left out."""
    own_hand = list(state.hands[viewer]) if viewer is not None else None
    secrets: list[str] = []
    for seat, hand in enumerate(state.hands):
        if seat != viewer and hand and list(hand) != own_hand:
            secrets += _printed("hand", list(hand))
    if state.set_aside:
        secrets += _printed("set_aside", sorted(state.set_aside, key=sort_key))
        secrets += _printed("set_aside", list(state.set_aside))
    shown = [
        suit_counts(pile)
        for owner, pile in enumerate(state.collected)
        if _sees_pile(state, viewer, owner)
    ]
    for owner, pile in enumerate(state.collected):
        counts = suit_counts(pile)
        if pile and not _sees_pile(state, viewer, owner) and counts not in shown:
            secrets += _printed("suits", counts)
    return secrets


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with every card the viewer cannot see dealt out again into the same places:
    other hands, the cards set aside and the hidden collected piles keep their sizes."""
    hands = [list(hand) for hand in state.hands]
    piles = [list(pile) for pile in state.collected]
    hidden_hands = [seat for seat in range(state.players) if seat != viewer]
    hidden_piles = [owner for owner in range(state.players) if not _sees_pile(state, viewer, owner)]
    cards = [card for seat in hidden_hands for card in hands[seat]]
    cards += list(state.set_aside)
    cards += [card for owner in hidden_piles for card in piles[owner]]
    rng.shuffle(cards)
    deck = iter(cards)
    for seat in hidden_hands:
        hands[seat] = sorted((next(deck) for _ in hands[seat]), key=sort_key)
    set_aside = tuple(next(deck) for _ in state.set_aside)
    for owner in hidden_piles:
        piles[owner] = [next(deck) for _ in piles[owner]]
    return dataclasses.replace(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        set_aside=set_aside,
        collected=tuple(tuple(pile) for pile in piles),
    )


CHOICES: dict[str, tuple[Any, ...]] = {
    "cauldrons": ("fixed", "neutral"),
    "overflow_at": (13, 14),
    "rounds": ("one", "per_player"),
    "collected": ("face_down", "own", "open"),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """A round's end counts the collected piles and deals again; a play names its card."""
    return public_change("poison", state, seat, action, "round", "phase")
