"""Database models (design 2.1): users, lobbies, seats, matches and the action log."""

from app.models.base import Base
from app.models.tables import (
    Action,
    ChatMessage,
    Lobby,
    LoginSession,
    Match,
    MatchSeat,
    Seat,
    User,
)

__all__ = [
    "Action",
    "Base",
    "ChatMessage",
    "Lobby",
    "LoginSession",
    "Match",
    "MatchSeat",
    "Seat",
    "User",
]
