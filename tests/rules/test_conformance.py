"""The contract of design 1.1, checked for every registered game with seeded random playouts
(style 4.13a, after OpenSpiel's ``RandomSimTest``). Nothing here knows any one game's rules."""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from typing import Any

import pytest

from app.rules import GAMES, GameRules, IllegalAction, Outcome
from app.rules.base import Action
from app.rules.rng import Rng

MAX_ACTIONS = 2000
"""No game in the registry needs this many actions; a playout that does is stuck."""

SEEDS = [hashlib.sha256(f"conformance:{index}".encode()).digest() for index in range(3)]

CASES = [
    pytest.param((rules, players), id=f"{slug}-{players}p")
    for slug, rules in sorted(GAMES.items())
    for players in rules.player_counts
]

BOGUS_ACTIONS: list[Any] = [{}, {"type": "nope"}, {"type": 5}, {"type": None}, [], "draw", None]


@dataclass
class Playout:
    """One finished random game: its seed, the (seat, action) record and the final state."""

    seed: bytes
    record: list[tuple[int, Action]]
    final: Any


def json_round_trip(value: Any) -> Any:
    """``value`` through JSON and back; must come back equal (no tuples, sets or objects)."""
    return json.loads(json.dumps(value, allow_nan=False))


def check_refused(rules: GameRules[Any], state: Any, seat: int, action: Any) -> None:
    """``action`` by ``seat`` raises IllegalAction with a code and a sentence."""
    with pytest.raises(IllegalAction) as raised:
        rules.apply(state, seat, action)
    assert raised.value.code and raised.value.message


def check_step(rules: GameRules[Any], state: Any, players: int) -> None:
    """Everything the contract promises about one state in the middle of a game; none of it
    (applying legal actions, refusing illegal ones, views, log) may change the state."""
    before = copy.deepcopy(state)
    acting = rules.to_act(state)
    assert acting, "nobody may act but there is no outcome"
    assert acting <= set(range(players))
    for seat in range(players):
        legal = rules.legal_actions(state, seat)
        if seat in acting:
            assert legal, f"seat {seat} must act but has no legal action"
            assert json_round_trip(legal) == legal
            for action in legal:
                rules.apply(state, seat, action)  # every listed action applies
            for bogus in BOGUS_ACTIONS:
                check_refused(rules, state, seat, bogus)
            check_refused(rules, state, seat, {**legal[0], "extra": 1})
        else:
            assert legal == []
    outsider = next((seat for seat in range(players) if seat not in acting), None)
    if outsider is not None:
        some_seat = min(acting)
        for action in rules.legal_actions(state, some_seat):
            check_refused(rules, state, outsider, action)
    lengths = set()
    public = rules.log(state, None)
    for viewer in [*range(players), None]:
        shown = rules.view(state, viewer)
        assert json_round_trip(shown) == shown
        entries = rules.log(state, viewer)
        assert json_round_trip(entries) == entries
        assert all(isinstance(entry.get("type"), str) for entry in entries)
        lengths.add(len(entries))
        if rules.public_log:  # the server then sends everyone the spectators' log
            assert entries == public
    # Every viewer's log has the same entries, only their hidden contents differ: the table
    # marks a stand-in's moves by log position, once for everyone (app/matches/service.py).
    assert len(lengths) == 1, f"log lengths differ between viewers: {lengths}"
    assert state == before


def playout(rules: GameRules[Any], *, players: int, seed: bytes, checks: bool) -> Playout:
    """Play random legal actions to the end (the chooser's rng is separate from the deal's)."""
    state = rules.new_game(players=players, seed=seed, options={})
    chooser = Rng(seed, "conformance-test")
    record: list[tuple[int, Action]] = []
    while rules.outcome(state) is None:
        assert len(record) < MAX_ACTIONS, "the game did not end"
        if checks:
            check_step(rules, state, players)
        seat, chooser = chooser.choice(sorted(rules.to_act(state)))
        action, chooser = chooser.choice(rules.legal_actions(state, seat))
        record.append((seat, action))
        state = rules.apply(state, seat, action)
    return Playout(seed=seed, record=record, final=state)


@pytest.fixture(scope="module", params=CASES)
def case(request: pytest.FixtureRequest) -> tuple[GameRules[Any], int, list[Playout]]:
    """A game, a player count and its checked playouts (shared by the tests below)."""
    rules, players = request.param
    games = [playout(rules, players=players, seed=seed, checks=True) for seed in SEEDS]
    return rules, players, games


