"""Undo by consent (issue 25): a player asks the table to take back their last move; every
other person seated accepts or refuses; bots and stand-ins accept.

Only the match's last move can be asked back, by the player who made it (not by a stand-in for
them), while the match runs, and only a move the rules call undoable
(``GameRules.undoable``: it revealed nothing hidden). Whether a move may be asked back so
depends on public information only. The request lives in the match's memory: any move ends it
(the table moved on), one refusal ends it, and a move refused once is not asked again. Asking,
refusing and agreeing are table notices, stored in the chat and so in the record; the move taken
back stays in the action log, followed by its mover's ``undo`` action, which every replay
applies (``GameRules.follow``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.db import Database
from app.errors import BadRequest, Conflict, Forbidden, StaleAction
from app.hub import Hub
from app.i18n import N_
from app.matches import chat
from app.matches.bots import wake
from app.matches.live import LiveMatch, UndoRequest
from app.matches.moves import take_back
from app.matches.service import open_live
from app.models import ChatMessage, User


def may_ask(live: LiveMatch, seat: int | None) -> bool:
    """Whether the viewer at ``seat`` may ask the table to take back the last move now."""
    last = live.last
    return (
        seat is not None
        and live.finished_at is None
        and live.undo is None
        and live.undo_refused != live.seq
        and last is not None
        and last.seat == seat
        and last.undoable
        and not _by_stand_in(live)
    )


def state_of(live: LiveMatch, seat: int | None) -> dict[str, Any]:
    """The undo part of a viewer's state: whether it may ask, and the open request."""
    request = live.undo
    return {
        "may_ask": may_ask(live, seat),
        "request": None
        if request is None
        else {
            "seat": request.seat,
            "waiting": sorted(request.waiting - request.accepted),
            "accepted": sorted(request.accepted),
        },
    }


async def ask(hub: Hub, db: Database, *, match_id: int, user: User, seq: Any) -> LiveMatch:
    """``user`` asks to take back their last move (chosen at version ``seq``): taken back at
    once when nobody else is a person at the table, else the others are asked."""
    live = await open_live(hub, db, match_id)
    seat = _seat(live, user)
    async with live.lock:
        _current(live, seat, seq)
        if not may_ask(live, seat):
            raise Conflict(_why_not(live, seat), code="not_undoable")
        asked = _people(live) - {seat}
        live.undo = UndoRequest(seat=seat, seq=live.seq, waiting=frozenset(asked))
        line = await _notice(
            db,
            hub,
            live,
            user,
            seat,
            "{player} asks to take back their last move.",
            {"player": user.name},
        )
        if not asked:
            await _agreed(hub, db, live, user)
    chat.tell(hub, live, line)
    hub.publish(live)
    wake(hub, db, live)
    return live


async def answer(
    hub: Hub, db: Database, *, match_id: int, user: User, seq: Any, accept: Any
) -> LiveMatch:
    """Another person at the table accepts or refuses the open request."""
    if not isinstance(accept, bool):
        raise BadRequest(
            'An answer is {{"accept": true}} or {{"accept": false}}.', code="bad_answer"
        )
    live = await open_live(hub, db, match_id)
    seat = _seat(live, user)
    async with live.lock:
        _current(live, seat, seq)
        request = live.undo
        if request is None:
            raise Conflict("Nobody is asking to take a move back now.", code="no_undo_request")
        if seat not in request.waiting or seat in request.accepted:
            raise Forbidden("This request is not waiting for your answer.", code="not_asked")
        asker = live.players[request.seat].name
        if not accept:
            live.undo, live.undo_refused = None, live.seq
            told = "{player} refused: {asker}'s move stands."
        else:
            live.undo = request = replace(request, accepted=request.accepted | {seat})
            told = "{player} agreed to take back {asker}'s move."
        line = await _notice(db, hub, live, user, seat, told, {"player": user.name, "asker": asker})
        if accept and request.accepted >= request.waiting:
            await _agreed(hub, db, live, user)
    chat.tell(hub, live, line)
    hub.publish(live)
    wake(hub, db, live)
    return live


async def _agreed(hub: Hub, db: Database, live: LiveMatch, user: User) -> None:
    """Everyone asked agreed: the move is taken back (the request ends with it)."""
    request = live.undo
    assert request is not None
    await take_back(hub, db, live, seat=request.seat)


def _seat(live: LiveMatch, user: User) -> int:
    seat = live.seat_of(user.id)
    if seat is None:
        raise Forbidden("Only the match's players can ask to take a move back.", code="not_seated")
    return seat


def _current(live: LiveMatch, seat: int, seq: Any) -> None:
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise BadRequest("An undo message carries the version it was sent at.", code="bad_seq")
    if seq != live.version_for(seat):
        raise StaleAction(
            "The table has moved on (you saw version {seen}, it is at {version}).",
            params={"seen": seq, "version": live.version_for(seat)},
        )


def _people(live: LiveMatch) -> set[int]:
    """The seats whose answer counts: people playing their own seat (not bots or stand-ins)."""
    return {
        player.seat
        for player in live.players
        if player.user_id is not None and player.bot is None and not player.away
    }


def _by_stand_in(live: LiveMatch) -> bool:
    return bool(live.stand_ins) and live.stand_ins[-1]["seq"] == live.seq


def _why_not(live: LiveMatch, seat: int) -> str:
    """The sentence for a refused request, from public facts only."""
    last = live.last
    if live.finished_at is not None:
        return N_("The match is over; its moves stand.")
    if live.undo is not None:
        return N_("The table is already being asked to take a move back.")
    if last is None or last.seat != seat or _by_stand_in(live):
        return N_("Only your own last move can be taken back, before anyone moves again.")
    if live.undo_refused == live.seq:
        return N_("The table refused to take this move back.")
    return N_("This move cannot be taken back: the rules say it showed something.")


async def _notice(
    db: Database,
    hub: Hub,
    live: LiveMatch,
    user: User,
    seat: int,
    message: str,
    params: dict[str, Any],
) -> ChatMessage:
    async with db.transaction() as session:
        return await chat.notice(
            session, hub, live, seat=seat, by=user, message=message, params=params
        )
