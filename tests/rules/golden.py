"""Golden replays (issue 17, style 4.13c): the file format and the replay that turns a recorded
match into what every viewer saw after every action, shared by the test and the recorder.

A file ``tests/rules/replays/<game>/<name>.json`` holds a match's setup (game, rules version,
players, options, seed, start seat), its actions as ``[seat, action]`` and one row per state
from the deal to the end: ``[to_act, views, logs, legal]``; ``actions[i]`` is played in the
state of row ``i`` and leads to row ``i + 1``. ``views`` and ``logs`` hold one digest per viewer
in ``viewers()`` order (every seat, then the spectator), ``legal`` one per seat (of its legal
actions); the outcome closes the file in full. A row keeps every digest apart so that a
mismatch names the step, the part and the viewer.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from app.rules import GAMES, GameRules
from app.rules.base import Action

REPLAYS = Path(__file__).parent / "replays"

MATCHES_PER_COUNT = 2
"""Matches with the default options per game and player count."""

DIGEST_CHARS = 8
"""Hex digits kept of each sha256: 32 bits make an unnoticed change a 1 in 4 billion chance per
digest, and a change shows in every later row too."""

Row = list[Any]
"""One state: ``[to_act, views, logs, legal]``, the digests space-separated in viewer order."""


@dataclass(frozen=True)
class Slot:
    """One golden file a game must have: its name, player count and setup."""

    name: str
    players: int
    changed_options: bool
    """Every option away from its default (``tests.security.secrets.changed_options``)."""
    start_seat: int | None
    """The table's choice of the first seat (a rematch, issue 9), or None: drawn from the seed."""


def slots(rules: GameRules[Any]) -> list[Slot]:
    """Every golden file a game must have: a few matches per player count with the default
    options (the first seat drawn, then chosen), and one with every option changed at the
    smallest count (when the game has options)."""
    found = [
        Slot(
            name=f"{players}p-{index}",
            players=players,
            changed_options=False,
            start_seat=None if index == 1 else players - 1,
        )
        for players in rules.player_counts
        for index in range(1, MATCHES_PER_COUNT + 1)
    ]
    if rules.default_options:
        # The fewest players make the shortest match: a log is rebuilt for every viewer after
        # every action, so a replay's cost grows with the square of its length.
        fewest = rules.player_counts[0]
        found.append(
            Slot(name=f"{fewest}p-options", players=fewest, changed_options=True, start_seat=None)
        )
    return found


def path(slug: str, name: str) -> Path:
    """Where a game's golden file lives."""
    return REPLAYS / slug / f"{name}.json"


def viewers(players: int) -> list[int | None]:
    """Who looks at a state, in digest order: every seat, then a spectator."""
    return [*range(players), None]


def _canonical(value: Any) -> bytes:
    """``value`` as canonical JSON: sorted keys (the order of a dict's keys is not part of what
    a viewer is shown), no spaces; orjson, as the server (and many times faster than json)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def digest(value: Any) -> str:
    """A short sha256 of ``value``'s canonical JSON."""
    return hashlib.sha256(_canonical(value)).hexdigest()[:DIGEST_CHARS]


def rows(rules: GameRules[Any], states: Iterable[Any], players: int) -> Iterator[Row]:
    """What the golden file records of each of a match's states, in order. A public log
    (``public_log``) is computed once per state for every viewer, as the server does."""
    for state in states:
        if rules.public_log:
            log_digests = [digest(rules.log(state, None))] * (players + 1)
        else:
            log_digests = [digest(rules.log(state, viewer)) for viewer in viewers(players)]
        yield [
            sorted(rules.to_act(state)),
            " ".join(digest(rules.view(state, viewer)) for viewer in viewers(players)),
            " ".join(log_digests),
            " ".join(digest(rules.legal_actions(state, seat)) for seat in range(players)),
        ]


@dataclass(frozen=True)
class Golden:
    """One golden file's content."""

    slug: str
    version: str
    players: int
    options: dict[str, Any]
    seed: bytes
    start_seat: int | None
    actions: list[tuple[int | None, Action]]
    """No seat: a timed phase that ran out (``GameRules.expire``)."""
    rows: list[Row]
    outcome: dict[str, Any]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Golden:
        """A golden file as read from disk."""
        return cls(
            slug=data["slug"],
            version=data["version"],
            players=data["players"],
            options=data["options"],
            seed=bytes.fromhex(data["seed"]),
            start_seat=data["start_seat"],
            actions=[(seat, action) for seat, action in data["actions"]],
            rows=data["rows"],
            outcome=data["outcome"],
        )

    def to_text(self) -> str:
        """The file's text: one action and one row a line, so a diff shows where play changed."""
        head = {
            "slug": self.slug,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed.hex(),
            "start_seat": self.start_seat,
        }
        fields = [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in head.items()]
        for key, items in (("actions", self.actions), ("rows", self.rows)):
            lines = ",\n  ".join(json.dumps(item, sort_keys=True) for item in items)
            fields.append(f'"{key}": [\n  {lines}\n ]')
        fields.append(f'"outcome": {json.dumps(self.outcome, sort_keys=True)}')
        return "{\n " + ",\n ".join(fields) + "\n}\n"


def replay(golden: Golden) -> Iterator[Any]:
    """Every state of the recorded match, from the deal to the last action's result (apply
    raises ``IllegalAction`` where the rules now refuse a recorded action)."""
    rules = GAMES[golden.slug]
    state = rules.new_game(
        players=golden.players,
        seed=golden.seed,
        options=golden.options,
        start_seat=golden.start_seat,
    )
    yield state
    for seat, action in golden.actions:
        state = rules.step(state, seat, action)
        yield state


def load(path: Path) -> Golden:
    """A golden file."""
    return Golden.from_json(json.loads(path.read_text()))
