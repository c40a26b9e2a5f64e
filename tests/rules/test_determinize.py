"""Bots that see only their seat (issue 27): ``GameRules.determinize`` draws a whole state a
seat could be in from its view, and the bot levels of ``app.rules.search``.

For seeded random positions of every game that has ``determinize``: the drawn state shows the
seat exactly its view and offers it the same legal actions, keeps every card the seat cannot
see among the ones it could be (the true hidden cards, in another order), and differs from draw
to draw."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest

from app.rules import GAMES, GameRules
from app.rules.base import Action
from app.rules.rng import Rng
from app.rules.search import LEVELS, choose

DETERMINIZED = sorted(slug for slug, rules in GAMES.items() if rules.determinize is not None)
SEED = hashlib.sha256(b"determinize").digest()

HIDDEN = {
    "coloretto": ("pile",),
    "manhattan": ("hands", "deck"),
    "monopoly_deal": ("hands", "deck"),
    "sequence_numbers": ("hands", "deck"),
}
"""What each game hides from every seat (its state's fields): the cards a draw reshuffles. A
field of hands (a tuple of piles) counts the cards of all of them, the seat's own included."""


def _cards(state: Any, fields: tuple[str, ...]) -> list[Any]:
    """The cards of ``fields`` together: a pile's cards, or every pile's of a tuple of them."""
    cards = []
    for field in fields:
        value = getattr(state, field)
        piles = value if value and all(isinstance(pile, tuple) for pile in value) else (value,)
        cards += [card for pile in piles for card in pile]
    return cards


def _positions(rules: GameRules[Any], players: int) -> list[tuple[Any, int]]:
    """Every position of a seeded random game, with a seat to act in it."""
    state = rules.new_game(players=players, seed=SEED, options={})
    chooser = Rng(SEED, "positions")
    positions = []
    while rules.outcome(state) is None:
        seat, chooser = chooser.choice(sorted(rules.to_act(state)))
        positions.append((state, seat))
        action: Action
        action, chooser = chooser.choice(rules.legal_actions(state, seat))
        state = rules.step(state, seat, action)
    return positions


def test_the_games_that_determinize() -> None:
    assert DETERMINIZED == sorted(HIDDEN)


@pytest.mark.parametrize("slug", DETERMINIZED)
def test_a_drawn_state_shows_the_seat_what_it_saw(slug: str) -> None:
    rules = GAMES[slug]
    assert rules.determinize is not None
    for players in rules.player_counts:
        differed = 0
        for index, (state, seat) in enumerate(_positions(rules, players)):
            view = rules.view(state, seat)
            drawn = rules.determinize(view, seat, Rng(SEED, f"draw:{index}"))
            assert rules.view(drawn, seat) == view, (players, index)
            assert rules.legal_actions(drawn, seat) == rules.legal_actions(state, seat)
            fields = HIDDEN[slug]
            hidden, guessed = _cards(state, fields), _cards(drawn, fields)
            assert Counter(guessed) == Counter(hidden)  # the same cards...
            differed += guessed != hidden  # ...in places the seat cannot know
        assert differed > 0


@pytest.mark.parametrize("slug", sorted(GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_a_legal_action(slug: str, level: str) -> None:
    rules = GAMES[slug]
    players = rules.player_counts[0]
    for state, seat in _positions(rules, players)[::7][:6]:
        legal = rules.legal_actions(state, seat)
        view = rules.view(state, seat)
        action = choose(
            rules, level, view, legal, seat=seat, rng=Rng(SEED, "bot"), out_of_time=lambda: True
        )
        assert action in legal


def test_a_strong_bot_replays_its_choice_with_the_same_playouts() -> None:
    rules = GAMES["coloretto"]
    state, seat = next(
        (state, seat)
        for state, seat in _positions(rules, 3)
        if len(rules.legal_actions(state, seat)) > 2
    )
    view, legal = rules.view(state, seat), rules.legal_actions(state, seat)

    def strong(rng: Rng) -> Action:
        return choose(
            rules, "strong", view, legal, seat=seat, rng=rng, out_of_time=lambda: False, playouts=24
        )

    assert strong(Rng(SEED, "a")) == strong(Rng(SEED, "a"))
