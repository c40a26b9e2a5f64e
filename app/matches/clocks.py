"""Time at the table: the clock the live layer reads and waits on, the turn clock's rules
(whose turns run on it, and when the current one runs out), and the game's own phase clock.

A game with timed phases (``GameRules.phase_clock``, Werewolf) runs on its phases' timers
instead of the table's turn timer: the match's one stored deadline is then the running phase's
end, set when the phase begins and kept while it runs, and when it passes the phase expires
(``GameRules.expire``) rather than a stand-in playing someone's turn."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
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


def phase_deadline(
    rules: GameRules[Any], state: Any, *, running: Any, deadline: datetime | None, now: datetime
) -> datetime | None:
    """When the phase of ``state`` runs out, for a game with timed phases: the deadline of the
    phase that ran at state ``running`` if it is the same phase, else a new one from ``now``;
    None when no phase timer runs."""
    assert rules.phase_clock is not None
    clock = rules.phase_clock(state)
    if clock is None:
        return None
    before = rules.phase_clock(running)
    if deadline is not None and before is not None and before.phase == clock.phase:
        return deadline
    return now + timedelta(seconds=clock.seconds)


def next_deadline(
    live: LiveMatch, state: Any, players: Sequence[Player], now: datetime
) -> datetime | None:
    """The turn deadline once the table is at ``state`` with ``players``.

    A fresh clock for every new decision; but when one of several people deciding at once has
    decided, the others keep the clock they had (otherwise each would prolong the rest's time).
    """
    rules = GAMES[live.game]
    if rules.phase_clock is not None:
        return phase_deadline(rules, state, running=live.state, deadline=live.deadline, now=now)
    if live.table.turn_seconds is None:
        return None
    waiting = timed_seats(rules, state, players)
    if not waiting:
        return None
    if live.deadline is not None and waiting < timed_seats(rules, live.state, live.players):
        return live.deadline
    return now + timedelta(seconds=live.table.turn_seconds)
