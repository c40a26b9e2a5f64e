"""What the API answers when it succeeds: the shape of every JSON answer, for ``/openapi.json``.

These models describe answers; they do not make them. The services build the answers as
plain JSON (the match state, replays and records as orjson bytes, written once for every
viewer), and ``answer`` attaches a model to a route's description only, so describing costs a
request nothing. Every model forbids fields it does not name, and tests/web/test_answers.py
validates real answers of every operation against them: a field added to an answer and not
here fails that test, so the description cannot drift from what is sent.

A game's own parts (``view``, ``legal``, ``log``, an outcome's ``detail``) are objects whose
keys each game defines (its module's ``view`` and ``log``); the rest is the same for every game.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

GameObject = dict[str, Any]
"""A game's own JSON object: a view, a legal action, a log entry (keys per game)."""


class Answer(BaseModel):
    """A JSON answer: exactly these fields."""

    model_config = ConfigDict(extra="forbid")


def answer(model: Any, status: int = 200, description: str = "OK") -> dict[int | str, Any]:
    """A route's ``responses`` entry describing its successful answer as ``model`` (an
    ``Answer``, or a list of one)."""
    return {status: {"model": model, "description": description}}


# People


class UserOut(Answer):
    """A user as the API shows it to that user."""

    id: int
    name: str
    handle: str = Field(description="Name and number (Ada#12): what logging in elsewhere takes.")
    has_password: bool


# Games and tables


class Game(Answer):
    """A game a table can be opened for."""

    slug: str = Field(description="Its name in URLs and requests (coloretto).")
    title: str
    min_players: int
    max_players: int
    player_counts: list[int] = Field(description="Every number of players it can be played by.")
    default_options: dict[str, Any]
    timed_phases: bool = Field(description="It times its own phases (takes no turn timer).")


class LobbySeat(Answer):
    """One seat of a table before and between matches."""

    seat: int
    user_id: int | None
    name: str | None = Field(description="The person's or the bot's name; none while free.")
    bot: str | None = Field(description="The bot's kind when a bot sits here.")
    you: bool
    host: bool


class LobbyMatch(Answer):
    """A match the table played or is playing."""

    id: int
    number: int = Field(description="Its place in the table's evening, from 1.")
    game: str
    title: str
    status: Literal["playing", "finished", "void"]
    scores: list[float] | None
    winners: list[int]


class Series(Answer):
    """The table's current series of matches."""

    kind: str = Field(description="single, best_of or total.")
    games: int
    played: int
    wins: list[int]
    points: list[float]
    decided: bool
    leaders: list[int]


class Standing(Answer):
    """One seat's evening: matches won and played, chips where the game counts them."""

    seat: int
    won: int
    played: int
    chips: float | None


class Lobby(Answer):
    """A table (lobby): its game, seats, links, settings and evening so far."""

    id: int
    game: str
    game_title: str
    players: int
    options: dict[str, Any]
    options_text: list[str] = Field(
        description="The options in words, those that matter at this player count only."
    )
    invite_code: str
    invite_url: str = Field(description="The page that seats whoever opens it.")
    watch_url: str | None = Field(description="The watch link; only seated members see it.")
    host_id: int
    status: Literal["open", "playing", "finished", "expired"]
    match_id: int | None = Field(description="The match being played, if any.")
    seats: list[LobbySeat]
    you_are_host: bool
    your_seat: int | None
    matches: list[LobbyMatch]
    series: Series
    score_unit: str
    standings: list[Standing]
    can_rematch: bool
    spectators: bool
    spectator_chat: bool
    turn_seconds: int | None
    stand_in_after: int


class MatchStarted(Answer):
    """The match a request started or seated its sender in: go to ``/match/{match_id}``."""

    match_id: int


# Matches


class Player(Answer):
    """A seat of a match as everyone sees it."""

    seat: int
    name: str
    bot: str | None = Field(description="The bot's kind when a bot plays the seat.")
    away: bool = Field(description="A stand-in plays the seat while its player is away.")
    missed: int = Field(description="Turns its player let run out in a row.")


class TablePlayer(Player):
    """A seat of a live match, with whether anyone is at it."""

    online: bool
    offline_since: str | None = Field(
        description="A person not connected: since when (their last socket closed, or the"
        " server loaded the match); none when connected or a bot."
    )
    offline_ms: int | None = Field(
        description="How long ago offline_since was by the server's clock (spares the skew)."
    )


class Outcome(Answer):
    """How a match ended."""

    scores: list[float]
    winners: list[int]
    detail: Any = Field(description="The game's own account of the scores.")


class Timer(Answer):
    """One of a game's timed phases running now, and when it runs out."""

    phase: str
    deadline: str
    remaining_ms: int


class Clock(Answer):
    """The running clock (``remaining_ms`` spares a client its clock's skew)."""

    deadline: str
    remaining_ms: int
    seats: list[int] = Field(description="Whose turn runs on the table's turn clock.")
    phase: str | None = Field(
        description="The phase a game's own clock times (Werewolf), which runs out at ``deadline``."
    )
    host_may_end: bool
    timers: list[Timer] = Field(
        description="Every timed phase running, each with its own deadline (Forehead words'"
        " time limit and a call's vote run at once); empty on a turn clock."
    )


class StandInMark(Answer):
    """A move a stand-in made: its seat, version, and log entries [first, end)."""

    seat: int
    seq: int
    log: list[int]


class SeatHolder(Answer):
    """Who held a seat from which log entry on (a seat handed over changes hands)."""

    seat: int
    name: str
    log: int = Field(description="The first log entry written while they held it.")


class TableSettings(Answer):
    """The table's settings as the match plays them."""

    turn_seconds: int | None
    stand_in_after: int
    spectators: bool
    spectator_chat: bool


