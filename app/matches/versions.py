"""What version of a match each viewer is at, for a game whose moves may be secret in their
timing (``GameRules.sealed``: Werewolf's night).

Elsewhere a frame's ``v`` is the match's ``seq``, the same for everyone, and every move wakes
every socket. That would tell a villager each time a werewolf points or the seer looks, and how
many did. In a sealed game each viewer (each seat, and the spectators) has its own version
instead: a count of the states at which what that viewer is shown (view, legal actions, log)
changed. A move that changes nothing a viewer may see leaves that viewer's version, and its
sockets, alone; the client's stale check and gap detection work on these versions as on a seq.

The counts are a function of the states alone, so every instance folding the same action log
gets the same ones (``Versions.follow`` on each state in order, as at load and catch-up).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import orjson

from app.rules import GameRules


def shown(rules: GameRules[Any], state: Any, seat: int | None) -> bytes:
    """A digest of everything ``seat`` (None: a spectator) is shown at ``state``."""
    parts = (
        rules.view(state, seat),
        rules.legal_actions(state, seat) if seat is not None else [],
        rules.log(state, seat),
    )
    return hashlib.sha256(orjson.dumps(parts)).digest()


@dataclass
class Versions:
    """Each viewer's version of a sealed match and the digest it was counted at."""

    counts: dict[int | None, int] = field(default_factory=dict)
    digests: dict[int | None, bytes] = field(default_factory=dict)

    def follow(self, rules: GameRules[Any], state: Any, players: int) -> frozenset[int | None]:
        """Count ``state`` for every viewer it shows something new; returns those viewers."""
        changed: set[int | None] = set()
        for viewer in [*range(players), None]:
            digest = shown(rules, state, viewer)
            if self.digests.get(viewer) != digest:
                self.digests[viewer] = digest
                self.counts[viewer] = self.counts.get(viewer, 0) + 1
                changed.add(viewer)
        return frozenset(changed)

    def of(self, seat: int | None) -> int:
        """The version ``seat`` (None: the spectators) is at."""
        return self.counts.get(seat, 0)


def fold(rules: GameRules[Any], states: Any, players: int) -> Versions:
    """The versions after a sequence of states (the deal first)."""
    versions = Versions()
    for state in states:
        versions.follow(rules, state, players)
    return versions
