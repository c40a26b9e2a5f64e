"""Guest sign-in routes."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from app.accounts import service
from app.deps import CurrentUser, SessionDep

router = APIRouter(prefix="/api/session", tags=["session"])


class SignIn(BaseModel):
    """A guest sign-in."""

    name: str


class UserOut(BaseModel):
    """A user as the API shows it."""

    id: int
    name: str


@router.post("", status_code=201)
async def sign_in(
    body: SignIn, session: SessionDep, request: Request, response: Response
) -> UserOut:
    """Create a guest account and set its session cookie."""
    settings = request.app.state.settings
    user = await service.sign_in(session, name=body.name)
    response.set_cookie(
        service.COOKIE_NAME,
        service.session_cookie(user, settings),
        max_age=settings.session_max_age,
        httponly=True,
        samesite="lax",
        secure=settings.cookie_secure,
    )
    return UserOut(id=user.id, name=user.name)


@router.get("")
async def current(user: CurrentUser) -> UserOut:
    """The signed-in user."""
    return UserOut(id=user.id, name=user.name)
