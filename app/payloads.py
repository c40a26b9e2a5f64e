"""JSON sent by clients: refused before it is parsed when it nests deeper than any real one.

Python's parser recurses once per array or object: JSON nested a thousand deep ran it out of
stack (a RecursionError, a 500), and less deep it reached code that recurses as well. Every API
body (``CheckedRoute``) and uploaded record (``loads``) is checked first, in linear time; so can
any other JSON text be (``too_deep``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Coroutine
from itertools import accumulate
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from app.errors import BadRequest

MAX_DEPTH = 32
"""How many arrays and objects a client's JSON may open inside one another. A match record,
the deepest JSON there is, nests 8 deep (its result's detail); a move nests 3 deep."""

_STRING = re.compile(r'"[^"\\]*(?:\\(?:.|\Z)[^"\\]*)*(?:"|\Z)', re.DOTALL)
"""A JSON string, or an unterminated one up to the end: once started it always matches, so the
search never backtracks (linear time, whatever the text)."""
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")
_STEP = [1 if byte in b"[{" else -1 if byte in b"]}" else 0 for byte in range(256)]


def too_deep(text: str) -> bool:
    """Whether JSON text opens more than ``MAX_DEPTH`` arrays or objects inside one another
    (brackets within strings do not count)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False  # too few brackets to nest that deep: nearly every body
    outside = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    depths = accumulate(map(_STEP.__getitem__, outside.translate(None, _NOT_BRACKETS)))
    return any(depth > MAX_DEPTH for depth in depths)


def check_depth(body: bytes) -> None:
    """Refuse a body whose JSON nests deeper than ``MAX_DEPTH`` (400 ``too_deep``)."""
    try:
        # Decoded as json.loads decodes bytes: UTF-8, or UTF-16/32 told by their first bytes.
        text = body.decode(json.detect_encoding(body), "surrogatepass")
    except UnicodeDecodeError:
        return  # not text: the parser refuses it without recursing
    if too_deep(text):
        raise BadRequest(
            "This JSON nests arrays and objects more than {limit} deep; nothing Parlor reads"
            " needs more.",
            code="too_deep",
            params={"limit": MAX_DEPTH},
        )


def loads(body: bytes, *, refusal: str) -> Any:
    """Parse the JSON a client sent once its depth is checked; ``refusal`` is the sentence when
    it is not JSON (400 ``bad_json``)."""
    check_depth(body)
    try:
        return json.loads(body)
    except ValueError as error:  # undecodable bytes, or not JSON
        raise BadRequest(refusal, code="bad_json") from error


class CheckedRoute(APIRoute):
    """An API route whose JSON body is checked (``check_depth``) before FastAPI parses it."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """FastAPI's handler (parse, validate, run), behind the depth check for routes with a
        body."""
        handler = super().get_route_handler()
        if self.body_field is None:
            return handler

        async def checked(request: Request) -> Response:
            check_depth(await request.body())
            return await handler(request)

        return checked
