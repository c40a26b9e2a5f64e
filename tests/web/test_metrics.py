"""Issue 24, metrics at /metrics (Prometheus' text format): the moves stored and their time,
the group commits, sockets open and matches in memory, errors by code and rate-limit refusals,
each counted where it happens (read before and after, since the counters are the process's)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
from tests.web.helpers import Guest, MatchSocket, open_table, receive_until, start


def _read(client: TestClient) -> dict[str, float]:
    """Every sample of /metrics by its name and labels."""
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    samples = {}
    for line in answer.text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


def _next_error(socket: MatchSocket) -> str:
    """The code of the socket's next error frame (states, chat and presence pass by)."""
    while True:
        message = socket.receive_json()
        if message["t"] == "error":
            code: str = message["d"]["code"]
            return code


def _change(before: dict[str, float], after: dict[str, float], name: str) -> float:
    return after.get(name, 0.0) - before.get(name, 0.0)


def test_moves_sockets_errors_and_limits_are_counted(settings: Settings) -> None:
    limits = {**settings.rate_limits, "chat": (1.0, 0.001)}
    app = create_app(settings.model_copy(update={"bot_delay": 0.0, "rate_limits": limits}))
    with TestClient(app) as client:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])  # Coloretto, Ada and two bots
        before = _read(client)
        with ada.ws(match_id) as socket:
            state = receive_until(socket, mine=True)
            during = _read(client)
            # One move of Ada's (the bots may move on before and after it).
            socket.send_json({"t": "act", "v": state["v"], "d": state["d"]["legal"][0]})
            receive_until(socket, mine=True)
            socket.send_json({"t": "act", "v": 0, "d": {"type": "nonsense"}})  # stale
            socket.send_json({"t": "chat", "d": {"text": "hello"}})
            socket.send_json({"t": "chat", "d": {"text": "again"}})  # over the chat limit
            assert [_next_error(socket), _next_error(socket)] == ["stale", "rate_limited"]
        after = _read(client)
    assert _change(before, during, "parlor_sockets_open") == 1
    assert during["parlor_live_matches"] >= 1
    moved = _change(before, after, 'parlor_moves_committed_total{game="coloretto"}')
    assert moved >= 1
    assert _change(before, after, "parlor_move_seconds_count") == moved
    assert _change(before, after, 'parlor_errors_total{code="stale"}') == 1
    assert _change(before, after, 'parlor_errors_total{code="rate_limited"}') == 1
    assert _change(before, after, 'parlor_rate_limited_total{category="chat"}') == 1
    batches = [name for name in after if re.match(r"parlor_db_batch_items_count\{", name)]
    assert sum(_change(before, after, name) for name in batches) >= 1
