"""Queries on matches and their action log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiosqlite
import orjson
from sqlalchemy import bindparam, func, insert, or_, select, update
from sqlalchemy.dialects import sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app import signals
from app.matches.live import TableSettings
from app.models import Action, ChatMessage, Lobby, Match, MatchSeat, Seat, User
from app.signals import CHANNEL, payload


async def create_match(
    session: AsyncSession,
    *,
    lobby: Lobby,
    number: int,
    start_seat: int,
    rules_version: str,
    seed: bytes,
    commitment: str,
) -> Match:
    """Insert match ``number`` of a lobby, at version 0, played under ``rules_version``."""
    match = Match(
        lobby_id=lobby.id,
        number=number,
        start_seat=start_seat,
        game=lobby.game,
        rules_version=rules_version,
        players=lobby.players,
        options=lobby.options,
        seed=seed,
        commitment=commitment,
        status="playing",
        version=0,
    )
    session.add(match)
    await session.flush()
    held = await session.execute(select(Seat).where(Seat.lobby_id == lobby.id))
    for seat in held.scalars():
        await hold_seat(
            session, match_id=match.id, seat=seat.seat, user_id=seat.user_id, bot=seat.bot, seq=0
        )
    return match


async def hold_seat(
    session: AsyncSession,
    *,
    match_id: int,
    seat: int,
    user_id: int | None,
    bot: str | None,
    seq: int,
) -> None:
    """Note who holds a seat of a match from action ``seq`` on (at the start, or a change of
    hands)."""
    session.add(MatchSeat(match_id=match_id, seat=seat, user_id=user_id, bot=bot, since_seq=seq))
    await session.flush()


async def seat_holders(
    session: AsyncSession, match_ids: Sequence[int]
) -> list[tuple[MatchSeat, str | None]]:
    """Every holding of a seat of these matches, in the order they began, with each user's
    display name."""
    query = (
        select(MatchSeat, User.name)
        .outerjoin(User, User.id == MatchSeat.user_id)
        .where(MatchSeat.match_id.in_(match_ids))
        .order_by(MatchSeat.match_id, MatchSeat.id)
    )
    return [(held, name) for held, name in (await session.execute(query)).all()]


async def held_seat(session: AsyncSession, *, match_id: int, user_id: int) -> int | None:
    """The seat a user held last in a match; None if they never played it."""
    query = (
        select(MatchSeat.seat)
        .where(MatchSeat.match_id == match_id, MatchSeat.user_id == user_id)
        .order_by(MatchSeat.id.desc())
        .limit(1)
    )
    return (await session.execute(query)).scalar_one_or_none()


async def get_match(session: AsyncSession, match_id: int) -> Match | None:
    """A match by id."""
    return await session.get(Match, match_id)


async def matches_of_lobby(session: AsyncSession, lobby_id: int) -> Sequence[Match]:
    """A lobby's matches in the order they were played."""
    query = select(Match).where(Match.lobby_id == lobby_id).order_by(Match.number)
    return (await session.execute(query)).scalars().all()


async def actions(session: AsyncSession, match_id: int) -> Sequence[Action]:
    """A match's actions in order."""
    query = select(Action).where(Action.match_id == match_id).order_by(Action.seq)
    return (await session.execute(query)).scalars().all()


async def seats(session: AsyncSession, lobby_ids: Sequence[int]) -> list[tuple[Seat, str | None]]:
    """The seats of these lobbies, with each user's display name, ordered by lobby and seat."""
    query = (
        select(Seat, User.name)
        .outerjoin(User, User.id == Seat.user_id)
        .where(Seat.lobby_id.in_(lobby_ids))
        .order_by(Seat.lobby_id, Seat.seat)
    )
    return [(seat, name) for seat, name in (await session.execute(query)).all()]


@dataclass(frozen=True)
class MoveRow:
    """One move to append: action ``seq`` of a match, made ``at``, and the next turn's
    ``deadline``."""

    match_id: int
    seq: int
    seat: int | None
    """None: a timed phase that ran out."""
    action: dict[str, Any]
    stand_in: bool
    deadline: datetime | None
    instance: str
    at: datetime


