"""Elements' rules: the contract of design 1.1 (the view, log and outcome are in ``views.py``)
and the effects of Phases 1 and 2 (rules/elements.md); Phase 3 is in ``refill.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from app.rules.base import Action, IllegalAction, can, choose_start
from app.rules.elements.checks import (
    check_actor,
    check_bid,
    check_keep,
    check_pass,
    check_place,
    check_return,
    parse,
)
from app.rules.elements.combinations import best_combination
from app.rules.elements.components import (
    ALL_CARDS,
    COLOURS,
    DEFAULT_OPTIONS,
    HAND_SIZE,
    KEEP_RULES,
    LAP_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIE_BREAKS,
    Card,
    card_order,
)
from app.rules.elements.refill import do_keep, do_return, end_round
from app.rules.elements.state import (
    AUCTION,
    PLACE,
    REFILL,
    Auction,
    Event,
    State,
    replace_at,
    round_started,
    sorted_cards,
    without,
)
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options for a table of ``players``, or ``IllegalAction`` if either is invalid."""
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise IllegalAction("bad_players", "Elements is for 3 to 5 players.")
    for key in options:
        if key not in DEFAULT_OPTIONS:
            raise IllegalAction("bad_option", f"Elements has no option {str(key)[:40]!r}.")
    full = {**DEFAULT_OPTIONS, **options}
    if not isinstance(full["keep"], str) or full["keep"] not in KEEP_RULES:
        raise IllegalAction("bad_option", 'Keep must be "any" or "one".')
    if not isinstance(full["tie_break"], str) or full["tie_break"] not in TIE_BREAKS:
        raise IllegalAction("bad_option", 'The tie-break must be "shared" or "most_point_cards".')
    return full


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/elements.md, Setup); the order of draws is in the package
    docstring. ``start_seat`` is the table's choice of the first start player (a rematch);
    without it the seed draws one."""
    full = check_options(players, options)
    rng = Rng(seed, "deal")
    row, rng = rng.shuffle(COLOURS)
    deck, rng = rng.shuffle(ALL_CARDS)
    hands = tuple(
        sorted_cards(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]) for seat in range(players)
    )
    drawn, rng = rng.randbelow(players)
    start_seat = choose_start(start_seat, drawn=drawn, players=players)
    started = Event(
        "game_started", 1, (("players", players), ("start_seat", start_seat), ("row", row))
    )
    return State(
        players=players,
        keep=full["keep"],
        tie_break=full["tie_break"],
        round=1,
        start_seat=start_seat,
        phase=PLACE,
        row=row,
        slots=(None,) * len(COLOURS),
        placed_by=(None,) * len(COLOURS),
        revealed=False,
        hands=hands,
        pile=deck[HAND_SIZE * players :],
        turn=start_seat,
        queue=(),
        auction=None,
        point_owner=(None,) * len(COLOURS),
        discard=(),
        scores=(0,) * players,
        point_cards=(0,) * players,
        round_points=(),
        returned=((),) * players,
        refilled=(False,) * players,
        rng=rng,
        events=(started, round_started(1, start_seat)),
    )


def to_act(state: State) -> frozenset[int]:
    """The seat to place or bid; in the refill every seat still choosing; empty once over."""
    if state.phase == REFILL:
        return frozenset(seat for seat in range(state.players) if not state.refilled[seat])
    return frozenset() if state.turn is None else frozenset({state.turn})


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: placements by hand card, then colour
    from the box outwards; bids by hand card (pairs in hand order), then pass; returns by hand
    card, then keep_hand."""
    if not can(check_actor, state, seat):
        return []
    hand = state.hands[seat]
    if state.phase == PLACE:
        return [
            {"type": "place_card", "card": card.id, "colour": colour}
            for card in hand
            for colour in state.row
            if can(check_place, state, seat, card, colour)
        ]
    if state.phase == AUCTION:
        assert state.auction is not None
        size = LAP_CARDS[state.auction.lap - 1]
        actions: list[Action] = [
            {"type": "bid", "cards": [card.id for card in cards]}
            for cards in combinations(hand, size)
            if can(check_bid, state, seat, cards)
        ]
        return actions + [{"type": "pass"}]
    actions = [
        {"type": "return_card", "card": card.id}
        for card in hand
        if can(check_return, state, seat, card)
    ]
    if can(check_keep, state, seat):
        actions.append({"type": "keep_hand"})
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_actor(state, seat)
    move = parse(action)
    if move.kind == "place_card":
        assert move.card is not None
        check_place(state, seat, move.card, move.colour)
        return _do_place(state, seat, move.card, move.colour)
    if move.kind == "bid":
        check_bid(state, seat, move.cards)
        return _do_bid(state, seat, move.cards)
    if move.kind == "pass":
        check_pass(state, seat)
        return _do_pass(state, seat, forced=False)
    if move.kind == "return_card":
        assert move.card is not None
        check_return(state, seat, move.card)
        return do_return(state, seat, move.card)
    check_keep(state, seat)
    return do_keep(state, seat)


# --- Phase 1: face-down placements, the reveal and the re-sort ---------------------------------


def _do_place(state: State, seat: int, card: Card, colour: str) -> State:
    """Phase 1.1: the card lies face down in front of ``colour``; only its owner knows it."""
    position = state.row.index(colour)
    placed = Event(
        "card_placed",
        state.round,
        (("seat", seat), ("colour", colour)),
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
        state.round,
        (
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
        state.round,
        (("row", row), ("cards", tuple(card.id for card in sorted_cards))),
    )
    events = [revealed, resorted]
    zeros = tuple(card.id for card in sorted_cards if card.value == 0)
    if zeros:
        events.append(Event("set_aside", state.round, (("cards", zeros),)))
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
        return end_round(state)
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
        state.round,
        (("card", card.id), ("colour", state.row[position]), ("starter", starter)),
    )
    state = replace(
        state, queue=queue, auction=auction, turn=starter, events=state.events + (started,)
    )
    return _settle(state)


def _do_bid(state: State, seat: int, cards: Sequence[Card]) -> State:
    """Phase 2.3: the cards go face up next to the seat's earlier ones in this auction."""
    auction = state.auction
    assert auction is not None
    played = tuple(sorted(cards, key=card_order))
    bid = Event(
        "bid",
        state.round,
        (("seat", seat), ("lap", auction.lap), ("cards", tuple(card.id for card in played))),
    )
    auction = replace(auction, bids=replace_at(auction.bids, seat, auction.bids[seat] + played))
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], played)),
        auction=auction,
        events=state.events + (bid,),
    )
    return _advance(state)


def _do_pass(state: State, seat: int, *, forced: bool) -> State:
    """Phase 2.3: out of this auction only; the cards already played still compete."""
    auction = state.auction
    assert auction is not None
    passed = Event("passed", state.round, (("seat", seat), ("forced", forced)))
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
    return _do_pass(state, auction.turn, forced=True)


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
        unsold = Event("auction_unsold", state.round, (("card", card.id),))
        state = replace(state, events=state.events + (unsold,))
        return _next_auction(state, starter=auction.starter)
    winner = max(contenders, key=lambda seat: best_combination(auction.bids[seat], state.row).key)
    best = best_combination(auction.bids[winner], state.row)
    won = Event(
        "auction_won",
        state.round,
        (
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
