"""Bots at three levels (issue 27): easy, normal (each game's own bot) and strong.

The strong bot searches with the rules as its simulator, seeing only its seat: each playout
draws a whole state its seat could be in (``GameRules.determinize``), tries one of its legal
actions there (the normal bot's first, then each once, then the one with the best upper
confidence bound so far, UCB1) and plays the game out with every seat's normal bot, each seeing
its own view of that state (determinised Monte Carlo over the root's actions). It plays the
normal bot's move unless the search found one clearly better (``MIN_VISITS``, ``MARGIN``). A
game without ``determinize`` plays its normal bot at every level but easy.

Pure like the rules: the time budget is the caller's (``out_of_time``, asked between playouts),
and every random choice comes from the bot's generator, so a decision can be replayed with a
fixed number of playouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from app.rules.base import Action, GameRules
from app.rules.bots import bots_move
from app.rules.rng import Rng

LEVELS = ("easy", "normal", "strong")
"""A bot seat's level, as the lobby offers it (``"basic"``, the bot of old tables, is normal)."""

PLAYOUT_DEPTH = 600
"""Actions a playout may take before it is given up (no game here needs as many)."""

EXPLORATION = 0.7
"""UCB1's weight of exploring actions tried less against exploiting the best so far."""


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


@dataclass
class _Tried:
    """One root action's playouts: how many, and the share of the wins its seat got."""

    playouts: int = 0
    wins: float = 0.0

    def mean(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    def bound(self, total: int) -> float:
        if self.playouts == 0:
            return math.inf
        return self.mean() + EXPLORATION * math.sqrt(math.log(total) / self.playouts)


MIN_VISITS = 6
"""Playouts an action needs before its results may overrule the normal bot's choice."""
MARGIN = 0.05
"""How much more often (a share of playouts won) an action must win to overrule it."""


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
    """Determinised Monte Carlo over ``legal`` (module docstring), starting from the normal
    bot's choice: the search plays out while the budget lasts (``playouts`` if given, else
    until ``out_of_time()``), and its best action replaces the normal bot's only when it was
    played out ``MIN_VISITS`` times and won clearly more often (``MARGIN``). A budget too small
    for the position (many legal actions, costly playouts) so leaves the normal bot's move: the
    strong bot is never weaker for being short of time."""
    assert rules.determinize is not None
    normal = legal.index(rules.bot(dict(view), legal, Rng(rng.seed, f"{rng.purpose}/normal")))
    # The normal bot's choice is tried first, then the others in an order of the bot's own.
    rest = [index for index in range(len(legal)) if index != normal]
    shuffled, _ = Rng(rng.seed, f"{rng.purpose}/order").shuffle(rest)
    order = [normal, *shuffled]
    tried = [_Tried() for _ in legal]
    done = 0

    def budget_left() -> bool:
        return done < playouts if playouts is not None else not out_of_time()

    while budget_left():
        stream = Rng(rng.seed, f"{rng.purpose}/playout:{done}")
        state = rules.determinize(view, seat, stream)
        untried = next((index for index in order if tried[index].playouts == 0), None)
        pick = (
            untried
            if untried is not None
            else max(order, key=lambda index: tried[index].bound(done))
        )
        after = rules.apply(state, seat, legal[pick])
        tried[pick].playouts += 1
        tried[pick].wins += _play_out(rules, after, seat, stream)
        done += 1
    return legal[_verdict(tried, normal)]


def _verdict(tried: list[_Tried], normal: int) -> int:
    """The action the search found clearly better than the normal bot's, else the normal's."""
    sampled = [index for index, one in enumerate(tried) if one.playouts >= MIN_VISITS]
    if not sampled:
        return normal
    best = max(sampled, key=lambda index: (tried[index].mean(), tried[index].playouts))
    baseline = tried[normal].mean() if tried[normal].playouts else 0.0
    return best if tried[best].mean() > baseline + MARGIN else normal


def _play_out(rules: GameRules[Any], state: Any, seat: int, rng: Rng) -> float:
    """Play on with every seat's normal bot; ``seat``'s share of the win (1 alone, 1/k among k
    winners, 0 when it loses or the game does not end in ``PLAYOUT_DEPTH`` actions)."""
    for step in range(PLAYOUT_DEPTH):
        outcome = rules.outcome(state)
        if outcome is not None:
            winners = outcome.winners
            return 1 / len(winners) if seat in winners else 0.0
        order = sorted(rules.to_act(state))

        def bot(mover: int, state: Any = state, step: int = step) -> Action:
            moves = rules.legal_actions(state, mover)
            return rules.bot(
                rules.view(state, mover), moves, Rng(rng.seed, f"{rng.purpose}:{step}")
            )

        _, _, state = bots_move(rules, state, order, bot)
    return 0.0
