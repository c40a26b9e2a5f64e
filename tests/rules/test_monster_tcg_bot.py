"""Monster Duel's bots (design 1.5; ``app/rules/monster_tcg/bot.py``): legal and deterministic
over many seeded matches, better than random and greedy players, and the clear moves on
hand-written tables.

The tables are built with ``table`` and ``mon`` from ``test_monster_tcg`` (each seat's
creatures, hand, deck, whose turn); each bot sees only ``view(state, seat)`` and the legal
actions. Damage comes from the card table with weakness x2 and resistance -30
(rules/monster-tcg.md, Settled for Parlor: Damage)."""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from typing import Any

import pytest

from app.rules import GAMES
from app.rules.base import Action, Bot
from app.rules.bots import random_bot
from app.rules.monster_tcg import State, apply, choose, evaluate, greedy_bot, outcome
from app.rules.rng import Rng
from tests.rules.moves import Move, bot_choice, bot_match
from tests.rules.test_monster_tcg import SEED, attack, mon, table

RULES = GAMES["monster_tcg"]


def play_out(
    bots: list[Bot], *, index: int, options: dict[str, Any] | None = None
) -> tuple[State, list[Move]]:
    """Match ``index`` through the registry (``moves.bot_match``): the final state and moves."""
    game_seed = hashlib.sha256(f"monster tcg bots {index}".encode()).digest()
    return bot_match(RULES, bots, seed=game_seed, options=options)


def decide(bot: Bot, state: State, seat: int) -> Action:
    """What ``bot`` plays for ``seat`` in ``state`` (checked to be legal)."""
    return bot_choice(RULES, bot, state, seat, Rng(SEED, "bot"))


@pytest.mark.parametrize("options", [{}, {"deck_size": 30, "deck_1": "surge"}], ids=["60", "30"])
def test_the_bots_play_only_legal_actions_to_the_end(options: dict[str, Any]) -> None:
    """Design 1.5: over seeded matches mixing the bot, greedy and random players, each action is
    one of the legal ones (``play_out`` checks it) and every match ends with a winner."""
    lineups: list[list[Bot]] = [
        [choose, choose],
        [choose, greedy_bot],
        [random_bot, choose],
        [greedy_bot, random_bot],
    ]
    reasons = Counter[str]()
    for index in range(12):
        state, _ = play_out(lineups[index % len(lineups)], index=index, options=options)
        result = outcome(state)
        assert result is not None and result.winners
        reasons[result.detail["reason"]] += 1
    assert reasons["prizes"] + reasons["no_creatures"] >= 8


def test_the_bot_is_deterministic_given_its_rng() -> None:
    """Design 1.5: the same seed gives the same decisions (the bot's only randomness is its rng)."""
    bots: list[Bot] = [choose, greedy_bot]
    assert play_out(bots, index=7)[1] == play_out(bots, index=7)[1]


def test_the_bot_beats_random_and_greedy_players() -> None:
    """Design 1.5: better than random and greedy players (baseline 1 in 2);
    ``python -m bench.games --game monster_tcg`` measures both over more matches."""
    games = 20
    wins = Counter[str]()
    for index in range(games):
        for name, opponent in (("random", random_bot), ("greedy", greedy_bot)):
            bots: list[Bot] = [opponent, opponent]
            bots[index % 2] = choose
            result = outcome(play_out(bots, index=1000 + index)[0])
            assert result is not None
            wins[name] += index % 2 in result.winners
    assert wins["random"] >= 18 and wins["greedy"] >= 13


# --- the turn ------------------------------------------------------------------------------------


def test_the_bot_knocks_out_when_it_can() -> None:
    """Attacking: against Drip Frog (60 HP), Blaze Hound's Heat Charge (70) knocks out and
    Flame Fang (40) does not; the bot takes the knock-out."""
    hound = mon("cinder-pup blaze-hound", energy="fire fire fire")
    state = table(actives=(hound, mon("drip-frog")))
    assert decide(choose, state, 0) == attack(1)


def test_the_bot_benches_and_evolves_before_attacking() -> None:
    """Turn: bench Basics and evolve first (the active first), attack last."""
    state = table(
        actives=(mon("cinder-pup", energy="fire fire"), mon("sprout-mole")),
        hands=("ember-newt blaze-hound", ""),
    )
    assert decide(choose, state, 0) == {"type": "bench", "card": "ember-newt"}
    state = apply(state, 0, {"type": "bench", "card": "ember-newt"})
    assert decide(choose, state, 0) == {"type": "evolve", "card": "blaze-hound", "slot": 0}


def test_the_bot_attaches_energy_towards_its_actives_attack() -> None:
    """Energy: Spark Mouse holds one lightning; a fire energy pays Static Shock's colorless,
    so it goes to the active rather than to the benched Cinder Pup."""
    state = table(
        actives=(mon("spark-mouse", energy="lightning"), mon("drip-frog")),
        benches=((mon("cinder-pup"),), ()),
        hands=("fire-energy", ""),
    )
    assert decide(choose, state, 0) == {"type": "attach", "card": "fire-energy", "slot": 0}


