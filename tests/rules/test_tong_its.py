"""Tong-its scenarios from ``rules/tong-its.md``, mostly on hand-written states built with
``dataclasses.replace`` on a new hand (style 4.13b). Each test names the section its
expectation comes from; every count and payment is worked out by hand in its comment. Cards are
written as on the wire ("AS", "10D", "KH"); points A = 1, 2-10 face value, J/Q/K = 10."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.rng import Rng
from app.rules.tong_its import (
    DECK,
    GAME,
    Card,
    Meld,
    State,
    apply,
    best_melds,
    check_options,
    deadwood,
    is_meld,
    legal_actions,
    log,
    new_game,
    outcome,
    parse_card,
    to_act,
    view,
)
from app.rules.tong_its.components import sorted_hand, sorted_meld
from tests.rules.moves import played, refusal

SEED = hashlib.sha256(b"tong-its scenarios").digest()


def seed(index: int) -> bytes:
    return hashlib.sha256(f"tong_its:{index}".encode()).digest()


def cards(text: str) -> tuple[Card, ...]:
    """Cards from their wire strings, space-separated: ``cards("AS 10D")``."""
    found = tuple(parse_card(word) for word in text.split())
    assert None not in found, text
    return tuple(card for card in found if card is not None)


def pairs(text: str) -> list[tuple[int, str]]:
    """The same cards as plain ``(rank, suit)`` tuples (design 1.4: the helpers take those)."""
    return [(card.rank, card.suit) for card in cards(text)]


def table(
    *,
    hands: tuple[str, str, str],
    turn: int = 0,
    phase: str = "meld",
    melds: tuple[tuple[Any, ...], ...] = (),
    stock: str | None = None,
    discards: str = "",
    dealer: int | None = None,
    **options: Any,
) -> State:
    """A hand-written state: the hands, whose turn and phase it is, the exposed melds as
    ``(owner, "cards")`` or ``(owner, "cards", True)`` for a secret four, the stock top first
    (default: every card not placed, in deck order) and the discard pile bottom to top."""
    base = new_game(players=3, seed=SEED, options=options)
    placed = [*(card for hand in hands for card in cards(hand)), *cards(discards)]
    placed += [card for meld in melds for card in cards(meld[1])]
    assert len(set(placed)) == len(placed), "a card is placed twice"
    chosen = cards(stock) if stock is not None else tuple(c for c in DECK if c not in placed)
    return replace(
        base,
        dealer=turn if dealer is None else dealer,
        phase=phase,
        turn=turn,
        first_turn=False,
        hands=tuple(sorted_hand(cards(hand)) for hand in hands),
        stock=chosen,
        discards=cards(discards),
        melds=tuple(
            Meld(meld[0], sorted_meld(cards(meld[1])), len(meld) > 2 and meld[2]) for meld in melds
        ),
    )


refused = partial(refusal, GAME)


play = partial(played, GAME)


def expose(text: str, *, secret: bool = False) -> dict[str, Any]:
    return {"type": "expose", "cards": text.split(), "secret": secret}


def discard(card: str) -> dict[str, Any]:
    return {"type": "discard", "card": card}


def lay_off(card: str, meld: int) -> dict[str, Any]:
    return {"type": "lay_off", "card": card, "meld": meld}


def take(text: str) -> dict[str, Any]:
    return {"type": "take_discard", "cards": text.split()}


DRAW = {"type": "draw"}
CALL = {"type": "call_draw"}
FIGHT = {"type": "fight"}
FOLD = {"type": "fold"}


def paid(state: State) -> list[tuple[int, int, int, str]]:
    """The outcome's payments as ``(from, to, chips, reason)``."""
    result = outcome(state)
    assert result is not None
    return [(p["from"], p["to"], p["chips"], p["reason"]) for p in result.detail["payments"]]


# --- Cards and melds (Basics) --------------------------------------------------------------------


def test_cards_on_the_wire_and_their_points() -> None:
    """Basics: A = 1, 2-10 face value, J/Q/K = 10; the wire writes rank word + suit letter."""
    assert [card.to_json() for card in cards("AS 10D JC QH KS")] == ["AS", "10D", "JC", "QH", "KS"]
    assert parse_card("10D") == Card(10, "D") and parse_card("AS") == Card(1, "S")
    for bad in ("1S", "11H", "AX", "as", "T", "", 5, None):
        assert parse_card(bad) is None
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert deadwood(pairs("AS 2H 10D JC QH KS")) == 1 + 2 + 10 + 10 + 10 + 10


@pytest.mark.parametrize(
    ("text", "meld"),
    [
        ("AS 2S 3S", True),  # ace low
        ("QS KS AS", False),  # Q-K-A: the ace is low only
        ("KS AS 2S", False),  # no wrapping round either
        ("4H 5H 6H 7H 8H 9H 10H JH QH KH", True),
        ("7S 7H 7D", True),  # a set of 3
        ("7S 7H 7D 7C", True),  # a set of 4
        ("7S 7H", False),  # too short
        ("4H 5S 6H", False),  # a run of mixed suits
        ("4H 5H 7H", False),  # not consecutive
        ("7S 7H 8D", False),
        ("6H 4H 5H", True),  # any order
        ("", False),
    ],
)
def test_is_meld(text: str, meld: bool) -> None:
    """Basics, Melds: a set is 3 or 4 cards of one rank; a run 3+ consecutive cards of one suit,
    ace low only (A-2-3 yes, Q-K-A no)."""
    assert is_meld(pairs(text)) is meld
    assert is_meld(cards(text)) is meld


