"""Forehead words' actions: parsing, one legality check per action kind (shared by
``legal_actions`` and ``apply``, style 4.2) and each action's effect, with the eliminations,
the judged words' vote and the end of the match (rules/forehead-words.md, "Settled for online
play")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.forehead_words.components import GAME_NAME, TEXT_LIMIT, team_of
from app.rules.forehead_words.state import Entry, Line, Result, State, Vote, entry
from app.rules.forehead_words.words import Word, pool, revealed_by, right_guess, says
from app.rules.kit import N_, Move, MoveRule, parse_kind, replace_at

ACTION_FIELDS: dict[str, frozenset[str]] = {
    "say": frozenset({"type", "text"}),
    "emote": frozenset({"type", "emote"}),
    "guess": frozenset({"type", "text"}),
    "eliminate": frozenset({"type", "target"}),
    "call": frozenset({"type", "line"}),
    "vote": frozenset({"type", "yes"}),
}
"""The fields of each action on the wire; anything else is malformed."""

FREE_TEXT = frozenset({"say", "guess"})
"""The actions whose ``text`` is free (``GameRules.free_text``): ``legal_actions`` lists them
as templates without ``text``."""

REVEALS = N_("That would give away a word.")
"""The refusal of a line that holds another living player's word (Revealing: "a notice to its
writer only")."""

# --- parsing -------------------------------------------------------------------------------------


def parse(action: Any) -> Move:
    """An action's type and its argument, or ``bad_action`` for anything malformed (another
    type, missing or extra fields, a text that is not a string, a seat or line that is not a
    whole number, a vote that is not true or false)."""
    kind = parse_kind(action, ACTION_FIELDS, game=GAME_NAME)
    if kind in FREE_TEXT:
        text = action["text"]
        if not isinstance(text, str):
            raise IllegalAction("bad_action", "text is a string.")
        return Move(kind, (text,))
    if kind == "emote":
        if not isinstance(action["emote"], str):
            raise IllegalAction("bad_action", "emote is the key of an emote of the bar.")
        return Move(kind, (action["emote"],))
    if kind == "vote":
        if not isinstance(action["yes"], bool):
            raise IllegalAction("bad_action", "yes is true or false.")
        return Move(kind, (action["yes"],))
    field = "target" if kind == "eliminate" else "line"
    if type(action[field]) is not int:
        raise IllegalAction("bad_action", "{field} is a whole number.", field=field)
    return Move(kind, (action[field],))


# --- who is who ------------------------------------------------------------------------------


def living(state: State) -> list[int]:
    """The living seats, in seat order."""
    return [seat for seat in range(state.players) if state.alive[seat]]


def opponents(state: State, seat: int) -> list[int]:
    """The living players of the other team, in seat order."""
    return [other for other in living(state) if team_of(other) != team_of(seat)]


def candidates(words: tuple[Word | None, ...], seat: int, in_play: tuple[Word, ...]) -> list[Word]:
    """The words ``seat`` could wear, seeing the others' ``words``: those in play that it
    sees on nobody else (every word is different: Words), in the data table's order."""
    seen = {word for other, word in enumerate(words) if other != seat and word is not None}
    return [word for word in in_play if word not in seen]


def in_play(state: State) -> tuple[Word, ...]:
    """The words of the table's themes (judged ones if ticked)."""
    options = state.options
    return pool(options.language, options.themes, judged=options.judged)


# --- checks --------------------------------------------------------------------------------------


def check_turn(state: State, seat: int) -> None:
    """Refuse every seat once the match is over, a seat that does not exist and a player who
    is out (Chat is the game: "eliminated players may watch and talk only in a channel of the
    eliminated")."""
    if state.result is not None:
        raise IllegalAction("game_over", "The game is over.")
    if type(seat) is not int or not 0 <= seat < state.players or not state.alive[seat]:
        raise IllegalAction("not_your_turn", "You are out of the game.")


def _check_free(state: State, seat: int) -> None:
    """A living seat that owes its elimination choice makes it first (Guess: "right, and they
    eliminate one living opponent of their choice")."""
    check_turn(state, seat)
    if seat in state.choosing:
        raise IllegalAction("must_choose", "First choose the opponent your guess eliminates.")


def _check_text(text: str) -> None:
    if not text.strip():
        raise IllegalAction("empty_text", "Write something first.")
    if len(text) > TEXT_LIMIT:
        raise IllegalAction("too_long", "A line has at most {limit} characters.", limit=TEXT_LIMIT)


def check_say(state: State, seat: int, text: str) -> None:
    """A chat line: any text of at most ``TEXT_LIMIT`` characters, unless it holds the word of
    another living player (Revealing), checked after the writer's own word: a line with the
    writer's own say word is said, and eliminates them, whatever else it holds."""
    _check_free(state, seat)
    _check_text(text)
    own = state.words[seat]
    if own.kind == "say" and says(text, own):
        return
    if _others_revealed(state, seat, text):
        raise IllegalAction("reveals_word", REVEALS)


def _others_revealed(state: State, seat: int, text: str) -> list[int]:
    """The other living players whose word ``text`` holds."""
    shown = tuple(
        word if other != seat and state.alive[other] else None
        for other, word in enumerate(state.words)
    )
    return revealed_by(text, shown)


def check_emote(state: State, seat: int, emote: str) -> None:
    """An emote of the action bar, at any time."""
    _check_free(state, seat)
    if emote not in state.bar:
        raise IllegalAction("bad_emote", "There is no such emote on the action bar.")