class UndoRequest(Answer):
    """A player asks the table to take back their last move."""

    seat: int = Field(description="Who asks.")
    waiting: list[int] = Field(description="The seats whose answer is still awaited.")
    accepted: list[int]


class Undo(Answer):
    """Taking a move back by consent (docs/protocol.md, undo)."""

    may_ask: bool = Field(description="The viewer may ask to take back their last move now.")
    request: UndoRequest | None


class MatchTable(Answer):
    """A live match's table: players, who is there, settings."""

    id: int
    game: str
    title: str
    status: Literal["playing", "finished"]
    commitment: str = Field(description="SHA-256 of the seed, published before the deal.")
    seat: int | None = Field(description="The viewer's seat; none for a spectator.")
    players: list[TablePlayer]
    spectators: int
    watching: list[str] = Field(description="The names of those watching.")
    host_seat: int | None
    lobby_id: int | None
    created_at: str
    finished_at: str | None
    table: TableSettings
    away_offer_ms: int = Field(
        description="How long a person is offline, at a table without a turn timer, before its"
        " host is offered to hand their seat to a bot."
    )


class MatchState(Answer):
    """A match as one viewer may see it: the keys of the match socket's state frame
    (docs/protocol.md), with ``seq`` its version."""

    seq: int = Field(description="The version a move is chosen at (send it back with the move).")
    view: GameObject = Field(description="What this viewer may see (the game's own keys).")
    legal: list[GameObject] = Field(description="The viewer's legal actions now.")
    log: list[GameObject] = Field(description="What happened, as this viewer may know it.")
    outcome: Outcome | None
    channels: dict[str, Literal["read", "write"]] | None = Field(
        description="The chat channels this viewer reads (and writes), in games that have them."
    )
    clock: Clock | None
    stand_ins: list[StandInMark]
    log_times: list[tuple[int, str]] = Field(
        description="[first entry, time]: when the move that wrote the log's entries from"
        " `first` on was made; empty in a game whose moves are secret in their timing."
    )
    holders: list[SeatHolder] = Field(
        description="Who held each seat from which log entry on, in the order they sat down."
    )
    undo: Undo
    match: MatchTable


class MatchSummary(Answer):
    """One of the viewer's matches."""

    id: int
    game: str
    title: str
    status: Literal["playing", "finished", "void"]
    created_at: str
    finished_at: str | None
    players: list[Player]
    your_seat: int | None
    scores: list[float] | None
    winners: list[int]
    your_place: int | None = Field(description="1 for a winner; none while playing.")


class MatchList(Answer):
    """The viewer's live and finished matches, newest first."""

    matches: list[MatchSummary]


class SeatInvite(Answer):
    """A single-use link that hands a seat to whoever opens it."""

    seat: int
    code: str
    url: str


class SeatOffer(Answer):
    """What a seat invitation offers, before it is taken."""

    match_id: int
    game: str
    title: str
    seat: int
    now_played_by: Player


# Review


class ReplayMove(Answer):
    """The move that led to a replay step (its action once the match is finished)."""

    seat: int | None = Field(description="None for a timed phase that ran out.")
    at: str | None
    stand_in: bool
    action: GameObject | None = Field(default=None, description="Only in finished matches.")


class ReplayStep(Answer):
    """One step of a replay: the move and what the viewer saw after it."""

    move: ReplayMove | None = Field(description="None for the deal.")
    view: GameObject
    outcome: Outcome | None
    log_size: int | None = Field(
        default=None, description="The step's log is the replay's first log_size entries."
    )
    log: list[GameObject] | None = Field(
        default=None, description="The step's own log, where it is not a prefix of the last."
    )
    views: list[GameObject] | None = Field(
        default=None, description="Every seat's view (``everyone=true``)."
    )


class Replay(Answer):
    """Every step of a match through one seat's eyes, the public view, or everyone's."""

    match_id: int
    game: str
    title: str
    status: Literal["playing", "finished", "void"]
    seat: int | None
    everyone: bool
    your_seat: int | None
    players: list[Player]
    log: list[GameObject] = Field(description="The last step's log.")
    steps: list[ReplayStep]


class RecordedAction(Answer):
    """One stored action of a record."""

    seq: int
    seat: int | None
    action: GameObject
    at: str
    stand_in: bool


class ChatLine(Answer):
    """A chat line or a table notice."""

    id: int
    seat: int | None
    name: str
    text: str
    at: str
    notice: bool
    channel: str | None
    message: str | None
    """A notice's message id, written by the browser in its reader's language with ``params``
    (``text``: the English sentence); None for what a person said."""
    params: dict[str, str | int] | None


class Record(Answer):
    """A finished match's record: everything needed to replay and check it."""

    format: Literal["parlor-record/1"]
    match_id: int
    game: str
    title: str
    rules_version: str
    players: int
    player_names: list[str]
    options: dict[str, Any]
    start_seat: int | None
    seed: str = Field(description="The seed, revealed now the match is over (hex).")
    commitment: str = Field(description="SHA-256 of the seed, published before the deal.")
    actions: list[RecordedAction]
    outcome: Outcome | None
    chat: list[ChatLine]
    created_at: str
    finished_at: str | None


class Check(Answer):
    """One check of a record and whether it holds."""

    ok: bool
    text: str


class Verification(Answer):
    """A record checked: seed against commitment, every action, the result."""

    ok: bool
    problems: list[str]
    checks: list[Check]


# Health


class Alive(Answer):
    """The process answers."""

    ok: Literal[True]


class Readiness(Answer):
    """Each readiness check: true, or a sentence saying what is wrong."""

    ok: bool
    checks: dict[str, bool | str]
