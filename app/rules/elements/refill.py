"""Elements' Phase 3: scoring a round, the cards each seat keeps, and the refill that deals the
next round (rules/elements.md, Phase 3 and Game end)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.elements.components import ALL_CARDS, COLOURS, HAND_SIZE, Card
from app.rules.elements.state import (
    OVER,
    PLACE,
    REFILL,
    Event,
    State,
    replace_at,
    round_started,
    sorted_cards,
    without,
)


def end_round(state: State) -> State:
    """Phase 3.1: score the round's point cards; after the last round the game is over,
    otherwise every seat chooses what to keep (an empty hand has nothing to choose)."""
    points = tuple(
        sum(
            card.value
            for card, owner in zip(state.slots, state.point_owner, strict=True)
            if card is not None and owner == seat
        )
        for seat in range(state.players)
    )
    scores = tuple(total + gained for total, gained in zip(state.scores, points, strict=True))
    scored = Event("round_scored", state.round, (("points", points), ("totals", scores)))
    state = replace(
        state,
        scores=scores,
        round_points=state.round_points + (points,),
        turn=None,
        auction=None,
        events=state.events + (scored,),
    )
    if state.round == state.players:
        # Game end: one round per player, so each player has started once.
        over = Event("game_over", state.round, (("scores", scores),))
        return replace(state, phase=OVER, events=state.events + (over,))
    refilled = tuple(not hand for hand in state.hands)
    state = replace(state, phase=REFILL, returned=((),) * state.players, refilled=refilled)
    return deal_if_ready(state)


def do_return(state: State, seat: int, card: Card) -> State:
    """Phase 3.3: the card goes back face down; an emptied hand has nothing left to choose."""
    returned = Event(
        "card_returned", state.round, (("seat", seat),), owner=seat, secret=(("card", card.id),)
    )
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], [card])),
        returned=replace_at(state.returned, seat, state.returned[seat] + (card,)),
        events=state.events + (returned,),
    )
    if state.hands[seat]:
        return state
    return do_keep(state, seat)


def do_keep(state: State, seat: int) -> State:
    """Phase 3.3: the seat keeps what is left in its hand."""
    kept = Event(
        "hand_kept",
        state.round,
        (("seat", seat), ("kept", len(state.hands[seat])), ("returned", len(state.returned[seat]))),
    )
    state = replace(
        state,
        refilled=replace_at(state.refilled, seat, True),
        events=state.events + (kept,),
    )
    return deal_if_ready(state)


def deal_if_ready(state: State) -> State:
    """Phase 3.4-5: once every seat has chosen, shuffle every card not in a hand, refill the
    hands one card at a time in turn order from the new start player, and begin the next
    round with the seat to the left of the last start player."""
    if not all(state.refilled):
        return state
    in_hands = {card for hand in state.hands for card in hand}
    deck, rng = state.rng.shuffle([card for card in ALL_CARDS if card not in in_hands])
    start_seat = (state.start_seat + 1) % state.players
    hands = [list(hand) for hand in state.hands]
    drawn: list[list[Card]] = [[] for _ in hands]
    top = 0
    while any(len(hand) < HAND_SIZE for hand in hands):
        for step in range(state.players):
            seat = (start_seat + step) % state.players
            if len(hands[seat]) < HAND_SIZE:
                hands[seat].append(deck[top])
                drawn[seat].append(deck[top])
                top += 1
    next_round = state.round + 1
    events = [
        Event(
            "hand_refilled",
            next_round,
            (("seat", seat), ("drawn", len(drawn[seat]))),
            owner=seat,
            secret=(("cards", tuple(card.id for card in sorted_cards(drawn[seat]))),),
        )
        for seat in range(state.players)
    ]
    events.append(round_started(next_round, start_seat))
    return replace(
        state,
        round=next_round,
        start_seat=start_seat,
        phase=PLACE,
        slots=(None,) * len(COLOURS),
        placed_by=(None,) * len(COLOURS),
        revealed=False,
        hands=tuple(sorted_cards(hand) for hand in hands),
        pile=deck[top:],
        turn=start_seat,
        queue=(),
        auction=None,
        point_owner=(None,) * len(COLOURS),
        discard=(),
        returned=((),) * state.players,
        refilled=(False,) * state.players,
        rng=rng,
        events=state.events + tuple(events),
    )
