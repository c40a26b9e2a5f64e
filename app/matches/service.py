"""Matches: start, live play through the rules, bots, history, records and verification.

The only runtime caller of ``app.rules`` besides the lobby's option check. A move is validated
against the in-memory state under the match's lock, committed (action appended, version bumped,
fenced on the old version), and only then acknowledged and pushed (design 2.1).

Timed tables: each move stores the next turn's deadline with it; a clock task per match waits
for it, and when it passes a stand-in (the game's bot, seeing only that seat) plays the late
player's turn, marked in the log. After ``stand_in_after`` missed turns in a row the seat is
"away": the stand-in keeps playing it (while anyone is at the table) until its player takes
it back (``app.matches.seats``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database, StorageError
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
from app.models import Lobby, Match, MatchSeat, User
from app.models.base import utcnow
from app.rules import GAMES, GameRules, IllegalAction
from app.rules.rng import bot_rng

logger = logging.getLogger(__name__)

RECORD_FORMAT = "parlor-record/1"

SEED_BYTES = 32
"""The length of every match's seed (``matches.seed``); a record with another is not Parlor's."""


def commitment_of(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex (design 1.2)."""
    return hashlib.sha256(seed).hexdigest()


def iso(moment: datetime | None) -> str | None:
    """A timestamp as ISO 8601 in UTC."""
    return None if moment is None else aware(moment).isoformat()


def aware(moment: datetime) -> datetime:
    """A stored timestamp in UTC (SQLite hands back naive UTC datetimes)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


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
    rules = GAMES[lobby.game]
    seed = secrets.token_bytes(SEED_BYTES)
    match = await repository.create_match(
        session,
        lobby=lobby,
        number=previous[0].number + 1 if previous else 1,
        start_seat=start_seat,
        rules_version=rules.version,
        seed=seed,
        commitment=commitment_of(seed),
    )
    if lobby.turn_seconds is not None:
        # The first turn's clock starts now (unless a bot or an away seat opens the match).
        state = rules.new_game(
            players=lobby.players, seed=seed, options=lobby.options, start_seat=start_seat
        )
        players = await players_of(session, match)
        if timed_seats(rules, state, players):
            match.deadline = utcnow() + timedelta(seconds=lobby.turn_seconds)
    return match.id


async def matches_of_lobby(session: AsyncSession, lobby_id: int) -> Sequence[Match]:
    """A lobby's matches in the order they were played."""
    return await repository.matches_of_lobby(session, lobby_id)


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
            f"{played_under(rules, match.rules_version)} and cannot replay it.",
            code="rules_version",
        )
    return rules


def played_under(rules: GameRules[Any], version: str) -> str:
    """Says that a match was played under another version of its rules than this server's (the
    start of a sentence: the caller says what follows)."""
    return (
        f"This match was played under rules version {version} of {rules.title}; "
        f"this server has version {rules.version}"
    )


# -- live play ---------------------------------------------------------------------------------


async def open_live(hub: Hub, db: Database, match_id: int, *, visitor: bool = True) -> LiveMatch:
    """The live match (rebuilt from its action log if needed); its bots and clock are set going.

    ``visitor``: a person came to the table (the housekeeper's loading for a due clock is not).
    """

    async def load() -> LiveMatch | None:
        async with db.transaction() as session:
            return await _load(session, match_id)

    live = await hub.get(match_id, load)
    if live is None:
        raise NotFound("No such match.")
    if visitor:
        live.seen()
    wake(hub, db, live)
    return live


async def admit(db: Database, *, match_id: int, user: User, code: str | None) -> Match:
    """The match, for one of its players (anyone who held a seat of it, even for a while) or a
    holder of its table's watch link (``code``).

    Anyone else is told there is no such match, as for an id that does not exist: match ids
    are sequential, so they must tell nothing (docs/security.md, Privacy). The one check every
    match page, API path and socket makes.
    """
    async with db.reading() as session:
        match = await repository.get_match(session, match_id)
        if match is not None:
            lobby = await session.get(Lobby, match.lobby_id)
            played = await repository.held_seat(session, match_id=match.id, user_id=user.id)
            if played is not None or (
                lobby is not None
                and code is not None
                and secrets.compare_digest(code.encode(), lobby.watch_code.encode())
            ):
                return match
    raise NotFound("No such match.")


async def watch(
    hub: Hub, db: Database, *, match_id: int, user: User, code: str | None
) -> LiveMatch:
    """The live match for someone who wants to see it: a player, or a spectator if allowed
    (holding the table's watch link, ``code``)."""
    await admit(db, match_id=match_id, user=user, code=code)
    live = await open_live(hub, db, match_id)
    if live.seat_of(user.id) is None and not live.table.spectators:
        raise Forbidden("This table does not let others watch.", code="no_spectators")
    return live


