"""Forehead words inverts the secret (rules/forehead-words.md, "Settled for online play",
Hidden; app/rules/forehead_words/views.py): each seat's own word is hidden from that seat only,
until it is out, has guessed it right or the match is over; the other players and spectators
see every word. A guess's text is the guesser's alone (and the spectators'), and a line said
only because it eliminated its writer (it may hold another living player's word) is hidden
from every other living player until the end.

The one way a seat's frames may hold its own word early is a line it typed itself (an action
word's text does not eliminate its wearer): ``typed`` lists those, and the wire harness lets
them through (they teach the seat nothing).

Twins give the viewer another word it could be wearing (one in play that it sees on nobody
else), other players' guesses other texts, and other writers' concealed lines other texts.
What the viewer's own line, emote or guess does depends on its word (whether it is out is the
news), and so does whether a line that eliminated its writer is concealed (it may hold the
viewer's word): those moves may show the viewer something new (``reveals``), as does a timer
running out (the time limit ends the match)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.forehead_words import State, apply
from app.rules.forehead_words.checks import candidates, in_play
from app.rules.forehead_words.components import DEFAULT_OPTIONS
from app.rules.forehead_words.state import Entry, Line
from app.rules.forehead_words.views import sees_own
from app.rules.kit import replace_at

CHOICES: dict[str, tuple[Any, ...]] = {
    # Three themes of 16 words (21 with the judged ones): enough for ten players.
    "themes": (DEFAULT_OPTIONS["themes"], ["ktv", "dinner", "pe"]),
    "language": ("en", "zh-Hans", "ja", "hu"),
    # No limit, and the longest: a wire match must not run out of real time meanwhile.
    "time_limit": (600, 0, 3600),
}

TWIN_TEXT = "twin: another text"
"""What a twin's hidden guesses and concealed lines say instead."""


def forms(text: str) -> list[str]:
    """A string as a frame prints it (a JSON string, the quotes included: a word printed as a
    value, not a few letters that also occur inside other texts), raw or escaped."""
    return sorted({json.dumps(text, ensure_ascii=False), json.dumps(text)})


def _hidden_from(state: State, viewer: int | None) -> bool:
    """Whether ``viewer``'s own word is hidden from it now."""
    return viewer is not None and 0 <= viewer < state.players and not sees_own(state, viewer)


def items(state: State, viewer: int | None) -> list[str]:
    """The viewer's own word while it is hidden from it: the card's text and a say word's
    phrase."""
    if not _hidden_from(state, viewer):
        return []
    assert viewer is not None
    card = state.words[viewer]
    return [form for text in (card.text, card.phrase) if text for form in forms(text)]


def typed(state: State, viewer: int | None) -> list[str]:
    """The texts ``viewer`` typed itself (its lines and its guess): its frames may hold them,
    whatever they say."""
    if viewer is None:
        return []
    lines = [line.text for line in state.lines if line.seat == viewer]
    guesses = [
        event.get("text")
        for event in state.events
        if event.type == "guessed" and event.get("seat") == viewer
    ]
    return lines + guesses


def _retexted(event: Entry, text: str) -> Entry:
    return dataclasses.replace(
        event,
        fields=tuple((key, text if key == "text" else value) for key, value in event.fields),
    )


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same table with what ``viewer`` cannot see changed: its own word (another it could
    be wearing), the other players' guesses and the other writers' concealed lines (other
    texts). The same state for a spectator, or once the match is over."""
    if viewer is None or state.result is not None:
        return state
    words = state.words
    if _hidden_from(state, viewer):
        seen = candidates(words, viewer, in_play(state))  # its own among them
        could = [word for word in seen if word != words[viewer]]
        if could:
            words = replace_at(words, viewer, rng.choice(could))
    living = state.alive[viewer]
    lines = tuple(
        dataclasses.replace(line, text=TWIN_TEXT)
        if living and line.concealed and line.seat != viewer
        else line
        for line in state.lines
    )
    events = tuple(
        _retexted(event, TWIN_TEXT)
        if event.type == "guessed" and event.get("seat") != viewer
        else _said(event, lines)
        for event in state.events
    )
    return dataclasses.replace(state, words=words, lines=lines, events=events)


def _said(event: Entry, lines: tuple[Line, ...]) -> Entry:
    """A ``said`` entry with its line's (possibly twinned) text; any other entry as it is."""
    if event.type != "said":
        return event
    return _retexted(event, lines[event.get("line")].text)


def reveals(state: State, seat: int | None, action: Action, viewer: int | None) -> bool:
    """Whether the move may show ``viewer`` something new beyond itself: a timer running out
    (the time limit ends the match), the viewer's own line, emote or guess (whether it put the
    viewer out depends on its word), a line that put its writer out (concealed or not, as it
    holds a living player's word, the viewer's perhaps), or the end of the match."""
    if seat is None:
        return True
    if seat == viewer and action.get("type") in ("say", "emote", "guess"):
        return True
    after = apply(state, seat, action)
    if after.result is not None:
        return True
    return action.get("type") == "say" and not after.alive[seat]
