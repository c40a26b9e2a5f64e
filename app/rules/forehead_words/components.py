"""Forehead words' table: players, teams, options and their checks (rules/forehead-words.md,
"Settled for online play", Players, Words and Time)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.rules.base import IllegalAction
from app.rules.forehead_words.words import LANGUAGES, THEME_KEYS, pool
from app.rules.kit import N_, Choice, Table

GAME_NAME = "Forehead words"
MIN_PLAYERS = 4
MAX_PLAYERS = 10
TEAMS = 2

VOTE_SECONDS = 20
"""Judged words: "every player who is neither the caller nor the wearer votes yes or no
within 20 s"."""

TEXT_LIMIT = 200
"""The most characters of a chat line or a guess (longer ones are refused, ``too_long``)."""

TIME_LIMITS = (0, 60, 3600)
"""The time limit: 0 (none), or whole seconds from 60 to 3600 (1 min to 1 h)."""

ODD = N_("Forehead words needs two teams of equal size: an even number of players.")

TABLE = Table(
    GAME_NAME,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "language": Choice("en", LANGUAGES, N_("language is one of zh-Hans, en, ja and hu.")),
        "judged": Choice(False, (False, True), N_("judged is true or false.")),
    },
    excluded={5: ODD, 7: ODD, 9: ODD},
)
"""The player counts (4-10, even: two equal teams, seated alternately) and the options a
``Choice`` can check; ``themes`` and ``time_limit`` are checked by ``check_options``."""

DEFAULT_OPTIONS: dict[str, Any] = {
    "themes": list(THEME_KEYS),
    "language": "en",
    "judged": False,
    "time_limit": 600,
}
"""Every theme, an English table, judged words off, 10 minutes (Time: "default 10 min")."""


@dataclass(frozen=True)
class Options:
    """A table's options once checked: the themes in the seed's order, the language, whether
    judged words are in play, and the time limit in seconds (0: none)."""

    themes: tuple[str, ...]
    language: str
    judged: bool
    time_limit: int

    def to_json(self) -> dict[str, Any]:
        """The options as the full options of ``check_options`` list them."""
        return {
            "themes": list(self.themes),
            "language": self.language,
            "judged": self.judged,
            "time_limit": self.time_limit,
        }


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options for a table of ``players`` (defaults filled in, themes in the seed's
    order), or ``IllegalAction``: ``bad_players`` for a count outside 4-10 or an odd one,
    ``bad_option`` for an unknown option or a bad value, ``too_few_words`` when the themes
    chosen (with judged words or not) hold fewer words than players (every word is
    different)."""
    simple = {key: value for key, value in options.items() if key not in DEFAULT_OPTIONS}
    simple.update({key: options[key] for key in ("language", "judged") if key in options})
    full = TABLE.check(players, simple)
    themes = options.get("themes", DEFAULT_OPTIONS["themes"])
    if (
        not isinstance(themes, list | tuple)
        or not themes
        or not all(isinstance(theme, str) and theme in THEME_KEYS for theme in themes)
        or len(set(themes)) != len(themes)
    ):
        raise IllegalAction(
            "bad_option",
            "themes is a list of different themes among {themes}.",
            themes=", ".join(THEME_KEYS),
        )
    limit = options.get("time_limit", DEFAULT_OPTIONS["time_limit"])
    none, low, high = TIME_LIMITS
    if type(limit) is not int or not (limit == none or low <= limit <= high):
        raise IllegalAction(
            "bad_option",
            "time_limit is 0 (none) or a whole number of seconds from {low} to {high}.",
            low=low,
            high=high,
        )
    ordered = [theme for theme in THEME_KEYS if theme in themes]
    words = len(pool(full["language"], ordered, judged=full["judged"]))
    if words < players:
        raise IllegalAction(
            "too_few_words",
            "These themes have {words} words; {players} players need {players}.",
            words=words,
            players=players,
        )
    return {
        "themes": ordered,
        "language": full["language"],
        "judged": full["judged"],
        "time_limit": limit,
    }


def team_of(seat: int) -> int:
    """A seat's team: seats are seated alternately (Players), so even seats are team 0 and
    odd seats team 1."""
    return seat % TEAMS
