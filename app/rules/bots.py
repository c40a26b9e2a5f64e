"""Bots shared by every game (design 1.5): the uniform random bot used by tests and benchmarks."""

from __future__ import annotations

from typing import Any

from app.rules.base import Action
from app.rules.rng import Rng


def random_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """One of the legal actions, uniformly at random (the baseline every game's bot must beat)."""
    if not legal:
        raise ValueError("random_bot needs at least one legal action")
    action, _ = rng.choice(legal)
    return action
