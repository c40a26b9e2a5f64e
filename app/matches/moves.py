"""One move of a live match: validated against the state in memory under the match's lock,
committed (action appended, version bumped, fenced on the old version), and only then
acknowledged and pushed (design 2.1)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database, StorageError
from app.errors import BadRequest, RuleViolation, StaleAction, Unavailable
from app.hub import Hub
from app.matches import repository
from app.matches.chat import clean_text
from app.matches.clocks import next_deadline, running
from app.matches.live import LiveMatch, Player
from app.matches.loading import catch_up, stand_in_mark
from app.metrics import MOVE_SECONDS, MOVES
from app.rules import GAMES, UNDO, GameRules, IllegalAction, LastMove

logger = logging.getLogger(__name__)


async def advance(
    hub: Hub,
    db: Database,
    live: LiveMatch,
    *,
    seat: int,
    seq: Any,
    action: Any,
    stand_in: bool = False,
    missed: int | None = None,
) -> None:
    """Apply, store and publish one move. ``stand_in``: made for an absent player; ``missed``:
    the seat's new count of turns in a row it missed (a timed-out turn), stored with it. The
    caller then sets the match's loops going (``bots.wake``): the next turn may be theirs."""
    arrived = time.perf_counter()
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise BadRequest("An action must carry the version it was chosen at.", code="bad_seq")
    if not isinstance(action, dict):
        raise BadRequest("An action is a JSON object with a type.", code="bad_action")
    if action.get("type") == UNDO:
        raise BadRequest(
            'A move is taken back by asking the table first: {{"t": "undo", "v": seq}}.',
            code="undo_by_request",
        )
    rules = GAMES[live.game]
    if action.get("type") in rules.free_text:
        action = {**action, "text": typed(action.get("text"))}
    async with live.lock:
        if seq > live.version_for(seat):
            await catch_up(db, live)  # another instance moved it on and we missed the signal
        current = live.version_for(seat)
        if seq != current and not (seq < current and stands_as_chosen(rules, action)):
            raise StaleAction(
                "The table has moved on (you saw version {seen}, it is at {version}).",
                params={"seen": seq, "version": current},
            )
        try:
            state = rules.apply(live.state, seat, action)
        except IllegalAction as error:
            raise RuleViolation.from_illegal(error) from error
        last = rules.last_move(live.state, seat, action, state)
        player = live.players[seat]
        if missed is None and not stand_in and player.missed:
            missed = 0  # the player moved in time: the count of turns in a row starts again
        players = live.players
        if missed is not None:
            away = player.away or missed >= live.table.stand_in_after
            player = replace(player, missed=missed, away=away)
            players = tuple(player if other.seat == seat else other for other in players)
        await _commit(
            hub,
            db,
            live,
            Commit(seat=seat, action=action, state=state, last=last, stand_in=stand_in),
            players=players,
            missed=missed,
        )
    hub.publish(live)
    MOVES.labels(live.game).inc()
    MOVE_SECONDS.observe(time.perf_counter() - arrived)


def stands_as_chosen(rules: GameRules[Any], action: dict[str, Any]) -> bool:
    """Whether ``action``, chosen at an earlier version, is judged against the match as it is
    now rather than refused as stale (the one departure from design 2.3's version check): in
    a game where everyone acts at any time (``GameRules.any_time``), talk and free text (a
    line, an emote, a guess: ``GameRules.talk`` and ``free_text``) mean the same whatever was
    said just before, and with bots talking every few seconds a person's line typed meanwhile
    would otherwise be dropped. The rules still judge it (a writer who is out meanwhile is
    refused); a move that answers to the state it was chosen in (a vote, an elimination)
    keeps the check."""
    kind = action.get("type")
    return rules.any_time and (kind in rules.talk or kind in rules.free_text)


def typed(text: Any) -> str:
    """The text of a free-text action (``GameRules.free_text``: Forehead words' chat lines and
    guesses) as the rules get it: checked at the edge like a table chat line, a string of at
    most ``chat.MAX_CHARS`` characters, not empty, without control characters (removed) or
    surrounding spaces; ``bad_text`` otherwise. The game judges the rest (its own length,
    what a line may not say)."""
    return clean_text(text, code="bad_text")


