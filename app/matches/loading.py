"""Live matches from the database: a match rebuilt from its seed and action log with the rules
(the one replay fold), a copy in memory brought up to date, and who sits in its seats."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database
from app.errors import Conflict
from app.matches import repository
from app.matches.clocks import Timers, running, stored
from app.matches.live import LiveMatch, Player, Timeline, bot_name, seated
from app.matches.versions import Versions, fold
from app.models import Action, Match, MatchSeat
from app.rules import GAMES, GameRules, LastMove


def iso(moment: datetime | None) -> str | None:
    """A timestamp as ISO 8601 in UTC."""
    return None if moment is None else aware(moment).isoformat()


def aware(moment: datetime) -> datetime:
    """A stored timestamp in UTC (SQLite hands back naive UTC datetimes)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def outdated(match: Match) -> bool:
    """Whether a stored match was played under another version of its rules than this server's
    (its log can no longer be replayed here)."""
    return match.rules_version != GAMES[match.game].version


def rules_of(match: Match) -> GameRules[Any]:
    """The rules that rebuild a stored match from its log: this server's, which refuse a match
    played under another version of them (its log would replay differently, or not at all)."""
    rules = GAMES[match.game]
    if outdated(match):
        raise Conflict(
            "This match was played under rules version {version} of {game}; this server has"
            " version {current} and cannot replay it.",
            code="rules_version",
            params=played_under(rules, match.rules_version),
        )
    return rules


def played_under(rules: GameRules[Any], version: str) -> dict[str, Any]:
    """The parameters of the sentences that say a match was played under another version of
    its rules than this server's: ``version``, ``game`` and ``current``."""
    return {"version": version, "game": rules.title, "current": rules.version}


def replay(
    rules: GameRules[Any],
    *,
    players: int,
    seed: bytes,
    options: dict[str, Any],
    start_seat: int | None,
    moves: Iterable[tuple[int | None, Any]],
) -> Iterator[Any]:
    """Every state of a match in turn: dealt from its seed, then after each (seat, action)."""
    state = rules.new_game(players=players, seed=seed, options=options, start_seat=start_seat)
    yield state
    yield from continued(rules, state, moves)


def continued(
    rules: GameRules[Any], state: Any, moves: Iterable[tuple[int | None, Any]]
) -> Iterator[Any]:
    """The state after each (seat, action) in turn from ``state`` (an undo among them takes
    the move before it back: ``GameRules.follow``); the rules refuse an illegal one
    (``IllegalAction``)."""
    last: LastMove | None = None
    for seat, action in moves:
        state, last = rules.follow(state, last, seat, action)
        yield state


def stand_in_mark(
    rules: GameRules[Any], before: Any, after: Any, seat: int, seq: int
) -> dict[str, Any]:
    """Where a stand-in's move sits in the log: the entries it wrote, [first, end)."""
    return {
        "seat": seat,
        "seq": seq,
        "log": [len(rules.log(before, None)), len(rules.log(after, None))],
    }


def _applied(
    rules: GameRules[Any],
    state: Any,
    rows: Sequence[Action],
    *,
    versions: Versions | None,
    players: int,
    timeline: Timeline,
    timers: Timers,
    last: LastMove | None = None,
) -> tuple[Any, list[dict[str, Any]], LastMove | None, Timers]:
    """The state after stored actions, the marks of those stand-ins made, the last move (what
    an undo needs: ``last`` is the one before ``rows``) and the timed phases running, each with
    the deadline it got when it began (``timers``: those running before ``rows``; a move's
    stored ``at`` is the ``now`` its timers began at live: ``app.matches.clocks``); each state
    is counted in ``versions`` (a sealed game's, of ``players`` seats) and its log's length in
    ``timeline``."""
    marks = []
    for row in rows:
        after, last = rules.follow(state, last, row.seat, row.action)
        if row.stand_in and row.seat is not None:
            marks.append(stand_in_mark(rules, state, after, row.seat, row.seq))
        timeline.moved(len(rules.log(after, None)), aware(row.at))
        if versions is not None:
            versions.follow(rules, after, players)
        timers = running(rules, after, timers, aware(row.at))
        state = after
    return state, marks, last, timers


