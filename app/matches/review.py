"""Reviewing matches: history, records, verification and step-by-step replays.

Replays are recomputed from the seed and the action log with the rules, for one viewer at a time:
a seat's view at every step (what that seat saw), or the public view. While a match is live only
its own players may replay it, each through their own eyes and up to the present.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import Conflict, Forbidden, NotFound
from app.hub import Player
from app.matches import repository
from app.matches.chat import line_json
from app.matches.service import (
    RECORD_FORMAT,
    commitment_of,
    iso,
    played_under,
    players_of,
    rules_of,
)
from app.models import User
from app.rules import GAMES, GameRules, IllegalAction


async def my_matches(session: AsyncSession, *, user: User) -> list[dict[str, Any]]:
    """The user's live and finished matches, newest first, with their result and placing."""
    matches = await repository.matches_of_user(session, user.id)
    seats = await repository.seats(session, [match.lobby_id for match in matches])
    by_lobby: dict[int, list[Player]] = {}
    for seat, name in seats:
        by_lobby.setdefault(seat.lobby_id, []).append(
            Player(
                seat=seat.seat,
                name=name or f"Bot {seat.seat + 1}",
                user_id=seat.user_id,
                bot=seat.bot,
            )
        )
    listed = []
    for match in matches:
        players = by_lobby.get(match.lobby_id, [])
        your_seat = next((p.seat for p in players if p.user_id == user.id), None)
        scores = match.result["scores"] if match.result else None
        listed.append(
            {
                "id": match.id,
                "game": match.game,
                "title": GAMES[match.game].title,
                "status": match.status,
                "created_at": iso(match.created_at),
                "finished_at": iso(match.finished_at),
                "players": [player.public() for player in players],
                "your_seat": your_seat,
                "scores": scores,
                "winners": match.result["winners"] if match.result else [],
                "your_place": _place(scores, your_seat, lower_wins=GAMES[match.game].lower_wins),
            }
        )
    return listed


def _place(scores: Sequence[int] | None, seat: int | None, *, lower_wins: bool) -> int | None:
    """1-based standing by score (ties share the better place; penalty games count down)."""
    if scores is None or seat is None:
        return None
    mine = scores[seat]
    return 1 + sum(1 for score in scores if (score < mine if lower_wins else score > mine))


async def record(session: AsyncSession, *, match_id: int) -> dict[str, Any]:
    """A finished match's full record: seed, commitment, every action and the result."""
    match = await repository.get_match(session, match_id)
    if match is None:
        raise NotFound("No such match.")
    if match.status != "finished":
        raise Conflict(
            "The record (with the seed) is published when the match ends.", code="not_finished"
        )
    players = await players_of(session, match)
    actions = await repository.actions(session, match_id)
    return {
        "format": RECORD_FORMAT,
        "match_id": match.id,
        "game": match.game,
        "title": GAMES[match.game].title,
        "rules_version": match.rules_version,
        "players": match.players,
        "player_names": [player.name for player in players],
        "options": match.options,
        "start_seat": match.start_seat,
        "seed": match.seed.hex(),
        "commitment": match.commitment,
        "actions": [
            {
                "seq": row.seq,
                "seat": row.seat,
                "action": row.action,
                "at": iso(row.at),
                "stand_in": row.stand_in,
            }
            for row in actions
        ],
        "outcome": match.result,
        "chat": [line_json(line) for line in await repository.chat(session, match_id, last=10_000)],
        "created_at": iso(match.created_at),
        "finished_at": iso(match.finished_at),
    }


def verify_record(data: Any) -> dict[str, Any]:
    """Check a record: the seed matches the commitment, every action is legal when replayed,
    and replaying gives the recorded result. Says what holds as well as what does not; a match
    played under another version of its rules than this server's is not replayed."""
    checks = [{"ok": ok, "text": text} for ok, text in _checks(data)]
    problems = [check["text"] for check in checks if not check["ok"]]
    return {"ok": bool(checks) and not problems, "problems": problems, "checks": checks}