def state_for(live: LiveMatch, seat: int | None) -> dict[str, Any]:
    """Everything one viewer may see of a match now: view, legal actions, log, outcome, clock.

    The match socket builds the same from cached parts (``app.matches.frames``)."""
    rules = GAMES[live.game]
    outcome = rules.outcome(live.state)
    return {
        "seq": live.seq,
        "view": rules.view(live.state, seat),
        "legal": rules.legal_actions(live.state, seat) if seat is not None else [],
        "log": rules.log(live.state, seat),
        "outcome": outcome.to_json() if outcome else None,
        **table_state(live, seat, finished=outcome is not None),
    }


def table_state(live: LiveMatch, seat: int | None, *, finished: bool) -> dict[str, Any]:
    """The part of a viewer's state that is not the game's: the clock, stand-ins' moves, and the
    table (players, who is online, settings). It changes without a move (presence, time)."""
    online, watching = live.presence()
    return {
        "clock": clock_json(live),
        "stand_ins": live.stand_ins,
        "match": {
            "id": live.id,
            "game": live.game,
            "title": GAMES[live.game].title,
            "status": "finished" if finished else "playing",
            "commitment": live.commitment,
            "seat": seat,
            "players": [
                {**player.public(), "online": player.bot is not None or player.seat in online}
                for player in live.players
            ],
            "spectators": len(watching),
            "watching": watching,
            "host_seat": live.seat_of(live.host_id),
            "lobby_id": live.lobby_id,
            "created_at": iso(live.created_at),
            "finished_at": iso(live.finished_at),
            "table": {
                "turn_seconds": live.table.turn_seconds,
                "stand_in_after": live.table.stand_in_after,
                "spectators": live.table.spectators,
                "spectator_chat": live.table.spectator_chat,
            },
        },
    }


def clock_json(live: LiveMatch) -> dict[str, Any] | None:
    """The running turn clock as everyone sees it (``remaining_ms`` spares clients the skew
    between their clock and ours)."""
    if live.deadline is None or live.finished_at is not None:
        return None
    remaining = (live.deadline - utcnow()).total_seconds()
    return {
        "deadline": iso(live.deadline),
        "remaining_ms": max(0, round(remaining * 1000)),
        "seats": sorted(timed_seats(GAMES[live.game], live.state, live.players)),
    }


async def play(
    hub: Hub, db: Database, *, match_id: int, user: User, seq: Any, action: Any
) -> LiveMatch:
    """A player's move: refused unless they hold a seat, ``seq`` is current and it is legal."""
    live = await open_live(hub, db, match_id)
    seat = live.seat_of(user.id)
    if seat is None:
        raise Forbidden("You are watching this match; only its players can act.", code="not_seated")
    if live.players[seat].away:
        raise Conflict("A stand-in is playing your seat; take it back first.", code="seat_away")
    await _advance(hub, db, live, seat=seat, seq=seq, action=action)
    return live


def timed_seats(rules: GameRules[Any], state: Any, players: Sequence[Player]) -> frozenset[int]:
    """The seats to act whose turns run on the clock: those played in person (bots and
    stand-ins for away players act at once)."""
    return frozenset(seat for seat in rules.to_act(state) if players[seat].in_person)


def next_deadline(
    live: LiveMatch, state: Any, players: Sequence[Player], now: datetime
) -> datetime | None:
    """The turn deadline once the table is at ``state`` with ``players``.

    A fresh clock for every new decision; but when one of several people deciding at once has
    decided, the others keep the clock they had (otherwise each would prolong the rest's time).
    """
    if live.table.turn_seconds is None:
        return None
    rules = GAMES[live.game]
    waiting = timed_seats(rules, state, players)
    if not waiting:
        return None
    if live.deadline is not None and waiting < timed_seats(rules, live.state, live.players):
        return live.deadline
    return now + timedelta(seconds=live.table.turn_seconds)


async def reseat(hub: Hub, db: Database, live: LiveMatch, player: Player) -> None:
    """Put ``player`` in their seat of the live match (the caller stored the change and holds
    the lock); the turn clock restarts if that changes who runs on it."""
    players = tuple(player if other.seat == player.seat else other for other in live.players)
    await _set_clock(db, live, players)
    live.players = players
    async with db.transaction() as session:
        await repository.signal(session, kind="match", match_id=live.id, instance=hub.instance)
    hub.publish(live)
    wake(hub, db, live)


