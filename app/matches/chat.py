"""Table chat: short text lines from the seated players (and spectators, if the table allows),
stored with the match, sent to every socket of the table as text (the client never inserts it
as HTML)."""

from __future__ import annotations

import unicodedata
from typing import Any

from app.db import Database
from app.errors import BadRequest, Forbidden
from app.hub import Hub, LiveMatch
from app.matches import repository
from app.matches.service import iso
from app.models import ChatMessage, User

MAX_CHARS = 300
HISTORY = 100


def clean_text(raw: Any) -> str:
    """A chat line without control characters, trimmed; refuses empty and overlong lines."""
    if not isinstance(raw, str):
        raise BadRequest("A chat message is text.", code="bad_chat")
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C" or ch == " ").strip()
    if not text:
        raise BadRequest("Type something to say.", code="bad_chat")
    if len(text) > MAX_CHARS:
        raise BadRequest(f"Chat lines have at most {MAX_CHARS} characters.", code="bad_chat")
    return text


def line_json(line: ChatMessage) -> dict[str, Any]:
    """A chat line as every viewer of the table sees it."""
    return {
        "id": line.id,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at": iso(line.at),
    }


async def say(hub: Hub, db: Database, *, live: LiveMatch, user: User, text: Any) -> None:
    """Store a line and send it to every socket of the table."""
    seat = live.seat_of(user.id)
    if seat is None and not live.table.spectator_chat:
        raise Forbidden("Only the players at this table can chat.", code="not_seated")
    cleaned = clean_text(text)
    async with db.transaction() as session:
        line = await repository.add_chat(
            session, match_id=live.id, user_id=user.id, seat=seat, name=user.name, text=cleaned
        )
        await repository.signal(
            session, kind="chat", match_id=live.id, instance=hub.instance, detail=line.id
        )
    hub.broadcast(live, {"t": "chat", "v": live.seq, "d": line_json(line)})


async def relay(hub: Hub, db: Database, *, match_id: int, line_id: int) -> None:
    """Another instance stored a chat line: send it to this instance's sockets of the table."""
    live = hub.peek(match_id)
    if live is None:
        return
    async with db.reading() as session:
        line = await repository.chat_line(session, line_id)
    if line is not None and line.match_id == match_id:
        hub.broadcast(live, {"t": "chat", "v": live.seq, "d": line_json(line)})


async def history(db: Database, *, match_id: int) -> list[dict[str, Any]]:
    """The table's latest chat lines, oldest first."""
    async with db.reading() as session:
        return [line_json(line) for line in await repository.chat(session, match_id, last=HISTORY)]
