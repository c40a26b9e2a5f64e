"""Sequence Numbers scenarios from ``rules/sequence-numbers.md``, mostly on hand-written states
built with ``dataclasses.replace`` (style 4.13b). Each test names the section (or the package
docstring's decision) its expectation comes from.

Boards are drawn as up to 10 strings of 10 characters, row 0 first: ``.`` an empty space, ``B``
a blue chip (side 0), ``G`` green (side 1), ``R`` red (side 2); the corners are free spaces,
drawn ``*`` (or ``.``). Spaces are ``(row, col)``; the proposed layout has 1 at (0, 1) and (9, 3).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.base import Action
from app.rules.bots import random_bot
from app.rules.rng import Rng, bot_rng
from app.rules.sequence_numbers import (
    BANDS,
    BOARD,
    CORNERS,
    EQUATIONS,
    GAME,
    MINUS,
    PLUS,
    SPACES,
    State,
    apply,
    check_options,
    choose,
    count_sequences,
    deck,
    greedy_bot,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.sequence_numbers.components import addition, subtraction
from app.rules.sequence_numbers.lines import WINDOW_AT
from tests.rules.moves import refusal
from tests.security.secrets import sequence_numbers as sequence_numbers_secrets

SEED = hashlib.sha256(b"sequence numbers scenarios").digest()
SIDES = {"B": 0, "G": 1, "R": 2}


def seed(index: int) -> bytes:
    return hashlib.sha256(f"sequence numbers:{index}".encode()).digest()


def chips(*rows: str) -> dict[tuple[int, int], int]:
    """A drawn board as the ``(row, col) -> side`` mapping ``count_sequences`` takes."""
    found = {}
    for row, line in enumerate(rows):
        assert len(line) == 10, line
        for col, mark in enumerate(line):
            if (row, col) in CORNERS:
                assert mark in "*.", f"the corner ({row}, {col}) is free: draw it * or ."
            elif mark != ".":
                found[(row, col)] = SIDES[mark]
    return found


def table(
    *rows: str,
    players: int = 2,
    hands: list[list[str]] | None = None,
    turn: int = 0,
    pile: list[str] | None = None,
    sequences: tuple[tuple[int, list[tuple[int, int]]], ...] = (),
    options: dict[str, Any] | None = None,
) -> State:
    """A hand-written state: the drawn board, each seat's hand, the draw pile (top first), and
    the completed sequences as ``(side, cells)``."""
    base = new_game(players=players, seed=SEED, options=options or {})
    placed = chips(*rows)
    state = replace(
        base,
        chips=tuple(placed.get((row, col)) for row in range(10) for col in range(10)),
        sequences=tuple((side, WINDOW_AT[tuple(cells)]) for side, cells in sequences),
        turn=turn,
        start_seat=turn,
    )
    if hands is not None:
        state = replace(state, hands=tuple(tuple(hand) for hand in hands))
    if pile is not None:
        state = replace(state, deck=tuple(pile))
    return state


def place(card: str, row: int, col: int) -> Action:
    return {"type": "place", "card": card, "row": row, "col": col}


def remove(row: int, col: int) -> Action:
    return {"type": "remove", "row": row, "col": col}


refused = partial(refusal, GAME)


EMPTY = ".........."
FILLER = ["5+5", "6+6", "7+7", "8+8", "9+9"]
"""Harmless hand cards (answers 10, 12, 14, 16, 18) for states that do not care."""


# --- the board and the deck (Proposed concrete layout, Card deck) --------------------------------


def test_board_prints_each_number_twice_far_apart() -> None:
    """Proposed layout: 4 free corners, 96 numbered spaces, each of 1-48 exactly twice, the two
    copies at Chebyshev distance 3 or more; colour bands by tens cover 1-48."""
    counts = Counter(number for row in BOARD for number in row)
    assert counts[0] == 4 and {BOARD[r][c] for r, c in CORNERS} == {0}
    assert {number: count for number, count in counts.items() if number} == dict.fromkeys(
        range(1, 49), 2
    )
    for first, second in SPACES.values():
        assert max(abs(first[0] - second[0]), abs(first[1] - second[1])) >= 3
    assert BOARD[0][1:9] == (1, 2, 3, 4, 5, 6, 7, 8)  # the first copy snakes through the top
    assert BOARD[9] == (0, 47, 29, 1, 24, 46, 9, 44, 13, 0)  # last printed row, verbatim
    assert [n for low, high in BANDS for n in range(low, high + 1)] == list(range(1, 49))


def test_deck_has_two_equations_per_answer_and_two_plus_two_minus() -> None:
    """Card deck: an addition floor(N/2) + ceil(N/2) and a subtraction (N + k) - k with
    k = 1 + (N mod 9) for each N; 96 equations + 2 Plus + 2 Minus = 100 cards."""
    cards = deck(plus_cards=2, minus_cards=2)
    assert len(cards) == 100 and Counter(cards)[PLUS] == 2 and Counter(cards)[MINUS] == 2
    assert len(set(EQUATIONS)) == 96
    answers: Counter[int] = Counter()
    for card in EQUATIONS:
        match = re.fullmatch(r"(\d+)([+-])(\d+)", card)
        assert match is not None, card
        left, right = int(match[1]), int(match[3])
        assert left <= 57 and right <= 57
        answers[left + right if match[2] == "+" else left - right] += 1
    assert answers == dict.fromkeys(range(1, 49), 2)
    # Hand-worked: 7 = 3 + 4 and, with k = 1 + 7 = 8, 15 - 8; 48 = 24 + 24 and (48 + 4) - 4.
    assert (addition(7), subtraction(7), addition(48), subtraction(48)) == (
        "3+4",
        "15-8",
        "24+24",
        "52-4",
    )


# --- options, sides, hands and turn order (What is known) ------------------------------------


def test_check_options_and_five_players_refused() -> None:
    """2-6 players; [SEED-SILENT] 5 cannot form equal teams and is refused with a clear message;
    six_player_teams 2 (default) or 3; 0-4 Plus and Minus cards, 2 each by default."""
    defaults = {"six_player_teams": 2, "plus_cards": 2, "minus_cards": 2}
    for players in (2, 3, 4, 6):
        assert check_options(players, {}) == defaults
    assert check_options(6, {"six_player_teams": 3, "plus_cards": 4, "minus_cards": 0}) == {
        "six_player_teams": 3,
        "plus_cards": 4,
        "minus_cards": 0,
    }
    with pytest.raises(IllegalAction) as raised:
        check_options(5, {})
    assert raised.value.code == "bad_players"
    assert "5" in raised.value.message and "teams of equal size" in raised.value.message
    wrong: tuple[Any, ...] = (1, 7, True, "4")
    for players in wrong:
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})
        assert raised.value.code == "bad_players"
    for options in (
        {"six_player_teams": 6},
        {"six_player_teams": True},
        {"plus_cards": 5},
        {"minus_cards": -1},
        {"minus_cards": "2"},
        {"teams": 2},
    ):
        with pytest.raises(IllegalAction) as raised:
            check_options(4, options)
        assert raised.value.code == "bad_option"
    assert GAMES["sequence_numbers"] is GAME
    assert GAME.excluded_players == frozenset({5}) and GAME.player_counts == (2, 3, 4, 6)


@pytest.mark.parametrize(
    ("players", "options", "teams", "hand", "needed"),
    [
        (2, {}, [[0], [1]], 5, 1),
        (3, {}, [[0], [1], [2]], 5, 1),
        (4, {}, [[0, 2], [1, 3]], 4, 2),
        (6, {}, [[0, 2, 4], [1, 3, 5]], 4, 2),
        (6, {"six_player_teams": 3}, [[0, 3], [1, 4], [2, 5]], 4, 2),
    ],
)
def test_sides_hands_and_goal(
    players: int, options: dict[str, Any], teams: list[list[int]], hand: int, needed: int
) -> None:
    """What is known: up to 3 play alone; teams of equal size sit alternately (A B A B,
    A B C A B C); hands 5 cards with 2-3 players, 4 with 4-6; 1 sequence to win with 2-3
    players, 2 with 4-6. Two sides use blue and green, a third adds red."""
    state = new_game(players=players, seed=SEED, options=options)
    shown = view(state, 0)
    assert shown["teams"] == teams
    assert shown["colours"] == ["blue", "green", "red"][: len(teams)]
    assert [len(cards) for cards in state.hands] == [hand] * players
    assert len(state.deck) == 100 - hand * players
    assert shown["needed"] == needed == state.needed


def test_deal_can_be_redone_by_hand_from_the_seed() -> None:
    """Package docstring: the listed deck is shuffled with Rng(seed, "deal"), seat 0 takes the
    top hand, then seat 1...; then the start seat is randbelow(players)."""
    rng = Rng(SEED, "deal")
    cards, rng = rng.shuffle(list(EQUATIONS) + [PLUS, PLUS, MINUS, MINUS])
    start, _ = rng.randbelow(3)
    state = new_game(players=3, seed=SEED, options={})
    assert state.hands == (cards[0:5], cards[5:10], cards[10:15])
    assert state.deck == cards[15:]
    assert state.turn == state.start_seat == start
    assert state.rng == Rng(SEED, "reshuffle")


@pytest.mark.parametrize(
    ("players", "options", "sides"),
    [(4, {}, [0, 1]), (6, {}, [0, 1]), (6, {"six_player_teams": 3}, [0, 1, 2])],
)
def test_team_turn_order_alternates_sides(
    players: int, options: dict[str, Any], sides: list[int]
) -> None:
    """What is known: team members sit alternately and play goes clockwise, so the sides take
    turns A B A B (or A B C A B C) starting from the start seat's side."""
    for index in range(3):
        state = new_game(players=players, seed=seed(index), options=options)
        start = state.start_seat
        seen_seats, seen_sides = [], []
        for _ in range(2 * players):
            (seat,) = to_act(state)
            seen_seats.append(seat)
            seen_sides.append(view(state, seat)["side"])
            move = next(a for a in legal_actions(state, seat) if a["type"] != "exchange")
            state = apply(state, seat, move)
        assert seen_seats == [(start + step) % players for step in range(2 * players)]
        expected = [sides[(start + step) % len(sides)] for step in range(2 * players)]
        assert seen_sides == expected


