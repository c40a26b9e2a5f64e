"""Flow harness (issue 15): no phase, ``to_act``, legal action, log entry or end of a match may
depend on what a viewer cannot see.

Every game is played by its bots (with some random moves) at its smallest and largest table,
with its default options and with each option changed in turn (each true/false option the
other way round, each other option at each of its values: ``Secrets.choices``). Along the way,
for every viewer (each seat and a spectator), the state is replaced by a *twin* that differs
only in what that viewer cannot see (``Secrets.scramble``: hidden cards re-dealt, so a joker can
become a number, a wild a number card), and both are played on with the same actions for as
long as their public histories agree: until an action that may show the viewer something new
(``Secrets.reveals``), or one the twin does not allow (it names a card the twin's player does
not hold). At every step the viewer's whole frame must be the same in both: view (phase
included), log, ``to_act``, its legal actions and whether the match is over.

The wire-level harness (test_leaks.py) checks the frames the server really sends; this one
checks the rules' flow over many more positions and every option, in memory.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest

from app.rules import GAMES, GameRules, IllegalAction
from app.rules.base import Action
from app.rules.bots import random_bot_for
from app.rules.kit import can
from app.rules.rng import Rng
from tests.security.secrets import SECRETS, Secrets

STARTS = 30
"""Positions per match where twins are made (spread evenly over the match)."""
WINDOW = 12
"""Steps a pair of twins is played on at most."""
RANDOM_MOVES = 0.25
"""Share of moves chosen at random instead of by the game's bot: odd moves find odd flows."""
EXPIRIES = 0.05
"""Share of steps at which a running phase clock runs out before everyone in it has acted."""
MAX_STEPS = 4000


