"""Forehead words' rules: the contract of design 1.1, the timed phases (``phase_clock``,
``expire``: the time limit and a call's vote), the move table and each action's effect, with
the eliminations, the judged words' vote and the end of the match (rules/forehead-words.md,
"Settled for online play")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.rules.base import Action, IllegalAction, Outcome, PhaseClock
from app.rules.forehead_words.checks import (
    CHECKS,
    check_turn,
    living,
    opponents,
    others_revealed,
    parse,
    voters_of,
    wire,
)
from app.rules.forehead_words.components import VOTE_SECONDS, Options, check_options, team_of
from app.rules.forehead_words.emotes import EMOTE_KEYS
from app.rules.forehead_words.state import Entry, Line, Result, State, Vote, entry
from app.rules.forehead_words.views import channels, log, view
from app.rules.forehead_words.words import pool, right_guess, says
from app.rules.kit import MoveRule, can, choose_start, play_move, replace_at
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
        return finish(logged(state, entry("time_up")), "time")
    return end_vote(state)


# --- effects -------------------------------------------------------------------------------------


def logged(state: State, *entries: Entry) -> State:
    """``state`` with ``entries`` added to its log."""
    return replace(state, events=state.events + entries)


def do_say(state: State, seat: int, text: str) -> State:
    """The line is said (logged ``said``); if it holds the writer's own say word, they are out
    (Words). It is concealed from the other living players if it holds another living
    player's word (only possible then: ``check_say``)."""
    index = len(state.lines)
    line = Line(seat=seat, text=text, concealed=bool(others_revealed(state, seat, text)))
    state = replace(state, lines=state.lines + (line,))
    state = logged(state, entry("said", seat=seat, line=index, text=text))
    own = state.words[seat]
    if own.kind == "say" and says(text, own):
        return eliminate(state, seat, how="said")
    return state


def do_emote(state: State, seat: int, emote: str) -> State:
    """The emote is shown (logged ``emote``); the emote of one's own action word eliminates
    (Words: "sending the emote of your own action word eliminates you")."""
    state = logged(state, entry("emote", seat=seat, emote=emote))
    if state.words[seat].emote == emote:
        return eliminate(state, seat, how="emote")
    return state


def do_guess(state: State, seat: int, text: str) -> State:
    """The guess is judged (logged ``guessed``): right, the guesser learns their word and owes
    the choice of an opponent to eliminate; wrong, they are out (Guess)."""
    right = right_guess(text, state.words[seat])
    state = replace(state, guessed=replace_at(state.guessed, seat, True))
    state = logged(state, entry("guessed", seat=seat, right=right, text=text))
    if not right:
        return eliminate(state, seat, how="wrong_guess")
    return replace(
        state, knows=replace_at(state.knows, seat, True), choosing=state.choosing + (seat,)
    )


def do_eliminate(state: State, seat: int, target: int) -> State:
    """The right guesser's chosen opponent is out."""
    state = replace(state, choosing=tuple(s for s in state.choosing if s != seat))
    return eliminate(state, target, how="chosen", by=seat)


def do_call(state: State, seat: int, line: int) -> State:
    """The call opens a vote (logged ``called``), timed by ``VOTE_SECONDS``."""
    wearer = state.lines[line].seat
    number = state.votes_held + 1
    vote = Vote(
        number=number, caller=seat, wearer=wearer, line=line, voters=voters_of(state, seat, wearer)
    )
    lines = replace_at(state.lines, line, replace(state.lines[line], called=True))
    state = replace(state, lines=lines, vote=vote, votes_held=number)
    return logged(state, entry("called", seat=seat, wearer=wearer, line=line, vote=number))


def do_vote(state: State, seat: int, yes: bool) -> State:
    """The vote is cast (public, logged ``voted``); the vote ends once every living voter has
    voted."""
    vote = state.vote
    assert vote is not None
    state = replace(state, vote=replace(vote, votes=vote.votes + ((seat, yes),)))
    state = logged(state, entry("voted", seat=seat, yes=yes))
    return _vote_done(state)


def _vote_done(state: State) -> State:
    """The running vote ends if no living voter is left to vote."""
    vote = state.vote
    if vote is None:
        return state
    cast = {voter for voter, _ in vote.votes}
    if all(voter in cast or not state.alive[voter] for voter in vote.voters):
        return end_vote(state)
    return state


def end_vote(state: State, *, void: bool = False) -> State:
    """The running vote ends (all voted, or its 20 s ran out): "a majority of yes eliminates the
    wearer, otherwise the caller is eliminated" [Parlor: more yes than no among the votes
    cast; no vote at all is no majority]. ``void``: the caller or the wearer is already out,
    or the match ends, and nobody is eliminated."""
    vote = state.vote
    assert vote is not None
    yes = sum(1 for _, said in vote.votes if said)
    no = len(vote.votes) - yes
    outcome = "void" if void else ("wearer" if yes > no else "caller")
    state = replace(state, vote=None)
    state = logged(state, entry("vote_over", vote=vote.number, yes=yes, no=no, result=outcome))
    if outcome == "wearer":
        return eliminate(state, vote.wearer, how="judged", by=vote.caller)
    if outcome == "caller":
        return eliminate(state, vote.caller, how="miscalled", by=vote.wearer)
    return state


def eliminate(state: State, seat: int, *, how: str, by: int | None = None) -> State:
    """``seat`` is out (logged ``eliminated`` with its word, now revealed to it: Hidden); a
    vote it was the caller or wearer of is void, one it was the last voter of ends; a team
    with nobody left ends the match (seed rule 5)."""
    state = replace(
        state,
        alive=replace_at(state.alive, seat, False),
        choosing=tuple(other for other in state.choosing if other != seat),
    )
    word = state.words[seat]
    state = logged(state, entry("eliminated", seat=seat, how=how, by=by, word=word))
    if any(team_of(other) == team_of(seat) for other in living(state)):
        vote = state.vote
        if vote is not None and seat in (vote.caller, vote.wearer):
            return end_vote(state, void=True)
        return _vote_done(state)
    return finish(state, "team_out")


def finish(state: State, reason: str) -> State:
    """The match ends: a team with nobody left loses; at the time limit "the team with more
    living players wins; equal numbers is a draw" (both teams' seats win). A running vote is
    void; a right guess's choice not made is lost."""
    if state.vote is not None:
        state = end_vote(state, void=True)
    counts = [sum(1 for s in living(state) if team_of(s) == team) for team in (0, 1)]
    best = max(counts)
    winners = tuple(s for s in range(state.players) if counts[team_of(s)] == best)
    result = Result(reason=reason, living=(counts[0], counts[1]), winners=winners)
    state = replace(state, result=result, choosing=())
    return logged(
        state,
        entry(
            "game_over",
            reason=reason,
            living=result.living,
            winners=winners,
            words=state.words,
        ),
    )


MOVES: Mapping[str, MoveRule[State]] = {
    "say": MoveRule(CHECKS["say"], do_say),
    "emote": MoveRule(CHECKS["emote"], do_emote),
    "guess": MoveRule(CHECKS["guess"], do_guess),
    "eliminate": MoveRule(CHECKS["eliminate"], do_eliminate),
    "call": MoveRule(CHECKS["call"], do_call),
    "vote": MoveRule(CHECKS["vote"], do_vote),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""
