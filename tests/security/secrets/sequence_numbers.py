"""Sequence Numbers hides each hand from everyone but its holder (team-mates included), the
order of the draw pile from everyone, and which card a player drew (rules/sequence-numbers.md,
Turn; package docstring, View). The board, discard piles and hand counts are public."""

from __future__ import annotations

import dataclasses
import json
import random

from app.rules.base import Action
from app.rules.sequence_numbers import State
from app.rules.sequence_numbers.components import CARD_NAMES


def _others(state: State, viewer: int | None) -> list[int]:
    """Seats whose hands ``viewer`` may not see."""
    return [seat for seat in range(state.players) if seat != viewer]


def items(state: State, viewer: int | None) -> list[str]:
    """Each hidden hand and the draw pile, as a view would print them."""
    found = [json.dumps({"hand": list(state.hands[seat])})[1:-1] for seat in _others(state, viewer)]
    if len(state.deck) >= 5:  # at least one equation card: no other list can match
        found.append(json.dumps(list(state.deck))[1:-1])
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with the cards the viewer cannot see dealt out differently: the other
    hands and the draw pile swap cards (each hand keeps its size), and the cards others drew
    are rewritten in the log."""
    others = _others(state, viewer)
    pool = [card for seat in others for card in state.hands[seat]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        size = len(hands[seat])
        hands[seat], pool = tuple(pool[:size]), pool[size:]
    names = sorted(CARD_NAMES)
    events = tuple(
        dataclasses.replace(
            event, secret=tuple((key, rng.choice(names)) for key, _ in event.secret)
        )
        if event.secret and event.owner != viewer
        else event
        for event in state.events
    )
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool), events=events)


CHOICES: dict[str, tuple[int, ...]] = {
    "six_player_teams": (2, 3),
    "plus_cards": (0, 2, 4),
    # No Minus card last: the wire harness plays every option's last value at once, and with
    # Minus cards a full board at 6 players in 3 teams can go on for thousands of moves.
    "minus_cards": (2, 4, 0),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """Every action ends with a draw, which shows the drawer its new card; what is played is
    named in the action, and discard piles are public."""
    return seat == viewer
