"""The match WebSocket (design 2.3): per-viewer states, moves, sync, errors, and its limits.

A socket that may not be served is accepted, then closed with an application code and a
sentence (``app.errors.close_code``: 4401 not signed in, 4403 not allowed, 4404 no such match,
4409 played under other rules, 4429 too many sockets), so the page can say why and stop retrying.
Two refusals stay at the handshake, where they cost least and a page retries or learns nothing:
a foreign ``Origin`` (HTTP 403, for another site's page, which is to learn nothing about the
visitor; this site's own pages never send one), and new sockets of one login coming too fast
(HTTP 429, before the database is asked anything; the page retries with its backoff).

Every frame counts against its user's ``frame`` limit before it is even parsed, and each kind
against its own (``act``, ``chat``, ``sync``; a move that is talk, ``GameRules.talk``, against
``talk`` too); a refused frame touches neither the database nor
the state. The first refusal in a second is answered (``rate_limited``), the others are dropped,
and a socket that keeps going (``FLOOD_FRAMES`` in a second) is closed (4429).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import orjson
from starlette import status
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.accounts import service as accounts
from app.config import Settings
from app.db import Database
from app.deps import MAX_INT
from app.errors import (
    FOREIGN_ORIGIN,
    FRAME_TOO_BIG,
    AppError,
    BadRequest,
    NotSignedIn,
    RateLimited,
    StaleAction,
    close_code,
    error_frame,
    json_error,
)
from app.hub import CLOSE, RESEND, Hub
from app.i18n import N_, _
from app.limits import Flood, RateLimits, Refusal
from app.matches import bots, channels, chat, frames, service, sync, undo
from app.matches.live import LiveMatch, Outbox, Viewer
from app.models import User
from app.security import same_origin

MAX_FRAME = 64 * 1024
MAX_REASON = 123
"""Bytes a close frame's reason may have (RFC 6455, 5.5: 125 with the code)."""
_SIGNED_OUT = N_("You are not signed in (or you signed out): sign in, then come back.")


_PATH = re.compile(r"/ws/matches/([^/]*)")


