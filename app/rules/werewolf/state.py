"""Werewolf's game state: the seats, the night's secret choices, the day's public ones, the
private notes and the result (immutable; rules/werewolf.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.kit import Event
from app.rules.rng import Rng
from app.rules.werewolf.components import Options

NIGHT_STEPS = frozenset({"night", "witch"})
"""The steps whose actions are secret (Night: "each in private")."""


@dataclass(frozen=True)
class Note:
    """One private line of a seat's notes: when (``"night"`` or ``"day"`` and its number),
    what kind of knowledge (``"role"``, ``"spares"``, ``"swap"``, ``"pack"``, ``"lovers"``,
    ``"seen"``, ``"chosen"``, ``"attacked"``, ``"potion"``, ``"enchanted"``, ``"elder"``,
    ``"powers"``), the seats and role it is about, and the sentence."""

    when: str
    number: int
    kind: str
    text: str
    seats: tuple[int, ...] = ()
    role: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The note as the view shows it."""
        return {
            self.when: self.number,
            "kind": self.kind,
            "text": self.text,
            "seats": list(self.seats),
            "role": self.role,
        }


@dataclass(frozen=True)
class Night:
    """One night's choices, all secret (Night: each role in private)."""

    thief_done: bool = False
    """The Thief kept his card or took a spare one (night 1)."""
    lovers: tuple[int, ...] = ()
    """Cupid's picks so far (night 1): two make the couple."""
    seen: int | None = None
    """The seat the Seer looks at; answered when the night step ends."""
    pointing: tuple[int | None, ...] = ()
    """Per seat, the living werewolf's target (``None``: not pointing; every other seat
    ``None``)."""
    victim: int | None = None
    fixed: bool = False
    """The werewolves' victim is settled (a majority, or the night step ended)."""
    enchanting: tuple[int, ...] = ()
    """The Piper's picks tonight (two at most; applied at dawn)."""
    witch: str | None = None
    """What the Witch did in her step: ``"save"``, ``"poison"`` or ``"pass"``."""
    poisoned: int | None = None


@dataclass(frozen=True)
class Day:
    """The public choices of the running day step (Day and Sheriff election)."""

    ready: tuple[int, ...] = ()
    """Discussion: the living players who said they are ready, in order."""
    answered: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()
    """Candidacy: who answered, and who stands, in order."""
    votes: tuple[tuple[int, int | None], ...] = ()
    """Election or vote: ``(voter, target)`` as cast (``None``: abstained)."""
    tied: tuple[int, ...] = ()
    """Tiebreak: the tied players the Sheriff chooses among."""
    ballot: tuple[int, ...] = ()
    """Scapegoat: the living players he has toggled off so far (not to vote)."""


@dataclass(frozen=True)
class Result:
    """How the match ended: the winning side (``winners``) and its seats."""

    side: str
    seats: tuple[int, ...]

    def to_json(self, state: State) -> dict[str, Any]:
        """The outcome's detail (and the view's ``result``): everything revealed."""
        return {
            "side": self.side,
            "winners": list(self.seats),
            "roles": list(state.roles),
            "dealt": list(state.dealt),
            "spares": list(state.spares),
            "lovers": None if state.lovers is None else list(state.lovers),
            "enchanted": list(state.enchanted),
        }


@dataclass(frozen=True)
class State:
    """A match of Werewolf. Secret: every role but the viewer's (until revealed), the spare
    cards, the lovers, the enchanted, the Seer's looks, the werewolves' pointing, the Witch's
    potions, the Elder's extra life, and the running night's choices."""

    options: Options
    players: int
    dealt: tuple[str, ...]
    """Per seat, the card dealt (the Thief's before any swap)."""
    roles: tuple[str, ...]
    """Per seat, the role now (the Thief's swap changes his)."""
    spares: tuple[str, ...]
    """The two cards left over after the deal (with a Thief; the one he gave up after a swap),
    else ``()``."""
    alive: tuple[bool, ...]
    revealed: tuple[bool, ...]
    """Per seat, the role is public (a death with ``reveal: "on_death"``, an Idiot voted out)."""
    lovers: tuple[int, int] | None
    enchanted: tuple[int, ...]
    """Every seat the Piper has enchanted, sorted (dead ones too)."""
    sheriff: int | None
    potions: tuple[bool, bool]
    """The Witch's life and death potions left."""
    elder_life: bool
    """The Elder's extra life against the werewolves is unspent."""
    powers_lost: bool
    """The Elder was killed by the village or the Witch (``components.LOSE_POWERS``)."""
    barred: tuple[int, ...]
    """The players the Scapegoat barred from the next day's vote, sorted."""
    step: str
    """``"night"``, ``"witch"``, ``"discussion"``, ``"candidacy"``, ``"election"``, ``"vote"``,
    ``"tiebreak"``, ``"scapegoat"``, ``"successor"`` or ``"over"``."""
    number: int
    """The night's or the day's number, from 1 (day N follows night N)."""
    phase: str
    """The running step's unique name (``PhaseClock.phase``): ``"night-2"``, ``"vote-3"``..."""
    night: Night
    day: Day
    actor: int | None
    """The one seat of a decision step (the Sheriff breaking a tie, the dead Scapegoat, the dead
    Sheriff naming a successor)."""
    after: str
    """What follows the successor step: ``"discussion"`` (dawn) or ``"night"`` (after a vote)."""
    owed: tuple[str, ...]
    """Decision steps still owed after the vote, in order (``"scapegoat"``, ``"successor"``)."""
    successions: tuple[int, ...]
    """The days on which a successor step ran (a second one the same day is ``-2``)."""
    notes: tuple[tuple[Note, ...], ...]
    """Per seat, its private notes in order."""
    seen: tuple[tuple[int, str], ...]
    """The Seer's answered looks, ``(seat, role)`` in order (kept for the seat holding the
    Seer's card)."""
    rng: Rng
    """``Rng(seed, "ties")``: every tie broken and every pick the rules make, in order."""
    result: Result | None
    events: tuple[Event, ...]
    """The log: public events only, the same for every viewer."""


def event(entry: str, /, **fields: Any) -> Event:
    """A public log entry of type ``entry`` with ``fields`` in the order given."""
    return Event(entry, tuple(fields.items()))
