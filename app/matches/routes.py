"""Match routes: per-viewer state, moves over HTTP, history, records, export and verify.

Records, exports, replays and checks are rate-limited (per user, or per address for the public
check of an uploaded record) and computed by the app's ``review.Reviewer``, off the event loop.
Every path under ``/matches/{id}`` is for the match's players and holders of its table's watch
link (``?watch=``); to anyone else it is no such match (``service.admit``).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from app.answers import (
    MatchList,
    MatchStarted,
    MatchState,
    Record,
    Replay,
    SeatInvite,
    SeatOffer,
    Verification,
    answer,
)
from app.deps import MAX_INT, CurrentUser, DbDep, HubDep, RowId, SeatNumber, SessionDep
from app.errors import BadRequest
from app.hub import Hub
from app.matches import frames, records, review, seats, service, undo
from app.matches.live import LiveMatch
from app.models import User
from app.payloads import CheckedRoute

router = APIRouter(prefix="/api", tags=["matches"], route_class=CheckedRoute)

WatchCode = Annotated[
    str | None,
    Query(max_length=64, description="The table's watch code (its watch link); players need none."),
]


async def _visible(match_id: RowId, user: CurrentUser, db: DbDep, watch: WatchCode = None) -> None:
    """Refuses whoever is neither a player of the match nor holds its watch link, as for a match
    that does not exist (``service.admit``)."""
    await service.admit(db, match_id=match_id, user=user, code=watch)


Visible = Annotated[None, Depends(_visible)]


class Move(BaseModel):
    """A move over HTTP: the version it was chosen at and the action. Nothing else: the seat
    is always the signed-in user's own."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0, le=MAX_INT)
    action: dict[str, Any]


@router.get("/matches", response_model=None, responses=answer(MatchList))
async def mine(
    user: CurrentUser, session: SessionDep, mine: int = Query(default=1)
) -> dict[str, Any]:
    """The viewer's live and finished matches (``mine=1``; the only listing there is)."""
    if mine != 1:
        raise BadRequest("Only your own matches can be listed (mine=1).", code="bad_query")
    return {"matches": await review.my_matches(session, user=user)}


@router.get("/matches/{match_id}", responses=answer(MatchState))
async def show(
    match_id: RowId, user: CurrentUser, hub: HubDep, db: DbDep, watch: WatchCode = None
) -> Response:
    """The match as this viewer may see it (a spectator sees public information only)."""
    live = await service.watch(hub, db, match_id=match_id, user=user, code=watch)
    return _state(hub, live, user)


@router.post(
    "/matches/{match_id}/actions", dependencies=[Depends(_visible)], responses=answer(MatchState)
)
async def act(
    match_id: RowId, move: Move, user: CurrentUser, hub: HubDep, db: DbDep, request: Request
) -> Response:
    """Make a move; answers with the new state for the mover (like a WebSocket move)."""
    limits = request.app.state.limits
    limits.check("act", user.id)
    live = await service.play(
        hub, db, match_id=match_id, user=user, seq=move.seq, action=move.action, limits=limits
    )
    return _state(hub, live, user)


class AskUndo(BaseModel):
    """The version the match is at, as the asker sees it."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0, le=MAX_INT)


class AnswerUndo(AskUndo):
    """Whether to take the asked move back."""

    accept: bool


@router.post(
    "/matches/{match_id}/undo", dependencies=[Depends(_visible)], responses=answer(MatchState)
)
async def ask_undo(
    match_id: RowId, body: AskUndo, user: CurrentUser, hub: HubDep, db: DbDep, request: Request
) -> Response:
    """Ask the table to take back your last move (everyone else seated must agree)."""
    request.app.state.limits.check("act", user.id)
    live = await undo.ask(hub, db, match_id=match_id, user=user, seq=body.seq)
    return _state(hub, live, user)


@router.post(
    "/matches/{match_id}/undo/answer",
    dependencies=[Depends(_visible)],
    responses=answer(MatchState),
)
async def answer_undo(
    match_id: RowId, body: AnswerUndo, user: CurrentUser, hub: HubDep, db: DbDep, request: Request
) -> Response:
    """Agree or refuse to take back the move another player asks back."""
    request.app.state.limits.check("act", user.id)
    live = await undo.answer(
        hub, db, match_id=match_id, user=user, seq=body.seq, accept=body.accept
    )
    return _state(hub, live, user)


def _state(hub: Hub, live: LiveMatch, user: User) -> Response:
    """The match's state as the user sees it (the match socket's frames, over HTTP)."""
    return Response(
        frames.state_json(live, live.seat_of(user.id), now=hub.clock.now()),
        media_type="application/json",
    )


class SeatInvitation(BaseModel):
    """A seat invitation's code (or the pasted link)."""

    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, max_length=200)


@router.post(
    "/matches/{match_id}/seats/{seat}/bot", status_code=204, dependencies=[Depends(_visible)]
)
async def hand_seat_to_bot(
    match_id: RowId, seat: SeatNumber, user: CurrentUser, hub: HubDep, db: DbDep
) -> None:
    """Leave the match (your own seat) or, as the host, hand a seat to a bot."""
    await seats.hand_seat_to_bot(hub, db, match_id=match_id, user=user, seat=seat)


