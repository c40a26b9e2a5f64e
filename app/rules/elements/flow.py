"""Elements' effects: what each action does, through the three phases of a round
(rules/elements.md): the face-down placements and the reveal (Phase 1), the auctions (Phase 2),
scoring a round, the cards each seat keeps and the refill that deals the next one (Phase 3 and
Game end)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.rules.cards import without
from app.rules.elements.combinations import best_combination
from app.rules.elements.components import ALL_CARDS, COLOURS, HAND_SIZE, LAP_CARDS, Card, card_order
from app.rules.elements.state import (
    AUCTION,
    OVER,
    PLACE,
    REFILL,
    Auction,
    State,
    round_started,
    sorted_cards,
)
from app.rules.kit import Event, replace_at

# --- Phase 1: face-down placements, the reveal and the re-sort ---------------------------------


def do_place(state: State, seat: int, card: Card, colour: str) -> State:
    """Phase 1.1: the card lies face down in front of ``colour``; only its owner knows it."""
    position = state.row.index(colour)
    placed = Event(
        "card_placed",
        (("round", state.round), ("seat", seat), ("colour", colour)),
        owner=seat,
        secret=(("card", card.id),),
    )
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], [card])),
        slots=replace_at(state.slots, position, card),
        placed_by=replace_at(state.placed_by, position, seat),
        events=state.events + (placed,),
    )
    if sum(owner is not None for owner in state.placed_by) < state.players:
        return replace(state, turn=(seat + 1) % state.players)
    return _reveal(state)


def _reveal(state: State) -> State:
    """Phase 1.2-5 and 2.1-2: fill empty colours from the draw pile, reveal, re-sort the row
    (stable: ties keep their old order), set the zeros aside and queue the auctions."""
    slots = list(state.slots)
    pile = state.pile
    for position, card in enumerate(slots):
        if card is None:
            slots[position], pile = pile[0], pile[1:]
    cards = [card for card in slots if card is not None]
    assert len(cards) == len(slots)
    revealed = Event(
        "cards_revealed",
        (
            ("round", state.round),
            ("colours", state.row),
            ("cards", tuple(card.id for card in cards)),
            ("placed_by", state.placed_by),
        ),
    )
    # Phase 1.4: Python's sort is stable, so equal values keep their previous relative order.
    order = sorted(range(len(cards)), key=lambda position: -cards[position].value)
    row = tuple(state.row[position] for position in order)
    sorted_cards = tuple(cards[position] for position in order)
    resorted = Event(
        "row_sorted",
        (("round", state.round), ("row", row), ("cards", tuple(card.id for card in sorted_cards))),
    )
    events = [revealed, resorted]
    zeros = tuple(card.id for card in sorted_cards if card.value == 0)
    if zeros:
        events.append(
            Event(
                "set_aside",
                (
                    ("round", state.round),
                    ("cards", zeros),
                ),
            )
        )
    # Phase 2.2: from the far end of the row towards the box, zeros left out.
    queue = tuple(
        position
        for position in reversed(range(len(sorted_cards)))
        if sorted_cards[position].value > 0
    )
    state = replace(
        state,
        phase=AUCTION,
        row=row,
        slots=sorted_cards,
        placed_by=tuple(state.placed_by[position] for position in order),
        revealed=True,
        pile=pile,
        turn=None,
        queue=queue,
        events=state.events + tuple(events),
    )
    return _next_auction(state, starter=state.start_seat)


# --- Phase 2: the auctions ---------------------------------------------------------------------


def _next_auction(state: State, *, starter: int) -> State:
    """Start the next point card's auction, or end the round when none is left."""
    if not state.queue:
        return _end_round(state)
    position, queue = state.queue[0], state.queue[1:]
    card = state.slots[position]
    assert card is not None
    auction = Auction(
        position=position,
        starter=starter,
        lap=1,
        turn=starter,
        bids=((),) * state.players,
        passed=(False,) * state.players,
    )
    started = Event(
        "auction_started",
        (
            ("round", state.round),
            ("card", card.id),
            ("colour", state.row[position]),
            ("starter", starter),
        ),
    )
    state = replace(
        state, queue=queue, auction=auction, turn=starter, events=state.events + (started,)
    )
    return _settle(state)


def do_bid(state: State, seat: int, cards: Sequence[Card]) -> State:
    """Phase 2.3: the cards go face up next to the seat's earlier ones in this auction."""
    auction = state.auction
    assert auction is not None
    played = tuple(sorted(cards, key=card_order))
    bid = Event(
        "bid",
        (
            ("round", state.round),
            ("seat", seat),
            ("lap", auction.lap),
            ("cards", tuple(card.id for card in played)),
        ),
    )
    auction = replace(auction, bids=replace_at(auction.bids, seat, auction.bids[seat] + played))
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], played)),
        auction=auction,
        events=state.events + (bid,),
    )
    return _advance(state)


