"""Taking a move back (issue 25): ``GameRules.undoable`` says which moves may be, and
``GameRules.follow`` applies an ``undo`` action, the fold every replay of a log uses.

Over seeded random playouts of every game that allows undo: taking an undoable move back gives
exactly the state before it; only its mover may; a move that drew from a hidden pile never is;
and a log with moves taken back and played again replays to the same end as one without."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from app.rules import GAMES, UNDO, GameRules, IllegalAction
from app.rules.base import Action
from app.rules.coloretto import GAME as COLORETTO
from app.rules.rng import Rng

UNDOABLE = sorted(slug for slug, rules in GAMES.items() if rules.undoable is not None)
SEED = hashlib.sha256(b"undo").digest()
TAKE_BACK: Action = {"type": UNDO}

HIDDEN_PILES = {
    "coloretto": ("pile",),
    "manhattan": ("deck",),
    "master_of_rules": ("number_deck", "rule_deck"),
    "monopoly_deal": ("deck",),
    "uno": ("pile",),
}
"""Each game's face-down piles (its state's fields): a move that drew from one showed a card."""


def _playout(rules: GameRules[Any], players: int) -> list[tuple[int, Action, Any, Any]]:
    """A seeded random game: each (seat, action, state before, state after)."""
    state = rules.new_game(players=players, seed=SEED, options={})
    chooser = Rng(SEED, "undo-test")
    moves: list[tuple[int, Action, Any, Any]] = []
    while rules.outcome(state) is None:
        assert len(moves) < 2000, "the game did not end"
        seat, chooser = chooser.choice(sorted(rules.to_act(state)))
        action, chooser = chooser.choice(rules.legal_actions(state, seat))
        after = rules.step(state, seat, action)
        moves.append((seat, action, state, after))
        state = after
    return moves


def test_the_games_that_allow_undo() -> None:
    # The rest show something with every move (a card from a hand, a guess answered, a draw),
    # or keep who acted when secret (Werewolf).
    assert UNDOABLE == sorted(HIDDEN_PILES)


@pytest.mark.parametrize("slug", UNDOABLE)
def test_an_undoable_move_is_taken_back_to_the_state_before_it(slug: str) -> None:
    rules = GAMES[slug]
    players = rules.player_counts[0]
    taken_back = refused = 0
    for seat, action, before, after in _playout(rules, players):
        last = rules.last_move(before, seat, action, after)
        assert last is not None and last.seat == seat and last.before is before
        drew = any(getattr(after, pile) != getattr(before, pile) for pile in HIDDEN_PILES[slug])
        if not last.undoable:
            refused += 1
            with pytest.raises(IllegalAction) as error:
                rules.follow(after, last, seat, TAKE_BACK)
            assert error.value.code == "not_undoable"
            continue
        assert not drew and rules.outcome(after) is None
        taken_back += 1
        state, now = rules.follow(after, last, seat, TAKE_BACK)
        assert state == before and now is None
        # Not by another seat; and not twice: the move before it stands.
        with pytest.raises(IllegalAction):
            rules.follow(after, last, (seat + 1) % players, TAKE_BACK)
        with pytest.raises(IllegalAction):
            rules.follow(state, now, seat, TAKE_BACK)
    assert taken_back > 0 and refused > 0


@pytest.mark.parametrize("slug", UNDOABLE)
def test_a_log_with_moves_taken_back_replays_to_the_same_end(slug: str) -> None:
    rules = GAMES[slug]
    players = rules.player_counts[0]
    moves = _playout(rules, players)
    # Every undoable move is made, taken back and made again.
    log: list[tuple[int, Action]] = []
    for seat, action, before, after in moves:
        log.append((seat, action))
        last = rules.last_move(before, seat, action, after)
        if last is not None and last.undoable:
            log += [(seat, TAKE_BACK), (seat, action)]
    assert len(log) > len(moves)
    state = rules.new_game(players=players, seed=SEED, options={})
    last = None
    for seat, action in log:
        state, last = rules.follow(state, last, seat, action)
    assert state == moves[-1][3]


def test_coloretto_a_draw_shows_a_card_and_placing_it_does_not() -> None:
    # rules/coloretto.md, a turn: draw the top card and place it in a row, or take a row.
    state = COLORETTO.new_game(players=3, seed=SEED, options={})
    seat = next(iter(COLORETTO.to_act(state)))
    drawn = COLORETTO.apply(state, seat, {"type": "draw"})
    last = COLORETTO.last_move(state, seat, {"type": "draw"}, drawn)
    assert last is not None and not last.undoable
    placed = COLORETTO.apply(drawn, seat, {"type": "place_card", "row": 0})
    last = COLORETTO.last_move(drawn, seat, {"type": "place_card", "row": 0}, placed)
    assert last is not None and last.undoable
    back, _ = COLORETTO.follow(placed, last, seat, TAKE_BACK)
    assert back == drawn
    assert COLORETTO.legal_actions(back, seat) == COLORETTO.legal_actions(drawn, seat)


def test_a_timed_phase_that_ran_out_is_no_ones_move() -> None:
    rules = GAMES["werewolf"]
    assert rules.undoable is None and rules.last_move(None, None, {"type": "expire"}, None) is None
