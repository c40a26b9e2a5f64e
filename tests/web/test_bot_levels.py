"""Bot levels at the table (issue 27): the host picks a level per bot seat; a strong bot thinks
in a worker process (``app.matches.thinking``) and plays a whole match from its own seat's
view; a stand-in plays as a normal bot."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.matches.thinking import cpu_budget
from tests.web.helpers import Guest, play_to_the_end, start


def test_the_host_picks_each_bots_level(client: TestClient) -> None:
    ada = Guest(client, "Ada")
    lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 4}).json()
    url = f"/api/lobbies/{lobby['id']}/bots"
    for level in ("easy", "strong"):
        lobby = ada.post(url, {"level": level}).json()
    lobby = ada.post(url, {}).json()
    assert [seat["bot"] for seat in lobby["seats"]] == [None, "easy", "strong", "normal"]


def test_an_unknown_level_is_refused_and_changes_nothing(client: TestClient) -> None:
    ada = Guest(client, "Ada")
    lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
    refused = ada.post(f"/api/lobbies/{lobby['id']}/bots", {"level": "godlike"})
    assert refused.status_code == 422 and refused.json()["code"] == "invalid_request"
    seats = ada.get(f"/api/lobbies/{lobby['id']}").json()["seats"]
    assert [seat["bot"] for seat in seats] == [None, None, None]


def test_a_strong_bot_plays_a_match_to_the_end(client: TestClient) -> None:
    ada = Guest(client, "Ada")
    lobby = ada.post("/api/lobbies", {"game": "coloretto", "players": 3}).json()
    for level in ("strong", "easy"):
        ada.post(f"/api/lobbies/{lobby['id']}/bots", {"level": level})
    match_id = start(ada, lobby["id"])
    last = play_to_the_end(ada, match_id)
    assert last["d"]["outcome"] is not None
    verdict = ada.get(f"/api/matches/{match_id}/verify").json()
    assert verdict["ok"], verdict


def test_a_strong_bots_clock_stops_before_a_playout_would_overrun_the_budget() -> None:
    """``cpu_budget`` is out of time once another playout as long as the last one would pass
    the budget: a budget of 0 at once, a long one not after a short playout."""
    assert cpu_budget(0)()
    clock = cpu_budget(10_000)
    assert not clock()
    sum(range(10_000))  # a playout's worth of CPU, far less than the budget
    assert not clock()