def test_is_meld_refuses_a_card_twice() -> None:
    """Basics: "A card belongs to only one meld"; a list naming a card twice is no meld."""
    assert not is_meld([(7, "S"), (7, "S"), (7, "H")])


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("", 0),
        ("AS 2S 3S", 0),
        ("AS 2H KD", 1 + 2 + 10),
        # The longest run first (4S-7S) leaves 7H 7D = 14; the run 4S-6S and the set of
        # sevens leave nothing.
        ("4S 5S 6S 7S 7H 7D", 0),
        # The set of sevens first leaves 8S 9S = 17; the run 7S-8S-9S leaves 7H 7D = 14.
        ("7S 7H 7D 8S 9S", 14),
        # J-Q-K of spades is a run; KH is left over: 10.
        ("JS QS KS KH", 10),
        # 13 cards: A-3 of spades, the set 4S 4H 4D and 9-K of clubs leave 5H + KD = 15
        # (A-4 of spades and 9-K of clubs would leave 4H 4D 5H KD = 23).
        ("AS 2S 3S 4S 4H 4D 5H 9C 10C JC QC KC KD", 15),
    ],
)
def test_deadwood_is_the_best_arrangement(text: str, count: int) -> None:
    """Ways a hand ends, Hand count (default): "the minimum over arrangements of hidden melds
    still in hand"; design 1.4 ``deadwood``."""
    assert deadwood(pairs(text)) == count
    arrangement = best_melds(cards(text))
    used = [card for meld in arrangement for card in meld]
    assert all(is_meld(meld) for meld in arrangement) and len(set(used)) == len(used)
    assert sum(min(card.rank, 10) for card in cards(text) if card not in used) == count


# --- Options -------------------------------------------------------------------------------------


def test_options_and_the_registry_entry() -> None:
    """Package docstring, Options: the defaults are the rule file's; 3 players only; chips."""
    assert check_options(3, {}) == {
        "hand_count": "deadwood",
        "discard_pile": "all",
        "tong_its_bonus": 1,
    }
    assert check_options(3, {"tong_its_bonus": 5})["tong_its_bonus"] == 5
    for options in (
        {"tong_its_bonus": 4},
        {"tong_its_bonus": "2"},
        {"tong_its_bonus": True},
        {"hand_count": "some"},
        {"discard_pile": "none"},
        {"jokers": True},
    ):
        with pytest.raises(IllegalAction) as raised:
            check_options(3, options)
        assert raised.value.code == "bad_option"
    for players in (2, 4):
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})
        assert raised.value.code == "bad_players"
        assert raised.value.message == "Tong-its is for exactly 3 players."
    assert GAMES["tong_its"] is GAME and GAME.title == "Tong-its"
    assert (GAME.min_players, GAME.max_players, GAME.version) == (3, 3, "1")
    assert GAME.score_unit == "chips" and GAME.winner_starts and not GAME.lower_wins


# --- Deal and the dealer's first turn ------------------------------------------------------------


def test_the_deal() -> None:
    """Deal: the dealer gets 13 cards, the others 12; the remaining 15 form the stock. The
    dealer is random (drawn from the seed), and the dealer acts first, with no draw."""
    state = new_game(players=3, seed=seed(1), options={})
    dealer = state.dealer
    assert [len(hand) for hand in state.hands] == [13 if s == dealer else 12 for s in range(3)]
    assert len(state.stock) == 15 and state.discards == () and state.melds == ()
    assert sorted([*(card for hand in state.hands for card in hand), *state.stock]) == sorted(DECK)
    assert state.phase == "meld" and state.first_turn and to_act(state) == {dealer}
    assert log(state, None) == [
        {"type": "dealt", "dealer": dealer, "sizes": [13 if s == dealer else 12 for s in range(3)]}
    ]
    dealers = {new_game(players=3, seed=seed(index), options={}).dealer for index in range(30)}
    assert dealers == {0, 1, 2}


def test_the_deal_can_be_redone_by_hand_from_the_seed() -> None:
    """Package docstring, Setup randomness: shuffle DECK, then the dealer is randbelow(3); the
    dealer takes the top 13, the next seats 12 each, the rest is the stock. A chosen dealer (the
    last winner) leaves the shuffle alone."""
    shuffled, rng = Rng(seed(7), "deal").shuffle(DECK)
    drawn, _ = rng.randbelow(3)
    state = new_game(players=3, seed=seed(7), options={})
    assert state.dealer == drawn
    assert state.hands[drawn] == sorted_hand(shuffled[:13])
    assert state.hands[(drawn + 1) % 3] == sorted_hand(shuffled[13:25])
    assert state.hands[(drawn + 2) % 3] == sorted_hand(shuffled[25:37])
    assert state.stock == shuffled[37:]
    chosen = new_game(players=3, seed=seed(7), options={}, start_seat=(drawn + 1) % 3)
    assert chosen.dealer == (drawn + 1) % 3 and chosen.stock == state.stock
    assert chosen.hands[(drawn + 1) % 3] == state.hands[drawn]


