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
from app.rules.da_vinci_code import hidden
from app.rules.da_vinci_code.components import RANDOM_OPENING_TILES
from app.rules.da_vinci_code.hidden import ATTEMPTS
from app.rules.da_vinci_code.rows import order_key
from app.rules.rng import Rng
from app.rules.search import LEVELS, MIN_VISITS, choose

DETERMINIZED = sorted(slug for slug, rules in GAMES.items() if rules.determinize is not None)
SEED = hashlib.sha256(b"determinize").digest()

HIDDEN = {
    "coloretto": ("pile",),
    "da_vinci_code": ("tiles", "pools"),
    "elements": ("hands", "slots", "pile", "returned"),
    "master_of_rules": (
        "hand_numbers",
        "number_deck",
        "number_discard",
        "hand_rules",
        "rule_deck",
        "rule_discard",
    ),
}
"""What each game hides from every seat (its state's fields): the cards a draw reshuffles. A
field of piles (a tuple of plain tuples, such as hands) counts the cards of all of them, the
seat's own included; the fields of a game are checked together, as cards move between them."""


def _cards(state: Any, fields: tuple[str, ...]) -> list[Any]:
    """The cards of ``fields`` together: a pile's cards, or every pile's of a tuple of them (a
    card may itself be a named tuple, so only plain tuples count as piles)."""
    cards: list[Any] = []
    for field in fields:
        value = getattr(state, field)
        piles = value if value and all(type(pile) is tuple for pile in value) else (value,)
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
            hidden, guessed = _cards(state, HIDDEN[slug]), _cards(drawn, HIDDEN[slug])
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


@pytest.mark.parametrize("slug", DETERMINIZED)
def test_a_strong_bot_short_of_time_plays_the_normal_bots_move(slug: str) -> None:
    """No budget, or too little to play each action out ``MIN_VISITS`` times: the search
    cannot overrule the normal bot, so the strong bot is never weaker for being short of time
    (issue 27: 300 ms a move; Elements offers 55 placements at 70 ms a playout)."""
    rules = GAMES[slug]
    for index, (state, seat) in enumerate(_positions(rules, rules.player_counts[0])[::7][:3]):
        legal = rules.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        view = rules.view(state, seat)
        rng = Rng(SEED, f"strong:{index}")
        normal = rules.bot(dict(view), legal, Rng(rng.seed, f"{rng.purpose}/normal"))
        for playouts in (0, MIN_VISITS - 1):
            assert choose(
                rules, "strong", view, legal, seat=seat, rng=rng, out_of_time=lambda: True,
                playouts=playouts,
            ) == normal  # fmt: skip


# --- Da Vinci Code: the row order, wrong guesses and jokers ------------------------------------


def _rows_hold(state: Any) -> bool:
    """Whether every row of a Da Vinci Code state is one the rules can deal and play: numbered
    tiles ascend (black before white on equal numbers), jokers are never dealt, a joker right of
    a numbered tile (before the next one) came after it, and no tile has the number a wrong
    guess named."""
    dealt = state.players * RANDOM_OPENING_TILES[state.players]  # 2 + 2 in the seed opening
    if any(tile.is_joker for tile in state.tiles[:dealt]):
        return False
    for row in state.rows:
        last_key, last_id = (-1, -1), -1
        for tile_id in row:
            tile = state.tiles[tile_id]
            if tile.is_joker:
                if tile_id < last_id:
                    return False
            elif order_key(tile.pair) < last_key:
                return False
            else:
                last_key, last_id = order_key(tile.pair), tile_id
    guesses = [dict(event.fields) for event in state.events if event.type == "guessed"]
    return all(
        guess["correct"] or state.tiles[guess["tile"]].face != guess["number"] for guess in guesses
    )


@pytest.mark.parametrize(
    "options", [{}, {"jokers": True}, {"jokers": True, "opening": "random"}], ids=str
)
@pytest.mark.parametrize("attempts", [ATTEMPTS, 0], ids=["drawn", "searched"])
def test_da_vinci_code_draws_rows_the_rules_could_have_made(
    options: dict[str, Any], attempts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games of the seats' own bots (so guesses hit and tiles go in hidden); with ``attempts``
    0 every draw is made by the search that backtracks."""
    monkeypatch.setattr(hidden, "ATTEMPTS", attempts)
    rules = GAMES["da_vinci_code"]
    assert rules.determinize is not None
    hidden_jokers = 0
    for players in rules.player_counts:
        state = rules.new_game(players=players, seed=SEED, options=options)
        index = 0
        while rules.outcome(state) is None:
            (seat,) = rules.to_act(state)
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            drawn = rules.determinize(view, seat, Rng(SEED, f"draw:{index}"))
            assert rules.view(drawn, seat) == view
            assert rules.legal_actions(drawn, seat) == legal
            assert _rows_hold(state) and _rows_hold(drawn), (players, index)
            hidden_jokers += any(
                drawn.tiles[tile].is_joker and tile not in drawn.revealed
                for owner, row in enumerate(drawn.rows)
                if owner != seat
                for tile in row
            )
            state = rules.apply(state, seat, rules.bot(view, legal, Rng(SEED, f"bot:{index}")))
            index += 1
    assert hidden_jokers > 0 or not options


# --- Master of Rules: the discard piles ---------------------------------------------------------


def test_master_of_rules_keeps_the_last_check_in_the_discard_piles() -> None:
    """The cards the last check discarded stay in the discard piles until they are shuffled
    into a deck (which empties the pile): a drawn state keeps them there, as the true one does."""
    rules = GAMES["master_of_rules"]
    assert rules.determinize is not None
    known = 0
    for players in rules.player_counts:
        for index, (state, seat) in enumerate(_positions(rules, players)):
            drawn = rules.determinize(rules.view(state, seat), seat, Rng(SEED, f"draw:{index}"))
            check = state.last_check
            if check is None:
                continue
            for case in (state, drawn):
                if case.number_discard:
                    assert Counter(check.numbers) <= Counter(case.number_discard)
                thrown = [
                    rule
                    for place, rule in enumerate(check.rules)
                    if rule is not None and not (place < players and check.fulfilled[place])
                ]
                if case.rule_discard:
                    assert Counter(thrown) <= Counter(case.rule_discard)
            known += bool(drawn.number_discard)
    assert known > 0
