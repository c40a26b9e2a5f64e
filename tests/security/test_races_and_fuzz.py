"""The same move sent twice at once is applied once; random and malformed frames change nothing."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

from starlette.testclient import TestClient

from tests.web.helpers import Counts, Guest, open_table, receive_until, start


def _waiting_for(ada: Guest, match_id: int) -> dict[str, Any]:
    """The first state in which it is Ada's turn (the bots then wait for her)."""
    with ada.ws(match_id) as socket:
        return receive_until(socket, mine=True)


class TestSameMoveTwice:
    def test_two_clients_send_the_same_move_at_once(
        self, client: TestClient, counts: Counts
    ) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        mine = _waiting_for(ada, match_id)
        seq, action = mine["v"], mine["d"]["legal"][0]
        before = counts(match_id=match_id)
        barrier = threading.Barrier(2)
        answers: list[int] = []

        def send() -> None:
            barrier.wait()
            response = ada.client.request(
                "POST",
                f"/api/matches/{match_id}/actions",
                json={"seq": seq, "action": action},
                headers=ada.headers,
            )
            answers.append(response.status_code)

        threads = [threading.Thread(target=send) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        client.cookies.clear()
        assert sorted(answers) == [200, 409]
        after = counts(match_id=match_id)
        assert after["actions"] >= before["actions"] + 1  # bots may have moved after it
        record = ada.get(f"/api/matches/{match_id}").json()
        assert record["seq"] == after["version"] == after["actions"]


def _fuzz_frames(rng: random.Random, seq: int) -> list[str]:
    """Random and malformed frames: wrong types, huge numbers, unicode, bad JSON, deep nesting."""
    values: list[Any] = [
        None,
        True,
        0,
        -1,
        2**63,
        -(2**64),
        1e308,
        "",
        "ü🎲\u0000",
        "x" * 2000,
        [],
        {},
        [1, [2, [3]]],
    ]
    frames = [
        "",
        "{",
        "null",
        "[]",
        "42",
        '"act"',
        "{" * 500 + "}" * 500,
        "\udcff".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
        json.dumps({"t": "act"}),
        json.dumps({"t": "act", "v": seq}),
        json.dumps({"t": "act", "v": seq, "d": {"type": "take_row", "row": "1"}}),
        json.dumps({"t": "act", "v": seq, "d": {"type": "place_card", "row": True}}),
        json.dumps({"t": "act", "v": str(seq), "d": {"type": "draw"}}),
        json.dumps({"t": "act", "v": seq, "d": {"type": "draw", "extra": 1}}),
        json.dumps({"t": ["sync"]}),
    ]
    for _ in range(150):
        frame: dict[str, Any] = {}
        for key in rng.sample(["t", "v", "d", "x"], k=rng.randint(0, 4)):
            frame[key] = rng.choice([*values, "act", "sync", seq, {"type": rng.choice(values)}])
        if frame.get("t") == "sync":
            frame["t"] = "syn"  # a sync is valid; keep every frame refusable
        frames.append(json.dumps(frame))
    return frames


class TestSocketFuzz:
    def test_random_frames_get_errors_and_change_nothing(
        self, client: TestClient, counts: Counts
    ) -> None:
        ada = Guest(client, "Ada")
        match_id = start(ada, open_table(ada)["id"])
        with ada.ws(match_id) as socket:
            mine = receive_until(socket, mine=True)
            seq = mine["v"]
            before = counts(match_id=match_id)
            frames = _fuzz_frames(random.Random(2026), seq)
            for frame in frames:
                socket.send_text(frame)
                answer = socket.receive_json()
                assert answer["t"] == "error", (frame[:80], answer)
                assert set(answer["d"]) == {"detail", "code"}
                if answer["d"]["code"] == "stale":
                    assert socket.receive_json()["t"] == "state"
            assert counts(match_id=match_id) == before
            socket.send_json({"t": "act", "v": seq, "d": mine["d"]["legal"][0]})
            moved = socket.receive_json()
            assert moved["t"] == "state" and moved["v"] == seq + 1
