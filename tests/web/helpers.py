"""Test helpers: guests with their own cookie sharing one TestClient (one event loop)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient, WebSocketTestSession

from app.config import Settings
from app.models import Action, Match, Seat
from tests.support import FrameReader, run_coroutine

ORIGIN = "http://testserver"


class Guest:
    """A signed-in visitor. Requests carry only this guest's cookie."""

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        response = client.post("/api/session", json={"name": name})
        assert response.status_code == 201, response.text
        self.id: int = response.json()["id"]
        self.name = name
        self.cookie = response.cookies["parlor_session"]
        client.cookies.clear()

    @property
    def headers(self) -> dict[str, str]:
        """The guest's cookie header."""
        return {"Cookie": f"parlor_session={self.cookie}"}

    def request(
        self, method: str, url: str, *, headers: dict[str, str] | None = None, **kwargs: Any
    ) -> Any:
        """An HTTP request as this guest (extra headers added to the cookie)."""
        response = self.client.request(
            method, url, headers={**self.headers, **(headers or {})}, **kwargs
        )
        self.client.cookies.clear()
        return response

    def get(self, url: str) -> Any:
        """GET as this guest."""
        return self.request("GET", url)

    def post(self, url: str, json: Any = None) -> Any:
        """POST JSON as this guest."""
        return self.request("POST", url, json=json)

    def ws(self, match_id: int, *, watch: str | None = None, origin: str = ORIGIN) -> MatchSocket:
        """Open the match socket as this guest (``watch``: the table's watch code, which who
        is not a player needs)."""
        query = "" if watch is None else f"?watch={watch}"
        return MatchSocket(
            self.client.websocket_connect(
                f"/ws/matches/{match_id}{query}", headers={**self.headers, "Origin": origin}
            )
        )


class MatchSocket:
    """A match socket as a client reads it: ``receive_json`` turns each delta frame into the
    full state it stands for (``tests.support.FrameReader``); ``receive_frame`` gives the text
    as sent too. Everything else is the test session's."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.reader = FrameReader()

    def __enter__(self) -> MatchSocket:
        self.session.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.session.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)

    def receive_frame(self) -> tuple[str, dict[str, Any]]:
        """The next frame's text as sent, and the message it stands for."""
        text = self.session.receive_text()
        return text, self.reader.read(text)

    def receive_json(self, mode: str = "text") -> Any:
        """The next message (a delta as the state it stands for)."""
        return self.receive_frame()[1]


def open_table(
    host: Guest, *, players: int = 3, bots: int = 2, options: Any = None
) -> dict[str, Any]:
    """A Coloretto lobby hosted by ``host`` with ``bots`` bot seats filled."""
    response = host.post(
        "/api/lobbies", {"game": "coloretto", "players": players, "options": options or {}}
    )
    assert response.status_code == 201, response.text
    lobby: dict[str, Any] = response.json()
    for _ in range(bots):
        response = host.post(f"/api/lobbies/{lobby['id']}/bots", {})
        assert response.status_code == 200, response.text
        lobby = response.json()
    return lobby


def start(host: Guest, lobby_id: int) -> int:
    """Start a full lobby's match; returns the match id."""
    response = host.post(f"/api/lobbies/{lobby_id}/start")
    assert response.status_code == 200, response.text
    match_id: int = response.json()["match_id"]
    return match_id


def watch_code(member: Guest, lobby_id: int) -> str:
    """The table's watch code, from the watch link its lobby shows a seated member."""
    response = member.get(f"/api/lobbies/{lobby_id}")
    assert response.status_code == 200, response.text
    url: str = response.json()["watch_url"]
    return url.removeprefix("/watch/")