def check_guess(state: State, seat: int, text: str) -> None:
    """Guess: "any living player may guess their own word once at any time"."""
    _check_free(state, seat)
    if state.guessed[seat]:
        raise IllegalAction("already_guessed", "You have already guessed your word.")
    _check_text(text)


def check_eliminate(state: State, seat: int, target: int) -> None:
    """Guess, right: the guesser eliminates "one living opponent of their choice"."""
    check_turn(state, seat)
    if seat not in state.choosing:
        raise IllegalAction("no_choice", "Only a right guess lets you eliminate an opponent.")
    if target not in opponents(state, seat):
        raise IllegalAction("bad_target", "Choose a living player of the other team.")


def check_call(state: State, seat: int, line: int) -> None:
    """Judged words: "when the wearer may have done it, any opponent may call it, pointing at
    the chat line" [Parlor: one call at a time, each line called once, and only with someone
    to vote]."""
    _check_free(state, seat)
    if not state.options.judged:
        raise IllegalAction("no_judged_words", "Judged words are not in play.")
    if state.vote is not None:
        raise IllegalAction("vote_running", "Wait until the running vote is over.")
    if not 0 <= line < len(state.lines):
        raise IllegalAction("bad_line", "There is no line {line}.", line=line)
    said = state.lines[line]
    wearer = said.seat
    if wearer not in opponents(state, seat):
        raise IllegalAction("bad_line", "Call a line of a living opponent.")
    if state.words[wearer].kind != "judged":
        raise IllegalAction("bad_line", "That player's word is not a judged word.")
    if said.called:
        raise IllegalAction("bad_line", "That line has already been called.")
    if not _voters(state, seat, wearer):
        raise IllegalAction("no_voters", "Nobody is left to judge the line.")


def _voters(state: State, caller: int, wearer: int) -> tuple[int, ...]:
    """Judged words: "every player who is neither the caller nor the wearer votes" [Parlor:
    every living one; the eliminated are out of the game, seed rule 4]."""
    return tuple(seat for seat in living(state) if seat not in (caller, wearer))


def check_vote(state: State, seat: int, yes: bool) -> None:
    """Judged words: each voter votes yes or no, once."""
    _check_free(state, seat)
    vote = state.vote
    if vote is None:
        raise IllegalAction("no_vote", "No vote is running.")
    if seat not in vote.voters:
        raise IllegalAction("not_a_voter", "You do not vote on this call.")
    if any(voter == seat for voter, _ in vote.votes):
        raise IllegalAction("already_voted", "You have already voted.")


# --- effects -------------------------------------------------------------------------------------


def log(state: State, *entries: Entry) -> State:
    """``state`` with ``entries`` added to its log."""
    return replace(state, events=state.events + entries)


def do_say(state: State, seat: int, text: str) -> State:
    """The line is said (logged ``said``); if it holds the writer's own say word, they are out
    (Words). It is concealed from the other living players if it holds another living
    player's word (only possible then: ``check_say``)."""
    index = len(state.lines)
    line = Line(seat=seat, text=text, concealed=bool(_others_revealed(state, seat, text)))
    state = replace(state, lines=state.lines + (line,))
    state = log(state, entry("said", seat=seat, line=index, text=text))
    own = state.words[seat]
    if own.kind == "say" and says(text, own):
        return eliminate(state, seat, how="said")
    return state


def do_emote(state: State, seat: int, emote: str) -> State:
    """The emote is shown (logged ``emote``); the emote of one's own action word eliminates
    (Words: "sending the emote of your own action word eliminates you")."""
    state = log(state, entry("emote", seat=seat, emote=emote))
    if state.words[seat].emote == emote:
        return eliminate(state, seat, how="emote")
    return state


def do_guess(state: State, seat: int, text: str) -> State:
    """The guess is judged (logged ``guessed``): right, the guesser learns their word and owes
    the choice of an opponent to eliminate; wrong, they are out (Guess)."""
    right = right_guess(text, state.words[seat])
    state = replace(state, guessed=replace_at(state.guessed, seat, True))
    state = log(state, entry("guessed", seat=seat, right=right, text=text))
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
        number=number, caller=seat, wearer=wearer, line=line, voters=_voters(state, seat, wearer)
    )
    lines = replace_at(state.lines, line, replace(state.lines[line], called=True))
    state = replace(state, lines=lines, vote=vote, votes_held=number)
    return log(state, entry("called", seat=seat, wearer=wearer, line=line, vote=number))


def do_vote(state: State, seat: int, yes: bool) -> State:
    """The vote is cast (public, logged ``voted``); the vote ends once every living voter has
    voted."""
    vote = state.vote
    assert vote is not None
    state = replace(state, vote=replace(vote, votes=vote.votes + ((seat, yes),)))
    state = log(state, entry("voted", seat=seat, yes=yes))
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
    state = log(state, entry("vote_over", vote=vote.number, yes=yes, no=no, result=outcome))
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
    state = log(state, entry("eliminated", seat=seat, how=how, by=by, word=word))
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
    return log(
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
    "say": MoveRule(check_say, do_say),
    "emote": MoveRule(check_emote, do_emote),
    "guess": MoveRule(check_guess, do_guess),
    "eliminate": MoveRule(check_eliminate, do_eliminate),
    "call": MoveRule(check_call, do_call),
    "vote": MoveRule(check_vote, do_vote),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""

CHECKS: Mapping[str, Callable[..., None]] = {kind: rule.check for kind, rule in MOVES.items()}


def wire(kind: str, **fields: Any) -> Action:
    """An action on the wire."""
    return {"type": kind, **fields}