async def _set_clock(db: Database, live: LiveMatch, players: Sequence[Player]) -> None:
    deadline = next_deadline(live, live.state, players, utcnow())
    if deadline != live.deadline:
        async with db.transaction() as session:
            await repository.set_deadline(
                session, match_id=live.id, version=live.seq, deadline=deadline
            )
        live.deadline = deadline


async def _advance(
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
    the seat's new count of turns in a row it missed (a timed-out turn), stored with it."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise BadRequest("An action must carry the version it was chosen at.", code="bad_seq")
    if not isinstance(action, dict):
        raise BadRequest("An action is a JSON object with a type.", code="bad_action")
    rules = GAMES[live.game]
    async with live.lock:
        if seq > live.seq:
            await _refresh(db, live)  # another instance moved it on and we missed the signal
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
        now = utcnow()
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
            await _refresh(db, live)
            hub.publish(live)
            raise StaleAction("The table has moved on; here is where it is now.")
        if stand_in:
            live.stand_ins.append(_stand_in_mark(rules, live.state, state, seat, live.seq + 1))
        live.state, live.seq, live.finished_at = state, live.seq + 1, finished_at
        live.players, live.deadline = players, deadline
        if not stand_in:
            live.seen()
    hub.publish(live)
    wake(hub, db, live)


def _stand_in_mark(
    rules: GameRules[Any], before: Any, after: Any, seat: int, seq: int
) -> dict[str, Any]:
    """Where a stand-in's move sits in the log: the entries it wrote, [first, end)."""
    return {
        "seat": seat,
        "seq": seq,
        "log": [len(rules.log(before, None)), len(rules.log(after, None))],
    }


def wake(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Set the match's loops going if they have work: bots or stand-ins to move, a clock."""
    if live.finished_at is not None:
        return
    rules = GAMES[live.game]
    if any(_played_by_machine(hub, live, seat) for seat in rules.to_act(live.state)):
        hub.spawn(live, "bots", lambda: _run_bots(hub, db, live))
    if live.deadline is not None:
        hub.spawn(live, "clock", lambda: _run_clock(hub, db, live))


def _played_by_machine(hub: Hub, live: LiveMatch, seat: int) -> bool:
    """A bot's seat, or an away player's while someone is at the table (nobody around: the
    match waits, and is suspended after a while)."""
    player = live.players[seat]
    return player.bot is not None or (player.away and live.idle_for(utcnow()) < hub.suspend_after)


async def _run_bots(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Let bots and stand-ins move while one of their seats is to act."""
    rules = GAMES[live.game]
    while live.finished_at is None and hub.holds(live) and await _leads(hub, db, live):
        seats = [
            seat for seat in sorted(rules.to_act(live.state)) if _played_by_machine(hub, live, seat)
        ]
        if not seats:
            return
        if hub.bot_delay:
            await asyncio.sleep(hub.bot_delay)  # pacing for the people watching, not a race fix
        seat = seats[0]
        if not _played_by_machine(hub, live, seat):
            continue  # its player took it back meanwhile
        await _machine_move(hub, db, live, seat, stand_in=live.players[seat].bot is None)


async def _run_clock(hub: Hub, db: Database, live: LiveMatch) -> None:
    """Wait for the turn's deadline; if it passes with the late players still to move, their
    stand-ins take the turn (rules of the table: turn timer)."""
    while live.deadline is not None and live.finished_at is None and hub.holds(live):
        deadline = live.deadline
        wait = (deadline - utcnow()).total_seconds()
        if wait > 0:
            await asyncio.sleep(wait)  # the turn timer itself; a move meanwhile moves the deadline
            continue
        if not await _leads(hub, db, live):
            return  # another instance runs this match's clock
        rules = GAMES[live.game]
        late = sorted(timed_seats(rules, live.state, live.players))
        if not late:  # nobody is on the clock any more
            async with live.lock:
                await _set_clock(db, live, live.players)
            continue
        if not await _stand_in_turn(hub, db, live, late[0]):
            await asyncio.sleep(1.0)  # the database is away: try again shortly


async def _stand_in_turn(hub: Hub, db: Database, live: LiveMatch, seat: int) -> bool:
    """The clock ran out on ``seat``: a stand-in plays its turn (every decision of it while the
    seat stays to act), counted as one missed turn. False if the move could not be stored."""
    rules = GAMES[live.game]
    missed: int | None = live.players[seat].missed + 1
    while seat in rules.to_act(live.state) and live.finished_at is None:
        moved = await _machine_move(hub, db, live, seat, stand_in=True, missed=missed)
        if moved is None:
            return True  # someone else moved first (the player, just in time)
        if not moved:
            return False
        missed = None
        if live.players[seat].away:
            return True  # from now on the bot loop plays the seat, until its player is back
    return True


async def _machine_move(
    hub: Hub, db: Database, live: LiveMatch, seat: int, *, stand_in: bool, missed: int | None = None
) -> bool | None:
    """A bot (or a stand-in) chooses from its own seat's view and moves. True when it moved,
    None when the table moved on first, False when the database could not store it."""
    rules = GAMES[live.game]
    seq, state = live.seq, live.state
    legal = rules.legal_actions(state, seat)
    action = rules.bot(rules.view(state, seat), legal, bot_rng(live.seed, seat=seat, seq=seq))
    try:
        try:
            await _advance(
                hub, db, live, seat=seat, seq=seq, action=action, stand_in=stand_in, missed=missed
            )
        except RuleViolation:
            logger.exception("bot in seat %s of match %s chose an illegal action", seat, live.id)
            await _advance(
                hub, db, live, seat=seat, seq=seq, action=legal[0], stand_in=stand_in, missed=missed
            )
    except StaleAction:
        return None  # a person moved meanwhile; decide again on the new state
    except Unavailable:
        await asyncio.sleep(1.0)  # the database is away (restarting): try again shortly
        return False
    return True


async def _leads(hub: Hub, db: Database, live: LiveMatch) -> bool:
    """Whether this instance runs the match's bots and clock now: it holds (or takes, or renews)
    the match's ownership lease (design 2.4). One instance alone always does."""
    if hub.lease_seconds is None:
        return True
    now = utcnow()
    if live.lease_until is not None and now < live.lease_until:
        return True
    try:
        async with db.transaction() as session:
            won = await repository.take_lease(
                session, match_id=live.id, instance=hub.instance, seconds=hub.lease_seconds
            )
    except SQLAlchemyError:
        logger.warning("could not take the lease of match %s", live.id)
        return False
    # Trust the lease locally for two thirds of its time: room for clocks and latency, so two
    # instances never both believe they own a match (moves are fenced by version anyway).
    live.lease_until = now + timedelta(seconds=hub.lease_seconds * 2 / 3) if won else None
    return won


async def refresh(hub: Hub, db: Database, match_id: int) -> None:
    """Another instance changed a match: if it is in memory here, catch up and tell the
    sockets."""
    live = hub.peek(match_id)
    if live is None:
        return
    async with live.lock:
        changed = await _refresh(db, live)
    if changed:  # a resync after a lost signal usually finds nothing new: no frame then
        hub.publish(live)
        wake(hub, db, live)


async def _refresh(db: Database, live: LiveMatch) -> bool:
    """Bring this instance's copy of a match up to the database: the actions stored since its
    ``seq`` (applied in order, as at load), the seats, the clock. The caller holds the lock.
    Whether anything changed."""
    rules = GAMES[live.game]
    async with db.sessions() as session:
        match = await repository.get_match(session, live.id)
        assert match is not None  # matches are never deleted
        rows = await repository.actions_after(session, live.id, live.seq)
        players = await players_of(session, match)
    state = live.state
    for row in rows:
        after = rules.apply(state, row.seat, row.action)
        if row.stand_in:
            live.stand_ins.append(_stand_in_mark(rules, state, after, row.seat, row.seq))
        state = after
    deadline = aware(match.deadline) if match.deadline else None
    finished_at = aware(match.finished_at) if match.finished_at else None
    changed = bool(rows) or (players, deadline, finished_at) != (
        live.players,
        live.deadline,
        live.finished_at,
    )
    live.state, live.seq, live.players = state, live.seq + len(rows), players
    live.deadline, live.finished_at = deadline, finished_at
    return changed


async def _load(session: AsyncSession, match_id: int) -> LiveMatch | None:
    match = await repository.get_match(session, match_id)
    if match is None:
        return None
    rules = rules_of(match)
    actions = await repository.actions(session, match_id)
    host_id, table = await repository.lobby_settings(session, match.lobby_id)
    state = rules.new_game(
        players=match.players, seed=match.seed, options=match.options, start_seat=match.start_seat
    )
    stand_ins = []
    for row in actions:
        after = rules.apply(state, row.seat, row.action)
        if row.stand_in:
            stand_ins.append(_stand_in_mark(rules, state, after, row.seat, row.seq))
        state = after
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
        deadline=aware(match.deadline) if match.deadline else None,
        stand_ins=stand_ins,
        state=state,
        seq=len(actions),
    )


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
        replace(
            seated(seat.seat, user_id=seat.user_id, name=name, bot=seat.bot),
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


def seated(seat: int, *, user_id: int | None, name: str | None, bot: str | None) -> Player:
    """The player of a seat: a person by their name, a bot as "Bot n"."""
    name = name if name is not None else f"Bot {seat + 1}"
    return Player(seat=seat, name=name, user_id=user_id, bot=bot)