class MatchSockets:
    """ASGI middleware that serves the match socket itself, outside FastAPI's routing: a socket
    lives for the whole visit and carries every move, and the router's per-connection layers
    (its exit stacks, scope copies and the exception wrappers around every send) cost memory
    for each idle socket and time for each frame (bench/RESULTS.md). Everything else passes
    on to the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = _PATH.fullmatch(scope["path"]) if scope["type"] == "websocket" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        websocket = WebSocket(scope, receive, send)
        number = found.group(1)
        if not (number.isascii() and number.isdigit() and 1 <= int(number) <= MAX_INT):
            # As a route's bad path parameter is refused: a policy violation, at the handshake.
            await websocket.close(
                code=status.WS_1008_POLICY_VIOLATION, reason=_reason(_("No such match."))
            )
            return
        await match_socket(websocket, int(number), websocket.query_params.get("watch"))


async def match_socket(websocket: WebSocket, match_id: int, watch: str | None = None) -> None:
    """Serve one viewer of a match until they leave."""
    app = websocket.app
    settings: Settings = app.state.settings
    db: Database = app.state.db
    hub: Hub = app.state.hub
    limits: RateLimits = app.state.limits
    if not same_origin(websocket, settings):
        # Refused before the accept: the handshake's answer is HTTP 403.
        await websocket.close(code=FOREIGN_ORIGIN.code, reason=FOREIGN_ORIGIN.reason)
        return
    login = accounts.login_of(websocket.cookies.get(accounts.COOKIE_NAME), settings)
    if login is not None:
        try:
            await limits.hit("connect", login)  # the cookie's signature only: no database yet
        except RateLimited as error:
            # Refused at the handshake too, at half the cost of a close: HTTP 429, which a page
            # sees as a lost connection and retries later, once the bucket has refilled.
            await websocket.send_denial_response(json_error(error))
            return
    await websocket.accept()
    try:
        if login is None:
            raise NotSignedIn(_SIGNED_OUT)
        user, live = await _admit(hub, db, settings, login, match_id, watch)
    except AppError as error:
        await websocket.close(code=close_code(error), reason=_reason(error.sentence()))
        return
    # No await since _admit counted this user's sockets: the count cannot be overtaken.
    viewer = Viewer(seat=live.seat_of(user.id), user_id=user.id, name=user.name)
    queue = hub.subscribe(live, viewer, login=login)
    try:  # from here on the subscription is ended whatever happens
        # A logout since _admit read the login closed the sockets it found, and this one was
        # not yet among them: now it is, look again (its writer then sends only the close).
        await sync.close_revoked(hub, db, [user.id])
        bots.wake(hub, db, live)  # someone is at the table: stand-ins for away seats may play
        async with asyncio.TaskGroup() as group:
            sender = group.create_task(_send(websocket, hub, db, live, queue, user))
            flood = Flood(settings.flood_frames)
            await _receive(websocket, hub, db, live, queue, user, limits, flood)
            sender.cancel()
    except* (WebSocketDisconnect, OSError):  # the viewer left (OSError: the transport closed)
        pass
    finally:
        hub.unsubscribe(live, queue)


async def _admit(
    hub: Hub, db: Database, settings: Settings, login: str, match_id: int, watch: str | None
) -> tuple[User, LiveMatch]:
    """Who connects with this login, to which live match (``watch``: the table's watch code, for
    who is not a player); or the error that refuses them."""
    async with db.reading() as session:
        user = await accounts.user_of_login(session, login)
    if user is None:
        raise NotSignedIn(_SIGNED_OUT)
    live = await service.watch(hub, db, match_id=match_id, user=user, code=watch)
    if hub.sockets_of(user.id) >= settings.max_sockets:
        raise RateLimited(
            "You have {count} tables open already: close one, then reload this.",
            code="too_many_sockets",
            params={"count": settings.max_sockets},
        )
    return user, live


def _reason(message: str) -> str:
    """A sentence cut to what a close frame carries."""
    return message.encode()[:MAX_REASON].decode(errors="ignore")


async def _send(
    websocket: WebSocket, hub: Hub, db: Database, live: LiveMatch, queue: Outbox, user: User
) -> None:
    """The socket's writer: a full state on connect (with the table's recent chat that its
    viewer may read), what changed since on every wake-up (a delta), a full state again on a
    sync and when the viewer's channels changed (with the chat it may now read: a dead
    Werewolf player reads the dead's channel from then on); errors, presence and chat lines as
    queued; the close the hub asks for."""
    seat = live.seat_of(user.id)
    reads = channels.of(live, seat)
    lines: list[dict[str, Any]] | None = chat.visible(live, seat, await chat.history(db, live=live))
    last = frames.Sent()
    if hub.subscribed(live, queue):  # else dropped as it came in: its close is queued
        await websocket.send_text(
            frames.state_frame(live, seat, now=hub.clock.now(), chat=lines, sent=last)
        )
    sent = frames.news(live, seat)
    while True:
        message = await queue.get()
        if isinstance(message, str):
            text = message  # serialised once for every socket of the match
        elif message is None or message["t"] == RESEND:
            # The seat is looked up each time: a player who left now watches as a spectator.
            # The frame's game parts are shared with every socket watching as the same seat.
            seat = live.seat_of(user.id)
            news = frames.news(live, seat)
            if message is None and news is not None and news == sent:
                continue  # a sealed game's move this viewer may not see: not even its timing
            sent = news
            if channels.of(live, seat) != reads:
                reads = channels.of(live, seat)
                lines = chat.visible(live, seat, await chat.history(db, live=live))
                text = frames.state_frame(live, seat, now=hub.clock.now(), chat=lines, sent=last)
            elif message is not None:  # a sync: the full state
                text = frames.state_frame(live, seat, now=hub.clock.now(), sent=last)
            else:
                text = frames.delta_frame(live, seat, now=hub.clock.now(), sent=last)
        elif message["t"] == CLOSE:
            await websocket.close(code=message["code"], reason=_reason(message["reason"]))
            return
        else:
            text = frames.dumps(message)
        await websocket.send_text(text)


async def _receive(
    websocket: WebSocket,
    hub: Hub,
    db: Database,
    live: LiveMatch,
    queue: Outbox,
    user: User,
    limits: RateLimits,
    flood: Flood,
) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text") or message.get("bytes") or ""
        if len(raw) > MAX_FRAME:
            await websocket.close(code=FRAME_TOO_BIG.code, reason=FRAME_TOO_BIG.reason)
            raise WebSocketDisconnect(FRAME_TOO_BIG.code)
        if not hub.subscribed(live, queue):
            continue  # dropped (its login was revoked): its writer is closing it
        try:
            limits.check("frame", user.id)  # before parsing: any kind of frame counts
            await _handle(raw, hub, db, live, queue, user, limits)
        except RateLimited as error:
            await _over_limit(websocket, hub, live, queue, flood, error, user)
        except AppError as error:
            queue.put_nowait(error_frame(error, version=live.version_for(live.seat_of(user.id))))
            if isinstance(error, StaleAction):
                queue.put_nowait({"t": RESEND})  # and a fresh state to act on


async def _over_limit(
    websocket: WebSocket,
    hub: Hub,
    live: LiveMatch,
    queue: Outbox,
    flood: Flood,
    error: RateLimited,
    user: User,
) -> None:
    """A frame over a rate limit: say so once a second, drop it, or close a flooding socket."""
    refusal = flood.refused(hub.clock.monotonic())
    if refusal is Refusal.TELL:
        queue.put_nowait(error_frame(error, version=live.version_for(live.seat_of(user.id))))
    elif refusal is Refusal.CLOSE:
        closing = RateLimited("Too many messages: reload the page to go on.", code="flooding")
        code = close_code(closing)
        await websocket.close(code=code, reason=_reason(closing.sentence()))
        raise WebSocketDisconnect(code)


async def _handle(
    raw: str | bytes,
    hub: Hub,
    db: Database,
    live: LiveMatch,
    queue: Outbox,
    user: User,
    limits: RateLimits,
) -> None:
    try:
        # orjson refuses nesting deeper than 1024 as it refuses any bad JSON: an error frame,
        # not a RecursionError that would end the socket.
        frame = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        raise BadRequest("Messages are JSON objects.", code="bad_message") from error
    kind = frame.get("t") if isinstance(frame, dict) else None
    if kind == "sync":
        limits.check("sync", user.id)
        queue.put_nowait({"t": RESEND})
    elif kind == "chat":
        limits.check("chat", user.id)
        data = frame.get("d")
        data = data if isinstance(data, dict) else {}
        await chat.say(
            hub, db, live=live, user=user, text=data.get("text"), channel=data.get("channel")
        )
    elif kind == "act":
        limits.check("act", user.id)
        await service.play(
            hub,
            db,
            match_id=live.id,
            user=user,
            seq=frame.get("v"),
            action=frame.get("d"),
            limits=limits,
        )
    elif kind == "undo":
        limits.check("act", user.id)
        await undo.ask(hub, db, match_id=live.id, user=user, seq=frame.get("v"))
    elif kind == "undo_answer":
        limits.check("act", user.id)
        data = frame.get("d")
        await undo.answer(
            hub,
            db,
            match_id=live.id,
            user=user,
            seq=frame.get("v"),
            accept=data.get("accept") if isinstance(data, dict) else None,
        )
    elif kind == "end_phase":
        limits.check("act", user.id)
        data = frame.get("d")
        await service.end_phase(
            hub,
            db,
            match_id=live.id,
            user=user,
            phase=data.get("phase") if isinstance(data, dict) else None,
        )
    else:
        raise BadRequest(
            'Messages are {{"t": "act", "v": seq, "d": action}},'
            ' {{"t": "chat", "d": {{"text": ...}}}}, {{"t": "end_phase", "d": {{"phase": ...}}}},'
            ' {{"t": "undo", "v": seq}}, {{"t": "undo_answer", "v": seq, "d": {{"accept": bool}}}}'
            ' or {{"t": "sync"}}.',
            code="bad_message",
        )
