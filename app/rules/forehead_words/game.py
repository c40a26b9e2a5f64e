"""Forehead words' rules: the contract of design 1.1 and the timed phases (``phase_clock``,
``expire``): the time limit and a call's vote (rules/forehead-words.md, "Settled for online
play")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.base import Action, IllegalAction, Outcome, PhaseClock
from app.rules.forehead_words.components import VOTE_SECONDS, Options, check_options, team_of
from app.rules.forehead_words.emotes import EMOTE_KEYS
from app.rules.forehead_words.moves import (
    CHECKS,
    MOVES,
    check_turn,
    end_vote,
    finish,
    living,
    log as add_to_log,
    opponents,
    parse,
    wire,
)
from app.rules.forehead_words.state import State, entry
from app.rules.forehead_words.views import channels, log, view
from app.rules.forehead_words.words import pool
from app.rules.kit import can, choose_start, play_move
from app.rules.rng import Rng

__all__ = [
    "apply",
    "channels",
    "clocks",
    "expire",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "phase_clock",
    "to_act",
    "view",
]

TIME_PHASE = "time"
"""The time limit's timer (``PhaseClock.phase``): one for the whole match."""

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt match. The deal (package docstring): the words in play in their data
    table's order, shuffled by ``Rng(seed, "deal")``: seat k wears word k. The bar: the
    catalogue's emotes that no action word in play uses, in catalogue order, shuffled by
    ``Rng(seed, "bar")``, the first as many as the action words in play taken as decoys; then
    the action words' emotes (table order) followed by the decoys, shuffled by the same
    stream. Nobody starts: ``start_seat`` is checked and has no effect."""
    full = check_options(players, options)
    choose_start(start_seat, drawn=0, players=players)
    chosen = Options(
        themes=tuple(full["themes"]),
        language=full["language"],
        judged=full["judged"],
        time_limit=full["time_limit"],
    )
    words = pool(chosen.language, chosen.themes, judged=chosen.judged)
    dealt, _ = Rng(seed, "deal").shuffle(words)
    actions = [word.emote for word in words if word.emote is not None]
    spare = [key for key in EMOTE_KEYS if key not in actions]
    decoys, rng = Rng(seed, "bar").shuffle(spare)
    bar, _ = rng.shuffle([*actions, *decoys[: len(actions)]])
    return State(
        options=chosen,
        players=players,
        words=dealt[:players],
        bar=bar,
        alive=(True,) * players,
        guessed=(False,) * players,
        knows=(False,) * players,
        choosing=(),
        lines=(),
        vote=None,
        votes_held=0,
        result=None,
        events=(
            entry(
                "dealt",
                players=players,
                themes=chosen.themes,
                language=chosen.language,
                judged=chosen.judged,
                time_limit=chosen.time_limit,
            ),
        ),
    )


def to_act(state: State) -> frozenset[int]:
    """Every living player, at any time (Chat is the game); empty once over."""
    if state.result is not None:
        return frozenset()
    return frozenset(living(state))


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order. A right guesser who owes a choice:
    ``eliminate`` each living opponent, by seat. Else: the free-text templates ``{"type":
    "say"}`` and, before the seat's guess, ``{"type": "guess"}`` (``GameRules.free_text``:
    any ``text`` is accepted as ``apply`` judges it), each ``emote`` of the bar (bar order),
    a ``call`` of each line it may call (line order), and ``vote`` yes then no."""
    if not can(check_turn, state, seat):
        return []
    if seat in state.choosing:
        return [wire("eliminate", target=target) for target in opponents(state, seat)]
    actions: list[Action] = [wire("say")]
    if not state.guessed[seat]:
        # No guess of each word the seat could wear: its own would be among them, and a
        # seat's frames never hold its own word (the bot reads the candidates off its view).
        actions.append(wire("guess"))
    actions += [wire("emote", emote=emote) for emote in state.bar]
    actions += [
        wire("call", line=line)
        for line in range(len(state.lines))
        if can(CHECKS["call"], state, seat, line)
    ]
    if can(CHECKS["vote"], state, seat, True):
        actions += [wire("vote", yes=True), wire("vote", yes=False)]
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal
    (``reveals_word`` for a line that would give away another living player's word: the
    server tells its writer only, and the line reaches nobody)."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def outcome(state: State) -> Outcome | None:
    """``None`` while the match runs; then per seat the living players of its team (its
    score), the winners (the team with more living players, both teams on a draw) and the
    detail ``{"reason", "living", "winners", "words"}``."""
    result = state.result
    if result is None:
        return None
    scores = [result.living[team_of(seat)] for seat in range(state.players)]
    return Outcome(
        scores=scores,
        winners=frozenset(result.winners),
        detail={
            "reason": result.reason,
            "living": list(result.living),
            "winners": list(result.winners),
            "words": [word.to_json() for word in state.words],
        },
    )


# --- timed phases (base.PhaseClock) --------------------------------------------------------------


def clocks(state: State) -> tuple[PhaseClock, ...]:
    """Every timer running now: the time limit (``"time"``, the whole match; none with
    ``time_limit`` 0) and a call's vote (``"vote-N"``, 20 s). Both may run at once; the
    server keeps each one's deadline from when it first appeared."""
    if state.result is not None:
        return ()
    running = []
    if state.vote is not None:
        running.append(PhaseClock(state.vote.phase, VOTE_SECONDS))
    if state.options.time_limit:
        running.append(PhaseClock(TIME_PHASE, state.options.time_limit))
    return tuple(running)


def phase_clock(state: State) -> PhaseClock | None:
    """The timer that the server's one deadline follows now: a call's vote while one runs
    (it ends first: 20 s), else the time limit; None without either, or once over."""
    running = clocks(state)
    return running[0] if running else None


def expire(state: State, phase: str) -> State:
    """The state once ``phase`` has run out: ``"time"`` ends the match (Time; a running vote
    is void), a vote's timer ends the vote with the votes cast (Judged words: "within 20 s");
    ``stale_phase`` for a timer that does not run (``clocks``)."""
    if phase not in {clock.phase for clock in clocks(state)}:
        raise IllegalAction(
            "stale_phase", "The phase {phase} is not running.", phase=repr(str(phase)[:40])
        )
    if phase == TIME_PHASE:
        return finish(add_to_log(state, entry("time_up")), "time")
    return end_vote(state)