def variants(slug: str, players: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """The default options, then each option changed in turn (rules' defaults filled in), as
    far as a table of ``players`` takes it (Manhattan's six rounds are for 2-3 players)."""
    rules: GameRules[Any] = GAMES[slug]
    choices = SECRETS[slug].choices
    yield "default", {}
    for key, default in rules.default_options.items():
        values = (not default,) if isinstance(default, bool) else choices[key]
        for value in values:
            if value != default and can(rules.check_options, players, {key: value}):
                yield f"{key}={value}", {key: value}


CASES = [
    pytest.param(slug, players, id=f"{slug}-{players}p")
    for slug, rules in sorted(GAMES.items())
    for players in sorted({rules.player_counts[0], rules.player_counts[-1]})
]


def test_every_option_that_is_not_a_flag_has_its_values_declared() -> None:
    """A new option cannot slip past the harness: its values must be listed to be played."""
    for slug, rules in GAMES.items():
        for key, default in rules.default_options.items():
            if not isinstance(default, bool):
                values = SECRETS[slug].choices.get(key, ())
                assert default in values and len(values) > 1, f"{slug}: declare {key}'s values"


@dataclass(frozen=True)
class Frame:
    """Everything one viewer is shown of a state, as the server would serialise it."""

    view: str
    log: str
    to_act: list[int]
    """Who is to act; in a sealed game (``GameRules.sealed``) only whether the viewer is, as
    the server shows it (who else still has to act at night is secret there)."""
    legal: str
    over: bool
    phases: tuple[str, ...]
    """Every running timed phase (``GameRules.timers``: Forehead words' time limit and a
    call's vote at once), public on the table's clock."""

    @staticmethod
    def of(rules: GameRules[Any], state: Any, viewer: int | None) -> Frame:
        legal = rules.legal_actions(state, viewer) if viewer is not None else []
        to_act = sorted(rules.to_act(state))
        return Frame(
            view=json.dumps(rules.view(state, viewer)),
            log=json.dumps(rules.log(state, viewer)),
            to_act=[seat for seat in to_act if seat == viewer] if rules.sealed else to_act,
            legal=json.dumps(legal),
            over=rules.outcome(state) is not None,
            phases=tuple(clock.phase for clock in rules.timers(state)),
        )


def _play(
    rules: GameRules[Any], players: int, options: Mapping[str, Any], rng: random.Random
) -> tuple[list[Any], list[tuple[int | None, Action]]]:
    """A whole match: every state, and the (seat, action) leading from each to the next. Each
    move is chosen from the mover's own view, by the game's bot or at random; a timed phase
    runs out (no seat) once nobody is left to act in it, or now and then at random."""
    state = rules.new_game(players=players, seed=rng.randbytes(32), options=options)
    states: list[Any] = [state]
    moves: list[tuple[int | None, Action]] = []
    for _ in range(MAX_STEPS):
        if rules.outcome(state) is not None:
            return states, moves
        acting = [seat for seat in sorted(rules.to_act(state)) if rules.legal_actions(state, seat)]
        clock_runs = None in rules.movers(state)
        seat = (
            None if not acting or (clock_runs and rng.random() < EXPIRIES) else rng.choice(acting)
        )
        if seat is None:
            action = rules.expiry(state)
        else:
            legal = rules.legal_actions(state, seat)
            # The random player makes up free text (GameRules.free_text): it gives nothing away.
            choose = random_bot_for(rules) if rng.random() < RANDOM_MOVES else rules.bot
            action = choose(rules.view(state, seat), legal, Rng(rng.randbytes(32), "flow"))
        state = rules.step(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    pytest.fail(f"{rules.slug}: the match did not end in {MAX_STEPS} moves")


def _phase(rules: GameRules[Any], state: Any) -> str | None:
    clock = rules.phase_clock(state) if rules.phase_clock is not None else None
    return clock.phase if clock is not None else None


def _assert_same(real: Frame, twin: Frame, where: str) -> None:
    """The twin's frame equals the real one, field by field, with a readable failure."""
    for name in ("to_act", "over", "phases", "legal", "view", "log"):
        assert getattr(twin, name) == getattr(real, name), f"{where}: {name} differs"


def compare_twins(
    rules: GameRules[Any],
    players: int,
    secrets: Secrets,
    states: list[Any],
    moves: list[tuple[int | None, Action]],
    rng: random.Random,
    variant: str,
) -> int:
    """Play twins along the match as the module docstring says; returns how many steps after
    the twinning were compared (the twinned positions themselves not counted)."""
    compared = 0
    every = max(1, len(moves) // STARTS)
    for start in range(0, len(moves), every):
        for viewer in [*range(players), None]:
            twin = secrets.scramble(states[start], viewer, rng)
            where = f"{rules.slug} ({variant}) move {start}, viewer {viewer}"
            _assert_same(
                Frame.of(rules, states[start], viewer), Frame.of(rules, twin, viewer), where
            )
            for step in range(start, min(start + WINDOW, len(moves))):
                seat, action = moves[step]
                if secrets.reveals(states[step], seat, action, viewer):
                    break
                try:
                    before = twin
                    twin = rules.step(twin, seat, action)
                except IllegalAction:
                    # The viewer was shown the same legal actions in both: only another seat's
                    # move, naming something the twin's player does not hold, can be refused.
                    assert seat != viewer, f"{where}: own move {action} refused in the twin"
                    break
                if rules.sealed and _phase(rules, twin) != _phase(rules, before):
                    # A sealed step may end as soon as everyone in it has acted (Werewolf's
                    # night: rules/werewolf.md, Night), which is when its private to_act
                    # empties: in the twin, where others hold the roles, that is another move.
                    break
                compared += 1
                _assert_same(
                    Frame.of(rules, states[step + 1], viewer),
                    Frame.of(rules, twin, viewer),
                    f"{where}, after seat {seat} played {json.dumps(action)} (move {step})",
                )
    return compared


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_the_flow_does_not_depend_on_what_a_viewer_cannot_see(slug: str, players: int) -> None:
    rules: GameRules[Any] = GAMES[slug]
    compared = 0
    for name, options in variants(slug, players):
        rng = random.Random(f"flow:{slug}:{players}:{name}")
        states, moves = _play(rules, players, options, rng)
        compared += compare_twins(rules, players, SECRETS[slug], states, moves, rng, name)
    assert compared > 0, "no twins were played on: the harness would see no flow"


def test_a_drawn_joker_does_not_show_in_the_flow() -> None:
    """Issue 15, the leak found by the audit: with jokers on, a player who drew a joker and then
    stopped went into a ``place_joker`` step of their own, so everyone saw the hidden tile was a
    joker (and guessed it). Twins: seat 0 holds a drawn black joker, or a black number from the
    pool in its place; after the same stop, seat 1 and a spectator must see the same."""
    rules: GameRules[Any] = GAMES["da_vinci_code"]
    state = rules.new_game(players=2, seed=bytes(32), options={"jokers": True}, start_seat=0)
    black = state.pools[0]
    joker = next(index for index, tile in enumerate(black) if tile.is_joker)
    number = next(index for index, tile in enumerate(black) if not tile.is_joker)
    top_joker = (black[joker], *black[:joker], *black[joker + 1 :])
    top_number = (black[number], *black[:number], *black[number + 1 :])
    twins = [replace(state, pools=(pool, state.pools[1])) for pool in (top_joker, top_number)]
    target = state.rows[1][0]
    right = {"type": "guess", "target": 1, "tile": target, "number": state.tiles[target].face}
    for move in ({"type": "draw", "colour": "black"}, right):
        twins = [rules.apply(twin, 0, move) for twin in twins]
    real, twin = twins
    assert real.tiles[real.drawn].is_joker and not twin.tiles[twin.drawn].is_joker
    # A stop both allow (the number's only place is one of the joker's places).
    stop = next(
        action
        for action in rules.legal_actions(twin, 0)
        if action["type"] == "stop" and action in rules.legal_actions(real, 0)
    )
    real, twin = rules.apply(real, 0, stop), rules.apply(twin, 0, stop)
    for viewer in (1, None):
        _assert_same(
            Frame.of(rules, real, viewer), Frame.of(rules, twin, viewer), f"viewer {viewer}"
        )
