"""Reviewing matches: history, step-by-step replays, and the work of exports and checks of
records (``app.matches.records``).

Replays are recomputed from the seed and the action log with the rules, for one viewer at a time:
a seat's view at every step (what that seat saw), or the public view. While a match is live only
its own players may replay it, each through their own eyes and up to the present.

The heavy part of each (replaying with the rules, checking an uploaded record, writing a large
JSON answer) runs in the ``Reviewer``'s worker processes, never on the event loop that serves
every table; the database work stays on the loop. Answers are JSON bytes, written in the worker.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import Conflict, Forbidden, NotFound, TooLarge, Unavailable
from app.i18n import CURRENT, N_
from app.matches import repository
from app.matches.loading import holders_at_end, iso, players_of, replay as replayed, rules_of
from app.matches.records import verify_record
from app.models import User
from app.payloads import loads
from app.rules import GAMES, GameRules
from app.workers import WorkerPool

T = TypeVar("T")


ReplayKey = tuple[int, int | None, bool]
"""A finished match's replay in the cache: (match id, whose eyes (None: public), everyone)."""


@dataclass(frozen=True)
class Replayed:
    """The heavy part of a replay, as JSON: the full log and every step."""

    log: bytes
    steps: bytes

    @property
    def size(self) -> int:
        """Bytes held."""
        return len(self.log) + len(self.steps)


class Reviewer:
    """Where review requests are served: a gate that admits a few at a time, a small pool of
    worker processes for their computations, and the cache of finished matches' replays.

    At most ``requests`` review requests are served at once, their database work included (a
    burst of them would otherwise take every database connection and hold the event loop), and
    ``queue`` more wait; one more is refused (503 ``busy``). The computations run in ``workers``
    other processes (``app.workers.WorkerPool``). Finished
    matches' replays are kept, least recently used dropped first, up to ``cache_bytes`` of JSON;
    requests for a replay being computed wait for that computation.
    """

    def __init__(self, *, workers: int, requests: int, queue: int, cache_bytes: int) -> None:
        self.workers = workers
        self.queue = queue
        self.cache_bytes = cache_bytes
        self._gate = asyncio.Semaphore(requests)
        self._waiting = 0
        self._pool = WorkerPool(workers, preload=[__name__])
        self._cache: OrderedDict[ReplayKey, Replayed] = OrderedDict()
        self._cached_bytes = 0
        self._computing: dict[ReplayKey, asyncio.Future[Replayed]] = {}

    @asynccontextmanager
    async def admitted(self) -> AsyncIterator[None]:
        """One review request's turn (waiting for it if need be), or 503 ``busy``."""
        if self._gate.locked() and self._waiting >= self.queue:
            raise Unavailable(
                "The server is busy replaying and checking matches; try again in a moment.",
                code="busy",
            )
        self._waiting += 1
        try:
            await self._gate.acquire()
        finally:
            self._waiting -= 1
        try:
            yield
        finally:
            self._gate.release()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (function and arguments are pickled)."""
        try:
            return await self._pool.run(in_locale, CURRENT.get(), function, *args)
        except BrokenProcessPool as error:
            # A worker died (killed, out of memory): the next job gets a new pool.
            raise Unavailable(
                "The replay stopped before it finished; try again.", code="review_failed"
            ) from error

    def cached(self, key: ReplayKey) -> Replayed | None:
        """A finished match's replay computed before, if it is still kept."""
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
        return found

    async def replayed(self, key: ReplayKey, *args: Any) -> Replayed:
        """A finished match's replay (``replay_steps(*args)``), computed once and kept."""
        found = self.cached(key)
        if found is not None:
            return found
        job = self._computing.get(key)
        if job is None:
            job = self._computing[key] = asyncio.ensure_future(self.run(replay_steps, *args))
            job.add_done_callback(lambda done: self._keep(key, done))
        # Shielded: a request that gives up does not cancel the others' computation.
        return await asyncio.shield(job)

    def _keep(self, key: ReplayKey, done: asyncio.Future[Replayed]) -> None:
        del self._computing[key]
        if done.cancelled() or done.exception() is not None:
            return
        replayed = done.result()
        self._cache[key] = replayed
        self._cached_bytes += replayed.size
        while self._cached_bytes > self.cache_bytes:
            _, dropped = self._cache.popitem(last=False)
            self._cached_bytes -= dropped.size

    def close(self) -> None:
        """Stop the workers (a job under way is abandoned)."""
        self._pool.close()


