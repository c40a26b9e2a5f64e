"""Tong-its's bots (design 1.5; ``app/rules/tong_its/bot.py``): legal and deterministic over many
seeded games, better than random and greedy players, and the clear moves on hand-written tables.

The tables are built with ``table`` from ``test_tong_its`` (the hands, whose turn and phase, the
exposed melds, the discard pile); each bot sees only ``view(state, seat)`` and the legal actions.
Every count is worked out by hand in the test's comment (points A = 1, 2-10 face value, J/Q/K =
10; rules/tong-its.md, Basics); the hand count is the deadwood (Ways a hand ends, Hand count)
unless the test says otherwise."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from app.rules import GAMES
from app.rules.base import Action, Bot
from app.rules.bots import random_bot
from app.rules.rng import Rng
from app.rules.tong_its import (
    State,
    apply,
    choose,
    deadwood,
    greedy_bot,
    legal_actions,
    outcome,
    parse_card,
    view,
)
from app.rules.tong_its.rollout import rollout
from tests.rules.moves import Move, bot_choice, bot_match
from tests.rules.test_tong_its import SEED, seed, table

RULES = GAMES["tong_its"]


def play_out(
    bots: list[Bot], *, index: int, options: dict[str, Any] | None = None
) -> tuple[State, list[Move]]:
    """Hand ``index`` through the registry (``moves.bot_match``): the final state and moves.
    The bot's discards are checked too."""

    def check_discard(state: State, seat: int, action: Action) -> None:
        if bots[seat] is choose and action["type"] == "discard":
            # Never a card of a hidden meld while left-over cards remain: the deadwood of the
            # hand kept is never above the hand's before the discard.
            hand = state.hands[seat]
            card = parse_card(action["card"])
            kept = [held for held in hand if held != card]
            assert deadwood(kept) <= deadwood(hand), (hand, action)

    return bot_match(RULES, bots, seed=seed(index), options=options, on_move=check_discard)


def decide(bot: Bot, state: State, seat: int) -> Action:
    """What ``bot`` plays for ``seat`` in ``state`` (checked to be legal)."""
    return bot_choice(RULES, bot, state, seat, Rng(SEED, "bot"))


def turn_of(bot: Bot, state: State, seat: int) -> State:
    """``seat`` plays the rest of its turn (after the draw) with ``bot``."""
    while state.turn == seat and state.phase == "meld":
        state = apply(state, seat, decide(bot, state, seat))
    return state


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"hand_count": "all"},
    {"discard_pile": "top", "tong_its_bonus": 3},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "count_all", "pile_top"])
def test_the_bots_play_only_legal_actions_to_the_end(options: dict[str, Any]) -> None:
    """Design 1.5: over seeded hands with every mix of the bot, greedy and random players, each
    action is one of the legal ones (``play_out`` checks it) and every hand ends."""
    lineups: list[list[Bot]] = [
        [choose, choose, choose],
        [choose, greedy_bot, random_bot],
        [random_bot, choose, greedy_bot],
        [greedy_bot, random_bot, choose],
        [greedy_bot, greedy_bot, greedy_bot],
    ]
    ends = Counter[str]()
    for index in range(40):
        state, _ = play_out(lineups[index % len(lineups)], index=index, options=options)
        result = outcome(state)
        assert result is not None and sum(result.scores) == 0
        ends[result.detail["end"]] += 1
    assert ends["draw"] > 0


def test_the_bot_is_deterministic_given_its_rng() -> None:
    """Design 1.5: the same seed gives the same decisions (the bot's only randomness is its rng)."""
    bots: list[Bot] = [choose, greedy_bot, choose]
    assert play_out(bots, index=7)[1] == play_out(bots, index=7)[1]


def test_the_bot_beats_random_and_greedy_players() -> None:
    """Design 1.5: better than random (3 players: 1 in 3) and than greedy players;
    ``python -m bench.games --game tong_its`` measures both over 200 hands."""
    wins = Counter[str]()
    for index in range(30):
        for name, opponent in (("random", random_bot), ("greedy", greedy_bot)):
            bots: list[Bot] = [opponent] * 3
            bots[index % 3] = choose
            result = outcome(play_out(bots, index=100 + index)[0])
            assert result is not None
            wins[name] += index % 3 in result.winners
    assert wins["random"] >= 20 and wins["greedy"] >= 12


