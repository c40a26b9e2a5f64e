"""Coloretto hides one thing from everyone: the order of the draw pile (rules/coloretto.md)."""

from __future__ import annotations

import dataclasses
import json
import random

from app.rules.base import Action
from app.rules.coloretto import State

_RUN = 6
"""Six cards in pile order: longer than any public list of cards (a row holds 3, and the
starting cards are at most 5), so finding them in a frame means the order leaked."""


def items(state: State, viewer: int | None) -> list[str]:
    """The next cards of the pile, in order, as they would appear in JSON."""
    pile = list(state.pile)
    # Compact separators, as frames and JSON answers are written (Starlette's send_json).
    return [
        json.dumps(pile[start : start + _RUN], separators=(",", ":"))[1:-1]
        for start in range(len(pile) - _RUN + 1)
    ]


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with the pile in another order."""
    pile = list(state.pile)
    rng.shuffle(pile)
    return dataclasses.replace(state, pile=tuple(pile))


CHOICES: dict[str, tuple[str, ...]] = {"scoring": ("brown", "grey")}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """A draw turns the pile's top card face up; nothing else comes from the pile."""
    return bool(action["type"] == "draw")
