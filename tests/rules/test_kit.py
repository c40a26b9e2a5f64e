"""The rules kit's move tables (``app/rules/kit.py``): ``play_move`` runs an action type's check,
then its effect, with the move's arguments in order; and every game's table plays exactly the
action types its ``parse`` accepts."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.kit import Event, Move, MoveRule, indefinite, play_move


@dataclass(frozen=True)
class Tally:
    """The state of a toy game: what was called, and by whom, in order."""

    calls: tuple[tuple[object, ...], ...] = ()


def _check_add(state: Tally, seat: int, amount: int, label: str) -> None:
    """Refuse a negative amount; record nothing (a check never changes the state)."""
    if amount < 0:
        raise IllegalAction("negative", "Add nothing below zero.")


def _do_add(state: Tally, seat: int, amount: int, label: str) -> Tally:
    """Record the call with its arguments as the effect received them."""
    return replace(state, calls=state.calls + (("add", seat, amount, label),))


def _check_stop(state: Tally, seat: int) -> None:
    """A stop is always legal."""


def _do_stop(state: Tally, seat: int) -> Tally:
    """Record a stop."""
    return replace(state, calls=state.calls + (("stop", seat),))


MOVES: dict[str, MoveRule[Tally]] = {
    "add": MoveRule(_check_add, _do_add),
    "stop": MoveRule(_check_stop, _do_stop),
}


def test_a_move_passed_by_its_check_gets_its_effect() -> None:
    """The effect of the move's own type runs, with the seat and the arguments in order."""
    after = play_move(Tally(), 1, Move("add", (3, "three")), moves=MOVES)
    assert after == Tally(calls=(("add", 1, 3, "three"),))


def test_a_move_without_arguments_gets_only_the_state_and_seat() -> None:
    """A type that carries no fields is called as ``(state, seat)``."""
    assert play_move(Tally(), 0, Move("stop"), moves=MOVES) == Tally(calls=(("stop", 0),))


def test_a_refused_check_leaves_no_effect() -> None:
    """The check runs first: its refusal is raised as it is, and the effect never runs."""
    effects: list[tuple[int, int, str]] = []

    def effect(state: Tally, seat: int, amount: int, label: str) -> Tally:
        effects.append((seat, amount, label))
        return state

    moves = {**MOVES, "add": MoveRule(_check_add, effect)}
    with pytest.raises(IllegalAction) as refused:
        play_move(Tally(), 0, Move("add", (-1, "minus one")), moves=moves)
    assert (refused.value.code, str(refused.value)) == ("negative", "Add nothing below zero.")
    assert effects == []


def test_the_check_runs_before_the_effect_with_the_same_arguments() -> None:
    """Check, then effect, each with ``(state, seat, *args)``: pokerkit's can/do."""
    order: list[tuple[str, tuple[object, ...]]] = []

    def check(state: Tally, seat: int, *args: object) -> None:
        order.append(("check", (seat, *args)))

    def effect(state: Tally, seat: int, *args: object) -> Tally:
        order.append(("effect", (seat, *args)))
        return state

    play_move(Tally(), 2, Move("any", ("a", 1, None)), moves={"any": MoveRule(check, effect)})
    assert order == [("check", (2, "a", 1, None)), ("effect", (2, "a", 1, None))]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_plays_exactly_the_actions_it_parses(slug: str) -> None:
    """A game's move table has one rule for each action type on the wire (``ACTION_FIELDS``),
    so ``play_move`` never meets a type that ``parse`` let through without a rule."""
    checks = importlib.import_module(f"app.rules.{slug}.checks")
    game = importlib.import_module(f"app.rules.{slug}.game")
    assert set(game.MOVES) == set(checks.ACTION_FIELDS)


# --- the log: Event ----------------------------------------------------------------------------


def test_an_event_reads_the_same_every_time_and_a_copy_changed_changes_nothing() -> None:
    """``Event.entry`` is made once per event and viewpoint (the log is rebuilt for every viewer
    after every move), and each call returns a copy: a game that adds keys to its entries
    (Poison's round scores) does not change the next viewer's."""
    drawn = Event("drew", (("seat", 1), ("cards", (3, 4))), owner=1, secret=(("card", ("b", 7)),))
    assert drawn.entry(1) == {"type": "drew", "seat": 1, "cards": [3, 4], "card": ["b", 7]}
    for other in (0, 2, None):
        assert drawn.entry(other) == {"type": "drew", "seat": 1, "cards": [3, 4], "card": None}
    first = drawn.entry(0)
    first["added"] = True
    assert "added" not in drawn.entry(0) and "added" not in drawn.entry(1)
    assert drawn.entry(0) is not drawn.entry(0)
    # The event itself is still frozen and hashes as before: the entries are no field of it.
    assert drawn == Event("drew", (("seat", 1), ("cards", (3, 4))), 1, (("card", ("b", 7)),))
    assert hash(drawn) == hash(Event("drew", drawn.fields, 1, drawn.secret))


class TestIndefinite:
    """``kit.indefinite``: the article by sound; the cases are the JS helper's too
    (tests/js/fixtures/articles.json), so the server's sentences and the pages' agree."""

    CASES = json.loads(
        (Path(__file__).parents[1] / "js" / "fixtures" / "articles.json").read_text()
    )["cases"]

    @pytest.mark.parametrize(("phrase", "expected"), CASES)
    def test_the_article_follows_the_sound(self, phrase: str, expected: str) -> None:
        assert expected == indefinite(phrase)
