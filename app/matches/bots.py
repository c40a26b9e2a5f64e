"""The machines at a live match: bots, stand-ins for late or away players, the turn clock's
task, and the ownership lease that says which instance runs them (design 2.4).

Timed tables: each move stores the next turn's deadline with it; a clock task per match waits
for it, and when it passes a stand-in (the game's bot, seeing only that seat) plays the late
player's turn, marked in the log. After ``stand_in_after`` missed turns in a row the seat is
"away": the stand-in keeps playing it (while anyone is at the table) until its player takes
it back (``app.matches.seats``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database
from app.errors import BadRequest, RuleViolation, StaleAction, Unavailable
from app.hub import Hub
from app.matches import repository
from app.matches.clocks import earliest, next_deadline, timed_seats
from app.matches.live import LiveMatch, Player
from app.matches.moves import advance, expire_phase
from app.matches.thinking import STAND_IN_LEVEL
from app.rules import GAMES, Action, GameRules, IllegalAction
from app.rules.bots import offered
from app.rules.rng import bot_rng

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reseat:
    """A seat's new player, stored, not yet made in memory: the table's players and turn clock
    then."""

    players: tuple[Player, ...]
    deadline: datetime | None


async def store_reseat(session: AsyncSession, hub: Hub, live: LiveMatch, player: Player) -> Reseat:
    """Within the transaction that stores a seat's change (the caller holds the lock): the turn
    clock, restarted if the change alters who runs on it, and the signal to other instances.
    ``reseat`` makes it in memory once committed."""
    players = tuple(player if other.seat == player.seat else other for other in live.players)
    deadline = await _store_clock(session, hub, live, players)
    await repository.signal(session, kind="match", match_id=live.id, instance=hub.instance)
    return Reseat(players=players, deadline=deadline)


def reseat(hub: Hub, db: Database, live: LiveMatch, change: Reseat) -> None:
    """A stored change of a seat's player made in the live match; every socket is told."""
    for before, after in zip(live.players, change.players, strict=True):
        if before != after and (before.user_id, before.bot) != (after.user_id, after.bot):
            # Someone new holds the seat: they have been away only from now, and the log's
            # lines from here on are theirs.
            live.offline_since.pop(after.seat, None)
            live.timeline.held(after.seat, after.name)
    live.players = change.players
    live.move_deadline(change.deadline)
    live.offline(hub.clock.now())
    hub.publish(live)
    wake(hub, db, live)


async def _store_clock(
    session: AsyncSession, hub: Hub, live: LiveMatch, players: Sequence[Player]
) -> datetime | None:
    """The turn deadline for ``players`` at the current state, stored if it changes."""
    deadline = next_deadline(live, live.state, players, hub.clock.now())
    if deadline != live.deadline:
        await repository.set_deadline(
            session, match_id=live.id, version=live.seq, deadline=deadline
        )
    return deadline


