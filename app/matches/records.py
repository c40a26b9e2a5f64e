"""Match records: a finished match's full record (seed, commitment, every action, result), and
the check anyone can run on one (design 1.2)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import Conflict, NotFound
from app.i18n import N_, _, catalogs
from app.matches import repository
from app.matches.chat import line_json
from app.matches.loading import continued, iso, played_under, players_of
from app.rules import GAMES, GameRules, IllegalAction

RECORD_FORMAT = "parlor-record/1"

SEED_BYTES = 32
"""The length of every match's seed (``matches.seed``); a record with another is not Parlor's."""


def commitment_of(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex (design 1.2)."""
    return hashlib.sha256(seed).hexdigest()


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
    and replaying gives the recorded result. Says what holds as well as what does not (in the
    current locale); a match played under another version of its rules than this server's is
    not replayed."""
    checks = [{"ok": ok, "text": _(text, **params)} for ok, text, params in _checks(data)]
    problems = [check["text"] for check in checks if not check["ok"]]
    return {"ok": bool(checks) and not problems, "problems": problems, "checks": checks}


Check = tuple[bool, str, dict[str, Any]]
"""(holds, message, its parameters)."""


def _checks(data: Any) -> Iterator[Check]:
    """(holds, sentence, parameters) for each check in turn; stops where nothing further can
    be checked."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        yield (
            False,
            N_("This is not a Parlor match record (format {format})."),
            {"format": RECORD_FORMAT},
        )
        return
    rules: GameRules[Any] | None = GAMES.get(str(data.get("game")))
    if rules is None:
        yield False, N_("Unknown game {game}."), {"game": repr(data.get("game"))}
        return
    recorded_version = str(data.get("rules_version", rules.version))
    replayable = recorded_version == rules.version
    if not replayable:
        # Only the rules it was played under can judge its actions: these might refuse a move
        # that was legal then, or deal differently from the same seed.
        yield (
            False,
            N_(
                "This match was played under rules version {version} of {game}; this server has"
                " version {current}, so it cannot replay the actions."
            ),
            played_under(rules, recorded_version),
        )
    try:
        seed = bytes.fromhex(str(data.get("seed")))
    except ValueError:
        yield False, N_("The seed is not hexadecimal."), {}
        return
    if len(seed) != SEED_BYTES:
        # Parlor's seeds are all this long; a longer one would only cost hashing work.
        yield (
            False,
            N_("The seed is not {bytes} bytes ({digits} hexadecimal digits)."),
            {"bytes": SEED_BYTES, "digits": 2 * SEED_BYTES},
        )
        return
    if commitment_of(seed) == data.get("commitment"):
        yield True, N_("The seed's SHA-256 equals the commitment published before the deal."), {}
    else:
        yield False, N_("The seed does not match the commitment published at the start."), {}
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
        yield (
            False,
            N_("The match cannot be dealt again from the seed: {error}"),
            {"error": _refusal(error)},
        )
        return
    actions = data.get("actions")
    if not isinstance(actions, list):
        yield False, N_("The record has no action list."), {}
        return
    applied = 0
    try:
        for after in continued(rules, state, _moves(actions)):
            state, applied = after, applied + 1
    except _OutOfOrder:
        yield False, N_("Action {number} is missing or out of order."), {"number": applied + 1}
        return
    except (KeyError, TypeError, IllegalAction) as error:
        yield (
            False,
            N_("Action {number} is not legal when replayed: {error}"),
            {"number": applied + 1, "error": _refusal(error)},
        )
        return
    yield (
        True,
        N_("All {count} actions are legal when replayed from the seed, in order."),
        {"count": len(actions)},
    )
    outcome = rules.outcome(state)
    if outcome is None:
        yield False, N_("Replaying every action does not finish the match."), {}
    elif json.loads(json.dumps(outcome.to_json())) == data.get("outcome"):
        yield True, N_("Replaying them ends the match with exactly the recorded result."), {}
    else:
        yield (
            False,
            N_("Replaying every action gives a different result from the recorded one."),
            {},
        )


def _refusal(error: Exception) -> str:
    """What went wrong, in the current locale: a rules refusal's sentence, else the error's
    own words."""
    if isinstance(error, IllegalAction):
        return catalogs().translate(error.template, error.params)
    return str(error)


class _OutOfOrder(Exception):
    """A record's action is not a numbered object in its place."""


def _moves(actions: list[Any]) -> Iterator[tuple[int, Any]]:
    """A record's (seat, action) pairs in order, as far as each is numbered in its place."""
    for expected_seq, entry in enumerate(actions, start=1):
        if not isinstance(entry, dict) or entry.get("seq") != expected_seq:
            raise _OutOfOrder
        yield entry["seat"], entry["action"]
