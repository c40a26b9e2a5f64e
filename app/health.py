"""Liveness and readiness for load balancers and orchestrators (issue 24): ``/healthz`` answers
while the process serves; ``/readyz`` only when this instance can play a move: its database
answers, its schema is at the newest migration, and on Postgres it hears the other instances'
signals (design 2.4)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from app.answers import Alive, Readiness, answer
from app.db import Database, head_revision
from app.signals import Signals

router = APIRouter(tags=["health"])


@router.get(
    "/healthz",
    operation_id="health-alive",
    summary="The process serves",
    response_model=None,
    responses=answer(Alive),
)
async def alive() -> dict[str, bool]:
    """Always ``{"ok": true}`` while the process answers."""
    return {"ok": True}


@router.get(
    "/readyz",
    operation_id="health-ready",
    summary="This instance can serve play",
    responses={
        **answer(Readiness),
        503: {"model": Readiness, "description": "Not ready: ``checks`` says which part failed."},
    },
)
async def ready(request: Request) -> JSONResponse:
    """``{"ok": bool, "checks": {...}}``: 200 when every check holds, else 503."""
    checks = await readiness(request.app.state.db, request.app.state.signals)
    ok = all(value is True for value in checks.values())
    return JSONResponse({"ok": ok, "checks": checks}, status_code=200 if ok else 503)


async def readiness(db: Database, signals: Signals | None) -> dict[str, Any]:
    """Each check's result: ``True``, or a sentence saying what is wrong."""
    checks: dict[str, Any] = {}
    try:
        revision = await db.schema_revision()
    except Exception as error:  # unreachable, refused, or no schema at all
        checks["database"] = f"unreachable: {type(error).__name__}"
        checks["migrations"] = "unknown: the database is unreachable"
    else:
        checks["database"] = True
        head = head_revision()
        checks["migrations"] = (
            True if revision == head else f"at {revision or 'none'}, not at {head}"
        )
    if signals is not None:
        checks["signals"] = True if signals.connected else "not listening to other instances"
    return checks
