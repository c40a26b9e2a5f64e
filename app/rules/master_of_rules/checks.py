"""Master of Rules' action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/master-of-rules.md, A deal, Rule-card
restriction and Refill on play)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.base import Action, IllegalAction
from app.rules.kit import Move, parse_kind, require_turn
from app.rules.master_of_rules.components import COLOURS, RULE_NAMES, RULE_TYPES, VALUES, Number
from app.rules.master_of_rules.state import State

NUMBER = "number"
RULE = "rule"

# The fields of each action on the wire; anything else is malformed.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "play_number": frozenset({"type", "colour", "value"}),
    "play_rule": frozenset({"type", "rule"}),
    "take_number": frozenset({"type", "colour", "value"}),
    "take_rule": frozenset({"type", "rule"}),
}

# --- checks (one per action kind, shared by legal_actions and apply) ---------------------------


def check_turn(state: State, seat: int) -> None:
    """Refuse anyone but the seat to act, and everyone once the game is over."""
    require_turn(state.turn, seat)


def _check_play(state: State, seat: int, kind: str) -> None:
    """A play: not while a take is due; in lap 2 only the type not played in lap 1."""
    check_turn(state, seat)
    if state.taking == NUMBER:
        raise IllegalAction("must_take", "Take a number card from the display first.")
    if state.taking is not None:
        raise IllegalAction("must_take", "Take a rule card from the display first.")
    if state.lap == 2:
        # A deal, step 3: lap 2 is the other type.
        played_number = state.table_numbers[seat] is not None
        if (kind == NUMBER) == played_number:
            if kind == NUMBER:
                raise IllegalAction(
                    "other_type", "You played a number card in lap 1: play a rule card now."
                )
            raise IllegalAction(
                "other_type", "You played a rule card in lap 1: play a number card now."
            )


def check_play_number(state: State, seat: int, card: Number) -> None:
    """Play a number card from the hand."""
    _check_play(state, seat, NUMBER)
    if card not in state.hand_numbers[seat]:
        raise IllegalAction(
            "not_in_hand", "You have no {colour} {value}.", colour=card.colour, value=card.value
        )


def check_play_rule(state: State, seat: int, rule: str) -> None:
    """Play a rule card from the hand, unless its type is already on the table this deal and
    the hand holds a type that is not (Rule-card restriction)."""
    _check_play(state, seat, RULE)
    hand = state.hand_rules[seat]
    if rule not in hand:
        raise IllegalAction("not_in_hand", "You have no {rule} card.", rule=RULE_NAMES[rule])
    played = played_rules(state)
    free = [other for other in hand if other not in played]
    if rule in played and free:
        names = [RULE_NAMES[other] for other in distinct(free)]
        if len(names) == 1:
            raise IllegalAction(
                "rule_taken",
                "{rule} has already been played this deal. You may play it only when every rule"
                " card in your hand has been played; you still hold {other}.",
                rule=RULE_NAMES[rule],
                other=names[0],
            )
        # A hand holds 3 rule cards, one of them this one: at most two other types.
        raise IllegalAction(
            "rule_taken",
            "{rule} has already been played this deal. You may play it only when every rule"
            " card in your hand has been played; you still hold {first} and {second}.",
            rule=RULE_NAMES[rule],
            first=", ".join(names[:-1]),
            second=names[-1],
        )


def _check_take(state: State, seat: int, kind: str) -> None:
    """A take: only right after a play, and of the type just played (Refill on play)."""
    check_turn(state, seat)
    if state.taking is None:
        raise IllegalAction("must_play", "Play a card first; you take one after playing.")
    if state.taking != kind:
        if state.taking == NUMBER:
            raise IllegalAction("take_same_type", "You played a number card: take a number card.")
        raise IllegalAction("take_same_type", "You played a rule card: take a rule card.")


def check_take_number(state: State, seat: int, card: Number) -> None:
    """Take a number card from the display."""
    _check_take(state, seat, NUMBER)
    if card not in state.display_numbers:
        raise IllegalAction(
            "not_on_display",
            "The {colour} {value} is not on display.",
            colour=card.colour,
            value=card.value,
        )


def check_take_rule(state: State, seat: int, rule: str) -> None:
    """Take a rule card from the display."""
    _check_take(state, seat, RULE)
    if rule not in state.display_rules:
        raise IllegalAction(
            "not_on_display", "No {rule} card is on display.", rule=RULE_NAMES[rule]
        )


def parse(action: Action) -> Move:
    """An action's type and its card (a ``Number``, or a rule type), or ``bad_action`` (and
    friends) for anything malformed."""
    kind = parse_kind(action, ACTION_FIELDS, game="Master of Rules")
    if "rule" in action:
        if not isinstance(action["rule"], str) or action["rule"] not in RULE_TYPES:
            raise IllegalAction(
                "bad_rule", "The rule must be one of {rules}.", rules=", ".join(RULE_TYPES)
            )
        return Move(kind, (action["rule"],))
    colour, value = action["colour"], action["value"]
    if not isinstance(colour, str) or colour not in COLOURS:
        raise IllegalAction(
            "bad_colour", "The colour must be one of {colours}.", colours=", ".join(COLOURS)
        )
    if type(value) is not int or value not in VALUES:  # bools are ints in Python
        raise IllegalAction("bad_value", "The value must be a whole number from 1 to 9.")
    return Move(kind, (Number(colour, value),))


# --- helpers the checks share with the rules ---------------------------------------------------


def played_rules(state: State) -> list[str]:
    """The rule types on the table this deal (a dummy's included), in ``RULE_TYPES`` order."""
    return [rule for rule in RULE_TYPES if rule in state.table_rules]


def distinct(rules: Sequence[str]) -> list[str]:
    """The rule types among ``rules``, once each, in ``RULE_TYPES`` order."""
    return [rule for rule in RULE_TYPES if rule in rules]
