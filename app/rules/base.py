"""The rules contract every game implements (design 1.1): errors, outcome and the registry entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from app.rules.rng import Rng

State = TypeVar("State")

Action = dict[str, Any]
"""An action on the wire: a small JSON object with a ``type``.

For example ``{"type": "take_row", "row": 2}``.
"""


class IllegalAction(ValueError):
    """An action (or option) the rules refuse: a machine ``code`` and a sentence for the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Outcome:
    """The end of a match: a score per seat, the winning seats, and game-specific JSON detail."""

    scores: list[int]
    winners: frozenset[int]
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The outcome as plain JSON (winners sorted)."""
        return {"scores": list(self.scores), "winners": sorted(self.winners), "detail": self.detail}


def can(check: Callable[..., None], *args: Any) -> bool:
    """Whether a legality check passes: the same check ``apply`` runs, asked by
    ``legal_actions`` (pokerkit's can/do; style 4.2: one legality path)."""
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def require_turn(turn: int | None, seat: int) -> None:
    """Refuse every seat once the game is over (``turn`` is None), and any seat but ``turn``."""
    if turn is None:
        raise IllegalAction("game_over", "The game is over.")
    if seat != turn:
        raise IllegalAction("not_your_turn", "It is not your turn.")


def choose_start(chosen: int | None, *, drawn: int, players: int) -> int:
    """The seat that starts: the table's choice when it made one (a rematch moves the start one
    seat to the left), else the seat drawn from the seed. Games draw it either way, so the rest of
    the deal is the same function of the seed."""
    if chosen is None:
        return drawn
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < players:
        raise IllegalAction("bad_start_seat", f"The start seat must be 0 to {players - 1}.")
    return chosen


Bot = Callable[[dict[str, Any], list[Action], Rng], Action]
"""A bot sees only its own seat's view and legal actions: ``choose(view, legal, rng) -> action``."""


@dataclass(frozen=True)
class GameRules(Generic[State]):
    """One game's registry entry: its metadata and the pure functions of design 1.1."""

    slug: str
    title: str
    min_players: int
    max_players: int
    default_options: Mapping[str, Any]
    check_options: Callable[[int, Mapping[str, Any]], dict[str, Any]]
    """Validate a table's player count and options; returns the full options (defaults filled in)
    or raises ``IllegalAction``."""
    new_game: Callable[..., State]
    """``new_game(players=, seed=, options=, start_seat=None)`` with keyword-only arguments;
    ``start_seat`` is the table's choice of the first player (None: drawn from the seed)."""
    to_act: Callable[[State], frozenset[int]]
    legal_actions: Callable[[State, int], list[Action]]
    apply: Callable[[State, int, Action], State]
    view: Callable[[State, int | None], dict[str, Any]]
    outcome: Callable[[State], Outcome | None]
    log: Callable[[State, int | None], list[dict[str, Any]]]
    """The log as one viewer may read it: the same entries for everyone (same length and order);
    only what the viewer may not see is left out of them."""
    bot: Bot
    excluded_players: frozenset[int] = frozenset()
    """Player counts between the minimum and the maximum that the game does not allow."""
    lower_wins: bool = False
    """Scores are penalties: the lowest total wins (history places and series sums use it)."""
    version: str = "1"
    """Bumped whenever a change would replay an old record differently; records carry it."""
    public_log: bool = False
    """Every viewer gets the same log (``log`` ignores the seat): the server computes it once
    per state for everyone."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every allowed number of players, ascending."""
        return tuple(
            count
            for count in range(self.min_players, self.max_players + 1)
            if count not in self.excluded_players
        )
