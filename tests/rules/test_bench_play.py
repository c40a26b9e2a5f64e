"""The benchmarks' playout loop (``bench.games.play``) stops a match that never ends with an
error naming it, instead of hanging the run (a Werewolf greedy Scapegoat once toggled one voter
for ever and the run never finished)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.rules import GAMES
from app.rules.bots import random_bot
from bench import games


def test_a_match_that_never_ends_stops_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Coloretto whose every move changes nothing: no outcome ever comes.
    stuck = replace(GAMES["coloretto"], apply=lambda state, seat, action: state)
    monkeypatch.setattr(games, "MAX_ACTIONS", 50)
    seed = bytes(range(32))
    with pytest.raises(RuntimeError, match=f"no end after 50 actions \\(seed {seed.hex()}\\)"):
        games.play(stuck, players=3, seed=seed, bots=[random_bot] * 3)


def test_a_real_match_ends_well_within_the_cap() -> None:
    state, actions = games.play(
        GAMES["coloretto"], players=3, seed=bytes(32), bots=[random_bot] * 3
    )
    assert GAMES["coloretto"].outcome(state) is not None and 0 < actions < games.MAX_ACTIONS
