"""What each viewer sees of a game of Elements: the view, the log and the outcome
(rules/elements.md, Hidden information). Views are built field by field (style 4.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.base import Outcome
from app.rules.elements.combinations import best_combination
from app.rules.elements.components import LAP_CARDS, Card
from app.rules.elements.state import OVER, PLACE, REFILL, State


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


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log for ``seat``: public fields for all, secret ones only for their owner."""
    entries = []
    for event in state.events:
        mine = seat is not None and seat == event.owner
        entry: dict[str, Any] = {"type": event.type, "round": event.round}
        entry.update((key, _thaw(value)) for key, value in event.fields)
        entry.update((key, _thaw(value) if mine else None) for key, value in event.secret)
        entries.append(entry)
    return entries


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the totals and the winners: the highest total, ties
    shared ([SEED-SILENT]) or broken by most point cards won with ``tie_break``."""
    if state.phase != OVER:
        return None
    return Outcome(
        scores=list(state.scores),
        winners=winners(state),
        detail={
            "rounds": [list(points) for points in state.round_points],
            "point_cards": list(state.point_cards),
            "tie_break": state.tie_break,
        },
    )


def winners(state: State) -> frozenset[int]:
    """The seats with the highest total (and, with the tie-break option, most point cards)."""
    top = max(state.scores)
    best = [seat for seat in range(state.players) if state.scores[seat] == top]
    if state.tie_break == "most_point_cards":
        most = max(state.point_cards[seat] for seat in best)
        best = [seat for seat in best if state.point_cards[seat] == most]
    return frozenset(best)


def combination_view(cards: Sequence[Card], row: Sequence[str]) -> dict[str, Any] | None:
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


# --- pieces of the view ------------------------------------------------------------------------


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
    combos = [combination_view(bid, state.row) for bid in auction.bids]
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


def _thaw(value: Any) -> Any:
    """A stored event value as JSON: tuples become lists."""
    if isinstance(value, tuple):
        return [_thaw(item) for item in value]
    return value
