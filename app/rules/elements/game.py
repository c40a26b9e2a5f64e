"""Elements' rules: the contract of design 1.1, with what each viewer sees of a game (the view,
log and outcome; rules/elements.md, Hidden information). The effects of the three phases are in
``flow``, the checks in ``checks``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any

from app.rules.base import Action, Outcome
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
    CARDS_BY_ID,
    COLOURS,
    HAND_SIZE,
    LAP_CARDS,
    TABLE,
    Card,
)
from app.rules.elements.flow import do_bid, do_keep, do_pass, do_place, do_return
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
from app.rules.kit import Event, MoveRule, can, choose_start, log_for, play_move
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/elements.md, Setup); the order of draws is in the package
    docstring. ``start_seat`` is the table's choice of the first start player (a rematch);
    without it the seed draws one."""
    full = TABLE.check(players, options)
    rng = Rng(seed, "deal")
    row, rng = rng.shuffle(COLOURS)
    deck, rng = rng.shuffle(ALL_CARDS)
    hands = tuple(
        sorted_cards(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]) for seat in range(players)
    )
    drawn, rng = rng.randbelow(players)
    start_seat = choose_start(start_seat, drawn=drawn, players=players)
    started = Event(
        "game_started",
        (("round", 1), ("players", players), ("start_seat", start_seat), ("row", row)),
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


MOVES: Mapping[str, MoveRule[State]] = {
    "place_card": MoveRule(check_place, do_place),
    "bid": MoveRule(check_bid, do_bid),
    "pass": MoveRule(check_pass, partial(do_pass, forced=False)),
    "return_card": MoveRule(check_return, do_return),
    "keep_hand": MoveRule(check_keep, do_keep),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect (in ``flow``; a pass played is never forced: ``flow`` forces one itself when a
hand is too short to bid)."""


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_actor(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees: the colour row with which slots are taken
    (a face-down card only to the seat that placed it), the point cards and every bid, each
    seat's hand size, points and point cards won; its own hand and returned cards."""
    mine = seat is not None and 0 <= seat < state.players
    return {
        "game": "elements",
        "players": state.players,
        "you": seat,
        "round": state.round,
        "rounds": state.players,
        "phase": state.phase,
        "to_act": _to_act(state),
        "start_seat": state.start_seat,
        "row": [_slot_view(state, position, seat) for position in range(len(state.row))],
        "hand": [card.id for card in state.hands[seat]] if mine and seat is not None else None,
        "hand_counts": [len(hand) for hand in state.hands],
        "pile": len(state.pile),
        "discard": [card.id for card in state.discard],
        "auction": _auction_view(state),
        "queue": [_id(state.slots[position]) for position in state.queue],
        "scores": list(state.scores),
        "round_points": _round_points(state),
        "won_this_round": [
            sum(owner == player for owner in state.point_owner) for player in range(state.players)
        ],
        "point_cards": list(state.point_cards),
        "rounds_scored": [list(points) for points in state.round_points],
        "refill": _refill_view(state, seat) if state.phase == REFILL else None,
        "keep": state.keep,
        "tie_break": state.tie_break,
    }


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view`` (issue 27). Secret are the other
    hands, their face-down placements, the draw pile and the cards they put back in a refill
    (rules/elements.md, Hidden information): the cards in none of the places the view shows
    (the seat's hand and its own placement and returns, the revealed row, the bids and the
    discard pile) are dealt at random to those places, each keeping its size. The random stream
    of later refills is drawn too (``rng``); the log is not rebuilt (``events`` is empty): a
    search needs none."""
    players = view["players"]
    phase = view["phase"]
    row = tuple(slot["colour"] for slot in view["row"])
    hand = tuple(CARDS_BY_ID[card] for card in view["hand"])
    refill = view["refill"]
    yours = () if refill is None else tuple(CARDS_BY_ID[card] for card in refill["yours"])
    shown = [CARDS_BY_ID[slot["card"]] for slot in view["row"] if slot["card"] is not None]
    discard = tuple(CARDS_BY_ID[card] for card in view["discard"])
    seen = {*hand, *yours, *shown, *discard}
    shown_auction = view["auction"]
    auction: Auction | None = None
    if shown_auction is not None:
        bids = tuple(tuple(CARDS_BY_ID[card] for card in bid) for bid in shown_auction["bids"])
        seen.update(card for bid in bids for card in bid)
        auction = Auction(
            position=shown_auction["position"],
            starter=shown_auction["starter"],
            lap=shown_auction["lap"],
            turn=shown_auction["turn"],
            bids=bids,
            passed=tuple(shown_auction["passed"]),
        )
    unseen, rng = rng.shuffle([card for card in ALL_CARDS if card not in seen])
    deal = iter(unseen)
    slots = tuple(
        None
        if not slot["taken"]
        else CARDS_BY_ID[slot["card"]]
        if slot["card"] is not None
        else next(deal)
        for slot in view["row"]
    )
    hands = tuple(
        hand if owner == seat else sorted_cards([next(deal) for _ in range(count)])
        for owner, count in enumerate(view["hand_counts"])
    )
    returned: tuple[tuple[Card, ...], ...] = ((),) * players
    refilled = (False,) * players
    if refill is not None:
        returned = tuple(
            yours if owner == seat else tuple(next(deal) for _ in range(count))
            for owner, count in enumerate(refill["returned"])
        )
        refilled = tuple(refill["done"])
    pile = tuple(next(deal) for _ in range(view["pile"]))
    assert next(deal, None) is None  # every card is somewhere
    revealed = phase != PLACE
    positions = {card.id: position for position, card in enumerate(slots) if card is not None}
    return State(
        players=players,
        keep=view["keep"],
        tie_break=view["tie_break"],
        round=view["round"],
        start_seat=view["start_seat"],
        phase=phase,
        row=row,
        slots=slots,
        placed_by=tuple(slot["placed_by"] for slot in view["row"]),
        revealed=revealed,
        hands=hands,
        pile=pile,
        turn=None if phase == REFILL else view["to_act"],
        queue=tuple(positions[card] for card in view["queue"]),
        auction=auction,
        point_owner=tuple(slot["won_by"] for slot in view["row"]),
        discard=discard,
        scores=tuple(view["scores"]),
        point_cards=tuple(view["point_cards"]),
        round_points=tuple(tuple(points) for points in view["rounds_scored"]),
        returned=returned,
        refilled=refilled,
        rng=rng,
        events=(),
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log for ``seat``: public fields for all, secret ones only for their owner."""
    return log_for(state.events, seat)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the totals and the winners: the highest total, ties
    shared ([SEED-SILENT]) or broken by most point cards won with ``tie_break``."""
    if state.phase != OVER:
        return None
    return Outcome(
        scores=list(state.scores),
        winners=_winners(state),
        detail={
            "rounds": [list(points) for points in state.round_points],
            "point_cards": list(state.point_cards),
            "tie_break": state.tie_break,
        },
    )


# --- pieces of the view and the outcome --------------------------------------------------------


def _winners(state: State) -> frozenset[int]:
    """The seats with the highest total (and, with the tie-break option, most point cards)."""
    top = max(state.scores)
    best = [seat for seat in range(state.players) if state.scores[seat] == top]
    if state.tie_break == "most_point_cards":
        most = max(state.point_cards[seat] for seat in best)
        best = [seat for seat in best if state.point_cards[seat] == most]
    return frozenset(best)


def _combination_view(cards: Sequence[Card], row: Sequence[str]) -> dict[str, Any] | None:
    """A bid's best combination as the table shows it, ``None`` for no cards."""
    if not cards:
        return None
    best = best_combination(cards, row)
    return {
        "kind": best.kind,
        "number": best.number,
        "colour": best.colour,
        "cards": [Card(*card).id for card in best.cards],
    }


def _to_act(state: State) -> int | list[int] | None:
    """The seat to act; in the refill the list of seats still choosing."""
    if state.phase == REFILL:
        return [seat for seat in range(state.players) if not state.refilled[seat]]
    return state.turn


def _slot_view(state: State, position: int, seat: int | None) -> dict[str, Any]:
    """One colour card of the row and the number card in front of it."""
    card = state.slots[position]
    placer = state.placed_by[position]
    visible = state.revealed or (seat is not None and placer == seat)
    return {
        "colour": state.row[position],
        "taken": card is not None,
        "placed_by": placer,
        "card": card.id if card is not None and visible else None,
        "status": _slot_status(state, position),
        "won_by": state.point_owner[position] if state.revealed else None,
    }


def _slot_status(state: State, position: int) -> str:
    """``empty``/``face_down`` before the reveal; then ``set_aside`` (a zero), ``waiting``,
    ``auction`` (under auction now), ``won`` or ``unsold``."""
    card = state.slots[position]
    if not state.revealed or card is None:
        return "face_down" if card is not None else "empty"
    if card.value == 0:
        return "set_aside"
    if state.auction is not None and state.auction.position == position:
        return "auction"
    if position in state.queue:
        return "waiting"
    return "won" if state.point_owner[position] is not None else "unsold"


def _auction_view(state: State) -> dict[str, Any] | None:
    """The point card under auction, every bid, its best combination and who leads."""
    auction = state.auction
    if auction is None:
        return None
    card = state.slots[auction.position]
    assert card is not None
    combos = [_combination_view(bid, state.row) for bid in auction.bids]
    bidders = [seat for seat in range(state.players) if auction.bids[seat]]
    leader = max(
        bidders,
        key=lambda seat: best_combination(auction.bids[seat], state.row).key,
        default=None,
    )  # every bid is unique, so keys never tie (Combination ranking)
    return {
        "card": card.id,
        "value": card.value,
        "colour": state.row[auction.position],
        "position": auction.position,
        "starter": auction.starter,
        "lap": auction.lap,
        "cards_needed": LAP_CARDS[auction.lap - 1],
        "turn": auction.turn,
        "bids": [[played.id for played in bid] for bid in auction.bids],
        "passed": list(auction.passed),
        "combinations": combos,
        "leader": leader,
    }


def _round_points(state: State) -> list[int]:
    """Points won so far this round, per seat (the score sheet is public)."""
    if state.phase == PLACE:
        return [0] * state.players
    if state.phase in (OVER, REFILL):
        return list(state.round_points[-1])  # the round has been scored
    return [
        sum(
            card.value
            for card, owner in zip(state.slots, state.point_owner, strict=True)
            if card is not None and owner == seat
        )
        for seat in range(state.players)
    ]


def _refill_view(state: State, seat: int | None) -> dict[str, Any]:
    """Phase 3: who is done, how many cards each put back, and which ones (to their owner)."""
    mine = seat is not None and 0 <= seat < state.players
    return {
        "done": list(state.refilled),
        "returned": [len(cards) for cards in state.returned],
        "yours": [card.id for card in state.returned[seat]] if mine and seat is not None else None,
    }


def _id(card: Card | None) -> str | None:
    return None if card is None else card.id
