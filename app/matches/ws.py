"""The match WebSocket (design 2.3): per-viewer states, moves, sync, errors."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect, WebSocketException, status

from app.accounts import service as accounts
from app.config import Settings
from app.db import Database
from app.deps import RowId
from app.errors import AppError, BadRequest, StaleAction, error_body
from app.hub import CLOSE, Hub, LiveMatch, Outbox, Viewer
from app.limits import RateLimits
from app.matches import chat, frames, service
from app.models import User
from app.security import same_origin

router = APIRouter()

MAX_FRAME = 64 * 1024


@router.websocket("/ws/matches/{match_id}")
async def match_socket(websocket: WebSocket, match_id: RowId) -> None:
    """Serve one viewer of a match until they leave."""
    app = websocket.app
    settings: Settings = app.state.settings
    db: Database = app.state.db
    hub: Hub = app.state.hub
    # No cross-site WebSocket hijacking: a page of another site cannot use the visitor's cookie.
    if not same_origin(websocket.headers, settings):
        raise WebSocketException(code=status.WS_1008_POLICY_VIOLATION, reason="Origin not allowed")
    async with db.reading() as session:
        user = await accounts.user_from_cookie(
            session, websocket.cookies.get(accounts.COOKIE_NAME), settings
        )
    if user is None:
        raise WebSocketException(code=status.WS_1008_POLICY_VIOLATION, reason="Not signed in")
    try:
        live = await service.watch(hub, db, match_id=match_id, user=user)
    except AppError as error:
        raise WebSocketException(
            code=status.WS_1008_POLICY_VIOLATION, reason=error.message
        ) from error
    await websocket.accept()
    queue = hub.subscribe(live, Viewer(seat=live.seat_of(user.id), user_id=user.id, name=user.name))
    service.wake(hub, db, live)  # someone is at the table: stand-ins for away seats may play
    try:
        async with asyncio.TaskGroup() as group:
            chat_lines = await chat.history(db, live=live)
            sender = group.create_task(_send(websocket, live, queue, user, chat_lines))
            await _receive(websocket, hub, db, live, queue, user, app.state.limits)
            sender.cancel()
    except* (WebSocketDisconnect, OSError):  # the viewer left (OSError: the transport closed)
        pass
    finally:
        hub.unsubscribe(live, queue)


async def _send(
    websocket: WebSocket,
    live: LiveMatch,
    queue: Outbox,
    user: User,
    chat_lines: list[dict[str, Any]],
) -> None:
    """The socket's only writer: a full state on connect (with the table's recent chat) and on
    every wake-up; errors, presence and chat lines as queued."""
    await websocket.send_text(frames.state_frame(live, live.seat_of(user.id), chat=chat_lines))
    while True:
        message = await queue.get()
        if isinstance(message, str):
            text = message  # serialised once for every socket of the match
        elif message is None:
            # The seat is looked up each time: a player who left now watches as a spectator.
            # The frame's game parts are shared with every socket watching as the same seat.
            text = frames.state_frame(live, live.seat_of(user.id))
        elif message["t"] == CLOSE:
            await websocket.close(code=message["code"], reason="Server restarting: reconnect")
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
) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text") or message.get("bytes") or ""
        if len(raw) > MAX_FRAME:
            await websocket.close(code=status.WS_1009_MESSAGE_TOO_BIG, reason="Frame over 64 KiB")
            raise WebSocketDisconnect(status.WS_1009_MESSAGE_TOO_BIG)
        try:
            await _handle(raw, hub, db, live, queue, user, limits)
        except AppError as error:
            queue.put_nowait({"t": "error", "v": live.seq, "d": error_body(error)})
            if isinstance(error, StaleAction):
                queue.put_nowait(None)  # and a fresh state to act on


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
        frame = json.loads(raw)
    except ValueError as error:
        raise BadRequest("Messages are JSON objects.", code="bad_message") from error
    kind = frame.get("t") if isinstance(frame, dict) else None
    if kind == "sync":
        queue.put_nowait(None)
    elif kind == "chat":
        limits.check("chat", user.id)
        data = frame.get("d")
        await chat.say(
            hub, db, live=live, user=user, text=data.get("text") if isinstance(data, dict) else None
        )
    elif kind == "act":
        limits.check("act", user.id)
        await service.play(
            hub, db, match_id=live.id, user=user, seq=frame.get("v"), action=frame.get("d")
        )
    else:
        raise BadRequest(
            'Messages are {"t": "act", "v": seq, "d": action}, {"t": "chat", "d": {"text": ...}}'
            ' or {"t": "sync"}.',
            code="bad_message",
        )