def test_the_bot_heals_a_damaged_creature() -> None:
    """Trainers: Potion Pack on the active with 30 damage."""
    state = table(
        actives=(mon("reef-crab", damage=30, energy="water"), mon("sprout-mole")),
        hands=("potion-pack", ""),
    )
    assert decide(choose, state, 0) == {"type": "trainer", "card": "potion-pack", "slot": 0}


def test_the_bot_retreats_a_doomed_active_for_a_healthy_attacker() -> None:
    """Retreat: Cinder Pup (10 HP left) faces Torrent Toad's Water Lash (40, fire is weak to
    water: 80) and cannot knock it out; the benched Magma Tortoise (100 HP) holds the energy for
    Lava Press, so the bot pays the retreat (1) and brings it in."""
    state = table(
        actives=(
            mon("cinder-pup", damage=40, energy="fire"),
            mon("drip-frog torrent-toad", energy="water water"),
        ),
        benches=((mon("magma-tortoise", energy="fire fire fire"),), ()),
    )
    assert decide(choose, state, 0) == {"type": "retreat", "slot": 1}


def test_the_bot_promotes_the_creature_that_uses_weakness() -> None:
    """Knock-out, promotion: against Blaze Hound (fire, weak to water), the benched Drip Frog
    with a water energy (Bubble: 20, doubled to 40) is promoted rather than Spark Mouse with a
    lightning energy (Zap: 20)."""
    state = table(
        actives=(
            mon("cinder-pup blaze-hound", energy="fire fire"),
            mon("sprout-mole", damage=40),
        ),
        benches=((), (mon("spark-mouse", energy="lightning"), mon("drip-frog", energy="water"))),
    )
    state = apply(state, 0, attack(0))
    assert state.phase == "promote"
    assert decide(choose, state, 1) == {"type": "promote", "slot": 2}


# --- the greedy player ---------------------------------------------------------------------------


def test_the_greedy_player() -> None:
    """``greedy_bot``: it benches, evolves, attaches its first energy to the active, attacks with
    its first usable attack, and plays no trainer."""
    state = table(
        actives=(mon("cinder-pup", energy="fire"), mon("sprout-mole")),
        hands=("potion-pack fire-energy", ""),
    )
    assert decide(greedy_bot, state, 0) == {"type": "attach", "card": "fire-energy", "slot": 0}
    state = apply(state, 0, {"type": "attach", "card": "fire-energy", "slot": 0})
    assert decide(greedy_bot, state, 0) == attack(0)


# --- the strong bot's evaluate -------------------------------------------------------------------


def test_evaluate_favours_the_seat_that_took_more_prizes() -> None:
    """Win conditions (take all your prizes): seat 0 has taken 2 of its 6 prizes, seat 1 none;
    the creatures are alike and seat 1 is to move. Scores (``evaluate.score``, in prizes): 2 for
    seat 0, 0.3 (the move) for seat 1, so seat 0's chance is 1 / (1 + e^(-1.7 / 1.4)) ~ 0.77,
    and seat 1's the rest."""
    state = table(
        actives=(mon("sprout-mole"), mon("sprout-mole")),
        prizes=("fire-energy potion-pack cinder-pup fire-energy", None),
        turn=1,
    )
    assert [len(side.prizes) for side in state.sides] == [4, 6]
    mine, theirs = evaluate(state, 0), evaluate(state, 1)
    assert mine == pytest.approx(1 / (1 + math.exp(-1.7 / 1.4)))
    assert mine + theirs == pytest.approx(1)


def test_evaluate_values_a_knock_out_above_the_damage_before_it() -> None:
    """Damage and Knock-out: Sprout Mole on 10 HP (40 damage of 50) is most of a prize on its
    way, but knocking it out (Flame Fang, 80 with weakness) takes the prize and the energy on it:
    seat 0's chance rises (2.22 against 0.6 before, in prizes; 2.2 against 0.3, seat 1 to
    promote and move, after)."""
    state = table(
        actives=(
            mon("cinder-pup blaze-hound", energy="fire fire"),
            mon("sprout-mole", damage=40, energy="grass"),
        ),
        benches=((), (mon("drip-frog"),)),
    )
    before = evaluate(state, 0)
    assert before == pytest.approx(1 / (1 + math.exp(-1.62 / 1.4)))
    state = apply(state, 0, attack(0))
    assert state.phase == "promote" and len(state.sides[0].prizes) == 5
    assert evaluate(state, 0) == pytest.approx(1 / (1 + math.exp(-1.9 / 1.4)))
    assert evaluate(state, 0) > before