def do_pass(state: State, seat: int, *, forced: bool) -> State:
    """Phase 2.3: out of this auction only; the cards already played still compete."""
    auction = state.auction
    assert auction is not None
    passed = Event("passed", (("round", state.round), ("seat", seat), ("forced", forced)))
    auction = replace(auction, passed=replace_at(auction.passed, seat, True))
    return _advance(replace(state, auction=auction, events=state.events + (passed,)))


def _advance(state: State) -> State:
    """Hand the turn to the next seat still in, lap by lap from the starter; after lap 3, or
    when everyone has passed, the auction is decided."""
    auction = state.auction
    assert auction is not None
    players = state.players
    offset = (auction.turn - auction.starter) % players
    for lap in range(auction.lap, len(LAP_CARDS) + 1):
        first = offset + 1 if lap == auction.lap else 0
        for step in range(first, players):
            seat = (auction.starter + step) % players
            if not auction.passed[seat]:
                auction = replace(auction, lap=lap, turn=seat)
                return _settle(replace(state, auction=auction, turn=seat))
    return _decide(state)


def _settle(state: State) -> State:
    """Pass for a seat that cannot play this lap's cards (Phase 2.3: "a player who cannot play
    two cards must pass"; with an empty hand there is nothing to play in laps 1-2 either)."""
    auction = state.auction
    if state.phase != AUCTION or auction is None:
        return state
    if len(state.hands[auction.turn]) >= LAP_CARDS[auction.lap - 1]:
        return state
    return do_pass(state, auction.turn, forced=True)


def _decide(state: State) -> State:
    """Phase 2.4-7: the best combination takes the point card face down; with no card played it
    goes to nobody. Every played card is discarded; the winner starts the next auction
    ([SEED-SILENT]: with no winner the same starter starts again)."""
    auction = state.auction
    assert auction is not None
    card = state.slots[auction.position]
    assert card is not None
    contenders = [seat for seat in range(state.players) if auction.bids[seat]]
    discard = state.discard + tuple(played for bid in auction.bids for played in bid)
    state = replace(state, auction=None, turn=None, discard=discard)
    if not contenders:
        unsold = Event(
            "auction_unsold",
            (
                ("round", state.round),
                ("card", card.id),
            ),
        )
        state = replace(state, events=state.events + (unsold,))
        return _next_auction(state, starter=auction.starter)
    winner = max(contenders, key=lambda seat: best_combination(auction.bids[seat], state.row).key)
    best = best_combination(auction.bids[winner], state.row)
    won = Event(
        "auction_won",
        (
            ("round", state.round),
            ("seat", winner),
            ("card", card.id),
            ("value", card.value),
            ("kind", best.kind),
            ("number", best.number),
            ("colour", best.colour),
            ("bid", tuple(item.id for item in auction.bids[winner])),
        ),
    )
    state = replace(
        state,
        point_owner=replace_at(state.point_owner, auction.position, winner),
        point_cards=replace_at(state.point_cards, winner, state.point_cards[winner] + 1),
        events=state.events + (won,),
    )
    return _next_auction(state, starter=winner)


# --- Phase 3: scoring, keeping and the refill --------------------------------------------------


def _end_round(state: State) -> State:
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
    scored = Event("round_scored", (("round", state.round), ("points", points), ("totals", scores)))
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
        over = Event(
            "game_over",
            (
                ("round", state.round),
                ("scores", scores),
            ),
        )
        return replace(state, phase=OVER, events=state.events + (over,))
    refilled = tuple(not hand for hand in state.hands)
    state = replace(state, phase=REFILL, returned=((),) * state.players, refilled=refilled)
    return _deal_if_ready(state)


def do_return(state: State, seat: int, card: Card) -> State:
    """Phase 3.3: the card goes back face down; an emptied hand has nothing left to choose."""
    returned = Event(
        "card_returned",
        (
            ("round", state.round),
            ("seat", seat),
        ),
        owner=seat,
        secret=(("card", card.id),),
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
        (
            ("round", state.round),
            ("seat", seat),
            ("kept", len(state.hands[seat])),
            ("returned", len(state.returned[seat])),
        ),
    )
    state = replace(
        state,
        refilled=replace_at(state.refilled, seat, True),
        events=state.events + (kept,),
    )
    return _deal_if_ready(state)


def _deal_if_ready(state: State) -> State:
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
            (("round", next_round), ("seat", seat), ("drawn", len(drawn[seat]))),
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