# --- count_sequences (design 1.4; Sequences and winning) -----------------------------------------


def test_count_a_plain_row_and_a_blocked_line() -> None:
    """A sequence is 5 chips of one colour in a straight line; an opponent chip in the line
    blocks it (4 + 1 green counts nothing)."""
    assert count_sequences(chips(EMPTY, EMPTY, "..BBBBB..."), 0) == 1
    assert count_sequences(chips(EMPTY, EMPTY, "..BBBBB..."), 1) == 0
    assert count_sequences(chips(EMPTY, EMPTY, "..BBGBB..."), 0) == 0
    assert count_sequences(chips(EMPTY, EMPTY, "..BBBB...."), 0) == 0
    assert count_sequences(chips(EMPTY, EMPTY, "BBBB.BBBB."), 0) == 0


def test_count_vertical_and_diagonal() -> None:
    """Horizontal, vertical or diagonal."""
    column = chips(EMPTY, "...B......", "...B......", "...B......", "...B......", "...B......")
    assert count_sequences(column, 0) == 1
    diagonal = chips(EMPTY, ".G........", "..G.......", "...G......", "....G.....", ".....G....")
    assert count_sequences(diagonal, 1) == 1
    anti = chips(EMPTY, "........R.", ".......R..", "......R...", ".....R....", "....R.....")
    assert count_sequences(anti, 2) == 1


def test_count_through_a_corner() -> None:
    """Free spaces: a corner counts for every side, so 4 chips complete a sequence there, and
    several sides may use the same corner."""
    assert count_sequences(chips("*BBBB....*"), 0) == 1
    assert count_sequences(chips("*BBB.....*"), 0) == 0
    both = chips(
        "*BBBB....*",
        "G.........",
        "G.........",
        "G.........",
        "G.........",
    )
    assert count_sequences(both, 0) == 1 and count_sequences(both, 1) == 1
    # The bottom-right corner on the main diagonal.
    diagonal = chips(EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "......B...", ".......B..",
                     "........B.", "*.......B*")  # fmt: skip
    assert count_sequences(diagonal, 0) == 0  # (9, 8) is not on the diagonal
    diagonal = chips(EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".....B....", "......B...",
                     ".......B..", "........B.", "*........*")  # fmt: skip
    assert count_sequences(diagonal, 0) == 1