# --- the draw ------------------------------------------------------------------------------------


def test_the_bot_takes_a_discard_that_melds_and_lowers_its_count() -> None:
    """Normal turn 1: 5H 6H take the 7H into a run. The hand counts 67 (5+6+10+10+10+9+2+8+4+3,
    no meld); after the take 56 are left (the 5H and 6H are exposed with the 7H), 46 once a
    10 is discarded. A draw keeps all ten cards but one."""
    state = table(
        hands=("5H 6H KS QD JC 9S 2C 8D 4S 3D", "2S 3S 4H 9D 10D", "AS AH 6C 7C 8C"),
        phase="draw",
        discards="KH 7H",
    )
    assert view(state, 0)["count"] == 67
    assert decide(choose, state, 0) == {"type": "take_discard", "cards": ["5H", "6H"]}


def test_the_bot_draws_when_the_discard_would_break_a_better_meld() -> None:
    """Normal turn 1: the 7S would meld with 7H 7D, but those belong to the runs 5-6-7H and
    5-6-7D (count 10: the KS); taking it leaves 5H 6H 5D 6D KS, 32. The bot draws."""
    state = table(
        hands=("5H 6H 7H 5D 6D 7D KS", "2S 3S 4H 9D 10D", "AS AH 6C 7C 8C"),
        phase="draw",
        discards="KH 7S",
    )
    assert view(state, 0)["count"] == 10
    assert decide(choose, state, 0) == {"type": "draw"}


# --- after the draw --------------------------------------------------------------------------


def test_the_bot_discards_a_left_over_card_never_one_of_its_hidden_meld() -> None:
    """Normal turn 4: 7S 8S 9S is a run; the KD (10) and 4C (4) are left over, count 14.
    Discarding the KD leaves 4, any card of the run at least 14 + 7. Nobody owns an exposed
    meld, so the run stays hidden (nobody could call before the bot's next turn)."""
    state = table(hands=("7S 8S 9S KD 4C", "2S 3S 4H 9D 10D", "AS AH 6C 7C 8C"))
    assert view(state, 0)["count"] == 14
    assert decide(choose, state, 0) == {"type": "discard", "card": "KD"}


def test_the_bot_exposes_its_first_meld_once_an_opponent_could_call() -> None:
    """Ways a hand ends, Call a draw: seat 1 owns 2-3-4H and may call on its next turn; a seat
    with no exposed meld would fold at once (and be burned), so the bot exposes its run. When a
    lay-off on seat 1's meld has blocked it (Normal turn 3), the run may wait a turn."""
    hands = ("7S 8S 9S KD 4C", "2S 3S 9D 10D", "AS AH 6C 7C 8C")
    state = table(hands=hands, melds=((1, "2H 3H 4H"),))
    assert decide(choose, state, 0) == {
        "type": "expose",
        "cards": ["7S", "8S", "9S"],
        "secret": False,
    }
    blocked = replace(state, blocked=(False, True, False))
    assert decide(choose, blocked, 0) == {"type": "discard", "card": "KD"}


def test_the_bot_lays_four_of_a_kind_face_down() -> None:
    """Normal turn 2, special case: 9S 9H 9D 9C from the hand may lie face down (it counts as an
    exposed meld, takes no lay-off and earns its bonus: Payments)."""
    state = table(hands=("9S 9H 9D 9C KD 3C", "2S 3S 4H 10D", "AS AH 6C 7C 8C"))
    assert decide(choose, state, 0) == {
        "type": "expose",
        "cards": ["9S", "9H", "9D", "9C"],
        "secret": True,
    }


def test_the_bot_lays_off_on_an_opponents_meld() -> None:
    """Normal turn 3: the 8H extends seat 1's 5-6-7H. The count falls from 30 (8 + 10 + 10 + 2)
    to 22, and seat 1 may not call on its next turn."""
    state = table(hands=("8H KD QC 2S", "2D 3D 9D 10D", "AS AH 6C 7C 8C"), melds=((1, "5H 6H 7H"),))
    assert view(state, 0)["count"] == 30
    assert decide(choose, state, 0) == {"type": "lay_off", "card": "8H", "meld": 0}


