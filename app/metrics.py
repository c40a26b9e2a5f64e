"""Prometheus metrics (issue 24), served at ``/metrics`` in the text format for a scraper on the
instances' network (nginx does not pass the path on: deploy/nginx.conf).

Counters and histograms are the process's, kept in one registry of this module, and counted
where the thing happens: a move stored and sent (``moves.advance``), a batch committed
(``Database``), an error answered (``errors``: HTTP answers, socket error frames and closes,
error pages), a rate limit refusing (``RateLimits``). The gauges, sockets open and matches in
memory, are read from the hub when scraped.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

REGISTRY = CollectorRegistry()

MOVES = Counter(
    "parlor_moves_committed",
    "Moves stored and sent to the table (players', bots' and stand-ins'), by game.",
    ["game"],
    registry=REGISTRY,
)
MOVE_SECONDS = Histogram(
    "parlor_move_seconds",
    "A move from its arrival to its commit and its frames queued for every socket.",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0),
    registry=REGISTRY,
)
BATCH_SIZE = Histogram(
    "parlor_db_batch_items",
    "Items committed together in one transaction (group commit), by store.",
    ["store"],
    buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256, 500),
    registry=REGISTRY,
)
COMMIT_SECONDS = Histogram(
    "parlor_db_commit_seconds",
    "One group commit's transaction, from its start to its commit, by store.",
    ["store"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0),
    registry=REGISTRY,
)
ERRORS = Counter(
    "parlor_errors",
    "Errors answered (refused requests, socket frames and sockets, error pages), by code.",
    ["code"],
    registry=REGISTRY,
)
RATE_LIMITED = Counter(
    "parlor_rate_limited",
    "Requests, frames and sockets refused by a rate limit, by category.",
    ["category"],
    registry=REGISTRY,
)
SOCKETS = Gauge("parlor_sockets_open", "Match sockets open on this instance.", registry=REGISTRY)
LIVE_MATCHES = Gauge(
    "parlor_live_matches", "Matches held in this instance's memory.", registry=REGISTRY
)

router = APIRouter(include_in_schema=False)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """Every metric, in Prometheus' text format."""
    hub = request.app.state.hub
    SOCKETS.set(hub.socket_count())
    LIVE_MATCHES.set(len(hub.live_matches()))
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