def test_the_dealers_first_turn_has_no_draw() -> None:
    """Dealer's first turn: "No draw. The dealer may expose melds, then must discard"; then
    the next seat (dealer + 1) starts a normal turn with its draw."""
    state = new_game(players=3, seed=seed(2), options={}, start_seat=1)
    legal = legal_actions(state, 1)
    assert {action["type"] for action in legal} <= {"expose", "lay_off", "discard"}
    assert len([action for action in legal if action["type"] == "discard"]) == 13
    error = refused(state, 1, DRAW)
    assert (error.code, error.message) == (
        "wrong_phase",
        "The dealer does not draw on the first turn.",
    )
    assert view(state, 1)["first_turn"] is True
    card = state.hands[1][0].to_json()
    state = apply(state, 1, discard(card))
    assert (state.phase, state.turn, state.first_turn) == ("draw", 2, False)
    assert view(state, 0)["discard_top"] == card
    assert [action["type"] for action in legal_actions(state, 2)][0] == "draw"


def test_a_draw_is_seen_by_its_drawer_only() -> None:
    """Normal turn 1 and Information (hands are private): the log names the drawn card for
    the drawer only; the hand stays sorted by suit then rank."""
    state = table(hands=("5S KH", "2C", "3C"), phase="draw", stock="4S 9D")
    state = apply(state, 0, DRAW)
    assert view(state, 0)["hand"] == ["4S", "5S", "KH"] and view(state, 1)["hand_sizes"] == [
        3,
        1,
        1,
    ]
    assert log(state, 0)[-1] == {"type": "drew", "seat": 0, "card": "4S"}
    assert log(state, 1)[-1] == log(state, None)[-1] == {"type": "drew", "seat": 0, "card": None}
    assert state.phase == "meld" and view(state, None)["stock"] == 1


# --- Taking the discard (Normal turn 1) ----------------------------------------------------------


def test_every_way_to_take_the_top_discard_is_listed() -> None:
    """Normal turn 1: the top discard may be taken only if it forms a meld with at least two
    hand cards. Top 5H, hand 5S 5D 5C 3H 4H 6H 7H: the pairs and the triple of fives, and the
    runs through 5H of hand cards: 3-4, 3-4-6, 3-4-6-7, 4-6, 4-6-7, 6-7 (hand cards only)."""
    state = table(hands=("5S 5D 5C 3H 4H 6H 7H", "2C", "3C"), phase="draw", discards="KS 5H")
    taken = [
        action["cards"] for action in legal_actions(state, 0) if action["type"] == "take_discard"
    ]
    assert taken == [
        ["5S", "5D"],
        ["5S", "5C"],
        ["5D", "5C"],
        ["5S", "5D", "5C"],
        ["3H", "4H"],
        ["3H", "4H", "6H"],
        ["3H", "4H", "6H", "7H"],
        ["4H", "6H"],
        ["4H", "6H", "7H"],
        ["6H", "7H"],
    ]


def test_the_taken_discard_is_exposed_at_once() -> None:
    """Normal turn 1: "That meld must be exposed at once" (face up, even a four completed with
    the discard: the special case is for a four not completed with a discard)."""
    state = table(hands=("5S 5D 5C 9H", "2C", "3C"), phase="draw", discards="KS 5H")
    state = apply(state, 0, take("5S 5D 5C"))
    assert state.melds == (Meld(0, cards("5S 5H 5D 5C")),)
    assert state.hands[0] == cards("9H") and state.discards == cards("KS")
    assert state.phase == "meld"
    assert view(state, 1)["melds"] == [
        {"owner": 0, "cards": ["5S", "5H", "5D", "5C"], "secret": False, "size": 4}
    ]
    assert log(state, 1)[-1] == {
        "type": "took",
        "seat": 0,
        "card": "5H",
        "cards": ["5S", "5H", "5D", "5C"],
        "meld": 0,
    }


def test_a_discard_is_not_taken_without_a_meld_of_two_hand_cards() -> None:
    """Normal turn 1: one hand card with the discard, or cards that make no meld with it, or
    an empty pile: ``cannot_take``; cards not held: ``not_in_hand``."""
    state = table(hands=("5S 5D 9H", "2C", "3C"), phase="draw", discards="5H")
    assert refused(state, 0, take("5S")).code == "cannot_take"
    assert refused(state, 0, take("5S 9H")).code == "cannot_take"
    assert refused(state, 0, take("5S 5C")).code == "not_in_hand"
    assert refused(state, 0, take("")).code == "cannot_take"
    empty = replace(state, discards=())
    assert refused(empty, 0, take("5S 5D")).code == "cannot_take"
    assert [action["type"] for action in legal_actions(empty, 0)] == ["draw"]


def test_taking_the_discard_can_empty_the_hand() -> None:
    """Ways a hand ends, Tong-its: a hand emptied "at any point during their turn (through
    melds ...)" wins at once, by the meld made with the discard too."""
    state = table(
        hands=("8C 9C", "2H", "3D"), phase="draw", discards="10C", melds=((1, "4S 5S 6S"),)
    )
    state = apply(state, 0, take("8C 9C"))
    assert state.phase == "over" and outcome(state) is not None
    assert outcome(state).detail["end"] == "tong_its"  # type: ignore[union-attr]


# --- Exposing and secret fours (Normal turn 2) ---------------------------------------------------


