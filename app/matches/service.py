"""Matches: start, live play through the rules, bots, history, records and verification.

The only runtime caller of ``app.rules`` besides the lobby's option check. A move is validated
against the in-memory state under the match's lock, committed (action appended, version bumped,
fenced on the old version), and only then acknowledged and pushed (design 2.1).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database
from app.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    RuleViolation,
    StaleAction,
    Unavailable,
)
from app.hub import Hub, LiveMatch, Player
from app.matches import repository
from app.models import Lobby, Match, User
from app.models.base import utcnow
from app.rules import GAMES, IllegalAction
from app.rules.rng import bot_rng

logger = logging.getLogger(__name__)

RECORD_FORMAT = "parlor-record/1"
STAND_IN_BOT = "basic"


def commitment_of(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex (design 1.2)."""
    return hashlib.sha256(seed).hexdigest()


def iso(moment: datetime | None) -> str | None:
    """A timestamp as ISO 8601 in UTC (SQLite hands back naive UTC datetimes)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()


async def create_match(session: AsyncSession, *, lobby: Lobby) -> int:
    """Start a lobby's next match with a fresh secret seed; returns its id.

    The first match's start seat is drawn here; each rematch starts one seat to the left of the
    previous one (rules/coloretto.md, Multi-game match; the same habit for every game).
    """
    previous = (await repository.matches_of_lobby(session, lobby.id))[-1:]
    if previous and previous[0].start_seat is not None:
        start_seat = (previous[0].start_seat + 1) % lobby.players
    else:
        start_seat = secrets.randbelow(lobby.players)
    seed = secrets.token_bytes(32)
    match = await repository.create_match(
        session,
        lobby=lobby,
        number=previous[0].number + 1 if previous else 1,
        start_seat=start_seat,
        seed=seed,
        commitment=commitment_of(seed),
    )
    return match.id


async def game_of(session: AsyncSession, *, match_id: int) -> tuple[str, str]:
    """A match's game slug and title."""
    match = await repository.get_match(session, match_id)
    if match is None:
        raise NotFound("No such match.")
    return match.game, GAMES[match.game].title


async def matches_of_lobby(session: AsyncSession, lobby_id: int) -> Sequence[Match]:
    """A lobby's matches in the order they were played."""
    return await repository.matches_of_lobby(session, lobby_id)


# -- live play ---------------------------------------------------------------------------------


async def open_live(hub: Hub, db: Database, match_id: int) -> LiveMatch:
    """The live match (rebuilt from its action log if needed); its bots are set going."""

    async def load() -> LiveMatch | None:
        async with db.transaction() as session:
            return await _load(session, match_id)

    live = await hub.get(match_id, load)
    if live is None:
        raise NotFound("No such match.")
    _wake_bots(hub, db, live)
    return live


async def watch(hub: Hub, db: Database, *, match_id: int, user: User) -> LiveMatch:
    """The live match for someone who wants to see it: a player, or a spectator if allowed."""
    live = await open_live(hub, db, match_id)
    if live.seat_of(user.id) is None and not live.spectators:
        raise Forbidden("This table does not let others watch.", code="no_spectators")
    return live


def state_for(live: LiveMatch, seat: int | None) -> dict[str, Any]:
    """Everything one viewer may see of a match now: view, legal actions, log, outcome."""
    rules = GAMES[live.game]
    outcome = rules.outcome(live.state)
    online, spectators = live.presence()
    return {
        "seq": live.seq,
        "view": rules.view(live.state, seat),
        "legal": rules.legal_actions(live.state, seat) if seat is not None else [],
        "log": rules.log(live.state, seat),
        "outcome": outcome.to_json() if outcome else None,
        "match": {
            "id": live.id,
            "game": live.game,
            "title": rules.title,
            "status": "finished" if outcome else "playing",
            "commitment": live.commitment,
            "seat": seat,
            "players": [
                {**player.public(), "online": player.bot is not None or player.seat in online}
                for player in live.players
            ],
            "spectators": spectators,
            "host_seat": live.seat_of(live.host_id),
            "lobby_id": live.lobby_id,
            "created_at": iso(live.created_at),
            "finished_at": iso(live.finished_at),
        },
    }


async def play(
    hub: Hub, db: Database, *, match_id: int, user: User, seq: Any, action: Any
) -> LiveMatch:
    """A player's move: refused unless they hold a seat, ``seq`` is current and it is legal."""
    live = await open_live(hub, db, match_id)
    seat = live.seat_of(user.id)
    if seat is None:
        raise Forbidden("You are watching this match; only its players can act.", code="not_seated")
    await _advance(hub, db, live, seat=seat, seq=seq, action=action)
    return live


