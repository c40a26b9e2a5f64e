"""Table chat: short text lines from the seated players (and spectators, if the table allows),
stored with the match, sent to every socket of the table as text (the client never inserts it
as HTML)."""

from __future__ import annotations

import unicodedata
import weakref
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database
from app.errors import BadRequest, Forbidden
from app.hub import Hub
from app.i18n import format_message
from app.matches import channels, repository
from app.matches.live import LiveMatch
from app.matches.loading import iso
from app.models import ChatMessage, User

MAX_CHARS = 300
HISTORY = 100


@dataclass
class _Kept:
    """A live match's chat as its sockets receive it."""

    lines: list[dict[str, Any]] | None = None
    """The latest lines, oldest first (None: not read from the database yet, or possibly behind
    after missed signals)."""
    said: int = 0
    """Lines said or relayed here so far: a history read that overlapped one is not kept."""


_kept: weakref.WeakKeyDictionary[LiveMatch, _Kept] = weakref.WeakKeyDictionary()
"""Each live match's chat; it leaves memory with the match."""


def clean_text(raw: Any, *, code: str = "bad_chat") -> str:
    """A chat line without control characters, trimmed; refuses empty and overlong lines (with
    ``code``: a table chat's ``bad_chat``, a move's free text ``bad_text``)."""
    if not isinstance(raw, str):
        raise BadRequest("A chat message is text.", code=code)
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C" or ch == " ").strip()
    if not text:
        raise BadRequest("Type something to say.", code=code)
    if len(text) > MAX_CHARS:
        raise BadRequest(
            "Chat lines have at most {limit} characters.", code=code, params={"limit": MAX_CHARS}
        )
    return text


def line_json(line: ChatMessage) -> dict[str, Any]:
    """A chat line as every viewer of the table sees it."""
    return {
        "id": line.id,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at": iso(line.at),
        "notice": line.notice,
        "channel": line.channel,
        "message": line.message,
        "params": line.params,
    }


async def say(
    hub: Hub, db: Database, *, live: LiveMatch, user: User, text: Any, channel: Any = None
) -> None:
    """Store a line and send it to every socket of the table that may read its ``channel``
    (a game's chat channel, ``app.matches.channels``; None: the table chat)."""
    seat = live.seat_of(user.id)
    said_in = channels.to_write(live, seat, channel)
    if said_in is None and seat is None and not live.table.spectator_chat:
        raise Forbidden("Only the players at this table can chat.", code="not_seated")
    cleaned = clean_text(text)
    async with db.transaction() as session:
        line = await repository.add_chat(
            session,
            match_id=live.id,
            user_id=user.id,
            seat=seat,
            name=user.name,
            text=cleaned,
            channel=said_in,
        )
        await repository.signal(
            session, kind="chat", match_id=live.id, instance=hub.instance, detail=line.id
        )
    tell(hub, live, line)


NOTICES = frozenset(
    {
        "{player} left the match; a bot plays seat {seat} now.",
        "The host handed seat {seat} ({player}) to a bot.",
        "The host made a link that hands seat {seat} ({player}) to someone new.",
        "{player} took seat {seat} from {before} with the host's link.",
        "{player} asks to take back their last move.",
        "{player} refused: {asker}'s move stands.",
        "{player} agreed to take back {asker}'s move.",
    }
)
"""The table's notices: static/js/lib/chat.js writes each in its reader's language (the same
ids, in the pages catalog: tests/i18n checks they agree)."""


async def notice(
    session: AsyncSession,
    hub: Hub,
    live: LiveMatch,
    *,
    seat: int,
    by: User,
    message: str,
    params: dict[str, Any],
) -> ChatMessage:
    """Store the table's own line about ``seat`` (a seat changing hands), in the transaction
    that makes the change: everyone at the table reads it, and its player is told in the page
    (docs/security.md, Privacy). Send it with ``tell`` once that transaction is committed.
    ``message`` is one of ``NOTICES``: each browser writes it in its reader's language (the
    line is one for every socket); ``text`` keeps the English sentence."""
    assert message in NOTICES, message
    line = await repository.add_chat(
        session,
        match_id=live.id,
        user_id=by.id,
        seat=seat,
        name=by.name,
        text=format_message(message, params),
        notice=True,
        message=message,
        params=params,
    )
    await repository.signal(
        session, kind="chat", match_id=live.id, instance=hub.instance, detail=line.id
    )
    return line


def tell(hub: Hub, live: LiveMatch, line: ChatMessage) -> None:
    """Send a stored line to every socket of the table on this instance."""
    _add(hub, live, line_json(line))


async def relay(hub: Hub, db: Database, *, match_id: int, line_id: int) -> None:
    """Another instance stored a chat line: send it to this instance's sockets of the table."""
    live = hub.peek(match_id)
    if live is None:
        return
    async with db.reading() as session:
        line = await repository.chat_line(session, line_id)
    if line is not None and line.match_id == match_id:
        _add(hub, live, line_json(line))


async def history(db: Database, *, live: LiveMatch) -> list[dict[str, Any]]:
    """The table's latest chat lines, oldest first: read from the database once while the match
    is in memory, then kept up to date here (every socket's first frame carries them)."""
    kept = _kept.setdefault(live, _Kept())
    if kept.lines is not None:
        return list(kept.lines)
    said = kept.said
    async with db.reading() as session:
        rows = await repository.chat(session, live.id, last=HISTORY)
    lines = [line_json(line) for line in rows]
    if kept.lines is None and kept.said == said:
        kept.lines = lines  # nothing was said while reading: the copy is complete
    return list(lines)


def reread(live: LiveMatch) -> None:
    """Lines may have been missed (lost signals): read the history again when next needed."""
    _kept.setdefault(live, _Kept()).lines = None


def visible(live: LiveMatch, seat: int | None, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines of a history that a viewer at ``seat`` may read now."""
    return [line for line in lines if channels.may_read(live, seat, line["channel"])]


def _add(hub: Hub, live: LiveMatch, line: dict[str, Any]) -> None:
    """Send a new line to every socket of the table that may read it, and keep it with the
    table's history."""
    hub.broadcast(
        live,
        {"t": "chat", "v": live.seq if live.versions is None else None, "d": line},
        to=lambda seat: channels.may_read(live, seat, line["channel"]),
    )
    kept = _kept.setdefault(live, _Kept())
    kept.said += 1
    lines = kept.lines
    if lines is not None and all(other["id"] != line["id"] for other in lines):
        lines.append(line)
        if len(lines) > 1 and lines[-2]["id"] > line["id"]:
            lines.sort(key=lambda other: other["id"])  # another instance's line came late
        del lines[:-HISTORY]