async def append_action(
    session: AsyncSession,
    move: MoveRow,
    *,
    finished_at: datetime | None,
    result: dict[str, Any] | None,
) -> bool:
    """Append ``move`` and move its match from version ``seq - 1`` to ``seq``, with the next
    turn's ``deadline`` (or finished at ``finished_at`` with ``result``); other instances are
    signalled when it commits.

    The version check fences the write: if another writer moved the match first, nothing is
    written and False is returned (UNIQUE(match_id, seq) backs this up).
    """
    # Prepared statements with bound parameters, compiled once; the usual move on Postgres
    # takes ``append_moves`` instead.
    connection = await session.connection()
    fence = {"match_id": move.match_id, "previous": move.seq - 1, "seq": move.seq}
    if finished_at is None:
        moved = await connection.execute(_MOVE_ON, {**fence, "deadline": move.deadline})
    else:
        moved = await connection.execute(_FINISH, {**fence, "at": finished_at, "result": result})
    if moved.rowcount != 1:
        return False
    await connection.execute(
        _APPEND,
        {
            "match_id": move.match_id,
            "seq": move.seq,
            "seat": move.seat,
            "action": move.action,
            "stand_in": move.stand_in,
            "at": move.at,
        },
    )
    if finished_at is not None:
        lobby_id = select(Match.lobby_id).where(Match.id == move.match_id).scalar_subquery()
        await connection.execute(
            update(Lobby).where(Lobby.id == lobby_id).values(status="finished")
        )
    await signal(session, kind="match", match_id=move.match_id, instance=move.instance)
    return True


async def append_moves(connection: Any, moves: list[MoveRow]) -> list[bool]:
    """Append a batch of moves of different matches on a raw driver ``connection`` (asyncpg or
    aiosqlite, inside the caller's transaction), each fenced like ``append_action``. Returns,
    per move, whether it was written (False: its match had moved on)."""
    if isinstance(connection, aiosqlite.Connection):
        return await _append_moves_sqlite(connection, moves)
    return await _append_moves_postgres(connection, moves)


async def _append_moves_postgres(connection: Any, moves: list[MoveRow]) -> list[bool]:
    """One statement for the whole batch."""
    rows = await connection.fetch(
        _MOVES_ON_POSTGRES,
        [move.match_id for move in moves],
        [move.seq for move in moves],
        [move.seat for move in moves],
        [orjson.dumps(move.action).decode() for move in moves],
        [move.stand_in for move in moves],
        [move.deadline for move in moves],
        [move.at for move in moves],
        [payload("match", move.match_id, move.instance) for move in moves],
    )
    written = {row[0] for row in rows}
    return [move.match_id in written for move in moves]


# Each match appears at most once in a batch (its moves are serialised by its lock), so the
# fence joins on the match id alone.
_MOVES_ON_POSTGRES = f"""
    WITH batch AS (
        SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::bool[],
                             $6::timestamptz[], $7::timestamptz[], $8::text[])
            AS b(match_id, seq, seat, action, stand_in, deadline, at, payload)
    ), moved AS (
        UPDATE matches SET version = batch.seq, deadline = batch.deadline
        FROM batch
        WHERE matches.id = batch.match_id AND matches.version = batch.seq - 1
        RETURNING matches.id
    ), appended AS (
        INSERT INTO actions (match_id, seq, seat, action, stand_in, at)
        SELECT batch.match_id, batch.seq, batch.seat, CAST(batch.action AS JSON), batch.stand_in,
               batch.at
        FROM batch JOIN moved ON moved.id = batch.match_id
        RETURNING match_id
    )
    SELECT appended.match_id, pg_notify('{CHANNEL}', batch.payload)
    FROM appended JOIN batch ON batch.match_id = appended.match_id
"""


async def _append_moves_sqlite(
    connection: aiosqlite.Connection, moves: list[MoveRow]
) -> list[bool]:
    """Two statements for the whole batch: the fenced versions, then the actions of the moves
    whose fence held. Values are bound as SQLAlchemy binds them (its text forms of times and
    JSON), so the ORM reads them back alike."""
    rows = [(move.match_id, move.seq, _sqlite_time(move.deadline)) for move in moves]
    values = ", ".join(["(?, ?, ?)"] * len(rows))
    cursor = await connection.execute(
        f"WITH batch(match_id, seq, deadline) AS (VALUES {values})"
        " UPDATE matches SET version = batch.seq, deadline = batch.deadline FROM batch"
        " WHERE matches.id = batch.match_id AND matches.version = batch.seq - 1"
        " RETURNING matches.id",
        [value for row in rows for value in row],
    )
    written = {row[0] for row in await cursor.fetchall()}
    await cursor.close()
    appended = [
        (
            move.match_id,
            move.seq,
            move.seat,
            _sqlite_json(move.action),
            move.stand_in,
            _sqlite_time(move.at),
        )
        for move in moves
        if move.match_id in written
    ]
    if appended:
        await connection.executemany(
            "INSERT INTO actions (match_id, seq, seat, action, stand_in, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            appended,
        )
    return [move.match_id in written for move in moves]


