"""Logging (issue 24): configured once at start, as plain lines or JSON lines (``LOG_FORMAT``),
each with the id of the request it came from; and the access log, written here with the codes
that grant a seat or a view of a table cut out of every path.

A request's id is nginx's ``$request_id`` (passed as ``X-Request-ID``) or a new one, set for
everything the request runs (a context variable: tasks it starts, such as bot moves, keep it),
and sent back in the answer's ``X-Request-ID``.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import IO, Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

request_id: ContextVar[str] = ContextVar("request_id", default="-")
"""The id of the request being served ("-": none, e.g. housekeeping)."""

access = logging.getLogger("parlor.access")

_GOOD_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
"""An id taken from a request as it is (nginx's are 32 hex digits); anything else is replaced:
a client's header must not write arbitrary text into the log."""
_CODE_IN_PATH = re.compile(r"^/(join|watch|seat)/[^/]+")
_CODE_IN_QUERY = re.compile(r"(^|&)(watch|code|next)=[^&]*")
CUT = "…"
"""What stands in a logged path for an invite, watch or seat code."""


def without_codes(path: str, query: str = "") -> str:
    """A request's path and query as the access log writes them: ``/join/CODE``,
    ``/watch/CODE``, ``/seat/CODE`` and ``watch=CODE`` hand a seat or a view of a private table
    to whoever reads them, so the codes are cut; so is ``next=`` (the page to return to after
    signing in), which may hold any of them, URL-encoded."""
    path = _CODE_IN_PATH.sub(lambda found: f"/{found.group(1)}/{CUT}", path)
    query = _CODE_IN_QUERY.sub(lambda found: f"{found.group(1)}{found.group(2)}={CUT}", query)
    return f"{path}?{query}" if query else path


class _RequestId(logging.Filter):
    """Puts the current request's id on every record (``%(request_id)s``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, request id, message, and the
    traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", "-"),
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


PLAIN = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def configure(*, form: str, level: str, stream: IO[str] | None = None) -> logging.Handler:
    """Send every logger's records (uvicorn's included) to ``stream`` (standard error) as
    ``form`` ("plain" or "json") from ``level`` up; returns the handler."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(_RequestId())
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(PLAIN))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler


class RequestContext:
    """ASGI middleware: each request's id (kept from ``X-Request-ID`` when it is a plain token,
    else made), sent back in ``X-Request-ID``, and its access log line once answered: client,
    method, path without codes, status and time taken. A socket's line is written when it
    closes (status 101 once it was accepted)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        token = request_id.set(given if _GOOD_ID.fullmatch(given) else secrets.token_hex(16))
        status = 0
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            kind = message["type"]
            if kind == "http.response.start":
                status = message["status"]
                header = (b"x-request-id", request_id.get().encode())
                message = {**message, "headers": [*message.get("headers", ()), header]}
            elif kind == "websocket.accept":
                status = 101
            elif kind == "websocket.close" and not status:
                status = 403  # refused before it was accepted (the handshake's answer)
            elif kind == "websocket.http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            client = scope.get("client")
            access.info(
                '%s "%s %s" %s %.1f ms',
                client[0] if client else "-",
                "WS" if scope["type"] == "websocket" else scope["method"],
                without_codes(scope["path"], scope.get("query_string", b"").decode("latin-1")),
                status or 500,
                (time.perf_counter() - started) * 1000,
            )
            request_id.reset(token)
