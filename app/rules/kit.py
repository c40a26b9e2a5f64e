"""The rules kit: what every game package builds its contract (design 1.1) from, so that each
thing is done once and the same way in every game.

* The log: ``Event``, one entry as a state keeps it, and ``log_for``, the log as one viewer may
  read it; ``thaw`` turns the immutable values a state keeps into JSON.
* Checks: ``Table`` and ``Choice`` (``check_options``: the player count and every option),
  ``action_kind``/``check_fields``/``parse_kind`` (the shape of an action on the wire),
  ``require_turn`` and ``can`` (one legality path, style 4.2).
* Moves: ``Move``, an action as a game's ``parse`` returns it (its type and arguments), and
  ``play_move``, which plays it from the game's move table (``MOVES``: each type's
  ``MoveRule``, its check then its effect, pokerkit's can/do), so every ``apply`` is its turn
  check, ``parse``, then ``play_move``.
* Turns and seats: ``turn_to_act`` (the ``to_act`` of a game where one seat acts at a time),
  ``choose_start``; and ``replace_at`` for the tuples of a frozen state.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar

from app.rules.base import Action, IllegalAction

T = TypeVar("T")
S = TypeVar("S")

Undoable = Callable[[Any, int, Action, Any], bool]
"""``GameRules.undoable``: (before, seat, action, after) -> whether the move may be taken back."""
"""A game's state."""

# --- the log -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One log entry as a state keeps it: its type, its public fields, and fields only
    ``owner`` may read.

    Values are ints, strings, bools, ``None`` and tuples of those (a card may be a named tuple
    with ``to_json``), so the state stays immutable; ``thaw`` turns them into JSON. Every viewer
    but ``owner`` gets ``None`` for each key of ``secret`` (a card drawn, a tile placed face
    down), so every viewer's entry has the same keys.
    """

    type: str
    fields: tuple[tuple[str, Any], ...]
    owner: int | None = None
    secret: tuple[tuple[str, Any], ...] = ()

    def entry(self, seat: int | None) -> dict[str, Any]:
        """The entry as ``seat`` (``None``: a spectator) may read it: ``type``, then the public
        fields, then the secret ones (``None`` unless ``seat`` is the owner)."""
        mine = self.secret and seat is not None and seat == self.owner
        # A copy of the entry made once per event: the log is rebuilt for every viewer after
        # every move, and a caller may add keys to its copy (Poison's round scores).
        return dict(self._for_owner if mine else self._for_others)

    @cached_property
    def _for_others(self) -> dict[str, Any]:
        return self._made(mine=False)

    @cached_property
    def _for_owner(self) -> dict[str, Any]:
        return self._made(mine=True)

    def _made(self, *, mine: bool) -> dict[str, Any]:
        entry: dict[str, Any] = {"type": self.type}
        for key, value in self.fields:
            entry[key] = thaw(value) if isinstance(value, tuple) else value
        for key, value in self.secret:
            entry[key] = thaw(value) if mine else None
        return entry


def log_for(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` (``None``: a spectator) may read it: every entry, in order, with
    only what that viewer may not see left out (``GameRules.log``)."""
    return [event.entry(seat) for event in events]


def thaw(value: Any) -> Any:
    """A value kept in an immutable state as JSON: tuples (nested ones too) become lists, and a
    card kept as a named tuple with ``to_json`` becomes what that returns."""
    if isinstance(value, tuple):
        if hasattr(value, "to_json"):
            return value.to_json()
        return [thaw(item) for item in value]
    return value


