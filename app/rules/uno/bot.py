"""The UNO bot (design 1.5): it reads only its view. It calls UNO in time (just before playing
its second-last card) and never falsely, catches every player on one card without a call and
never wrongly, stacks rather than draws, challenges a Wild Draw Four only when its player named
the colour already in effect, leaves the next player a colour it showed it lacks, else the
colour most of which it has seen, keeps its action cards for a next player close to going out and
its wild cards for when nothing else goes (a drawn one too), and names a colour it holds (issue
27: measured against ``greedy_bot`` in ``bench.games``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.bots import best_of
from app.rules.rng import Rng
from app.rules.uno.checks import wild_draw_four_tell
from app.rules.uno.components import (
    ACTIONS,
    COLOURS,
    DRAW_TWO,
    WILD,
    card_points,
    colour_of,
    is_wild,
    value_of,
)
from app.rules.uno.game import remembered, table_view
from app.rules.uno.state import State

DANGER = 2
"""A next player holding at most this many cards is about to go out: the bot then fires its
action cards at them (rules/uno.md, Action effects) instead of keeping them."""

VALUE_WEIGHT = 0.5
"""How much a seen card of the played card's value counts next to one of its colour, from 3
players (``_play_rank``; bench.games over 6,000 deals: +1.6 points against greedy players at 3,
-1.1 at 2, where it is not used)."""

KEEP_DRAWN_WILD = 3
"""A wild card just drawn is kept (the turn passed) while the hand holds more than this many
cards: it matches any later turn (``bench.games``, 2,000 deals each: +0.5 to +1 point against
greedy players at 2, 3 and 4 players)."""

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
    """The turn action: a challenge when the evidence says guilty, else the best-ranked play
    (stacking under a penalty), else draw, pass or take the penalty."""
    hand: list[str] = list(view.get("hand") or [])
    kinds = {action["type"] for action in turn}
    if "choose_colour" in kinds:
        return {"type": "choose_colour", "colour": _best_colour(hand, rng)}
    if "challenge" in kinds and _worth_challenging(view):
        return {"type": "challenge"}
    held = {colour: _colour_weight(hand, colour) for colour in COLOURS}
    top = max(held.values())
    # A black card names a colour the bot holds (or, holding only black cards, any).
    plays = [
        action
        for action in turn
        if action["type"] == "play"
        and (not is_wild(action["card"]) or held[action["colour"]] > 0 or top == 0)
    ]
    if view.get("phase") == "drawn" and len(hand) > KEEP_DRAWN_WILD:
        plays = [action for action in plays if not is_wild(action["card"])]
    if plays:
        seen = _seen(view)
        return best_of(plays, [_play_rank(view, seen, action) for action in plays], rng)
    for kind in ("draw", "pass", "draw_penalty"):
        if kind in kinds:
            return {"type": kind}
    return turn[0]


def _worth_challenging(view: Mapping[str, Any]) -> bool:
    """rules/uno.md, House rule 4: a guilty Wild Draw Four costs its player the 4, an innocent
    one costs the challenger 6, so challenge only on evidence of guilt (``wild_draw_four_tell``:
    its player named the colour that was already in effect)."""
    pending = view.get("pending") or {}
    counts: Sequence[int] = view.get("hand_counts") or []
    discard: Sequence[Mapping[str, Any]] = view.get("discard") or []
    by = pending.get("by")
    if not isinstance(by, int) or not 0 <= by < len(counts) or len(discard) < 2:
        return False
    return wild_draw_four_tell(discard[-1].get("colour"), discard[-2].get("colour"), counts[by])


def _play_rank(
    view: Mapping[str, Any], seen: Mapping[str | None, int], action: Action
) -> tuple[bool, float, float, bool, int]:
    """How a play ranks (compared as a tuple, the first difference decides):

    1. a coloured card before a black one: a wild card always matches (rules/uno.md, Turn), so
       it is kept for a turn when nothing else goes;
    2. on a normal turn, leaving a colour the next player showed it lacks (``_lacks``);
    3. then the colour in effect after it (a black card's named one) most of whose 25 cards the
       bot has seen, in its hand or on the pile: the fewer left, the likelier the others cannot
       follow, and the bot's own strong colour stays in effect (issue 27, bench.games: these two
       made the normal bot 5 points better than greedy at 2 players, at chance before); from 3
       players seen cards of the card's value count too (``VALUE_WEIGHT``);
    4. an action card (Skip, Reverse, Draw Two; rules/uno.md, Action effects) is kept while the
       next player holds more than ``DANGER`` cards - a Draw Two at every table, as its best use
       is stopping a player about to go out or passing a stacked penalty on (House rules 1-2);
       Skips and Reverses only from 3 players, as with 2 each is another turn at once;
    5. a plain Wild before a Wild Draw Four (the latter also stacks, House rule 2), then the
       card worth the most points (rules/uno.md, Scoring)."""
    card: str = action["card"]
    value = value_of(card)
    counts: Sequence[int] = view.get("hand_counts") or []
    you = view.get("you")
    playing = view.get("phase") == "play"
    colour = colour_of(card) or action.get("colour")
    lacks = _lacks(view, colour) if playing else 0.0
    majority = 0.0
    if playing:
        # From 3 players the next one may also follow by number or symbol: count those too.
        majority = seen[colour] + (VALUE_WEIGHT * seen[value] if len(counts) > 2 else 0)
    points = card_points(card)
    if playing and value in ACTIONS and isinstance(you, int) and counts:
        after = (you + view.get("direction", 1)) % len(counts)
        if counts[after] > DANGER and (value == DRAW_TWO or len(counts) > 2):
            points = -1
    return (not is_wild(card), lacks, majority, value == WILD, points)


def _seen(view: Mapping[str, Any]) -> Counter[str | None]:
    """How many cards of each colour, and of each value, the bot has seen: its hand and every
    discard (colours and values are told apart by name: ``"red"``, ``"7"``, ``"skip"``)."""
    discard = view.get("discard") or []
    cards = [*(view.get("hand") or []), *(view.get("covered") or []), *(d["card"] for d in discard)]
    seen: Counter[str | None] = Counter(colour_of(card) for card in cards)
    seen.update(value_of(card) for card in cards)
    return seen


def _lacks(view: Mapping[str, Any], colour: str | None) -> float:
    """How much of the next player's hand is known to hold no card of ``colour``: the share of
    it left from its last turn with no match on that colour (``no_match`` in the view)."""
    counts: Sequence[int] = view.get("hand_counts") or []
    you = view.get("you")
    no_match = view.get("no_match") or []
    if not isinstance(you, int) or len(no_match) != len(counts) or not counts:
        return 0.0
    after = (you + view.get("direction", 1)) % len(counts)
    held = [turn["held"] for turn in no_match[after] if turn["colour"] == colour]
    return min(1.0, max(held) / counts[after]) if held and counts[after] else 0.0


def _colour_weight(hand: Sequence[str], colour: str) -> float:
    """How much of ``colour`` a hand holds: its cards, the high ones weighing a little more."""
    return sum(1 + card_points(card) / 100 for card in hand if colour_of(card) == colour)


def _best_colour(hand: Sequence[str], rng: Rng) -> str:
    """The colour held most (high cards weigh a little more); the rng breaks ties."""
    counts = {colour: _colour_weight(hand, colour) for colour in COLOURS}
    top = max(counts.values())
    best, _ = rng.choice([colour for colour in COLOURS if counts[colour] == top])
    return best


def _colour_count(cards: Sequence[str], colour: str | None) -> int:
    return sum(1 for card in cards if colour_of(card) == colour)


def rollout(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """``choose`` in the strong bot's playouts, from a drawn state (``GameRules.rollout``): its
    view with the covered discards left unsorted (sorting them on every move cost a tenth of a
    playout), built only when there is a choice to make."""
    if len(legal) == 1:
        return legal[0]
    return choose({**table_view(state, seat), **remembered(state, ordered=False)}, legal, rng)


def standing(outcome: Outcome, seat: int) -> float | None:
    """How near a one-hand match left ``seat`` to going out (``GameRules.standing``): 1 / (1 +
    the cards it still held). With two players the loser always scores below the winner, so
    the share of seats outscored says nothing of how close it came (issue 27, bench.games:
    against a greedy player at 2 players the strong bot won 58.3 % of 600 deals with this,
    56.0 % without). A match to a target: None (its totals rank the seats)."""
    left = outcome.detail.get("cards_left")
    if outcome.detail.get("target") or not isinstance(left, list) or not 0 <= seat < len(left):
        return None
    return 1 / (1 + int(left[seat]))


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
