"""Issue 24, logs: configured as plain or JSON lines, each with its request's id (nginx's
``X-Request-ID`` when it is a plain token, else a new one, sent back in the answer), and an
access line per request and per socket from which the codes that grant a seat or a view of a
private table are cut."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.logs import CUT, configure, without_codes
from app.main import create_app
from tests.web.helpers import Guest, open_table, start, watch_code


@pytest.mark.parametrize(
    ("path", "query", "written"),
    [
        ("/join/AbC-123_x", "", f"/join/{CUT}"),
        ("/seat/AbC-123_x", "", f"/seat/{CUT}"),
        ("/watch/AbC-123_x", "", f"/watch/{CUT}"),
        ("/match/7", "watch=AbC-123_x", f"/match/7?watch={CUT}"),
        ("/ws/matches/7", "x=1&watch=AbC&y=2", f"/ws/matches/7?x=1&watch={CUT}&y=2"),
        ("/api/lobbies/3", "", "/api/lobbies/3"),
        ("/static/join/app.js", "", "/static/join/app.js"),  # only a path that starts so
    ],
)
def test_codes_are_cut_from_logged_paths(path: str, query: str, written: str) -> None:
    assert without_codes(path, query) == written


@contextmanager
def _logging(form: str, level: str) -> Iterator[io.StringIO]:
    """Every log line written meanwhile, configured as the server configures it (the root
    logger's handlers are the test runner's again afterwards)."""
    root = logging.getLogger()
    kept, kept_level = list(root.handlers), root.level
    stream = io.StringIO()
    configure(form=form, level=level, stream=stream)
    try:
        yield stream
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in kept:
            root.addHandler(handler)
        root.setLevel(kept_level)


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """The app's log lines while the test runs, as JSON lines."""
    with _logging("json", "INFO") as stream:
        yield stream


def _access(stream: io.StringIO) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    return [line for line in lines if line["logger"] == "parlor.access"]


def test_no_code_reaches_the_access_log(settings: Settings, log_lines: io.StringIO) -> None:
    with TestClient(create_app(settings)) as client:
        ada = Guest(client, "Ada")
        lobby = open_table(ada)
        match_id = start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        ben = Guest(client, "Ben")
        ben.get(f"/join/{lobby['invite_code']}")
        ben.get(f"/watch/{watch}")  # and on to the match page, with the code
        with ben.ws(match_id, watch=watch) as socket:
            socket.receive_json()
    # The server's lines, not the test client's own (httpx logs the URLs it asks for).
    lines = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    text = "\n".join(json.dumps(line) for line in lines if not line["logger"].startswith("httpx"))
    assert lobby["invite_code"] not in text and watch not in text
    written = [line["message"] for line in _access(log_lines)]
    assert any(f'"GET /join/{CUT}" 200' in line for line in written), written
    assert any(f'"GET /watch/{CUT}" 30' in line for line in written), written
    assert any(f'"GET /match/{match_id}?watch={CUT}" ' in line for line in written), written
    assert any(f'"WS /ws/matches/{match_id}?watch={CUT}" 101' in line for line in written)


def test_the_page_to_return_to_is_cut_from_the_access_log(
    settings: Settings, log_lines: io.StringIO
) -> None:
    # A signed-out visitor of a watch link is sent to sign in first, with the link to return to
    # (issue 25): the code travels URL-encoded in next=.
    with TestClient(create_app(settings)) as client:
        ada = Guest(client, "Ada")
        lobby = open_table(ada)
        start(ada, lobby["id"])
        watch = watch_code(ada, lobby["id"])
        client.get(f"/?next=%2Fwatch%2F{watch}")
    written = [line["message"] for line in _access(log_lines)]
    assert watch not in "\n".join(written)
    assert any(f'"GET /?next={CUT}" 200' in line for line in written), written


def test_each_request_has_an_id_in_its_answer_and_its_lines(
    settings: Settings, log_lines: io.StringIO
) -> None:
    with TestClient(create_app(settings)) as client:
        given = client.get("/healthz", headers={"X-Request-ID": "0123abcd" * 4})
        made = client.get("/healthz")
        forged = client.get("/healthz", headers={"X-Request-ID": 'x" 200 injected'})
    assert given.headers["x-request-id"] == "0123abcd" * 4
    for answer in (made, forged):
        assert len(answer.headers["x-request-id"]) == 32
        int(answer.headers["x-request-id"], 16)
    ids = [line["request_id"] for line in _access(log_lines)]
    assert ids == [answer.headers["x-request-id"] for answer in (given, made, forged)]
    assert "injected" not in log_lines.getvalue()


def test_plain_lines_carry_time_level_logger_and_request_id() -> None:
    with _logging("plain", "WARNING") as stream:
        logging.getLogger("app.test").info("not written: below the level")
        logging.getLogger("app.test").warning("a line")
    (line,) = stream.getvalue().splitlines()
    assert line.endswith(" WARNING app.test [-] a line") and line[:4].isdigit()
