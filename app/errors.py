"""Application errors: one shallow hierarchy, and the one map from an error to each answer: the
JSON body (``{"detail": sentence, "code": code}``, over HTTP and in a match socket's error
frame alike), the socket's close code (and the closes that are no user's error), and the error
page's data: people's pages answer the HTML error page, the API, sockets, static files and
probes JSON or plain text (``is_page_path``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.i18n import CURRENT, N_, _, catalogs, format_message
from app.metrics import ERRORS
from app.rules import IllegalAction


class AppError(Exception):
    """Base of every error a user can cause: an HTTP status, a machine code and a sentence."""

    status_code = 400
    code = "bad_request"

    def __init__(
        self, message: str, *, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        """``message`` is a message id with its ``params`` in braces (``app.i18n``), shown in the
        reader's language; ``self.message`` is the English sentence (for logs)."""
        self.template = message
        self.params = dict(params or {})
        self.message = format_message(message, self.params)
        super().__init__(self.message)
        if code is not None:
            self.code = code

    def sentence(self) -> str:
        """The sentence in the language of the request or socket being served."""
        return catalogs().translate(self.template, self.params)


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


class InvalidRequest(AppError):
    """The request's JSON does not have the shape its route takes (FastAPI's validation)."""

    status_code = 422
    code = "invalid_request"


class Internal(AppError):
    """A bug: an exception no handler took (what it was goes to the log, not to the client)."""

    status_code = 500
    code = "internal"


class StaleAction(Conflict):
    """The client acted on an old version of the match."""

    code = "stale"


class RuleViolation(Conflict):
    """The rules refused the action; the code is the rules' own."""

    @classmethod
    def from_illegal(cls, error: IllegalAction) -> RuleViolation:
        """Wrap a rules error, keeping its code, its sentence and its parameters."""
        return cls(error.template, code=error.code, params=error.params)


def error_body(error: AppError) -> dict[str, Any]:
    """The JSON of an error, over HTTP and in a socket's error frame: ``{"detail": sentence,
    "code": code}`` (counted in ``parlor_errors``)."""
    ERRORS.labels(error.code).inc()
    return {"detail": error.sentence(), "code": error.code}


