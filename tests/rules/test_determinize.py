"""Bots that see only their seat (issue 27): ``GameRules.determinize`` draws a whole state a
seat could be in from its view, and the bot levels of ``app.rules.search``.

For seeded random positions of every game that has ``determinize``: the drawn state shows the
seat exactly its view and offers it the same legal actions, keeps every card the seat cannot
see among the ones it could be (the true hidden cards, in another order), and differs from draw
to draw."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from app.rules import GAMES, GameRules
from app.rules.base import Action
from app.rules.bots import offered
from app.rules.da_vinci_code import hidden
from app.rules.da_vinci_code.components import RANDOM_OPENING_TILES
from app.rules.da_vinci_code.hidden import ATTEMPTS
from app.rules.da_vinci_code.rows import order_key
from app.rules.forehead_words.checks import in_play
from app.rules.rng import Rng
from app.rules.search import LEVELS, MIN_ROUNDS, choose, searchable
from tests.rules.moves import random_positions

DETERMINIZED = sorted(slug for slug, rules in GAMES.items() if rules.determinize is not None)
SEARCHED = [slug for slug in DETERMINIZED if searchable(GAMES[slug])]
"""The games whose strong bot searches (Forehead words' free text: it plays its normal bot)."""
SEED = hashlib.sha256(b"determinize").digest()


def _monster_tcg_hidden(state: Any, seat: int) -> list[Any]:
    """Monster Duel: the other's hand, both decks and both prizes, and the other's face-down
    creatures during the setup (each card with its owner)."""
    other = state.sides[1 - seat]
    cards = [(1 - seat, card) for card in other.hand]
    if state.phase == "setup":
        cards += [(1 - seat, creature.cards[-1]) for creature in other.creatures()]
    for owner, side in enumerate(state.sides):
        cards += [(owner, card) for card in (*side.deck, *side.prizes)]
    return cards


def _werewolf_hidden(state: Any, seat: int) -> list[Any]:
    """Werewolf: the roles of the seats whose role the seat does not know, and the spare cards
    unless it was dealt the Thief."""
    known = GAMES["werewolf"].view(state, seat)["roles"]
    cards = [role for other, role in enumerate(state.roles) if known[other] is None]
    return cards if state.dealt[seat] == "thief" else [*cards, *state.spares]


def _forehead_words_hidden(state: Any, seat: int) -> list[Any]:
    """Forehead words: the seat's own word while it is hidden from it, and the words in play
    that nobody wears (its word could be any of them: Hidden)."""
    if GAMES["forehead_words"].view(state, seat)["words"][seat] is not None:
        return []
    worn = set(state.words)
    return [state.words[seat], *(word for word in in_play(state) if word not in worn)]


Places = tuple[str | Callable[[Any], list[Any]], ...]
"""A game's hidden places: the state's fields, or functions of the state listing cards."""

HIDDEN: dict[str, Places | Callable[[Any, int], Sequence[Any]]] = {
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
    "forehead_words": _forehead_words_hidden,
    "monster_tcg": _monster_tcg_hidden,
    "werewolf": _werewolf_hidden,
    "manhattan": ("hands", "deck"),
    "monopoly_deal": ("hands", "deck"),
    "sequence_numbers": ("hands", "deck"),
}
"""What each game hides from every seat: the state's fields (a tuple of hands counts as all
their cards) or functions of the state, holding the cards a draw reshuffles (where such a
field also holds cards the seat sees, the view's check keeps them in place); or, where what is
hidden depends on the seat (Werewolf's roles, Monster Duel's own hand), a function of the state
and the seat."""


def _cards(state: Any, slug: str, seat: int) -> list[Any]:
    """The cards in the places ``slug`` hides cards from ``seat`` (``HIDDEN``), in order."""
    spec = HIDDEN[slug]
    if callable(spec):
        return list(spec(state, seat))
    cards: list[Any] = []
    for place in spec:
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
    "forehead_words": [{"language": "zh-Hans", "judged": True, "themes": ["ktv", "dinner"]}],
}
"""Tables whose options change what a seat sees (or how long a match is), played too."""


def _positions(
    rules: GameRules[Any], players: int, options: dict[str, Any] | None = None
) -> list[tuple[Any, int]]:
    """Every position of a seeded random game, with a seat to act in it."""
    return random_positions(rules, players=players, seed=SEED, options=options)[0]


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
        assert seat in rules.to_act(drawn)  # sealed games: the seat's own turn, at least
        hidden, guessed = _cards(state, slug, seat), _cards(drawn, slug, seat)
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
        assert offered(rules, legal, action)


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


@pytest.mark.parametrize("slug", SEARCHED)
def test_a_strong_bot_short_of_time_plays_the_normal_bots_move(slug: str) -> None:
    """No budget, or too little for ``MIN_ROUNDS`` rounds of two playouts: the search
    cannot overrule the normal bot, so the strong bot is never weaker for being short of time
    (issue 27: 300 ms a move; Elements offers 55 placements at 70 ms a playout)."""
    rules = GAMES[slug]
    for index, (state, seat) in enumerate(_positions(rules, rules.player_counts[0])[::9][:2]):
        legal = rules.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        view = rules.view(state, seat)
        rng = Rng(SEED, f"strong:{index}")
        normal = rules.bot(dict(view), legal, Rng(rng.seed, f"{rng.purpose}/normal"))
        for playouts in (0, 2 * MIN_ROUNDS - 1):
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
