"""Forehead words' state: the chat lines, the running vote, the log entries and the match
(rules/forehead-words.md, "Settled for online play")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.forehead_words.components import Options
from app.rules.forehead_words.words import Word


@dataclass(frozen=True)
class Line:
    """A chat line said through the rules: its writer and text; ``concealed`` when it also
    held the word of another living player (said only because it eliminated its writer, who
    said their own word first: Revealing), so no other living player may read it;
    ``called`` once an opponent called it (a line is called at most once)."""

    seat: int
    text: str
    concealed: bool = False
    called: bool = False


@dataclass(frozen=True)
class Vote:
    """A running call on a judged word (Words): its number, the caller, the wearer, the line
    called, the living players who vote (neither of the two), and the votes cast in order."""

    number: int
    caller: int
    wearer: int
    line: int
    voters: tuple[int, ...]
    votes: tuple[tuple[int, bool], ...] = ()

    @property
    def phase(self) -> str:
        """The vote's timer's name (``PhaseClock.phase``), unique per match."""
        return f"vote-{self.number}"


@dataclass(frozen=True)
class Entry:
    """One log entry as the state keeps it: its type and fields (scalars and tuples). Who may
    read what of it is ``views.entry_for``'s: a ``said`` line's text (``Line.concealed``), a
    ``guessed`` text (said to the referee: the guesser's own)."""

    type: str
    fields: tuple[tuple[str, Any], ...]

    def get(self, key: str) -> Any:
        """The value of field ``key``."""
        return dict(self.fields)[key]


def entry(kind: str, /, **fields: Any) -> Entry:
    """A log entry of type ``kind`` with ``fields`` in the order given."""
    return Entry(kind, tuple(fields.items()))


@dataclass(frozen=True)
class Result:
    """How the match ended: ``"team_out"`` (a team has nobody left) or ``"time"``, the living
    players of each team then, and the winning seats (the team with more living players;
    both teams on a draw)."""

    reason: str
    living: tuple[int, int]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """A match of Forehead words. Secret: each seat's word, from that seat only, until it is
    out, has guessed it right, or the match is over; a guess's text, from everyone but the
    guesser; a concealed line, from the other living players."""

    options: Options
    players: int
    words: tuple[Word, ...]
    """Per seat, the word card on its forehead."""
    bar: tuple[str, ...]
    """The action bar: the emote keys, in the order dealt."""
    alive: tuple[bool, ...]
    guessed: tuple[bool, ...]
    """Per seat, it has used its one guess."""
    knows: tuple[bool, ...]
    """Per seat, it guessed its word right (it was told so)."""
    choosing: tuple[int, ...]
    """The living seats that guessed right and owe the choice of an opponent to eliminate, in
    order."""
    lines: tuple[Line, ...]
    vote: Vote | None
    votes_held: int
    """How many calls were made (the next vote's number is one more)."""
    result: Result | None
    events: tuple[Entry, ...]