def json_error(error: AppError, *, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """The HTTP answer to an error: its status and its ``error_body``."""
    return JSONResponse(error_body(error), status_code=error.status_code, headers=headers)


def error_frame(error: AppError, *, version: int) -> dict[str, Any]:
    """The match socket's message for a refused frame, at the match's ``version``; the socket
    stays open."""
    return {"t": "error", "v": version, "d": error_body(error)}


def close_code(error: AppError) -> int:
    """The WebSocket close code of an error that ends a socket: 4000 plus its HTTP status (4401
    not signed in, 4403 not allowed, 4404 no such match, 4429 too many sockets or messages),
    after which the page stops retrying and says why; 1013 (try again later) when the database
    is away. Counted in ``parlor_errors``: ask once per socket closed."""
    ERRORS.labels(error.code).inc()
    return 1013 if isinstance(error, Unavailable) else 4000 + error.status_code


@dataclass(frozen=True)
class Close:
    """A socket close that is not a user's error: its WebSocket close code and reason."""

    code: int
    reason: str


RESTARTING = Close(1012, "Server restarting: reconnect")
"""Every socket of a server that stops (1012 service restart): the pages reconnect on their
own and resync from ``v``."""
FOREIGN_ORIGIN = Close(1008, "Origin not allowed")
"""A socket opened by a page of another site (1008 policy violation), refused at the
handshake: no cross-site WebSocket hijacking with the visitor's cookie."""
FRAME_TOO_BIG = Close(1009, "Frame over 64 KiB")
"""A socket that sent a frame over ``app.matches.ws.MAX_FRAME`` (1009 message too big)."""


_HEADINGS = {
    400: N_("That request made no sense"),
    401: N_("Pick a name first"),
    403: N_("Not allowed"),
    404: N_("Page not found"),
    405: N_("Not a page"),
    409: N_("Not now"),
    413: N_("Too large"),
    429: N_("Too many requests"),
    503: N_("Parlor is unavailable"),
}


_SOMETHING_WRONG = N_("Something went wrong")


def page_heading(status: int) -> str:
    """The error page's heading (and tab title): what went wrong, in a few words."""
    heading = _HEADINGS.get(status, _SOMETHING_WRONG)
    return _(heading)


def page_data(error: AppError) -> dict[str, Any]:
    """What the HTML error page (templates/error.html) shows: the status, a heading saying what
    went wrong, and the sentence."""
    ERRORS.labels(error.code).inc()
    return {
        "status": error.status_code,
        "heading": page_heading(error.status_code),
        "message": error.sentence(),
    }


_MACHINE_PATHS = frozenset({"/healthz", "/readyz", "/metrics", "/openapi.json"})
_MACHINE_PREFIXES = ("/api/", "/ws/", "/static/")


def is_page_path(path: str) -> bool:
    """Whether ``path`` is one people open in a browser (their errors are HTML pages) rather
    than the API, a socket, a static file or a probe (their errors stay JSON or plain)."""
    return path not in _MACHINE_PATHS and not path.startswith(_MACHINE_PREFIXES)


ErrorPage = Callable[[Request, AppError], Awaitable[Response]]
"""Renders the HTML error page for a failed page request (``app.pages.error_response``)."""


_SERVER_ERROR_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>{heading} · Parlor</title>
  {stylesheet}
</head>
<body>
  <main class="narrow error-page">
    <p class="error-status">500</p>
    <h1>{heading}</h1>
    <p class="lead">{message}</p>
    <p><a class="btn" href="/">{back}</a></p>
  </main>
</body>
</html>
"""
"""The page for a bug, written out rather than rendered: whatever failed may be the template
engine or the database the page's header reads (no script, no inline style: the policy holds)."""


def server_error(path: str, *, static_url: str | None = None) -> Response:
    """The answer to a bug: JSON for the API, an HTML page for people's pages (styled with
    ``static_url``'s stylesheet when given), plain text for the rest, saying nothing of the
    error itself (it goes to the log)."""
    error = Internal("Something went wrong on our side; try again.")
    if not is_page_path(path):
        if path.startswith("/api/"):
            return json_error(error)
        return PlainTextResponse(error.sentence(), status_code=error.status_code)
    ERRORS.labels(error.code).inc()
    stylesheet = f'<link rel="stylesheet" href="{static_url}/css/parlor.css">' if static_url else ""
    return HTMLResponse(
        _SERVER_ERROR_PAGE.format(
            lang=CURRENT.get(),
            stylesheet=stylesheet,
            heading=escape(_(_SOMETHING_WRONG)),
            message=escape(error.sentence()),
            back=escape(_("Back to the home page")),
        ),
        status_code=error.status_code,
    )


def install_handlers(app: FastAPI, *, error_page: ErrorPage) -> None:
    """Map errors to answers: JSON for the API, the HTML ``error_page`` for people's pages
    (decided by the path, ``is_page_path``). Page routes render their own refusals; these
    handlers catch what fails before a route runs (no such route, a malformed id)."""

    async def app_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AppError)
        if is_page_path(request.url.path):
            return await error_page(request, exc)
        return json_error(exc)

    async def validation_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        if is_page_path(request.url.path):
            # A page's parameters are its address (/match/abc, /replay/-1): one that does not
            # parse names no page, so the visitor is told so rather than shown pydantic's terms.
            return await error_page(
                request, NotFound("There is no page at this address.", code="no_page")
            )
        problems = [
            f"{'.'.join(str(part) for part in error['loc'][1:]) or 'body'}: {error['msg']}"
            for error in exc.errors()
        ]
        return json_error(
            InvalidRequest("Invalid request: {problems}", params={"problems": "; ".join(problems)})
        )

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if is_page_path(request.url.path):
            sentence = (
                N_("There is no page at this address.")
                if exc.status_code == 404
                else N_("This address cannot be opened that way.")
                if exc.status_code == 405
                else str(exc.detail)
            )
            page_error = AppError(sentence, code=f"http_{exc.status_code}")
            page_error.status_code = exc.status_code
            answer = await error_page(request, page_error)
            answer.headers.update(exc.headers or {})
            return answer
        error = AppError(str(exc.detail), code=f"http_{exc.status_code}")
        error.status_code = exc.status_code
        return json_error(error, headers=exc.headers)

    app.add_exception_handler(AppError, app_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
