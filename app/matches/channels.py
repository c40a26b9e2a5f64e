"""Who may read and write which chat channel of a match (``GameRules.channels``: Werewolf's day
table, werewolf and dead channels).

A game without channels has one table chat that everyone at the table reads. In a game with
them, the rules say per viewer and state which channels it reads and writes; a line said in a
channel goes only to the sockets that may read it, and a socket's history holds only those
lines, until the match ends: then every channel is part of the record, open to all. Lines of no
channel (the table's own notices about seats) are for everyone.
"""

from __future__ import annotations

from typing import Any

from app.errors import BadRequest, Forbidden
from app.matches.live import LiveMatch
from app.rules import GAMES

WRITE = "write"


def of(live: LiveMatch, seat: int | None) -> dict[str, str] | None:
    """The channels a viewer at ``seat`` (None: a spectator) reads now, each ``"read"`` or
    ``"write"``; None in a game without channels (or once the match is over: the one table
    chat, where every channel's lines can be read)."""
    rules = GAMES[live.game]
    if rules.channels is None or live.finished_at is not None:
        return None
    return dict(rules.channels(live.state, seat))


def may_read(live: LiveMatch, seat: int | None, channel: str | None) -> bool:
    """Whether a viewer at ``seat`` may read a line of ``channel`` now."""
    if channel is None:
        return True
    readable = of(live, seat)
    return readable is None or channel in readable


def to_write(live: LiveMatch, seat: int | None, asked: Any) -> str | None:
    """The channel a viewer at ``seat`` asks to speak in (None: the table chat), or the error
    that refuses it. Who may use the table chat at all is the caller's check."""
    readable = of(live, seat)
    if readable is None:
        if asked is not None:
            raise BadRequest("This table has one chat: send no channel.", code="bad_channel")
        return None
    if seat is not None and WRITE not in readable.values() and GAMES[live.game].talk:
        # Forehead words' living players: what they say is the game's ``say`` move.
        raise Forbidden(
            "At this table you talk through the game: your lines are its moves.",
            code="talk_in_play",
        )
    if not isinstance(asked, str) or asked not in readable:
        raise Forbidden("You cannot read or speak in that channel.", code="bad_channel")
    if readable[asked] != WRITE:
        raise Forbidden(
            "You cannot speak in the {channel} channel now.",
            code="channel_closed",
            params={"channel": asked},
        )
    return asked
