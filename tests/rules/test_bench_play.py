"""The benchmarks' playout loop (``bench.games.play``) stops a match that never ends with an
error naming it, instead of hanging the run (a Werewolf greedy Scapegoat once toggled one voter
for ever and the run never finished); in a team game the bot measured plays its whole side."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

import pytest

from app.rules import GAMES
from app.rules.base import Action
from app.rules.bots import random_bot
from app.rules.rng import Rng
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


def test_in_a_team_game_the_bot_plays_its_whole_side() -> None:
    """rules/sequence-numbers.md: 4 players play as 2 teams (seats 0 and 2 against 1 and 3), 6
    as 2 teams of 3 by default; 2-3 players each alone. The bot's side is all bot, and the fair
    share is one in the sides."""
    rules = GAMES["sequence_numbers"]
    assert [games.fair_share(rules, players) for players in (2, 3, 4, 6)] == [
        1 / 2,
        1 / 3,
        1 / 2,
        1 / 2,
    ]
    asked: set[int] = set()

    def spy(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        asked.add(view["you"])
        return random_bot(view, legal, rng)

    games.win_rate(rules, players=4, games=1, opponent=random_bot, key="teams", bot=spy)
    assert asked == {0, 2}


def test_each_deal_is_played_from_every_side() -> None:
    """Duplicate deals: the bot against itself plays each deal twice at 2 players, once from
    each seat, the same game both times (a bot's random stream follows the seat, not the bot),
    so it wins exactly half however lucky the deals; at 3 players, a third. UNO ends with one
    winner."""
    rules = GAMES["uno"]
    for players in (2, 3):
        rate = games.win_rate(
            rules, players=players, games=6, opponent=random_bot, key="dup", bot=random_bot
        )
        assert rate == pytest.approx(1 / players)


def test_table_options_reach_the_levels_games() -> None:
    """``--option NAME=VALUE`` (the value read as JSON where it can be): UNO with a match target
    (rules/uno.md, Scoring: "a configurable match target") plays hands until a total reaches it,
    where the default match is one hand."""
    assert games.table_option("target=500") == ("target", 500)
    assert games.table_option("collected=open") == ("collected", "open")
    with pytest.raises(argparse.ArgumentTypeError, match="NAME=VALUE"):
        games.table_option("target")
    rules = GAMES["uno"]
    greedy = next(bot for name, _, bot in games.MATCHUPS["uno"] if name == "greedy")

    def hands_played(options: dict[str, Any] | None) -> set[int]:
        hands: set[int] = set()

        def spy(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
            hands.add(view["hand_number"])
            return greedy(view, legal, rng)

        games.win_rate(rules, players=2, games=1, opponent=spy, key="options", options=options)
        return hands

    assert hands_played(None) == {1}
    assert len(hands_played({"target": 500})) > 1


def test_a_told_strong_bot_draws_the_true_hands_and_a_reshuffled_pile() -> None:
    """``--told``: the strong bot's worlds are the true state ("all"), or the true hands with
    the draw pile in another order ("hands": the same cards, the order no reader of the table
    could know); the fair ``determinize`` deals other hands."""
    rules = GAMES["uno"]
    state = rules.new_game(players=2, seed=bytes(32), options={})
    rng = Rng(bytes(32), "world")
    everything = games.told(rules, "all")
    assert everything.determinize is not None
    assert everything.determinize(everything.view(state, 0), 0, rng) is state
    hands = games.told(rules, "hands")
    assert hands.determinize is not None
    world = hands.determinize(hands.view(state, 0), 0, rng)
    assert world.hands == state.hands
    assert sorted(world.pile) == sorted(state.pile) and world.pile != state.pile
    assert rules.determinize is not None
    fair = rules.determinize(rules.view(state, 0), 0, rng)
    assert fair.hands[0] == state.hands[0] and fair.hands[1] != state.hands[1]


def test_told_hands_is_refused_for_a_game_without_a_draw_pile() -> None:
    with pytest.raises(ValueError, match="coloretto: no draw pile"):
        games.told(GAMES["coloretto"], "hands")
    with pytest.raises(SystemExit):
        games.main(["--game", "coloretto", "--levels", "1", "--told", "hands", "--only-levels"])
