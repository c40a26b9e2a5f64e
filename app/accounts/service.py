"""Guest accounts: sign-in by display name, optional password, revocable session cookies."""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Collection

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy.ext.asyncio import AsyncSession

from app import signals
from app.accounts import repository
from app.config import Settings
from app.errors import BadRequest, NotSignedIn
from app.i18n import LOCALES
from app.models import User

COOKIE_NAME = "parlor_session"
NAME_MAX = 32
PASSWORD_MIN = 8
PASSWORD_MAX = 256

_hasher = PasswordHasher()
_HANDLE = re.compile(r"#(\d{1,18})\s*$")
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")
"""Letters and symbols that draw nothing: the Hangul fillers, the blank Braille pattern and the
null notehead."""


def _serializer(settings: Settings) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(settings.signing_key(), salt="parlor-session")


def clean_name(raw: str) -> str:
    """A display name with control and format characters (NUL, zero-width, bidi) removed and
    spaces collapsed; refuses one that would look blank: it needs a visible letter, number,
    punctuation mark or symbol (combining marks alone draw nothing)."""
    printable = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    name = " ".join(printable.split())
    if not any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK for ch in name):
        raise BadRequest(
            "Pick a display name with at least one visible letter, number or symbol.",
            code="bad_name",
        )
    if len(name) > NAME_MAX:
        raise BadRequest(
            "Display names have at most {limit} characters.",
            code="bad_name",
            params={"limit": NAME_MAX},
        )
    return name


def handle(user: User) -> str:
    """What a guest types to sign in elsewhere: the display name and the account number."""
    return f"{user.name}#{user.id}"


async def sign_in(
    session: AsyncSession, *, name: str, locale: str | None = None
) -> tuple[User, str]:
    """Create a guest user with this display name (and the language they chose before, if
    they did); returns it and a new login token."""
    user = await repository.create_user(session, name=clean_name(name), locale=locale)
    return user, await _new_login(session, user)


async def set_password(session: AsyncSession, *, user: User, password: str) -> None:
    """Let a guest sign in on another device with their handle and this password."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise BadRequest(
            "Passwords have {low} to {high} characters.",
            code="bad_password",
            params={"low": PASSWORD_MIN, "high": PASSWORD_MAX},
        )
    user.password_hash = _hasher.hash(password)
    await repository.set_password_hash(session, user_id=user.id, password_hash=user.password_hash)


async def set_locale(session: AsyncSession, *, user: User | None, locale: str) -> None:
    """Remember a visitor's language (on their account if signed in; the caller sets the
    cookie)."""
    if locale not in LOCALES:
        raise BadRequest("Parlor does not speak that language.", code="bad_locale")
    if user is not None:
        user.locale = locale
        await repository.set_locale(session, user_id=user.id, locale=locale)


async def log_in(session: AsyncSession, *, user_handle: str, password: str) -> tuple[User, str]:
    """Sign in with a handle ("Name#12") and password; one answer for every failure."""
    refused = NotSignedIn("That name and password do not match.", code="bad_login")
    found = _HANDLE.search(user_handle)
    user = await repository.get_user(session, int(found.group(1))) if found else None
    if user is None or user.password_hash is None:
        _hasher.hash(password)  # the same work as a real check: no timing hint of who exists
        raise refused
    try:
        _hasher.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError) as error:
        raise refused from error
    return user, await _new_login(session, user)


async def log_out(
    session: AsyncSession, *, cookie: str | None, settings: Settings, instance: str
) -> int | None:
    """Revoke the login session of this cookie (the cookie stops working everywhere) and, once
    that is committed, tell the other instances (they close the sockets it opened). Returns the
    user whose login it was (None: the cookie named no valid login)."""
    token = login_of(cookie, settings)
    user = await repository.user_of_login(session, token) if token else None
    if user is None or token is None:
        return None
    await repository.revoke_login(session, token)
    await signals.send(session, kind="revoked", subject=user.id, instance=instance)
    return user.id


def session_cookie(token: str, settings: Settings) -> str:
    """The signed cookie value for a login token."""
    return _serializer(settings).dumps({"sid": token})


async def user_from_cookie(
    session: AsyncSession, cookie: str | None, settings: Settings
) -> User | None:
    """The user of a genuine, unexpired cookie whose login has not been revoked."""
    token = login_of(cookie, settings)
    return await user_of_login(session, token) if token else None


async def user_of_login(session: AsyncSession, token: str) -> User | None:
    """The user of a login that has not been revoked."""
    return await repository.user_of_login(session, token)


async def active_logins(session: AsyncSession, tokens: Collection[str]) -> set[str]:
    """Those of these logins that have not been revoked."""
    return await repository.active_logins(session, tokens) if tokens else set()


def login_of(cookie: str | None, settings: Settings) -> str | None:
    """The login a genuine, unexpired cookie names (its signature is checked here; whether the
    login was revoked is the database's to say)."""
    if not cookie:
        return None
    try:
        data = _serializer(settings).loads(cookie, max_age=settings.session_max_age)
    except BadSignature:
        return None
    token = data.get("sid") if isinstance(data, dict) else None
    return token if isinstance(token, str) else None


async def _new_login(session: AsyncSession, user: User) -> str:
    token = secrets.token_urlsafe(32)
    await repository.create_login(session, token=token, user_id=user.id)
    return token
