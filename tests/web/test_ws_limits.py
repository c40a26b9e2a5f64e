"""One user cannot stall a table (issue 16): every kind of socket frame is rate-limited per user,
syncs included (before, one socket asking for the full state in a loop stalled everyone's moves
for seconds); a refused frame is answered once a second at most, the rest are dropped, and a
socket that keeps flooding is closed (4429); a user has a bounded number of sockets; a frame
nested too deep is an error frame, not a dropped socket."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.limits import Flood, Refusal
from app.main import create_app
from tests.web.helpers import Counts, Guest, MatchSocket, open_table, receive_until, start

Tight = Callable[..., TestClient]


@pytest.fixture
def tight(settings: Settings) -> Iterator[Tight]:
    """Opens the app with some limits made small (rate limits by category, other settings by
    name), to reach them in a few frames."""
    opened: list[TestClient] = []

    def open_app(limits: dict[str, tuple[float, float]], **changes: Any) -> TestClient:
        rate_limits = {**settings.rate_limits, **limits}
        client = TestClient(
            create_app(settings.model_copy(update={"rate_limits": rate_limits, **changes}))
        )
        opened.append(client.__enter__())
        return client

    yield open_app
    for client in opened:
        client.__exit__(None, None, None)


def _answers(socket: MatchSocket, count: int) -> list[Any]:
    """The next ``count`` frames other than presence, each as its kind ("state") or, for an
    error, its code."""
    seen: list[Any] = []
    while len(seen) < count:
        message = socket.receive_json()
        if message["t"] == "error":
            seen.append(message["d"]["code"])
        elif message["t"] != "presence":
            seen.append(message["t"])
    return seen


def _closed(socket: MatchSocket) -> tuple[int, str]:
    """The code and reason the socket is closed with next (no frame before it)."""
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return closed.value.code, closed.value.reason


def _at_my_turn(client: TestClient, name: str = "Ada") -> tuple[Guest, int]:
    """A guest's Coloretto match with two bots, started (the bots move until it is theirs)."""
    guest = Guest(client, name)
    return guest, start(guest, open_table(guest)["id"])


