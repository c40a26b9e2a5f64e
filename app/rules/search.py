"""Bots at three levels (issue 27): easy, normal (each game's own bot) and strong.

The strong bot searches with the rules as its simulator, seeing only its seat. It ranks its
legal actions with the normal bot (the bot's choice, then its choice among the rest, and so on)
and compares the top ``CANDIDATES`` in rounds: each round draws one whole state its seat could
be in (``GameRules.determinize``) and plays every candidate still in the running out from that
same state with the same random stream (common random numbers: the comparison then measures the
actions, not the luck of the draw), every seat played by its normal bot seeing its own view of
the state. A playout ends with the game, or after ``GameRules.horizon`` actions where the game
scores a position (``GameRules.evaluate``). It plays the normal bot's move unless another
candidate did clearly better in the same worlds (``MIN_ROUNDS``, ``MARGIN``, ``CONFIDENCE``). A
game without ``determinize`` plays its normal bot at every level but easy.

Pure like the rules: the time budget is the caller's (``out_of_time``, asked between playouts),
and every random choice comes from the bot's generator, so a decision can be replayed with a
fixed number of playouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.rules.base import Action, GameRules, Outcome
from app.rules.bots import bots_move
from app.rules.rng import Rng

LEVELS = ("easy", "normal", "strong")
"""A bot seat's level, as the lobby offers it (``"basic"``, the bot of old tables, is normal)."""

PLAYOUT_DEPTH = 600
"""Actions a playout may take before it is given up (no game here needs as many)."""

CANDIDATES = 5
"""Root actions the search compares at most: the normal bot's favourites. More would leave too
few rounds each in a budget of tens of playouts (Manhattan offers 60 placements)."""

MIN_ROUNDS = 4
"""Rounds a candidate needs before its results may overrule the normal bot's choice."""
MARGIN = 0.04
"""How much more a candidate must score on average (wins as 1, a loss as 0) to overrule it."""
CONFIDENCE = 1.0
"""... and by how many standard errors of that mean difference: luck must not overrule it."""

WIN_WEIGHT = 0.75
"""A finished playout's worth: this much for the win (shared among winners), the rest for the
share of the other seats the seat outscored; a close loss is worth more than a rout, which
tells actions apart in far fewer playouts than wins alone."""


def choose(
    rules: GameRules[Any],
    level: str,
    view: Mapping[str, Any],
    legal: list[Action],
    *,
    seat: int,
    rng: Rng,
    out_of_time: Callable[[], bool],
    playouts: int | None = None,
) -> Action:
    """The action of a bot of ``level`` at ``seat`` (``view`` and ``legal`` are its own).
    A strong bot plays out until ``out_of_time()`` (or ``playouts`` of them)."""
    if level == "easy":
        return easy(rules, view, legal, rng)
    if level == "strong" and rules.determinize is not None and len(legal) > 1:
        return strong(
            rules, view, legal, seat=seat, rng=rng, out_of_time=out_of_time, playouts=playouts
        )
    return rules.bot(dict(view), legal, rng)


