"""Who plays a seat during a match: leaving, handing a seat to a bot or to someone newly
invited, and taking a seat back from the stand-in.

Each change is stored first, in one transaction with the turn clock it restarts and the signal
to other instances, then made to the live match under its lock; every socket then
recomputes its viewer's state, so a person who lost a seat sees the public view at once and the
newcomer sees only their new seat's information.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from sqlalchemy.exc import IntegrityError

from app.db import Database
from app.errors import Conflict, Forbidden, NotFound
from app.hub import Hub
from app.i18n import N_
from app.lobby.service import pasted_code
from app.matches import chat, repository
from app.matches.bots import reseat, store_reseat
from app.matches.live import LiveMatch, seated
from app.matches.service import open_live
from app.matches.thinking import STAND_IN_LEVEL
from app.models import User
from app.rules import GAMES

STAND_IN_BOT = STAND_IN_LEVEL
"""A seat handed to a bot during a match is played as a stand-in plays (issue 27: normal)."""


async def hand_seat_to_bot(hub: Hub, db: Database, *, match_id: int, user: User, seat: int) -> None:
    """A player leaves (their own seat) or the host hands a seat over: a bot plays it from now on.

    The person who sat there becomes a spectator at once.
    """
    live = await _running(hub, db, match_id)
    if not 0 <= seat < len(live.players) or live.players[seat].user_id is None:
        raise Conflict("A bot already plays that seat.", code="not_a_person")
    if user.id not in (live.host_id, live.players[seat].user_id):
        raise Forbidden("Only the host can hand someone else's seat to a bot.", code="not_host")
    async with live.lock:
        name = live.players[seat].name
        told = (
            "{player} left the match; a bot plays seat {seat} now."
            if user.id == live.players[seat].user_id
            else "The host handed seat {seat} ({player}) to a bot."
        )
        said = {"player": name, "seat": seat + 1}
        async with db.transaction() as session:
            if not await repository.seat_to_bot(
                session, lobby_id=live.lobby_id, seat=seat, bot=STAND_IN_BOT
            ):
                raise Conflict("A bot already plays that seat.", code="not_a_person")
            await repository.hold_seat(
                session, match_id=live.id, seat=seat, user_id=None, bot=STAND_IN_BOT, seq=live.seq
            )
            line = await chat.notice(
                session, hub, live, seat=seat, by=user, message=told, params=said
            )
            change = await store_reseat(
                session, hub, live, seated(seat, user_id=None, name=None, bot=STAND_IN_BOT)
            )
        chat.tell(hub, live, line)
        reseat(hub, db, live, change)


async def take_back(hub: Hub, db: Database, *, match_id: int, user: User, seat: int) -> None:
    """A player who missed too many turns takes their seat back from the stand-in (one click)."""
    live = await _running(hub, db, match_id)
    if live.seat_of(user.id) != seat:
        raise Forbidden("Only its own player can take a seat back.", code="not_your_seat")
    async with live.lock:
        player = live.players[seat]
        if not player.away:
            raise Conflict("You are already playing this seat.", code="not_away")
        async with db.transaction() as session:
            await repository.set_seat_clock(
                session, lobby_id=live.lobby_id, seat=seat, missed=0, away=False
            )
            change = await store_reseat(session, hub, live, replace(player, away=False, missed=0))
        reseat(hub, db, live, change)


async def invite_to_seat(
    hub: Hub, db: Database, *, match_id: int, user: User, seat: int
) -> dict[str, Any]:
    """The host hands a seat to someone new: a single-use link (a new one voids the last)."""
    live = await _running(hub, db, match_id)
    if user.id != live.host_id:
        raise Forbidden("Only the host can invite someone to a seat.", code="not_host")
    if not 0 <= seat < len(live.players):
        raise Conflict(
            "This match has seats 1 to {last}.", code="bad_seat", params={"last": len(live.players)}
        )
    if live.players[seat].user_id == user.id:
        raise Conflict("That is your own seat.", code="own_seat")
    code = secrets.token_urlsafe(15)
    # Whoever takes the seat sees its hand: its player is told, and so is the table.
    name = live.players[seat].name
    async with db.transaction() as session:
        await repository.set_seat_invite(session, lobby_id=live.lobby_id, seat=seat, code=code)
        line = await chat.notice(
            session,
            hub,
            live,
            seat=seat,
            by=user,
            message="The host made a link that hands seat {seat} ({player}) to someone new.",
            params={"seat": seat + 1, "player": name},
        )
    chat.tell(hub, live, line)
    return {"seat": seat, "code": code, "url": f"/seat/{code}"}


async def seat_invitation(hub: Hub, db: Database, *, code: str) -> dict[str, Any]:
    """What an invitation offers: the match, the game, the seat and who plays it now."""
    live, seat, _ = await _invited(hub, db, code)
    return {
        "match_id": live.id,
        "game": live.game,
        "title": GAMES[live.game].title,
        "seat": seat,
        "now_played_by": live.players[seat].public(),
    }


async def claim_seat(hub: Hub, db: Database, *, code: str, user: User) -> int:
    """Take the seat an invitation hands over; returns the match id."""
    live, seat, code = await _invited(hub, db, code)
    already = Conflict("You already play at this table.", code="already_seated")
    async with live.lock:
        # Under the lock, the code first and then the person: claims that race answer as they
        # would one after the other. One link twice: the second finds it used (404); two links:
        # the second finds the person seated (409, the transaction rolls back).
        said = {"player": user.name, "seat": seat + 1, "before": live.players[seat].name}
        try:
            async with db.transaction() as session:
                if not await repository.give_seat(session, code=code, user_id=user.id):
                    raise NotFound(_USED, code="bad_invite")
                if live.seat_of(user.id) is not None:
                    raise already
                await repository.hold_seat(
                    session, match_id=live.id, seat=seat, user_id=user.id, bot=None, seq=live.seq
                )
                line = await chat.notice(
                    session,
                    hub,
                    live,
                    seat=seat,
                    by=user,
                    message="{player} took seat {seat} from {before} with the host's link.",
                    params=said,
                )
                change = await store_reseat(
                    session, hub, live, seated(seat, user_id=user.id, name=user.name, bot=None)
                )
        except IntegrityError as error:
            # Seated a moment ago through another instance: UNIQUE(lobby_id, user_id) decides.
            raise already from error
        chat.tell(hub, live, line)
        reseat(hub, db, live, change)
    return live.id


_USED = N_("This seat invitation has been used or replaced; ask the host for a new link.")


async def _invited(hub: Hub, db: Database, pasted: str) -> tuple[LiveMatch, int, str]:
    """The running match, the seat and the code of an invitation (the code or a pasted link)."""
    code = pasted_code(pasted)
    async with db.sessions() as session:
        seat = await repository.seat_by_invite(session, code) if code else None
        matches = await repository.matches_of_lobby(session, seat.lobby_id) if seat else []
    if code is None or seat is None or not matches:
        raise NotFound(_USED, code="bad_invite")
    live = await _running(hub, db, matches[-1].id)
    return live, seat.seat, code


async def _running(hub: Hub, db: Database, match_id: int) -> LiveMatch:
    live = await open_live(hub, db, match_id)
    if live.finished_at is not None:
        raise Conflict("This match is over.", code="match_over")
    return live