def test_every_meld_of_the_hand_may_be_exposed_and_fours_face_down() -> None:
    """Normal turn 2 and the special case: every meld of hand cards face up; a set of four not
    completed with a discard may also be laid face down (the 3-subsets of the sevens, the four
    face up then face down, the run 2S-3S-4S)."""
    state = table(hands=("7S 7H 7D 7C 2S 3S 4S", "2C", "3C"))
    exposes = [
        (action["cards"], action["secret"])
        for action in legal_actions(state, 0)
        if action["type"] == "expose"
    ]
    assert exposes == [
        (["7S", "7H", "7D"], False),
        (["7S", "7H", "7C"], False),
        (["7S", "7D", "7C"], False),
        (["7H", "7D", "7C"], False),
        (["7S", "7H", "7D", "7C"], False),
        (["7S", "7H", "7D", "7C"], True),
        (["2S", "3S", "4S"], False),
    ]
    assert refused(state, 0, expose("7S 7H 7D", secret=True)).code == "not_a_meld"
    assert refused(state, 0, expose("2S 3S 4S", secret=True)).code == "not_a_meld"
    assert refused(state, 0, expose("2S 3S 7S")).code == "not_a_meld"
    assert refused(state, 0, expose("2S 3S 5S")).code == "not_in_hand"


def test_a_secret_four_is_hidden_from_the_others_until_the_end() -> None:
    """Normal turn 2, special case, and Information: "secret fours are face down": others see
    its size only, in the view and in the log, until the hand is over."""
    state = table(hands=("7S 7H 7D 7C 2S", "2C 9D", "3C 9H"), stock="KD KH KS")
    state = apply(state, 0, expose("7S 7H 7D 7C", secret=True))
    mine, theirs = view(state, 0)["melds"], view(state, 1)["melds"]
    assert mine == [{"owner": 0, "cards": ["7S", "7H", "7D", "7C"], "secret": True, "size": 4}]
    assert theirs == [{"owner": 0, "cards": None, "secret": True, "size": 4}]
    assert view(state, None)["melds"] == theirs
    exposed = {"type": "exposed", "seat": 0, "meld": 0, "secret": True, "size": 4}
    assert log(state, 0)[-1] == {**exposed, "cards": ["7S", "7H", "7D", "7C"]}
    assert log(state, 1)[-1] == log(state, None)[-1] == {**exposed, "cards": None}
    # The last card discarded empties the hand (Tong-its): the hand is over, the four shown.
    state = apply(state, 0, discard("2S"))
    assert state.phase == "over"
    assert view(state, 1)["melds"][0]["cards"] == ["7S", "7H", "7D", "7C"]


def test_a_secret_four_takes_no_lay_off_and_counts_for_calling() -> None:
    """Normal turn 2 (the secret four "counts as an exposed meld for calling") and 3 (lay-offs
    go on exposed melds: a face-down four takes nothing)."""
    state = table(
        hands=("9C 2C", "5S 8D", "3C"),
        turn=1,
        melds=((0, "7S 7H 7D 7C", True),),
        stock="KD KH",
    )
    assert refused(state, 1, lay_off("5S", 0)).code == "cannot_lay_off"
    state = play(state, (1, discard("8D")), (2, DRAW), (2, discard("KD")))
    assert CALL in legal_actions(state, 0)


# --- Lay-offs and the blocked call (Normal turn 3) -----------------------------------------------


def test_lay_offs_go_on_run_ends_and_the_fourth_of_a_set() -> None:
    """Normal turn 3 (sapaw): a card one below a run's lowest or above its highest, or the 4th
    card of a set of 3, on anyone's meld; nothing that leaves a gap. Hand 2S 3H 7H 8H 9H on the
    run 4H-6H (seat 1) and the nines (seat 2): 3H and 7H fit the run, 9H the set; 8H fits
    once 7H is laid off, and then 9H fits both."""
    state = table(
        hands=("2S 3H 7H 8H 9H", "2C", "3C"),
        melds=((1, "4H 5H 6H"), (2, "9S 9D 9C")),
    )
    offs = [(a["card"], a["meld"]) for a in legal_actions(state, 0) if a["type"] == "lay_off"]
    assert offs == [("3H", 0), ("7H", 0), ("9H", 1)]
    assert refused(state, 0, lay_off("8H", 0)).code == "cannot_lay_off"
    assert refused(state, 0, lay_off("2S", 1)).code == "cannot_lay_off"
    assert refused(state, 0, lay_off("3H", 2)).code == "cannot_lay_off"  # there is no meld 2
    state = apply(state, 0, lay_off("7H", 0))
    assert state.melds[0].cards == cards("4H 5H 6H 7H")
    assert log(state, None)[-1] == {
        "type": "laid_off",
        "seat": 0,
        "card": "7H",
        "meld": 0,
        "owner": 1,
    }
    offs = [(a["card"], a["meld"]) for a in legal_actions(state, 0) if a["type"] == "lay_off"]
    assert offs == [("3H", 0), ("8H", 0), ("9H", 1)]
    state = play(state, (0, lay_off("8H", 0)), (0, lay_off("3H", 0)))
    offs = [(a["card"], a["meld"]) for a in legal_actions(state, 0) if a["type"] == "lay_off"]
    assert offs == [("9H", 0), ("9H", 1)]
    state = apply(state, 0, lay_off("9H", 1))
    assert view(state, 2)["melds"] == [
        {"owner": 1, "cards": ["3H", "4H", "5H", "6H", "7H", "8H"], "secret": False, "size": 6},
        {"owner": 2, "cards": ["9S", "9H", "9D", "9C"], "secret": False, "size": 4},
    ]
    assert view(state, 0)["blocked"] == [False, True, True]


