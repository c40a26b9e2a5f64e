"""One move of a live match: validated against the state in memory under the match's lock,
committed (action appended, version bumped, fenced on the old version), and only then
acknowledged and pushed (design 2.1)."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database, StorageError
from app.errors import BadRequest, RuleViolation, StaleAction, Unavailable
from app.hub import Hub
from app.matches import repository
from app.matches.clocks import next_deadline
from app.matches.live import LiveMatch
from app.matches.loading import catch_up, stand_in_mark
from app.rules import GAMES, IllegalAction

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
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise BadRequest("An action must carry the version it was chosen at.", code="bad_seq")
    if not isinstance(action, dict):
        raise BadRequest("An action is a JSON object with a type.", code="bad_action")
    rules = GAMES[live.game]
    async with live.lock:
        if seq > live.seq:
            await catch_up(db, live)  # another instance moved it on and we missed the signal
        if seq != live.seq:
            raise StaleAction(
                f"The table has moved on (you saw version {seq}, it is at {live.seq}).",
            )
        try:
            state = rules.apply(live.state, seat, action)
        except IllegalAction as error:
            raise RuleViolation.from_illegal(error) from error
        player = live.players[seat]
        if missed is None and not stand_in and player.missed:
            missed = 0  # the player moved in time: the count of turns in a row starts again
        players = live.players
        if missed is not None:
            away = player.away or missed >= live.table.stand_in_after
            player = replace(player, missed=missed, away=away)
            players = tuple(player if other.seat == seat else other for other in players)
        outcome = rules.outcome(state)
        now = hub.clock.now()
        finished_at = now if outcome else None
        deadline = None if outcome else next_deadline(live, state, players, now)

        move = repository.MoveRow(
            match_id=live.id,
            seq=live.seq + 1,
            seat=seat,
            action=action,
            stand_in=stand_in,
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
            if written and missed is not None:
                await repository.set_seat_clock(
                    session,
                    lobby_id=live.lobby_id,
                    seat=seat,
                    missed=player.missed,
                    away=player.away,
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
        if stand_in:
            live.stand_ins.append(stand_in_mark(rules, live.state, state, seat, live.seq + 1))
        live.state, live.seq, live.finished_at = state, live.seq + 1, finished_at
        live.players, live.deadline = players, deadline
        if not stand_in:
            live.seen(now)
    hub.publish(live)
