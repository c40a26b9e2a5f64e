"""Lobby routes: create a table, join by invite code, bots, start."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from app.answers import Game, Lobby, MatchStarted, answer
from app.deps import CurrentUser, NowDep, RowId, SeatNumber, SessionDep
from app.lobby import service
from app.matches.live import TableSettings
from app.payloads import CheckedRoute

router = APIRouter(prefix="/api", tags=["lobbies"], route_class=CheckedRoute)


class SeriesSetting(BaseModel):
    """How many matches the table plays: one, best of N, or the sum of N games' scores."""

    kind: str = Field(default="single", max_length=16)
    games: int = Field(default=1, ge=1, le=99)


class CreateLobby(BaseModel):
    """A new table."""

    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=99)
    options: dict[str, Any] = Field(default_factory=dict)
    series: SeriesSetting = Field(default_factory=SeriesSetting)
    spectators: bool = Field(default=True, description="Others may watch by link.")
    spectator_chat: bool = Field(default=False, description="Those watching may chat too.")
    turn_seconds: int | None = Field(
        default=None, ge=1, le=7 * 24 * 3600, description="Turn timer in seconds; none if absent."
    )
    stand_in_after: int = Field(
        default=3, ge=1, le=10, description="Missed turns before the stand-in keeps the seat."
    )


class Rematch(BaseModel):
    """The next match: the same game by default, or another one once the series is decided."""

    game: str | None = Field(default=None, max_length=40)
    options: dict[str, Any] | None = None


class JoinLobby(BaseModel):
    """An invite code (or a pasted invite link)."""

    invite_code: str = Field(max_length=200)


class AddBot(BaseModel):
    """Which seat to give a bot (the lowest free one when absent), or every free seat, and how
    well it plays."""

    seat: int | None = Field(default=None, ge=0, le=99)
    fill: bool = Field(default=False, description="Give every free seat a bot at once.")
    level: Literal["easy", "normal", "strong"] = Field(
        default="normal",
        description="easy (for learners), normal, or strong (searches: slower, harder to beat).",
    )


@router.get("/games", tags=["games"], response_model=None, responses=answer(list[Game]))
async def games() -> list[dict[str, Any]]:
    """Every game Parlor can host."""
    return service.list_games()


@router.post(
    "/lobbies", status_code=201, response_model=None, responses=answer(Lobby, 201, "Created")
)
async def create(
    body: CreateLobby, user: CurrentUser, session: SessionDep, request: Request, response: Response
) -> dict[str, Any]:
    """Open a table; the creator hosts it and takes seat 0 (``Location``: the table)."""
    await request.app.state.limits.hit("create_lobby", user.id)
    lobby = await service.create_lobby(
        session,
        host=user,
        game=body.game,
        players=body.players,
        options=body.options,
        series=body.series.kind,
        series_games=body.series.games,
        table=TableSettings(
            spectators=body.spectators,
            spectator_chat=body.spectators and body.spectator_chat,
            turn_seconds=body.turn_seconds,
            stand_in_after=body.stand_in_after,
        ),
        min_turn_seconds=request.app.state.settings.min_turn_seconds,
    )
    response.headers["location"] = f"/api/lobbies/{lobby['id']}"
    return lobby


@router.post("/lobbies/join", response_model=None, responses=answer(Lobby))
async def join(body: JoinLobby, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """Take a free seat at the table of this invite code."""
    return await service.join(session, user=user, code=body.invite_code)


@router.get("/lobbies/{lobby_id}", response_model=None, responses=answer(Lobby))
async def show(lobby_id: RowId, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """A lobby with its seats (members only)."""
    return await service.show_lobby(session, user=user, lobby_id=lobby_id)


@router.post("/lobbies/{lobby_id}/bots", response_model=None, responses=answer(Lobby))
async def add_bot(
    lobby_id: RowId, user: CurrentUser, session: SessionDep, body: AddBot | None = None
) -> dict[str, Any]:
    """Fill a seat with a bot, or every free seat with ``fill`` (host only)."""
    return await service.add_bot(
        session,
        user=user,
        lobby_id=lobby_id,
        seat=body.seat if body else None,
        fill=body.fill if body else False,
        level=body.level if body else "normal",
    )


@router.delete("/lobbies/{lobby_id}/seats/{seat}", response_model=None, responses=answer(Lobby))
async def free_seat(
    lobby_id: RowId, seat: SeatNumber, user: CurrentUser, session: SessionDep
) -> dict[str, Any]:
    """Empty a seat: the host removes a bot or guest; a guest leaves."""
    return await service.free_seat(session, user=user, lobby_id=lobby_id, seat=seat)


@router.post("/lobbies/{lobby_id}/start", response_model=None, responses=answer(MatchStarted))
async def start(
    lobby_id: RowId, user: CurrentUser, session: SessionDep, now: NowDep
) -> dict[str, int]:
    """Start the match (host only, every seat filled)."""
    return {"match_id": await service.start(session, user=user, lobby_id=lobby_id, now=now)}


@router.post("/lobbies/{lobby_id}/rematch", response_model=None, responses=answer(MatchStarted))
async def rematch(
    lobby_id: RowId,
    user: CurrentUser,
    session: SessionDep,
    now: NowDep,
    body: Rematch | None = None,
) -> dict[str, int]:
    """Start the table's next match: same seats, new seed, the start seat one to the left."""
    return {
        "match_id": await service.rematch(
            session,
            user=user,
            lobby_id=lobby_id,
            game=body.game if body else None,
            options=body.options if body else None,
            now=now,
        )
    }
