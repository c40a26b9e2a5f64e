"""The games' guides as the pages show them: the gallery, a rules page with its demo turn, and a
table's options in words. The only caller of ``app.rules`` for them (design 2: services)."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

from app.errors import NotFound
from app.guides.catalogue import BLURBS, Blurb
from app.guides.options import describe
from app.i18n import _, ngettext
from app.rules import GAMES

DEMO_NAMES = ("You", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""The demo table's players: the reader is seat 0."""


def _blurb(slug: str) -> Blurb:
    blurb = BLURBS.get(slug)
    if blurb is None or slug not in GAMES:
        raise NotFound("Parlor has no such game; the home page lists them all.", code="no_game")
    return blurb


def players_text(slug: str) -> str:
    """The player counts in words: "3-5 players", "2 players", "2, 3, 4 or 6 players" (in
    the current locale)."""
    counts = GAMES[slug].player_counts
    if len(counts) == 1:
        return ngettext("{count} player", "{count} players", counts[0])
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return _("{low}\u2013{high} players", low=counts[0], high=counts[-1])
    return _("{counts} or {last} players", counts=", ".join(map(str, counts[:-1])), last=counts[-1])


def minutes_text(slug: str) -> str:
    """A typical match's length: "20\u201330 min"."""
    low, high = _blurb(slug).minutes
    return _("{low}\u2013{high} min", low=low, high=high)


def summary(slug: str) -> dict[str, Any]:
    """One game as the gallery shows it: title, players, length and pitch."""
    blurb = _blurb(slug)
    return {
        "slug": slug,
        "title": _(GAMES[slug].title),
        "players": players_text(slug),
        "minutes": minutes_text(slug),
        "pitch": _(blurb.pitch),
        "url": f"/games/{slug}",
    }


def gallery() -> list[dict[str, Any]]:
    """Every game with a guide, in the registry's order."""
    return [summary(slug) for slug in GAMES if slug in BLURBS]


@cache
def demo(slug: str) -> dict[str, Any]:
    """A demo match's first frame through seat 0's eyes, shaped as the table's state (view,
    legal moves, log, players): a fixed seed, the default options and seat 0 to start.

    Nobody plays this match, so showing seat 0's view hides nothing from anyone."""
    blurb = _blurb(slug)
    rules = GAMES[slug]
    players = blurb.demo_players
    seed = hashlib.sha256(f"parlor demo {slug}".encode()).digest()
    options = rules.check_options(players, {})
    state = rules.new_game(players=players, seed=seed, options=options, start_seat=0)
    return {
        "view": rules.view(state, 0),
        "legal": rules.legal_actions(state, 0),
        "log": rules.log(state, 0),
        "outcome": None,
        "match": {
            "game": slug,
            "title": rules.title,
            "seat": 0,
            "status": "demo",
            "players": [
                {"seat": seat, "name": DEMO_NAMES[seat], "bot": None} for seat in range(players)
            ],
        },
    }


def rules_page(slug: str) -> dict[str, Any]:
    """A game's rules page: its summary, the first turn's caption and the demo frame (its
    options in words in the current locale; the rest is the same in every language)."""
    blurb = _blurb(slug)
    shown = demo(slug)
    options = GAMES[slug].check_options(blurb.demo_players, {})
    return {
        **summary(slug),
        "first_turn": _(blurb.first_turn),
        "demo": {**shown, "options_text": describe(slug, blurb.demo_players, options)},
    }


def options_text(game: str, players: int, options: dict[str, Any]) -> list[str]:
    """A table's options as sentences (those that matter at its player count)."""
    return describe(game, players, options)
