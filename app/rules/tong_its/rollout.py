"""A cheap policy for the strong bot's playouts (``GameRules.rollout``): the normal bot weighs
every unseen card before it draws (10 ms a move), too slow to play tens of hands in a move's
budget. This one reads the whole state, a drawn one (``determinize``), so every seat in a
playout plays as if it saw the others' hands: fair, as all do alike."""

from __future__ import annotations

from typing import Any

from app.rules.base import Action
from app.rules.rng import Rng
from app.rules.tong_its.components import parse_card
from app.rules.tong_its.melds import deadwood
from app.rules.tong_its.state import State


def rollout(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Fight a call it beats, call a draw it wins, take a discard that melds, expose and lay
    off all it can, then discard the card that leaves the least deadwood (the highest such)."""
    kinds = {action["type"]: action for action in legal}
    counts = [deadwood(hand) for hand in state.hands]
    if "fight" in kinds:
        caller = state.caller if state.caller is not None else seat
        return kinds["fight"] if counts[seat] <= counts[caller] else kinds["fold"]
    others = [count for other, count in enumerate(counts) if other != seat]
    if "call_draw" in kinds and counts[seat] < min(others):
        return kinds["call_draw"]
    for kind in ("take_discard", "expose", "lay_off"):
        if kind in kinds:
            return kinds[kind]
    discards = [action for action in legal if action["type"] == "discard"]
    if not discards:
        action, _ = rng.choice(legal)
        return action
    hand = state.hands[seat]
    return min(discards, key=lambda action: _left(hand, action))


def _left(hand: tuple[Any, ...], action: Action) -> tuple[int, int]:
    """Deadwood after discarding the action's card, then the card's rank (higher goes first)."""
    card = parse_card(action["card"])
    rest = list(hand)
    rest.remove(card)
    return deadwood(rest), -card[0] if card is not None else 0
