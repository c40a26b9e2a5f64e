"""What each game keeps secret from whom: one test-side declaration per game (issue 4).

``items(state, viewer)`` lists strings that must not appear in any frame sent to ``viewer``
(``None`` is a spectator) in that state; ``scramble(state, viewer, rng)`` returns a state that
differs from ``state`` only in what ``viewer`` may not see, so every frame for that viewer must be
the same for both. Every game in ``app.rules.GAMES`` must have an entry (a test checks it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.security.secrets import (
    coloretto,
    da_vinci_code,
    elements,
    master_of_rules,
    poison,
    sequence_numbers,
    uno,
)


@dataclass(frozen=True)
class Secrets:
    """A game's secret declarations."""

    items: Callable[[Any, int | None], list[str]]
    scramble: Callable[[Any, int | None, random.Random], Any]


SECRETS: dict[str, Secrets] = {
    "coloretto": Secrets(items=coloretto.items, scramble=coloretto.scramble),
    "da_vinci_code": Secrets(items=da_vinci_code.items, scramble=da_vinci_code.scramble),
    "elements": Secrets(items=elements.items, scramble=elements.scramble),
    "master_of_rules": Secrets(items=master_of_rules.items, scramble=master_of_rules.scramble),
    "poison": Secrets(items=poison.items, scramble=poison.scramble),
    "sequence_numbers": Secrets(items=sequence_numbers.items, scramble=sequence_numbers.scramble),
    "uno": Secrets(items=uno.items, scramble=uno.scramble),
}