def test_count_run_of_nine_is_two_and_run_of_eight_is_one() -> None:
    """[SEED-AMBIGUOUS] resolution: two sequences share at most one space, so a straight run of 9
    is two sequences (spaces 0-4 and 4-8); a run of 8 would need to share 2; 10 is two."""
    assert count_sequences(chips(EMPTY, "BBBBBBBBB."), 0) == 2
    assert count_sequences(chips(EMPTY, "BBBBBBBB.."), 0) == 1
    assert count_sequences(chips(EMPTY, "BBBBBBBBBB"), 0) == 2
    # With the corner: 8 chips after the free space make a run of 9.
    assert count_sequences(chips("*BBBBBBBB*"), 0) == 2
    assert count_sequences(chips("*BBBBBBB.*"), 0) == 1


def test_count_crossing_lines() -> None:
    """Two sequences on different lines share at most the space where they cross: a row and a
    column through one shared chip count two; an X of two diagonals too."""
    plus_shape = chips(EMPTY, "....B.....", "....B.....", "..BBBBB...", "....B.....", "....B.....")
    assert count_sequences(plus_shape, 0) == 2
    x_shape = chips(EMPTY, ".G...G....", "..G.G.....", "...G......", "..G.G.....", ".G...G....")
    assert count_sequences(x_shape, 1) == 2
    # An L sharing its corner chip; a T whose column stops one short.
    ell = chips(EMPTY, "B.........", "B.........", "B.........", "B.........", "BBBBB.....")
    assert count_sequences(ell, 0) == 2
    tee = chips(EMPTY, "BBBBB.....", "..B.......", "..B.......", "..B.......", EMPTY)
    assert count_sequences(tee, 0) == 1


# --- placing chips (Turn 2) ----------------------------------------------------------------------


def test_equation_card_goes_on_either_space_showing_its_answer() -> None:
    """Turn 2: an equation card places a chip on either space showing its answer, if empty."""
    state = table(hands=[["0+1", *FILLER[:4]], FILLER], pile=["4+5"])
    places = [a for a in legal_actions(state, 0) if a.get("card") == "0+1"]
    assert places == [place("0+1", 0, 1), place("0+1", 9, 3)]
    after = apply(state, 0, place("0+1", 9, 3))
    assert after.chip((9, 3)) == 0 and after.discards[0] == ("0+1",)
    assert after.hands[0] == (*FILLER[:4], "4+5")  # automatic draw (Turn 3)
    assert to_act(after) == {1}
    assert refused(state, 0, place("0+1", 0, 2)).code == "wrong_space"
    taken = table("*B.......*", hands=[["0+1", *FILLER[:4]], FILLER])
    assert [a for a in legal_actions(taken, 0) if a.get("card") == "0+1"] == [place("0+1", 9, 3)]
    assert refused(taken, 0, place("0+1", 0, 1)).code == "occupied"


def test_plus_card_takes_any_empty_space_but_never_a_corner() -> None:
    """Turn 2: a Plus card places a chip on any empty non-corner space."""
    state = table("*G.......*", hands=[[PLUS, *FILLER[:4]], FILLER])
    spaces = {(a["row"], a["col"]) for a in legal_actions(state, 0) if a.get("card") == PLUS}
    assert len(spaces) == 95 and (0, 1) not in spaces and not spaces & CORNERS
    assert refused(state, 0, place(PLUS, 0, 0)).code == "free_corner"
    assert refused(state, 0, place(PLUS, 0, 1)).code == "occupied"
    assert apply(state, 0, place(PLUS, 5, 5)).chip((5, 5)) == 0


def test_minus_removes_an_opponent_chip_and_places_nothing() -> None:
    """Turn 2: a Minus card removes one opponent chip; you do not place a chip this turn."""
    state = table("*BG......*", hands=[[MINUS, *FILLER[:4]], FILLER], pile=["4+5"])
    assert [a for a in legal_actions(state, 0) if a["type"] == "remove"] == [remove(0, 2)]
    after = apply(state, 0, remove(0, 2))
    assert after.chip((0, 2)) is None and after.chip((0, 1)) == 0
    assert after.discards[0] == (MINUS,) and to_act(after) == {1}
    assert refused(state, 0, remove(0, 1)).code == "own_chip"
    assert refused(state, 0, remove(0, 3)).code == "no_chip"
    assert refused(state, 0, place(MINUS, 0, 3)).code == "minus_removes"
    assert refused(table("*BG......*", hands=[FILLER, FILLER]), 0, remove(0, 2)).code == "no_minus"


def test_minus_on_a_locked_chip_is_refused() -> None:
    """Turn 2 and 4: a chip in a completed sequence is locked and cannot be removed; the chips
    next to it that are not in the sequence still can be."""
    row = [(2, col) for col in range(5)]
    state = table(
        EMPTY,
        EMPTY,
        "GGGGGG....",
        players=4,
        hands=[[MINUS, *FILLER[:3]], FILLER[:4], FILLER[:4], FILLER[:4]],
        sequences=((1, row),),
    )
    error = refused(state, 0, remove(2, 3))
    assert error.code == "locked" and "completed sequence" in error.message
    assert [a for a in legal_actions(state, 0) if a["type"] == "remove"] == [remove(2, 5)]


def test_team_mates_chips_are_not_opponents() -> None:
    """What is known: all members of a team share a chip colour; Minus removes an opponent's
    chip, so a team-mate's chip (seat 2 plays blue with seat 0) is refused."""
    state = table("*B.G.....*", players=4, hands=[[MINUS, *FILLER[:3]]] + [FILLER[:4]] * 3)
    state = replace(state, turn=2)
    assert [a for a in legal_actions(state, 2) if a["type"] == "remove"] == []
    four = tuple(FILLER[:4])
    state = replace(state, hands=(four, four, (MINUS, *FILLER[:3]), four))
    assert [a for a in legal_actions(state, 2) if a["type"] == "remove"] == [remove(0, 3)]
    assert refused(state, 2, remove(0, 1)).code == "own_chip"


# --- sequences and winning -----------------------------------------------------------------------


