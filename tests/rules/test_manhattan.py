"""Manhattan scenarios from ``rules/manhattan.md``, mostly on hand-written states built with
``dataclasses.replace`` (style 4.13b). Each test names the section its expectation comes from.
A building is written bottom to top as ``(seat, storeys)`` pieces; a site is ``3 * row + col``
seen from side 0, a card's cell ``3 * r + c`` as its holder reads it (card ``id`` shows cell
``id // 5``)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.bots import random_bot
from app.rules.manhattan import (
    GAME,
    PIECES,
    SIDES,
    State,
    apply,
    board_site,
    cell_seen,
    check_options,
    choose,
    greedy_bot,
    legal_actions,
    log,
    may_build,
    new_game,
    outcome,
    owner,
    score_round,
    to_act,
    view,
)
from app.rules.manhattan.bot import (
    _Table,
    _tallest_building,
    appraise,
    build_site,
    build_values,
    read_board,
)
from app.rules.manhattan.buildings import round_score
from app.rules.manhattan.state import Building, Tallest
from app.rules.rng import Rng, bot_rng
from tests.rules.moves import bot_match, refusal

SEED = hashlib.sha256(b"manhattan scenarios").digest()


def seed(index: int) -> bytes:
    return hashlib.sha256(f"manhattan:{index}".encode()).digest()


def build(card: Any, city: Any, storeys: Any) -> dict[str, Any]:
    """A build action (any field types, so malformed ones can be built too)."""
    return {"type": "build", "card": card, "city": city, "storeys": storeys}


def pick(*pieces: int) -> dict[str, Any]:
    """A choose_pieces action: how many of 1, 2, 3 and 4 storeys."""
    return {"type": "choose_pieces", "pieces": list(pieces)}


def card_for(cell: int) -> int:
    """The first card id that shows ``cell`` (5 cards per cell, in id order)."""
    return 5 * cell


def table(
    players: int,
    *,
    hands: tuple[tuple[int, ...], ...],
    chosen: tuple[tuple[int, ...] | None, ...] | None = None,
    buildings: dict[tuple[int, int], Building] | None = None,
    deck: tuple[int, ...] | None = None,
    turn: int = 0,
    start_seat: int | None = None,
    **options: Any,
) -> State:
    """A hand-written state in the build phase: the hands, each seat's chosen pieces left to
    place (default: one 1-storey piece each), some buildings, the draw pile (default: every card
    not in a hand, in id order) and whose turn it is."""
    base = new_game(players=players, seed=SEED, options=options)
    cities = [list(city) for city in base.cities]
    for (city, site), pieces in (buildings or {}).items():
        cities[city][site] = pieces
    held = {card for hand in hands for card in hand}
    return replace(
        base,
        phase="build",
        start_seat=turn if start_seat is None else start_seat,
        turn=turn,
        hands=hands,
        chosen=chosen if chosen is not None else ((1, 0, 0, 0),) * players,
        cities=tuple(tuple(city) for city in cities),
        deck=deck if deck is not None else tuple(card for card in range(45) if card not in held),
    )


refused = partial(refusal, GAME)


# --- Options (rules/manhattan.md, Other rules: Variant) ------------------------------------------


def test_check_options_and_the_six_round_variant() -> None:
    """Variant: "some editions play 2-3 players as 6 rounds of 4 pieces ... default 4x6 for all
    counts"; the variant at a table of 4 is refused with a sentence."""
    assert check_options(2, {}) == {"rounds": 4}
    assert check_options(4, {"rounds": 4}) == {"rounds": 4}
    for players in (2, 3):
        assert check_options(players, {"rounds": 6}) == {"rounds": 6}
        state = new_game(players=players, seed=SEED, options={"rounds": 6})
        assert state.pieces_per_round == 4
        assert all(sum(action["pieces"]) == 4 for action in legal_actions(state, state.start_seat))
    with pytest.raises(IllegalAction) as raised:
        check_options(4, {"rounds": 6})
    assert raised.value.code == "bad_option"
    assert raised.value.message == "Six rounds of four pieces is a variant for 2 or 3 players."
    for options in ({"rounds": 5}, {"rounds": "4"}, {"rounds": True}, {"round": 4}):
        with pytest.raises(IllegalAction) as raised:
            check_options(3, options)
        assert raised.value.code == "bad_option"
    for players in (1, 5):
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})
        assert raised.value.code == "bad_players"
    assert GAMES["manhattan"] is GAME and GAME.version == "1"


