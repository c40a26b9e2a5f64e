"""Moves for the rules tests of every game: refusals, scripted moves and bot matches.

Each helper takes the game's registry entry (``GameRules``) first; a test module binds the ones
it uses to its game, ``refused = functools.partial(refusal, GAME)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from app.rules.base import Action, Bot, GameRules, IllegalAction
from app.rules.bots import random_move
from app.rules.rng import Rng, bot_rng

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

State = TypeVar("State", bound="DataclassInstance")

Move = tuple[int, Action]
"""A seat and the action it plays, as the action log stores them."""


def refusal(rules: GameRules[State], state: State, seat: int, action: Any) -> IllegalAction:
    """The IllegalAction that ``apply`` raises for ``action`` by ``seat`` (the test fails if it
    does not raise), checked to carry a sentence and to leave ``state`` as it was."""
    before = replace(state)
    with pytest.raises(IllegalAction) as raised:
        rules.apply(state, seat, action)
    # Style 4.2: a refusal changes nothing, so the server may keep the state it holds.
    assert state == before and raised.value.message, (seat, action)
    return raised.value


def played(rules: GameRules[State], state: State, *moves: Move) -> State:
    """The state after each ``(seat, action)`` in turn, each checked to be listed as legal
    first."""
    for seat, action in moves:
        # A move the list leaves out is one no player (or bot) could send, whatever apply does.
        assert action in rules.legal_actions(state, seat), (seat, action)
        state = rules.apply(state, seat, action)
    return state


def bot_choice(rules: GameRules[State], bot: Bot, state: State, seat: int, rng: Rng) -> Action:
    """What ``bot`` plays for ``seat`` in ``state`` from that seat's view, checked to be legal."""
    legal = rules.legal_actions(state, seat)
    action = bot(rules.view(state, seat), legal, rng)
    assert action in legal, (seat, action)
    return action


def bot_match(
    rules: GameRules[State],
    bots: Sequence[Bot],
    *,
    seed: bytes,
    options: Mapping[str, Any] | None = None,
    on_move: Callable[[State, int, Action], None] | None = None,
) -> tuple[State, list[Move]]:
    """A match of ``len(bots)`` seats from ``seed``, ``bots[seat]`` choosing for each seat
    (``bot_choice``); ``on_move(state, seat, action)`` sees each move before it is applied.
    The final state and the moves played."""
    state = rules.new_game(players=len(bots), seed=seed, options=options or {})
    moves: list[Move] = []
    while acting := rules.to_act(state):
        # The lowest seat first and the rng of design 1.2, so a seed always replays one match.
        seat = min(acting)
        rng = bot_rng(seed, seat=seat, seq=len(moves))
        action = bot_choice(rules, bots[seat], state, seat, rng)
        if on_move is not None:
            on_move(state, seat, action)
        state = rules.apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


def random_positions(
    rules: GameRules[Any], *, players: int, seed: bytes, options: dict[str, Any] | None = None
) -> tuple[list[tuple[Any, int]], Any]:
    """Every position of a seeded random game, with the seat chosen to act in it, and the
    finished state (seats and moves drawn from ``Rng(seed, "positions")``; free text made up by
    ``random_move``)."""
    state = rules.new_game(players=players, seed=seed, options=options or {})
    chooser = Rng(seed, "positions")
    positions = []
    while rules.outcome(state) is None:
        seat, chooser = chooser.choice(sorted(rules.to_act(state)))
        positions.append((state, seat))
        _, state, chooser = random_move(rules, state, seat, chooser)
    return positions, state