def test_five_in_a_row_wins_at_once_with_two_players() -> None:
    """Goal: with 2 players 1 sequence wins; it is declared when completed and locked; the game
    ends at once (no draw after the winning placement)."""
    card = addition(BOARD[2][4])  # 23
    state = table(EMPTY, EMPTY, "BBBB......", hands=[[card, *FILLER[:4]], FILLER])
    after = apply(state, 0, place(card, 2, 4))
    assert to_act(after) == frozenset() and legal_actions(after, 1) == []
    result = outcome(after)
    assert result is not None and result.winners == {0} and result.scores == [1, 0]
    assert result.detail["winner_side"] == 0 and result.detail["draw"] is False
    assert after.locked == {(2, col) for col in range(5)}
    assert len(after.hands[0]) == 4  # the game ended before the draw
    entries = log(after, None)
    assert [e["type"] for e in entries[-3:]] == ["chip_placed", "sequence_completed", "game_over"]
    assert entries[-2]["cells"] == [[2, col] for col in range(5)]


def test_second_sequence_shares_at_most_one_space_with_the_first() -> None:
    """[SEED-AMBIGUOUS] resolution, 4 players need 2: with spaces 0-4 of row 2 completed,
    extending to 0-7 completes nothing new (it would share 2+ spaces); the chip at 8 completes
    4-8, sharing one space, and wins."""
    first = [(2, col) for col in range(5)]
    hands = [[addition(BOARD[2][8]), PLUS, *FILLER[:2]]] + [FILLER[:4]] * 3
    state = table(EMPTY, EMPTY, "BBBBBBB...", players=4, hands=hands, sequences=((0, first),))
    early = apply(state, 0, place(PLUS, 2, 7))
    assert early.sequences == state.sequences and outcome(early) is None
    state = replace(early, turn=0)
    won = apply(state, 0, place(addition(BOARD[2][8]), 2, 8))
    assert [won_cells for _, won_cells in won.sequences] == [
        WINDOW_AT[tuple(first)],
        WINDOW_AT[tuple((2, col) for col in range(4, 9))],
    ]
    result = outcome(won)
    assert result is not None and result.winners == {0, 2} and result.scores == [2, 0, 2, 0]


def test_one_chip_completing_two_crossing_lines_counts_both() -> None:
    """Sequences and winning: the chip at the crossing completes a row and a column at once,
    sharing that one space: 2 sequences, which wins for 4 players."""
    card = addition(BOARD[3][4])  # 34
    state = table(
        EMPTY,
        "....B.....",
        "....B.....",
        "..BB.BB...",
        "....B.....",
        "....B.....",
        players=4,
        hands=[[card, *FILLER[:3]]] + [FILLER[:4]] * 3,
    )
    won = apply(state, 0, place(card, 3, 4))
    assert len(won.sequences) == 2
    assert [e["type"] for e in log(won, 1)[-4:]] == [
        "chip_placed",
        "sequence_completed",
        "sequence_completed",
        "game_over",
    ]
    result = outcome(won)
    assert result is not None and result.winners == {0, 2}


def test_filling_the_gap_of_a_run_of_nine_declares_two() -> None:
    """A run of 9 is two sequences: filling its middle space completes 0-4 and 4-8 together."""
    card = addition(BOARD[4][4])  # 43
    state = table(
        EMPTY, EMPTY, EMPTY, EMPTY, "BBBB.BBBB.", players=4,
        hands=[[card, *FILLER[:3]]] + [FILLER[:4]] * 3,
    )  # fmt: skip
    won = apply(state, 0, place(card, 4, 4))
    assert [cells for _, cells in won.sequences] == [
        WINDOW_AT[tuple((4, col) for col in range(0, 5))],
        WINDOW_AT[tuple((4, col) for col in range(4, 9))],
    ]
    assert outcome(won) is not None


def row_cells(row: int, first: int) -> list[list[int]]:
    """The five spaces of ``row`` from column ``first`` on, as the ``declare`` field names them."""
    return [[row, col] for col in range(first, first + 5)]


def run_of_six() -> State:
    """4 players (2 sequences to win): blue holds row 2 at columns 0, 1, 3, 4 and 6-8, and
    12 + 12, whose answer 24 is printed at (2, 5) and (9, 4). A chip at (2, 5) makes the run
    3-8, six long: columns 3-7 and 4-8 are both full, and only one may count (they share 4)."""
    hands = [["12+12", *FILLER[:3]], FILLER[:4], FILLER[:4], FILLER[:4]]
    return table(EMPTY, EMPTY, "BB.BB.BBB.", players=4, hands=hands, pile=FILLER)


def test_run_of_six_the_player_chooses_which_five() -> None:
    """Sequences and winning, [SEED-SILENT]: where the choice matters the player chooses which
    five form the sequence; legal_actions lists one placement per way (earliest first), the
    other space of 24 completes nothing and carries no choice."""
    state = run_of_six()
    places = [a for a in legal_actions(state, 0) if a.get("card") == "12+12"]
    assert places == [
        {**place("12+12", 2, 5), "declare": [row_cells(2, 3)]},
        {**place("12+12", 2, 5), "declare": [row_cells(2, 4)]},
        place("12+12", 9, 4),
    ]
    after = apply(state, 0, places[1])
    assert after.sequences == ((0, WINDOW_AT[tuple((2, col) for col in range(4, 9))]),)
    assert after.locked == {(2, col) for col in range(4, 9)} and outcome(after) is None
    assert log(after, None)[-1] == {  # logged right after the chip
        "type": "sequence_completed", "seat": 0, "side": 0, "cells": row_cells(2, 4), "count": 1,
    }  # fmt: skip


