"""Guest accounts: sign-in by display name and the signed session cookie."""

from __future__ import annotations

import unicodedata

from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts import repository
from app.config import Settings
from app.errors import BadRequest
from app.models import User

COOKIE_NAME = "parlor_session"
NAME_MAX = 32


def _serializer(settings: Settings) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(settings.signing_key(), salt="parlor-session")


def clean_name(raw: str) -> str:
    """A display name with control characters removed and spaces collapsed; refuses empty ones."""
    printable = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    name = " ".join(printable.split())
    if not name:
        raise BadRequest("Pick a display name of at least one visible character.", code="bad_name")
    if len(name) > NAME_MAX:
        raise BadRequest(f"Display names have at most {NAME_MAX} characters.", code="bad_name")
    return name


async def sign_in(session: AsyncSession, *, name: str) -> User:
    """Create a guest user with this display name."""
    return await repository.create_user(session, name=clean_name(name))


def session_cookie(user: User, settings: Settings) -> str:
    """The signed cookie value for a user."""
    return _serializer(settings).dumps({"uid": user.id})


async def user_from_cookie(
    session: AsyncSession, cookie: str | None, settings: Settings
) -> User | None:
    """The user a cookie was signed for, if it is genuine and not expired."""
    if not cookie:
        return None
    try:
        data = _serializer(settings).loads(cookie, max_age=settings.session_max_age)
    except BadSignature:
        return None
    user_id = data.get("uid") if isinstance(data, dict) else None
    if not isinstance(user_id, int):
        return None
    return await repository.get_user(session, user_id)
