"""Bots at three levels (issue 27): easy, normal (each game's own bot) and strong.

The strong bot searches with the rules as its simulator, seeing only its seat. It ranks its
legal actions with the normal bot (the bot's choice, then its choice among the rest, and so
on) and compares its top ``CANDIDATES``, letting them in one by one (``WIDENING``), in rounds:
each round draws one whole state its seat could be in (``GameRules.determinize``) and plays
every candidate still in the running out from that same state with the same random stream
(common random numbers: the comparison then measures the actions, not the luck of the draw).
Every seat is played by its normal bot seeing its own view of the state, or by the game's
cheaper ``GameRules.rollout``. A playout ends with the game, or ``GameRules.horizon`` actions
on where the game scores the position (``GameRules.evaluate``). The strong bot plays the normal
bot's move unless another candidate did clearly better in the same worlds (``MIN_ROUNDS``,
``MARGIN``, ``CONFIDENCE``). A game whose rules of thumb can value a position
(``GameRules.appraise``: Manhattan) looks ahead instead (``look_ahead``): each favourite, the
other seats' answers in a drawn world, and the position then valued, world after world; the
best total wins. A game without ``determinize`` plays its normal bot at every level but easy.

Pure like the rules: the time budget is the caller's (``out_of_time``, asked between playouts),
and every random choice comes from the bot's generator, so a decision can be replayed with a
fixed number of playouts.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.rules.base import Action, GameRules, Outcome
from app.rules.bots import bots_move, random_bot_for
from app.rules.rng import Rng

LEVELS = ("easy", "normal", "strong")
"""A bot seat's level, as the lobby offers it (``"basic"``, the bot of old tables, is normal)."""

PLAYOUT_DEPTH = 600
"""Actions a playout may take before it is given up (no game here needs as many)."""

CANDIDATES = 8
"""Root actions the search compares at most: the normal bot's favourites (Manhattan offers 60
placements; ``WIDENING`` lets them in one by one as the budget allows)."""

WIDENING = 3
"""Rounds between one candidate joining the comparison and the next (the normal bot's second
choice joins at once)."""

MIN_ROUNDS = 4
"""Rounds a candidate needs before its results may overrule the normal bot's choice."""
MARGIN = 0.04
"""How much more a candidate must score on average (wins as 1, a loss as 0) to overrule it."""
CONFIDENCE = 2.0
"""... and by how many standard errors of that mean difference: luck must not overrule it
(several candidates are compared, so one of them looks better by one error most of the time;
at 1 the strong bot was no better than the normal one at 2 players, bench.games)."""

LOOK_CANDIDATES = 16
"""Root actions a look-ahead compares at most, the normal bot's favourites (Manhattan at 2
players against the normal bot, 400 games each, a one-off with a fixed number of worlds and the
normal bot's pieces: 64.0 % with 16 candidates in 6 worlds, 62.3 % with 8 in 12, 59.2 % with 8
in 6)."""
MIN_WORLDS = 2
"""Worlds a look-ahead needs before its totals may overrule the normal bot's choice."""
FINISHED = 1e6
"""What a game won within a look-ahead is worth (less for a share, and its negative for a
loss, ``worth``): more than any appraisal of a position still in play."""

WIN_WEIGHT = 0.75
"""A finished playout's worth: this much for the win (shared among winners), the rest for the
share of the other seats the seat outscored (or the game's ``GameRules.standing``); a close
loss is worth more than a rout, which tells actions apart in far fewer playouts than wins
alone."""


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
    A strong bot plays out until ``out_of_time()`` (or ``playouts`` of them); in a game with
    free text (``GameRules.free_text``) it plays as the normal bot: the search tries the legal
    actions as listed, and a free-text template is no move until a bot writes its text."""
    if level == "easy":
        return easy(rules, view, legal, rng)
    if level == "strong" and searchable(rules) and len(legal) > 1:
        search = strong if rules.appraise is None else look_ahead
        return search(
            rules, view, legal, seat=seat, rng=rng, out_of_time=out_of_time, playouts=playouts
        )
    return rules.bot(dict(view), legal, rng)


def searchable(rules: GameRules[Any]) -> bool:
    """Whether a strong bot of the game searches (it needs ``determinize``, and whole actions
    to try: no free-text templates)."""
    return rules.determinize is not None and not rules.free_text


def easy(rules: GameRules[Any], view: Mapping[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A learner's opponent: a random legal action half the time (free text made up:
    ``random_bot_for``), the normal bot's otherwise."""
    coin, rng = rng.randbelow(2)
    if coin == 0:
        return random_bot_for(rules)(dict(view), legal, rng)
    return rules.bot(dict(view), legal, rng)


