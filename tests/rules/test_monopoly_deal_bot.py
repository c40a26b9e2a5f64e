"""Monopoly Deal's bots (design 1.5; ``app/rules/monopoly_deal/bot.py``): legal and deterministic
over seeded matches at every player count, better than random and greedy players, and the clear
moves on hand-written tables.

The tables are built with ``table`` from ``test_monopoly_deal`` (hands, banks, property sets,
whose turn); each bot sees only ``view(state, seat)`` and the legal actions. Amounts come from
the rule file's property table (rents by cards owned) and the deck tables' bank values."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest

from app.rules import GAMES
from app.rules.base import Action, Bot
from app.rules.bots import random_bot
from app.rules.monopoly_deal import (
    State,
    apply,
    choose,
    evaluate,
    greedy_bot,
    outcome,
)
from app.rules.rng import Rng
from tests.rules.moves import Move, bot_choice, bot_match
from tests.rules.test_monopoly_deal import (
    BROWN,
    DARK_BLUE,
    GREEN,
    JSN1,
    JSN2,
    M1,
    M2,
    M5,
    M10,
    RED,
    SEED,
    YELLOW,
    play,
    pset,
    table,
)

RULES = GAMES["monopoly_deal"]
ACCEPT: Action = {"type": "accept"}
DEAL_BREAKER = "action-deal_breaker-1"
SLY = "action-sly_deal-1"
BIRTHDAY = "action-birthday-1"


def play_out(bots: list[Bot], *, index: int) -> tuple[State, list[Move]]:
    """Match ``index`` through the registry (``moves.bot_match``): the final state and moves."""
    return bot_match(
        RULES, bots, seed=hashlib.sha256(f"monopoly deal bots {index}".encode()).digest()
    )


def decide(bot: Bot, state: State, seat: int) -> Action:
    """What ``bot`` plays for ``seat`` in ``state`` (checked to be legal)."""
    return bot_choice(RULES, bot, state, seat, Rng(SEED, "bot"))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bots_play_only_legal_actions_to_the_end(players: int) -> None:
    """Design 1.5: over seeded matches mixing the bot, greedy and random players, each action is
    one of the legal ones (``play_out`` checks it) and every match ends, mostly with a winner of
    three sets (Winning) rather than at the round limit."""
    mixes: list[Bot] = [choose, greedy_bot, random_bot]
    reasons = Counter[str]()
    for index in range(6):
        bots = [mixes[(index + seat) % 3] for seat in range(players)]
        if index % 3 == 0:
            bots = [choose] * players
        state, _ = play_out(bots, index=100 * players + index)
        result = outcome(state)
        assert result is not None and result.winners
        reasons[result.detail["reason"]] += 1
    assert reasons["three_sets"] >= 5


def test_the_bot_is_deterministic_given_its_rng() -> None:
    """Design 1.5: the same seed gives the same decisions (the bot's only randomness is its rng)."""
    bots: list[Bot] = [choose, greedy_bot, choose]
    assert play_out(bots, index=7)[1] == play_out(bots, index=7)[1]


@pytest.mark.parametrize("players", [2, 4])
def test_the_bot_beats_random_and_greedy_players(players: int) -> None:
    """Design 1.5: better than random and greedy players (baseline 1 in ``players``);
    ``python -m bench.games --game monopoly_deal`` measures both over 200 matches a count."""
    games = 24
    wins = Counter[str]()
    for index in range(games):
        for name, opponent in (("random", random_bot), ("greedy", greedy_bot)):
            bots: list[Bot] = [opponent] * players
            bots[index % players] = choose
            result = outcome(play_out(bots, index=1000 * players + index)[0])
            assert result is not None
            wins[name] += index % players in result.winners
    assert wins["random"] >= games * 0.75 and wins["greedy"] >= games * 1.4 / players


# --- playing -------------------------------------------------------------------------------------


def test_the_bot_completes_a_set_with_a_wild() -> None:
    """Turn 2: the dark blue/green wild completes seat 0's green (2 of 3 cards) rather than
    starting a dark blue."""
    wild = "wild-dark_blue+green-1"
    state = table(hands=((wild, M1), ()), sets=((pset("green", *GREEN[:2]),), ()))
    assert decide(choose, state, 0) == {"type": "place", "card": wild, "colour": "green"}


def test_the_bot_takes_the_win() -> None:
    """Winning: with complete dark blue and green, the third red completes a third colour; the
    bot places it (before banking its 10M) and wins."""
    sets = ((pset("dark_blue", *DARK_BLUE), pset("green", *GREEN), pset("red", *RED[:2])), ())
    state = table(hands=((M10, RED[2]), (M5,)), sets=sets)
    state = apply(state, 0, decide(choose, state, 0))
    result = outcome(state)
    assert result is not None and result.winners == frozenset({0})


def test_the_bot_sly_deals_the_card_that_completes_its_set() -> None:
    """Action cards, Sly Deal: seat 1's loose yellow completes seat 0's yellow (2 of 3), worth
    more than its richer dark blue (4M)."""
    sets = (
        (pset("yellow", *YELLOW[:2]),),
        (pset("yellow", YELLOW[2]), pset("dark_blue", DARK_BLUE[0])),
    )
    state = table(hands=((SLY,), ()), sets=sets)
    assert decide(choose, state, 0) == {
        "type": "sly_deal",
        "card": SLY,
        "target": 1,
        "take": YELLOW[2],
    }


def test_the_bot_deal_breaks_a_complete_set_and_keeps_its_just_say_no() -> None:
    """Action cards: a Deal Breaker on seat 1's complete green; the Just Say No stays in hand
    (it cannot be played for effect on one's turn, and banking it would waste it)."""
    sets = ((), (pset("green", *GREEN), pset("red", RED[0])))
    state = table(hands=((DEAL_BREAKER, JSN1), ()), sets=sets)
    assert decide(choose, state, 0) == {
        "type": "deal_breaker",
        "card": DEAL_BREAKER,
        "target": 1,
        "set": 0,
    }


def test_the_bot_charges_the_colour_with_the_highest_rent() -> None:
    """Rent cards: the dark blue/green rent charges dark blue 8 (2 cards) rather than green 2
    (1 card), from both opponents."""
    rent = "rent-dark_blue+green-1"
    sets = ((pset("dark_blue", *DARK_BLUE), pset("green", GREEN[0])), (), ())
    state = table(hands=((rent,), (), ()), banks=((), (M10,), (M5, "money-4-1")), sets=sets)
    action = decide(choose, state, 0)
    assert (action["type"], action["colour"]) == ("rent", "dark_blue")


# --- answering and paying ------------------------------------------------------------------------


def test_the_bot_says_no_to_a_deal_breaker_of_its_complete_set() -> None:
    """Just Say No: seat 1's Deal Breaker would take seat 0's complete green; the bot cancels
    it. A Birthday (2M, paid with the 2M note) is accepted: the Just Say No is worth more kept."""
    sets = ((pset("green", *GREEN),), ())
    hands = ((JSN1,), (DEAL_BREAKER, BIRTHDAY))
    state = table(hands=hands, banks=((M2, M5), ()), sets=sets, turn=1)
    breaking = apply(
        state, 1, {"type": "deal_breaker", "card": DEAL_BREAKER, "target": 0, "set": 0}
    )
    assert decide(choose, breaking, 0) == {"type": "just_say_no", "card": JSN1}
    birthday = apply(state, 1, {"type": "birthday", "card": BIRTHDAY})
    assert decide(choose, birthday, 0) == ACCEPT


def _owe(banks: tuple[str, ...], sets: tuple[Any, ...], amount_card: str = BIRTHDAY) -> State:
    """Seat 1's Birthday (2M) or Debt Collector (5M) on seat 0, accepted: seat 0 pays."""
    state = table(hands=((), (amount_card,)), banks=(banks, ()), sets=(sets, ()), turn=1)
    action: Action = {"type": "birthday", "card": amount_card}
    if "debt_collector" in amount_card:
        action = {**action, "type": "debt_collector", "target": 0}
    return play(state, (1, action), (0, ACCEPT))


def test_the_bot_pays_with_money_before_properties() -> None:
    """Paying: 2M owed; the 2M note goes, not a green of its 2-of-3 set (4M each)."""
    state = _owe((M2,), (pset("green", *GREEN[:2]),))
    assert decide(choose, state, 0) == {"type": "pay", "card": M2}


def test_the_bot_pays_with_small_notes_not_a_big_one() -> None:
    """Paying, no change is given: 5M owed from 1M + 2M + 2M + 10M: the three small notes (5M)
    go, the 10M stays."""
    banks = (M1, M2, "money-2-2", M10)
    state = _owe(banks, (), amount_card="action-debt_collector-1")
    paid = []
    while state.phase == "pay":
        action = decide(choose, state, 0)
        paid.append(action["card"])
        state = apply(state, 0, action)
    assert sorted(paid) == sorted((M1, M2, "money-2-2")) and state.banks[0] == (M10,)


def test_the_bot_pays_a_lone_property_before_one_of_a_nearly_complete_set() -> None:
    """Paying with no money: 2M owed; the lone brown (1M) is not enough alone, so the choice is
    between the greens of a 2-of-3 set (4M each) and the lone red (3M): the red goes."""
    state = _owe((), (pset("green", *GREEN[:2]), pset("red", RED[0]), pset("brown", BROWN[0])))
    assert decide(choose, state, 0) == {"type": "pay", "card": RED[0]}


# --- discarding ----------------------------------------------------------------------------------


def test_the_bot_discards_its_least_useful_cards() -> None:
    """Turn 3: with 8 cards after its plays, the bot discards a Pass Go (1M), keeping its Just
    Say No, Deal Breaker, money and the brown that would complete its set."""
    hand = (JSN1, JSN2, DEAL_BREAKER, M5, M10, BROWN[1], "action-pass_go-1", "money-4-1")
    state = table(hands=(hand, ()), sets=((pset("brown", BROWN[0]),), ()), plays_left=0)
    state = apply(state, 0, {"type": "end_turn"})
    assert state.phase == "discard"
    assert decide(choose, state, 0) == {"type": "discard", "card": "action-pass_go-1"}


# --- the greedy player ---------------------------------------------------------------------------


def test_the_greedy_player() -> None:
    """``greedy_bot``: it places a wild where it has most cards, always says Just Say No (even
    to a Birthday), pays with its smallest card first (a 1M before the 10M) and discards its
    lowest-value card (the 1M brown, though it would complete its set)."""
    wild = "wild-red+yellow-1"
    sets = ((pset("red", RED[0]), pset("yellow", *YELLOW[:2])), ())
    placing = table(hands=((wild, M1), ()), sets=sets)
    assert decide(greedy_bot, placing, 0) == {"type": "place", "card": wild, "colour": "yellow"}
    state = table(hands=((JSN1,), (BIRTHDAY,)), banks=((M1, M10), ()), turn=1)
    birthday = apply(state, 1, {"type": "birthday", "card": BIRTHDAY})
    assert decide(greedy_bot, birthday, 0) == {"type": "just_say_no", "card": JSN1}
    paying = apply(birthday, 0, ACCEPT)
    assert decide(greedy_bot, paying, 0) == {"type": "pay", "card": M1}
    hand = (JSN1, DEAL_BREAKER, M5, M10, "money-4-1", M2, "money-3-1", BROWN[1])
    browns = ((pset("brown", BROWN[0]),), ())
    discarding = apply(table(hands=(hand, ()), sets=browns, plays_left=0), 0, {"type": "end_turn"})
    assert decide(greedy_bot, discarding, 0) == {"type": "discard", "card": BROWN[1]}


# --- the strong bot's position score -------------------------------------------------------------


def test_evaluate_favours_the_table_nearer_three_complete_colours() -> None:
    """Winning (3 complete sets of different colours win): seat 0 with complete dark blue and
    green, seat 1 with none, is the likelier winner, and at 2 players seat 1's chance is the
    rest; seat 1's 10M bank and a fuller hand do not make up for two sets."""
    sets = ((pset("dark_blue", *DARK_BLUE), pset("green", *GREEN)), (pset("red", RED[0]),))
    state = table(hands=((M1,), (M2, M5, JSN1)), banks=((), (M10,)), sets=sets)
    ahead = evaluate(state, 0)
    assert 0.5 < ahead < 1
    assert evaluate(state, 1) == pytest.approx(1 - ahead)
    assert RULES.evaluate is evaluate


def test_evaluate_counts_a_nearly_complete_set_less_than_a_complete_one() -> None:
    """Turn 2 and Winning: two of three yellows are worth something over an empty table, but
    less than a complete colour; equal tables are even; a won match is 1 and 0 (Winning)."""
    near = table(hands=((), ()), sets=((pset("yellow", *YELLOW[:2]),), ()))
    done = table(hands=((), ()), sets=((pset("yellow", *YELLOW),), ()))
    even = table(hands=((), ()), sets=((pset("red", *RED),), (pset("yellow", *YELLOW),)))
    assert 0.5 < evaluate(near, 0) < evaluate(done, 0)
    assert evaluate(even, 0) == pytest.approx(0.5)
    sets = ((pset("dark_blue", *DARK_BLUE), pset("green", *GREEN), pset("red", *RED[:2])), ())
    third = {"type": "place", "card": RED[2], "colour": "red"}
    won = apply(table(hands=((RED[2],), ()), sets=sets), 0, third)
    assert outcome(won) is not None
    assert (evaluate(won, 0), evaluate(won, 1)) == (1.0, 0.0)