def receive_until(
    socket: MatchSocket, *, mine: bool, newer_than: int | None = None
) -> dict[str, Any]:
    """The next state message in which it is this viewer's turn (``mine``) or the match is over;
    with ``newer_than`` (the version a move was sent at), only one of a later version, and an
    error on the way fails the test (the move was refused). A wake-up that came in around the
    first state re-sends the version that state already had (a game that is not sealed answers
    every wake-up with a frame), so "my turn again after my move" needs the version."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if newer_than is not None:
            assert message["t"] != "error", f"the move was refused: {message['d']}"
        if message["t"] != "state" or (newer_than is not None and message["v"] <= newer_than):
            continue
        data = message["d"]
        if data["outcome"] is not None or (mine and data["legal"]):
            return message


def play_to_the_end(player: Guest, match_id: int) -> dict[str, Any]:
    """``player`` plays the first legal action each turn until the match ends (bots and
    stand-ins play the other seats); returns the last state frame (with the outcome)."""
    with player.ws(match_id) as socket:
        while True:
            message = receive_until(socket, mine=True)
            if message["d"]["outcome"] is not None:
                return message
            socket.send_json({"t": "act", "v": message["v"], "d": message["d"]["legal"][0]})


def receive_kind(socket: MatchSocket, kind: str) -> dict[str, Any]:
    """The next frame of this kind (states, presence and bot moves in between are skipped). An
    error frame met on the way fails the test with its message: skipped, it would leave the test
    waiting for a frame that never comes."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["t"] == kind:
            return message
        assert message["t"] != "error", f"waiting for {kind!r}, refused: {message['d']}"


class Counts:
    """Row counts read straight from the database, to show that refused requests change nothing."""

    def __init__(self, settings: Settings) -> None:
        self.url = settings.async_database_url

    def __call__(self, match_id: int | None = None, lobby_id: int | None = None) -> dict[str, int]:
        return run_coroutine(self._counts(match_id, lobby_id))

    async def _counts(self, match_id: int | None, lobby_id: int | None) -> dict[str, int]:
        engine = create_async_engine(self.url)
        counts: dict[str, int] = {}
        async with engine.connect() as connection:
            if match_id is not None:
                counts["actions"] = (
                    await connection.execute(
                        select(func.count()).select_from(Action).where(Action.match_id == match_id)
                    )
                ).scalar_one()
                counts["version"] = (
                    await connection.execute(select(Match.version).where(Match.id == match_id))
                ).scalar_one()
            if lobby_id is not None:
                counts["seats"] = (
                    await connection.execute(
                        select(func.count()).select_from(Seat).where(Seat.lobby_id == lobby_id)
                    )
                ).scalar_one()
                counts["matches"] = (
                    await connection.execute(
                        select(func.count()).select_from(Match).where(Match.lobby_id == lobby_id)
                    )
                ).scalar_one()
        await engine.dispose()
        return counts


def stored_actions(settings: Settings, match_id: int) -> list[tuple[int, int | None, Any]]:
    """A match's stored actions, read straight from the database: (seq, seat, action) in order
    (seat None: a timed phase that ran out)."""

    async def read() -> list[tuple[int, int | None, Any]]:
        engine = create_async_engine(settings.async_database_url)
        async with engine.connect() as connection:
            rows = await connection.execute(
                select(Action.seq, Action.seat, Action.action)
                .where(Action.match_id == match_id)
                .order_by(Action.seq)
            )
            found = [(seq, seat, action) for seq, seat, action in rows.all()]
        await engine.dispose()
        return found

    return run_coroutine(read())


def close_matches(settings: Settings, game: str) -> None:
    """Every match of ``game`` marked finished, without a deadline: a test's stored deadline
    (a time limit, a phase's timer) would otherwise wake later tests' apps, whose housekeepers
    load the matches that are due."""
    _finish(settings, Match.game == game)


def close_match(settings: Settings, match_id: int) -> None:
    """One match marked finished, without a deadline (as ``close_matches``)."""
    _finish(settings, Match.id == match_id)


def _finish(settings: Settings, chosen: ColumnElement[bool]) -> None:
    async def finish() -> None:
        engine = create_async_engine(settings.async_database_url)
        async with engine.begin() as connection:
            await connection.execute(
                update(Match).where(chosen).values(deadline=None, status="finished")
            )
        await engine.dispose()

    run_coroutine(finish())