def easy(rules: GameRules[Any], view: Mapping[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A learner's opponent: a random legal action half the time, the normal bot's otherwise."""
    coin, rng = rng.randbelow(2)
    if coin == 0:
        action, _ = rng.choice(legal)
        return action
    return rules.bot(dict(view), legal, rng)


def ranked(
    rules: GameRules[Any], view: Mapping[str, Any], legal: list[Action], rng: Rng, count: int
) -> list[int]:
    """Indices of up to ``count`` of ``legal``, the normal bot's favourites first: its choice,
    then its choice among the others, and so on; the rest in a random order of ``rng``'s once
    the bot fails or picks something it was not offered (bots are written for whole legal
    lists: one may insist on a move of its own, or find nothing to rank)."""
    rest = list(range(len(legal)))
    order: list[int] = []
    while rest and len(order) < count:
        offered = [legal[index] for index in rest]
        purpose = f"{rng.purpose}/normal" + (f":{len(order)}" if order else "")
        try:
            pick = rules.bot(dict(view), offered, Rng(rng.seed, purpose))
        except Exception:
            if not order:
                raise  # the normal bot's own choice, from its whole legal list
            break  # a bot may rely on an action it is no longer offered
        if pick not in offered:
            break
        order.append(rest.pop(offered.index(pick)))
    shuffled, _ = Rng(rng.seed, f"{rng.purpose}/order").shuffle(rest)
    return [*order, *shuffled][:count]


@dataclass
class _Candidate:
    """One root action's paired results: per round, its playout's worth less the normal
    bot's action's in the same world."""

    index: int
    differences: list[float] = field(default_factory=list)

    def mean(self) -> float:
        return sum(self.differences) / len(self.differences) if self.differences else 0.0

    def error(self) -> float:
        """The standard error of ``mean`` (infinite before two rounds)."""
        count = len(self.differences)
        if count < 2:
            return math.inf
        mean = self.mean()
        variance = sum((value - mean) ** 2 for value in self.differences) / (count - 1)
        return math.sqrt(variance / count)

    def beats_normal(self) -> bool:
        """Clearly better than the normal bot's action in the rounds played so far."""
        return (
            len(self.differences) >= MIN_ROUNDS
            and self.mean() > MARGIN
            and self.mean() > CONFIDENCE * self.error()
        )

    def hopeless(self) -> bool:
        """Clearly worse than the normal bot's action: no more rounds are spent on it."""
        return len(self.differences) >= MIN_ROUNDS and self.mean() + CONFIDENCE * self.error() < 0


def strong(
    rules: GameRules[Any],
    view: Mapping[str, Any],
    legal: list[Action],
    *,
    seat: int,
    rng: Rng,
    out_of_time: Callable[[], bool],
    playouts: int | None = None,
) -> Action:
    """Paired determinised Monte Carlo over the normal bot's favourite actions (module
    docstring): rounds while the budget lasts (``playouts`` if given, else until
    ``out_of_time()``, asked before each playout); a round cut short by the budget counts for
    nothing. The best candidate replaces the normal bot's choice only when it did clearly
    better (``_Candidate.beats_normal``): a budget too small for the position leaves the normal
    bot's move, so the strong bot is never weaker for being short of time."""
    assert rules.determinize is not None
    order = ranked(rules, view, legal, rng, CANDIDATES)
    normal, others = order[0], [_Candidate(index) for index in order[1:]]
    done = 0

    def budget_left() -> bool:
        return done < playouts if playouts is not None else not out_of_time()

    for round_ in range(10**6):
        running = [candidate for candidate in others if not candidate.hopeless()]
        if not running:
            break
        world = rules.determinize(view, seat, Rng(rng.seed, f"{rng.purpose}/world:{round_}"))
        stream = Rng(rng.seed, f"{rng.purpose}/playout:{round_}")
        worths: list[float] = []
        for index in [normal, *(candidate.index for candidate in running)]:
            if not budget_left():
                break
            after = rules.apply(world, seat, legal[index])
            worths.append(play_out(rules, after, seat, stream))
            done += 1
        if len(worths) <= len(running):
            break
        for candidate, worth in zip(running, worths[1:], strict=True):
            candidate.differences.append(worth - worths[0])
    winners = [candidate for candidate in others if candidate.beats_normal()]
    if not winners:
        return legal[normal]
    return legal[max(winners, key=lambda candidate: candidate.mean()).index]


def worth(rules: GameRules[Any], outcome: Outcome, seat: int) -> float:
    """What a finished game is worth to ``seat``, in [0, 1] (``WIN_WEIGHT``)."""
    won = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    others = [score for other, score in enumerate(outcome.scores) if other != seat]
    if not others or seat >= len(outcome.scores):
        return won
    mine = outcome.scores[seat]
    if rules.lower_wins:
        beaten = sum((score > mine) + 0.5 * (score == mine) for score in others)
    else:
        beaten = sum((score < mine) + 0.5 * (score == mine) for score in others)
    return WIN_WEIGHT * won + (1 - WIN_WEIGHT) * beaten / len(others)


def play_out(rules: GameRules[Any], state: Any, seat: int, rng: Rng) -> float:
    """Play on with every seat's normal bot; what the end is worth to ``seat`` (``worth``), or
    ``rules.evaluate`` of the position ``rules.horizon`` actions on (0 for a game that does not
    end in ``PLAYOUT_DEPTH`` actions and cannot score a position)."""
    depth = rules.horizon if rules.evaluate is not None else PLAYOUT_DEPTH
    for step in range(depth):
        outcome = rules.outcome(state)
        if outcome is not None:
            return worth(rules, outcome, seat)
        order = sorted(rules.to_act(state))

        def bot(mover: int, state: Any = state, step: int = step) -> Action:
            moves = rules.legal_actions(state, mover)
            return rules.bot(
                rules.view(state, mover), moves, Rng(rng.seed, f"{rng.purpose}:{step}")
            )

        _, _, state = bots_move(rules, state, order, bot)
    outcome = rules.outcome(state)
    if outcome is not None:
        return worth(rules, outcome, seat)
    return rules.evaluate(state, seat) if rules.evaluate is not None else 0.0
