"""Manhattan hides each hand from everyone but its holder, the order of the draw pile from
everyone, and which card a player drew (rules/manhattan.md, Hidden information; package
docstring, View). The board, supplies, chosen pieces, played cards and scores are public."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.manhattan import CARDS, State, cell_of


def _others(state: State, viewer: int | None) -> list[int]:
    """Seats whose hands ``viewer`` may not see."""
    return [seat for seat in range(state.players) if seat != viewer]


def _printed(key: str, value: Any) -> list[str]:
    """``"key": value`` as a frame would print it: compact (the socket) and spaced."""
    return [
        f'"{key}":{json.dumps(value, separators=(",", ":"))}',
        f'"{key}": {json.dumps(value)}',
    ]


def items(state: State, viewer: int | None) -> list[str]:
    """Each hidden hand as a view would print it, and the draw pile in order (from 5 cards on,
    so that no public list of small numbers can match it)."""
    found: list[str] = []
    for seat in _others(state, viewer):
        if state.hands[seat]:
            found += _printed(
                "hand", [{"id": card, "cell": cell_of(card)} for card in state.hands[seat]]
            )
    if len(state.deck) >= 5:
        found += [
            json.dumps(list(state.deck))[1:-1],
            json.dumps(list(state.deck), separators=(",", ":"))[1:-1],
        ]
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with the cards the viewer cannot see dealt out again: the other hands and
    the draw pile swap cards (each hand keeps its size), so a hand may hold cards of other cells
    than before, and the cards others drew are rewritten in the log."""
    others = _others(state, viewer)
    pool = [card for seat in others for card in state.hands[seat]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        size = len(hands[seat])
        hands[seat], pool = tuple(pool[:size]), pool[size:]

    def redrawn() -> tuple[tuple[str, Any], ...]:
        card = rng.randrange(CARDS)
        return (("card", card), ("cell", cell_of(card)))

    events = tuple(
        dataclasses.replace(event, secret=redrawn())
        if event.secret and event.owner != viewer
        else event
        for event in state.events
    )
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool), events=events)


CHOICES: dict[str, tuple[int, ...]] = {"rounds": (4, 6)}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """Every build or discard ends with a draw, which shows the drawer its new card; what is
    played is named in the action, and the played cards are public."""
    return seat == viewer and action["type"] != "choose_pieces"
