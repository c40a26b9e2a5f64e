"""Monster Duel hides each hand from everyone but its holder, every deck's order and every
prize card from everyone (the owner too: prizes lie face down), a player's deck choice from the
other until both have chosen, and the face-down setup from the other until both are done
(rules/monster-tcg.md, Hidden; package docstring of app/rules/monster_tcg, View and Log).
Creatures in play with their damage, energy and conditions, the discards, the counts of cards
and the mulligan hands are public; nothing hidden is revealed at the end."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

from app.rules.base import Action
from app.rules.monster_tcg import CARDS, DECKS, State, apply
from app.rules.monster_tcg.state import Creature, Side

_DECK_IDS = [deck.id for deck in DECKS]
_LONG = 8
"""A run of this many names in the order a deck keeps them is nowhere public (names repeat, so
shorter lists may well be printed for another reason)."""


def _forms(cards: tuple[str, ...] | list[str]) -> list[str]:
    """A list of names as a frame would print it: compact (the socket) and spaced."""
    return [json.dumps(list(cards), separators=(",", ":")), json.dumps(list(cards))]


def items(state: State, viewer: int | None) -> list[str]:
    """Another seat's hand as a view prints its holder's, any deck in order (when long enough
    to be unmistakable), any prize list, and another seat's deck choice while choosing."""
    found: list[str] = []
    # Another hand card for card like the viewer's own prints as the viewer's own does: no leak
    # (both seats once held field-notes, potion-pack, moss-turtle in that order, CI).
    own_hand = state.sides[viewer].hand if viewer is not None else None
    for seat, side in enumerate(state.sides):
        if len(side.deck) >= _LONG:
            found += [form[1:-1] for form in _forms(side.deck)]
        if side.prizes:
            compact, spaced = _forms(side.prizes)
            found += [f'"prizes":{compact}', f'"prizes": {spaced}']
        if seat != viewer and side.hand and side.hand != own_hand:
            compact, spaced = _forms(side.hand)
            found += [f'"hand":{compact}', f'"hand": {spaced}']
    if state.phase == "deck":
        own = state.sides[viewer] if viewer is not None else None
        for seat, side in enumerate(state.sides):
            fixed = state.options.fixed(seat) is not None
            hidden = seat != viewer and side.chosen and not fixed
            # The viewer's own legal actions name every deck until it has chosen.
            if hidden and (own is None or (own.chosen and own.deck_id != side.deck_id)):
                found += [f'"deck":"{side.deck_id}"', f'"deck": "{side.deck_id}"']
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same table with what the viewer cannot see dealt again: another seat's chosen deck
    (while choosing); another seat's hand, deck, prizes and, during the setup, its face-down
    creatures (other Basics from the same pool) share one shuffled pool; the viewer's own deck
    and prizes share another (only the deck's order while it searches its deck)."""
    if state.phase == "deck":
        return _other_decks(state, viewer, rng)
    sides = list(state.sides)
    for seat, side in enumerate(state.sides):
        if seat == viewer:
            sides[seat] = _own(state, seat, side, rng)
        else:
            sides[seat] = _other(state, side, rng)
    return dataclasses.replace(state, sides=(sides[0], sides[1]))


def _other_decks(state: State, viewer: int | None, rng: random.Random) -> State:
    sides = list(state.sides)
    events = state.events
    for seat, side in enumerate(state.sides):
        if seat != viewer and side.chosen and state.options.fixed(seat) is None:
            deck = rng.choice(_DECK_IDS)
            sides[seat] = dataclasses.replace(side, deck_id=deck)
            events = tuple(
                dataclasses.replace(event, secret=(("deck", deck),))
                if event.type == "deck_chosen" and event.owner == seat
                else event
                for event in events
            )
    return dataclasses.replace(state, sides=(sides[0], sides[1]), events=events)


def _own(state: State, seat: int, side: Side, rng: random.Random) -> Side:
    if state.phase == "search" and state.turn == seat:
        deck = list(side.deck)
        rng.shuffle(deck)
        return dataclasses.replace(side, deck=tuple(deck))
    pool = [*side.deck, *side.prizes]
    rng.shuffle(pool)
    size = len(side.prizes)
    return dataclasses.replace(side, prizes=tuple(pool[:size]), deck=tuple(pool[size:]))


def _other(state: State, side: Side, rng: random.Random) -> Side:
    face_down = state.phase == "setup"
    placed = list(side.creatures()) if face_down else []
    pool = [*side.hand, *side.deck, *side.prizes, *(c.cards[-1] for c in placed)]
    rng.shuffle(pool)
    if face_down:
        basics = [
            index
            for index, name in enumerate(pool)
            if CARDS[name].stage == 0 and CARDS[name].kind == "creature"
        ]
        chosen = basics[: len(placed)]
        names = [pool[index] for index in chosen]
        pool = [name for index, name in enumerate(pool) if index not in set(chosen)]
        new = [
            Creature(uid=old.uid, cards=(name,)) for old, name in zip(placed, names, strict=True)
        ]
        active = new[0] if side.active is not None else None
        bench = tuple(new[1:] if side.active is not None else new)
        side = dataclasses.replace(side, active=active, bench=bench)
    hand, rest = pool[: len(side.hand)], pool[len(side.hand) :]
    prizes, deck = rest[: len(side.prizes)], rest[len(side.prizes) :]
    return dataclasses.replace(side, hand=tuple(hand), prizes=tuple(prizes), deck=tuple(deck))


CHOICES: dict[str, tuple[Any, ...]] = {
    "deck_size": (60, 30),
    "deck_1": ("choose", "tide", "surge", "grove", "ember"),
    "deck_2": ("choose", "ember", "surge", "grove", "tide"),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """The decks are shown once both have chosen, the setup once both are done; the viewer
    sees cards come into its hand (draws, prizes, a search) and its deck's Basics in a search.
    Nothing else shows anything: every other action names the cards it plays."""
    after = apply(state, seat, action)
    if state.phase in ("deck", "setup") and after.phase != state.phase:
        return True
    if viewer is None:
        return False
    if after.phase == "search" and after.turn == viewer:
        return True
    return bool(Counter(after.sides[viewer].hand) - Counter(state.sides[viewer].hand))
