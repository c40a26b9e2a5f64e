"""Bots that see only their seat (issue 27): ``GameRules.determinize`` draws a whole state a
seat could be in from its view, and the bot levels of ``app.rules.search``.

For seeded random positions of every game that has ``determinize``: the drawn state shows the
seat exactly its view and offers it the same legal actions, keeps every card the seat cannot
see among the ones it could be (the true hidden cards, in another order), and differs from draw
to draw."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from app.rules import GAMES, GameRules
from app.rules.base import Action
from app.rules.rng import Rng
from app.rules.search import LEVELS, choose

DETERMINIZED = sorted(slug for slug, rules in GAMES.items() if rules.determinize is not None)
SEED = hashlib.sha256(b"determinize").digest()

HIDDEN: dict[str, tuple[str | Callable[[Any], list[Any]], ...]] = {
    "coloretto": ("pile",),
    # every card but the cauldrons' (which the view shows): the hands, set aside, collected
    "poison": ("hands", "set_aside", "collected"),
    # every card of the deck: the hands, the stock, the discards and the melds (secret fours)
    "tong_its": (
        "hands",
        "stock",
        "discards",
        lambda state: [card for meld in state.melds for card in meld.cards],
    ),
    # every card of the deck: the hands, the pile and the discards shown or not
    "uno": ("hands", "pile", lambda state: [card for card, _ in state.discard]),
}
"""What each game hides from every seat: the state's fields (a tuple of hands counts as all
their cards) or a function of the state, holding the cards a draw reshuffles. Where such a
field also holds cards the seat sees, the view's check keeps them in place."""


def _cards(state: Any, slug: str) -> list[Any]:
    """The cards in the places ``slug`` hides cards (``HIDDEN``), in order."""
    cards: list[Any] = []
    for place in HIDDEN[slug]:
        cards += place(state) if callable(place) else _flat(getattr(state, place))
    return cards


def _flat(value: Any) -> list[Any]:
    """A card, or every card of a (nested) tuple of them; a card may be a named tuple."""
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return [card for item in value for card in _flat(item)]
    return [value]


OPTIONS: dict[str, list[dict[str, Any]]] = {
    "poison": [
        {"collected": "open", "rounds": "per_player"},
        {"collected": "own", "cauldrons": "neutral", "overflow_at": 14},
    ],
    "tong_its": [{"discard_pile": "top"}],
    "uno": [{"target": 30, "deck_exhausted": "void", "wd4_rule": "official"}],
}
"""Tables whose options change what a seat sees (or how long a match is), played too."""


def _positions(
    rules: GameRules[Any], players: int, options: dict[str, Any] | None = None
) -> list[tuple[Any, int]]:
    """Every position of a seeded random game, with a seat to act in it."""
    state = rules.new_game(players=players, seed=SEED, options=options or {})
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


@pytest.mark.parametrize(
    ("slug", "options"),
    [
        pytest.param(slug, options, id="-".join([slug, *map(str, options.values())]))
        for slug in DETERMINIZED
        for options in [{}, *OPTIONS.get(slug, [])]
    ],
)
def test_a_drawn_state_shows_the_seat_what_it_saw(slug: str, options: dict[str, Any]) -> None:
    rules = GAMES[slug]
    assert rules.determinize is not None
    for players in rules.player_counts:
        assert _check_draws(slug, _positions(rules, players, options)) > 0


def _check_draws(slug: str, positions: list[tuple[Any, int]]) -> int:
    """Check a draw from every position's view (the test above); how many of them put the
    hidden cards in another order than the true state."""
    rules = GAMES[slug]
    assert rules.determinize is not None
    differed = 0
    for index, (state, seat) in enumerate(positions):
        view = rules.view(state, seat)
        drawn = rules.determinize(view, seat, Rng(SEED, f"draw:{index}"))
        assert rules.view(drawn, seat) == view, index
        assert rules.legal_actions(drawn, seat) == rules.legal_actions(state, seat)
        hidden, guessed = _cards(state, slug), _cards(drawn, slug)
        assert Counter(guessed) == Counter(hidden)  # the same cards...
        differed += guessed != hidden  # ...in an order the seat cannot know
    return differed


def test_tong_its_draws_secret_fours_and_answers() -> None:
    """Random Tong-its hands end early on a called draw; these seats lay every four face down
    and call only once both opponents have a meld (so that they answer), for secret fours and
    hidden answers to draw."""
    rules = GAMES["tong_its"]
    positions: list[tuple[Any, int]] = []
    for game in range(8):
        seed = hashlib.sha256(b"tong_its:%d" % game).digest()
        state = rules.new_game(players=3, seed=seed, options={})
        chooser = Rng(seed, "positions")
        while rules.outcome(state) is None:
            seat, chooser = chooser.choice(sorted(rules.to_act(state)))
            positions.append((state, seat))
            legal = rules.legal_actions(state, seat)
            melded = {meld.owner for meld in state.melds} >= {0, 1, 2} - {seat}
            secret = [action for action in legal if action.get("secret")]
            legal = secret or [
                action for action in legal if action["type"] != "call_draw" or melded
            ]
            action, chooser = chooser.choice(legal)
            state = rules.step(state, seat, action)
    views = [rules.view(state, seat) for state, seat in positions]
    assert any(meld["cards"] is None for view in views for meld in view["melds"])
    assert any("answered" in (view["answers"] or ()) for view in views)
    assert _check_draws("tong_its", positions) > 0


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