_SQLITE = sqlite.dialect()
_sqlite_time_bind = Action.__table__.c.at.type.bind_processor(_SQLITE)
_sqlite_json_bind = Action.__table__.c.action.type.bind_processor(_SQLITE)


def _sqlite_time(value: datetime | None) -> Any:
    return _sqlite_time_bind(value) if _sqlite_time_bind is not None else value


def _sqlite_json(value: Any) -> Any:
    return _sqlite_json_bind(value) if _sqlite_json_bind is not None else value


_FENCE = (Match.id == bindparam("match_id"), Match.version == bindparam("previous"))
_MOVE_ON = (
    update(Match).where(*_FENCE).values(version=bindparam("seq"), deadline=bindparam("deadline"))
)
_FINISH = (
    update(Match)
    .where(*_FENCE)
    .values(
        version=bindparam("seq"),
        deadline=None,
        status="finished",
        finished_at=bindparam("at"),
        result=bindparam("result", type_=Match.__table__.c.result.type),
    )
)
_APPEND = insert(Action).values(
    match_id=bindparam("match_id"),
    seq=bindparam("seq"),
    seat=bindparam("seat"),
    action=bindparam("action", type_=Action.__table__.c.action.type),
    stand_in=bindparam("stand_in"),
    at=bindparam("at"),
)


async def actions_after(session: AsyncSession, match_id: int, seq: int) -> Sequence[Action]:
    """A match's actions after ``seq``, in order (another instance stored them)."""
    query = select(Action).where(Action.match_id == match_id, Action.seq > seq).order_by(Action.seq)
    return (await session.execute(query)).scalars().all()


async def signal(
    session: AsyncSession, *, kind: str, match_id: int, instance: str, detail: int = 0
) -> None:
    """Tell the other instances, when this transaction commits, that a match changed ("match")
    or has a new chat line ("chat", detail: its id)."""
    await signals.send(session, kind=kind, subject=match_id, instance=instance, detail=detail)


async def take_lease(
    session: AsyncSession, *, match_id: int, instance: str, seconds: float
) -> bool:
    """Become (or stay) the instance that runs a match's bots and clock, unless another instance
    holds an unexpired lease. Times are the database's, so instances' clocks need not agree."""
    taken = await session.execute(
        update(Match)
        .where(
            Match.id == match_id,
            or_(
                Match.owner.is_(None),
                Match.owner == instance,
                Match.owner_until < func.now(),
            ),
        )
        .values(owner=instance, owner_until=func.now() + timedelta(seconds=seconds))
        .execution_options(synchronize_session=False)
    )
    return bool(taken.rowcount)  # type: ignore[attr-defined]


async def release_leases(session: AsyncSession, *, instance: str) -> int:
    """Give up every lease ``instance`` holds (it is shutting down); how many it held."""
    released = await session.execute(
        update(Match)
        .where(Match.owner == instance)
        .values(owner=None, owner_until=None)
        .execution_options(synchronize_session=False)
    )
    return int(released.rowcount)  # type: ignore[attr-defined]


async def chat_line(session: AsyncSession, line_id: int) -> ChatMessage | None:
    """One chat line by id."""
    return await session.get(ChatMessage, line_id)


async def matches_of_user(session: AsyncSession, user_id: int) -> Sequence[Match]:
    """Every match the user played (held a seat of, at any time), newest first."""
    played = select(MatchSeat.match_id).where(MatchSeat.user_id == user_id)
    query = (
        select(Match).where(Match.id.in_(played)).order_by(Match.created_at.desc(), Match.id.desc())
    )
    return (await session.execute(query)).scalars().all()