def encoded(data: Any, *, indent: bool = False) -> bytes:
    """``data`` as JSON bytes (indented by two spaces for a file); in a worker for large data."""
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 if indent else None)


async def my_matches(session: AsyncSession, *, user: User) -> list[dict[str, Any]]:
    """The user's live and finished matches, newest first, with their result and placing."""
    matches = await repository.matches_of_user(session, user.id)
    held = await repository.seat_holders(session, [match.id for match in matches])
    at_end = holders_at_end(held)
    # The seat each match was played from: the last one the user held in it.
    yours = {row.match_id: row.seat for row, _ in held if row.user_id == user.id}
    listed = []
    for match in matches:
        players = at_end.get(match.id, ())
        your_seat = yours.get(match.id)
        scores = match.result["scores"] if match.result else None
        listed.append(
            {
                "id": match.id,
                "game": match.game,
                "title": GAMES[match.game].title,
                "status": match.status,
                "created_at": iso(match.created_at),
                "finished_at": iso(match.finished_at),
                "players": [player.public() for player in players],
                "your_seat": your_seat,
                "scores": scores,
                "winners": match.result["winners"] if match.result else [],
                "your_place": _place(scores, your_seat, lower_wins=GAMES[match.game].lower_wins),
            }
        )
    return listed


def _place(scores: Sequence[int] | None, seat: int | None, *, lower_wins: bool) -> int | None:
    """1-based standing by score (ties share the better place; penalty games count down)."""
    if scores is None or seat is None:
        return None
    mine = scores[seat]
    return 1 + sum(1 for score in scores if (score < mine if lower_wins else score > mine))