class Favourites:
    """The normal bot's favourites among ``legal``, one at a time (``next``): its choice, then
    its choice among the others, and so on; the rest in a random order of ``rng``'s once the
    bot fails or picks something it was not offered (bots are written for whole legal lists:
    one may insist on a move of its own, or find nothing to rank). Asked lazily, as the bot
    may deliberate a while (Manhattan's weighs every placement)."""

    def __init__(
        self, rules: GameRules[Any], view: Mapping[str, Any], legal: list[Action], rng: Rng
    ) -> None:
        self.rules, self.view, self.legal, self.rng = rules, view, legal, rng
        self.rest = list(range(len(legal)))
        self.taken = 0
        self.shuffled: list[int] | None = None

    def next(self) -> int | None:
        """The index of the next favourite, None once every action was given."""
        if self.shuffled is None and self.rest:
            offered = [self.legal[index] for index in self.rest]
            purpose = f"{self.rng.purpose}/normal" + (f":{self.taken}" if self.taken else "")
            try:
                pick = self.rules.bot(dict(self.view), offered, Rng(self.rng.seed, purpose))
            except Exception:
                if not self.taken:
                    raise  # the normal bot's own choice, from its whole legal list
                pick = None  # a bot may rely on an action it is no longer offered
            if pick in offered:
                self.taken += 1
                return self.rest.pop(offered.index(pick))
            order, _ = Rng(self.rng.seed, f"{self.rng.purpose}/order").shuffle(self.rest)
            self.shuffled = list(order)
        return self.shuffled.pop(0) if self.shuffled else None


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
    favourites = Favourites(rules, view, legal, rng)
    normal = favourites.next()
    assert normal is not None
    others: list[_Candidate] = []
    done = 0

    def budget_left() -> bool:
        return done < playouts if playouts is not None else not out_of_time()

    for round_ in itertools.count():
        # The bot's favourites first: one more joins every WIDENING rounds (progressive
        # widening), so a small budget is spent on few actions, each compared often enough.
        while len(others) < min(CANDIDATES - 1, 1 + round_ // WIDENING):
            index = favourites.next()
            if index is None:
                break
            others.append(_Candidate(index))
        running = [candidate for candidate in others if not candidate.hopeless()]
        if not running:
            if len(others) == CANDIDATES - 1 or len(others) == len(legal) - 1:
                break
            continue
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


def look_ahead(
    rules: GameRules[Any],
    view: Mapping[str, Any],
    legal: list[Action],
    *,
    seat: int,
    rng: Rng,
    out_of_time: Callable[[], bool],
    playouts: int | None = None,
) -> Action:
    """The normal bot's favourite actions (up to ``LOOK_CANDIDATES``) compared by the game's
    own appraisal of where each leads (``GameRules.appraise``) once the others have answered:
    worlds drawn one after another while the budget lasts (``playouts`` lines if given, else
    until ``out_of_time()``, asked before each), every candidate played from the same world,
    then every other seat's normal bot (``answered``) until the seat is to act again or the
    game is over (``FINISHED``). The highest total over the worlds wins, the normal bot's order
    breaking ties; a world cut short counts for nothing, and fewer than ``MIN_WORLDS`` leave
    the normal bot's move (never weaker for being short of time). Where ``strong`` asks how the
    normal bot's move fares in games played on by the normal bots, this asks what the normal
    bot's rules of thumb make of the position one answer later, in many more worlds: Manhattan at 2
    players beat the normal bot in 66.3 % of 400 games this way (300 ms, ~250 lines a
    decision), in 58.5 % with ``strong``."""
    assert rules.determinize is not None and rules.appraise is not None
    favourites = Favourites(rules, view, legal, rng)
    candidates: list[int] = []
    while len(candidates) < LOOK_CANDIDATES and (index := favourites.next()) is not None:
        candidates.append(index)
    totals = [0.0] * len(candidates)
    done = worlds = 0

    def budget_left() -> bool:
        return done < playouts if playouts is not None else not out_of_time()

    while True:
        world = rules.determinize(view, seat, Rng(rng.seed, f"{rng.purpose}/world:{worlds}"))
        stream = Rng(rng.seed, f"{rng.purpose}/answers:{worlds}")
        values: list[float] = []
        for index in candidates:
            if not budget_left():
                break
            after = answered(rules, rules.apply(world, seat, legal[index]), seat, stream)
            outcome = rules.outcome(after)
            if outcome is not None:
                values.append(FINISHED * (2 * worth(rules, outcome, seat) - 1))
            else:
                mine = rules.legal_actions(after, seat) if seat in rules.to_act(after) else []
                values.append(rules.appraise(rules.view(after, seat), mine))
            done += 1
        if len(values) < len(candidates):
            break
        totals = [total + value for total, value in zip(totals, values, strict=True)]
        worlds += 1
    if worlds < MIN_WORLDS:
        return legal[candidates[0]]
    best = max(range(len(candidates)), key=lambda rank: (round(totals[rank], 6), -rank))
    return legal[candidates[best]]


def answered(rules: GameRules[Any], state: Any, seat: int, rng: Rng) -> Any:
    """``state`` once the other seats have played on with their normal bots (or ``rollout``)
    until ``seat`` is to act or the game is over (``PLAYOUT_DEPTH`` moves at most)."""
    for step in range(PLAYOUT_DEPTH):
        if rules.outcome(state) is not None or seat in rules.to_act(state):
            break
        state = _bots_step(rules, state, rng, step)
    return state


def worth(rules: GameRules[Any], outcome: Outcome, seat: int) -> float:
    """What a finished game is worth to ``seat``, in [0, 1] (``WIN_WEIGHT``): the rest of it
    the game's ``standing``, or the share of the other seats it outscored."""
    won = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    standing = rules.standing(outcome, seat) if rules.standing is not None else None
    if standing is not None:
        return WIN_WEIGHT * won + (1 - WIN_WEIGHT) * standing
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
    """Play on with every seat's normal bot (or the game's ``rules.rollout``): what the end is
    worth to ``seat`` (``worth``), or ``rules.evaluate`` of the position ``rules.horizon``
    actions on (0 for a game that does not end in ``PLAYOUT_DEPTH`` actions and cannot score a
    position)."""
    depth = rules.horizon if rules.evaluate is not None else PLAYOUT_DEPTH
    for step in range(depth):
        outcome = rules.outcome(state)
        if outcome is not None:
            return worth(rules, outcome, seat)
        state = _bots_step(rules, state, rng, step)
    outcome = rules.outcome(state)
    if outcome is not None:
        return worth(rules, outcome, seat)
    return rules.evaluate(state, seat) if rules.evaluate is not None else 0.0


def _bots_step(rules: GameRules[Any], state: Any, rng: Rng, step: int) -> Any:
    """The state after the next move of a table of bots, the ``step``-th of a playout (or of
    the answers a look-ahead waits for): each seat's normal bot seeing its own view (or the
    game's ``rollout``)."""
    order = sorted(rules.to_act(state))

    def bot(mover: int) -> Action:
        moves = rules.legal_actions(state, mover)
        stream = Rng(rng.seed, f"{rng.purpose}:{step}")
        if rules.rollout is not None:
            return rules.rollout(state, mover, moves, stream)
        return rules.bot(rules.view(state, mover), moves, stream)

    if len(order) == 1 and rules.phase_clock is None:
        # bots_move's result, without comparing whole states to see that the move counted
        return rules.apply(state, order[0], bot(order[0]))
    _, _, after = bots_move(rules, state, order, bot)
    return after