@router.post(
    "/matches/{match_id}/seats/{seat}/back", status_code=204, dependencies=[Depends(_visible)]
)
async def take_seat_back(
    match_id: RowId, seat: SeatNumber, user: CurrentUser, hub: HubDep, db: DbDep
) -> None:
    """Take your seat back from the stand-in that kept it while you were away."""
    await seats.take_back(hub, db, match_id=match_id, user=user, seat=seat)


@router.post(
    "/matches/{match_id}/seats/{seat}/invite",
    dependencies=[Depends(_visible)],
    response_model=None,
    responses=answer(SeatInvite),
)
async def invite_to_seat(
    match_id: RowId, seat: SeatNumber, user: CurrentUser, hub: HubDep, db: DbDep
) -> dict[str, Any]:
    """As the host, make a single-use link that hands this seat to whoever opens it."""
    return await seats.invite_to_seat(hub, db, match_id=match_id, user=user, seat=seat)


@router.post("/seats/invitation", response_model=None, responses=answer(SeatOffer))
async def seat_invitation(
    body: SeatInvitation, _user: CurrentUser, hub: HubDep, db: DbDep
) -> dict[str, Any]:
    """What a seat invitation offers (the match, the game, the seat), without taking it."""
    return await seats.seat_invitation(hub, db, code=body.code)


@router.post("/seats/claim", response_model=None, responses=answer(MatchStarted))
async def claim_seat(
    body: SeatInvitation, user: CurrentUser, hub: HubDep, db: DbDep
) -> dict[str, Any]:
    """Take the seat an invitation hands over; answers the match to go to."""
    return {"match_id": await seats.claim_seat(hub, db, code=body.code, user=user)}


async def _admitted(request: Request) -> AsyncIterator[review.Reviewer]:
    """The app's reviewer, once it admits this request (``Reviewer.admitted``)."""
    reviewer: review.Reviewer = request.app.state.reviewer
    async with reviewer.admitted():
        yield reviewer


ReviewerDep = Annotated[review.Reviewer, Depends(_admitted)]
"""Dependencies are solved in the order of the parameters: the reviewer's comes first, so a
request waits for its turn before anything else (the user's lookup included) reads the database."""


async def _reviewing(request: Request, user: CurrentUser) -> User:
    """The signed-in user, who spends one of their ``review`` tokens on this request."""
    await request.app.state.limits.hit("review", user.id)
    return user


Reviewing = Annotated[User, Depends(_reviewing)]


async def _verify_allowed(request: Request) -> None:
    """One of this address's ``verify`` tokens (checking an uploaded record needs no account)."""
    await request.app.state.limits.hit("verify", request.client.host if request.client else "")


def _json(content: bytes, headers: dict[str, str] | None = None) -> Response:
    return Response(content, media_type="application/json", headers=headers)


@router.get("/matches/{match_id}/replay", responses=answer(Replay))
async def replay(
    reviewer: ReviewerDep,
    _visible: Visible,
    match_id: RowId,
    user: Reviewing,
    session: SessionDep,
    request: Request,
    seat: int | None = Query(default=None, ge=0, le=99, description="Whose eyes; yours if absent."),
    public: bool = Query(default=False, description="The public (spectator) view instead."),
    everyone: bool = Query(default=False, description="Every seat's view (finished matches)."),
) -> Response:
    """Every step of the match through one seat's eyes, the public view, or everyone's."""
    return _json(
        await review.replay(
            session,
            reviewer,
            match_id=match_id,
            user=user,
            seat=seat,
            public=public,
            everyone=everyone,
            max_views=request.app.state.settings.max_replay_views,
        )
    )


@router.get("/matches/{match_id}/record", responses=answer(Record))
async def record(
    reviewer: ReviewerDep,
    _visible: Visible,
    match_id: RowId,
    _user: Reviewing,
    session: SessionDep,
) -> Response:
    """A finished match's record: seed, commitment, actions and result."""
    data = await records.record(session, match_id=match_id)
    return _json(await reviewer.run(review.encoded, data))


@router.get("/matches/{match_id}/export", responses=answer(Record))
async def export(
    reviewer: ReviewerDep,
    _visible: Visible,
    match_id: RowId,
    _user: Reviewing,
    session: SessionDep,
) -> Response:
    """The record as a downloadable JSON file."""
    data = await records.record(session, match_id=match_id)
    return _json(
        await reviewer.run(functools.partial(review.encoded, indent=True), data),
        headers={
            "Content-Disposition": f'attachment; filename="parlor-{data["game"]}-{match_id}.json"'
        },
    )


@router.get("/matches/{match_id}/verify", responses=answer(Verification))
async def verify(
    reviewer: ReviewerDep,
    _visible: Visible,
    match_id: RowId,
    _user: Reviewing,
    session: SessionDep,
) -> Response:
    """Replay a finished match from its record and check it."""
    data = await records.record(session, match_id=match_id)
    return _json(await reviewer.run(review.verify_match, data))


@router.post("/verify", dependencies=[Depends(_verify_allowed)], responses=answer(Verification))
async def verify_upload(reviewer: ReviewerDep, request: Request) -> Response:
    """The same check for an uploaded record (no account needed: it is a public check)."""
    body = await request.body()  # at most settings.max_upload: app/security.py RequestGuard
    max_actions = request.app.state.settings.max_record_actions
    return _json(await reviewer.run(review.verify_upload, body, max_actions))
