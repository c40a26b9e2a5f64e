"""Guest sign-in, password, login and logout routes."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Request, Response
from pydantic import BaseModel, Field

from app.accounts import service
from app.answers import UserOut
from app.config import Settings
from app.deps import CurrentUser, OptionalUser, SessionDep
from app.i18n import COOKIE, LOCALES
from app.matches import sync
from app.models import User
from app.payloads import CheckedRoute

router = APIRouter(prefix="/api/session", tags=["session"], route_class=CheckedRoute)


class SignIn(BaseModel):
    """A guest sign-in."""

    name: str = Field(max_length=200)


class Password(BaseModel):
    """A new password."""

    password: str = Field(max_length=1000)


class Language(BaseModel):
    """A language to read Parlor in (``app.i18n.LOCALES``)."""

    locale: str = Field(max_length=16)


class LogIn(BaseModel):
    """A sign-in on another device: the handle ("Name#12") and password."""

    handle: str = Field(max_length=200)
    password: str = Field(max_length=1000)


def _out(user: User) -> UserOut:
    return UserOut(
        id=user.id,
        name=user.name,
        handle=service.handle(user),
        has_password=user.password_hash is not None,
    )


def _set_language(response: Response, locale: str | None, settings: Settings) -> None:
    """The ``lang`` cookie (app/i18n.py): read by the server only, kept a year."""
    if locale is None:
        return
    response.set_cookie(
        COOKIE,
        locale,
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=settings.cookie_secure,
    )


def _set_cookie(response: Response, token: str, settings: Settings) -> None:
    response.set_cookie(
        service.COOKIE_NAME,
        service.session_cookie(token, settings),
        max_age=settings.session_max_age,
        httponly=True,
        samesite="lax",
        secure=settings.cookie_secure,
    )


@router.post("", status_code=201)
async def sign_in(
    body: SignIn, session: SessionDep, request: Request, response: Response
) -> UserOut:
    """Create a guest account and set its session cookie (``Location``: the session)."""
    await request.app.state.limits.hit("sign_in", request.client.host if request.client else "")
    chosen = request.cookies.get(COOKIE)
    user, token = await service.sign_in(
        session, name=body.name, locale=chosen if chosen in LOCALES else None
    )
    _set_cookie(response, token, request.app.state.settings)
    response.headers["location"] = "/api/session"
    return _out(user)


@router.get("")
async def current(user: CurrentUser) -> UserOut:
    """The signed-in user."""
    return _out(user)


@router.post("/password")
async def set_password(body: Password, user: CurrentUser, session: SessionDep) -> UserOut:
    """Choose a password so the guest can sign in on another device with their handle."""
    await service.set_password(session, user=user, password=body.password)
    return _out(user)


@router.post("/login")
async def log_in(body: LogIn, session: SessionDep, request: Request, response: Response) -> UserOut:
    """Sign in with a handle and password (a new session cookie for this browser)."""
    await request.app.state.limits.hit("sign_in", request.client.host if request.client else "")
    user, token = await service.log_in(session, user_handle=body.handle, password=body.password)
    _set_cookie(response, token, request.app.state.settings)
    _set_language(response, user.locale, request.app.state.settings)  # theirs, on this device too
    return _out(user)


@router.post("/locale", status_code=204)
async def choose_language(
    body: Language, user: OptionalUser, session: SessionDep, request: Request, response: Response
) -> None:
    """Read Parlor in this language from now on: in this browser, and, signed in, wherever
    the user signs in."""
    await service.set_locale(session, user=user, locale=body.locale)
    _set_language(response, body.locale, request.app.state.settings)


@router.post("/logout", status_code=204)
async def log_out(
    session: SessionDep, request: Request, response: Response, background: BackgroundTasks
) -> None:
    """End this browser's session: the cookie is revoked on the server and cleared here, and the
    match sockets it opened are closed, on this instance and (signalled) on every other."""
    hub = request.app.state.hub
    user_id = await service.log_out(
        session,
        cookie=request.cookies.get(service.COOKIE_NAME),
        settings=request.app.state.settings,
        instance=hub.instance,
    )
    if user_id is not None:  # after the response, so once the revocation is committed
        background.add_task(sync.close_revoked, hub, request.app.state.db, [user_id])
    response.delete_cookie(service.COOKIE_NAME, httponly=True, samesite="lax")
