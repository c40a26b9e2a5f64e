"""The tables. The action log is the source of truth for a match (design 2.1)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow


class User(Base):
    """A guest account: a display name bound to a session cookie."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    """Set when the guest chose a password to sign in on another device (argon2id)."""
    locale: Mapped[str | None] = mapped_column(String(8))
    """The language the user chose (``app.i18n.LOCALES``); None: their browser's."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LoginSession(Base):
    """One signed-in browser: the cookie carries this random id; logging out revokes it."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Lobby(Base):
    """A private table before and during its match: game, options, invite code and host."""

    __tablename__ = "lobbies"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    invite_code: Mapped[str] = mapped_column(String(32), unique=True)
    watch_code: Mapped[str] = mapped_column(String(32), unique=True)
    """The secret of the table's watch link: who is not a player needs it to see its matches."""
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    status: Mapped[str] = mapped_column(String(16), default="open")
    """open, playing, finished; or expired (never started within LOBBY_TTL)."""
    series: Mapped[str] = mapped_column(String(16), default="single")  # single, best_of, sum
    series_games: Mapped[int] = mapped_column(Integer, default=1)
    spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    """Whether guests who hold no seat may watch the matches (public information only)."""
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether those spectators may also chat at the table."""
    turn_seconds: Mapped[int | None] = mapped_column(Integer)
    """The turn timer; None: no timer."""
    stand_in_after: Mapped[int] = mapped_column(Integer, default=3)
    """Missed turns in a row after which the stand-in keeps the seat until its player returns."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Seat(Base):
    """An occupied seat of a lobby: a user or a bot. Free seats have no row."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("lobby_id", "seat"),
        UniqueConstraint("lobby_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[int] = mapped_column(ForeignKey("lobbies.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(16))
    missed: Mapped[int] = mapped_column(Integer, default=0)
    """Turns in a row on which the player's clock ran out (a stand-in moved)."""
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    """The stand-in holds the seat until its player takes it back."""
    invite_code: Mapped[str | None] = mapped_column(String(32), unique=True)
    """An invitation to take this seat over (the host hands it to someone new); single use."""


class Match(Base):
    """A match: secret seed, public commitment, status, version (= number of actions applied)."""

    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("lobby_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[int] = mapped_column(ForeignKey("lobbies.id"), index=True)
    number: Mapped[int] = mapped_column(Integer, default=1)
    """1 for a table's first match, then 2, 3, ... for its rematches."""
    start_seat: Mapped[int | None] = mapped_column(Integer)
    """The seat the server chose to start (then one to the left each rematch); None: the rules'
    random choice (matches before series existed)."""
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[str] = mapped_column(String(16))
    """The version of the game's rules the match is played under (``GameRules.version`` when it
    was created): only rules of that version rebuild it from its log."""
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[bytes] = mapped_column(LargeBinary(32))
    commitment: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")  # playing, finished, void
    version: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    """When the current turn's clock runs out (timed tables); stored so restarts keep it."""
    owner: Mapped[str | None] = mapped_column(String(64))
    """The instance that runs this match's bots and clock (design 2.4), while its lease holds."""
    owner_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the owner's lease runs out unless renewed (the database's clock)."""


class MatchSeat(Base):
    """Who held a seat of a match from action ``since_seq`` on: a row when the match starts and
    one for each change of hands. The people who played a match are every user named here (they
    keep their records when they leave); its names at the end are each seat's last row."""

    __tablename__ = "match_seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(16))
    since_seq: Mapped[int] = mapped_column(Integer, default=0)


class Action(Base):
    """One accepted action of a match; ``seq`` counts from 1 and never repeats."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    """The seat that acted; None for a timed phase that ran out (``GameRules.expire``)."""
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False)
    """Made by a stand-in for an absent player (their clock ran out, or they are away)."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMessage(Base):
    """A line of table talk, stored with the match (part of its record)."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    seat: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(String(300))
    channel: Mapped[str | None] = mapped_column(String(16))
    """The game's channel the line was said in (``GameRules.channels``: Werewolf's werewolf or
    dead channel); None for the table chat."""
    notice: Mapped[bool] = mapped_column(Boolean, default=False)
    """Said by the table, not typed: a seat changing hands (``seat`` is the seat concerned,
    ``user_id``/``name`` whoever made it happen)."""
    message: Mapped[str | None] = mapped_column(String(200))
    """A notice's message id (``app.i18n``), with its ``params``: each reader's browser writes
    it in their language; ``text`` is the English sentence."""
    params: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