def in_locale(locale: str, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in ``locale`` (a worker runs each job in its requester's language:
    the sentences of a record's checks, the refusals)."""
    token = CURRENT.set(locale)
    try:
        return function(*args)
    finally:
        CURRENT.reset(token)


def verify_match(data: dict[str, Any]) -> bytes:
    """``verify_record`` of a stored match's record, as JSON (in a review worker)."""
    return encoded(verify_record(data))


def verify_upload(body: bytes, max_actions: int) -> bytes:
    """Check an uploaded record, as JSON (in a review worker: reading and replaying it are the
    work). A record with more than ``max_actions`` actions, more than any match lasts, is refused
    before anything is replayed."""
    data = loads(body, refusal=N_("The uploaded file is not JSON."))
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) > max_actions:
        raise TooLarge(
            "The record has {count} actions, more than any match has; at most {limit} are checked.",
            code="too_many_actions",
            params={"count": f"{len(actions):,}", "limit": f"{max_actions:,}"},
        )
    return encoded(verify_record(data))


async def replay(
    session: AsyncSession,
    reviewer: Reviewer,
    *,
    match_id: int,
    user: User,
    seat: int | None,
    public: bool,
    everyone: bool = False,
    max_views: int,
) -> bytes:
    """Every step of a match as ``seat`` saw it (the asking player's own seat if ``None``), or
    the public view, for a player of that match, as JSON. ``everyone`` (finished matches only)
    adds every seat's view at each step: all hands on the table.

    Live matches replay only through the asking player's own seat, up to the present, and without
    the actions themselves (an action can carry a secret, such as a face-down card, until the end).
    A replay that would rebuild more than ``max_views`` views is refused; a finished match's
    replay is computed once per viewpoint and kept (``Reviewer``).
    """
    match = await repository.get_match(session, match_id)
    if match is None:
        raise NotFound("No such match.")
    players = await players_of(session, match)
    finished = match.status == "finished"
    held = await repository.held_seat(session, match_id=match.id, user_id=user.id)
    if held is None:
        raise Forbidden("Only the players of a match can replay it.", code="not_player")
    # While it runs, only the seat one holds now: a seat one has left is someone else's now.
    mine = held if finished else next((p.seat for p in players if p.user_id == user.id), None)
    if mine is None:
        raise Forbidden("You left this match: you can replay it when it ends.", code="left_match")
    seat = None if public or everyone else (mine if seat is None else seat)
    if seat is not None and not 0 <= seat < match.players:
        raise NotFound(
            "This match has seats 1 to {last}.", code="bad_seat", params={"last": match.players}
        )
    if not finished and (seat != mine or everyone):
        raise Forbidden(
            "While the match is on, you can replay it only through your own eyes.",
            code="live_replay",
        )
    rules = rules_of(match)
    if not finished and rules.sealed:
        # Even through one's own eyes a live replay would list every move, and so count the
        # secret ones (Werewolf's night).
        raise Conflict(
            "In {game} moves are secret even in their number: the replay opens when the match"
            " ends.",
            code="sealed_replay",
            params={"game": rules.title},
        )
    steps = match.version + 1
    views = steps * ((1 + match.players) if everyone else 1)
    if views > max_views:
        if everyone:
            raise TooLarge(
                "This match is too long to replay every seat's view at each of its {steps} steps"
                " at once; replay it through one seat's eyes.",
                code="replay_too_large",
                params={"steps": f"{steps:,}"},
            )
        raise TooLarge(
            "This match is too long to replay here ({steps} steps; at most {limit}).",
            code="replay_too_large",
            params={"steps": f"{steps:,}", "limit": f"{max_views:,}"},
        )
    key = (match.id, seat, everyone)
    replayed = reviewer.cached(key) if finished else None
    if replayed is None:
        rows = await repository.actions(session, match_id)
        moves = [(row.seat, row.action, iso(row.at), row.stand_in) for row in rows]
        work = (
            match.game,
            match.players,
            match.seed,
            match.options,
            match.start_seat,
            moves,
            seat,
            everyone,
            finished,
        )
        replayed = await (
            reviewer.replayed(key, *work) if finished else reviewer.run(replay_steps, *work)
        )
    head = {
        "match_id": match.id,
        "game": match.game,
        "title": rules.title,
        "status": match.status,
        "seat": seat,
        "everyone": everyone,
        "your_seat": mine,
        "players": [player.public() for player in players],
    }
    return orjson.dumps(
        {**head, "log": orjson.Fragment(replayed.log), "steps": orjson.Fragment(replayed.steps)}
    )


Move = tuple[int | None, dict[str, Any], str | None, bool]
"""One stored action as a replay takes it: (seat, action, when, played by a stand-in); no seat
for a timed phase that ran out."""


def replay_steps(
    game: str,
    players: int,
    seed: bytes,
    options: dict[str, Any],
    start_seat: int | None,
    moves: list[Move],
    seat: int | None,
    everyone: bool,
    finished: bool,
) -> Replayed:
    """The work of a replay (in a review worker): deal from the seed, apply every move, and
    write each step's view, log and outcome as ``seat`` sees it (and every seat's view for
    ``everyone``); the actions themselves only once the match is ``finished``."""
    rules = GAMES[game]
    states = replayed(
        rules,
        players=players,
        seed=seed,
        options=options,
        start_seat=start_seat,
        moves=((mover, action) for mover, action, _, _ in moves),
    )
    hands = range(players) if everyone else range(0)
    steps = [_step(rules, next(states), seat, hands, move=None)]
    for (mover, action, at, stand_in), state in zip(moves, states, strict=True):
        move: dict[str, Any] = {"seat": mover, "at": at, "stand_in": stand_in}
        if finished:
            move["action"] = action
        steps.append(_step(rules, state, seat, hands, move=move))
    # Send the log once: most steps' logs are a prefix of the last one (checked, not assumed).
    full_log = steps[-1].pop("log")
    for step in steps[:-1]:
        log = step.pop("log")
        if log == full_log[: len(log)]:
            step["log_size"] = len(log)
        else:
            step["log"] = log
    steps[-1]["log_size"] = len(full_log)
    return Replayed(log=encoded(full_log), steps=encoded(steps))


def _step(
    rules: GameRules[Any],
    state: Any,
    seat: int | None,
    hands: range,
    *,
    move: dict[str, Any] | None,
) -> dict[str, Any]:
    outcome = rules.outcome(state)
    step = {
        "move": move,
        "view": rules.view(state, seat),
        "log": rules.log(state, seat),
        "outcome": outcome.to_json() if outcome else None,
    }
    if hands:
        step["views"] = [rules.view(state, other) for other in hands]
    return step
