"""Time at the table: the clock the live layer reads and waits on, the turn clock's rules
(whose turns run on it, and when the current one runs out), and the game's own phase clocks.

A game with timed phases (``GameRules.phase_clock``, Werewolf) runs on its phases' timers
instead of the table's turn timer. Several may run at once (``GameRules.clocks``: Forehead
words' time limit and a call's vote): each keeps the deadline it got when it first appeared,
``now`` plus its seconds, for as long as it runs (``running``), and the match's one stored
deadline is the earliest of them (``earliest``); when it passes, that phase expires
(``GameRules.expire``) rather than a stand-in playing someone's turn.

Only the earliest deadline is stored (``matches.deadline``, which the housekeeper watches for
due matches). The others are derived again wherever the match is rebuilt (``app.matches.
loading``): the fold of the action log, which rebuilds the state, times each state by its
action's stored ``at`` (the deal by the match's ``created_at``), and ``running`` gives each
timer the start it had live, since the live layer stamps a move's ``at`` and its timers with
the same ``now``. That needs no column of its own and no migration, keeps every instance's
batch of moves one fenced statement, and a timer's start can never disagree with the log it
comes from; a store would only repeat what the log says."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

from app.matches.live import LiveMatch, Player
from app.models.base import utcnow
from app.rules import GAMES, GameRules


class Clock(Protocol):
    """Where the hub and the match services read the time and wait: the real one, or a test's
    that moves only when told."""

    def now(self) -> datetime:
        """The time now, in UTC (aware)."""

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (for rates, not for dates)."""

    async def sleep(self, seconds: float) -> None:
        """Wait until ``seconds`` have passed on this clock."""

    async def sleep_until(self, moment: datetime) -> None:
        """Wait until this clock reads ``moment`` (a deadline: no time read before the call
        can make it wait longer)."""


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        """The time now, in UTC (aware)."""
        return utcnow()

    def monotonic(self) -> float:
        """``time.monotonic``."""
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        """``asyncio.sleep``."""
        await asyncio.sleep(seconds)

    async def sleep_until(self, moment: datetime) -> None:
        """``asyncio.sleep`` until ``moment``."""
        await asyncio.sleep(max(0.0, (moment - utcnow()).total_seconds()))


def timed_seats(rules: GameRules[Any], state: Any, players: Sequence[Player]) -> frozenset[int]:
    """The seats to act whose turns run on the turn clock: those played in person (bots and
    stand-ins for away players act at once); none in a game that times its phases instead."""
    if rules.phase_clock is not None:
        return frozenset()
    return frozenset(seat for seat in rules.to_act(state) if players[seat].in_person)


Timers = dict[str, datetime]
"""The deadline of each timed phase running (``PhaseClock.phase`` -> when it runs out), in the
order the rules list them."""


def running(
    rules: GameRules[Any], state: Any, before: Mapping[str, datetime], now: datetime
) -> Timers:
    """The timers running at ``state`` (``GameRules.timers``), each with its deadline in
    ``before`` (the timers at the state before) if it ran there already, else a new one from
    ``now``. A timer that stopped and starts again under the same name starts afresh."""
    return {
        clock.phase: before.get(clock.phase, now + timedelta(seconds=clock.seconds))
        for clock in rules.timers(state)
    }


def earliest(timers: Mapping[str, datetime]) -> tuple[str, datetime] | None:
    """The timer due first, and its deadline (of two due together, the one listed first);
    None when none runs."""
    due: tuple[str, datetime] | None = None
    for phase, deadline in timers.items():
        if due is None or deadline < due[1]:
            due = (phase, deadline)
    return due


def stored(timers: Timers, deadline: datetime | None) -> Timers:
    """Timers derived from a match's log, with the stored deadline (``matches.deadline``) for
    the one due first: the stored one is what every instance has acted on (and all there was
    of a match begun before the timers were derived)."""
    due = earliest(timers)
    if due is None or deadline is None:
        return timers
    return {**timers, due[0]: deadline}


def next_deadline(
    live: LiveMatch, state: Any, players: Sequence[Player], now: datetime
) -> datetime | None:
    """The turn deadline once the table is at ``state`` with ``players``.

    A fresh clock for every new decision; but when one of several people deciding at once has
    decided, the others keep the clock they had (otherwise each would prolong the rest's time).
    """
    rules = GAMES[live.game]
    if rules.phase_clock is not None:
        due = earliest(running(rules, state, live.timers, now))
        return None if due is None else due[1]
    if live.table.turn_seconds is None:
        return None
    waiting = timed_seats(rules, state, players)
    if not waiting:
        return None
    if live.deadline is not None and waiting < timed_seats(rules, live.state, live.players):
        return live.deadline
    return now + timedelta(seconds=live.table.turn_seconds)
