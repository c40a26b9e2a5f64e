"""Elements hides every hand from all but its owner, a face-down placement from everyone but
its placer until all five are revealed (the next placer included), the draw pile from
everyone, and the cards a player puts back in the refill (rules/elements.md, Hidden
information)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from app.rules.base import Action
from app.rules.elements import ALL_CARDS, CARDS_BY_ID, Card, State
from tests.security.secrets.flow import public_change

_Place = tuple[str, int, int]
"""Where a hidden card lies: ("hand", seat, index), ("slot", position, 0), ("pile", index, 0)
or ("returned", seat, index)."""


def _hidden_places(state: State, viewer: int | None) -> list[_Place]:
    """Every place holding a card the viewer may not see now."""
    places: list[_Place] = []
    for seat in range(state.players):
        if seat != viewer:
            places += [("hand", seat, index) for index in range(len(state.hands[seat]))]
            places += [("returned", seat, index) for index in range(len(state.returned[seat]))]
    if not state.revealed:
        places += [
            ("slot", position, 0)
            for position, card in enumerate(state.slots)
            if card is not None and state.placed_by[position] != viewer
        ]
    places += [("pile", index, 0) for index in range(len(state.pile))]
    return places


def _card_at(state: State, place: _Place) -> Card:
    kind, a, b = place
    if kind == "hand":
        return state.hands[a][b]
    if kind == "returned":
        return state.returned[a][b]
    if kind == "slot":
        card = state.slots[a]
        assert card is not None
        return card
    return state.pile[a]


def _ids_in(value: Any) -> set[str]:
    """Card ids inside an event value (a string or nested tuples)."""
    if isinstance(value, str):
        return {value} if value in CARDS_BY_ID else set()
    if isinstance(value, tuple):
        return set().union(*(_ids_in(item) for item in value)) if value else set()
    return set()


def _ever_seen(state: State, viewer: int | None) -> set[str]:
    """Card ids the viewer has been shown at some point: public log fields, its own secret log
    fields, and what it holds or sees now. Cards recycle between rounds, so a card seen once
    (say, bid in round 1) may lie hidden later and still appear in the log legitimately."""
    seen: set[str] = set()
    for event in state.events:
        for _, value in event.fields:
            seen |= _ids_in(value)
        if viewer is not None and event.owner == viewer:
            for _, value in event.secret:
                seen |= _ids_in(value)
    if viewer is not None:
        seen |= {card.id for card in state.hands[viewer] + state.returned[viewer]}
    for position, card in enumerate(state.slots):
        if card is not None and (state.revealed or state.placed_by[position] == viewer):
            seen.add(card.id)
    seen |= {card.id for card in state.discard}
    return seen


def items(state: State, viewer: int | None) -> list[str]:
    """Every hidden card the viewer has never been shown, as its quoted wire id (``"blue-7"``
    with the quotes, so that ``"blue-1"`` does not match inside ``"blue-10"``). Before the
    first reveal that is every card but the viewer's own."""
    seen = _ever_seen(state, viewer)
    hidden = {_card_at(state, place).id for place in _hidden_places(state, viewer)}
    return [f'"{card_id}"' for card_id in sorted(hidden - seen)]


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with the cards the viewer cannot see dealt out differently: every hidden
    place (others' hands and returned cards, others' face-down placements, the pile) gets a
    card from the same hidden set, and the log's secrets of other seats (their placements,
    returns and refill draws) name other cards."""
    places = _hidden_places(state, viewer)
    shuffled = [_card_at(state, place) for place in places]
    rng.shuffle(shuffled)
    hands = [list(hand) for hand in state.hands]
    returned = [list(cards) for cards in state.returned]
    slots = list(state.slots)
    pile = list(state.pile)
    for (kind, a, b), card in zip(places, shuffled, strict=True):
        if kind == "hand":
            hands[a][b] = card
        elif kind == "returned":
            returned[a][b] = card
        elif kind == "slot":
            slots[a] = card
        else:
            pile[a] = card
    events = []
    for event in state.events:
        if event.secret and event.owner != viewer:
            secret = tuple((key, _other_ids(value, rng)) for key, value in event.secret)
            event = dataclasses.replace(event, secret=secret)
        events.append(event)
    return dataclasses.replace(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        returned=tuple(tuple(cards) for cards in returned),
        slots=tuple(slots),
        pile=tuple(pile),
        events=tuple(events),
    )


def _other_ids(value: Any, rng: random.Random) -> Any:
    """A secret log value with every card id replaced by a random card's id."""
    if isinstance(value, str):
        return rng.choice(ALL_CARDS).id
    if isinstance(value, tuple):
        return tuple(_other_ids(item, rng) for item in value)
    return value


CHOICES: dict[str, tuple[str, ...]] = {
    "keep": ("any", "one"),
    "tie_break": ("shared", "most_point_cards"),
}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """The last face-down placement turns all five over (and the pile's top cards onto empty
    colours); a refill deals from the pile; a round's end counts it: each changes the phase,
    the round or the pile. Bids name their cards."""
    return public_change("elements", state, seat, action, "phase", "round", "pile")