async def hand_seat_to_bot(hub: Hub, db: Database, *, match_id: int, user: User, seat: int) -> None:
    """A player leaves (their own seat) or the host hands a seat over: a bot plays it from now on.

    The person who sat there becomes a spectator at once (their sockets recompute their view).
    """
    live = await open_live(hub, db, match_id)
    if live.finished_at is not None:
        raise Conflict("This match is over.", code="match_over")
    if not 0 <= seat < len(live.players) or live.players[seat].user_id is None:
        raise Conflict("A bot already plays that seat.", code="not_a_person")
    if user.id not in (live.host_id, live.players[seat].user_id):
        raise Forbidden("Only the host can hand someone else's seat to a bot.", code="not_host")
    async with db.transaction() as session:
        if not await repository.seat_to_bot(
            session, lobby_id=live.lobby_id, seat=seat, bot=STAND_IN_BOT
        ):
            raise Conflict("A bot already plays that seat.", code="not_a_person")
    player = live.players[seat]
    stand_in = Player(seat=seat, name=f"Bot {seat + 1}", user_id=None, bot=STAND_IN_BOT)
    live.players = tuple(stand_in if other is player else other for other in live.players)
    hub.publish(live)
    _wake_bots(hub, db, live)


async def _advance(
    hub: Hub, db: Database, live: LiveMatch, *, seat: int, seq: Any, action: Any
) -> None:
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise BadRequest("An action must carry the version it was chosen at.", code="bad_seq")
    if not isinstance(action, dict):
        raise BadRequest("An action is a JSON object with a type.", code="bad_action")
    rules = GAMES[live.game]
    async with live.lock:
        if seq != live.seq:
            raise StaleAction(
                f"The table has moved on (you saw version {seq}, it is at {live.seq}).",
            )
        try:
            state = rules.apply(live.state, seat, action)
        except IllegalAction as error:
            raise RuleViolation.from_illegal(error) from error
        outcome = rules.outcome(state)
        finished_at = utcnow() if outcome else None
        try:
            async with db.transaction() as session:
                written = await repository.append_action(
                    session,
                    match_id=live.id,
                    seq=live.seq + 1,
                    seat=seat,
                    action=action,
                    finished_at=finished_at,
                    result=outcome.to_json() if outcome else None,
                )
        except SQLAlchemyError as error:
            logger.exception("could not store move %s of match %s", live.seq + 1, live.id)
            raise Unavailable("The move could not be saved; please try again.") from error
        if not written:
            # Someone else advanced this match in the database: our copy is stale.
            hub.forget(live.id)
            raise StaleAction("The table has moved on; reloading it.")
        live.state, live.seq, live.finished_at = state, live.seq + 1, finished_at
    hub.publish(live)
    _wake_bots(hub, db, live)


def _wake_bots(hub: Hub, db: Database, live: LiveMatch) -> None:
    rules = GAMES[live.game]
    if any(live.players[seat].bot for seat in rules.to_act(live.state)):
        hub.spawn_bots(live, lambda: _run_bots(hub, db, live))


async def _run_bots(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Let bots move while a bot seat is to act; each sees only its own seat's view."""
    rules = GAMES[live.game]
    while True:
        bots = [seat for seat in sorted(rules.to_act(live.state)) if live.players[seat].bot]
        if not bots:
            return
        if hub.bot_delay:
            await asyncio.sleep(hub.bot_delay)  # pacing for the people watching, not a race fix
        seat, seq, state = bots[0], live.seq, live.state
        legal = rules.legal_actions(state, seat)
        action = rules.bot(rules.view(state, seat), legal, bot_rng(live.seed, seat=seat, seq=seq))
        try:
            await _advance(hub, db, live, seat=seat, seq=seq, action=action)
        except StaleAction:
            continue  # a person moved meanwhile; decide again on the new state
        except Unavailable:
            await asyncio.sleep(1.0)  # the database is away (restarting): try again shortly
        except RuleViolation:
            logger.exception("bot in seat %s of match %s chose an illegal action", seat, live.id)
            await _advance(hub, db, live, seat=seat, seq=seq, action=legal[0])


async def _load(session: AsyncSession, match_id: int) -> LiveMatch | None:
    match = await repository.get_match(session, match_id)
    if match is None:
        return None
    actions = await repository.actions(session, match_id)
    host_id, spectators = await repository.lobby_settings(session, match.lobby_id)
    rules = GAMES[match.game]
    state = rules.new_game(
        players=match.players, seed=match.seed, options=match.options, start_seat=match.start_seat
    )
    for row in actions:
        state = rules.apply(state, row.seat, row.action)
    return LiveMatch(
        id=match.id,
        lobby_id=match.lobby_id,
        game=match.game,
        seed=match.seed,
        commitment=match.commitment,
        players=await players_of(session, match),
        host_id=host_id,
        spectators=spectators,
        created_at=match.created_at,
        finished_at=match.finished_at,
        state=state,
        seq=len(actions),
    )


async def players_of(session: AsyncSession, match: Match) -> tuple[Player, ...]:
    """Who sits in each seat of a match."""
    seats = await repository.seats(session, [match.lobby_id])
    return tuple(
        Player(
            seat=seat.seat,
            name=name if name is not None else f"Bot {seat.seat + 1}",
            user_id=seat.user_id,
            bot=seat.bot,
        )
        for seat, name in seats
    )
