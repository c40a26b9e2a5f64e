"""Monopoly Deal's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/monopoly-deal.md, Turn, Paying and
Restrictions)."""

from __future__ import annotations

from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.kit import N_, Move, parse_kind
from app.rules.monopoly_deal.areas import building_set, locate, payable
from app.rules.monopoly_deal.components import (
    BUILDINGS,
    CARDS,
    COLOURS,
    MAX_DOUBLES,
    Card,
    colour_name,
    parse_card,
)
from app.rules.monopoly_deal.state import State

_CARD = frozenset({"type", "card"})
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "bank": _CARD,
    "place": _CARD | {"colour"},
    "move_wild": _CARD | {"colour"},
    "pass_go": _CARD,
    "birthday": _CARD,
    "debt_collector": _CARD | {"target"},
    "sly_deal": _CARD | {"target", "take"},
    "forced_deal": _CARD | {"target", "give", "take"},
    "deal_breaker": _CARD | {"target", "set"},
    "build": _CARD | {"set"},
    "rent": _CARD | {"colour", "doubles", "target"},
    "end_turn": frozenset({"type"}),
    "discard": _CARD,
    "accept": frozenset({"type"}),
    "just_say_no": _CARD,
    "pay": _CARD,
    "pay_all": frozenset({"type"}),
}
"""The fields of each action on the wire; anything else is malformed."""

DEBTS = frozenset({"birthday", "debt_collector", "rent"})
"""The actions that make their targets pay (the others take or swap properties)."""

# --- parsing -------------------------------------------------------------------------------------


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them, or ``bad_action``
    for anything malformed (another type, missing or extra fields, a field of the wrong type,
    a colour that does not exist, more than two doubles or one named twice) and ``bad_card``
    for a string that names no card."""
    kind = parse_kind(action, ACTION_FIELDS, game="Monopoly Deal")
    args: list[Any] = []
    if "card" in action:
        args.append(_card(action["card"]))
    if kind == "rent":
        target = None if action["target"] is None else _seat(action["target"])
        return Move(kind, (*args, _colour(action["colour"]), _doubles(action["doubles"]), target))
    if "colour" in action:
        args.append(_colour(action["colour"]))
    if "target" in action:
        args.append(_seat(action["target"]))
    if "give" in action:
        args.append(_card(action["give"]))
    if "take" in action:
        args.append(_card(action["take"]))
    if "set" in action:
        args.append(_index(action["set"]))
    return Move(kind, tuple(args))


def _card(text: Any) -> str:
    """The card id a wire string names, or ``bad_action``/``bad_card``."""
    if not isinstance(text, str):
        raise IllegalAction("bad_action", "A card is named by its id, a string.")
    if parse_card(text) is None:
        raise IllegalAction("bad_card", "There is no card {card}.", card=repr(text[:40]))
    return text


def _colour(text: Any) -> str:
    if not isinstance(text, str) or text not in COLOURS:
        raise IllegalAction(
            "bad_action", "The colour must be one of {colours}.", colours=", ".join(COLOURS)
        )
    return text


def _seat(value: Any) -> int:
    if type(value) is not int:
        raise IllegalAction("bad_action", "The target is a seat number.")
    return value


def _index(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise IllegalAction("bad_action", "The set is its number in the list, from 0.")
    return value


def _doubles(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_DOUBLES:
        raise IllegalAction("bad_action", "doubles is a list of at most two Double the Rents.")
    cards = tuple(_card(text) for text in value)
    if len(set(cards)) != len(cards):
        raise IllegalAction("bad_action", "A Double the Rent is named twice.")
    return cards


# --- shared checks -------------------------------------------------------------------------------


def acting(state: State) -> int | None:
    """The one seat that may act: the turn's player, or while an action is answered or paid,
    the responder or the payer; ``None`` once over."""
    if state.phase == "over":
        return None
    if state.pending is not None:
        responder = state.pending.responder
        return state.pending.target if responder is None else responder
    return state.turn


def check_turn(state: State, seat: int) -> None:
    """Refuse everyone once the match is over, and any seat but the one to act."""
    seat_now = acting(state)
    if seat_now is None:
        raise IllegalAction("game_over", "The game is over.")
    if seat != seat_now:
        raise IllegalAction("not_your_turn", "It is not your turn to act.")


_PHASE_WORDS = {
    "play": N_("It is time to play cards or end your turn."),
    "respond": N_("An action is waiting for an answer: accept it or say no."),
    "pay": N_("A debt is being paid."),
    "discard": N_("Discard down to 7 cards first."),
}

_NOT_ACTION = {
    "pass_go": N_("{card} is not a pass go card."),
    "birthday": N_("{card} is not a birthday card."),
    "debt_collector": N_("{card} is not a debt collector card."),
    "sly_deal": N_("{card} is not a sly deal card."),
    "forced_deal": N_("{card} is not a forced deal card."),
    "deal_breaker": N_("{card} is not a deal breaker card."),
}
"""The refusal of a card played as an action card it is not."""


def _check_phase(state: State, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction("wrong_phase", _PHASE_WORDS[state.phase])


def _check_play(state: State, seat: int, card: str, detail: str | None, uses: int = 1) -> Card:
    """A card play in ``"play"``: a play left for each ``uses``, the card held and (with a
    ``detail``) the action card it must be."""
    _check_phase(state, "play")
    if state.plays_left < uses:
        raise IllegalAction(
            "no_plays_left", "You have {count} plays left this turn.", count=state.plays_left
        )
    _check_held(state, seat, card)
    found = CARDS[card]
    if detail is not None and found.detail != detail:
        raise IllegalAction("not_allowed", _NOT_ACTION[detail], card=card)
    return found


def _check_held(state: State, seat: int, card: str) -> None:
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", "You do not hold {card}.", card=card)


def _check_other(state: State, seat: int, target: int) -> None:
    if not 0 <= target < state.players or target == seat:
        raise IllegalAction("bad_target", "The target must be another player's seat.")


def _check_loose(state: State, seat: int, card: str, *, code: str, whose: str) -> None:
    """``card`` is a property or wild of ``seat``'s sets that is not in a complete set (Sly Deal,
    Forced Deal)."""
    index = locate(state.sets[seat], card)
    if index is None:
        if whose == "your":
            raise IllegalAction(code, "{card} is not in your property area.", card=card)
        raise IllegalAction(code, "{card} is not in their property area.", card=card)
    if state.sets[seat][index].complete:
        raise IllegalAction("not_allowed", "{card} is in a complete set.", card=card)


# --- play ----------------------------------------------------------------------------------------


def check_bank(state: State, seat: int, card: str) -> None:
    """Turn 2: money or an action card (rents too) into the bank; never a property."""
    found = _check_play(state, seat, card, None)
    if found.kind in ("property", "wild"):
        raise IllegalAction("not_allowed", "Properties go to your property area, not the bank.")


def check_place(state: State, seat: int, card: str, colour: str) -> None:
    """Turn 2: a property in its colour, a wild in one of its colours."""
    found = _check_play(state, seat, card, None)
    if found.kind not in ("property", "wild"):
        raise IllegalAction("not_allowed", "{card} is not a property.", card=card)
    if colour not in found.colours:
        raise IllegalAction(
            "not_allowed", "{card} cannot be {colour}.", card=card, colour=colour_name(colour)
        )


def check_move_wild(state: State, seat: int, card: str, colour: str) -> None:
    """Turn 2: moving one's own wildcards is free; Parlor lets each move once a turn."""
    _check_phase(state, "play")
    index = locate(state.sets[seat], card)
    if index is None or CARDS[card].kind != "wild":
        raise IllegalAction(
            "not_allowed", "{card} is not a wildcard in your property area.", card=card
        )
    if card in state.moved_wilds:
        raise IllegalAction("not_allowed", "Each wildcard moves at most once a turn.")
    if colour not in CARDS[card].colours or colour == state.sets[seat][index].colour:
        raise IllegalAction(
            "not_allowed", "{card} cannot move to {colour}.", card=card, colour=colour_name(colour)
        )


