"""A cheap policy for the strong bot's playouts (``GameRules.rollout``): the normal bot weighs
every unseen card before it draws (10 ms a move), too slow to play tens of hands in a move's
budget. This one reads the whole state, a drawn one (``determinize``), so every seat in a
playout plays as if it saw the others' hands: fair, as all do alike."""

from __future__ import annotations

from typing import Any

from app.rules.base import Action
from app.rules.rng import Rng
from app.rules.tong_its.components import PLAYERS, parse_card
from app.rules.tong_its.melds import deadwood, discard_melds
from app.rules.tong_its.state import State

FEED = 10
"""What a discard the next seat can meld is worth against it, in points of deadwood: the normal
bot's discard weighs the same risk (``bot.FEED``), seen here for sure (issue 27: the strong bot
won 45.2 % of 600 hands against greedy players, 43.7 % without it; bench.games)."""


def rollout(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Fight a call it beats, call a draw it wins, take a discard that melds, expose and lay
    off all it can, then discard the card that leaves the least deadwood (the highest such),
    a card the next seat would take counting ``FEED`` more."""
    kinds = {action["type"]: action for action in legal}
    if "fight" in kinds:
        caller = state.caller if state.caller is not None else seat
        mine, theirs = deadwood(state.hands[seat]), deadwood(state.hands[caller])
        return kinds["fight"] if mine <= theirs else kinds["fold"]
    if "call_draw" in kinds:
        # Worked out only when a call may be made, not before every discard: the three hands'
        # counts were most of this policy's time.
        mine = deadwood(state.hands[seat])
        others = [deadwood(hand) for other, hand in enumerate(state.hands) if other != seat]
        if mine < min(others):
            return kinds["call_draw"]
    for kind in ("take_discard", "expose", "lay_off"):
        if kind in kinds:
            return kinds[kind]
    discards = [action for action in legal if action["type"] == "discard"]
    if not discards:
        action, _ = rng.choice(legal)
        return action
    hand, after = state.hands[seat], state.hands[(seat + 1) % PLAYERS]
    return min(discards, key=lambda action: _left(hand, after, action))


def _left(hand: tuple[Any, ...], after: tuple[Any, ...], action: Action) -> tuple[int, int]:
    """Deadwood after discarding the action's card (``FEED`` more if the next seat, holding
    ``after``, could take it), then the card's rank (higher goes first)."""
    card = parse_card(action["card"])
    assert card is not None
    rest = list(hand)
    rest.remove(card)
    return deadwood(rest) + (FEED if discard_melds(after, card) else 0), -card[0]
