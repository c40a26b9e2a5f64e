"""Tong-its hides each hand from everyone but its holder, the order of the stock from everyone,
the card a player draws, the cards of a secret four from all but its owner, and an answer to a
called draw from all but the answering seat, until the hand is over (rules/tong-its.md,
Information; package docstring of app/rules/tong_its, View and Log). Exposed melds, the
discards, the stock's size and who has answered are public; the end shows every hand, every
secret four and every answer, but never the stock's order."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.kit import Event
from app.rules.tong_its import DECK, SUITS, Card, Meld, State, apply
from app.rules.tong_its.components import sorted_hand, sorted_meld

_RUN = 3
"""Three cards in a row: no hidden card is anywhere in public, so no public list can hold three
of them in the order a hidden hand (sorted) or the stock keeps them, while one card alone (or a
rank word) may well be printed for another reason."""


def _forms(cards: list[str]) -> list[str]:
    """A list of cards as a frame would print it: compact (the socket) and spaced."""
    return [json.dumps(cards, separators=(",", ":")), json.dumps(cards)]


def _runs(cards: tuple[Card, ...]) -> list[str]:
    """Every run of ``_RUN`` consecutive cards of a list, as the inside of a printed list."""
    texts = [card.to_json() for card in cards]
    return [
        form[1:-1]
        for start in range(len(texts) - _RUN + 1)
        for form in _forms(texts[start : start + _RUN])
    ]


def _hidden_seats(viewer: int | None) -> list[int]:
    return [seat for seat in range(3) if seat != viewer]


def items(state: State, viewer: int | None) -> list[str]:
    """Every other hand (whole, as a view prints the holder's own, and every run of three of
    its cards) and another seat's secret four while the hand runs; the stock in order (runs of
    three) always: the end shows the hands but never the stock."""
    found = _runs(state.stock)
    if state.phase == "over":
        return found
    for seat in _hidden_seats(viewer):
        compact, spaced = _forms([card.to_json() for card in state.hands[seat]])
        found += [f'"hand":{compact}', f'"hand": {spaced}', *_runs(state.hands[seat])]
    for meld in state.melds:
        if meld.secret and meld.owner != viewer:
            found += _forms([card.to_json() for card in meld.cards]) + _runs(meld.cards)
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same hand with what the viewer cannot see dealt out again: the other hands (each
    keeps its size) and the stock share one shuffled pool with the other seats' secret fours,
    each of which becomes a four of a rank drawn from the pool (so it may be another rank);
    another seat's hidden answer is turned round; the secrets others read in the log (drawn
    cards, secret fours, answers) are rewritten to match. Once the hand is over only the stock's
    order is still hidden."""
    stock = list(state.stock)
    if state.phase == "over":
        rng.shuffle(stock)
        return dataclasses.replace(state, stock=tuple(stock))
    others = _hidden_seats(viewer)
    fours = [
        index for index, meld in enumerate(state.melds) if meld.secret and meld.owner != viewer
    ]
    pool = [card for seat in others for card in state.hands[seat]] + stock
    pool += [card for index in fours for card in state.melds[index].cards]
    melds = list(state.melds)
    for index in fours:
        # A rank whose four cards are all hidden from the viewer: the old one always is.
        ranks = sorted({card.rank for card in pool if _all_of(pool, card.rank)})
        rank = rng.choice(ranks)
        cards = sorted_meld(Card(rank, suit) for suit in SUITS)
        melds[index] = Meld(state.melds[index].owner, cards, secret=True)
        pool = [card for card in pool if card.rank != rank]
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        size = len(hands[seat])
        hands[seat], pool = sorted_hand(pool[:size]), pool[size:]
    answers = tuple(
        {"fight": "fold", "fold": "fight"}.get(answer or "", answer)
        if seat in others and not state.auto_folds[seat]
        else answer
        for seat, answer in enumerate(state.answers)
    )
    events = tuple(
        _rewritten(event, melds, answers, rng) if event.secret and event.owner != viewer else event
        for event in state.events
    )
    return dataclasses.replace(
        state,
        hands=tuple(hands),
        stock=tuple(pool),
        melds=tuple(melds),
        answers=answers,
        events=events,
    )


def _all_of(pool: list[Card], rank: int) -> bool:
    return sum(1 for card in pool if card.rank == rank) == len(SUITS)


def _rewritten(
    event: Event, melds: list[Meld], answers: tuple[str | None, ...], rng: random.Random
) -> Event:
    """A secret log entry of another seat rewritten to match the twin: a drawn card at random,
    a secret four's new cards, the turned answer."""
    fields = dict(event.fields)
    if event.type == "drew":
        secret: tuple[tuple[str, Any], ...] = (("card", rng.choice(DECK)),)
    elif event.type == "exposed":
        secret = (("cards", melds[fields["meld"]].cards),)
    else:
        secret = (("answer", answers[fields["seat"]]),)
    return dataclasses.replace(event, secret=secret)


CHOICES: dict[str, tuple[Any, ...]] = {
    "hand_count": ("deadwood", "all"),
    "discard_pile": ("all", "top"),
    "tong_its_bonus": (1, 2, 3, 5),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """A draw shows the drawer its new card; the end of the hand (a Tong-its, the last answer to
    a call, a call nobody may fight, the last turn after the stock ran out) shows every hand,
    secret four and answer. Nothing else shows anything: an answer before the last one shows
    only that the seat has answered, and every other action names the cards it plays."""
    if action["type"] == "draw" and seat == viewer:
        return True
    return apply(state, seat, action).phase == "over"