def test_six_rounds_of_four_pieces_play_to_the_end() -> None:
    """Variant: 6 rounds of 4 pieces, scored after each round: 6 scorings, 24 pieces placed."""
    state, _ = bot_match(GAME, [greedy_bot] * 3, seed=SEED, options={"rounds": 6})
    assert len(state.rounds_scored) == 6
    placed = sum(len(pieces) for city in state.cities for pieces in city)
    discarded = sum(1 for entry in log(state, None) if entry["type"] == "discarded")
    assert placed + discarded == 3 * 24


# --- Components and setup (rules/manhattan.md, Components and Setup) -----------------------------


def test_components_and_the_deal() -> None:
    """Components: 45 cards, 5 per cell; 24 pieces each (the proposal 12x1, 6x2, 4x3, 2x4).
    Setup: random start player, 4 cards each, the rest is the draw pile."""
    assert PIECES == {1: 12, 2: 6, 3: 4, 4: 2} and sum(PIECES.values()) == 24
    assert Counter(card // 5 for card in range(45)) == dict.fromkeys(range(9), 5)
    state = new_game(players=4, seed=seed(1), options={})
    assert [len(hand) for hand in state.hands] == [4] * 4
    assert sorted([*(card for hand in state.hands for card in hand), *state.deck]) == list(
        range(45)
    )
    assert state.supply == ((12, 6, 4, 2),) * 4 and state.chosen == (None,) * 4
    assert state.phase == "choose" and to_act(state) == {state.start_seat}
    starts = {new_game(players=4, seed=seed(index), options={}).start_seat for index in range(40)}
    assert starts == {0, 1, 2, 3}


def test_the_deal_can_be_redone_by_hand_from_the_seed() -> None:
    """Package docstring, Setup randomness: shuffle ids 0-44, seat i takes the i-th run of 4,
    then the start seat is randbelow(players); a chosen start seat leaves the deal alone."""
    rng = Rng(seed(7), "deal")
    shuffled, rng = rng.shuffle(range(45))
    start, _ = rng.randbelow(3)
    state = new_game(players=3, seed=seed(7), options={})
    assert state.hands[1] == shuffled[4:8] and state.deck == shuffled[12:]
    assert state.start_seat == start == state.turn
    chosen = new_game(players=3, seed=seed(7), options={}, start_seat=(start + 1) % 3)
    assert chosen.hands == state.hands and chosen.start_seat == (start + 1) % 3


# --- Orientation (rules/manhattan.md, Orientation) -----------------------------------------------

SITE_OF_CELL = {
    0: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    1: [2, 5, 8, 1, 4, 7, 0, 3, 6],
    2: [8, 7, 6, 5, 4, 3, 2, 1, 0],
    3: [6, 3, 0, 7, 4, 1, 8, 5, 2],
}
"""Worked out by hand from the contract: side 1 sits west and looks east, so its far row is the
board's east column and its left is north (its cell 0, far left, is the north-east site 2);
side 2 sits north (every cell turned half way round); side 3 sits east (its cell 0 is the
south-west site 6)."""


@pytest.mark.parametrize("side", [0, 1, 2, 3])
def test_board_site_for_every_side_and_cell(side: int) -> None:
    """Orientation: "the highlighted cell is rotated by the player's side before it is mapped
    onto the board": cell (r, c) from side 1 is site (c, 2 - r), from side 2 (2 - r, 2 - c),
    from side 3 (2 - c, r)."""
    assert [board_site(side, cell) for cell in range(9)] == SITE_OF_CELL[side]
    for cell in range(9):
        r, c = divmod(cell, 3)
        row, col = [(r, c), (c, 2 - r), (2 - r, 2 - c), (2 - c, r)][side]
        assert board_site(side, cell) == 3 * row + col


@pytest.mark.parametrize("side", [0, 1, 2, 3])
def test_cell_seen_is_the_inverse(side: int) -> None:
    """``cell_seen`` draws the board from a side: it undoes ``board_site`` both ways."""
    for cell in range(9):
        assert cell_seen(side, board_site(side, cell)) == cell
        assert board_site(side, cell_seen(side, cell)) == cell


def test_two_players_sit_on_opposite_sides() -> None:
    """Orientation: "With 2 players, seat them on opposite sides"; 3 and 4 take sides in turn."""
    assert SIDES == {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
    state = new_game(players=2, seed=SEED, options={})
    assert view(state, 1)["side"] == 2 and view(state, None)["side"] == 0
    assert view(state, 0)["sides"] == [0, 2]


def test_a_card_means_another_site_to_each_side() -> None:
    """Orientation: the same card (cell 0, the far-left corner) builds on site 0 for seat 0 and
    on site 8, the opposite corner, for seat 1 sitting across the table."""
    state = table(2, hands=((0,), (1,)))
    state = apply(state, 0, build(0, 2, 1))
    assert state.cities[2][0] == ((0, 1),)
    state = apply(state, 1, build(1, 2, 1))
    assert state.cities[2][8] == ((1, 1),)
    built = [entry for entry in log(state, None) if entry["type"] == "built"]
    assert [(entry["cell"], entry["site"]) for entry in built] == [(0, 0), (0, 8)]


# --- Placement (rules/manhattan.md, Round 3) -----------------------------------------------------


def test_may_build_on_an_empty_site_or_an_own_building() -> None:
    """Round 3: "Any piece may go on an empty site or on a building you already own";
    [SEED-SILENT / official FAQ] "Topping your own building is allowed", any piece."""
    assert may_build((), 0, 1) and may_build((), 2, 4)
    assert may_build(((0, 4),), 0, 1)
    assert may_build(((1, 3), (0, 3)), 0, 1)


def test_may_top_another_building_with_at_least_equal_storeys() -> None:
    """Round 3: "only if, after placing, your total storeys in that building are at least equal
    to the current owner's total storeys": 2 against 2 is allowed, 1 against 2 refused, and the
    pieces you already have there count."""
    assert may_build(((1, 2),), 0, 2)
    assert not may_build(((1, 2),), 0, 1)
    assert may_build(((0, 1), (1, 2)), 0, 1)  # 1 + 1 = 2 against 2
    assert not may_build(((1, 1), (0, 2), (1, 3)), 0, 1)  # 2 + 1 = 3 against 4


def test_owner_is_the_top_piece() -> None:
    """Round 3: "The owner of a building is the player whose piece is on top"."""
    assert owner(()) is None
    assert owner(((0, 3),)) == 0
    assert owner(((0, 3), (1, 3))) == 1
    assert owner(((0, 3), (1, 3), (0, 1))) == 0


def test_topping_makes_you_the_owner_and_the_log_says_so() -> None:
    """Round 3: "Then you become the owner"; the log names the owner before and after."""
    state = table(2, hands=((card_for(4),), (7,)), chosen=((0, 2, 0, 0), (1, 0, 0, 0)))
    state = replace(state, cities=_with(state, (3, 4), ((1, 2),)))
    state = apply(state, 0, build(card_for(4), 3, 2))
    assert state.cities[3][4] == ((1, 2), (0, 2))
    entry = next(entry for entry in log(state, None) if entry["type"] == "built")
    assert entry == {
        "type": "built",
        "seat": 0,
        "card": 20,
        "cell": 4,
        "city": 3,
        "site": 4,
        "storeys": 2,
        "owner_before": 1,
        "owner_after": 0,
    }


def test_topping_with_fewer_storeys_is_refused_with_a_sentence() -> None:
    """Round 3: 1 storey against the owner's 2 is not allowed."""
    state = table(2, hands=((card_for(4),), (7,)))
    state = replace(state, cities=_with(state, (3, 4), ((1, 2),)))
    error = refused(state, 0, build(card_for(4), 3, 1))
    assert error.code == "too_low"
    assert "2 storeys" in error.message and "you would have 1" in error.message
    assert build(card_for(4), 3, 1) not in legal_actions(state, 0)


def _with(state: State, where: tuple[int, int], pieces: Building) -> Any:
    city, site = where
    cities = [list(sites) for sites in state.cities]
    cities[city][site] = pieces
    return tuple(tuple(sites) for sites in cities)


# --- Scoring (rules/manhattan.md, Round 4) -------------------------------------------------------


def test_the_single_tallest_building_scores_3() -> None:
    """Round 4: "the owner of the single tallest building on the whole board scores 3"; each
    building also scores 1 and each sole building of a city is its majority (2)."""
    board = {(0, 0): ((1, 2), (0, 3)), (1, 4): ((1, 4),)}
    assert score_round(board, 2) == [3 + 2 + 1, 2 + 1]
    assert round_score(board, 2, number=1).tallest == Tallest(0, 0, 0, 5)


def test_a_tie_for_tallest_scores_nobody() -> None:
    """Round 4: "If two or more buildings tie for tallest, nobody scores"."""
    board = {(0, 0): ((0, 4),), (1, 0): ((1, 4),), (2, 0): ((0, 1),)}
    # Seat 0: 2 buildings, the majority of cities 0 and 2; seat 1: 1 building, city 1.
    assert score_round(board, 2) == [2 + 2 + 2, 1 + 2]
    assert round_score(board, 2, number=1).tallest == Tallest(None, None, None, 4)


def test_city_majority_scores_2_and_a_tie_nobody() -> None:
    """Round 4: "in each city, the player owning the most buildings (relative majority) scores
    2. Ties: nobody scores for that city". City 0: seat 0 owns 2, seat 1 owns 1 (a relative
    majority among three players); city 1: one each, nobody. A tallest tie keeps the 3 out."""
    board = {
        (0, 0): ((0, 1),),
        (0, 1): ((0, 1),),
        (0, 2): ((1, 1),),
        (1, 0): ((1, 1),),
        (1, 1): ((2, 1),),
    }
    scored = round_score(board, 3, number=2)
    assert scored.cities == (0, None, None, None, None, None)
    assert scored.buildings == (2, 2, 1)
    assert list(scored.points) == score_round(board, 3) == [2 + 2, 2, 1]


def test_one_point_per_building_owned() -> None:
    """Round 4: "1 point per building you own": buildings under someone else's top piece do not
    count for you, only for their owner."""
    board: dict[tuple[int, int], Building] = {(city, 0): ((0, 2), (1, 2)) for city in range(3)}
    board[(5, 8)] = ((0, 1),)
    assert round_score(board, 2, number=1).buildings == (1, 3)
    # Seat 1: 3 buildings and 3 cities; seat 0: 1 building and city 5; tallest tie (4, 4, 4).
    assert score_round(board, 2) == [1 + 2, 3 + 6]


def test_a_worked_round() -> None:
    """Round 4, worked by hand for 3 players:

    city 0: site 0 seat 0 (2 storeys), site 1 seat 1 (1), site 2 seat 0 (1) -> seat 0 has the
    majority (2 against 1); city 1: site 4 seat 1 3 storeys topped by seat 2 with 3 (6 storeys,
    owner seat 2), site 5 seat 1 (2) -> one each, nobody; city 3: site 3 seat 2 (1) -> seat 2.
    Tallest: city 1 site 4, 6 storeys, alone -> seat 2 scores 3. Buildings: 2 each.
    Seat 0: 2 + 2 = 4; seat 1: 2; seat 2: 3 + 2 + 2 = 7."""
    board = {
        (0, 0): ((0, 2),),
        (0, 1): ((1, 1),),
        (0, 2): ((0, 1),),
        (1, 4): ((1, 3), (2, 3)),
        (1, 5): ((1, 2),),
        (3, 3): ((2, 1),),
    }
    scored = round_score(board, 3, number=1)
    assert scored.tallest == Tallest(2, 1, 4, 6)
    assert scored.cities == (0, None, None, 2, None, None)
    assert scored.buildings == (2, 2, 2)
    assert scored.points == (4, 2, 7)


def test_the_round_is_scored_after_its_last_turn_and_the_start_seat_passes_left() -> None:
    """Round 4-5: after the last piece the board is scored (scores accumulate, buildings stay),
    "the start player marker passes left": round 2 starts at seat 1 with the choice of pieces."""
    state = table(
        2,
        hands=((0, 1, 2, 3), (10, 11, 12, 13)),
        chosen=((0, 0, 0, 0), (1, 0, 0, 0)),
        turn=1,
        start_seat=0,
    )
    state = replace(state, scores=(5, 1), cities=_with(state, (0, 0), ((0, 3),)))
    state = apply(state, 1, build(10, 4, 1))  # cell 2 from side 2 is site 6
    assert state.cities[4][6] == ((1, 1),) and state.cities[0][0] == ((0, 3),)
    # Seat 0: tallest 3 + city 0 2 + 1 building; seat 1: city 4 2 + 1 building.
    assert state.scores == (5 + 6, 1 + 3)
    assert state.round == 2 and state.phase == "choose"
    assert state.start_seat == 1 and to_act(state) == {1}
    assert state.chosen == (None, None)
    entry = next(entry for entry in log(state, None) if entry["type"] == "round_scored")
    assert entry == {
        "type": "round_scored",
        "round": 1,
        "points": [6, 3],
        "tallest": {"seat": 0, "city": 0, "site": 0, "storeys": 3},
        "cities": [0, None, None, None, 1, None],
        "buildings": [1, 1],
    }
    assert view(state, None)["rounds_scored"][0]["points"] == [6, 3]


def test_start_seat_passes_left_every_round() -> None:
    """Round 5: round r starts r - 1 seats to the left of round 1's start."""
    state = new_game(players=3, seed=seed(3), options={}, start_seat=2)
    starts = []
    step = 0
    while (seat := state.turn) is not None:
        if state.phase == "choose" and state.start_seat == seat and state.chosen == (None,) * 3:
            starts.append(seat)
        legal = legal_actions(state, seat)
        state = apply(
            state, seat, greedy_bot(view(state, seat), legal, bot_rng(SEED, seat=seat, seq=step))
        )
        step += 1
    assert starts == [2, 0, 1, 2]


# --- Choosing pieces (rules/manhattan.md, Round 1) -----------------------------------------------


def test_pieces_are_chosen_in_turn_order_from_the_start_player() -> None:
    """Round 1: "Starting with the start player, each player picks 6 pieces ... the choice is
    public"; then the build turns begin with the start player."""
    state = new_game(players=3, seed=SEED, options={}, start_seat=1)
    order = []
    for pieces in ((6, 0, 0, 0), (2, 2, 1, 1), (0, 0, 4, 2)):
        (seat,) = to_act(state)
        order.append(seat)
        assert state.phase == "choose"
        state = apply(state, seat, pick(*pieces))
    assert order == [1, 2, 0]
    assert state.phase == "build" and to_act(state) == {1}
    assert state.chosen == ((0, 0, 4, 2), (6, 0, 0, 0), (2, 2, 1, 1))
    assert state.supply == ((12, 6, 0, 0), (6, 6, 4, 2), (10, 4, 3, 1))
    shown = view(state, None)
    assert shown["chosen"] == [[0, 0, 4, 2], [6, 0, 0, 0], [2, 2, 1, 1]]
    assert shown["supply"][0] == [12, 6, 0, 0]
    chosen = [entry for entry in log(state, None) if entry["type"] == "pieces_chosen"]
    assert chosen[0] == {"type": "pieces_chosen", "seat": 1, "pieces": [6, 0, 0, 0]}


def test_choosing_the_wrong_number_or_more_than_the_supply_is_refused() -> None:
    """Round 1: 6 pieces "from their remaining supply": 5 or 7 pieces are refused, and so are 6
    pieces of 4 storeys (the supply has 2); building before choosing too."""
    state = new_game(players=2, seed=SEED, options={}, start_seat=0)
    assert refused(state, 0, pick(5, 0, 0, 0)).code == "wrong_count"
    assert refused(state, 0, pick(4, 2, 1, 0)).code == "wrong_count"
    error = refused(state, 0, pick(0, 0, 0, 6))
    assert error.code == "not_in_supply" and "2 pieces of 4 storeys" in error.message
    assert refused(state, 0, build(state.hands[0][0], 0, 1)).code == "wrong_phase"
    assert refused(state, 1, pick(6, 0, 0, 0)).code == "not_your_turn"
    legal = legal_actions(state, 0)
    assert all(sum(action["pieces"]) == 6 for action in legal)
    assert pick(0, 0, 4, 2) in legal and pick(0, 0, 0, 6) not in legal
    assert len(legal) == len({json.dumps(action) for action in legal})


def test_the_last_round_takes_what_is_left() -> None:
    """Round: 24 pieces in all, so the last round's choice is the rest of the supply."""
    state = new_game(players=2, seed=SEED, options={}, start_seat=0)
    state = replace(state, round=4, supply=((3, 1, 1, 1), (6, 0, 0, 0)))
    assert legal_actions(state, 0) == [pick(3, 1, 1, 1)]
    state = apply(state, 0, pick(3, 1, 1, 1))
    state = apply(state, 1, pick(6, 0, 0, 0))
    assert state.phase == "build" and state.supply == ((0, 0, 0, 0),) * 2
    assert refused(state, 0, pick(0, 0, 0, 0)).code == "wrong_phase"


# --- Building turns (rules/manhattan.md, Round 2) ------------------------------------------------


def test_build_refusals() -> None:
    """Round 2: "plays one card ... places one of their selected pieces": a card not in hand, a
    piece not chosen (or used up) and a city outside 0-5 are refused."""
    state = table(2, hands=((0, 1), (5, 6)), chosen=((1, 1, 0, 0), (1, 0, 0, 0)))
    assert refused(state, 0, build(5, 0, 1)).code == "not_in_hand"
    assert refused(state, 0, build(0, 0, 3)).code == "not_chosen"
    assert refused(state, 0, build(0, 6, 1)).code == "bad_action"
    assert refused(state, 1, build(5, 0, 1)).code == "not_your_turn"
    state = apply(state, 0, build(0, 0, 2))
    assert state.chosen[0] == (1, 0, 0, 0)
    state = apply(state, 1, build(5, 1, 1))
    assert refused(state, 0, build(1, 2, 2)).code == "not_chosen"


def test_legal_builds_are_every_card_city_and_chosen_height() -> None:
    """Round 2: any of the 6 cities, every chosen height, each card of the hand."""
    state = table(2, hands=((0, 9), (5,)), chosen=((1, 0, 1, 0), (1, 0, 0, 0)))
    legal = legal_actions(state, 0)
    assert legal == [
        build(card, city, storeys) for card in (0, 9) for city in range(6) for storeys in (1, 3)
    ]


def test_draw_after_build() -> None:
    """Round 2: "draws a card": the top of the pile, seen only by the drawer."""
    state = table(2, hands=((0, 1, 2, 3), (10, 11, 12, 13)), deck=(44, 43), turn=0)
    state = replace(state, chosen=((2, 0, 0, 0), (1, 0, 0, 0)))
    state = apply(state, 0, build(1, 0, 1))
    assert state.hands[0] == (0, 2, 3, 44) and state.deck == (43,)
    assert state.played == ((1, 0),) and state.turn == 1
    drawn = log(state, 0)[-1]
    assert drawn == {"type": "card_drawn", "seat": 0, "card": 44, "cell": 8}
    assert (
        log(state, 1)[-1]
        == log(state, None)[-1]
        == {
            "type": "card_drawn",
            "seat": 0,
            "card": None,
            "cell": None,
        }
    )
    assert view(state, 1)["played"] == [{"id": 1, "cell": 0, "seat": 0}]


def test_an_empty_deck_is_reshuffled_from_the_played_cards_and_hands_are_kept() -> None:
    """Other rules: "Deck exhausted: shuffle played cards into a new deck; hands are kept". The
    card just played goes in too; the shuffle is the "reshuffle" stream's."""
    state = table(2, hands=((0, 1, 2, 3), (10, 11, 12, 13)), deck=(), turn=0)
    state = replace(state, chosen=((2, 0, 0, 0), (1, 0, 0, 0)), played=((20, 1), (30, 0)))
    after = apply(state, 0, build(1, 0, 1))
    expected, rng = Rng(SEED, "reshuffle").shuffle([20, 30, 1])
    assert after.rng == rng
    assert after.hands[0] == (0, 2, 3, expected[0]) and after.deck == expected[1:]
    assert after.hands[1] == state.hands[1] and after.played == ()
    types = [entry["type"] for entry in log(after, None)[-3:]]
    assert types == ["built", "deck_reshuffled", "card_drawn"]
    assert log(after, None)[-2] == {"type": "deck_reshuffled", "cards": 3}


def test_discard_only_when_no_build_is_legal() -> None:
    """[SEED-SILENT resolution] (package docstring): seat 0 holds one card, cell 0 (site 0 from
    side 0), and one 1-storey piece; every city's site 0 is seat 1's 4-storey building. No
    build is legal, so the card is played without building and the piece set aside; with a
    taller piece in hand there is a build, and the discard is refused."""
    state = table(2, hands=((0,), (5,)), chosen=((1, 0, 0, 0), (1, 0, 0, 0)))
    cities = tuple(replace_site(sites, 0, ((1, 4),)) for sites in state.cities)
    state = replace(state, cities=cities)
    discard = {"type": "discard", "card": 0, "storeys": 1}
    assert legal_actions(state, 0) == [discard]
    assert refused(state, 0, build(0, 0, 1)).code == "too_low"
    after = apply(state, 0, discard)
    assert after.chosen[0] == (0, 0, 0, 0) and after.cities == state.cities
    assert after.hands[0] == (state.deck[0],) and after.played == ((0, 0),)
    assert log(after, None)[-2] == {
        "type": "discarded",
        "seat": 0,
        "card": 0,
        "cell": 0,
        "storeys": 1,
    }
    taller = replace(state, chosen=((1, 0, 0, 1), (1, 0, 0, 0)))
    assert all(action["type"] == "build" for action in legal_actions(taller, 0))
    assert refused(taller, 0, {**discard, "storeys": 4}).code == "can_build"


def replace_site(sites: tuple[Building, ...], site: int, pieces: Building) -> tuple[Building, ...]:
    return sites[:site] + (pieces,) + sites[site + 1 :]


# --- Game end (rules/manhattan.md, Game end) -----------------------------------------------------


def test_the_game_ends_after_the_last_round_and_ties_share_the_win() -> None:
    """Game end: "After round 4 scoring ... the highest score wins"; [SEED-SILENT] ties: shared
    win. Seat 1 wins 10 to 8; on equal scores both win."""
    state = table(2, hands=((0,), (5,)), chosen=((0, 0, 0, 0), (1, 0, 0, 0)), turn=1)
    state = replace(state, round=4, scores=(5, 7))
    state = replace(state, cities=_with(state, (0, 0), ((0, 1),)))
    state = apply(state, 1, build(5, 5, 1))  # cell 1 from side 2 is site 7
    # Each: 1 building and 1 city; the two 1-storey buildings tie for tallest.
    assert state.scores == (8, 10)
    result = outcome(state)
    assert result is not None and result.winners == {1} and result.scores == [8, 10]
    assert result.detail["rounds_scored"][0]["round"] == 4
    assert state.phase == "over" and to_act(state) == frozenset()
    assert legal_actions(state, 0) == legal_actions(state, 1) == []
    assert refused(state, 0, build(0, 0, 1)).code == "game_over"
    result = outcome(replace(state, scores=(9, 9)))
    assert result is not None and result.winners == {0, 1}
    assert log(state, None)[-1] == {"type": "game_over", "scores": [8, 10], "winners": [1]}


def test_a_whole_game_places_every_piece() -> None:
    """Round: 4 rounds of 6 pieces, 24 in all per player, scored 4 times."""
    state, _ = bot_match(GAME, [random_bot] * 4, seed=seed(9))
    assert len(state.rounds_scored) == 4 and state.supply == ((0, 0, 0, 0),) * 4
    placed = Counter(holder for city in state.cities for pieces in city for holder, _ in pieces)
    discarded = Counter(entry["seat"] for entry in log(state, None) if entry["type"] == "discarded")
    assert all(placed[seat] + discarded[seat] == 24 for seat in range(4))
    assert list(state.scores) == [
        sum(scored.points[seat] for scored in state.rounds_scored) for seat in range(4)
    ]


# --- Malformed actions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "build", "card": 0, "city": 0},
        {"type": "build", "card": 0, "city": 0, "storeys": 1, "site": 0},
        build(45, 0, 1),
        build(-1, 0, 1),
        build(True, 0, 1),
        build("0", 0, 1),
        build(0, 6, 1),
        build(0, 1.0, 1),
        build(0, 0, 0),
        build(0, 0, 5),
        {"type": "discard", "card": 0, "storeys": "1"},
        {"type": "choose_pieces", "pieces": [6, 0, 0]},
        {"type": "choose_pieces", "pieces": [6, 0, 0, -1]},
        {"type": "choose_pieces", "pieces": [6, 0, 0, False]},
        {"type": "choose_pieces", "pieces": "6000"},
        {"type": "pass"},
        {"storeys": 1},
    ],
)
def test_malformed_actions_are_bad_action(action: dict[str, Any]) -> None:
    """A malformed action is refused with ``bad_action`` and a sentence, in either phase."""
    build_phase = table(2, hands=((0,), (5,)))
    choose_phase = new_game(players=2, seed=SEED, options={}, start_seat=0)
    for state in (build_phase, choose_phase):
        error = refused(state, 0, action)
        assert error.code == "bad_action" and error.message.endswith(".")


