"""Master of Rules' action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/master-of-rules.md, A deal, Rule-card
restriction and Refill on play)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.base import Action, IllegalAction
from app.rules.kit import Move, indefinite, parse_kind, require_turn
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
    if state.taking is not None:
        taking = indefinite(f"{state.taking} card")
        raise IllegalAction("must_take", f"Take {taking} from the display first.")
    if state.lap == 2:
        # A deal, step 3: lap 2 is the other type.
        played_number = state.table_numbers[seat] is not None
        if (kind == NUMBER) == played_number:
            other = RULE if played_number else NUMBER
            raise IllegalAction(
                "other_type",
                f"You played {indefinite(f'{kind} card')} in lap 1:"
                f" play {indefinite(f'{other} card')} now.",
            )


def check_play_number(state: State, seat: int, card: Number) -> None:
    """Play a number card from the hand."""
    _check_play(state, seat, NUMBER)
    if card not in state.hand_numbers[seat]:
        raise IllegalAction("not_in_hand", f"You have no {card.colour} {card.value}.")


def check_play_rule(state: State, seat: int, rule: str) -> None:
    """Play a rule card from the hand, unless its type is already on the table this deal and
    the hand holds a type that is not (Rule-card restriction)."""
    _check_play(state, seat, RULE)
    hand = state.hand_rules[seat]
    if rule not in hand:
        raise IllegalAction("not_in_hand", f"You have no {RULE_NAMES[rule]} card.")
    played = played_rules(state)
    free = [other for other in hand if other not in played]
    if rule in played and free:
        raise IllegalAction(
            "rule_taken",
            f"{RULE_NAMES[rule]} has already been played this deal. You may play it only when "
            f"every rule card in your hand has been played; you still hold "
            f"{_names(distinct(free))}.",
        )


def _check_take(state: State, seat: int, kind: str) -> None:
    """A take: only right after a play, and of the type just played (Refill on play)."""
    check_turn(state, seat)
    if state.taking is None:
        raise IllegalAction("must_play", "Play a card first; you take one after playing.")
    if state.taking != kind:
        raise IllegalAction(
            "take_same_type",
            f"You played {indefinite(f'{state.taking} card')}:"
            f" take {indefinite(f'{state.taking} card')}.",
        )


def check_take_number(state: State, seat: int, card: Number) -> None:
    """Take a number card from the display."""
    _check_take(state, seat, NUMBER)
    if card not in state.display_numbers:
        raise IllegalAction("not_on_display", f"The {card.colour} {card.value} is not on display.")


def check_take_rule(state: State, seat: int, rule: str) -> None:
    """Take a rule card from the display."""
    _check_take(state, seat, RULE)
    if rule not in state.display_rules:
        raise IllegalAction("not_on_display", f"No {RULE_NAMES[rule]} card is on display.")


def parse(action: Action) -> Move:
    """An action's type and its card (a ``Number``, or a rule type), or ``bad_action`` (and
    friends) for anything malformed."""
    kind = parse_kind(action, ACTION_FIELDS, game="Master of Rules")
    if "rule" in action:
        if not isinstance(action["rule"], str) or action["rule"] not in RULE_TYPES:
            raise IllegalAction("bad_rule", f"The rule must be one of {', '.join(RULE_TYPES)}.")
        return Move(kind, (action["rule"],))
    colour, value = action["colour"], action["value"]
    if not isinstance(colour, str) or colour not in COLOURS:
        raise IllegalAction("bad_colour", f"The colour must be one of {', '.join(COLOURS)}.")
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


def _names(rules: Sequence[str]) -> str:
    """'Trio', 'Trio and Unique', 'Limit 23, Trio and Unique'."""
    names = [RULE_NAMES[rule] for rule in rules]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
