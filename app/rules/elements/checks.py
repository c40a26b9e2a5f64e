"""Elements' action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/elements.md, Phases 1-3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.elements.components import CARDS_BY_ID, COLOURS, LAP_CARDS, Card
from app.rules.elements.state import AUCTION, OVER, PLACE, REFILL, State
from app.rules.kit import N_, Move, parse_kind

# The fields of each action on the wire; anything else is malformed.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "place_card": frozenset({"type", "card", "colour"}),
    "bid": frozenset({"type", "cards"}),
    "pass": frozenset({"type"}),
    "return_card": frozenset({"type", "card"}),
    "keep_hand": frozenset({"type"}),
}

PHASE_ACTIONS: dict[str, frozenset[str]] = {
    PLACE: frozenset({"place_card"}),
    AUCTION: frozenset({"bid", "pass"}),
    REFILL: frozenset({"return_card", "keep_hand"}),
    OVER: frozenset(),
}
"""Which actions each phase of a round takes."""

_PHASE_HINTS: dict[str, tuple[str, str]] = {
    PLACE: ("must_place", N_("Place a card face down in front of a colour first.")),
    AUCTION: ("must_bid", N_("The point cards are being auctioned: play cards or pass.")),
    REFILL: ("must_refill", N_("Choose the cards you keep for the next round.")),
}


def check_actor(state: State, seat: int) -> None:
    """Refuse everyone once the game is over, and any seat that is not to act now: the seat
    whose turn it is in Phases 1-2, every seat still choosing in the refill (Phase 3)."""
    if state.phase == OVER:
        raise IllegalAction("game_over", "The game is over.")
    if state.phase == REFILL:
        if not 0 <= seat < state.players or state.refilled[seat]:
            raise IllegalAction("not_your_turn", "You have already chosen the cards you keep.")
        return
    if seat != state.turn:
        raise IllegalAction("not_your_turn", "It is not your turn.")


def check_phase(state: State, kind: str) -> None:
    """Refuse an action the current phase does not take, saying what is due."""
    if kind not in PHASE_ACTIONS[state.phase]:
        code, message = _PHASE_HINTS.get(state.phase, ("game_over", "The game is over."))
        raise IllegalAction(code, message)


def check_place(state: State, seat: int, card: Card, colour: str) -> None:
    """Phase 1.1: a card from your hand, face down in front of a colour that has none yet."""
    check_actor(state, seat)
    check_phase(state, "place_card")
    if card not in state.hands[seat]:
        raise IllegalAction(
            "not_in_hand",
            "The {colour} {value} is not in your hand.",
            colour=card.colour,
            value=card.value,
        )
    position = state.row.index(colour)
    if state.slots[position] is not None:
        raise IllegalAction(
            "slot_taken", "The {colour} card already has a number card.", colour=colour
        )


def check_bid(state: State, seat: int, cards: Sequence[Card]) -> None:
    """Phase 2.3: one card in lap 1, one more in lap 2, two at once in lap 3, from your hand."""
    check_actor(state, seat)
    check_phase(state, "bid")
    assert state.auction is not None
    needed = LAP_CARDS[state.auction.lap - 1]
    if len(cards) != needed:
        lap = state.auction.lap
        if needed == 1:
            raise IllegalAction("wrong_count", "In lap {lap} you play one card (or pass).", lap=lap)
        raise IllegalAction(
            "wrong_count", "In lap {lap} you play two cards at once (or pass).", lap=lap
        )
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            raise IllegalAction(
                "not_in_hand",
                "The {colour} {value} is not in your hand.",
                colour=card.colour,
                value=card.value,
            )


def check_pass(state: State, seat: int) -> None:
    """Phase 2.3: passing is always allowed while you are in the auction."""
    check_actor(state, seat)
    check_phase(state, "pass")


def check_return(state: State, seat: int, card: Card) -> None:
    """Phase 3.3: put a card of your hand back into the deck."""
    check_actor(state, seat)
    check_phase(state, "return_card")
    if card not in state.hands[seat]:
        raise IllegalAction(
            "not_in_hand",
            "The {colour} {value} is not in your hand.",
            colour=card.colour,
            value=card.value,
        )


def check_keep(state: State, seat: int) -> None:
    """Phase 3.3: keep the rest of the hand; at most one card with the ``keep: "one"`` option
    (the English rule sheet)."""
    check_actor(state, seat)
    check_phase(state, "keep_hand")
    if state.keep == "one" and len(state.hands[seat]) > 1:
        raise IllegalAction("keep_one", "You may keep only one card: put the others back.")


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them, or ``bad_action`` for
    anything malformed (unknown type, missing or extra keys, a card or colour that does not
    exist, a card listed twice)."""
    kind = parse_kind(action, ACTION_FIELDS, game="Elements")
    if kind == "place_card":
        colour = action["colour"]
        if not isinstance(colour, str) or colour not in COLOURS:
            raise IllegalAction(
                "bad_action", "The colour must be one of {colours}.", colours=", ".join(COLOURS)
            )
        return Move(kind, (_card(action["card"]), colour))
    if kind == "return_card":
        return Move(kind, (_card(action["card"]),))
    if kind == "bid":
        listed = action["cards"]
        if not isinstance(listed, list) or not 1 <= len(listed) <= max(LAP_CARDS):
            raise IllegalAction("bad_action", "A bid lists one or two cards.")
        cards = tuple(_card(item) for item in listed)
        if len(set(cards)) != len(cards):
            raise IllegalAction("bad_action", "A bid cannot list the same card twice.")
        return Move(kind, (cards,))
    return Move(kind)


def _card(item: Any) -> Card:
    """A card id from the wire (``"blue-7"``), or ``bad_action``."""
    if not isinstance(item, str) or item not in CARDS_BY_ID:
        raise IllegalAction("bad_action", 'A card is written like "blue-7".')
    return CARDS_BY_ID[item]