def _checks(data: Any) -> Iterator[tuple[bool, str]]:
    """(holds, sentence) for each check in turn; stops where nothing further can be checked."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        yield False, f"This is not a Parlor match record (format {RECORD_FORMAT})."
        return
    rules: GameRules[Any] | None = GAMES.get(str(data.get("game")))
    if rules is None:
        yield False, f"Unknown game {data.get('game')!r}."
        return
    recorded_version = str(data.get("rules_version", rules.version))
    replayable = recorded_version == rules.version
    if not replayable:
        # Only the rules it was played under can judge its actions: these might refuse a move
        # that was legal then, or deal differently from the same seed.
        yield False, f"{played_under(rules, recorded_version)}, so it cannot replay the actions."
    try:
        seed = bytes.fromhex(str(data.get("seed")))
    except ValueError:
        yield False, "The seed is not hexadecimal."
        return
    if commitment_of(seed) == data.get("commitment"):
        yield True, "The seed's SHA-256 equals the commitment published before the deal."
    else:
        yield False, "The seed does not match the commitment published at the start."
    if not replayable:
        return
    try:
        players = data["players"]
        state = rules.new_game(
            players=players,
            seed=seed,
            options=rules.check_options(players, data["options"]),
            start_seat=data.get("start_seat"),
        )
    except (KeyError, TypeError, IllegalAction) as error:
        yield False, f"The match cannot be dealt again from the seed: {error}"
        return
    actions = data.get("actions")
    if not isinstance(actions, list):
        yield False, "The record has no action list."
        return
    for expected_seq, entry in enumerate(actions, start=1):
        if not isinstance(entry, dict) or entry.get("seq") != expected_seq:
            yield False, f"Action {expected_seq} is missing or out of order."
            return
        try:
            state = rules.apply(state, entry["seat"], entry["action"])
        except (KeyError, TypeError, IllegalAction) as error:
            yield False, f"Action {expected_seq} is not legal when replayed: {error}"
            return
    yield True, f"All {len(actions)} actions are legal when replayed from the seed, in order."
    outcome = rules.outcome(state)
    if outcome is None:
        yield False, "Replaying every action does not finish the match."
    elif json.loads(json.dumps(outcome.to_json())) == data.get("outcome"):
        yield True, "Replaying them ends the match with exactly the recorded result."
    else:
        yield False, "Replaying every action gives a different result from the recorded one."


async def replay(
    session: AsyncSession,
    *,
    match_id: int,
    user: User,
    seat: int | None,
    public: bool,
    everyone: bool = False,
) -> dict[str, Any]:
    """Every step of a match as ``seat`` saw it (the asking player's own seat if ``None``), or
    the public view, for a player of that match. ``everyone`` (finished matches only) adds every
    seat's view at each step: all hands on the table.

    Live matches replay only through the asking player's own seat, up to the present, and without
    the actions themselves (an action can carry a secret, such as a face-down card, until the end).
    """
    match = await repository.get_match(session, match_id)
    if match is None:
        raise NotFound("No such match.")
    players = await players_of(session, match)
    mine = next((player.seat for player in players if player.user_id == user.id), None)
    if mine is None:
        raise Forbidden("Only the players of a match can replay it.", code="not_player")
    finished = match.status == "finished"
    seat = None if public or everyone else (mine if seat is None else seat)
    if seat is not None and not 0 <= seat < match.players:
        raise NotFound(f"This match has seats 1 to {match.players}.", code="bad_seat")
    if not finished and (seat != mine or everyone):
        raise Forbidden(
            "While the match is on, you can replay it only through your own eyes.",
            code="live_replay",
        )
    rules = rules_of(match)
    state = rules.new_game(
        players=match.players, seed=match.seed, options=match.options, start_seat=match.start_seat
    )
    hands = range(match.players) if everyone else range(0)
    steps = [_step(rules, state, seat, hands, move=None)]
    for row in await repository.actions(session, match_id):
        state = rules.apply(state, row.seat, row.action)
        move: dict[str, Any] = {"seat": row.seat, "at": iso(row.at), "stand_in": row.stand_in}
        if finished:
            move["action"] = row.action
        steps.append(_step(rules, state, seat, hands, move=move))
    # Send the log once: most steps' logs are a prefix of the last one (checked, not assumed).
    full_log = steps[-1].pop("log")
    for step in steps[:-1]:
        log = step.pop("log")
        if log == full_log[: len(log)]:
            step["log_size"] = len(log)
        else:
            step["log"] = log
    steps[-1]["log_size"] = len(full_log)
    return {
        "match_id": match.id,
        "game": match.game,
        "title": rules.title,
        "status": match.status,
        "seat": seat,
        "everyone": everyone,
        "your_seat": mine,
        "players": [player.public() for player in players],
        "log": full_log,
        "steps": steps,
    }


def _step(
    rules: GameRules[Any],
    state: Any,
    seat: int | None,
    hands: range,
    *,
    move: dict[str, Any] | None,
) -> dict[str, Any]:
    outcome = rules.outcome(state)
    step = {
        "move": move,
        "view": rules.view(state, seat),
        "log": rules.log(state, seat),
        "outcome": outcome.to_json() if outcome else None,
    }
    if hands:
        step["views"] = [rules.view(state, other) for other in hands]
    return step