# --- Hidden information (rules/manhattan.md, Hidden information) ---------------------------------


def test_the_view_hides_other_hands_and_the_deck_order() -> None:
    """Hidden information: "Hands are private. The pieces remaining in each supply are public."
    A twin with other hands and another pile order looks the same to seat 0 and a spectator."""
    state = table(3, hands=((0, 1, 2, 3), (10, 11, 12, 13), (20, 21, 22, 23)))
    shown = view(state, 0)
    assert shown["hand"] == [{"id": card, "cell": card // 5} for card in (0, 1, 2, 3)]
    assert shown["hand_counts"] == [4, 4, 4] and shown["deck"] == len(state.deck)
    assert view(state, None)["hand"] == []
    others = (30, 31, 32, 33, 40, 41, 42, 43)
    pile = [card for card in state.deck if card not in others] + [*range(10, 14), *range(20, 24)]
    twin = replace(
        state,
        hands=(state.hands[0], others[:4], others[4:]),
        deck=tuple(reversed(pile)),
    )
    assert len(twin.deck) == len(state.deck)
    for viewer in (0, None):
        assert view(twin, viewer) == view(state, viewer)
        assert log(twin, viewer) == log(state, viewer)
    assert view(twin, 1) != view(state, 1)


def test_the_log_hides_drawn_cards_from_others() -> None:
    """Hidden information: the card a player draws shows in its own log only."""
    state = table(2, hands=((0, 1, 2, 3), (10, 11, 12, 13)), deck=(44, 43))
    state = replace(state, chosen=((2, 0, 0, 0), (1, 0, 0, 0)))
    state = apply(state, 0, build(0, 1, 1))
    assert log(state, 0)[-1]["card"] == 44
    assert log(state, 1)[-1]["card"] is None and log(state, None)[-1]["cell"] is None
    assert len(log(state, 0)) == len(log(state, 1)) == len(log(state, None))


# --- Bots (design 1.5) ---------------------------------------------------------------------------


def test_the_bot_takes_the_tallest_pieces_first() -> None:
    """Design 1.5 (bot docstring): in round 1 the bot chooses its 2 fours and 4 threes."""
    state = new_game(players=2, seed=SEED, options={}, start_seat=0)
    assert choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot")) == pick(0, 0, 4, 2)
    # The greedy player spreads them evenly: 24 pieces over 4 rounds, 3 + 1.5 + 1 + 0.5 a round.
    evenly = greedy_bot(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert evenly in (pick(3, 1, 1, 1), pick(3, 2, 1, 0))


def test_the_bot_keeps_what_nobody_can_answer() -> None:
    """The bot's last turn of a round (nobody plays after it): taking seat 1's tallest building
    (4 storeys, with its own 4) scores the tallest 3, the building and the city now."""
    state = table(
        2,
        hands=((card_for(4), card_for(8)), (5,)),
        chosen=((0, 0, 0, 1), (0, 0, 0, 0)),
    )
    state = replace(state, cities=_with(state, (2, 4), ((1, 4),)))
    action = choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot"))
    assert action == build(card_for(4), 2, 4)


def test_the_bot_weighs_a_build_as_the_whole_board_after_it() -> None:
    """The bot weighs a board once a decision and each build by the one building it changes
    (``_Table.worth``): over every build of 6 seeded matches at 2-4 players, that gives what
    weighing the whole board after the build gives (the buildings' points, each city's
    majority, and rules/manhattan.md, scoring: the single tallest building's 3, nobody's on a
    tie), as does the worth of that board as it stands (``worth_as_it_stands``, what the
    strong bot's look-ahead appraises once the round's builds are over)."""
    checked = 0

    def check(state: State, seat: int, action: dict[str, Any]) -> None:
        nonlocal checked
        if action["type"] != "build":
            return
        seen = view(state, seat)
        table = _Table.read(seen)
        board = read_board(seen)
        weighed = table.weigh(board)
        for build_action in legal_actions(state, seat):
            place = build_site(seen, build_action)
            pieces = board.get(place, ()) + ((seat, build_action["storeys"]),)
            after = table.weigh({**board, place: pieces})
            whole = list(after.points)
            for majority in after.majorities:
                if majority is not None:
                    whole[majority[0]] += majority[1]
            single = _tallest_building(after.ranked[1:], after.ranked[0])
            if single is not None:
                whole[single.top] += 3 * single.kept
            built = table.building(*place, pieces)
            assert table.worth(weighed, place, built) == pytest.approx(whole)
            assert table.worth_as_it_stands(after) == pytest.approx(whole)
            checked += 1

    for players in (2, 3, 4):
        for index in range(2):
            bots = [choose if seat % 2 == index else greedy_bot for seat in range(players)]
            bot_match(GAME, bots, seed=seed(100 * players + index), on_move=check)
    assert checked > 1_000


def test_the_bot_appraises_a_position_by_its_own_best_build() -> None:
    """``appraise`` (the strong bot's look-ahead): to build, the value of the build the bot
    plays; to choose pieces (the round's builds over), the value of the board as it stands."""
    seen = Counter[str]()

    def check(state: State, seat: int, action: dict[str, Any]) -> None:
        looked = view(state, seat)
        legal = legal_actions(state, seat)
        table = _Table.read(looked)
        if action["type"] == "build":
            expected = build_values(looked, [action])[0]
        else:
            expected = table.value(table.worth_as_it_stands(table.weigh(read_board(looked))))
        assert appraise(looked, legal) == pytest.approx(expected)
        seen[action["type"]] += 1

    bot_match(GAME, [choose, choose, choose], seed=seed(7), on_move=check)
    assert seen["build"] == 72 and seen["choose_pieces"] == 12


def test_the_bots_beat_random_bots_and_the_bot_beats_greedy() -> None:
    """Design 1.5: better than random, and than the greedy player (bench/games.py measures both
    over 200 games per player count)."""
    wins = Counter[str]()
    for index in range(12):
        for name, opponent in (("random", random_bot), ("greedy", greedy_bot)):
            bots = [opponent, opponent]
            bots[index % 2] = choose
            result = outcome(bot_match(GAME, bots, seed=seed(index))[0])
            assert result is not None
            wins[name] += index % 2 in result.winners
    assert wins["random"] >= 11 and wins["greedy"] >= 9