def test_the_bot_goes_tong_its_when_it_can() -> None:
    """Ways a hand ends, Tong-its: 7S 8S 9S and 4H 4D 4C are melds and the KD is the last
    discard; the bot exposes both and discards the KD, emptying its hand: it wins."""
    state = table(hands=("7S 8S 9S 4H 4D 4C KD", "2S 3S 9D 10D", "AS AH 6C 7C 8C"))
    result = outcome(turn_of(choose, state, 0))
    assert result is not None
    assert result.detail["end"] == "tong_its" and result.winners == frozenset({0})


def test_the_bot_exposes_every_meld_when_every_card_counts() -> None:
    """Option ``hand_count: "all"``: cards in hand count even in a meld, so the bot exposes both
    melds before it discards: 7S 8S 9S 4H 4D 4C KD QC count 7 + 8 + 9 + 3 x 4 + 10 + 10 = 56,
    after the turn 10 (a face card)."""
    state = table(
        hands=("7S 8S 9S 4H 4D 4C KD QC", "2S 3S 9D 10D", "AS AH 6C 7C 8C"), hand_count="all"
    )
    assert view(state, 0)["count"] == 56
    after = turn_of(choose, state, 0)
    assert [len(meld.cards) for meld in after.melds if meld.owner == 0] == [3, 3]
    assert view(after, 0)["count"] == 10


# --- calling and answering -----------------------------------------------------------------------


def test_the_bot_calls_a_draw_with_a_count_of_two() -> None:
    """Ways a hand ends, Call a draw: the bot owns 5-6-7S, holds AS AH (count 2) and may call."""
    state = table(
        hands=("AS AH", "2S 3S 8H 9D 10D", "AC 2C 6C 7C 8C JD"),
        phase="draw",
        melds=((0, "5S 6S 7S"), (1, "2H 3H 4H"), (2, "JS JH JC")),
        discards="KD",
    )
    assert view(state, 0)["count"] == 2
    assert decide(choose, state, 0) == {"type": "call_draw"}


def test_the_bot_calls_at_once_when_nobody_may_fight() -> None:
    """Ways a hand ends, Call a draw: opponents with no exposed meld fold at once, so the
    caller wins whatever its count (here 4 + 10 + 10 + 9 = 33)."""
    state = table(
        hands=("4C KD QC 9H", "2S 3S 4H 9D 10D", "AC 2C 6C 7C 8D JD"),
        phase="draw",
        melds=((0, "5S 6S 7S"),),
        discards="KH",
    )
    assert view(state, 0)["count"] == 33
    assert decide(choose, state, 0) == {"type": "call_draw"}


def test_the_bot_does_not_call_with_a_high_count_against_small_hands() -> None:
    """Seat 1 and seat 2 own melds and hold 2 cards each (at most 20 points); the bot counts
    33, so it draws instead of calling."""
    state = table(
        hands=("4C KD QC 9H", "2S 3S", "AC 2C"),
        phase="draw",
        melds=((0, "5S 6S 7S"), (1, "2H 3H 4H"), (2, "JS JH JC")),
        discards="KH",
    )
    assert decide(choose, state, 0) == {"type": "draw"}


def _called(bot_hand: str, caller_hand: str) -> State:
    """Seat 1 (caller_hand, owning 2-3-4H) calls a draw against the bot at seat 0, which owns
    5-6-7S; seat 2 owns no meld and folds at once, so the bot alone answers."""
    state = table(
        hands=(bot_hand, caller_hand, "AC 2C 6C 7C 4D 5H"),
        turn=1,
        phase="draw",
        melds=((0, "5S 6S 7S"), (1, "2H 3H 4H")),
        discards="KH",
    )
    return apply(state, 1, {"type": "call_draw"})


