"""Poison's action parsing and legality checks: one check for the one action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/poison.md, Cauldrons and Turn)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.base import Action, IllegalAction
from app.rules.kit import Move, parse_kind, require_turn
from app.rules.poison.components import CARD_CODES, CAULDRONS, POISON, POTIONS, suit_of, value_of
from app.rules.poison.state import State

ACTION_FIELDS: dict[str, frozenset[str]] = {"play_card": frozenset({"type", "card", "cauldron"})}
"""The fields of the one action on the wire, ``play_card``; anything else is malformed."""


def parse(action: Action) -> Move:
    """A ``play_card`` action with its card and cauldron, or ``bad_action`` for anything
    malformed: another type, missing or extra fields, a card code that does not exist, a
    cauldron that is not 0, 1 or 2 (bools are refused though Python counts them as ints)."""
    kind = parse_kind(action, ACTION_FIELDS, game="Poison")
    card, cauldron = action["card"], action["cauldron"]
    if not isinstance(card, str) or card not in CARD_CODES:
        raise IllegalAction("bad_action", 'The card must be a card code like "red5" or "poison".')
    if type(cauldron) is not int or not 0 <= cauldron < CAULDRONS:
        raise IllegalAction("bad_action", "The cauldron must be 0, 1 or 2.")
    return Move(kind, (card, cauldron))


def cauldron_colour(state: State, cauldron: int) -> str | None:
    """The potion colour a cauldron takes now (``colour_of``)."""
    return colour_of(state.cauldron_mode, cauldron, state.cauldrons[cauldron])


def colour_of(mode: str, cauldron: int, cards: Sequence[str]) -> str | None:
    """The potion colour of a cauldron holding ``cards``: fixed by its place, or (neutral
    cauldrons) the colour of the potions in it, ``None`` while it is empty or holds only poison
    (rules/poison.md, Cauldrons)."""
    if mode == "fixed":
        return POTIONS[cauldron]
    return next((suit_of(card) for card in cards if card != POISON), None)


def takes(colours: Sequence[str | None], cauldron: int, card: str) -> bool:
    """Whether ``cauldron`` takes ``card`` when the cauldrons have these ``colours``
    (``colour_of``; rules/poison.md, Cauldrons): poison goes anywhere; a potion into its
    colour's cauldron, or an uncoloured one while none has its colour."""
    if card == POISON:
        return True
    colour = suit_of(card)
    return colours[cauldron] == colour if colour in colours else colours[cauldron] is None


def check_turn(state: State, seat: int) -> None:
    """Refuse anyone but the seat to act, and everyone once the game is over."""
    require_turn(state.turn, seat)


def check_play(state: State, seat: int, card: str, cauldron: int) -> None:
    """Turn: play one card from your hand into a cauldron that takes it. Poison goes anywhere;
    a potion only into the cauldron of its colour, or (neutral cauldrons) into an uncoloured
    one when no cauldron has its colour yet."""
    check_turn(state, seat)
    if card not in state.hands[seat]:
        if card == POISON:
            raise IllegalAction("not_in_hand", "You have no poison card in your hand.")
        raise IllegalAction(
            "not_in_hand",
            "You have no {colour} {value} in your hand.",
            colour=suit_of(card),
            value=value_of(card),
        )
    if card == POISON:
        return
    colour = suit_of(card)
    here = cauldron_colour(state, cauldron)
    if here == colour:
        return
    if here is not None:
        raise IllegalAction(
            "wrong_cauldron",
            "Cauldron {number} is {here}: a {colour} potion cannot go in.",
            number=cauldron + 1,
            here=here,
            colour=colour,
        )
    # Neutral cauldrons only (fixed ones always have a colour): each colour in one cauldron.
    owner = next(
        (other for other in range(CAULDRONS) if cauldron_colour(state, other) == colour), None
    )
    if owner is not None:
        raise IllegalAction(
            "wrong_cauldron",
            "Cauldron {number} is already {colour}: {colour} potions go there.",
            number=owner + 1,
            colour=colour,
        )
