"""Series, rematches and the evening's standings (issue 9)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from app.matches.service import next_start_seat
from app.models import Match
from app.rules import GAMES
from tests.web.helpers import Guest, open_table, play_to_the_end, start


def _play_out(guest: Guest, match_id: int) -> dict[str, Any]:
    """Play the first legal action on every turn until the end; the final outcome."""
    outcome: dict[str, Any] = play_to_the_end(guest, match_id)["d"]["outcome"]
    return outcome


def _table(host: Guest, *, game: str, players: int, series: dict[str, Any]) -> dict[str, Any]:
    response = host.post("/api/lobbies", {"game": game, "players": players, "series": series})
    assert response.status_code == 201, response.text
    lobby: dict[str, Any] = response.json()
    for _ in range(players - 1):
        lobby = host.post(f"/api/lobbies/{lobby['id']}/bots", {}).json()
    return lobby


def _record(guest: Guest, match_id: int) -> dict[str, Any]:
    record: dict[str, Any] = guest.get(f"/api/matches/{match_id}/record").json()
    return record


class TestBestOfThree:
    def test_a_da_vinci_code_series_is_played_to_its_end(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = _table(ada, game="da_vinci_code", players=2, series={"kind": "best_of", "games": 3})
        match_id = start(ada, lobby["id"])
        starts, winners = [], []
        while True:
            outcome = _play_out(ada, match_id)
            winners.append(outcome["winners"])
            starts.append(_record(ada, match_id)["start_seat"])
            shown = ada.get(f"/api/lobbies/{lobby['id']}").json()
            if shown["series"]["decided"]:
                break
            assert shown["can_rematch"]
            match_id = ada.post(f"/api/lobbies/{lobby['id']}/rematch").json()["match_id"]
        # Best of three: it ends once a seat has two wins (2 or 3 matches).
        wins = [sum(seat in won for won in winners) for seat in range(2)]
        assert max(wins) == 2 and len(winners) in (2, 3)
        assert shown["series"]["wins"] == wins
        assert shown["series"]["leaders"] == [wins.index(2)]
        assert [entry["won"] for entry in shown["standings"]] == wins
        assert all(entry["played"] == len(winners) for entry in shown["standings"])
        # The start player moves one seat to the left each rematch.
        assert starts[1] == (starts[0] + 1) % 2
        assert [match["number"] for match in shown["matches"]] == list(range(1, len(winners) + 1))
        # Every match of the series verifies on its own (its start seat is in the record).
        for match in shown["matches"]:
            assert ada.get(f"/api/matches/{match['id']}/verify").json()["ok"] is True


class TestSum:
    def test_a_two_game_coloretto_sum_adds_the_scores(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = _table(ada, game="coloretto", players=3, series={"kind": "sum", "games": 2})
        first = start(ada, lobby["id"])
        one = _play_out(ada, first)
        middle = ada.get(f"/api/lobbies/{lobby['id']}").json()
        assert middle["series"]["decided"] is False and middle["series"]["played"] == 1
        # Changing the game in the middle of a series is refused.
        switch = ada.post(f"/api/lobbies/{lobby['id']}/rematch", {"game": "da_vinci_code"})
        assert switch.status_code == 409 and switch.json()["code"] == "series_running"
        second = ada.post(f"/api/lobbies/{lobby['id']}/rematch").json()["match_id"]
        again = ada.post(f"/api/lobbies/{lobby['id']}/rematch").json()["match_id"]
        assert again == second  # pressing twice starts one match
        two = _play_out(ada, second)
        shown = ada.get(f"/api/lobbies/{lobby['id']}").json()
        assert shown["series"]["decided"] is True
        assert shown["series"]["points"] == [
            a + b for a, b in zip(one["scores"], two["scores"], strict=True)
        ]
        assert _record(ada, second)["start_seat"] == (_record(ada, first)["start_seat"] + 1) % 3

        # The series is over: the evening goes on with another game, standings across both.
        third = ada.post(f"/api/lobbies/{lobby['id']}/rematch", {"game": "da_vinci_code"})
        assert third.status_code == 200
        three = _play_out(ada, third.json()["match_id"])
        evening = ada.get(f"/api/lobbies/{lobby['id']}").json()
        assert [match["game"] for match in evening["matches"]] == [
            "coloretto",
            "coloretto",
            "da_vinci_code",
        ]
        expected = [
            sum(seat in outcome["winners"] for outcome in (one, two, three)) for seat in range(3)
        ]
        assert [entry["won"] for entry in evening["standings"]] == expected


class TestChips:
    def test_a_tong_its_evening_the_winner_deals_and_chips_add_up(self, client: TestClient) -> None:
        """rules/tong-its.md, Deal: "afterwards the previous winner deals"; Payments: chips
        won and lost, tallied over the evening (net chips per hand sum to 0)."""
        ada = Guest(client, "Ada")
        lobby = _table(ada, game="tong_its", players=3, series={"kind": "single", "games": 1})
        match_id = start(ada, lobby["id"])
        outcomes, dealers = [], []
        for hand in range(3):
            if hand:
                match_id = ada.post(f"/api/lobbies/{lobby['id']}/rematch").json()["match_id"]
            outcomes.append(_play_out(ada, match_id))
            dealers.append(_record(ada, match_id)["start_seat"])
        for outcome, dealer, next_dealer in zip(outcomes, dealers, dealers[1:], strict=False):
            assert sum(outcome["scores"]) == 0
            # A void hand (every player burned) has no winner: the same dealer deals again.
            assert next_dealer == (outcome["winners"][0] if outcome["winners"] else dealer)
        shown = ada.get(f"/api/lobbies/{lobby['id']}").json()
        assert shown["score_unit"] == "chips"
        assert [row["chips"] for row in shown["standings"]] == [
            sum(outcome["scores"][seat] for outcome in outcomes) for seat in range(3)
        ]

    def test_who_deals_next(self) -> None:
        """rules/tong-its.md, Deal: the previous winner deals; a void hand (no winner) is dealt
        again by the same dealer; another game moves the start one seat on."""
        tong_its, coloretto = GAMES["tong_its"], GAMES["coloretto"]

        def after(game: str, start_seat: int, winners: list[int]) -> Match:
            return Match(game=game, start_seat=start_seat, result={"winners": winners})

        assert next_start_seat(tong_its, after("tong_its", 0, [2]), 3) == 2
        assert next_start_seat(tong_its, after("tong_its", 1, []), 3) == 1
        assert next_start_seat(tong_its, after("coloretto", 1, [1]), 3) == 2
        assert next_start_seat(coloretto, after("coloretto", 2, [0]), 3) == 0

    def test_no_chips_for_a_game_of_points(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        lobby = _table(ada, game="coloretto", players=3, series={"kind": "single", "games": 1})
        _play_out(ada, start(ada, lobby["id"]))
        shown = ada.get(f"/api/lobbies/{lobby['id']}").json()
        assert shown["score_unit"] == "points"
        assert all(row["chips"] is None for row in shown["standings"])


class TestRematchRefusals:
    def test_not_before_the_first_match_nor_by_strangers(self, client: TestClient) -> None:
        ada, eve = Guest(client, "Ada"), Guest(client, "Eve")
        lobby = open_table(ada)
        early = ada.post(f"/api/lobbies/{lobby['id']}/rematch")
        assert early.status_code == 409 and early.json()["code"] == "not_started"
        start(ada, lobby["id"])
        stranger = eve.post(f"/api/lobbies/{lobby['id']}/rematch")
        assert stranger.status_code == 403

    def test_bad_series_settings(self, client: TestClient) -> None:
        ada = Guest(client, "Ada")
        for series in (
            {"kind": "best_of", "games": 2},
            {"kind": "sum", "games": 1},
            {"kind": "forever", "games": 3},
        ):
            response = ada.post(
                "/api/lobbies", {"game": "coloretto", "players": 3, "series": series}
            )
            assert response.status_code == 400 and response.json()["code"] == "bad_series"
