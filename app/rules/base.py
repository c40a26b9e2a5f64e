"""The rules contract every game implements (design 1.1): errors, outcome and the registry entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar

from app.rules.rng import Rng

State = TypeVar("State")

Action = dict[str, Any]
"""An action on the wire: a small JSON object with a ``type``.

For example ``{"type": "take_row", "row": 2}``.
"""


class IllegalAction(ValueError):
    """An action (or option) the rules refuse: a machine ``code`` and a sentence for the player.

    The sentence is a message id, English, with its ``params`` named in braces
    (``IllegalAction("not_in_hand", "The {card} is not in your hand.", card=name)``): the edge
    renders it in the viewer's language (``app.i18n``); ``message`` is the English one."""

    def __init__(self, code: str, template: str, **params: Any) -> None:
        message = template.format(**params) if params else template
        super().__init__(message)
        self.code = code
        self.template = template
        self.params = params
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


@dataclass(frozen=True)
class PhaseClock:
    """A game's own timer for its current phase (Werewolf's night, discussion or vote), part of
    the rules, not the table's turn timer: once ``seconds`` have passed since the phase began,
    the server ends the phase with ``GameRules.expire``.

    ``phase`` names the phase uniquely within the match ("night-2", "vote-3"): a new name starts
    a new timer, so two phases in a row of the same kind get their own.
    """

    phase: str
    seconds: int
    host_may_end: bool = False
    """The table's host may end the phase early (Werewolf's discussion): the server then
    expires it as at its deadline."""


Channels = Mapping[str, str]
"""The chat channels one viewer may use now: channel name -> ``"write"`` (read and speak) or
``"read"``; a channel left out is neither read nor written (Werewolf's werewolf channel for a
villager)."""


UNDO = "undo"
"""The type of the action that takes back the match's last move, ``{"type": "undo"}``, made by
the seat that made that move once the table agreed (issue 25). The rules judge it like any
action (``GameRules.follow``); the server asks the table first."""


@dataclass(frozen=True)
class LastMove:
    """The match's last move as an undo needs it: who made it, the state before it, and
    whether it may be taken back (``GameRules.undoable``)."""

    seat: int
    before: Any
    undoable: bool