async def load(session: AsyncSession, match_id: int) -> LiveMatch | None:
    """A stored match rebuilt in memory from its log (None: no such match)."""
    match = await repository.get_match(session, match_id)
    if match is None:
        return None
    rules = rules_of(match)
    actions = await repository.actions(session, match_id)
    host_id, table = await repository.lobby_settings(session, match.lobby_id)
    dealt = rules.new_game(
        players=match.players, seed=match.seed, options=match.options, start_seat=match.start_seat
    )
    versions = fold(rules, [dealt], match.players) if rules.sealed else None
    timeline = Timeline()
    timeline.moved(len(rules.log(dealt, None)), aware(match.created_at))
    started = running(rules, dealt, {}, aware(match.created_at))
    state, stand_ins, last, timers = _applied(
        rules,
        dealt,
        actions,
        versions=versions,
        players=match.players,
        timeline=timeline,
        timers=started,
    )
    deadline = aware(match.deadline) if match.deadline else None
    for held, name in await repository.seat_holders(session, [match.id]):
        timeline.held(
            held.seat, name if name is not None else bot_name(held.seat), since_seq=held.since_seq
        )
    return LiveMatch(
        id=match.id,
        lobby_id=match.lobby_id,
        game=match.game,
        seed=match.seed,
        commitment=match.commitment,
        players=await players_of(session, match),
        host_id=host_id,
        table=table,
        created_at=match.created_at,
        finished_at=match.finished_at,
        deadline=deadline,
        timers=stored(timers, deadline) if match.finished_at is None else {},
        stand_ins=stand_ins,
        state=state,
        seq=len(actions),
        versions=versions,
        last=last,
        timeline=timeline,
    )


async def catch_up(db: Database, live: LiveMatch) -> bool:
    """Bring this instance's copy of a match up to the database: the actions stored since its
    ``seq`` (applied in order, as at load), the seats, the clock. The caller holds the lock.
    Whether anything changed."""
    rules = GAMES[live.game]
    async with db.sessions() as session:
        match = await repository.get_match(session, live.id)
        assert match is not None  # matches are never deleted
        rows = await repository.actions_after(session, live.id, live.seq)
        players = await players_of(session, match)
    state, stand_ins, last, timers = _applied(
        rules,
        live.state,
        rows,
        versions=live.versions,
        players=len(live.players),
        timeline=live.timeline,
        timers=live.timers,
        last=live.last,
    )
    deadline = aware(match.deadline) if match.deadline else None
    finished_at = aware(match.finished_at) if match.finished_at else None
    live.timers = stored(timers, deadline) if finished_at is None else {}
    changed = bool(rows) or (players, deadline, finished_at) != (
        live.players,
        live.deadline,
        live.finished_at,
    )
    live.stand_ins.extend(stand_ins)
    if rows:  # counted in the versions already
        live.state, live.seq, live.last, live.undo = state, live.seq + len(rows), last, None
    for before, after in zip(live.players, players, strict=False):
        if (before.user_id, before.bot) != (after.user_id, after.bot):
            live.timeline.held(after.seat, after.name)  # handed over through another instance
    live.players = players
    live.move_deadline(deadline)
    live.finished_at = finished_at
    return changed


async def due_matches(db: Database, *, before: datetime) -> list[int]:
    """Matches whose turn clock runs out before ``before`` (to load them so it can). A match
    played under another version of its rules is left out: it cannot be resumed here."""
    async with db.reading() as session:
        due = await repository.due_matches(session, before=before)
    return [match_id for match_id, game, version in due if GAMES[game].version == version]


async def players_of(session: AsyncSession, match: Match) -> tuple[Player, ...]:
    """Who sits in each seat of a match: its table's seats while it runs (with their clocks),
    each seat's last holder once it has ended (a later rematch may seat others)."""
    if match.status != "playing":
        return holders_at_end(await repository.seat_holders(session, [match.id])).get(match.id, ())
    return tuple(
        seated(
            seat.seat,
            user_id=seat.user_id,
            name=name,
            bot=seat.bot,
            away=seat.away,
            missed=seat.missed,
        )
        for seat, name in await repository.seats(session, [match.lobby_id])
    )


def holders_at_end(rows: Sequence[tuple[MatchSeat, str | None]]) -> dict[int, tuple[Player, ...]]:
    """Each match's last holder of each seat, from its holdings in the order they began."""
    last: dict[int, dict[int, Player]] = {}
    for held, name in rows:
        last.setdefault(held.match_id, {})[held.seat] = seated(
            held.seat, user_id=held.user_id, name=name, bot=held.bot
        )
    return {match_id: tuple(by[seat] for seat in sorted(by)) for match_id, by in last.items()}