def test_playouts_end_with_a_valid_outcome(
    case: tuple[GameRules[Any], int, list[Playout]],
) -> None:
    """Every seeded random playout ends; the outcome has a score per seat and some winner."""
    rules, players, games = case
    for game in games:
        result = rules.outcome(game.final)
        assert isinstance(result, Outcome)
        assert len(result.scores) == players
        assert result.winners and result.winners <= set(range(players))
        assert json_round_trip(result.to_json()) == result.to_json()
        assert rules.to_act(game.final) == frozenset()
        for seat in range(players):
            assert rules.legal_actions(game.final, seat) == []
            with pytest.raises(IllegalAction):
                rules.apply(game.final, seat, {"type": "nope"})
        for viewer in [*range(players), None]:
            assert json_round_trip(rules.view(game.final, viewer)) == rules.view(game.final, viewer)
            assert json_round_trip(rules.log(game.final, viewer)) == rules.log(game.final, viewer)


def test_replay_reproduces_the_final_state(
    case: tuple[GameRules[Any], int, list[Playout]],
) -> None:
    """design 1.2: new_game(seed) + the recorded actions gives an equal final state."""
    rules, players, games = case
    for game in games:
        state = rules.new_game(players=players, seed=game.seed, options={})
        for seat, action in game.record:
            state = rules.apply(state, seat, json_round_trip(action))
        assert state == game.final
        assert rules.outcome(state) == rules.outcome(game.final)


def test_same_seed_same_game_different_seeds_different_deals(
    case: tuple[GameRules[Any], int, list[Playout]],
) -> None:
    """The deal depends on the seed and on nothing else."""
    rules, players, games = case
    first = rules.new_game(players=players, seed=SEEDS[0], options={})
    assert first == rules.new_game(players=players, seed=SEEDS[0], options={})
    others = [rules.new_game(players=players, seed=seed, options={}) for seed in SEEDS[1:]]
    assert all(other != first for other in others)
    again = playout(rules, players=players, seed=SEEDS[0], checks=False)
    assert again.record == games[0].record and again.final == games[0].final


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_registry_entry_is_consistent(slug: str) -> None:
    """Metadata the lobby relies on (design 2.2): slug, player range, JSON default options."""
    rules = GAMES[slug]
    assert rules.slug == slug
    assert rules.title
    assert 1 <= rules.min_players <= rules.max_players
    assert json_round_trip(dict(rules.default_options)) == dict(rules.default_options)
    assert rules.check_options(rules.min_players, {}) == dict(rules.default_options)
    assert rules.player_counts[0] == rules.min_players
    assert rules.player_counts[-1] == rules.max_players
    for players in (rules.min_players - 1, rules.max_players + 1, *rules.excluded_players):
        with pytest.raises(IllegalAction):
            rules.check_options(players, {})
    with pytest.raises(IllegalAction):
        rules.check_options(rules.min_players, {"no_such_option": True})


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_bot_returns_a_legal_action(slug: str) -> None:
    """design 1.5: the bot picks one of the legal actions from the view alone, to the end."""
    rules = GAMES[slug]
    players = rules.min_players
    seed = SEEDS[1]
    state = rules.new_game(players=players, seed=seed, options={})
    for step in range(MAX_ACTIONS):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = rules.bot(rules.view(state, seat), legal, Rng(seed, f"bot:{step}"))
        assert action in legal
        state = rules.apply(state, seat, action)
    assert rules.outcome(state) is not None


@pytest.mark.parametrize("case", CASES)
def test_the_table_may_choose_the_start_seat(case: tuple[GameRules[Any], int]) -> None:
    """design 1.1 (rematches, issue 9): ``new_game(start_seat=k)`` is accepted for every seat,
    is deterministic, and refuses a seat that does not exist."""
    rules, players = case
    for seat in range(players):
        first = rules.new_game(players=players, seed=SEEDS[0], options={}, start_seat=seat)
        again = rules.new_game(players=players, seed=SEEDS[0], options={}, start_seat=seat)
        assert first == again
        assert rules.to_act(first)
    for bad in (-1, players, True):
        with pytest.raises(IllegalAction):
            rules.new_game(players=players, seed=SEEDS[0], options={}, start_seat=bad)