async def add_chat(
    session: AsyncSession,
    *,
    match_id: int,
    user_id: int,
    seat: int | None,
    name: str,
    text: str,
    notice: bool = False,
    channel: str | None = None,
    message: str | None = None,
    params: dict[str, Any] | None = None,
) -> ChatMessage:
    """Store a chat line (``notice``: the table's own line about ``seat``; ``channel``: the
    game's chat channel it was said in)."""
    line = ChatMessage(
        match_id=match_id,
        user_id=user_id,
        seat=seat,
        name=name,
        text=text,
        notice=notice,
        channel=channel,
        message=message,
        params=params,
    )
    session.add(line)
    await session.flush()
    return line


async def chat(session: AsyncSession, match_id: int, *, last: int) -> list[ChatMessage]:
    """The last ``last`` chat lines of a match, oldest first."""
    query = (
        select(ChatMessage)
        .where(ChatMessage.match_id == match_id)
        .order_by(ChatMessage.id.desc())
        .limit(last)
    )
    return list(reversed((await session.execute(query)).scalars().all()))


async def seat_to_bot(session: AsyncSession, *, lobby_id: int, seat: int, bot: str) -> bool:
    """Give a person's seat to a bot; False if that seat is not a person's."""
    moved = await session.execute(
        update(Seat)
        .where(Seat.lobby_id == lobby_id, Seat.seat == seat, Seat.user_id.is_not(None))
        .values(user_id=None, bot=bot, away=False, missed=0)
        .execution_options(synchronize_session=False)
    )
    return bool(moved.rowcount)  # type: ignore[attr-defined]


async def lobby_settings(session: AsyncSession, lobby_id: int) -> tuple[int, TableSettings]:
    """A lobby's host (user id) and how its table plays."""
    lobby = await session.get(Lobby, lobby_id)
    assert lobby is not None  # matches.lobby_id is a foreign key
    return lobby.host_id, TableSettings(
        spectators=lobby.spectators,
        spectator_chat=lobby.spectator_chat,
        turn_seconds=lobby.turn_seconds,
        stand_in_after=lobby.stand_in_after,
    )


async def set_deadline(
    session: AsyncSession, *, match_id: int, version: int, deadline: datetime | None
) -> bool:
    """Store the current turn's deadline, fenced on the match's version (False: it moved on)."""
    moved = await session.execute(
        update(Match)
        .where(Match.id == match_id, Match.version == version)
        .values(deadline=deadline)
        .execution_options(synchronize_session=False)
    )
    return bool(moved.rowcount)  # type: ignore[attr-defined]


async def due_matches(session: AsyncSession, *, before: datetime) -> list[tuple[int, str, str]]:
    """Matches being played whose turn clock runs out before ``before``: id, game and the rules
    version each is played under."""
    query = select(Match.id, Match.game, Match.rules_version).where(
        Match.status == "playing", Match.deadline.is_not(None), Match.deadline <= before
    )
    return list((await session.execute(query)).tuples().all())


async def set_seat_clock(
    session: AsyncSession, *, lobby_id: int, seat: int, missed: int, away: bool
) -> None:
    """Store how many turns in a row a seat's clock ran out, and whether it is away."""
    await session.execute(
        update(Seat)
        .where(Seat.lobby_id == lobby_id, Seat.seat == seat)
        .values(missed=missed, away=away)
        .execution_options(synchronize_session=False)
    )


async def set_seat_invite(session: AsyncSession, *, lobby_id: int, seat: int, code: str) -> None:
    """Replace a seat's invitation code (an earlier link stops working)."""
    await session.execute(
        update(Seat)
        .where(Seat.lobby_id == lobby_id, Seat.seat == seat)
        .values(invite_code=code)
        .execution_options(synchronize_session=False)
    )


async def seat_by_invite(session: AsyncSession, code: str) -> Seat | None:
    """The seat a (still valid) invitation code hands over."""
    return (
        await session.execute(select(Seat).where(Seat.invite_code == code))
    ).scalar_one_or_none()


async def give_seat(session: AsyncSession, *, code: str, user_id: int) -> bool:
    """Hand the invited seat to a person (once: the code is used up); False if already used."""
    moved = await session.execute(
        update(Seat)
        .where(Seat.invite_code == code)
        .values(user_id=user_id, bot=None, away=False, missed=0, invite_code=None)
        .execution_options(synchronize_session=False)
    )
    return bool(moved.rowcount)  # type: ignore[attr-defined]
