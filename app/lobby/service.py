"""Private tables before the match: create, join by invite code, bots, start."""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import BadRequest, Conflict, Forbidden, NotFound
from app.guides import service as guides
from app.i18n import _
from app.lobby import repository
from app.lobby.series import Result, check_series, current_series, series_json, standings
from app.matches import service as matches
from app.matches.live import TableSettings, bot_name
from app.matches.loading import outdated
from app.models import Lobby, Match, Seat, User
from app.rules import GAMES, IllegalAction

_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What an invite code can be: URL-safe base64 (``invite_code``), as long as the column holds."""


def invite_code() -> str:
    """A fresh invite code: 15 random bytes (120 bits), URL-safe."""
    return secrets.token_urlsafe(15)


def pasted_code(pasted: str) -> str | None:
    """The invite code in what a visitor pasted (the code, or a link ending with it); None when
    it cannot be one, and nothing is looked up (Postgres refuses a NUL byte: that was a 500)."""
    code = pasted.strip().rsplit("/", 1)[-1]
    return code if _CODE.fullmatch(code) else None


def list_games() -> list[dict[str, Any]]:
    """Every game a table can be opened for, with its player counts and default options."""
    return [
        {
            "slug": rules.slug,
            "title": _(rules.title),
            "min_players": rules.min_players,
            "max_players": rules.max_players,
            "player_counts": list(rules.player_counts),
            "default_options": dict(rules.default_options),
            # A game that times its own phases (Werewolf) takes no table turn timer.
            "timed_phases": rules.phase_clock is not None,
        }
        for rules in GAMES.values()
    ]


async def create_lobby(
    session: AsyncSession,
    *,
    host: User,
    game: str,
    players: int,
    options: dict[str, Any],
    series: str = "single",
    series_games: int = 1,
    table: TableSettings | None = None,
    min_turn_seconds: int = 1,
) -> dict[str, Any]:
    """Open a table for a game (and a series of matches); the host takes seat 0."""
    full_options = _checked_options(game, players, options)
    series, series_games = check_series(series, series_games)
    table = table or TableSettings()
    rules = GAMES[game]
    if table.turn_seconds is not None and rules.phase_clock is not None:
        raise BadRequest(
            "{game} times its own phases (the timers among its options): a table has no"
            " turn timer for it.",
            code="bad_turn_time",
            params={"game": rules.title},
        )
    if table.turn_seconds is not None and table.turn_seconds < min_turn_seconds:
        raise BadRequest(
            "A turn timer is at least {seconds} seconds.",
            code="bad_turn_time",
            params={"seconds": min_turn_seconds},
        )
    lobby = await repository.create_lobby(
        session,
        game=game,
        players=players,
        options=full_options,
        invite_code=invite_code(),
        watch_code=invite_code(),
        host_id=host.id,
        series=series,
        series_games=series_games,
        table=table,
    )
    await repository.add_seat(session, lobby_id=lobby.id, seat=0, user_id=host.id, bot=None)
    return await lobby_json(session, lobby, host)


async def show_lobby(session: AsyncSession, *, user: User, lobby_id: int) -> dict[str, Any]:
    """A lobby as its members see it."""
    lobby = await _member_lobby(session, user=user, lobby_id=lobby_id)
    return await lobby_json(session, lobby, user)


async def watched_match(session: AsyncSession, *, code: str) -> str:
    """Where a table's watch link leads: its current match, with the link's code (``?watch=``),
    which lets who is not a player see it (``matches.admit``)."""
    lobby = (
        await repository.get_lobby_by_watch_code(session, code) if _CODE.fullmatch(code) else None
    )
    if lobby is None:
        raise NotFound("No table has this watch link; check the link.", code="bad_watch_link")
    played = await matches.matches_of_lobby(session, lobby.id)
    if not played:
        raise NotFound(
            "This table's match has not started yet: open the link again once it has.",
            code="not_started",
        )
    return f"/match/{played[-1].id}?watch={code}"


async def join(session: AsyncSession, *, user: User, code: str) -> dict[str, Any]:
    """Take the lowest free seat of the lobby with this invite code or link (no-op if already
    seated)."""
    invite = pasted_code(code)
    lobby = await repository.get_lobby_by_code(session, invite) if invite else None
    if lobby is None:
        raise NotFound("No table has this invite code; check the link.", code="bad_invite")
    seats = await repository.seats_with_names(session, lobby.id)
    if any(seat.user_id == user.id for seat, _ in seats):
        return await lobby_json(session, lobby, user)
    _require_open(lobby)
    free = _free_seats(lobby, seats)
    if not free:
        raise Conflict("This table is full.", code="lobby_full")
    await _occupy(session, lobby_id=lobby.id, seat=free[0], user_id=user.id, bot=None)
    return await lobby_json(session, lobby, user)


async def invite_preview(session: AsyncSession, *, code: str) -> dict[str, Any] | None:
    """What an invite link's page tells whoever opens it, signed in or not: the game, the
    host's name and the seats left, and whether the table still takes players; None for a code
    no table has. Nothing else of the table (its seats' names, options, links) is shown."""
    invite = pasted_code(code)
    lobby = (
        await repository.get_lobby_by_code(session, invite, for_update=False) if invite else None
    )
    if lobby is None:
        return None
    seats = await repository.seats_with_names(session, lobby.id)
    host = next((name for seat, name in seats if seat.user_id == lobby.host_id), None)
    free = len(_free_seats(lobby, seats))
    return {
        "game": lobby.game,
        "game_title": _(GAMES[lobby.game].title),
        "host": host or _("The host"),
        "players": lobby.players,
        "seats_left": free if lobby.status == "open" else 0,
        "state": _invite_state(lobby, free),
    }


def _invite_state(lobby: Lobby, free: int) -> str:
    """ "open" (seats free), "full", "started" (a match is on or over) or "expired"."""
    if lobby.status in ("open", "expired"):
        return "full" if lobby.status == "open" and free == 0 else lobby.status
    return "started"


async def add_bot(
    session: AsyncSession,
    *,
    user: User,
    lobby_id: int,
    seat: int | None,
    fill: bool = False,
    level: str = "normal",
) -> dict[str, Any]:
    """Fill a free seat (the given one, or the lowest) with a bot of ``level``
    (``app.rules.search.LEVELS``), or every free seat (``fill``). Host only."""
    lobby = await _hosted_lobby(session, user=user, lobby_id=lobby_id)
    seats = await repository.seats_with_names(session, lobby.id)
    free = _free_seats(lobby, seats)
    if fill:
        if seat is not None:
            raise BadRequest("Ask for one seat or for every free seat, not both.", code="bad_seat")
        if not free:
            raise Conflict("This table is full.", code="lobby_full")
        for number in free:
            await _occupy(session, lobby_id=lobby.id, seat=number, user_id=None, bot=level)
        return await lobby_json(session, lobby, user)
    if seat is None:
        if not free:
            raise Conflict("This table is full.", code="lobby_full")
        seat = free[0]
    elif not 0 <= seat < lobby.players:
        raise BadRequest(
            "Seats are numbered 0 to {last}.", code="bad_seat", params={"last": lobby.players - 1}
        )
    elif seat not in free:
        raise Conflict("Seat {seat} is taken.", code="seat_taken", params={"seat": seat + 1})
    await _occupy(session, lobby_id=lobby.id, seat=seat, user_id=None, bot=level)
    return await lobby_json(session, lobby, user)


async def free_seat(
    session: AsyncSession, *, user: User, lobby_id: int, seat: int
) -> dict[str, Any]:
    """Empty a seat: the host removes a bot or a guest, or a guest leaves."""
    lobby = await repository.get_lobby(session, lobby_id, for_update=True)
    if lobby is None:
        raise NotFound("No such table.")
    seats = {row.seat: row for row, _ in await repository.seats_with_names(session, lobby.id)}
    occupant = seats.get(seat)
    is_host = lobby.host_id == user.id
    if occupant is None:
        raise Conflict(
            "Seat {seat} is already empty.", code="seat_empty", params={"seat": seat + 1}
        )
    if not is_host and occupant.user_id != user.id:
        raise Forbidden("Only the host can free someone else's seat.", code="not_host")
    if occupant.user_id == lobby.host_id:
        raise Conflict("The host keeps their seat.", code="host_seat")
    _require_open(lobby)
    await repository.remove_seat(session, lobby_id=lobby.id, seat=seat)
    return await lobby_json(session, lobby, user)


async def start(session: AsyncSession, *, user: User, lobby_id: int, now: datetime) -> int:
    """Start the match once every seat is filled. Host only. Returns the match id (``now``:
    when its first turn's clock starts)."""
    lobby = await _hosted_lobby(session, user=user, lobby_id=lobby_id)
    seats = await repository.seats_with_names(session, lobby.id)
    if _free_seats(lobby, seats):
        raise Conflict("Fill every seat (with friends or bots) before starting.", code="seats_free")
    lobby.status = "playing"
    return await matches.create_match(session, lobby=lobby, now=now)


async def rematch(
    session: AsyncSession,
    *,
    user: User,
    lobby_id: int,
    game: str | None = None,
    options: dict[str, Any] | None = None,
    now: datetime,
) -> int:
    """Start the table's next match with the same seats and a new seed (any seated player).

    A different game may be chosen once the current series is decided. Asking while a match is
    being played answers that match (two players pressing "Rematch" start one match, not two).
    """
    lobby = await repository.get_lobby(session, lobby_id, for_update=True)
    if lobby is None:
        raise NotFound("No such table.")
    seats = await repository.seats_with_names(session, lobby.id)
    if all(seat.user_id != user.id for seat, _ in seats):
        raise Forbidden(
            "Only the players at this table can start its next match.", code="not_member"
        )
    played = await matches.matches_of_lobby(session, lobby.id)
    if lobby.status == "playing" and played:
        if not outdated(played[-1]):
            return played[-1].id
        # Left unfinished under older rules, the match cannot go on (its log replays only
        # under them): it is set aside as void and the table plays a new one.
        played[-1].status = "void"
        lobby.status = "finished"
    if lobby.status != "finished":
        raise Conflict("This table's first match has not started yet.", code="not_started")
    if game is not None and (game != lobby.game or options is not None):
        if not current_series(
            lobby.series, lobby.series_games, lobby.players, _results(played)
        ).decided:
            raise Conflict("Finish the series before changing the game.", code="series_running")
        lobby.options = _checked_options(game, lobby.players, options or {})
        lobby.game = game
    lobby.status = "playing"
    return await matches.create_match(session, lobby=lobby, now=now)


async def lobby_json(session: AsyncSession, lobby: Lobby, viewer: User) -> dict[str, Any]:
    """The lobby as the API shows it to one viewer."""
    rows = {
        seat.seat: (seat, name)
        for seat, name in await repository.seats_with_names(session, lobby.id)
    }
    played = await matches.matches_of_lobby(session, lobby.id)
    results = _results(played)
    match_id = played[-1].id if played else None
    seats = []
    your_seat = None
    for number in range(lobby.players):
        seat, name = rows.get(number, (None, None))
        you = seat is not None and seat.user_id == viewer.id
        if you:
            your_seat = number
        seats.append(
            {
                "seat": number,
                "user_id": seat.user_id if seat else None,
                "name": name if seat and seat.user_id else (bot_name(number) if seat else None),
                "bot": seat.bot if seat else None,
                "you": you,
                "host": seat is not None and seat.user_id == lobby.host_id,
            }
        )
    return {
        "id": lobby.id,
        "game": lobby.game,
        "game_title": _(GAMES[lobby.game].title),
        "players": lobby.players,
        "options": lobby.options,
        "options_text": guides.options_text(lobby.game, lobby.players, lobby.options),
        "invite_code": lobby.invite_code,
        "invite_url": f"/join/{lobby.invite_code}",
        # The table's watch link, for its members to hand out (docs/security.md, Privacy).
        "watch_url": f"/watch/{lobby.watch_code}" if your_seat is not None else None,
        "host_id": lobby.host_id,
        "status": lobby.status,
        "match_id": match_id,
        "seats": seats,
        "you_are_host": lobby.host_id == viewer.id,
        "your_seat": your_seat,
        "matches": [
            {
                "id": match.id,
                "number": match.number,
                "game": match.game,
                "title": _(GAMES[match.game].title),
                "status": match.status,
                "scores": match.result["scores"] if match.result else None,
                "winners": match.result["winners"] if match.result else [],
            }
            for match in played
        ],
        "series": series_json(
            current_series(
                lobby.series,
                lobby.series_games,
                lobby.players,
                results,
                lower_wins=GAMES[lobby.game].lower_wins,
            )
        ),
        "score_unit": GAMES[lobby.game].score_unit,
        "standings": standings(
            lobby.players,
            results,
            chip_games={slug for slug, rules in GAMES.items() if rules.score_unit == "chips"},
        ),
        "can_rematch": your_seat is not None
        and (lobby.status == "finished" or bool(played and outdated(played[-1]))),
        "spectators": lobby.spectators,
        "spectator_chat": lobby.spectator_chat,
        "turn_seconds": lobby.turn_seconds,
        "stand_in_after": lobby.stand_in_after,
    }


def _results(played: Sequence[Match]) -> list[Result]:
    return [
        Result(
            number=match.number,
            game=match.game,
            scores=match.result["scores"],
            winners=match.result["winners"],
        )
        for match in played
        if match.result is not None
    ]


def _checked_options(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    rules = GAMES.get(game)
    if rules is None:
        known = ", ".join(sorted(GAMES))
        raise BadRequest(
            "Unknown game {game}; the games are: {games}.",
            code="unknown_game",
            params={"game": repr(game), "games": known},
        )
    try:
        return rules.check_options(players, options)
    except IllegalAction as error:
        raise BadRequest(error.template, code=error.code, params=error.params) from error


def _free_seats(lobby: Lobby, seats: list[tuple[Seat, str | None]]) -> list[int]:
    taken = {seat.seat for seat, _ in seats}
    return [number for number in range(lobby.players) if number not in taken]


async def expire_lobbies(session: AsyncSession, *, created_before: datetime) -> int:
    """Expire the tables never started since ``created_before`` (housekeeping)."""
    return await repository.expire_lobbies(session, created_before=created_before)


def _require_open(lobby: Lobby) -> None:
    if lobby.status == "expired":
        raise Conflict(
            "This table expired before it was started; open a new one.", code="table_expired"
        )
    if lobby.status != "open":
        raise Conflict("This table's match has already started.", code="already_started")


async def _occupy(
    session: AsyncSession, *, lobby_id: int, seat: int, user_id: int | None, bot: str | None
) -> None:
    # Two people racing for the last seat: the UNIQUE(lobby_id, seat) constraint decides.
    try:
        async with session.begin_nested():
            await repository.add_seat(
                session, lobby_id=lobby_id, seat=seat, user_id=user_id, bot=bot
            )
    except IntegrityError as error:
        raise Conflict("That seat was just taken; try again.", code="seat_taken") from error


async def _member_lobby(session: AsyncSession, *, user: User, lobby_id: int) -> Lobby:
    lobby = await repository.get_lobby(session, lobby_id)
    if lobby is None:
        raise NotFound("No such table.")
    seats = await repository.seats_with_names(session, lobby.id)
    if lobby.host_id != user.id and all(seat.user_id != user.id for seat, _ in seats):
        raise Forbidden("Join this table with its invite link first.", code="not_member")
    return lobby


async def _hosted_lobby(session: AsyncSession, *, user: User, lobby_id: int) -> Lobby:
    lobby = await repository.get_lobby(session, lobby_id, for_update=True)
    if lobby is None:
        raise NotFound("No such table.")
    if lobby.host_id != user.id:
        raise Forbidden("Only the host can do this.", code="not_host")
    _require_open(lobby)
    return lobby
