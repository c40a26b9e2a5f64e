"""Tong-its's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/tong-its.md, Normal turn and Ways a hand
ends)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.kit import N_, Move, parse_kind, require_turn
from app.rules.tong_its.components import Card, parse_card
from app.rules.tong_its.melds import fits, is_meld, is_set
from app.rules.tong_its.state import State

ACTION_FIELDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"type"}),
    "take_discard": frozenset({"type", "cards"}),
    "call_draw": frozenset({"type"}),
    "expose": frozenset({"type", "cards", "secret"}),
    "lay_off": frozenset({"type", "card", "meld"}),
    "discard": frozenset({"type", "card"}),
    "fight": frozenset({"type"}),
    "fold": frozenset({"type"}),
}
"""The fields of each action on the wire; anything else is malformed."""

SECRET_FOUR = 4
TAKE_FROM_HAND = 2
"""Normal turn 1: the top discard melds with at least two cards from the hand."""

# --- parsing -------------------------------------------------------------------------------------


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them (cards as ``Card``),
    or ``bad_action`` for anything malformed (another type, missing or extra fields, cards that
    are not a list or name one card twice, ``secret`` not true/false, ``meld`` not a whole
    number from 0) and ``bad_card`` for a string that names no card."""
    kind = parse_kind(action, ACTION_FIELDS, game="Tong-its")
    if kind == "take_discard":
        return Move(kind, (_cards(action["cards"]),))
    if kind == "expose":
        secret = action["secret"]
        if type(secret) is not bool:
            raise IllegalAction("bad_action", "secret must be true or false.")
        return Move(kind, (_cards(action["cards"]), secret))
    if kind == "lay_off":
        meld = action["meld"]
        if type(meld) is not int or meld < 0:
            raise IllegalAction("bad_action", "The meld is its number in the list, from 0.")
        return Move(kind, (_card(action["card"]), meld))
    if kind == "discard":
        return Move(kind, (_card(action["card"]),))
    return Move(kind)


def _card(text: Any) -> Card:
    """The card a wire string names, or ``bad_card``."""
    card = parse_card(text)
    if card is None:
        raise IllegalAction("bad_card", 'A card is written like "AS", "10D" or "KH".')
    return card


def _cards(texts: Any) -> tuple[Card, ...]:
    """The cards a wire list names (each once), or ``bad_action``/``bad_card``."""
    if not isinstance(texts, list):
        raise IllegalAction("bad_action", "cards must be a list of cards.")
    cards = tuple(_card(text) for text in texts)
    if len(set(cards)) != len(cards):
        raise IllegalAction("bad_action", "A card is named twice.")
    return cards


# --- checks --------------------------------------------------------------------------------------


def owns_meld(state: State, seat: int) -> bool:
    """Whether ``seat`` owns an exposed meld (a secret four counts: Normal turn 2); a seat
    without one is "burned" at the end and folds at once against a called draw."""
    return any(meld.owner == seat for meld in state.melds)


def check_turn(state: State, seat: int) -> None:
    """Refuse everyone once the hand is over, and any seat but the one to act: the seat whose
    turn it is, or while a draw is called each opponent that has not answered yet."""
    if state.phase == "answer":
        if state.answers[seat] != "waiting":
            raise IllegalAction("not_your_turn", "Waiting for the others to fight or fold.")
        return
    require_turn(state.turn, seat)


def _check_phase(state: State, seat: int, phase: str) -> None:
    """The seat's turn, in ``phase``."""
    check_turn(state, seat)
    if state.phase != phase:
        raise IllegalAction("wrong_phase", _WRONG_PHASE[state.phase, phase])


_WRONG_PHASE: dict[tuple[str, str], str] = {
    ("draw", "meld"): N_("Draw first: take the top of the stock or the top discard."),
    ("draw", "answer"): N_("Nobody has called a draw."),
    ("meld", "draw"): N_("You have drawn: expose, lay off, or discard."),
    ("meld", "answer"): N_("Nobody has called a draw."),
    ("answer", "draw"): N_("A draw was called: fight or fold."),
    ("answer", "meld"): N_("A draw was called: fight or fold."),
}
"""Why an action of one phase is refused in another: (the phase now, the action's phase)."""


def _check_held(state: State, seat: int, cards: Sequence[Card]) -> None:
    """Every card named is in the seat's hand."""
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            raise IllegalAction("not_in_hand", "You do not hold the {card}.", card=card.to_json())


def check_draw(state: State, seat: int) -> None:
    """Normal turn 1: take the top card of the stock (it is never empty at a draw: the hand
    ends with the turn of the seat that drew its last card)."""
    if state.first_turn:
        check_turn(state, seat)
        raise IllegalAction("wrong_phase", "The dealer does not draw on the first turn.")
    _check_phase(state, seat, "draw")


def check_take(state: State, seat: int, cards: tuple[Card, ...]) -> None:
    """Normal turn 1: the top discard may be taken only if it forms a meld at once with at
    least two cards from the hand (that meld is exposed at once)."""
    _check_phase(state, seat, "draw")
    if not state.discards:
        raise IllegalAction("cannot_take", "The discard pile is empty.")
    _check_held(state, seat, cards)
    top = state.discards[-1]
    if len(cards) < TAKE_FROM_HAND or not is_meld((*cards, top)):
        raise IllegalAction(
            "cannot_take",
            "The {card} may be taken only to meld it with two or more of your cards.",
            card=top.to_json(),
        )


def check_call(state: State, seat: int) -> None:
    """Ways a hand ends, Call a draw: at the start of your turn, before drawing, with at least
    one exposed meld, and only if nobody laid off on your melds since your last turn."""
    _check_phase(state, seat, "draw")
    if not owns_meld(state, seat):
        raise IllegalAction("cannot_call", "You need an exposed meld to call a draw.")
    if state.blocked[seat]:
        raise IllegalAction(
            "cannot_call", "Someone laid off on your melds: you may not call a draw this turn."
        )


def check_expose(state: State, seat: int, cards: tuple[Card, ...], secret: bool) -> None:
    """Normal turn 2: a meld of hand cards laid face up; a set of four from the hand may be
    laid face down instead (a secret four: the special case)."""
    _check_phase(state, seat, "meld")
    _check_held(state, seat, cards)
    if not is_meld(cards):
        raise IllegalAction("not_a_meld", "These cards are not a meld.")
    if secret and not (len(cards) == SECRET_FOUR and is_set(cards)):
        raise IllegalAction("not_a_meld", "Only a set of four may be laid face down.")


def check_lay_off(state: State, seat: int, card: Card, meld: int) -> None:
    """Normal turn 3 (sapaw): a hand card added to any exposed meld, yours or an opponent's,
    that makes it a longer meld; a secret four takes nothing."""
    _check_phase(state, seat, "meld")
    _check_held(state, seat, (card,))
    if meld >= len(state.melds):
        raise IllegalAction("cannot_lay_off", "There is no meld {meld}.", meld=meld)
    target = state.melds[meld]
    if not fits(card, target.cards, secret=target.secret):
        raise IllegalAction(
            "cannot_lay_off",
            "The {card} does not extend meld {meld}.",
            card=card.to_json(),
            meld=meld,
        )


def check_discard(state: State, seat: int, card: Card) -> None:
    """Normal turn 4: one card from the hand face up on the discard pile; it ends the turn."""
    _check_phase(state, seat, "meld")
    _check_held(state, seat, (card,))


def check_answer(state: State, seat: int) -> None:
    """Call a draw: each opponent with an exposed meld chooses fight or fold."""
    _check_phase(state, seat, "answer")
