"""What each viewer of a Forehead words match may see and say: ``view`` and ``log``
(whitelisted, field by field) and ``channels`` (rules/forehead-words.md, "Settled for online
play", Hidden and Chat is the game).

The secret is inverted: a seat's own word is hidden from that seat only, in its view, its log
and its legal actions, until it is out, has guessed it right, or the match is over; the other
players and spectators see every word. A line said only because it eliminated its writer may
hold another living player's word (Revealing: the wearer's own word is checked first), so its
text is hidden from every living player but its writer; a guess is said to the referee (seed,
special rule 5: "示意裁判，说出答案"), so its text is the guesser's alone (and spectators')."""

from __future__ import annotations

from typing import Any

from app.rules.base import Channels
from app.rules.forehead_words.components import TEXT_LIMIT, VOTE_SECONDS, team_of
from app.rules.forehead_words.state import Entry, State
from app.rules.forehead_words.words import Word
from app.rules.kit import thaw

ELIMINATED = "eliminated"
"""The chat channel of the eliminated players (Chat is the game)."""


def _viewer(state: State, seat: int | None) -> int | None:
    return seat if seat is not None and 0 <= seat < state.players else None


def sees_own(state: State, seat: int) -> bool:
    """Whether ``seat`` may see its own word: once out ("when a player is eliminated, their
    word is revealed to them"), once it guessed it right, or once the match is over."""
    return state.result is not None or not state.alive[seat] or state.knows[seat]


def words_seen(state: State, me: int | None) -> list[Word | None]:
    """Per seat, the word as ``me`` sees it: every word but its own while that is hidden."""
    return [
        None if seat == me and not sees_own(state, seat) else word
        for seat, word in enumerate(state.words)
    ]


def line_text(state: State, index: int, me: int | None) -> str | None:
    """A chat line's text as ``me`` may read it: a concealed line (it held another living
    player's word) only by its writer, the eliminated and spectators, and by all once over."""
    line = state.lines[index]
    hidden = (
        line.concealed
        and state.result is None
        and me is not None
        and me != line.seat
        and state.alive[me]
    )
    return None if hidden else line.text


def entry_for(state: State, event: Entry, me: int | None) -> dict[str, Any]:
    """One log entry as ``me`` may read it: every field always present, ``text`` ``None``
    where it may not (a concealed line, another's guess)."""
    shown: dict[str, Any] = {"type": event.type}
    for key, value in event.fields:
        shown[key] = thaw(value) if isinstance(value, tuple) else value
    if event.type == "said":
        shown["text"] = line_text(state, event.get("line"), me)
    elif event.type == "guessed" and not (
        me is None or me == event.get("seat") or state.result is not None
    ):
        shown["text"] = None
    return shown


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` (``None``: a spectator) may read it: the same entries for everyone,
    only the texts it may not read left out (``entry_for``). Entries (every field always
    present): ``dealt {players, themes, language, judged, time_limit}``, ``said {seat, line,
    text}``, ``emote {seat, emote}``, ``guessed {seat, right, text}``, ``eliminated {seat,
    how, by, word}`` (how: ``said``, ``emote``, ``wrong_guess``, ``chosen``, ``judged``,
    ``miscalled``), ``called {seat, wearer, line, vote}``, ``voted {seat, yes}``,
    ``vote_over {vote, yes, no, result}`` (result: ``wearer``, ``caller``, ``void``),
    ``time_up {}``, ``game_over {reason, living, winners, words}``."""
    me = _viewer(state, seat)
    return [entry_for(state, event, me) for event in state.events]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees (package docstring, View)."""
    me = _viewer(state, seat)
    vote = state.vote
    clock = None
    if state.result is None:
        if vote is not None:
            clock = {"phase": vote.phase, "seconds": VOTE_SECONDS}
        elif state.options.time_limit:
            clock = {"phase": "time", "seconds": state.options.time_limit}
    return {
        "game": "forehead_words",
        "players": state.players,
        "you": me,
        "teams": [team_of(seat) for seat in range(state.players)],
        "alive": list(state.alive),
        "words": [None if word is None else word.to_json() for word in words_seen(state, me)],
        "bar": list(state.bar),
        "lines": [
            {
                "line": index,
                "seat": line.seat,
                "text": line_text(state, index, me),
                "called": line.called,
            }
            for index, line in enumerate(state.lines)
        ],
        "guessed": list(state.guessed),
        "choosing": list(state.choosing),
        "vote": None
        if vote is None
        else {
            "number": vote.number,
            "caller": vote.caller,
            "wearer": vote.wearer,
            "line": vote.line,
            "voters": list(vote.voters),
            "votes": [{"seat": voter, "yes": yes} for voter, yes in vote.votes],
        },
        "votes_held": state.votes_held,
        "clock": clock,
        "to_act": [] if state.result is not None else [s for s, a in enumerate(state.alive) if a],
        "text_limit": TEXT_LIMIT,
        "options": state.options.to_json(),
        "result": None
        if state.result is None
        else {
            "reason": state.result.reason,
            "living": list(state.result.living),
            "winners": list(state.result.winners),
        },
    }


def channels(state: State, seat: int | None) -> Channels:
    """The chat channels ``seat`` (``None``: a spectator) may use now (Chat is the game): a
    living player has none (their chat lines are the game's ``say`` actions, through the
    rules), an eliminated player writes ``"eliminated"``, a spectator reads it. (Once the match
    is over the server opens its one table chat to all.)"""
    me = _viewer(state, seat)
    if me is None or state.result is not None:
        return {ELIMINATED: "read"}
    if state.alive[me]:
        return {}
    return {ELIMINATED: "write"}