CONTRACT = ("new_game", "to_act", "legal_actions", "apply", "view", "outcome", "log")
"""The functions of design 1.1 every game's ``game`` module defines under these names."""

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
    score_unit: str = "points"
    """What a score counts, as the lobby's standings name it ("chips" for a game played for
    stakes)."""
    winner_starts: bool = False
    """The next match at the table starts with the last match's winner (Tong-its: the winner
    deals); otherwise the start moves one seat to the left each match."""
    public_log: bool = False
    """Every viewer gets the same log (``log`` ignores the seat): the server computes it once
    per state for everyone."""
    phase_clock: Callable[[State], PhaseClock | None] | None = None
    """A game with timed phases: the running phase's timer, or None when none runs now."""
    clocks: Callable[[State], tuple[PhaseClock, ...]] | None = None
    """A game with timed phases of which several may run at once (Forehead words: the match's
    time limit and a call's vote, issue 28): every timer running now, each named uniquely
    within the match (``PhaseClock.phase``), the one ``phase_clock`` gives among them. The
    server keeps each one's deadline from when it first appeared (a timer running across a
    move keeps its deadline, however many others began and ended meanwhile) and expires the
    one due first (``expire`` accepts any that runs). None: the one timer of ``phase_clock``
    (``timers``)."""
    expire: Callable[[State, str], State] | None = None
    """A game with timed phases: the state once ``phase`` (``PhaseClock.phase``) has run out,
    what the rules make of the actions not taken (a night role that did not act does nothing);
    raises ``IllegalAction("stale_phase", ...)`` when ``phase`` is not the running one. The
    server stores it in the action log as an action of no seat: ``{"type": "expire", "phase":
    phase}``."""
    channels: Callable[[State, int | None], Channels] | None = None
    """A game whose chat is part of it (Werewolf): the channels a viewer (``None``: a spectator)
    may read and write in this state. Games without it have the one table chat."""
    undoable: Callable[[State, int, Action, State], bool] | None = None
    """Whether a move (``before``, ``seat``, ``action``, ``after``) may be taken back by consent
    (``UNDO``): only when it revealed nothing hidden to anyone, its mover included (no card
    drawn, turned or shown, no bid or guess resolved), and whether it did is itself public (it
    depends on nothing some viewer cannot see, as a prompt may not). None: no move of the game
    can be. A move that ends the match never can (``follow``)."""
    determinize: Callable[[Mapping[str, Any], int, Rng], State] | None = None
    """A whole state ``seat`` could be in, seeing ``view`` (issue 27): what it cannot see drawn
    at random (``rng``) from what it could be, so that ``view(state, seat)`` is ``view`` again
    and ``legal_actions`` too. The strong bot searches over such states and so sees only its
    seat. None: the game has none yet, and its strong bot plays as its normal one."""
    evaluate: Callable[[State, int], float] | None = None
    """What an unfinished position is worth to a seat, in [0, 1]: an estimate of its chance to
    win (1 for a won game, 0 for a lost one), from the whole state (the strong bot's playouts
    run on drawn states, so it sees no more than its seat). With it the strong bot's playouts
    stop ``horizon`` actions on instead of at the end of a long game; None: they play to the
    end."""
    horizon: int = 60
    """Actions a strong bot's playout plays before ``evaluate`` scores it (when there is one)."""
    rollout: Callable[[State, int, list[Action], Rng], Action] | None = None
    """A cheap policy for the strong bot's playouts: ``rollout(state, seat, legal, rng)``, one
    of ``legal`` for ``seat``, reading the whole state (a drawn one, so the bot still sees only
    its seat) instead of a view, for a game whose normal bot deliberates too long to play out
    tens of games in a move's budget. None: the playouts play every seat's normal bot."""
    appraise: Callable[[Mapping[str, Any], list[Action]], float] | None = None
    """How good a seat's position is by its normal bot's rules of thumb, from the seat's own
    view and legal actions there (none when it is not to act), on the bot's own scale (higher
    is better; only compared with appraisals of the same decision). With it the strong bot
    looks one answer ahead in many drawn worlds instead of playing games out
    (``search.look_ahead``). None: it plays out."""
    standing: Callable[[Outcome, int], float | None] | None = None
    """How near a finished game came to a win for a seat that did not win it, in [0, 1] (1 for
    a winner), for a game whose scores do not tell a close loss from a rout: the strong bot's
    playouts then tell actions apart in fewer of them (``search.worth``). None (the function,
    or what it returns for an outcome): the share of the other seats it outscored."""
    free_text: frozenset[str] = frozenset()
    """The action types whose ``text`` field is free text a player types (Forehead words'
    ``say`` and ``guess``, issue 28): what cannot be enumerated. ``legal_actions`` lists each
    such type a seat may play now as a template, the action without its ``text`` (``{"type":
    "say"}``), which is no move itself: any ``{**template, "text": str}`` is a candidate move,
    which ``apply`` judges like any action (refusing a bad text with its own code: too long,
    empty, or what the game forbids). Clients show a text box for each template; bots fill in
    the text (a bot's choice is legal if it is listed, or is a listed template plus ``text``);
    playouts and conformance checks do the same with texts of their own. Empty: every action
    of the game is listed in full."""
    any_time: bool = False
    """Every player may act at any time (Forehead words: ``to_act`` is every living player
    for the whole match, and there is always something to say): the server takes the bots'
    seats in turns, the one that moved least recently first, and paces each like a person,
    a pause between its moves (``Pacing.talk_delay``), where a turn-based game's bot moves as
    soon as it is to act; and its ``talk`` and ``free_text`` actions chosen at an earlier
    version are judged against the present state, not refused as stale
    (``app.matches.moves.stands_as_chosen``)."""
    talk: frozenset[str] = frozenset()
    """The action types that are talk at the table rather than play (Forehead words' ``say``
    and ``emote`` lines): cheap to send and shown to everyone, they count against the
    ``talk`` rate limit as chat lines do against ``chat``, on top of the moves' ``act``."""
    sealed: bool = False
    """Moves may be secret in their timing too (Werewolf's night): a viewer whose view, legal
    actions and log an action left unchanged gets no frame for it, so nobody learns from the
    wire who acted when. The game's view and log must then carry nothing of who has acted that
    a viewer may not know (not even in the log's length)."""

    @classmethod
    def from_module(cls, game: ModuleType, **entry: Any) -> GameRules[Any]:
        """A registry entry whose contract functions (``CONTRACT``) are ``game``'s, by name,
        with ``entry`` for everything else (slug, title, players, options, bot...) and for a
        contract function defined elsewhere (the kit's ``turn_to_act``)."""
        functions = {name: getattr(game, name) for name in CONTRACT if name not in entry}
        return cls(**functions, **entry)

    def step(self, state: State, seat: int | None, action: Any) -> State:
        """The state after one action as the action log stores it: a seat's move, or (no seat)
        a timed phase that ran out, ``{"type": "expire", "phase": ...}`` (``expire``)."""
        if seat is not None:
            return self.apply(state, seat, action)
        phase = action.get("phase") if isinstance(action, dict) else None
        if self.expire is None or action.get("type") != "expire" or not isinstance(phase, str):
            raise IllegalAction("bad_action", "Only a timed phase's end is an action of no seat.")
        return self.expire(state, phase)

    def follow(
        self, state: State, last: LastMove | None, seat: int | None, action: Any
    ) -> tuple[State, LastMove | None]:
        """The state after one stored action, and what an undo would need of it: ``step``, or
        for an ``UNDO`` the state before the last move, which must be the undoer's own and
        undoable (``IllegalAction`` otherwise). The one fold every replay of a log uses."""
        if seat is not None and isinstance(action, dict) and action.get("type") == UNDO:
            if last is None or last.seat != seat or not last.undoable:
                raise IllegalAction("not_undoable", "Only your own last move can be taken back.")
            return last.before, None
        after = self.step(state, seat, action)
        return after, self.last_move(state, seat, action, after)

    def last_move(
        self, before: State, seat: int | None, action: Any, after: State
    ) -> LastMove | None:
        """What an undo needs of a move from ``before`` to ``after`` (None for a timed phase
        that ran out)."""
        if seat is None:
            return None
        undoable = (
            self.undoable is not None
            and self.outcome(after) is None
            and self.undoable(before, seat, action, after)
        )
        return LastMove(seat=seat, before=before, undoable=undoable)

    def timers(self, state: State) -> tuple[PhaseClock, ...]:
        """Every timed phase running in ``state``: ``clocks``, or ``phase_clock``'s one (none
        in a game without timed phases)."""
        if self.clocks is not None:
            return self.clocks(state)
        clock = self.phase_clock(state) if self.phase_clock is not None else None
        return () if clock is None else (clock,)

    def movers(self, state: State) -> list[int | None]:
        """Who may change ``state`` next, for playouts: the seats to act, in order, then None
        (the running phase's clock, which may run out at any moment) in a game with timed
        phases."""
        seats: list[int | None] = [*sorted(self.to_act(state))]
        if self.phase_clock is not None and self.phase_clock(state) is not None:
            seats.append(None)
        return seats

    def expiry(self, state: State) -> Action:
        """The action of no seat that ends the running timed phase of ``state``."""
        assert self.phase_clock is not None
        clock = self.phase_clock(state)
        assert clock is not None, "no timed phase runs"
        return {"type": "expire", "phase": clock.phase}

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every allowed number of players, ascending."""
        return tuple(
            count
            for count in range(self.min_players, self.max_players + 1)
            if count not in self.excluded_players
        )