def wake(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Set the match's loops going if they have work: bots or stand-ins to move, a clock."""
    if live.finished_at is not None:
        return
    rules = GAMES[live.game]
    if any(_played_by_machine(hub, live, seat) for seat in rules.to_act(live.state)):
        hub.spawn(live, "bots", lambda: _run_bots(hub, db, live))
    if live.deadline is not None:
        hub.spawn(live, "clock", lambda: _run_clock(hub, db, live))


def _played_by_machine(hub: Hub, live: LiveMatch, seat: int) -> bool:
    """A bot's seat, or an away player's while someone is at the table (nobody around: the
    match waits, and is suspended after a while)."""
    player = live.players[seat]
    return player.bot is not None or (
        player.away and live.idle_for(hub.clock.now()) < hub.pacing.suspend_after
    )


async def _run_bots(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Let bots and stand-ins move while one of their seats is to act: the first such seat as
    soon as it is to act, or in a game where everyone may act at any time, each in turn and
    paced like a person (``_talker``)."""
    rules = GAMES[live.game]
    # Seats whose bot would change nothing at this version (Werewolf's pack holding its
    # pointing): they wait for another move or the phase's clock (rules.bots.bots_move).
    holding: set[int] = set()
    held_at = live.seq
    while live.finished_at is None and hub.holds(live) and await _leads(hub, db, live):
        if live.seq != held_at:
            holding, held_at = set(), live.seq
        seats = [
            seat
            for seat in sorted(rules.to_act(live.state))
            if _played_by_machine(hub, live, seat) and seat not in holding
        ]
        if not seats:
            return
        if rules.any_time:
            seat, ready = _talker(hub, live, seats)
            if hub.clock.now() < ready:
                await hub.clock.sleep_until(ready)  # its pause: then look again
                continue
        else:
            seat = seats[0]
        if hub.pacing.bot_delay:  # for the people watching, not a race fix
            await hub.clock.sleep(hub.pacing.bot_delay)
        if not _played_by_machine(hub, live, seat):
            continue  # its player took it back meanwhile
        moved = await _machine_move(hub, db, live, seat, stand_in=live.players[seat].bot is None)
        if moved is _HELD:
            holding.add(seat)
        if moved is not None and rules.any_time:
            live.bot_moved[seat] = hub.clock.now()


def _talker(hub: Hub, live: LiveMatch, seats: Sequence[int]) -> tuple[int, datetime]:
    """In a game where everyone may act at any time (``GameRules.any_time``), where every
    machine's seat is always to act: the one to move next, the one that moved least recently
    (of those never seen, the lowest seat), and when it may (``Pacing.talk_delay`` after its
    last move). Seats seen for the first time are taken as having moved so that their first
    moves spread over the pause after the table's last move (the deal at the start), not all
    at once."""
    delay = timedelta(seconds=hub.pacing.talk_delay)
    times = live.timeline.times
    since = times[-1][1] if times else hub.clock.now()
    new = [seat for seat in seats if seat not in live.bot_moved]
    for index, seat in enumerate(new):
        live.bot_moved[seat] = since - delay + delay * (index + 1) / len(new)
    seat = min(seats, key=lambda seat: (live.bot_moved[seat], seat))
    return seat, live.bot_moved[seat] + delay


async def _run_clock(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Wait for the turn's deadline; if it passes with the late players still to move, their
    stand-ins take the turn (rules of the table: turn timer)."""
    while live.deadline is not None and live.finished_at is None and hub.holds(live):
        deadline = live.deadline
        if hub.clock.now() < deadline:
            # The turn timer itself. Until the deadline, not for a duration read before (a
            # clock moved on in between would be missed), or until a move changes it.
            await _until_due_or_moved(hub, live, deadline)
            continue
        if not await _leads(hub, db, live):
            return  # another instance runs this match's clock
        rules = GAMES[live.game]
        if rules.phase_clock is not None:
            due = earliest(live.timers)  # of several timers running, the one due first
            if due is not None:
                await _end_phase(hub, db, live, due[0])
                continue
        else:
            late = sorted(timed_seats(rules, live.state, live.players))
            if late:
                if not await _stand_in_turn(hub, db, live, late[0]):
                    await hub.clock.sleep(1.0)  # the database is away: try again shortly
                continue
        # Nothing runs on the clock any more: stop it.
        async with live.lock:
            async with db.transaction() as session:
                stopped = await _store_clock(session, hub, live, live.players)
            live.move_deadline(stopped)  # once stored


async def _until_due_or_moved(hub: Hub, live: LiveMatch, deadline: datetime) -> None:
    """Wait until the clock reads ``deadline`` or the match's deadline changes."""
    live.deadline_moved.clear()
    waits = [
        asyncio.ensure_future(hub.clock.sleep_until(deadline)),
        asyncio.ensure_future(live.deadline_moved.wait()),
    ]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


async def _end_phase(hub: Hub, db: Database, live: LiveMatch, phase: str) -> None:
    """The running phase's time is up: it expires (rules of the game: a role that did not act
    does nothing), and the next phase's deadline comes with it."""
    try:
        if await expire_phase(hub, db, live, phase=phase):
            wake(hub, db, live)
    except StaleAction:
        pass  # another instance moved the match on: its deadline came with it
    except Unavailable:
        await hub.clock.sleep(1.0)  # the database is away (restarting): try again shortly


async def _stand_in_turn(hub: Hub, db: Database, live: LiveMatch, seat: int) -> bool:
    """The clock ran out on ``seat``: a stand-in plays its turn (every decision of it while the
    seat stays to act), counted as one missed turn. False if the move could not be stored."""
    rules = GAMES[live.game]
    missed: int | None = live.players[seat].missed + 1
    while seat in rules.to_act(live.state) and live.finished_at is None:
        moved = await _machine_move(hub, db, live, seat, stand_in=True, missed=missed)
        if moved is None or moved is _HELD:
            return True  # someone else moved first (the player, just in time), or no move
        if not moved:
            return False
        missed = None
        if live.players[seat].away:
            return True  # from now on the bot loop plays the seat, until its player is back
    return True


_HELD = "held"
"""What ``_machine_move`` says of a bot whose choice would change nothing."""


async def _machine_move(
    hub: Hub, db: Database, live: LiveMatch, seat: int, *, stand_in: bool, missed: int | None = None
) -> bool | str | None:
    """A bot (or a stand-in) chooses from its own seat's view and moves. True when it moved,
    None when the table moved on first, False when the database could not store it, ``_HELD``
    when its choice would change nothing (it waits for the next move or the phase's clock)."""
    rules = GAMES[live.game]
    seq, state = live.version_for(seat), live.state
    legal = rules.legal_actions(state, seat)
    level = STAND_IN_LEVEL if stand_in else live.players[seat].bot or STAND_IN_LEVEL
    action = await hub.thinker.choose(
        live.game,
        level,
        rules.view(state, seat),
        legal,
        seat=seat,
        rng=bot_rng(live.seed, seat=seat, seq=live.seq),
    )
    if live.state is not state:
        return None  # the table moved on while it thought: decide again
    if offered(rules, legal, action) and _changes_nothing(rules, state, seat, action):
        return _HELD  # a choice that changes nothing is no move: never stored, never repeated
    try:
        try:
            await advance(
                hub, db, live, seat=seat, seq=seq, action=action, stand_in=stand_in, missed=missed
            )
        except (RuleViolation, BadRequest) as refused:
            # A bug in the game's bot (the rules conformance suite checks that none does this),
            # or a free-text template played bare (BadRequest: no text): said loudly, then the
            # match goes on with the first legal action in full (a free-text template is no
            # move: GameRules.free_text).
            instead = next((a for a in legal if a.get("type") not in rules.free_text), None)
            logger.error(
                "bot of match %s in seat %s chose an illegal action %r (%s); playing %r instead",
                live.id,
                seat,
                action,
                refused.code,
                instead,
            )
            if instead is None:
                return _HELD
            await advance(
                hub, db, live, seat=seat, seq=seq, action=instead, stand_in=stand_in, missed=missed
            )
    except StaleAction:
        return None  # a person moved meanwhile; decide again on the new state
    except Unavailable:
        await hub.clock.sleep(1.0)  # the database is away (restarting): try again shortly
        return False
    wake(hub, db, live)
    return True


def _changes_nothing(rules: GameRules[Any], state: Any, seat: int, action: Action) -> bool:
    """Whether a bot's listed choice would leave the state as it is (False when the rules
    refuse it: a free text they judge, which ``advance`` then refuses with its reason)."""
    try:
        return bool(rules.apply(state, seat, action) == state)
    except IllegalAction:
        return False


async def _leads(hub: Hub, db: Database, live: LiveMatch) -> bool:
    """Whether this instance runs the match's bots and clock now: it holds (or takes, or renews)
    the match's ownership lease (design 2.4). One instance alone always does."""
    if hub.pacing.lease_seconds is None:
        return True
    now = hub.clock.now()
    if live.lease_until is not None and now < live.lease_until:
        return True
    try:
        async with db.transaction() as session:
            won = await repository.take_lease(
                session, match_id=live.id, instance=hub.instance, seconds=hub.pacing.lease_seconds
            )
    except SQLAlchemyError:
        logger.warning("could not take the lease of match %s", live.id)
        return False
    # Trust the lease locally for two thirds of its time: room for clocks and latency, so two
    # instances never both believe they own a match (moves are fenced by version anyway).
    live.lease_until = now + timedelta(seconds=hub.pacing.lease_seconds * 2 / 3) if won else None
    return won