def check_pass_go(state: State, seat: int, card: str) -> None:
    """Action cards: Pass Go, draw 2."""
    _check_play(state, seat, card, "pass_go")


def check_birthday(state: State, seat: int, card: str) -> None:
    """Action cards: It's My Birthday, every player pays 2M."""
    _check_play(state, seat, card, "birthday")


def check_debt_collector(state: State, seat: int, card: str, target: int) -> None:
    """Action cards: Debt Collector, one player pays 5M."""
    _check_play(state, seat, card, "debt_collector")
    _check_other(state, seat, target)


def check_sly_deal(state: State, seat: int, card: str, target: int, take: str) -> None:
    """Action cards: Sly Deal, take one property not in a complete set."""
    _check_play(state, seat, card, "sly_deal")
    _check_other(state, seat, target)
    _check_loose(state, target, take, code="bad_target", whose="their")


def check_forced_deal(
    state: State, seat: int, card: str, target: int, give: str, take: str
) -> None:
    """Action cards: Forced Deal, swap one of yours for one of theirs, neither in a complete
    set."""
    _check_play(state, seat, card, "forced_deal")
    _check_other(state, seat, target)
    _check_loose(state, seat, give, code="not_allowed", whose="your")
    _check_loose(state, target, take, code="bad_target", whose="their")


def check_deal_breaker(state: State, seat: int, card: str, target: int, index: int) -> None:
    """Action cards: Deal Breaker, take a complete set with its buildings."""
    _check_play(state, seat, card, "deal_breaker")
    _check_other(state, seat, target)
    if index >= len(state.sets[target]):
        raise IllegalAction("bad_target", "They have no set {set}.", set=index)
    if not state.sets[target][index].complete:
        raise IllegalAction("not_allowed", "A Deal Breaker takes only a complete set.")


