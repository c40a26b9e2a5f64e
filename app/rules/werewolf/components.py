"""Werewolf's roles, the preset role sets, the timers and the table's options
(rules/werewolf.md, "Roles listed in the seed" and "Settled for online play").

A role is one of the strings of ``ROLES``; the deck is the role set's cards listed in ``ROLES``
order (``deck``), with 2 plain Villager cards more when a Thief is in (Thief, seed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from app.rules.base import IllegalAction
from app.rules.kit import N_, Choice, Table

ROLES: tuple[str, ...] = (
    "villager",
    "werewolf",
    "seer",
    "witch",
    "cupid",
    "piper",
    "thief",
    "scapegoat",
    "idiot",
    "elder",
)
"""Every role, in the canonical order the deck is listed in before the shuffle (design 1.4)."""
SPECIAL_ROLES: tuple[str, ...] = ROLES[2:]
"""The roles of which a role set holds at most one (Roles listed in the seed: "(1)")."""
NAMES: dict[str, str] = {
    "villager": N_("Villager"),
    "werewolf": N_("Werewolf"),
    "seer": N_("Seer"),
    "witch": N_("Witch"),
    "cupid": N_("Cupid"),
    "piper": N_("Piper"),
    "thief": N_("Thief"),
    "scapegoat": N_("Scapegoat"),
    "idiot": N_("Village Idiot"),
    "elder": N_("Elder"),
}
"""Each role as the notes name it (a message: a parameter of refusals, translated there)."""
LOSE_POWERS: frozenset[str] = frozenset({"seer", "witch", "idiot"})
"""Elder (Roles 11, the Thiercelieux proposal): once the village or the Witch kills him, "all
villagers lose their special powers". Parlor's reading: the Seer looks no more, the Witch's
potions are gone, the Village Idiot no longer survives a vote. Cupid's and the Thief's powers
are spent on night 1, before the Elder can die (moot); the Piper and the werewolves are no
villagers; the Scapegoat's death on a tie is no power, and his choice of voters is made as he
dies (kept)."""

MIN_PLAYERS = 5
MAX_PLAYERS = 18
"""Settled for online play, Players: 5-18."""
THIEF_EXTRA = 2
"""Thief (seed): two extra plain Villager cards go into the deck; the two left over after the
deal are his spare cards."""
MAX_WEREWOLVES = 4
"""Werewolves (seed): 1-4."""

DECISION_SECONDS = 30
"""Parlor's fixed timer for a one-seat decision by day: the dying Sheriff naming a successor
(Deaths: "within a short timer"), the Sheriff breaking a tie, the Scapegoat choosing the next
day's voters."""

PRESETS: dict[int, dict[str, int]] = {
    5: {"villager": 2, "werewolf": 1, "seer": 1, "witch": 1},
    6: {"villager": 2, "werewolf": 1, "seer": 1, "witch": 1, "idiot": 1},
    7: {"villager": 2, "werewolf": 2, "seer": 1, "witch": 1, "idiot": 1},
    8: {"villager": 2, "werewolf": 2, "seer": 1, "witch": 1, "cupid": 1, "idiot": 1},
    9: {"villager": 2, "werewolf": 2, "seer": 1, "witch": 1, "cupid": 1, "idiot": 1, "elder": 1},
}
"""The role set suggested per player count (Players: "a preset suggested per count"); the
package docstring has the table. From 10 on, ``_preset`` adds the Scapegoat (10), the Thief
(11), a third werewolf (12), the Piper (13), then villagers, with a fourth werewolf at 16."""


def _preset(players: int) -> dict[str, int]:
    """The preset role set for ``players`` (5-18), counts by role."""
    if players in PRESETS:
        return dict(PRESETS[players])
    counts = dict(PRESETS[9])
    counts["scapegoat"] = 1
    if players >= 11:
        counts["thief"] = 1
    if players >= 13:
        counts["piper"] = 1
    counts["werewolf"] = 2 if players < 12 else 3 if players < 16 else 4
    counts["villager"] = players - sum(
        count for role, count in counts.items() if role != "villager"
    )
    return counts


def preset(players: int) -> dict[str, int]:
    """The preset role set for ``players``, counts in ``ROLES`` order (only roles in it)."""
    counts = _preset(players)
    return {role: counts[role] for role in ROLES if counts.get(role)}


def deck(counts: Mapping[str, int]) -> tuple[str, ...]:
    """The role cards of a role set in ``ROLES`` order, with the Thief's 2 extra Villagers."""
    extra = THIEF_EXTRA if counts.get("thief") else 0
    cards: list[str] = []
    for role in ROLES:
        cards += [role] * (counts.get(role, 0) + (extra if role == "villager" else 0))
    return tuple(cards)


# --- options -----------------------------------------------------------------------------------

REVEALS: tuple[str, ...] = ("on_death", "end")
"""Deaths: the role is revealed on death (default), or hidden until the end (option)."""
DEAD_SEES: tuple[str, ...] = ("all", "public")
"""Dead players see every role and channel (default), or the public view only (option)."""
POTIONS: tuple[str, ...] = ("each_once", "single")
"""Witch [SEED-AMBIGUOUS]: each potion once per game (default) or one potion use in all."""
TIMERS: dict[str, tuple[int, int, int]] = {
    "night_seconds": (60, 20, 300),
    "witch_seconds": (30, 10, 120),
    "discussion_seconds": (180, 30, 1200),
    "vote_seconds": (60, 15, 300),
}
"""Each timer option: its default (Night: 60 s; Day: discussion 3 min; Parlor's choice for the
Witch's step and the votes) and the allowed range in whole seconds, ends included."""


