"""Forehead words' action parsing, who is who, and the legality checks: one check per action
kind, shared by ``legal_actions`` and ``apply`` (style 4.2; rules/forehead-words.md, "Settled for
online play")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.forehead_words.components import GAME_NAME, TEXT_LIMIT, team_of
from app.rules.forehead_words.state import State
from app.rules.forehead_words.words import Word, pool, revealed_by, says
from app.rules.kit import N_, Move, parse_kind

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
    if others_revealed(state, seat, text):
        raise IllegalAction("reveals_word", REVEALS)


def others_revealed(state: State, seat: int, text: str) -> list[int]:
    """The other living players whose word ``text`` holds (``seat``'s own is not looked at)."""
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
    if not voters_of(state, seat, wearer):
        raise IllegalAction("no_voters", "Nobody is left to judge the line.")


def voters_of(state: State, caller: int, wearer: int) -> tuple[int, ...]:
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


CHECKS: Mapping[str, Callable[..., None]] = {
    "say": check_say,
    "emote": check_emote,
    "guess": check_guess,
    "eliminate": check_eliminate,
    "call": check_call,
    "vote": check_vote,
}
"""Each action's legality check (``game.MOVES`` pairs them with their effects)."""


def wire(kind: str, **fields: Any) -> Action:
    """An action on the wire."""
    return {"type": kind, **fields}
