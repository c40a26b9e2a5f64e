"""What each game keeps secret from whom: one test-side declaration per game (issue 4).

``items(state, viewer)`` lists strings that must not appear in any frame sent to ``viewer``
(``None`` is a spectator) in that state; ``scramble(state, viewer, rng)`` returns a state that
differs from ``state`` only in what ``viewer`` may not see, so every frame for that viewer must be
the same for both. A twin re-deals the hidden cards or tiles, so it also differs in their *kind*
(a joker for a number, a wild for a number card, a Minus card for an equation).

``reveals(state, seat, action, viewer)`` says whether the result of ``seat`` playing ``action``
in ``state`` may show ``viewer`` something it could not see before beyond what the action
itself names (a guessed tile's number, the card ``viewer`` draws, the hands counted at the end
of a hand). Until such an action, twins played on with the same actions must look the same to
``viewer`` at every step: the same phase, ``to_act``, legal actions and log, which is how a
leak through the *flow* of play shows (tests/security/test_flow.py). An action that names a
hidden card (playing it from the hand) needs no declaration: it is only legal in a twin that
holds that card, and the harness stops where it is not.

``typed(state, viewer)`` lists texts ``viewer`` typed itself (Forehead words' lines and guess,
``GameRules.free_text``): its frames may hold them whatever ``items`` says, as what a viewer
wrote teaches it nothing (a game whose secret is the viewer's own word cannot stop it typing
it); left out, nothing is.

``choices`` lists, for every option that is not true/false, the values to play it with (the
flow harness plays each non-default value, and each true/false option the other way round).
Every game in ``app.rules.GAMES`` must have an entry (a test checks it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.rules import GAMES, GameRules
from app.rules.base import Action
from tests.security.secrets import (
    coloretto,
    da_vinci_code,
    elements,
    forehead_words,
    manhattan,
    master_of_rules,
    monopoly_deal,
    monster_tcg,
    poison,
    sequence_numbers,
    tong_its,
    uno,
    werewolf,
)


@dataclass(frozen=True)
class Secrets:
    """A game's secret declarations."""

    items: Callable[[Any, int | None], list[str]]
    scramble: Callable[[Any, int | None, random.Random], Any]
    reveals: Callable[[Any, int | None, Action, int | None], bool]
    choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    typed: Callable[[Any, int | None], list[str]] = field(default=lambda state, viewer: [])


def _declared(module: Any) -> Secrets:
    """A game module's declarations (``CHOICES`` may be left out when every option is a flag,
    ``typed`` when no action is free text)."""
    return Secrets(
        items=module.items,
        scramble=module.scramble,
        reveals=module.reveals,
        choices=getattr(module, "CHOICES", {}),
        typed=getattr(module, "typed", lambda state, viewer: []),
    )


SECRETS: dict[str, Secrets] = {
    "coloretto": _declared(coloretto),
    "da_vinci_code": _declared(da_vinci_code),
    "elements": _declared(elements),
    "forehead_words": _declared(forehead_words),
    "manhattan": _declared(manhattan),
    "master_of_rules": _declared(master_of_rules),
    "monopoly_deal": _declared(monopoly_deal),
    "monster_tcg": _declared(monster_tcg),
    "poison": _declared(poison),
    "sequence_numbers": _declared(sequence_numbers),
    "tong_its": _declared(tong_its),
    "uno": _declared(uno),
    "werewolf": _declared(werewolf),
}


def changed_options(slug: str) -> dict[str, Any]:
    """Every option away from its default at once: each flag the other way round, each other
    option at the last of its declared values (issue 15: jokers, for one, are off by default)."""
    rules: GameRules[Any] = GAMES[slug]
    choices = SECRETS[slug].choices
    return {
        key: (not default) if isinstance(default, bool) else choices[key][-1]
        for key, default in rules.default_options.items()
        if isinstance(default, bool) or choices[key][-1] != default
    }
