"""The UNO bot (design 1.5): it reads only its view. It calls UNO in time (just before playing
its second-last card) and never falsely, catches every player on one card without a call and
never wrongly, stacks rather than draws, challenges a Wild Draw Four from a player who kept
several cards, keeps its wild cards for when it needs them, attacks a next player who is close
to going out, and names the colour it holds most."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.rng import Rng
from app.rules.uno.checks import can_follow, wild_draw_four_guilty
from app.rules.uno.components import (
    ACTIONS,
    COLOURS,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
    card_points,
    colour_of,
    is_wild,
    value_of,
)

CHALLENGE_FROM = 3
"""Challenge a Wild Draw Four when its player still holds at least this many cards: the more
cards they kept, the likelier one of them could have been played instead."""

_TURN_KINDS = frozenset({"play", "draw", "pass", "draw_penalty", "challenge", "choose_colour"})


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A heuristic bot: calls UNO and catches first (only when right), then picks the best turn
    action."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]  # a late call and a catch off one's turn are only listed when right
    kinds = {action["type"] for action in legal}
    turn = [action for action in legal if action["type"] in _TURN_KINDS]
    if "call_uno" in kinds:
        # Down to one card the call is late but right; with two it is made just before playing
        # one of them (a call followed by no play would be false).
        late = len(view.get("hand") or []) == 1
        if late or not turn or _turn_choice(view, turn, rng)["type"] == "play":
            return {"type": "call_uno"}
    catch = [action for action in legal if action["type"] == "catch"]
    if catch and _missed_call(view, catch[0]["target"]):
        return catch[0]
    if not turn:
        return legal[0]
    return _turn_choice(view, turn, rng)


def _missed_call(view: Mapping[str, Any], target: int) -> bool:
    """Whether ``target`` holds one card without having called UNO: a catch would be right."""
    counts: Sequence[int] = view.get("hand_counts") or []
    said: Sequence[int] = view.get("said_uno") or []
    return 0 <= target < len(counts) and counts[target] == 1 and target not in said


def _turn_choice(view: Mapping[str, Any], turn: list[Action], rng: Rng) -> Action:
    """The turn action: stack or challenge under a penalty, else the best-scored play."""
    hand: list[str] = list(view.get("hand") or [])
    plays = [action for action in turn if action["type"] == "play"]
    kinds = {action["type"] for action in turn}
    if "choose_colour" in kinds:
        best = _best_colour(hand, rng)
        return {"type": "choose_colour", "colour": best}
    if view.get("phase") == "penalty":
        if plays:
            return min(plays, key=_stack_rank)
        if "challenge" in kinds and _worth_challenging(view):
            return {"type": "challenge"}
        return {"type": "draw_penalty"}
    if plays:
        return best_of(plays, [_play_score(view, hand, action) for action in plays], rng)
    for kind in ("draw", "pass"):
        if kind in kinds:
            return {"type": kind}
    return turn[0]


def _stack_rank(action: Action) -> int:
    """Which card to stack with: a Draw Two first, then a plain Wild, a Wild Draw Four last."""
    return {DRAW_TWO: 0, WILD: 1}.get(value_of(action["card"]), 2)


def _worth_challenging(view: Mapping[str, Any]) -> bool:
    """Challenge when the Wild Draw Four's player kept several cards (see CHALLENGE_FROM)."""
    pending = view.get("pending") or {}
    counts: Sequence[int] = view.get("hand_counts") or []
    by = pending.get("by")
    return isinstance(by, int) and 0 <= by < len(counts) and counts[by] >= CHALLENGE_FROM


def _best_colour(hand: Sequence[str], rng: Rng) -> str:
    """The colour held most (high cards weigh a little more); the rng breaks ties."""
    counts = dict.fromkeys(COLOURS, 0.0)
    for card in hand:
        held = colour_of(card)
        if held is not None:
            counts[held] += 1 + card_points(card) / 100
    top = max(counts.values())
    best, _ = rng.choice([colour for colour in COLOURS if counts[colour] == top])
    return best


