"""The registry of the live matches in memory and of their sockets, and their background tasks.

The hub knows nothing about games: the matches services load and advance a match's state under
its lock (``app.matches.live.LiveMatch``), then call ``publish``; every subscribed socket is
woken and recomputes its own view (nothing secret is ever put on a shared channel, design 2.3).
One process owns every match here (SQLite, or a single Postgres instance); leases across
instances are design 2.4's. The hub's ``clock`` is the time every live part reads.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import orjson

from app.errors import RESTARTING
from app.matches.clocks import Clock, SystemClock
from app.matches.live import LiveMatch, Outbox, Pacing, Viewer
from app.matches.thinking import THINK_MS, Thinker

logger = logging.getLogger(__name__)

CLOSE = "_close"
RESEND = "_resend"
"""A socket's own request for its viewer's state (a sync, or after a stale action): sent even
when nothing changed."""
"""A queued instruction (never sent as such): close the socket with the given code and reason."""


class Hub:
    """The registry of live matches of this process."""

    def __init__(
        self,
        *,
        pacing: Pacing | None = None,
        instance: str = "solo",
        clock: Clock | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.clock: Clock = clock or SystemClock()
        self.pacing = pacing or Pacing()
        """Read by the matches services, which run the bots, absences and leases."""
        self.thinker = thinker or Thinker(workers=1, think_ms=THINK_MS)
        """Where the bots of this process's matches choose their moves."""
        self.instance = instance
        self._matches: dict[int, LiveMatch] = {}
        self._sockets: dict[int, dict[Outbox, tuple[LiveMatch, str]]] = {}
        """Each user's sockets here: the match each one watches, and the login it was opened
        with (the id of the cookie's login session: a logout closes that login's sockets)."""
        self._loading: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def get(
        self, match_id: int, load: Callable[[], Awaitable[LiveMatch | None]]
    ) -> LiveMatch | None:
        """The live match, loaded once (by ``load``) if it is not in memory yet."""
        live = self._matches.get(match_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            live = self._matches.get(match_id)
            if live is None:
                live = await load()
                if live is not None:
                    live.offline(self.clock.now())
                    live.away_offer_after = self.pacing.away_offer_after
                    self._matches[match_id] = live
        self._loading.pop(match_id, None)
        return live

    def peek(self, match_id: int) -> LiveMatch | None:
        """The match if it is in memory (never loads it)."""
        return self._matches.get(match_id)

    def holds(self, live: LiveMatch) -> bool:
        """Whether this copy of a match is still the one in memory (not forgotten as stale)."""
        return self._matches.get(live.id) is live

    def forget(self, match_id: int) -> None:
        """Drop a match from memory (it is rebuilt from its log on next use)."""
        self._matches.pop(match_id, None)

    def subscribe(self, live: LiveMatch, viewer: Viewer, *, login: str) -> Outbox:
        """A queue that receives a wake-up (None) after every change, plus messages put by the
        socket itself. Everyone is told (the viewer's presence changed)."""
        queue: Outbox = asyncio.Queue()
        live.listeners[queue] = viewer
        if viewer.seat is not None:
            live.offline_since.pop(viewer.seat, None)
        self._sockets.setdefault(viewer.user_id, {})[queue] = (live, login)
        live.seen(self.clock.now())
        self._announce_presence(live, skip=queue)  # its first state already says who is here
        return queue

    def subscribed(self, live: LiveMatch, queue: Outbox) -> bool:
        """Whether a socket still belongs to its match (not unsubscribed or dropped)."""
        return queue in live.listeners

    def unsubscribe(self, live: LiveMatch, queue: Outbox) -> None:
        """Stop waking a socket's queue; a finished match nobody watches leaves memory."""
        viewer = live.listeners.pop(queue, None)
        if viewer is None:
            return  # dropped already
        mine = self._sockets[viewer.user_id]
        del mine[queue]
        if not mine:
            del self._sockets[viewer.user_id]
        live.seen(self.clock.now())
        live.offline(self.clock.now())
        if not live.listeners and live.finished_at is not None:
            self.forget(live.id)
        else:
            self._announce_presence(live)

    def publish(self, live: LiveMatch) -> None:
        """Wake every socket of the match so it sends its viewer's new state."""
        for queue in live.listeners:
            queue.put_nowait(None)

    def _announce_presence(self, live: LiveMatch, skip: Outbox | None = None) -> None:
        """Tell the sockets who is connected now (public: seats and a spectator count)."""
        online, watching = live.presence()
        message = orjson.dumps(
            {
                "t": "presence",
                # A sealed game's viewers each have their own version (app/matches/versions.py).
                "v": live.seq if live.versions is None else None,
                "d": {"online": sorted(online), "spectators": len(watching), "watching": watching},
            }
        ).decode()
        for queue in live.listeners:
            if queue is not skip:
                queue.put_nowait(message)

    def broadcast(
        self,
        live: LiveMatch,
        message: dict[str, Any],
        *,
        to: Callable[[int | None], bool] | None = None,
    ) -> None:
        """Send the same message (a chat line) to every socket of the match, or to those whose
        viewer's seat (None: a spectator) passes ``to``."""
        text = orjson.dumps(message).decode()  # once, not once per socket
        for queue, viewer in live.listeners.items():
            if to is None or to(live.seat_of(viewer.user_id)):
                queue.put_nowait(text)

    def spawn(
        self, live: LiveMatch, name: str, run: Callable[[], Coroutine[Any, Any, None]]
    ) -> None:
        """Run one of the match's background loops ("bots", "clock") unless it already runs."""
        running = live.tasks.get(name)
        if running is not None and not running.done():
            return
        task = asyncio.get_running_loop().create_task(run(), name=f"{name}-{live.id}")
        live.tasks[name] = task
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("task %s failed", task.get_name(), exc_info=task.exception())

    def live_matches(self) -> list[LiveMatch]:
        """The matches in memory now."""
        return list(self._matches.values())

    def suspend(self, live: LiveMatch) -> None:
        """Stop a match's loops and drop it from memory; it resumes from its log when someone
        comes back (or its stored deadline falls due)."""
        for task in live.tasks.values():
            task.cancel()
        self.forget(live.id)

    def sockets_of(self, user_id: int) -> int:
        """How many sockets a user has open here."""
        return len(self._sockets.get(user_id, ()))

    def socket_count(self) -> int:
        """How many match sockets are open here."""
        return sum(len(sockets) for sockets in self._sockets.values())

    def users(self) -> list[int]:
        """The users with a socket open here."""
        return list(self._sockets)

    def logins_of(self, user_id: int) -> set[str]:
        """The logins a user's sockets here were opened with."""
        return {login for _, login in self._sockets.get(user_id, {}).values()}

    def drop_login(self, user_id: int, login: str, *, code: int, reason: str) -> None:
        """Close the sockets a login opened: at once they get nothing more and may do nothing
        more (``subscribed`` is false), then they close with ``code`` and ``reason``."""
        for queue, (live, opened_with) in list(self._sockets.get(user_id, {}).items()):
            if opened_with == login:
                self.unsubscribe(live, queue)
                queue.put_nowait({"t": CLOSE, "code": code, "reason": reason})

    def disconnect(self, live: LiveMatch | None = None) -> None:
        """Close the sockets of one match (or of every match) with ``RESTARTING``: the pages
        reconnect on their own and resync from ``v``."""
        for match in [live] if live else list(self._matches.values()):
            for queue in match.listeners:
                queue.put_nowait({"t": CLOSE, "code": RESTARTING.code, "reason": RESTARTING.reason})

    async def close(self) -> None:
        """At shutdown: tell every socket to reconnect later, stop every bot task."""
        self.disconnect()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._matches.clear()
        self.thinker.close()
