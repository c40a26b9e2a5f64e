"""Bots shared by every game (design 1.5): the uniform random bot used by tests and benchmarks,
and the tie-break every game's bot uses to pick among its best actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.base import Action
from app.rules.rng import Rng


def random_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """One of the legal actions, uniformly at random (the baseline every game's bot must beat)."""
    if not legal:
        raise ValueError("random_bot needs at least one legal action")
    action, _ = rng.choice(legal)
    return action


def best_of(actions: Sequence[Action], values: Sequence[Any], rng: Rng) -> Action:
    """The action with the highest value (values are compared, so tuples rank by their first
    difference); the rng draws among exact ties, in the order the actions are listed."""
    top = max(values)
    tied = [action for action, value in zip(actions, values, strict=True) if value == top]
    action, _ = rng.choice(tied)
    return action