def test_run_of_six_declared_late_keeps_the_second_sequence() -> None:
    """The issue's case (Sequences and winning, [SEED-SILENT]: the declared sequence must never
    cost the side a sequence). Declaring 4-8 leaves 0-4 free to count (they share one space),
    so filling (2, 2) wins with 2; the earliest five, 3-7, would share 3 and 4 with 0-4 and
    the same chip would complete nothing, although a fresh count of the run 0-8 finds two."""
    card = addition(BOARD[2][2])  # 21
    assert count_sequences(chips(EMPTY, EMPTY, "BBBBBBBBB."), 0) == 2
    for first, wins in ((4, True), (3, False)):
        state = run_of_six()
        state = apply(state, 0, {**place("12+12", 2, 5), "declare": [row_cells(2, first)]})
        state = replace(state, turn=0, hands=((card, *FILLER[:3]), *state.hands[1:]))
        after = apply(state, 0, place(card, 2, 2))
        result = outcome(after)
        if wins:
            assert result is not None and result.winners == {0, 2} and result.scores[0] == 2
            assert [cells for _, cells in after.sequences][-1] == WINDOW_AT[
                tuple((2, col) for col in range(5))
            ]
        else:
            assert result is None and len(after.sequences) == 1


def test_a_winning_chip_needs_no_choice() -> None:
    """Goal and Sequences and winning: with 2 players the first sequence wins at once, so the
    choice does not matter and none is offered; the earliest five are declared."""
    card = "12+12"
    state = table(EMPTY, EMPTY, "...BB.BBB.", hands=[[card, *FILLER[:4]], FILLER])
    assert [a for a in legal_actions(state, 0) if a.get("card") == card] == [
        place(card, 2, 5),
        place(card, 9, 4),
    ]
    after = apply(state, 0, place(card, 2, 5))
    assert after.winner == 0
    assert after.sequences == ((0, WINDOW_AT[tuple((2, col) for col in range(3, 8))]),)
    error = refused(state, 0, {**place(card, 2, 5), "declare": [row_cells(2, 4)]})
    assert error.code == "no_choice"


@pytest.mark.parametrize(
    ("declare", "code"),
    [
        (None, "choose_sequence"),  # the choice is the player's: it must be made
        ([[[2, 3], [2, 4], [2, 5], [2, 6], [3, 8]]], "bad_declare"),  # not a straight line
        ([row_cells(2, 2)], "bad_declare"),  # (2, 2) is empty: not a full window
        ([row_cells(2, 3), row_cells(2, 4)], "bad_declare"),  # share 4 spaces: only one counts
        ([row_cells(2, 4), row_cells(2, 4)], "bad_declare"),  # the same five twice
        ([row_cells(4, 3)], "bad_declare"),  # not through the new chip
        ([], "bad_action"),
        ("4-8", "bad_action"),
        ([[2, 4, 2, 5, 2, 6, 2, 7, 2, 8]], "bad_action"),
        ([row_cells(2, 4)[:4]], "bad_action"),  # four spaces
        ([[[2, 4], [2, 5], [2, 6], [2, 7], [2, 10]]], "bad_action"),  # off the board
        ([[[2, 4], [2, 5], [2, 6], [2, 7], [2, True]]], "bad_action"),
        ([[[2, 4], [2, 5], [2, 6], [2, 7], [2]]], "bad_action"),
        ([row_cells(2, 4)] * 9, "bad_action"),  # one chip completes at most 8
    ],
)
def test_bad_declare_values_are_refused(declare: Any, code: str) -> None:
    """Sequences and winning, [SEED-SILENT]: a missing or wrong choice is refused with a clear
    sentence, and the state is unchanged (the same legal actions, nothing placed)."""
    state = run_of_six()
    before = legal_actions(state, 0)
    action = (
        place("12+12", 2, 5) if declare is None else {**place("12+12", 2, 5), "declare": declare}
    )
    error = refused(state, 0, action)
    assert error.code == code and error.message
    assert legal_actions(state, 0) == before and state.chip((2, 5)) is None


def test_declared_spaces_may_come_in_any_order() -> None:
    """The declare field names each sequence by its five spaces; their order does not matter."""
    state = run_of_six()
    listed = apply(state, 0, {**place("12+12", 2, 5), "declare": [row_cells(2, 4)]})
    shuffled = [[2, 6], [2, 8], [2, 4], [2, 7], [2, 5]]
    assert apply(state, 0, {**place("12+12", 2, 5), "declare": [shuffled]}) == listed


def test_a_run_of_nine_through_a_crossing_declares_both_and_the_column() -> None:
    """Sequences and winning: on a run of 9 both sequences are declared (0-4 and 4-8 share
    one space); a column through the same chip counts too. 6 players in 3 teams need 2, so
    the chip wins with three; no choice is offered (the way is unique, and it wins)."""
    card = addition(BOARD[4][4])  # 43
    hands = [[card, *FILLER[:3]]] + [FILLER[:4]] * 5
    state = table(EMPTY, EMPTY, "....B.....", "....B.....", "BBBB.BBBB.", "....B.....",
                  "....B.....", players=6, hands=hands,
                  options={"six_player_teams": 3})  # fmt: skip
    assert [a for a in legal_actions(state, 0) if a.get("card") == card][0] == place(card, 4, 4)
    after = apply(state, 0, place(card, 4, 4))
    assert len(after.sequences) == 3 and after.winner == 0


# --- dead cards, passing, drawing (Turn 1 and 3) -------------------------------------------------


def test_dead_card_exchange() -> None:
    """Turn 1: a card whose two spaces (1 at (0, 1) and (9, 3)) are occupied is dead: discard it
    face up, draw a replacement, and go on with the turn; one exchange per turn; a card with a
    free space, or a Plus card, is not dead."""
    board = ["*B.......*", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "*..G.....*"]
    state = table(*board, hands=[["0+1", "3-2", PLUS, "1+1", "5+5"], FILLER], pile=["4+5", "6+7"])
    legal = legal_actions(state, 0)
    assert legal[:2] == [{"type": "exchange", "card": "0+1"}, {"type": "exchange", "card": "3-2"}]
    after = apply(state, 0, {"type": "exchange", "card": "0+1"})
    assert after.hands[0] == ("3-2", PLUS, "1+1", "5+5", "4+5")
    assert after.discards[0] == ("0+1",) and after.deck == ("6+7",)
    assert to_act(after) == {0} and after.exchanged
    assert not [a for a in legal_actions(after, 0) if a["type"] == "exchange"]
    assert refused(after, 0, {"type": "exchange", "card": "3-2"}).code == "already_exchanged"
    assert refused(state, 0, {"type": "exchange", "card": "1+1"}).code == "not_dead"
    assert refused(state, 0, {"type": "exchange", "card": PLUS}).code == "not_dead"
    assert refused(state, 0, place("0+1", 9, 3)).code == "occupied"
    mine, theirs = log(after, 0)[-1], log(after, 1)[-1]
    assert mine == {"type": "card_exchanged", "seat": 0, "card": "0+1", "drew": "4+5"}
    assert theirs == {**mine, "drew": None}  # only the drawer sees the new card
    assert view(after, 1)["discards"][0] == ["0+1"]  # the dead card is announced
    # The next turn may exchange again.
    played = apply(after, 0, place("1+1", 0, 2))
    played = apply(played, 1, place("5+5", 1, 8))
    assert not played.exchanged


