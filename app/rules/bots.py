"""Bots shared by every game (design 1.5): the uniform random bot used by tests and benchmarks,
the tie-break every game's bot uses to pick among its best actions, and how a table of bots
takes its next move."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.rules.base import Action, GameRules
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


def bots_move(
    rules: GameRules[Any], state: Any, seats: Sequence[int], choose: Callable[[int], Action]
) -> tuple[int | None, Action, Any]:
    """The next move of a table of bots and the state it leads to: the first of ``seats``
    (those to act, in order) whose bot's choice (``choose(seat)``) changes the state; when none
    does (Werewolf's pack holding its pointing while the rest of the night is done), the running
    phase's clock runs out, as it would at the table (no seat). A choice that changes nothing is
    no move, so bots never repeat one for ever."""
    first: tuple[int, Action, Any] | None = None
    for seat in seats:
        action = choose(seat)
        after = rules.step(state, seat, action)
        if after != state:
            return seat, action, after
        first = first or (seat, action, after)
    if None in rules.movers(state) or first is None:
        expiry = rules.expiry(state)
        return None, expiry, rules.step(state, None, expiry)
    return first  # a game without a clock: its rules must make every move count