def _play_score(view: Mapping[str, Any], hand: Sequence[str], action: Action) -> float:
    """How good a play looks: keep a colour it can follow, shed points, attack a next player
    close to going out, keep black cards (and never bluff a Wild Draw Four if it can help it)."""
    card: str = action["card"]
    value = value_of(card)
    rest = list(hand)
    rest.remove(card)
    colour = action.get("colour") or colour_of(card)
    followers = sum(1 for other in rest if can_follow(other, card, colour))
    score = 2.0 * followers + card_points(card) / 10
    if not rest:
        return 1000.0
    counts: Sequence[int] = view.get("hand_counts") or []
    you = view.get("you")
    players = len(counts)
    direction = view.get("direction", 1)
    if isinstance(you, int) and players:
        after = (you + direction) % players
        danger = counts[after] <= 2
        if value in ACTIONS or value == WILD_DRAW_FOUR:
            score += 12.0 if danger else -1.0
        if value == REVERSE and players > 2:
            before = (you - direction) % players
            score += 3.0 if counts[before] > counts[after] else -1.0
    if value == SKIP and players == 2:
        score += 1.0  # another turn at once
    if is_wild(card):
        score -= 9.0 if len(rest) > 2 else 2.0
        if value == WILD_DRAW_FOUR:
            top, top_colour = view.get("top", ""), view.get("colour")
            options = view.get("options") or {}
            rule = options.get("wd4_rule", "seed")
            if wild_draw_four_guilty(rule, rest, top, top_colour):
                score -= 15.0
        best = _colour_count(rest, colour)
        if best < max(_colour_count(rest, other) for other in COLOURS):
            score -= 5.0  # a worse colour than the one it holds most
    return score


def _colour_count(cards: Sequence[str], colour: str | None) -> int:
    return sum(1 for card in cards if colour_of(card) == colour)


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player, the one ``choose`` must beat (``bench.games``): it calls UNO and catches
    like ``choose`` (only when right); it plays whenever it can, the card worth the most points
    first (actions before numbers, rules/uno.md, Scoring), a black card only when nothing else
    goes, naming the colour it holds most; under a penalty it stacks if it can (a Draw Two before
    a Wild Draw Four), else draws, and never challenges; it draws only when it must and plays
    the drawn card when it may."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    turn = [action for action in legal if action["type"] in _TURN_KINDS]
    if any(action["type"] == "call_uno" for action in legal):
        late = len(view.get("hand") or []) == 1
        if late or not turn or _greedy_turn(view, turn, rng)["type"] == "play":
            return {"type": "call_uno"}
    catch = [action for action in legal if action["type"] == "catch"]
    if catch and _missed_call(view, catch[0]["target"]):
        return catch[0]
    return _greedy_turn(view, turn, rng) if turn else legal[0]


def _greedy_turn(view: Mapping[str, Any], turn: list[Action], rng: Rng) -> Action:
    """The greedy player's turn action (see ``greedy_bot``)."""
    hand: list[str] = list(view.get("hand") or [])
    kinds = {action["type"] for action in turn}
    if "choose_colour" in kinds:
        return {"type": "choose_colour", "colour": _best_colour(hand, rng)}
    held = {colour: _colour_count(hand, colour) for colour in COLOURS}
    plays = [
        action
        for action in turn
        if action["type"] == "play"
        and (not is_wild(action["card"]) or held[action["colour"]] == max(held.values()))
    ]
    if plays:
        values = [
            (
                not is_wild(action["card"]),
                value_of(action["card"]) == WILD,
                card_points(action["card"]),
            )
            for action in plays
        ]
        return best_of(plays, values, rng)
    for kind in ("draw", "pass", "draw_penalty"):
        if kind in kinds:
            return {"type": kind}
    return turn[0]
