"""Monopoly Deal hides each hand from everyone but its holder, the order of the draw pile from
everyone, and the cards a player draws (at the start of a turn, with Pass Go) from all but the
drawer, for the whole match: nothing is revealed at the end (rules/monopoly-deal.md,
Information; package docstring of app/rules/monopoly_deal, View and Log). Banks, property
areas, discards, hand sizes and the draw pile's size are public."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.kit import Event
from app.rules.monopoly_deal import State, apply

_RUN = 3
"""Three cards in a row: a card in a hand or the draw pile is nowhere public at that moment, and
no public list of the log holds three cards that can go back into a hand or the pile (only
hand cards are ever discarded and reshuffled, and at most two Double the Rents are listed
together), while one card alone may well be printed by an old log entry (discarded, then
reshuffled and drawn again)."""


def _forms(cards: list[str]) -> list[str]:
    """A list of cards as a frame would print it: compact (the socket) and spaced."""
    return [json.dumps(cards, separators=(",", ":")), json.dumps(cards)]


def _runs(cards: tuple[str, ...]) -> list[str]:
    """Every run of ``_RUN`` consecutive cards of a list, as the inside of a printed list."""
    return [
        form[1:-1]
        for start in range(len(cards) - _RUN + 1)
        for form in _forms(list(cards[start : start + _RUN]))
    ]


def _hidden_seats(state: State, viewer: int | None) -> list[int]:
    return [seat for seat in range(state.players) if seat != viewer]


def items(state: State, viewer: int | None) -> list[str]:
    """Every other non-empty hand (whole, as a view prints the holder's own, and every run of
    three of its cards) and the draw pile in order (runs of three), at every moment."""
    found = _runs(state.deck)
    for seat in _hidden_seats(state, viewer):
        hand = state.hands[seat]
        if hand:
            compact, spaced = _forms(list(hand))
            found += [f'"hand":{compact}', f'"hand": {spaced}', *_runs(hand)]
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same table with what the viewer cannot see dealt out again: the other hands (each
    keeps its size) and the draw pile share one shuffled pool, so a hidden Just Say No may
    become money or a property; the cards others drew, as the log keeps them for their drawer,
    are rewritten (as many, drawn from the pool)."""
    others = _hidden_seats(state, viewer)
    pool = [card for seat in others for card in state.hands[seat]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    rest = pool
    for seat in others:
        size = len(hands[seat])
        hands[seat], rest = tuple(rest[:size]), rest[size:]
    events = tuple(
        _rewritten(event, pool, rng) if event.secret and event.owner != viewer else event
        for event in state.events
    )
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(rest), events=events)


def _rewritten(event: Event, pool: list[str], rng: random.Random) -> Event:
    """A draw of another seat (``turn_start``, ``pass_go``) with other cards, as many."""
    drawn = dict(event.secret)["cards"]
    cards = tuple(rng.sample(pool, len(drawn))) if len(pool) >= len(drawn) else drawn
    return dataclasses.replace(event, secret=(("cards", cards),))


CHOICES: dict[str, tuple[Any, ...]] = {
    "buildings": ("official", "seed"),
    "deck": ("standard", "extended"),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """A draw shows the drawer its new cards: the start of the viewer's turn (after the last
    player's ``end_turn`` or ``discard``) and the viewer's own Pass Go. Nothing else shows
    anything: every other action names the cards it plays, and nothing is revealed at the end."""
    if viewer is None:
        return False
    after = apply(state, seat, action)
    return any(card not in state.hands[viewer] for card in after.hands[viewer])
