"""The HTTP API's description at ``/openapi.json`` (issue 24): operation ids ``{tag}-{name}``,
summaries from the handlers' docstrings, the ``Location`` of what a 201 created, and the error
answers as Parlor sends them (``{"detail": sentence, "code": code}``, ``app.errors.error_body``)
for every status an API call may answer with, in place of FastAPI's own validation error
shape, which Parlor never sends. The match socket's protocol is in docs/protocol.md."""

from __future__ import annotations

import re

from fastapi import APIRouter
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field


class ErrorBody(BaseModel):
    """Every error answer of the API, and the ``d`` of a socket's error frame."""

    detail: str = Field(description="What went wrong, in a sentence for people.")
    code: str = Field(description="What went wrong, for programs (e.g. not_your_turn, stale).")


ERRORS: dict[int, str] = {
    400: "Malformed: not JSON, nested too deep, or a bad value (code says which).",
    401: "Not signed in (code not_signed_in).",
    403: "Not allowed: another site's request, another's seat, the host's power.",
    404: "No such thing, or not one this visitor may see.",
    409: "Conflicts with the table's state: stale version, illegal move, full table.",
    413: "The body, or the work it asks for, is too large.",
    422: "The request's fields are invalid (code invalid_request; detail names each field).",
    429: "Over a rate limit (code rate_limited; detail says when to try again).",
    503: "Busy or the database is away: try again shortly.",
}


def operation_id(route: APIRoute) -> str:
    """``{tag}-{name}``: the route's first tag and its handler's name ("lobbies-add-bot")."""
    tag = str(route.tags[0]) if route.tags else "parlor"
    return f"{tag}-{route.name.replace('_', '-')}"


def summary(docstring: str) -> str:
    """A docstring's first sentence, on one line (without its full stop)."""
    paragraph = " ".join(docstring.strip().split("\n\n")[0].split())
    return re.split(r"(?<=\.)\s", paragraph)[0].rstrip(".")


def document(router: APIRouter) -> APIRouter:
    """Give every route of ``router`` its summary (its handler's docstring's first line) and
    Parlor's error answers (so FastAPI adds none of its own); returns the router."""
    for route in router.routes:
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        if route.summary is None and route.endpoint.__doc__:
            route.summary = summary(route.endpoint.__doc__)
        for status, description in ERRORS.items():
            route.responses.setdefault(status, {"model": ErrorBody, "description": description})
        if route.status_code == 201:  # a creation says where what it made lives
            location = {"description": "Where it is: GET it there.", "schema": {"type": "string"}}
            created = route.responses.setdefault(201, {"description": "Created"})
            created.setdefault("headers", {})["Location"] = location
    return router