def test_an_opponent_laid_off_on_may_not_call_on_its_next_turn() -> None:
    """Normal turn 3 (seed): "an opponent you lay off on may not call a draw on their next
    turn"; the block ends with that turn, and laying off on your own meld blocks nobody."""
    state = table(
        hands=("2D 9C", "7H 9S 2C", "3C 4C 8D"),
        turn=1,
        melds=((0, "4H 5H 6H"), (1, "JS JH JD")),
        stock="KC KD KH KS QC QD",
    )
    state = apply(state, 1, lay_off("7H", 0))
    assert view(state, None)["blocked"] == [True, False, False]
    state = play(state, (1, discard("9S")), (2, DRAW), (2, discard("KC")))
    assert CALL not in legal_actions(state, 0)
    error = refused(state, 0, CALL)
    assert error.code == "cannot_call"
    state = play(state, (0, DRAW), (0, discard("KD")))
    assert view(state, None)["blocked"] == [False, False, False]
    state = play(state, (1, DRAW), (1, discard("KH")), (2, DRAW), (2, discard("KS")))
    assert CALL in legal_actions(state, 0)
    # Seat 1 lays off on its own meld: nobody is blocked.
    own = table(hands=("2D", "JC 9S", "3C"), turn=1, melds=((1, "JS JH JD"),))
    assert apply(own, 1, lay_off("JC", 0)).blocked == (False, False, False)


# --- Calling a draw (Ways a hand ends) -----------------------------------------------------------


def test_calling_needs_an_exposed_meld_before_the_draw() -> None:
    """Call a draw: "At the start of your turn, before drawing ... if you have at least one
    exposed meld"; laying off on others' melds makes none yours."""
    state = table(hands=("2D 9C", "5S", "3C"), phase="draw", melds=((1, "4H 5H 6H"),))
    assert CALL not in legal_actions(state, 0)
    assert refused(state, 0, CALL).code == "cannot_call"
    assert refused(apply(state, 0, DRAW), 0, CALL).code == "wrong_phase"


def _called(hands: tuple[str, str, str], *, caller: int, fighters: tuple[int, ...]) -> State:
    """Every seat owns a meld (none burned); ``caller`` calls and each other seat fights if it
    is in ``fighters``, else folds."""
    melds = ((0, "JS JH JD"), (1, "QS QH QD"), (2, "KS KH KD"))
    state = table(hands=hands, turn=caller, phase="draw", melds=melds)
    state = apply(state, caller, CALL)
    for other in ((caller + 1) % 3, (caller + 2) % 3):
        state = apply(state, other, FIGHT if other in fighters else FOLD)
    return state


def test_the_lowest_count_among_the_caller_and_the_fighters_wins() -> None:
    """Call a draw: "Among the caller and the fighters, the lowest hand count wins". Counts 5,
    3, 10: seat 1 (3) wins. Payments: seat 2 (the next after the winner) pays ante, loss and 1
    for the fight it lost; seat 0 (the caller) ante and loss: +5, -2, -3."""
    state = _called(("5S", "3H", "KC"), caller=0, fighters=(1, 2))
    result = outcome(state)
    assert result is not None and result.winners == {1}
    assert result.detail["end"] == "draw" and result.detail["counts"] == [5, 3, 10]
    assert result.detail["answers"] == ["caller", "fight", "fight"]
    assert paid(state) == [
        (2, 1, 1, "ante"),
        (2, 1, 1, "loss"),
        (2, 1, 1, "fought"),
        (0, 1, 1, "ante"),
        (0, 1, 1, "loss"),
    ]
    assert result.scores == [-2, 5, -3] and sum(result.scores) == 0


def test_the_caller_wins_when_lowest() -> None:
    """Call a draw: the caller (1) beats a fighter (2): the fighter pays ante, loss, fought; the
    folder ante and loss."""
    state = _called(("AS", "2H", "9D"), caller=0, fighters=(1,))
    result = outcome(state)
    assert result is not None and result.winners == {0}
    assert result.scores == [5, -3, -2]


def test_a_fighter_tied_with_the_caller_wins() -> None:
    """Call a draw: "If the caller ties with a fighter, the fighter (challenger) wins": 5 and
    5, seat 1 wins; both losers pay ante and loss (seat 2 folded: no fight to pay for)."""
    state = _called(("5S", "5H", "KC"), caller=0, fighters=(1,))
    result = outcome(state)
    assert result is not None and result.winners == {1}
    assert result.scores == [-2, 4, -2]


def test_of_two_tied_fighters_the_nearer_after_the_caller_wins() -> None:
    """Call a draw: "If two fighters tie, the one nearer in turn order after the caller wins":
    seat 1 calls with 9, seats 2 and 0 fight with 4 each: seat 2 (next after 1) wins. Seat 0
    pays ante, loss, fought; seat 1 ante, loss."""
    state = _called(("4D", "9S", "4H"), caller=1, fighters=(2, 0))
    result = outcome(state)
    assert result is not None and result.winners == {2}
    assert result.scores == [-3, -2, 5]