async def expire_phase(hub: Hub, db: Database, live: LiveMatch, *, phase: str) -> bool:
    """A timed phase's time is up (or the host ends it early): the rules end it
    (``GameRules.expire``), stored as an action of no seat and published like a move. False
    when ``phase`` is no longer the running one (the last action ended it first)."""
    rules = GAMES[live.game]
    action = {"type": "expire", "phase": phase}
    async with live.lock:
        try:
            state = rules.step(live.state, None, action)
        except IllegalAction:
            return False
        await _commit(
            hub,
            db,
            live,
            Commit(seat=None, action=action, state=state, last=None),
            players=live.players,
        )
    hub.publish(live)
    return True


async def take_back(hub: Hub, db: Database, live: LiveMatch, *, seat: int) -> None:
    """Take the last move back, the table having agreed (app/matches/undo.py): stored as the
    mover's ``UNDO`` action, which the rules check (``GameRules.follow``), and published like
    a move. The caller holds the lock."""
    action = {"type": UNDO}
    try:
        state, last = GAMES[live.game].follow(live.state, live.last, seat, action)
    except IllegalAction as error:
        raise RuleViolation.from_illegal(error) from error
    await _commit(
        hub,
        db,
        live,
        Commit(seat=seat, action=action, state=state, last=last),
        players=live.players,
    )


@dataclass(frozen=True)
class Commit:
    """A move the rules accepted, to store: who made it (None: a phase that ran out), what,
    and the state it leads to."""

    seat: int | None
    action: dict[str, Any]
    state: Any
    last: LastMove | None
    """What taking this move back would need (``GameRules.follow``)."""
    stand_in: bool = False


async def _commit(
    hub: Hub,
    db: Database,
    live: LiveMatch,
    commit: Commit,
    *,
    players: tuple[Player, ...],
    missed: int | None = None,
) -> None:
    """Store an accepted move (fenced on the version) and make it the live state; the caller
    holds the lock and publishes. ``missed``: the acting seat's new count of missed turns."""
    rules = GAMES[live.game]
    state, seat = commit.state, commit.seat
    outcome = rules.outcome(state)
    now = hub.clock.now()
    finished_at = now if outcome else None
    deadline = None if outcome else next_deadline(live, state, players, now)
    timers = running(rules, state, live.timers, now)  # the timed phases'; none once it ended

    move = repository.MoveRow(
        match_id=live.id,
        seq=live.seq + 1,
        seat=seat,
        action=commit.action,
        stand_in=commit.stand_in,
        deadline=deadline,
        instance=hub.instance,
        at=now,
    )

    async def store(session: AsyncSession) -> bool:
        written = await repository.append_action(
            session,
            move,
            finished_at=finished_at,
            result=outcome.to_json() if outcome else None,
        )
        if written and missed is not None and seat is not None:
            await repository.set_seat_clock(
                session,
                lobby_id=live.lobby_id,
                seat=seat,
                missed=players[seat].missed,
                away=players[seat].away,
            )
        return written

    try:
        if db.batches and finished_at is None and missed is None:
            # The usual move: appended with the other matches' moves of the moment in one
            # statement (design 2.1's group commit).
            written = await db.batch(repository.append_moves, move)
        else:
            written = await db.shared_transaction(store)
    except (SQLAlchemyError, StorageError) as error:
        logger.exception("could not store move %s of match %s", live.seq + 1, live.id)
        raise Unavailable("The move could not be saved; please try again.") from error
    if not written:
        # Another instance moved this match on first (the version fence): catch up.
        await catch_up(db, live)
        hub.publish(live)
        raise StaleAction("The table has moved on; here is where it is now.")
    if commit.stand_in and seat is not None:
        live.stand_ins.append(stand_in_mark(rules, live.state, state, seat, live.seq + 1))
    live.follow(state, live.seq + 1, commit.last)
    live.timeline.moved(len(rules.log(state, None)), now)
    live.finished_at = finished_at
    live.players = players
    live.timers = timers
    live.move_deadline(deadline)
    if seat is not None and not commit.stand_in:
        live.seen(now)
