"""What a Monster Duel position is worth to a seat, for the strong bot's short playouts
(``GameRules.evaluate``; rules/monster-tcg.md, Minimum real rules engine: Win conditions).

A seat wins by taking all its prizes, by leaving the opponent no creature in play, or when the
opponent cannot draw at its turn start. While the match runs each seat gets a provisional
score in prizes: the prizes it has taken, the damage on the opponent's creatures (the next
prizes on their way), the energy on its own creatures (attacks it can pay), the move, and an
empty deck (its next draw loses); ``kit.win_chance`` turns the scores into a chance.

The weights and ``SPREAD`` were fitted (logistic regression) on the positions of 400 matches
between normal bots, the same bots that play the strong bot's playouts, and then rounded so
that no partial damage is worth a prize: knocking a creature out must always score better
than leaving it on 1 HP.
"""

from __future__ import annotations

from app.rules.kit import win_chance
from app.rules.monster_tcg.state import Side, State

DAMAGE = 0.9
"""A whole creature's HP in damage, in prizes (per creature: its damage over its HP)."""
ENERGY = 0.6
"""One energy attached to one's own creature, in prizes."""
ENERGY_CAP = 3
"""Energy counted per creature: most attacks cost 3 or fewer."""
MOVE = 0.3
"""Being the seat whose turn it is, in prizes (it attacks first)."""
EMPTY_DECK = 3.0
"""What an empty deck costs: its owner loses at its next draw unless it wins first."""
SPREAD = 1.4
"""How far the scores may still move, in prizes (``kit.win_chance``)."""

PLAYING = frozenset({"play", "search", "promote"})
"""The phases with creatures in play on both sides (before them the seats are even)."""


def evaluate(state: State, seat: int) -> float:
    """``seat``'s chance to win (``GameRules.evaluate``): 1 for a winner and 0 for a loser once
    over (both are winners of a drawn match), else ``win_chance`` of the provisional scores."""
    if state.phase == "over":
        return 1.0 if state.winners is not None and seat in state.winners else 0.0
    if state.phase not in PLAYING:
        return 0.5  # deck choice and setup: nothing is in play yet
    scores = [score(state, side) for side in range(len(state.sides))]
    return win_chance(scores, seat, spread=SPREAD)


def score(state: State, seat: int) -> float:
    """``seat``'s provisional score, in prizes (module docstring)."""
    mine, theirs = state.sides[seat], state.sides[1 - seat]
    taken = state.prizes_total - len(mine.prizes)
    value = taken + DAMAGE * _damage(theirs) + ENERGY * _energy(mine)
    # During the promotions ``turn`` is the seat whose turn ended: the other one moves next.
    moving = state.turn if state.phase != "promote" or state.turn is None else 1 - state.turn
    if moving == seat:
        value += MOVE
    if not mine.deck:
        value -= EMPTY_DECK
    return value


def _damage(side: Side) -> float:
    """The damage on ``side``'s creatures, each as a share of its HP (below 1: at its HP it is
    knocked out, and a prize is taken)."""
    return sum(creature.damage / creature.hp for creature in side.creatures())


def _energy(side: Side) -> int:
    """The energy attached to ``side``'s creatures, at most ``ENERGY_CAP`` each."""
    return sum(min(len(creature.energy), ENERGY_CAP) for creature in side.creatures())