def test_answers_are_hidden_until_the_end_and_meldless_seats_fold_at_once() -> None:
    """Call a draw: "Opponents with no exposed meld fold automatically" (in public); the others
    answer at the same time, so an answer is hidden from the rest until the hand is over; that
    a seat has answered is public."""
    state = table(
        hands=("2S", "3H 9H", "4D"),
        phase="draw",
        melds=((0, "JS JH JD"), (2, "KS KH KD")),
    )
    state = apply(state, 0, CALL)
    assert state.phase == "answer" and to_act(state) == {2}
    assert log(state, None)[-2:] == [{"type": "called", "seat": 0}, {"type": "folded", "seat": 1}]
    assert view(state, None)["answers"] == ["caller", "fold", "waiting"]
    assert legal_actions(state, 2) == [FIGHT, FOLD] and legal_actions(state, 0) == []
    assert refused(state, 0, DRAW).code == "not_your_turn"
    assert refused(state, 2, DRAW).code == "wrong_phase"
    # With two answering seats, the first answer stays hidden from the others.
    both = table(
        hands=("2S", "3H", "4D"),
        phase="draw",
        melds=((0, "JS JH JD"), (1, "QS QH QD"), (2, "KS KH KD")),
    )
    both = apply(apply(both, 0, CALL), 1, FIGHT)
    assert to_act(both) == {2}
    assert view(both, 1)["answers"] == ["caller", "fight", "waiting"]
    for viewer in (0, 2, None):
        assert view(both, viewer)["answers"] == ["caller", "answered", "waiting"]
        assert log(both, viewer)[-1] == {"type": "answered", "seat": 1, "answer": None}
    assert log(both, 1)[-1] == {"type": "answered", "seat": 1, "answer": "fight"}
    assert refused(both, 1, FOLD).code == "not_your_turn"
    both = apply(both, 2, FOLD)
    assert view(both, 0)["answers"] == ["caller", "fight", "fold"]
    # The auto-folded seat 1 owns no meld: burned; seat 0 (2) beats seat 2's fight (4).
    state = apply(state, 2, FIGHT)
    assert paid(state) == [
        (1, 0, 1, "ante"),
        (1, 0, 1, "loss"),
        (1, 0, 1, "burned"),
        (2, 0, 1, "ante"),
        (2, 0, 1, "loss"),
        (2, 0, 1, "fought"),
    ]


def test_the_caller_wins_at_once_when_nobody_may_fight() -> None:
    """Call a draw: opponents with no exposed meld fold automatically; with nobody to fight the
    caller wins (both losers burned: ante, loss, burned each)."""
    state = table(hands=("KS QS", "2H", "3D"), phase="draw", melds=((0, "JS JH JD"),))
    state = apply(state, 0, CALL)
    result = outcome(state)
    assert result is not None and result.winners == {0} and result.detail["end"] == "draw"
    assert result.detail["answers"] == ["caller", "fold", "fold"]
    assert result.scores == [6, -3, -3]


# --- Tong-its ------------------------------------------------------------------------------------


def test_tong_its_by_exposing_the_last_cards() -> None:
    """Ways a hand ends, Tong-its: the hand emptied through melds wins at once. Each loser pays
    ante, loss and the Tong-its bonus (1); seat 2 owns no meld: burned, 1 more."""
    state = table(hands=("4H 5H 6H", "2C", "3C"), melds=((1, "JS JH JD"),))
    state = apply(state, 0, expose("4H 5H 6H"))
    result = outcome(state)
    assert result is not None and result.detail["end"] == "tong_its" and result.winners == {0}
    assert paid(state) == [
        (1, 0, 1, "ante"),
        (1, 0, 1, "loss"),
        (1, 0, 1, "tong_its"),
        (2, 0, 1, "ante"),
        (2, 0, 1, "loss"),
        (2, 0, 1, "tong_its"),
        (2, 0, 1, "burned"),
    ]
    assert result.scores == [7, -3, -4]
    assert result.detail["counts"] == [0, 2, 3] and result.detail["hands"] == [[], ["2C"], ["3C"]]
    assert log(state, 2)[-2] == {
        "type": "exposed",
        "seat": 0,
        "meld": 1,
        "secret": False,
        "size": 3,
        "cards": ["4H", "5H", "6H"],
    }
    assert log(state, 2)[-1] == {
        "type": "hand_over",
        "end": "tong_its",
        "winner": 0,
        "counts": [0, 2, 3],
        "hands": [[], ["2C"], ["3C"]],
        "answers": [None, None, None],
        "payments": result.detail["payments"],
        "scores": [7, -3, -4],
    }
    assert to_act(state) == frozenset() and view(state, 1)["result"] == result.detail


def test_tong_its_by_a_lay_off_and_by_the_final_discard() -> None:
    """Tong-its: "through melds and lay-offs, or with the final discard"; the last discard
    empties the hand before the stock's end is looked at."""
    state = table(hands=("7H", "2C", "3C"), melds=((1, "4H 5H 6H"), (2, "9S 9H 9D")))
    state = apply(state, 0, lay_off("7H", 0))
    assert outcome(state) is not None and outcome(state).detail["end"] == "tong_its"  # type: ignore[union-attr]
    last = replace(table(hands=("7H", "2C", "3C"), melds=((0, "9S 9H 9D"),), stock=""), last_draw=0)
    last = apply(last, 0, discard("7H"))
    result = outcome(last)
    assert result is not None and result.detail["end"] == "tong_its" and result.winners == {0}
    assert result.scores == [8, -4, -4]  # both others burned


