"""UNO hides every hand from all but its holder, the order of the draw pile from everyone, the
card a player just drew, and a challenged Wild Draw Four hand from all but the challenger
(rules/uno.md, House rule 4; package docstring of app/rules/uno)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.kit import Event
from app.rules.uno import DECK, State, wild_draw_four_guilty
from app.rules.uno.components import sort_key
from tests.security.secrets.flow import hand_grows, public_change

_RUN = 6
"""Six cards in pile order: a view lists at most the 6 top discards, in play order, so the same
run of codes in a frame would mean the pile's order leaked."""
_HAND = 4
"""Hands of at least 4 cards are listed whole (sorted, as a view would print the holder's own
hand); shorter lists of cards turn up in public places by chance (the discards)."""


def _json_forms(cards: list[str]) -> list[str]:
    """A list of cards as a frame would print it: compact (the socket) and spaced."""
    return [json.dumps(cards, separators=(",", ":")), json.dumps(cards)]


def _shown_hands(state: State, viewer: int | None) -> list[tuple[str, ...]]:
    """Hands this viewer was shown as a challenger (they may well still be someone's hand)."""
    return [
        tuple(dict(event.secret)["hand"])
        for event in state.events
        if event.type == "challenged" and viewer is not None and event.owner == viewer
    ]


def items(state: State, viewer: int | None) -> list[str]:
    """Other players' hands as whole lists, runs of the pile in order, and a challenged hand
    that was not shown to this viewer."""
    shown = _shown_hands(state, viewer)
    found: list[str] = []
    for seat, hand in enumerate(state.hands):
        if seat != viewer and len(hand) >= _HAND and hand not in shown:
            found += _json_forms(list(hand))
    pile = list(state.pile)
    for start in range(len(pile) - _RUN + 1):
        found += [form[1:-1] for form in _json_forms(pile[start : start + _RUN])]
    played = state.wild_draw_four
    if played is not None and played.seat != viewer and len(played.hand) >= _HAND:
        if played.hand not in shown:
            found += _json_forms(list(played.hand))
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same match with every card the viewer cannot see dealt out again: other hands (sizes
    kept) and the pile share one shuffled pool; another player's drawn card, a challengeable
    Wild Draw Four's hand and verdict, a hand shown to another challenger and the cards others
    drew in the log are re-dealt to match."""
    hidden = [seat for seat in range(state.players) if seat != viewer]
    pool = [card for seat in hidden for card in state.hands[seat]] + list(state.pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in hidden:
        size = len(hands[seat])
        hands[seat] = tuple(sorted(pool[:size], key=sort_key))
        pool = pool[size:]
    state = dataclasses.replace(state, hands=tuple(hands), pile=tuple(pool))
    if state.drawn is not None and state.turn != viewer and state.turn is not None:
        state = dataclasses.replace(state, drawn=rng.choice(state.hands[state.turn]))
    played = state.wild_draw_four
    if played is not None and played.seat != viewer:
        hand = state.hands[played.seat]
        below, colour = state.discard[-2] if len(state.discard) > 1 else state.discard[-1]
        guilty = wild_draw_four_guilty(state.options.wd4_rule, hand, below, colour)
        state = dataclasses.replace(
            state, wild_draw_four=dataclasses.replace(played, hand=hand, guilty=guilty)
        )
    challenge = state.last_challenge
    if challenge is not None and challenge.seat != viewer:
        state = dataclasses.replace(
            state,
            last_challenge=dataclasses.replace(challenge, hand=_random_cards(rng, challenge.hand)),
        )
    events = []
    for event in state.events:
        if event.secret and event.owner != viewer:
            event = _rescrambled(event, rng)
        events.append(event)
    return dataclasses.replace(state, events=tuple(events))


def _random_cards(rng: random.Random, cards: tuple[str, ...]) -> tuple[str, ...]:
    """As many cards as ``cards``, drawn at random from the deck, sorted."""
    return tuple(sorted(rng.sample(DECK, len(cards)), key=sort_key))


def _rescrambled(event: Event, rng: random.Random) -> Event:
    """The event with its secret cards replaced by random ones of the same number."""
    secret: list[tuple[str, Any]] = [
        (key, _random_cards(rng, value)) for key, value in event.secret
    ]
    return dataclasses.replace(event, secret=tuple(secret))


CHOICES: dict[str, tuple[Any, ...]] = {
    "scoring": ("seed", "official"),
    "target": (0, 100),
    "wd4_rule": ("seed", "official"),
    "deck_exhausted": ("reshuffle", "void"),
    "first_reverse": ("seed", "official"),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """A challenge's verdict depends on the challenged hand; the end of a hand counts every
    hand; cards the viewer draws (a draw, a penalty, a catch) are new to it."""
    if action["type"] == "challenge":
        return True
    if public_change("uno", state, seat, action, "hand_number", "phase", "totals", "results"):
        return True
    return hand_grows("uno", state, seat, action, viewer, "hand_counts")