@dataclass(frozen=True)
class Options:
    """A table's options (the package docstring says what each does); ``roles`` is the role set
    as counts in ``ROLES`` order (the preset already resolved)."""

    roles: tuple[tuple[str, int], ...]
    night_seconds: int = 60
    witch_seconds: int = 30
    discussion_seconds: int = 180
    vote_seconds: int = 60
    reveal: str = "on_death"
    dead_see: str = "all"
    potions: str = "each_once"

    def count(self, role: str) -> int:
        """How many cards of ``role`` the role set holds (the Thief's extra Villagers aside)."""
        return dict(self.roles).get(role, 0)

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object (``roles`` as the resolved counts)."""
        shown: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        shown["roles"] = dict(self.roles)
        return shown


def step_seconds(step: str, options: Options) -> int:
    """The timer of a step: the night and the Witch's step, the discussion, and the candidacy,
    the election and the vote by their options; the one-seat decisions ``DECISION_SECONDS``."""
    return {
        "night": options.night_seconds,
        "witch": options.witch_seconds,
        "discussion": options.discussion_seconds,
        "candidacy": options.vote_seconds,
        "election": options.vote_seconds,
        "vote": options.vote_seconds,
    }.get(step, DECISION_SECONDS)


TIMER_REFUSALS: dict[str, str] = {
    "night_seconds": N_(
        "The option night_seconds must be a whole number of seconds from 20 to 300."
    ),
    "witch_seconds": N_(
        "The option witch_seconds must be a whole number of seconds from 10 to 120."
    ),
    "discussion_seconds": N_(
        "The option discussion_seconds must be a whole number of seconds from 30 to 1200."
    ),
    "vote_seconds": N_("The option vote_seconds must be a whole number of seconds from 15 to 300."),
}
"""Each timer's refusal, its range written out (``TIMERS``; a message is a literal)."""

TABLE = Table(
    "Werewolf",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        **{
            name: Choice(default, range(low, high + 1), TIMER_REFUSALS[name])
            for name, (default, low, high) in TIMERS.items()
        },
        "reveal": Choice("on_death", REVEALS, 'The option reveal must be "on_death" or "end".'),
        "dead_see": Choice("all", DEAD_SEES, 'The option dead_see must be "all" or "public".'),
        "potions": Choice(
            "each_once", POTIONS, 'The option potions must be "each_once" or "single".'
        ),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = {"roles": "preset", **TABLE.defaults}
"""``roles``: "preset", the four timers (60, 30, 180, 60 s), ``reveal``: "on_death",
``dead_see``: "all", ``potions``: "each_once"."""


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options (defaults filled in; an explicit role set listed in ``ROLES`` order,
    roles with no card left out), or ``IllegalAction("bad_players" | "bad_option", ...)``."""
    rest = {key: value for key, value in options.items() if key != "roles"}
    full = TABLE.check(players, rest)
    roles = options.get("roles", "preset")
    if roles != "preset":
        roles = _check_roles(players, roles)
    return {"roles": roles, **full}


def resolve_roles(players: int, roles: Any) -> tuple[tuple[str, int], ...]:
    """The role set of checked options: the preset for ``players`` or the explicit counts."""
    counts = preset(players) if roles == "preset" else dict(roles)
    return tuple((role, counts[role]) for role in ROLES if counts.get(role))


def _check_roles(players: int, roles: Any) -> dict[str, int]:
    """Settled for online play, Players: the host's role set, validated: counts by role adding
    up to the players (the Thief's 2 Villagers come on top), 1-4 werewolves and fewer than the
    other players, at most one of each special role."""
    if not isinstance(roles, Mapping):
        raise IllegalAction(
            "bad_option", 'The option roles must be "preset" or an object of role counts.'
        )
    for role, count in roles.items():
        if role not in ROLES:
            raise IllegalAction("bad_option", "There is no role {role}.", role=repr(str(role)[:40]))
        if type(count) is not int or count < 0:
            raise IllegalAction(
                "bad_option", "The count of {role} must be a whole number.", role=role
            )
        if role in SPECIAL_ROLES and count > 1:
            raise IllegalAction(
                "bad_option", "A role set holds at most one {role}.", role=NAMES[role]
            )
    total = sum(roles.values())
    if total != players:
        raise IllegalAction(
            "bad_option",
            "The role set has {total} cards for {players} players (the Thief's two extra "
            "Villagers come on top).",
            total=total,
            players=players,
        )
    wolves = roles.get("werewolf", 0)
    if not 1 <= wolves <= MAX_WEREWOLVES:
        raise IllegalAction("bad_option", "A role set has 1 to 4 werewolves.")
    if wolves >= players - wolves:
        raise IllegalAction("bad_option", "There must be fewer werewolves than other players.")
    return {role: roles[role] for role in ROLES if roles.get(role)}