def check_build(state: State, seat: int, card: str, index: int) -> None:
    """Restrictions, Houses and hotels: only on complete sets, a hotel on a house, none on the
    colours the option ``buildings`` excludes."""
    found = _check_play(state, seat, card, None)
    if found.detail not in ("house", "hotel"):
        raise IllegalAction("not_allowed", "{card} is not a house or a hotel.", card=card)
    if index >= len(state.sets[seat]):
        raise IllegalAction("bad_target", "You have no set {set}.", set=index)
    group = state.sets[seat][index]
    if not group.complete:
        raise IllegalAction("not_allowed", "Buildings go only on complete sets.")
    if group.colour in BUILDINGS[state.options.buildings]:
        raise IllegalAction(
            "not_allowed", "No buildings on {colour}.", colour=colour_name(group.colour)
        )
    if found.detail == "house" and group.house is not None:
        raise IllegalAction("not_allowed", "That set has a house already.")
    if found.detail == "hotel" and (group.house is None or group.hotel is not None):
        raise IllegalAction("not_allowed", "A hotel needs a house and no hotel yet.")


def check_rent(
    state: State,
    seat: int,
    card: str,
    colour: str,
    doubles: tuple[str, ...],
    target: int | None,
) -> None:
    """Rent cards: a two-colour rent names one of its colours and charges all (no target), a
    wild rent any colour and one chosen player; the actor owns a set of that colour; each Double
    the Rent is its own play (Turn 2)."""
    found = _check_play(state, seat, card, None, uses=1 + len(doubles))
    if found.kind != "rent":
        raise IllegalAction("not_allowed", "{card} is not a rent card.", card=card)
    for double in doubles:
        _check_held(state, seat, double)
        if CARDS[double].detail != "double_rent":
            raise IllegalAction("not_allowed", "{card} is not a Double the Rent.", card=double)
    if colour not in found.colours:
        raise IllegalAction(
            "not_allowed", "{card} does not charge {colour}.", card=card, colour=colour_name(colour)
        )
    if all(group.colour != colour for group in state.sets[seat]):
        raise IllegalAction("not_allowed", "You have no {colour} set.", colour=colour_name(colour))
    if found.detail != "any":
        if target is not None:
            raise IllegalAction("bad_target", "A two-colour rent charges everyone: no target.")
    elif target is None:
        raise IllegalAction("bad_target", "A wild rent charges one player: name the target.")
    else:
        _check_other(state, seat, target)


def check_end_turn(state: State, seat: int) -> None:
    """Turn: the player may end their turn at any time in ``"play"``."""
    _check_phase(state, "play")


def check_discard(state: State, seat: int, card: str) -> None:
    """Turn 3: discard down to 7 cards."""
    _check_phase(state, "discard")
    _check_held(state, seat, card)


# --- answers and payments -------------------------------------------------------------------------


def check_accept(state: State, seat: int) -> None:
    """Just Say No: the answer that lets the action (or the Just Say No before it) stand."""
    _check_phase(state, "respond")


def check_just_say_no(state: State, seat: int, card: str) -> None:
    """Just Say No: in answer to an action (or a Just Say No) aimed at you; on your own turn it
    is one of your plays, on another's it is not (Restrictions)."""
    _check_phase(state, "respond")
    _check_held(state, seat, card)
    if CARDS[card].detail != "just_say_no":
        raise IllegalAction("not_allowed", "{card} is not a Just Say No.", card=card)
    if seat == state.turn and state.plays_left < 1:
        raise IllegalAction("no_plays_left", "You have no plays left this turn.")


def check_pay(state: State, seat: int, card: str) -> None:
    """Paying: from the table only (bank, properties, buildings), chosen by the payer; a
    multicolour wild has no value, and a hotel goes before the house under it."""
    _check_phase(state, "pay")
    if card in payable(state.banks[seat], state.sets[seat]):
        return
    sets = state.sets[seat]
    if locate(sets, card) is not None:
        raise IllegalAction("not_allowed", "A multicolour wild has no value: it cannot pay.")
    if building_set(sets, card) is not None:
        raise IllegalAction("not_allowed", "Pay with the hotel before the house under it.")
    raise IllegalAction(
        "not_allowed", "{card} is not on your table (debts are never paid from hand).", card=card
    )


def check_pay_all(state: State, seat: int) -> None:
    """Paying: a table worth less than (or just) the debt is paid whole, in one action."""
    _check_phase(state, "pay")
    assert state.pending is not None  # a debt is being paid
    total = sum(CARDS[card].value for card in payable(state.banks[seat], state.sets[seat]))
    if total > state.pending.owed:
        raise IllegalAction("not_allowed", "Your table is worth more than you owe: pick cards.")
