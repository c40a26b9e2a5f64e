"""What the public sees change when an action is played: shared by the games' ``reveals``."""

from __future__ import annotations

from typing import Any

from app.rules import GAMES
from app.rules.base import Action


def public_change(slug: str, state: Any, seat: int, action: Action, *keys: str) -> bool:
    """Whether ``seat`` playing ``action`` changes any of these fields of the spectator's view
    (a phase or round ending, a pile being drawn from): such a step may show new things."""
    rules = GAMES[slug]
    before = rules.view(state, None)
    after = rules.view(rules.apply(state, seat, action), None)
    return any(before[key] != after[key] for key in keys)


def hand_grows(
    slug: str, state: Any, seat: int, action: Action, viewer: int | None, key: str
) -> bool:
    """Whether ``viewer``'s hand (its count in the public view's ``key`` list) grows: it then
    sees cards it drew, which differ between twins."""
    if viewer is None:
        return False
    rules = GAMES[slug]
    before = rules.view(state, None)[key][viewer]
    after = rules.view(rules.apply(state, seat, action), None)[key][viewer]
    return bool(after > before)
