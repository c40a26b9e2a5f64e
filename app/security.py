"""Request guards: the client's address behind a trusted proxy, same-origin checks (CSRF,
WebSocket hijacking), request size limits and the browser hardening headers."""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import FastAPI
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.config import Settings
from app.errors import AppError, Forbidden, TooLarge, json_error, server_error
from app.logs import RequestContext

_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

_PAGE_SCHEME = {"http": "http", "ws": "http", "https": "https", "wss": "https"}
"""The scheme of the page that may open a connection of each scheme (wss from an https page)."""

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",  # fetch and the match socket go to this server only
        "script-src 'self'",  # the ES modules in static/js: no inline script, no eval
        "style-src 'self'",  # static/css: no style attributes or blocks
        "img-src 'self' data:",  # the empty favicon (templates/base.html)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",  # no other site frames a table (clickjacking)
    )
)

HSTS_MAX_AGE = 2 * 365 * 24 * 3600
"""Seconds a browser keeps to https once it saw the site over https (COOKIE_SECURE)."""


def install(app: FastAPI, settings: Settings) -> None:
    """Install the guards. Each middleware added wraps those added before it, so a request meets
    them in reverse: the forwarded address and scheme (a trusted proxy's word, settled before
    anything reads them), the request's id and access log line (with the visitor's address,
    every answer's status), then the headers (on every answer, refusals included), then the
    request guard."""
    app.add_middleware(RequestGuard, settings=settings)
    app.add_middleware(SecurityHeaders, settings=settings)
    app.add_middleware(RequestContext)
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)


def same_origin(connection: HTTPConnection, settings: Settings) -> bool:
    """Whether a request may come from the page that sent it: its ``Origin`` has the scheme,
    host and port of the request (the scheme the client used: a trusted proxy's
    ``X-Forwarded-Proto``) or is configured, or there is no ``Origin`` and the browser does not
    call it cross-site (non-browser clients send neither, and carry no one's cookie)."""
    headers = connection.headers
    origin = headers.get("origin")
    if origin is None:
        return headers.get("sec-fetch-site", "same-origin") != "cross-site"
    if origin in settings.allowed_origins:
        return True
    parts = urlsplit(origin)
    return (
        parts.scheme == _PAGE_SCHEME.get(connection.scope["scheme"])
        and parts.netloc.lower() == headers.get("host", "").lower()
    )


class SecurityHeaders:
    """ASGI middleware: the browser hardening headers on every HTTP answer (pages, API, static
    files, errors): the content security policy, no MIME sniffing, no invite code in a Referer
    to another site (not ``no-referrer``: with it a browser sends ``Origin: null`` on the page's
    own POSTs), and HSTS when the site is served over https only."""

    def __init__(self, app: ASGIApp, *, settings: Settings) -> None:
        self.app = app
        headers = {
            "content-security-policy": CONTENT_SECURITY_POLICY,
            "x-content-type-options": "nosniff",
            "referrer-policy": "same-origin",
        }
        if settings.cookie_secure:
            headers["strict-transport-security"] = f"max-age={HSTS_MAX_AGE}"
        self.headers = [(name.encode(), value.encode()) for name, value in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", ()), *self.headers]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            # A bug: answered here, inside this middleware, so the 500 carries the headers too
            # (Starlette's own answer comes from outside every middleware). Raised on for the
            # log; the outer handler sees the answer started and sends nothing more.
            if not started:
                state = getattr(scope.get("app"), "state", None)
                static_url = getattr(state, "static_url", None)
                answer = server_error(scope["path"], static_url=static_url)
                await answer(scope, receive, send_with_headers)
            raise


class RequestGuard:
    """ASGI middleware: refuses cross-site state-changing API requests (CSRF; the cookie is also
    SameSite=Lax) and request bodies over the size limit, before any route runs."""

    def __init__(self, app: ASGIApp, *, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in _UNSAFE:
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        path: str = scope["path"]
        limit = self.settings.max_upload if path == "/api/verify" else self.settings.max_body
        try:
            if path.startswith("/api/") and not same_origin(connection, self.settings):
                raise Forbidden("Requests from another site are refused.", code="bad_origin")
            body = await _read_body(receive, connection.headers, limit)
        except AppError as error:
            await json_error(error)(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)


async def _read_body(receive: Receive, headers: Headers, limit: int) -> bytes:
    too_large = TooLarge("Requests carry at most {size} KiB.", params={"size": limit // 1024})
    declared = headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk: bytes = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the already-read body to the app once, then passes through."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
