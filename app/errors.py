"""Application errors: one shallow hierarchy, mapped once to HTTP JSON and WebSocket answers."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.rules import IllegalAction


class AppError(Exception):
    """Base of every error a user can cause: an HTTP status, a machine code and a sentence."""

    status_code = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class BadRequest(AppError):
    """The request is malformed or asks for something that does not exist in the game."""


class NotSignedIn(AppError):
    """No valid session cookie."""

    status_code = 401
    code = "not_signed_in"


class Forbidden(AppError):
    """Signed in, but not allowed to do this (not the host, not a member, not your seat)."""

    status_code = 403
    code = "forbidden"


class NotFound(AppError):
    """No such lobby, match or invite code."""

    status_code = 404
    code = "not_found"


class Conflict(AppError):
    """The request clashes with the current state (lobby full, already started, not finished)."""

    status_code = 409
    code = "conflict"


class TooLarge(AppError):
    """The request body or frame is over its size limit."""

    status_code = 413
    code = "too_large"


class RateLimited(AppError):
    """Too many requests of one kind from one user or address in a short time."""

    status_code = 429
    code = "rate_limited"


class Unavailable(AppError):
    """The database could not be reached; nothing was changed, and the client may try again."""

    status_code = 503
    code = "unavailable"


class StaleAction(Conflict):
    """The client acted on an old version of the match."""

    code = "stale"


class RuleViolation(Conflict):
    """The rules refused the action; the code is the rules' own."""

    @classmethod
    def from_illegal(cls, error: IllegalAction) -> RuleViolation:
        """Wrap a rules error, keeping its code and sentence."""
        return cls(error.message, code=error.code)


def error_body(error: AppError) -> dict[str, Any]:
    """The JSON body (HTTP) and the ``d`` of a WebSocket ``error`` message."""
    return {"code": error.code, "message": error.message}


def close_code(error: AppError) -> int:
    """The WebSocket close code of an error that ends a socket: 4000 plus its HTTP status (4401
    not signed in, 4403 not allowed, 4404 no such match, 4429 too many sockets or messages),
    after which the page stops retrying and says why; 1013 (try again later) when the database
    is away."""
    return 1013 if isinstance(error, Unavailable) else 4000 + error.status_code


def json_error(error: AppError) -> JSONResponse:
    """The HTTP answer to an error: its status and ``{"detail": sentence, "code": code}``."""
    return JSONResponse(
        {"detail": error.message, "code": error.code}, status_code=error.status_code
    )


def server_error(path: str) -> Response:
    """The answer to a bug (an exception no handler took): JSON for the API, a plain page
    otherwise, saying nothing of the error itself (it goes to the log)."""
    message = "Something went wrong on our side; try again."
    if path.startswith("/api/"):
        return JSONResponse({"detail": message, "code": "internal"}, status_code=500)
    return PlainTextResponse(message, status_code=500)


def install_handlers(app: FastAPI) -> None:
    """Map errors to JSON answers for the API (pages render their own error page)."""

    async def app_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, AppError)
        return json_error(exc)

    async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        problems = [
            f"{'.'.join(str(part) for part in error['loc'][1:]) or 'body'}: {error['msg']}"
            for error in exc.errors()
        ]
        return JSONResponse(
            {"detail": "Invalid request: " + "; ".join(problems), "code": "invalid_request"},
            status_code=422,
        )

    async def http_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        return JSONResponse(
            {"detail": str(exc.detail), "code": f"http_{exc.status_code}"},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    app.add_exception_handler(AppError, app_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
