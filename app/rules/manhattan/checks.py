"""Manhattan's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/manhattan.md, Round 1-3)."""

from __future__ import annotations

from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.kit import N_, Move, can, parse_kind, require_turn
from app.rules.manhattan.buildings import may_build, owner, storeys_of
from app.rules.manhattan.components import (
    CARDS,
    CITIES,
    HEIGHTS,
    board_site,
    cell_of,
)
from app.rules.manhattan.state import State

ACTION_FIELDS: dict[str, frozenset[str]] = {
    "choose_pieces": frozenset({"type", "pieces"}),
    "build": frozenset({"type", "card", "city", "storeys"}),
    "discard": frozenset({"type", "card", "storeys"}),
}
"""The fields of each action on the wire; anything else is malformed."""

# --- parsing -------------------------------------------------------------------------------------


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them (the pieces as a
    tuple), or ``bad_action`` for anything malformed: another type, missing or extra fields,
    a card id outside 0-44, a city outside 0-5, storeys outside 1-4, pieces that are not four
    whole numbers (bools are refused though Python counts them as ints)."""
    kind = parse_kind(action, ACTION_FIELDS, game="Manhattan")
    if kind == "choose_pieces":
        pieces = action["pieces"]
        if (
            not isinstance(pieces, list)
            or len(pieces) != len(HEIGHTS)
            or not all(type(count) is int and count >= 0 for count in pieces)
        ):
            raise IllegalAction(
                "bad_action",
                "The pieces are four whole numbers: how many of 1, 2, 3 and 4 storeys.",
            )
        return Move(kind, (tuple(pieces),))
    card, storeys = action["card"], action["storeys"]
    if not _whole(card, 0, CARDS - 1):
        raise IllegalAction(
            "bad_action", "The card must be a card id from 0 to {last}.", last=CARDS - 1
        )
    if not _whole(storeys, HEIGHTS[0], HEIGHTS[-1]):
        raise IllegalAction("bad_action", "A piece has 1, 2, 3 or 4 storeys.")
    if kind == "discard":
        return Move(kind, (card, storeys))
    city = action["city"]
    if not _whole(city, 0, CITIES - 1):
        raise IllegalAction("bad_action", "The city must be 0 to {last}.", last=CITIES - 1)
    return Move(kind, (card, city, storeys))


def _whole(value: Any, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number from ``low`` to ``high`` (never a bool or a float)."""
    return type(value) is int and low <= value <= high


# --- checks --------------------------------------------------------------------------------------


def check_turn(state: State, seat: int) -> None:
    """Refuse anyone but the seat to act, and everyone once the game is over."""
    require_turn(state.turn, seat)


def check_choose(state: State, seat: int, pieces: tuple[int, ...]) -> None:
    """Round 1: starting with the start player, each player picks the round's pieces (6, or 4
    in the six-round variant) from their remaining supply."""
    check_turn(state, seat)
    if state.phase != "choose":
        raise IllegalAction("wrong_phase", "The pieces for this round are chosen: build.")
    if sum(pieces) != state.pieces_per_round:
        raise IllegalAction(
            "wrong_count",
            "Choose exactly {count} pieces for this round.",
            count=state.pieces_per_round,
        )
    supply = state.supply[seat]
    for height, wanted, left in zip(HEIGHTS, pieces, supply, strict=True):
        if wanted > left:
            raise IllegalAction(
                "not_in_supply", _supply_refusal(left, height), count=left, height=height
            )


def check_play(state: State, seat: int, card: int, storeys: int) -> None:
    """Round 2, what every build or discard needs: the build phase, a card from your hand and
    one of this round's chosen pieces of that height."""
    check_turn(state, seat)
    if state.phase != "build":
        raise IllegalAction("wrong_phase", "First choose your pieces for this round.")
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", "Card {card} is not in your hand.", card=card)
    chosen = state.chosen[seat]
    if chosen is None or chosen[HEIGHTS.index(storeys)] == 0:
        if storeys == 1:
            raise IllegalAction(
                "not_chosen", "You have no piece of {storeys} storey left this round.", storeys=1
            )
        raise IllegalAction(
            "not_chosen",
            "You have no piece of {storeys} storeys left this round.",
            storeys=storeys,
        )


def check_build(state: State, seat: int, card: int, city: int, storeys: int) -> None:
    """Round 2-3: play a card and place one chosen piece on its site (read from your side of
    the table, ``board_site``) in any city: on an empty site, your own building, or another
    player's when afterwards your storeys there are at least the owner's (``may_build``)."""
    check_play(state, seat, card, storeys)
    site = board_site(state.sides[seat], cell_of(card))
    pieces = state.cities[city][site]
    if not may_build(pieces, seat, storeys):
        top = owner(pieces)
        assert top is not None  # an empty site always allows a piece
        mine = storeys_of(pieces, seat) + storeys
        raise IllegalAction(
            "too_low",
            "This building's owner has {theirs} storeys there; you would have {mine}: you need "
            "at least as many to build on it.",
            theirs=storeys_of(pieces, top),
            mine=mine,
        )


def can_build(state: State, seat: int) -> bool:
    """Whether any card of ``seat``'s hand allows any build with any chosen piece."""
    chosen = state.chosen[seat]
    if chosen is None:
        return False
    return any(
        can(check_build, state, seat, card, city, storeys)
        for card in state.hands[seat]
        for storeys, count in zip(HEIGHTS, chosen, strict=True)
        if count
        for city in range(CITIES)
    )


def check_discard(state: State, seat: int, card: int, storeys: int) -> None:
    """[SEED-SILENT resolution] A player none of whose cards allows any build with any chosen
    piece plays a card without building and sets one chosen piece aside, out of the game."""
    check_play(state, seat, card, storeys)
    if can_build(state, seat):
        raise IllegalAction(
            "can_build", "You can still build: discard only when no build is legal."
        )


# --- wording -------------------------------------------------------------------------------------


SUPPLY_REFUSALS: dict[tuple[str, bool], str] = {
    ("none", True): N_("Your supply has no piece of {height} storey left."),
    ("none", False): N_("Your supply has no piece of {height} storeys left."),
    ("one", True): N_("Your supply has {count} piece of {height} storey left."),
    ("one", False): N_("Your supply has {count} piece of {height} storeys left."),
    ("many", True): N_("Your supply has {count} pieces of {height} storey left."),
    ("many", False): N_("Your supply has {count} pieces of {height} storeys left."),
}
"""The ``not_in_supply`` refusal by how many pieces are left (none, one, more) and whether
they have one storey: "Your supply has 2 pieces of 3 storeys left."."""


def _supply_refusal(count: int, height: int) -> str:
    """The ``not_in_supply`` refusal for ``count`` pieces of ``height`` left."""
    amount = "none" if count == 0 else "one" if count == 1 else "many"
    return SUPPLY_REFUSALS[amount, height == 1]
