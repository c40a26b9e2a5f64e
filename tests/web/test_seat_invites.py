"""Handing a seat to someone newly invited (issue 10): the host makes a single-use link; whoever
opens it plays that seat from then on and sees only that seat's information."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.web.helpers import Counts, Guest, open_table, receive_kind, start


def _table(client: TestClient) -> tuple[Guest, Guest, dict[str, Any], int]:
    ada, ben = Guest(client, "Ada"), Guest(client, "Ben")
    lobby = open_table(ada, players=3, bots=1)  # Ada 0, bot 1, Ben 2
    ben.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    return ada, ben, lobby, start(ada, lobby["id"])


class TestSeatInvites:
    def test_a_newcomer_takes_over_a_bot_seat(self, client: TestClient) -> None:
        ada, ben, _, match_id = _table(client)
        invite = ada.post(f"/api/matches/{match_id}/seats/1/invite")
        assert (
            invite.status_code == 200 and invite.json()["url"] == f"/seat/{invite.json()['code']}"
        )
        cy = Guest(client, "Cy")
        offer = cy.post("/api/seats/invitation", {"code": invite.json()["url"]})  # a pasted link
        assert offer.json()["seat"] == 1 and offer.json()["now_played_by"]["bot"] == "normal"
        claimed = cy.post("/api/seats/claim", {"code": invite.json()["code"]})
        assert claimed.status_code == 200 and claimed.json() == {"match_id": match_id}
        state = cy.get(f"/api/matches/{match_id}").json()
        assert state["match"]["seat"] == 1 and state["view"]["you"] == 1
        cy_player = state["match"]["players"][1]
        # Cy has no socket open yet: away from the moment the seat became his, not before.
        assert cy_player["offline_ms"] is not None and cy_player["offline_ms"] < 60_000
        away = {"online": None, "offline_since": None, "offline_ms": None}
        assert cy_player | away == {
            "seat": 1,
            "name": "Cy",
            "bot": None,
            "away": False,
            "missed": 0,
            **away,
        }
        # Single use: the link is spent.
        dan = Guest(client, "Dan")
        again = dan.post("/api/seats/claim", {"code": invite.json()["code"]})
        assert again.status_code == 404 and again.json()["code"] == "bad_invite"

    def test_the_person_replaced_watches_from_then_on(self, client: TestClient) -> None:
        ada, ben, _, match_id = _table(client)
        code = ada.post(f"/api/matches/{match_id}/seats/2/invite").json()["code"]
        cy = Guest(client, "Cy")
        with ben.ws(match_id) as socket:
            assert socket.receive_json()["d"]["match"]["seat"] == 2
            assert cy.post("/api/seats/claim", {"code": code}).status_code == 200
            while True:
                message = socket.receive_json()
                if message["t"] == "state" and message["d"]["match"]["seat"] is None:
                    break
            # Ben's socket now carries the public view only.
            assert message["d"]["view"]["you"] is None and message["d"]["legal"] == []
        moved = ben.post(f"/api/matches/{match_id}/actions", {"seq": 0, "action": {"type": "draw"}})
        # No longer seated: he watches (he played the match, so he needs no watch link).
        assert moved.status_code == 403 and moved.json()["code"] == "not_seated"
        assert cy.get(f"/api/matches/{match_id}").json()["match"]["seat"] == 2

    def test_refusals_change_nothing(self, client: TestClient, counts: Counts) -> None:
        ada, ben, lobby, match_id = _table(client)
        # (The bot may move meanwhile: only the seats are compared.)
        before = counts(lobby_id=lobby["id"])

        def seats() -> list[dict[str, object]]:
            # offline_ms counts on with the clock: who sits where is what must not change.
            got = ada.get(f"/api/matches/{match_id}").json()["match"]["players"]
            return [{key: value for key, value in p.items() if key != "offline_ms"} for p in got]

        players = seats()
        not_host = ben.post(f"/api/matches/{match_id}/seats/1/invite")
        assert not_host.status_code == 403 and not_host.json()["code"] == "not_host"
        own = ada.post(f"/api/matches/{match_id}/seats/0/invite")
        assert own.status_code == 409 and own.json()["code"] == "own_seat"
        no_seat = ada.post(f"/api/matches/{match_id}/seats/7/invite")
        assert no_seat.status_code == 409 and no_seat.json()["code"] == "bad_seat"
        code = ada.post(f"/api/matches/{match_id}/seats/1/invite").json()["code"]
        seated = ben.post("/api/seats/claim", {"code": code})  # Ben already plays here
        assert seated.status_code == 409 and seated.json()["code"] == "already_seated"
        for bad in ("", "x" * 201, 5, None):
            assert ben.post("/api/seats/claim", {"code": bad}).status_code == 422
        unknown = ben.post("/api/seats/claim", {"code": "no-such-code"})
        assert unknown.status_code == 404 and unknown.json()["code"] == "bad_invite"
        # A newer link for the same seat voids the older one.
        newer = ada.post(f"/api/matches/{match_id}/seats/1/invite").json()["code"]
        cy = Guest(client, "Cy")
        stale = cy.post("/api/seats/claim", {"code": code})
        assert stale.status_code == 404 and stale.json()["code"] == "bad_invite"
        assert counts(lobby_id=lobby["id"]) == before
        assert seats() == players
        assert cy.post("/api/seats/claim", {"code": newer}).status_code == 200

    def test_the_invitation_page_offers_the_seat(self, client: TestClient) -> None:
        ada, _, _, match_id = _table(client)
        code = ada.post(f"/api/matches/{match_id}/seats/1/invite").json()["code"]
        page = client.get(f"/seat/{code}")
        assert page.status_code == 200 and "/js/pages/seat.js" in page.text
        assert code in page.text  # in the page's data island, for the script to claim


def _notice(socket: Any) -> dict[str, Any]:
    """The next line the table says itself (typed lines and other frames are skipped)."""
    while True:
        line: dict[str, Any] = receive_kind(socket, "chat")["d"]
        if line["notice"]:
            return line


class TestTheSeatsPlayerIsTold:
    """Whoever takes a seat sees its hand, so the host's power to hand it over is told, in the
    table's log (its chat, kept with the match) and to the seat's player (issue 16, Privacy;
    the page turns a line about one's own seat into a notice)."""

    def test_an_invitation_and_its_claim_are_told_at_the_table(self, client: TestClient) -> None:
        ada, ben, _, match_id = _table(client)  # Ada 0, bot 1, Ben 2
        with ben.ws(match_id) as socket:
            receive_kind(socket, "state")
            code = ada.post(f"/api/matches/{match_id}/seats/2/invite").json()["code"]
            told = _notice(socket)
            assert (told["seat"], told["name"], told["text"]) == (
                2,
                "Ada",
                "The host made a link that hands seat 3 (Ben) to someone new.",
            )
            cy = Guest(client, "Cy")
            assert cy.post("/api/seats/claim", {"code": code}).status_code == 200
            told = _notice(socket)
            assert (told["seat"], told["text"]) == (
                2,
                "Cy took seat 3 from Ben with the host's link.",
            )
            # Each reader's browser writes it in their language (issue 26): the message id and
            # its parameters come with the English sentence.
            assert (told["message"], told["params"]) == (
                "{player} took seat {seat} from {before} with the host's link.",
                {"player": "Cy", "seat": 3, "before": "Ben"},
            )
        # Kept with the match: a socket opened later reads both in the table's chat.
        with cy.ws(match_id) as socket:
            chat = receive_kind(socket, "state")["d"]["chat"]
        assert [(line["notice"], line["seat"]) for line in chat] == [(True, 2), (True, 2)]
        assert chat[0]["params"] == {"seat": 3, "player": "Ben"}  # stored, not only sent

    def test_handing_a_seat_to_a_bot_is_told(self, client: TestClient) -> None:
        ada, ben, _, match_id = _table(client)
        with ada.ws(match_id) as socket:
            receive_kind(socket, "state")
            socket.send_json({"t": "chat", "d": {"text": "hello"}})
            assert receive_kind(socket, "chat")["d"]["notice"] is False  # typed, not told
            assert ada.post(f"/api/matches/{match_id}/seats/2/bot").status_code == 204
            told = _notice(socket)
            assert told["text"] == "The host handed seat 3 (Ben) to a bot."
            assert (told["message"], told["params"]) == (
                "The host handed seat {seat} ({player}) to a bot.",
                {"seat": 3, "player": "Ben"},
            )

    def test_leaving_is_told(self, client: TestClient) -> None:
        ada, ben, _, match_id = _table(client)
        with ada.ws(match_id) as socket:
            receive_kind(socket, "state")
            assert ben.post(f"/api/matches/{match_id}/seats/2/bot").status_code == 204
            told = _notice(socket)
            assert (told["name"], told["text"]) == (
                "Ben",
                "Ben left the match; a bot plays seat 3 now.",
            )