class TestFrameLimits:
    def test_syncs_are_limited_and_refused_ones_cost_no_state(self, tight: Tight) -> None:
        client = tight({"sync": (2.0, 0.001)})
        ada, match_id = _at_my_turn(client)
        with ada.ws(match_id) as socket:
            receive_until(socket, mine=True)  # nothing moves now until Ada does
            for _ in range(6):
                socket.send_json({"t": "sync"})
            socket.send_text("{")  # a marker: everything before its answer has arrived
            assert _answers(socket, 4) == ["state", "state", "rate_limited", "bad_message"]

    def test_a_flood_of_moves_and_chat_is_told_once_and_changes_nothing(
        self, tight: Tight, counts: Counts
    ) -> None:
        client = tight({"act": (1.0, 0.001), "chat": (1.0, 0.001)})
        ada, match_id = _at_my_turn(client)
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
            move = {"t": "act", "v": mine["v"], "d": mine["d"]["legal"][0]}
            socket.send_json({**move, "v": mine["v"] - 1})  # spends the only move (stale)
            socket.send_json({"t": "chat", "d": {"text": "hi"}})  # and the only chat line
            assert _answers(socket, 3) == ["stale", "state", "chat"]
            before = counts(match_id=match_id)
            for _ in range(5):
                socket.send_json(move)
                socket.send_json({"t": "chat", "d": {"text": "spam"}})
            socket.send_text("{")
            assert _answers(socket, 2) == ["rate_limited", "bad_message"]
            assert counts(match_id=match_id) == before

    def test_every_frame_counts_once_per_user_and_a_flooding_socket_is_closed(
        self, tight: Tight
    ) -> None:
        client = tight({"frame": (4.0, 0.001)}, flood_frames=2)
        ada, match_id = _at_my_turn(client)
        with ada.ws(match_id) as first, ada.ws(match_id) as second:
            receive_until(first, mine=True)
            receive_until(second, mine=True)
            for text in ("{", "[]"):  # any kind of frame counts, bad ones too
                first.send_text(text)
            second.send_json({"t": "sync"})
            second.send_json({"t": "sync"})
            assert _answers(first, 2) == ["bad_message", "bad_message"]
            assert _answers(second, 2) == ["state", "state"]
            # Ada's four frames are spent, over both her sockets: each is told once, then a
            # socket that goes on past ``flood_frames`` refusals in a second is closed.
            first.send_json({"t": "sync"})
            assert _answers(first, 1) == ["rate_limited"]
            for _ in range(3):
                second.send_json({"t": "sync"})
            assert _answers(second, 1) == ["rate_limited"]
            code, reason = _closed(second)
            assert code == 4429 and "Too many messages" in reason
            ben, other = _at_my_turn(client, "Ben")  # another user is not limited by Ada
            with ben.ws(other) as socket:
                receive_until(socket, mine=True)
                socket.send_json({"t": "sync"})
                assert _answers(socket, 1) == ["state"]

    def test_a_frame_nested_deep_is_an_error_and_the_socket_stays(self, client: TestClient) -> None:
        ada, match_id = _at_my_turn(client)
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
            socket.send_text("[" * 30_000 + "]" * 30_000)
            # Parsed (under the parser's limit of 1024 levels), then refused as a move.
            nested = "[" * 1000 + "]" * 1000
            socket.send_text(f'{{"t": "act", "v": {mine["v"]}, "d": {nested}}}')
            socket.send_json({"t": "sync"})
            answers = _answers(socket, 3)
            assert answers[0] == "bad_message" and answers[1] != "state"
            assert answers[2] == "state"

    def test_a_refused_frame_is_told_once_a_window(self) -> None:
        flood = Flood(limit=3, window=1.0)
        assert [flood.refused(10.0 + step / 10) for step in range(4)] == [
            Refusal.TELL,
            Refusal.DROP,
            Refusal.DROP,
            Refusal.CLOSE,  # a fourth refusal within the second
        ]
        assert flood.refused(11.0) is Refusal.TELL  # a new second: told again


class TestSocketsPerUser:
    def test_a_user_has_a_bounded_number_of_sockets(self, tight: Tight) -> None:
        client = tight({}, max_sockets=2)
        ada, match_id = _at_my_turn(client)
        with ada.ws(match_id) as first:
            with ada.ws(match_id) as second:
                receive_until(second, mine=True)
                with ada.ws(match_id) as third:
                    code, reason = _closed(third)
                assert code == 4429 and "2 tables open already" in reason
                ben, other = _at_my_turn(client, "Ben")  # counted per user
                with ben.ws(other) as socket:
                    assert _answers(socket, 1) == ["state"]
            with ada.ws(match_id) as again:  # one closed: another may open
                assert _answers(again, 1) == ["state"]
            first.send_json({"t": "sync"})
            assert "state" in _answers(first, 1)

    def test_new_sockets_are_rate_limited_per_login(self, tight: Tight) -> None:
        client = tight({"connect": (2.0, 0.001)})
        ada, match_id = _at_my_turn(client)
        for _ in range(2):
            with ada.ws(match_id) as socket:
                assert _answers(socket, 1) == ["state"]
        # Refused at the handshake, before any database work: HTTP 429, which a page takes for a
        # lost connection and retries with its backoff, as the bucket refills.
        with pytest.raises(WebSocketDenialResponse) as refused, ada.ws(match_id):
            pass
        assert refused.value.status_code == 429 and refused.value.json()["code"] == "rate_limited"
        ben, other = _at_my_turn(client, "Ben")  # another login is not limited by Ada's
        with ben.ws(other) as socket:
            assert _answers(socket, 1) == ["state"]
