"""Request guards: same-origin checks (CSRF, WebSocket hijacking) and request size limits."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config import Settings
from app.errors import AppError, Forbidden, TooLarge, json_error

_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def same_origin(headers: Mapping[str, str], settings: Settings) -> bool:
    """Whether a request may come from the page that sent it: its ``Origin`` has the host and
    port of the request's ``Host`` or is configured, or there is no ``Origin`` and the browser
    does not call it cross-site (non-browser clients send neither, and carry no one's cookie)."""
    origin = headers.get("origin")
    if origin is None:
        return headers.get("sec-fetch-site", "same-origin") != "cross-site"
    if origin in settings.allowed_origins:
        return True
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()


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
        headers = Headers(scope=scope)
        path: str = scope["path"]
        limit = self.settings.max_upload if path == "/api/verify" else self.settings.max_body
        try:
            if path.startswith("/api/") and not same_origin(headers, self.settings):
                raise Forbidden("Requests from another site are refused.", code="bad_origin")
            body = await _read_body(receive, headers, limit)
        except AppError as error:
            await json_error(error)(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)


async def _read_body(receive: Receive, headers: Headers, limit: int) -> bytes:
    too_large = TooLarge(f"Requests carry at most {limit // 1024} KiB.")
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
