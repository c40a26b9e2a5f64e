"""Matches: starting one, and a live match for whoever comes to it (admitted, watching,
playing, caught up after another instance changed it).

The only runtime caller of ``app.rules`` besides the lobby's option check, through this package:
``loading`` rebuilds a match from its log, ``moves`` makes a move, ``bots`` runs the machines
and the turn clock, ``records`` publishes and checks a finished match's record.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database
from app.errors import Conflict, Forbidden, NotFound, StaleAction
from app.hub import Hub
from app.limits import RateLimits
from app.matches import loading, repository
from app.matches.bots import wake
from app.matches.clocks import earliest, running, timed_seats
from app.matches.live import LiveMatch
from app.matches.moves import advance, expire_phase
from app.matches.records import SEED_BYTES, commitment_of
from app.models import Lobby, Match, User
from app.rules import GAMES, GameRules


async def create_match(session: AsyncSession, *, lobby: Lobby, now: datetime) -> int:
    """Start a lobby's next match with a fresh secret seed; returns its id. ``now``: the time
    on the live matches' clock, when the first turn's clock starts.

    The first match's start seat is drawn here; each rematch starts as ``next_start_seat`` says.
    """
    previous = (await repository.matches_of_lobby(session, lobby.id))[-1:]
    rules = GAMES[lobby.game]
    if previous and previous[0].start_seat is not None:
        start_seat = next_start_seat(rules, previous[0], lobby.players)
    else:
        start_seat = secrets.randbelow(lobby.players)
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
    # The match starts now on the live matches' clock: its timed phases' deadlines are
    # derived from it again when it is rebuilt from its log (app.matches.clocks).
    match.created_at = now
    if rules.phase_clock is not None:
        # The first phase's timers start now (Werewolf's first night; Forehead words' limit).
        state = new_game(rules, lobby, seed=seed, start_seat=start_seat)
        due = earliest(running(rules, state, {}, now))
        match.deadline = None if due is None else due[1]
    elif lobby.turn_seconds is not None:
        # The first turn's clock starts now (unless a bot or an away seat opens the match).
        state = new_game(rules, lobby, seed=seed, start_seat=start_seat)
        players = await loading.players_of(session, match)
        if timed_seats(rules, state, players):
            match.deadline = now + timedelta(seconds=lobby.turn_seconds)
    return match.id


def new_game(rules: GameRules[Any], lobby: Lobby, *, seed: bytes, start_seat: int) -> Any:
    """The deal of a lobby's new match."""
    return rules.new_game(
        players=lobby.players, seed=seed, options=lobby.options, start_seat=start_seat
    )


def next_start_seat(rules: GameRules[Any], previous: Match, players: int) -> int:
    """Who starts the match after ``previous``: one seat to the left of its start
    (rules/coloretto.md, Multi-game match; the same habit for every game), except in a game
    whose winner starts the next one, played again: the single winner, and after a hand nobody
    won the same seat again (rules/tong-its.md, Deal: afterwards the previous winner deals)."""
    assert previous.start_seat is not None
    if rules.winner_starts and previous.game == rules.slug:
        winners = previous.result["winners"] if previous.result else []
        return winners[0] if len(winners) == 1 else previous.start_seat
    return (previous.start_seat + 1) % players


async def matches_of_lobby(session: AsyncSession, lobby_id: int) -> Sequence[Match]:
    """A lobby's matches in the order they were played."""
    return await repository.matches_of_lobby(session, lobby_id)


async def open_live(hub: Hub, db: Database, match_id: int, *, visitor: bool = True) -> LiveMatch:
    """The live match (rebuilt from its action log if needed); its bots and clock are set going.

    ``visitor``: a person came to the table (the housekeeper's loading for a due clock is not).
    """

    async def load() -> LiveMatch | None:
        async with db.transaction() as session:
            return await loading.load(session, match_id)

    live = await hub.get(match_id, load)
    if live is None:
        raise NotFound("No such match.")
    if visitor:
        live.seen(hub.clock.now())
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


async def play(
    hub: Hub,
    db: Database,
    *,
    match_id: int,
    user: User,
    seq: Any,
    action: Any,
    limits: RateLimits | None = None,
) -> LiveMatch:
    """A player's move: refused unless they hold a seat, ``seq`` is current and it is legal.
    ``limits``: the caller counted it as a move (``act``); a move that is talk
    (``GameRules.talk``) counts against ``talk`` here too."""
    live = await open_live(hub, db, match_id)
    seat = live.seat_of(user.id)
    if seat is None:
        raise Forbidden("You are watching this match; only its players can act.", code="not_seated")
    if limits is not None and isinstance(action, dict):
        if action.get("type") in GAMES[live.game].talk:
            limits.check("talk", user.id)
    if live.players[seat].away:
        raise Conflict("A stand-in is playing your seat; take it back first.", code="seat_away")
    await advance(hub, db, live, seat=seat, seq=seq, action=action)
    wake(hub, db, live)
    return live


async def end_phase(hub: Hub, db: Database, *, match_id: int, user: User, phase: Any) -> None:
    """The host ends a timed phase early, where the game allows it (``PhaseClock.host_may_end``:
    Werewolf's discussion), as its deadline would."""
    live = await open_live(hub, db, match_id)
    rules = GAMES[live.game]
    clock = rules.phase_clock(live.state) if rules.phase_clock is not None else None
    if live.host_id != user.id:
        raise Forbidden("Only the table's host can end a phase early.", code="not_host")
    if clock is None or not clock.host_may_end:
        raise Conflict("This phase cannot be ended early.", code="phase_fixed")
    if phase != clock.phase or not await expire_phase(hub, db, live, phase=clock.phase):
        raise StaleAction("That phase is over already.")
    wake(hub, db, live)


async def refresh(hub: Hub, db: Database, match_id: int) -> None:
    """Another instance changed a match: if it is in memory here, catch up and tell the
    sockets."""
    live = hub.peek(match_id)
    if live is None:
        return
    async with live.lock:
        changed = await loading.catch_up(db, live)
    if changed:  # a resync after a lost signal usually finds nothing new: no frame then
        hub.publish(live)
        wake(hub, db, live)