def test_the_tong_its_bonus_option() -> None:
    """Options, ``tong_its_bonus``: each loser pays that many chips for a Tong-its."""
    state = table(
        hands=("4H 5H 6H", "2C", "3C"), melds=((1, "JS JH JD"), (2, "QS QH QD")), tong_its_bonus=5
    )
    state = apply(state, 0, expose("4H 5H 6H"))
    assert (1, 0, 5, "tong_its") in paid(state) and outcome(state).scores == [14, -7, -7]  # type: ignore[union-attr]


# --- Stock exhausted -----------------------------------------------------------------------------


def _last_card(hands: tuple[str, str, str], melds: tuple[tuple[Any, ...], ...]) -> State:
    """Seat 0 draws the last stock card (KC) and discards it: the hand ends."""
    state = table(hands=hands, phase="draw", melds=melds, stock="KC")
    state = apply(state, 0, DRAW)
    assert log(state, None)[-1] == {"type": "stock_out", "seat": 0}
    assert view(state, None)["last_draw"] == 0 and state.phase == "meld"
    return apply(state, 0, discard("KC"))


def test_at_the_stock_out_burned_players_cannot_win_and_the_last_drawer_takes_a_tie() -> None:
    """Stock exhausted: seat 1 (count 1) is burned; seats 0 and 2 tie at 5 and seat 0 drew the
    last card: it wins. Seat 1 pays ante, loss, burned; seat 2 ante, loss."""
    state = _last_card(("2S 3H", "AH", "5D"), ((0, "JS JH JD"), (2, "QS QH QD")))
    result = outcome(state)
    assert result is not None and result.detail["end"] == "stock_out" and result.winners == {0}
    assert result.detail["counts"] == [5, 1, 5]
    assert paid(state) == [
        (1, 0, 1, "ante"),
        (1, 0, 1, "loss"),
        (1, 0, 1, "burned"),
        (2, 0, 1, "ante"),
        (2, 0, 1, "loss"),
    ]
    assert result.scores == [5, -3, -2]


def test_at_the_stock_out_a_tie_goes_to_the_nearest_after_the_last_drawer() -> None:
    """Stock exhausted: "a tie goes to the player who drew the last stock card, else the nearest
    in turn order after them": seat 0 is burned, seats 1 and 2 tie at 5: seat 1 wins."""
    state = _last_card(("AS 2S", "5H", "5D"), ((1, "JS JH JD"), (2, "QS QH QD")))
    result = outcome(state)
    assert result is not None and result.winners == {1}
    assert result.scores == [-3, 5, -2]


def test_a_void_hand_when_everyone_is_burned() -> None:
    """Stock exhausted [SEED-SILENT, package docstring]: every player burned, the hand is void:
    no winner, no payment at all."""
    state = _last_card(("AS", "5H", "5D"), ())
    result = outcome(state)
    assert result is not None and result.winners == frozenset()
    assert result.scores == [0, 0, 0] and result.detail["payments"] == []
    assert result.detail["end"] == "void" and result.detail["winner"] is None
    assert log(state, None)[-1]["type"] == "hand_over"


# --- Payments ------------------------------------------------------------------------------------


def test_secret_fours_are_paid_by_each_opponent_of_their_holder() -> None:
    """Payments: "each secret/concealed four-of-a-kind: 1 from each opponent to its holder",
    whoever wins; a four still in hand earns nothing. Seat 0 wins by Tong-its; seat 2 laid the
    sevens face down, seat 1 holds four nines in hand (and no exposed meld: burned). Seat 1 pays
    seat 0 ante, loss, tong_its, burned (4); seat 2 ante, loss, tong_its (3); then seats 0 and 1
    pay seat 2 one each: +7 - 1, -4 - 1, -3 + 2."""
    state = table(
        hands=("4H 5H 6H", "9S 9H 9D 9C", "2C"),
        melds=((2, "7S 7H 7D 7C", True),),
    )
    state = apply(state, 0, expose("4H 5H 6H"))
    assert paid(state)[-2:] == [(0, 2, 1, "secret_four"), (1, 2, 1, "secret_four")]
    result = outcome(state)
    assert result is not None and result.scores == [6, -5, -1]
    assert view(state, 1)["melds"][0]["cards"] == ["7S", "7H", "7D", "7C"]


def test_every_payment_reason_and_net_scores_add_up_to_zero() -> None:
    """Payments: the six reasons all occur across the scenarios, and the nets sum to 0."""
    reasons: set[str] = set()
    for state in (
        _called(("5S", "3H", "KC"), caller=0, fighters=(1, 2)),
        _last_card(("2S 3H", "AH", "5D"), ((0, "JS JH JD"), (2, "QS QH QD"))),
        apply(
            table(hands=("4H 5H 6H", "2C", "3C"), melds=((1, "7S 7H 7D 7C", True),)),
            0,
            expose("4H 5H 6H"),
        ),
    ):
        result = outcome(state)
        assert result is not None and sum(result.scores) == 0
        reasons |= {reason for *_, reason in paid(state)}
    assert reasons == {"ante", "loss", "tong_its", "burned", "fought", "secret_four"}


# --- Options' effects ----------------------------------------------------------------------------