def marked(marks: dict[tuple[int, int], str]) -> list[str]:
    """The drawing of a board with chips only on ``marks``."""
    return [
        "".join("*" if (row, col) in CORNERS else marks.get((row, col), ".") for col in range(10))
        for row in range(10)
    ]


def test_pass_only_when_nothing_can_be_played() -> None:
    """[SEED-SILENT] resolution: with only dead cards after this turn's exchange, and a Minus
    card with no opponent chip to remove, the player discards a card of their choice and draws.
    The answers 1, 13, 24 and 45 have both spaces taken (by blue, in no line of five)."""
    hand = ["0+1", "6+7", MINUS, "12+12", "22+23"]
    taken = [cell for answer in (1, 13, 24, 45) for cell in SPACES[answer]]
    board = marked(dict.fromkeys(taken, "B"))
    assert count_sequences(chips(*board), 0) == 0
    state = table(*board, hands=[hand, FILLER], pile=["3+4", "2+3"])
    assert [a["type"] for a in legal_actions(state, 0)] == ["exchange"] * 4
    state = replace(state, exchanged=True)
    assert legal_actions(state, 0) == [{"type": "pass", "card": card} for card in hand]
    after = apply(state, 0, {"type": "pass", "card": "6+7"})
    assert after.discards[0] == ("6+7",) and after.hands[0][-1] == "3+4"
    assert to_act(after) == {1}
    assert log(after, 1)[-1] == {"type": "passed", "seat": 0, "card": "6+7", "drew": None}
    error = refused(table(hands=[hand, FILLER]), 0, {"type": "pass", "card": "6+7"})
    assert error.code == "can_play"


def test_empty_draw_pile_reshuffles_every_discard_pile() -> None:
    """When the draw pile runs out, all discard piles are shuffled into a new deck, with the
    generator the state carries (package docstring: seat 0's pile bottom first)."""
    state = table(hands=[["0+1", *FILLER[:4]], FILLER], pile=[])
    state = replace(state, discards=(("2+2", "3+3"), ("4+4",)))
    after = apply(state, 0, place("0+1", 0, 1))
    cards, rng = Rng(SEED, "reshuffle").shuffle(["2+2", "3+3", "0+1", "4+4"])
    assert after.hands[0] == (*FILLER[:4], cards[0])
    assert after.deck == cards[1:] and after.discards == ((), ()) and after.rng == rng
    assert log(after, 1)[-1] == {"type": "deck_reshuffled", "cards": 4}
    # The next reshuffle continues the same stream.
    again = replace(after, deck=(), discards=(("1+1",), ("5+5",)), turn=1)
    later = apply(again, 1, place("5+5", 1, 8))
    expected, _ = rng.shuffle(["1+1", "5+5"])
    assert later.hands[1][-1] == expected[0]


# --- a drawn game ([SEED-SILENT]) ----------------------------------------------------------------


def woven(*empty: tuple[int, int]) -> list[str]:
    """A board where no five spaces in a line hold one colour: blue where (col + 2 row) mod 4 is
    0 or 1, green otherwise; ``empty`` spaces left free.

    Hand-worked: along a row the colours go B B G G (period 4); down a column they alternate;
    along a diagonal (col + 2 row) steps by 3 or 1 mod 4, so 4 consecutive spaces take every
    residue. Any 5 spaces in a line therefore hold 3 of one colour and 2 of the other, and any 4
    of them both colours: no side can complete a window, even with one space emptied or a
    corner in it.
    """
    rows = []
    for row in range(10):
        line = ""
        for col in range(10):
            if (row, col) in CORNERS:
                line += "*"
            elif (row, col) in empty:
                line += "."
            else:
                line += "B" if (col + 2 * row) % 4 in (0, 1) else "G"
        rows.append(line)
    return rows


def test_woven_board_has_no_sequence() -> None:
    """The hand-worked claim of ``woven``, checked with count_sequences."""
    placed = chips(*woven())
    assert len(placed) == 96
    assert count_sequences(placed, 0) == count_sequences(placed, 1) == 0


def full_board(**options: Any) -> State:
    """Blue (seat 0) has just filled the last space of a ``woven`` board, (5, 5), with 14 + 14
    (answer 28); green (seat 1) is to play holding a Minus card and four dead cards, and the
    draw pile holds dead cards (answers 1, 3, 9 and 13: both their spaces are taken; blue drew
    the first)."""
    card = addition(BOARD[5][5])
    state = table(
        *woven((5, 5)),
        hands=[[card, *FILLER[:4]], [MINUS, *FILLER[:4]]],
        pile=["0+1", "1+2", "4+5", "6+7"],
        options=options,
    )
    return apply(state, 0, place(card, 5, 5))


def test_full_board_with_a_minus_card_in_play_is_not_a_draw() -> None:
    """Sequences and winning, [SEED-SILENT]: a full board alone is not a draw, since a Minus
    card can still open a space; play goes on. Green may exchange a dead card or play its
    Minus card on any blue chip (none is locked), and the space it opens is empty again."""
    after = full_board()
    assert after.chips.count(None) == len(CORNERS)  # only the free corners are empty
    assert outcome(after) is None and to_act(after) == {1}
    assert log(after, None)[-1]["type"] == "chip_placed"  # no game_drawn
    blue = {cell for cell, side in chips(*woven()).items() if side == 0} | {(5, 5)}
    legal = legal_actions(after, 1)
    assert legal[:4] == [{"type": "exchange", "card": card} for card in FILLER[:4]]
    assert {(a["row"], a["col"]) for a in legal[4:] if a["type"] == "remove"} == blue
    assert len(legal) == 4 + len(blue)  # no placement, no pass
    opened = apply(after, 1, remove(5, 5))
    assert opened.chip((5, 5)) is None and outcome(opened) is None and to_act(opened) == {0}