# --- options -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One option of a game: its default (the rule file's), the values it may take, and the
    sentence that refuses any other value."""

    default: Any
    values: Collection[Any]
    """Compared with their types: ``true`` is not ``1``, and ``"13"`` is not ``13``."""
    refusal: str


@dataclass(frozen=True)
class Table:
    """Who may sit at one game's table and which options it has: every game's
    ``check_options`` (``Table.check``)."""

    game: str
    """The game's name, as player-facing sentences say it."""
    _: KW_ONLY
    players: tuple[int, int]
    """The fewest and the most players."""
    options: Mapping[str, Choice] = field(default_factory=dict)
    """Every option, in the order they are checked (and listed in the full options)."""
    excluded: Mapping[int, str] = field(default_factory=dict)
    """The player counts between the fewest and the most that the game does not allow, each
    with the sentence saying why."""

    @property
    def defaults(self) -> dict[str, Any]:
        """Every option with its default."""
        return {key: choice.default for key, choice in self.options.items()}

    def check(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The full options for a table of ``players`` (the defaults filled in), or
        ``IllegalAction``: ``bad_players`` unless ``players`` is a whole number the game allows,
        ``bad_option`` for an option the game does not have or a value it does not take."""
        low, high = self.players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            counts = [str(count) for count in range(low, high + 1) if count not in self.excluded]
            if len(counts) == high - low + 1:
                raise IllegalAction(
                    "bad_players",
                    "{game} is for {low} to {high} players.",
                    game=self.game,
                    low=low,
                    high=high,
                )
            raise IllegalAction(
                "bad_players",
                "{game} is for {counts} or {last} players.",
                game=self.game,
                counts=", ".join(counts[:-1]),
                last=counts[-1],
            )
        if players in self.excluded:
            raise IllegalAction("bad_players", self.excluded[players])
        for key in options:
            if key not in self.options:
                raise IllegalAction(
                    "bad_option",
                    "{game} has no option {option}.",
                    game=self.game,
                    option=repr(str(key)[:40]),
                )
        full = {**self.defaults, **options}
        for key, choice in self.options.items():
            value = full[key]
            if not any(type(value) is type(item) and value == item for item in choice.values):
                raise IllegalAction("bad_option", choice.refusal)
        return full


# --- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A well-formed action, as a game's ``parse`` returns it: its type and its arguments, in
    the order its check and its effect take them after ``(state, seat)`` (``play_move``)."""

    kind: str
    args: tuple[Any, ...] = ()


def action_kind(action: Any, fields: Mapping[str, frozenset[str]], *, game: str) -> str:
    """The type of an action on the wire: an object whose ``type`` is one of the game's (the
    keys of ``fields``), or ``bad_action``."""
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", "An action must be an object with a type.")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in fields:
        if len(fields) == 1:
            raise IllegalAction(
                "bad_action",
                "{game} has one action: {action}.",
                game=game,
                action=next(iter(fields)),
            )
        raise IllegalAction("bad_action", "{game} has no such action.", game=game)
    return kind


def check_fields(action: Action, kind: str, fields: frozenset[str]) -> None:
    """Refuse (``bad_action``) an action of type ``kind`` whose keys are not exactly
    ``fields`` (``type`` included)."""
    if set(action) != fields:
        names = ", ".join(sorted(fields))
        raise IllegalAction(
            "bad_action",
            "A {kind} action has exactly these fields: {fields}.",
            kind=kind,
            fields=names,
        )


def parse_kind(action: Any, fields: Mapping[str, frozenset[str]], *, game: str) -> str:
    """The type of an action on the wire that has exactly the fields of its type
    (``ACTION_FIELDS`` of the game), or ``bad_action``."""
    kind = action_kind(action, fields, game=game)
    check_fields(action, kind, fields[kind])
    return kind


# --- legality ----------------------------------------------------------------------------------


def can(check: Callable[..., object], *args: Any) -> bool:
    """Whether a legality check passes: the same check ``apply`` runs, asked by
    ``legal_actions`` (pokerkit's can/do; style 4.2: one legality path)."""
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


@dataclass(frozen=True)
class MoveRule(Generic[S]):
    """How one action type is played: its legality check, which raises ``IllegalAction``, and
    its effect, which returns the next state; both are called as ``(state, seat, *move.args)``."""

    check: Callable[..., None]
    effect: Callable[..., S]


def play_move(state: S, seat: int, move: Move, *, moves: Mapping[str, MoveRule[S]]) -> S:
    """The state after ``seat`` plays ``move`` by the game's move table ``moves``: the check of
    its type (the one ``legal_actions`` asks through ``can``), then, if it passes, the effect.

    ``parse`` has refused every type not in the table, so a missing one is a bug (``KeyError``)."""
    rule = moves[move.kind]
    rule.check(state, seat, *move.args)
    return rule.effect(state, seat, *move.args)


def require_turn(turn: int | None, seat: int) -> None:
    """Refuse every seat once the game is over (``turn`` is None), and any seat but ``turn``."""
    if turn is None:
        raise IllegalAction("game_over", "The game is over.")
    if seat != turn:
        raise IllegalAction("not_your_turn", "It is not your turn.")


# --- turns and seats ---------------------------------------------------------------------------


class Turn(Protocol):
    """A state in which one seat acts at a time: ``turn``, ``None`` once the game is over."""

    @property
    def turn(self) -> int | None: ...


def turn_to_act(state: Turn) -> frozenset[int]:
    """``to_act`` of a game where one seat acts at a time: the seat whose turn it is; empty
    once the game is over."""
    return frozenset() if state.turn is None else frozenset({state.turn})


def choose_start(chosen: int | None, *, drawn: int, players: int) -> int:
    """The seat that starts: the table's choice when it made one (a rematch moves the start one
    seat to the left), else the seat drawn from the seed. Games draw it either way, so the rest of
    the deal is the same function of the seed."""
    if chosen is None:
        return drawn
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < players:
        raise IllegalAction(
            "bad_start_seat", "The start seat must be 0 to {last}.", last=players - 1
        )
    return chosen


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``items`` with position ``index`` replaced."""
    return items[:index] + (value,) + items[index + 1 :]


def takes_back(kinds: frozenset[str], *, piles: tuple[str, ...] = ()) -> Undoable:
    """A game's ``undoable`` (``GameRules.undoable``): a move of one of these ``kinds``, unless
    one of the hidden ``piles`` (the state's fields) changed with it: a card drawn from it was
    shown to someone, or it was shuffled anew, both in public view, so whether a move may be
    taken back is public too."""

    def undoable(before: Any, seat: int, action: Action, after: Any) -> bool:
        return action.get("type") in kinds and all(
            getattr(after, pile) == getattr(before, pile) for pile in piles
        )

    return undoable


# Words spelt with a vowel but said with a consonant ("a UNO match", "a unique card", "a one"),
# and words spelt with a consonant but said with a vowel ("an hour"); as static/js/lib/format.js.
_SAID_WITH_A_CONSONANT = ("uni", "uno", "usa", "use", "usu", "uti", "ure", "eu", "ewe", "once")
_SAID_WITH_A_VOWEL = ("hour", "honest", "honor", "honour", "heir")


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """Marks a message id where it is defined (a table of refusals, a colour's name), for
    ``tools/i18n.py`` to extract; the edge translates it where it is shown (``app.i18n``)."""
    return message


def indefinite(phrase: object) -> str:
    """The phrase after its indefinite article, chosen by how its first word is said: "an orange
    card", "a UNO match", "an Elements match", "an 8", "an 11", "a 1"."""
    text = str(phrase).strip()
    lower = text.lower()
    digits = "".join(itertools.takewhile(str.isdigit, text))
    if digits:
        # Said "eight...", "eleven...", "eighteen..." (8, 80, 800, 11, 18, 11 000, 18 000).
        vowel = digits.startswith("8") or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    else:
        first_word = "".join(itertools.takewhile(str.isalpha, lower))
        vowel = lower.startswith(_SAID_WITH_A_VOWEL) or (
            lower[:1] != ""
            and lower[:1] in "aeiou"
            and not lower.startswith(_SAID_WITH_A_CONSONANT)
            and first_word != "one"
        )
    return f"{'an' if vowel else 'a'} {text}"


def win_chance(
    scores: Sequence[float], seat: int, *, spread: float, lower_wins: bool = False
) -> float:
    """A seat's chance to win from provisional ``scores``, for a game's ``evaluate``: each
    seat's share of ``exp(score / spread)`` (softmax), so equal scores give each seat its fair
    share and a lead of a few ``spread`` nearly certainty; ``spread`` is how far the scores
    may still move (more while more of the game is left)."""
    signed = [-score if lower_wins else score for score in scores]
    top = max(signed)
    weights = [math.exp((score - top) / spread) for score in signed]
    return weights[seat] / sum(weights)