def test_hand_count_all_counts_every_card() -> None:
    """Hand count option "all": every card in hand counts, melds in hand too: 4H 5H 6H 9S is
    9 as deadwood, 24 (4 + 5 + 6 + 9) counting all."""
    hands = ("4H 5H 6H 9S", "2C", "3C")
    assert view(table(hands=hands), 0)["count"] == 9
    assert view(table(hands=hands, hand_count="all"), 0)["count"] == 24
    assert view(table(hands=hands), None)["count"] is None


def test_discard_pile_top_shows_only_the_top_card() -> None:
    """Information: the discard pile is public, "all or only the top card, an option"; the log
    still names each discard."""
    state = table(hands=("4H 9S", "2C", "3C"), discards="KS QD")
    assert view(state, 1)["discards"] == ["KS", "QD"]
    top = table(hands=("4H 9S", "2C", "3C"), discards="KS QD", discard_pile="top")
    top = apply(top, 0, discard("9S"))
    shown = view(top, 1)
    assert shown["discards"] is None and shown["discard_top"] == "9S"
    assert shown["discard_count"] == 3
    assert log(top, 1)[-1] == {"type": "discarded", "seat": 0, "card": "9S"}


# --- The view and bad input ----------------------------------------------------------------------


def test_the_view_has_exactly_the_contracts_keys() -> None:
    """Contract, View: only these keys (and, as every game's view has them, ``game``,
    ``players``, ``you`` and ``to_act``)."""
    state = new_game(players=3, seed=SEED, options={})
    keys = {
        "game", "players", "you", "to_act", "phase", "turn", "dealer", "first_turn", "hand",
        "hand_sizes", "count", "melds", "stock", "discard_top", "discards", "discard_count",
        "blocked", "caller", "answers", "last_draw", "options", "result",
    }  # fmt: skip
    for viewer in (0, 1, 2, None):
        assert set(view(state, viewer)) == keys
    assert view(state, None)["hand"] is None and view(state, None)["answers"] is None
    assert view(state, None)["you"] is None and view(state, 2)["you"] == 2
    assert view(state, 1)["to_act"] == [state.dealer]  # the dealer starts, with no draw


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "discard"}, "bad_action"),
        ({"type": "discard", "card": "9S", "extra": 1}, "bad_action"),
        ({"type": "discard", "card": "1S"}, "bad_card"),
        ({"type": "discard", "card": 9}, "bad_card"),
        ({"type": "expose", "cards": "4H 5H 6H", "secret": False}, "bad_action"),
        ({"type": "expose", "cards": ["4H", "5H", "6H"], "secret": "no"}, "bad_action"),
        ({"type": "expose", "cards": ["4H", "4H", "5H", "6H"], "secret": False}, "bad_action"),
        ({"type": "expose", "cards": ["4H", "5H", "XX"], "secret": False}, "bad_card"),
        ({"type": "lay_off", "card": "9S", "meld": -1}, "bad_action"),
        ({"type": "lay_off", "card": "9S", "meld": True}, "bad_action"),
        ({"type": "lay_off", "card": "9S", "meld": "0"}, "bad_action"),
        ({"type": "shuffle"}, "bad_action"),
        ({"type": "discard", "card": "KD"}, "not_in_hand"),
        ({"type": "expose", "cards": ["4H", "5H", "9S"], "secret": False}, "not_a_meld"),
        ({"type": "lay_off", "card": "9S", "meld": 0}, "cannot_lay_off"),
        ({"type": "lay_off", "card": "4H", "meld": 5}, "cannot_lay_off"),
        ({"type": "draw"}, "wrong_phase"),
        ({"type": "call_draw"}, "wrong_phase"),
        ({"type": "take_discard", "cards": ["4H", "5H"]}, "wrong_phase"),
        ({"type": "fight"}, "wrong_phase"),
    ],
)
def test_bad_input_is_refused_with_its_code(action: Any, code: str) -> None:
    """Contract, Phases: every action outside its phase, with cards not held or not a meld, or
    malformed, is refused with its code and leaves the state as it was."""
    state = table(hands=("4H 5H 6H 9S", "2C", "3C"), melds=((1, "JS JH JD"),))
    assert refused(state, 0, action).code == code


def test_only_the_seat_to_act_may_act_and_nobody_once_over() -> None:
    """Contract: a wrong seat gets ``not_your_turn``; every seat ``game_over`` at the end."""
    state = table(hands=("4H 5H 6H", "2C", "3C"))
    assert refused(state, 1, discard("2C")).code == "not_your_turn"
    assert legal_actions(state, 1) == []
    state = apply(state, 0, expose("4H 5H 6H"))
    for seat in range(3):
        assert refused(state, seat, discard("2C")).code == "game_over"
        assert legal_actions(state, seat) == []


def test_random_hands_settle_to_zero() -> None:
    """Payments: whatever the ending, the net chips add up to 0, the counts are the hands'
    counts, and every hand shown at the end is the hand held."""
    for index in range(40):
        state = new_game(players=3, seed=seed(100 + index), options={})
        rng = Rng(seed(100 + index), "scenario")
        while state.phase != "over":
            seat = min(to_act(state))
            action, rng = rng.choice(legal_actions(state, seat))
            state = apply(state, seat, action)
        result = outcome(state)
        assert result is not None and sum(result.scores) == 0
        assert result.detail["counts"] == [deadwood(hand) for hand in state.hands]
        assert result.detail["hands"] == [[c.to_json() for c in hand] for hand in state.hands]