def test_nothing_to_place_on_a_full_board_discard_of_choice_and_draw() -> None:
    """Turn 1 and Sequences and winning, [SEED-SILENT]: a player who can place nothing (every
    card dead after the turn's one exchange, a Plus card with no empty space) discards a card
    of their choice and draws; the game goes on."""
    state = replace(full_board(), hands=((), (PLUS, *FILLER[:4])))
    exchanges = [{"type": "exchange", "card": card} for card in FILLER[:4]]
    assert legal_actions(state, 1) == exchanges  # a Plus card is never dead
    state = apply(state, 1, {"type": "exchange", "card": "5+5"})
    assert state.hands[1] == (PLUS, "6+6", "7+7", "8+8", "1+2")  # drew another dead card
    hand = state.hands[1]
    assert legal_actions(state, 1) == [{"type": "pass", "card": card} for card in hand]
    after = apply(state, 1, {"type": "pass", "card": PLUS})
    assert after.discards[1] == ("5+5", PLUS) and after.hands[1] == (*hand[1:], "4+5")
    assert outcome(after) is None and to_act(after) == {0}
    assert log(after, 0)[-1] == {"type": "passed", "seat": 1, "card": PLUS, "drew": None}


def test_full_board_without_minus_cards_is_a_draw() -> None:
    """Sequences and winning, [SEED-SILENT]: the rule file's example of a draw, a full board
    with no Minus card left anywhere (option minus_cards 0, so none in hands, the draw pile or
    the discards): no chip can ever leave and no window is one colour (``woven``). Every seat
    shares the result."""
    after = full_board(minus_cards=0)
    result = outcome(after)
    assert result is not None and result.detail["draw"] is True
    assert result.winners == {0, 1} and result.detail["winner_side"] is None
    assert result.scores == [0, 0] and to_act(after) == frozenset()
    assert log(after, None)[-1] == {"type": "game_drawn", "reason": "no_side_can_win"}


def test_no_side_can_ever_win_is_a_draw() -> None:
    """Sequences and winning, [SEED-SILENT]: without Minus cards chips are never removed; when
    every window holds chips of both sides, nobody can win even with a free space left (see
    ``woven``), so the game is a draw before the board is full."""
    rows = woven((8, 9), (9, 1))
    state = table(*rows, hands=[[PLUS, *FILLER[:4]], FILLER], options={"minus_cards": 0})
    after = apply(state, 0, place(PLUS, 8, 9))
    assert after.chip((9, 1)) is None
    assert log(after, None)[-1] == {"type": "game_drawn", "reason": "no_side_can_win"}
    result = outcome(after)
    assert result is not None and result.detail["draw"] is True
    # With Minus cards in the deck the chips could still be removed: the game goes on.
    state = table(*rows, hands=[[PLUS, *FILLER[:4]], FILLER])
    assert outcome(apply(state, 0, place(PLUS, 8, 9))) is None


def test_the_end_of_a_game_depends_only_on_what_everyone_sees() -> None:
    """Sequences and winning, [SEED-SILENT], and View: whether the game goes on (whose turn,
    a draw) never depends on the cards in hands or the order of the draw pile. Through a bot
    game with 6 players in 3 teams (a full board, then Minus cards opening spaces), before each
    move the cards the mover cannot see are dealt out differently (the leak harness's
    scramble); the same move then gives the same turn, outcome and public view."""
    state = new_game(players=6, seed=seed(3), options={"six_player_teams": 3})
    rng = random.Random(3)
    full = 0
    for step in range(600):
        if not to_act(state):
            break
        (seat,) = to_act(state)
        action = choose(
            view(state, seat), legal_actions(state, seat), bot_rng(SEED, seat=seat, seq=step)
        )
        twin = apply(sequence_numbers_secrets.scramble(state, seat, rng), seat, action)
        state = apply(state, seat, action)
        assert to_act(twin) == to_act(state) and outcome(twin) == outcome(state)
        assert view(twin, None) == view(state, None)
        full += state.chips.count(None) == len(CORNERS)
    assert full > 50  # the board was full for many of these moves


# --- views, log and malformed actions ------------------------------------------------------------


def strings(value: Any) -> list[str]:
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def test_view_shows_own_hand_only_even_to_team_mates() -> None:
    """View: own hand private (team-mates do not see each other's hands); board, discard piles
    and hand counts public; a spectator sees no hand."""
    state = new_game(players=4, seed=SEED, options={})
    for seat in range(4):
        shown = view(state, seat)
        assert shown["hand"] == list(state.hands[seat])
        shown_strings = set(strings(shown))
        for other in range(4):
            if other != seat:
                assert not shown_strings & set(state.hands[other])
        assert shown["hand_counts"] == [4, 4, 4, 4] and shown["deck_count"] == 84
    spectator = view(state, None)
    assert spectator["hand"] is None and spectator["side"] is None
    assert "deck" not in spectator and spectator["board"][0][1] == 1


def test_log_shows_a_drawn_card_to_its_drawer_only() -> None:
    """Turn 3: the draw is automatic and private; the card played is public."""
    state = table(hands=[["0+1", *FILLER[:4]], FILLER], pile=["4+5"])
    after = apply(state, 0, place("0+1", 0, 1))
    entry = {"type": "chip_placed", "seat": 0, "side": 0, "card": "0+1", "row": 0, "col": 1}
    assert log(after, 0)[-1] == {**entry, "drew": "4+5"}
    assert log(after, 1)[-1] == log(after, None)[-1] == {**entry, "drew": None}


@pytest.mark.parametrize(
    "action",
    [
        {"type": "place", "card": "0+1", "row": True, "col": 1},
        {"type": "place", "card": "0+1", "row": 0, "col": 10},
        {"type": "place", "card": "0+1", "row": -1, "col": 1},
        {"type": "place", "card": "1+0", "row": 0, "col": 1},
        {"type": "place", "card": 1, "row": 0, "col": 1},
        {"type": "place", "card": "0+1", "row": 0},
        {"type": "place", "card": "0+1", "row": 0, "col": 1, "side": 0},
        {"type": "remove", "row": 0, "col": 1.0},
        {"type": "exchange"},
        {"type": "draw"},
    ],
)
def test_malformed_actions_are_bad_action(action: dict[str, Any]) -> None:
    """Design 1.1: malformed actions are refused as bad_action, never read as a close move."""
    state = table(hands=[["0+1", *FILLER[:4]], FILLER])
    assert refused(state, 0, action).code == "bad_action"