def test_the_bot_folds_a_big_count_against_a_call() -> None:
    """Ways a hand ends, Call a draw: the bot counts 10 + 10 + 10 + 9 + 9 + 8 = 56 against a
    caller holding 2 cards (at most 20): it cannot win the fight, which costs 1 chip more
    (Payments), so it folds."""
    state = _called("KD QC JD 9H 9C 8D", "2S 3S")
    assert view(state, 0)["count"] == 56
    assert decide(choose, state, 0) == {"type": "fold"}


def test_the_bot_fights_a_call_with_a_low_count() -> None:
    """The bot counts 3 (AD 2D) against a caller holding 8 cards: it fights (a tie would go to
    the fighter)."""
    state = _called("AD 2D", "2S 3S 9D 10D KS QS 9S 8C")
    assert view(state, 0)["count"] == 3
    assert decide(choose, state, 0) == {"type": "fight"}


# --- the greedy player ---------------------------------------------------------------------------


def test_the_greedy_player_calls_takes_exposes_and_discards_its_highest_card() -> None:
    """``greedy_bot``: it calls whenever it may (with a count of 33 here), else takes the top
    discard when it melds (the JD with 9D 10D), exposes every meld face up (a four too), lays
    off, discards its highest card (the KD) and always fights (even with a count of 56)."""
    calling = table(
        hands=("4C KD QC 9H", "2S 3S 4H 9D 10D", "AC 2C 6C 7C 8D JC"),
        phase="draw",
        melds=((0, "5S 6S 7S"), (1, "JS JH JD")),
        discards="KH",
    )
    assert decide(greedy_bot, calling, 0) == {"type": "call_draw"}
    taking = table(
        hands=("2S 3S 9D 10D 4H", "4C KD QC 9H", "AC 2C 6C 7C 8D"),
        phase="draw",
        discards="KH JD",
    )
    assert decide(greedy_bot, taking, 0) == {"type": "take_discard", "cards": ["9D", "10D"]}
    exposing = table(hands=("9S 9H 9D 9C KD 3C", "2S 3S 4H 10D", "AS AH 6C 7C 8C"))
    assert decide(greedy_bot, exposing, 0) == {
        "type": "expose",
        "cards": ["9S", "9H", "9D", "9C"],
        "secret": False,
    }
    laying = table(
        hands=("8H KD QC 2S", "2D 3D 9D 10D", "AS AH 6C 7C 8C"), melds=((1, "5H 6H 7H"),)
    )
    assert decide(greedy_bot, laying, 0) == {"type": "lay_off", "card": "8H", "meld": 0}
    discarding = table(hands=("2D KD 4C", "2S 3S 9D 10D", "AS AH 6C 7C 8C"))
    assert decide(greedy_bot, discarding, 0) == {"type": "discard", "card": "KD"}
    answering = _called("KD QC JD 9H 9C 8D", "2S 3S")
    assert decide(greedy_bot, answering, 0) == {"type": "fight"}


def test_the_playouts_discard_shuns_a_card_the_next_seat_would_take() -> None:
    """The strong bot's playouts (``rollout``, reading the drawn state): KD QC 4C 5H melds
    nothing, and shedding either ten-pointer leaves 19 (the king goes first on a tie). With
    KS KH the next seat (1) would take the KD into a set (Normal turn 1), which costs
    ``rollout.FEED`` (10) more: the QC goes instead. A king the seat after it could take
    (seat 2) is no reason (it draws after seat 1)."""
    free = ("KD QC 4C 5H", "2S 9D 10D 4H", "AS 3H 7C 9C")
    state = table(hands=free)
    legal = legal_actions(state, 0)
    assert rollout(state, 0, legal, Rng(SEED, "rollout")) == {"type": "discard", "card": "KD"}
    fed = table(hands=("KD QC 4C 5H", "KS KH 10D 4H", "AS 3H 7C 9C"))
    assert rollout(fed, 0, legal, Rng(SEED, "rollout")) == {"type": "discard", "card": "QC"}
    later = table(hands=("KD QC 4C 5H", "2S 9D 10D 4H", "KS KH 7C 9C"))
    assert rollout(later, 0, legal, Rng(SEED, "rollout")) == {"type": "discard", "card": "KD"}