def test_out_of_turn_and_not_held() -> None:
    state = table(hands=[["0+1", *FILLER[:4]], FILLER])
    assert refused(state, 1, place("0+1", 0, 1)).code == "not_your_turn"
    assert refused(state, 0, place("1+1", 0, 2)).code == "not_in_hand"
    assert legal_actions(state, 1) == []


# --- the bot (design 1.5) ------------------------------------------------------------------------


def test_bot_completes_its_sequence() -> None:
    """The bot extends its own lines: with four in a row it plays the winning chip."""
    card = addition(BOARD[2][4])
    state = table(
        EMPTY, EMPTY, "BBBB......", EMPTY, "..GGG.....", hands=[[card, *FILLER[:4]], FILLER]
    )
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action == place(card, 2, 4)


def test_bot_blocks_an_opponents_four() -> None:
    """The bot blocks: green holds four of row 4 (cols 1-4); blue's 1+2 card (answer 3) cannot
    reach it, but its Plus card can take (4, 5) or (4, 0): it plays there rather than elsewhere."""
    state = table(
        EMPTY, EMPTY, EMPTY, EMPTY, ".GGGG.....", hands=[[PLUS, "1+2", *FILLER[:3]], FILLER]
    )
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action["card"] == PLUS and (action["row"], action["col"]) in {(4, 0), (4, 5)}


def test_bot_removes_a_threat_with_minus() -> None:
    """Green has four of five in row 4 with the fifth space taken by nothing the bot can reach;
    the Minus card removes one of the four."""
    state = table(EMPTY, EMPTY, EMPTY, EMPTY, ".GGGG.....", "....B.....",
                  hands=[[MINUS, *FILLER[:4]], FILLER])  # fmt: skip
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action["type"] == "remove" and action["row"] == 4 and 1 <= action["col"] <= 4


def test_bot_keeps_its_plus_card_for_a_sequence() -> None:
    """Issue 27: a Plus card goes anywhere, so the bot keeps it rather than make a four of row
    2 with it (worth far less than the sure sequence it makes later); it plays an equation card.
    Once row 2 holds four, the Plus card completes the sequence."""
    hand = [PLUS, *FILLER[:4]]
    state = table(EMPTY, EMPTY, "BBB.......", EMPTY, EMPTY, hands=[hand, FILLER])
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action["type"] == "place" and action["card"] != PLUS
    state = table(EMPTY, EMPTY, "BBBB......", EMPTY, EMPTY, hands=[hand, FILLER])
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action == place(PLUS, 2, 4)


def test_bot_declares_the_five_that_keep_a_second_sequence() -> None:
    """Design 1.5 and Sequences and winning: on the run of six the bot completes its sequence
    and declares columns 4-8, which leave room for 0-4 (3-7 would leave none on that row)."""
    state = run_of_six()
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action == {**place("12+12", 2, 5), "declare": [row_cells(2, 4)]}


def test_bot_beats_random_bots() -> None:
    """Design 1.5: better than random; bench/games.py measures it over 200 games."""
    wins = 0
    games = 20
    for index in range(games):
        state = new_game(players=2, seed=seed(index), options={})
        bot_seat = index % 2
        step = 0
        while acting := to_act(state):
            (seat,) = acting
            legal = legal_actions(state, seat)
            rng = bot_rng(seed(index), seat=seat, seq=step)
            pick = choose if seat == bot_seat else random_bot
            state = apply(state, seat, pick(view(state, seat), legal, rng))
            step += 1
        result = outcome(state)
        assert result is not None
        wins += bot_seat in result.winners and not result.detail["draw"]
    assert wins >= 16


def greedy_choice(state: State) -> Action:
    return greedy_bot(view(state, 0), legal_actions(state, 0), Rng(SEED, "greedy"))


def test_greedy_makes_its_longest_run_or_cuts_a_longer_one() -> None:
    """The greedy player: blue's card 22 makes a run of four on row 2 at (2, 3), its card 44
    cuts green's four on row 4 at (4, 5) (a run of five for green): it cuts. Without green's
    four it makes its own run of four; its Plus card stays in hand (no five, no four cut)."""
    hand = [addition(BOARD[2][3]), addition(BOARD[4][5]), *FILLER[:3]]
    state = table(EMPTY, EMPTY, "BBB.......", EMPTY, ".GGGG.....", hands=[hand, FILLER])
    assert greedy_choice(state) == place(addition(BOARD[4][5]), 4, 5)
    hand = [addition(BOARD[2][3]), PLUS, *FILLER[:3]]
    state = table(EMPTY, EMPTY, "BBB.......", EMPTY, ".GG.......", hands=[hand, FILLER])
    assert greedy_choice(state) == place(addition(BOARD[2][3]), 2, 3)


def test_greedy_removes_a_chip_of_a_four_with_minus() -> None:
    """Green's four on row 4 (cols 1-4) with blue's chip at (4, 5) shut on one side but open at
    (4, 0): the Minus card takes one of the four rather than a lone chip."""
    state = table(EMPTY, EMPTY, EMPTY, "G.........", ".GGGGB....",
                  hands=[[MINUS, *FILLER[:4]], FILLER])  # fmt: skip
    action = greedy_choice(state)
    assert action["type"] == "remove" and action["row"] == 4 and 1 <= action["col"] <= 4


def test_a_chosen_start_seat_starts_and_leaves_the_deal_unchanged() -> None:
    """Rematches (design 1.1): the table may choose who starts; the cards dealt stay those of
    the seed (package docstring: the start seat is drawn after the deal either way)."""
    dealt = new_game(players=4, seed=SEED, options={})
    for seat in range(4):
        chosen = new_game(players=4, seed=SEED, options={}, start_seat=seat)
        assert to_act(chosen) == frozenset({seat})
        assert chosen.hands == dealt.hands and chosen.deck == dealt.deck
