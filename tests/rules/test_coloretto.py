"""Coloretto scenarios from ``rules/coloretto.md``, mostly on hand-written states built with
``dataclasses.replace`` (style 4.13b). Each test names the section its expectation comes from."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.coloretto import (
    BROWN_TABLE,
    COLOURS,
    GAME,
    GREY_TABLE,
    JOKER,
    LAST_ROUND,
    PLUS_TWO,
    State,
    apply,
    best_scoring,
    check_options,
    choose,
    greedy_bot,
    legal_actions,
    log,
    new_game,
    outcome,
    score_collection,
    to_act,
    view,
)
from app.rules.rng import Rng
from tests.rules.moves import refusal

SEED = hashlib.sha256(b"coloretto scenarios").digest()
DRAW: dict[str, Any] = {"type": "draw"}


def take(row: int) -> dict[str, Any]:
    return {"type": "take_row", "row": row}


def place(row: int) -> dict[str, Any]:
    return {"type": "place_card", "row": row}


def game(players: int = 4, **changes: Any) -> State:
    """A fresh deal for ``players`` (4 and 5 use all 7 colours), then the given fields replaced."""
    return replace(new_game(players=players, seed=SEED, options={}), **changes)


refused = partial(refusal, GAME)


# --- Scoring (rules/coloretto.md, Scoring) -----------------------------------------------------


def test_worked_example_from_the_seed_scores_41() -> None:
    """1 joker, 1 "+2", 6 green, 4 yellow, 3 red, 2 blue; joker to yellow: 2 + 21 + 15 + 6 - 3."""
    counts = {"green": 6, "yellow": 4, "red": 3, "blue": 2}
    assert score_collection(counts, 1, 1) == 41
    result = best_scoring(counts, 1, 1)
    assert result.total == 41
    assert dict(result.jokers) == {"yellow": 1}
    assert result.positive == ("red", "yellow", "green")
    assert result.negative == ("blue",)
    assert dict(result.colour_points) == {"red": 6, "yellow": 15, "green": 21, "blue": -3}


def test_colour_names_are_arbitrary_strings() -> None:
    """design 1.4: score_collection takes any colour names; the worked example renamed."""
    counts = {"w": 3, "x": 6, "y": 4, "z": 2}
    assert score_collection(counts, 1, 1) == 41
    result = best_scoring(counts, 1, 1)
    assert result.total == 41
    assert dict(result.jokers) == {"y": 1}
    assert result.positive == ("w", "x", "y") and result.negative == ("z",)


@pytest.mark.parametrize(("count", "points"), [(1, 1), (2, 3), (3, 6), (5, 15), (6, 21), (9, 21)])
def test_brown_table_with_the_six_card_cap(count: int, points: int) -> None:
    """Brown table 1, 3, 6, 10, 15, 21; "more than 6 cards still score 21"."""
    assert score_collection({"red": count}) == points


def test_colours_beyond_the_best_three_score_negative() -> None:
    """Three 3s positive (6 each), a 2 and a 1 negative: 18 - 3 - 1 = 14."""
    counts = {"red": 3, "orange": 3, "yellow": 3, "green": 2, "blue": 1}
    assert score_collection(counts) == 14
    assert best_scoring(counts).negative == ("green", "blue")


def test_plus_twos_add_two_each() -> None:
    """Each "+2" card scores +2, with or without colours."""
    assert score_collection({}, 0, 3) == 6
    assert score_collection({"red": 2}, 0, 2) == 3 + 4


def test_joker_goes_to_an_unowned_colour_when_fewer_than_three_colours() -> None:
    """6 red already score the capped 21, so the joker is worth most as a new colour (+1)."""
    assert score_collection({"red": 6}, 1) == 22
    result = best_scoring({"red": 6}, 1)
    assert dict(result.jokers) == {"orange": 1}
    assert result.positive == ("red", "orange")
    # Two capped colours and two jokers: both jokers on one new colour, 21 + 21 + 3.
    assert score_collection({"red": 6, "blue": 7}, 2) == 45


def test_jokers_may_go_to_different_colours() -> None:
    """Two jokers, 5 red and 5 blue: one each makes two 6s (42 + 0) rather than 21 + 15 - ..."""
    assert score_collection({"red": 5, "blue": 5}, 2) == 42
    assert dict(best_scoring({"red": 5, "blue": 5}, 2).jokers) == {"red": 1, "blue": 1}


def test_grey_table() -> None:
    """Grey side 1, 4, 8, 7, 6, 5: more than 3 cards of a colour lose points."""
    assert [score_collection({"red": n}, table=GREY_TABLE) for n in range(1, 8)] == [
        1,
        4,
        8,
        7,
        6,
        5,
        5,
    ]
    # Three 3s and a single: the joker costs 1 wherever it goes (4th card or a new negative).
    counts = {"red": 3, "blue": 3, "green": 3, "yellow": 1}
    assert score_collection(counts, 1, table=GREY_TABLE) == 24 - 1 - 1
    assert score_collection({"red": 2}, 1, table=GREY_TABLE) == 8


def test_score_collection_agrees_with_best_scoring() -> None:
    """The cached total and the detailed search agree on random collections (both tables)."""
    rng = Rng(SEED, "collections")
    for _ in range(300):
        counts = {}
        for colour in COLOURS[:6]:
            count, rng = rng.randbelow(5)
            counts[colour] = count * (count > 1)
        jokers, rng = rng.randbelow(4)
        for table in (BROWN_TABLE, GREY_TABLE):
            detailed = best_scoring(counts, jokers, 1, table=table, colours=COLOURS[:6])
            assert score_collection(counts, jokers, 1, table=table) == detailed.total


# --- Options and setup (rules/coloretto.md, Setup) ---------------------------------------------


def test_check_options() -> None:
    """3 to 5 players; scoring is "brown" (default) or "grey"; anything else is refused."""
    assert check_options(3, {}) == {"scoring": "brown"}
    assert check_options(5, {"scoring": "grey"}) == {"scoring": "grey"}
    for players in (2, 6, True):
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})
        assert raised.value.code == "bad_players"
    for options in ({"scoring": "green"}, {"rounds": 4}, {"scoring": 1}):
        with pytest.raises(IllegalAction) as raised:
            check_options(4, options)
        assert raised.value.code == "bad_option"
    assert GAMES["coloretto"] is GAME


@pytest.mark.parametrize(("players", "colours", "pile"), [(3, 6, 65), (4, 7, 73), (5, 7, 72)])
def test_setup_counts(players: int, colours: int, pile: int) -> None:
    """Setup 2-4: 3 players use 6 colours (54 colour cards), 4-5 use 7 (63); plus 3 jokers,
    10 "+2" and the last-round card, less one starting card per player, all in the pile."""
    for index in range(5):
        seed = hashlib.sha256(f"setup:{index}".encode()).digest()
        state = new_game(players=players, seed=seed, options={})
        assert len(state.colours) == colours
        assert (state.removed_colour is None) == (players > 3)
        assert state.removed_colour not in state.colours
        starting = [cards[0] for cards in state.collections]
        assert len(set(starting)) == players and set(starting) <= set(state.colours)
        assert len(state.pile) == pile
        counts = Counter(state.pile)
        for colour in state.colours:
            assert counts[colour] == 9 - (colour in starting)
        assert counts[JOKER] == 3 and counts[PLUS_TWO] == 10 and counts[LAST_ROUND] == 1
        # Setup 4: exactly 15 cards lie under the last-round card (index 0 is the top).
        assert len(state.pile) - 1 - state.pile.index(LAST_ROUND) == 15
        assert state.rows == ((),) * players and state.round == 1
        assert to_act(state) == {state.start_seat}
        assert view(state, None)["deck_count"] == pile


def test_setup_uses_the_seed() -> None:
    """Removed colour, starting cards and start seat vary with the seed (Setup 2, 3, 5)."""
    deals = [
        new_game(players=3, seed=hashlib.sha256(f"vary:{i}".encode()).digest(), options={})
        for i in range(30)
    ]
    assert len({state.removed_colour for state in deals}) > 1
    assert len({state.start_seat for state in deals}) == 3
    assert len({state.collections for state in deals}) > 1
    assert len({state.pile for state in deals}) == 30


# --- Turns (rules/coloretto.md, Turn) -----------------------------------------------------------


def test_first_turn_can_only_draw_and_empty_rows_cannot_be_taken() -> None:
    """Take a row "that has at least 1 card": at the start only drawing is legal."""
    state = game(start_seat=1, turn=1)
    assert legal_actions(state, 1) == [DRAW]
    assert legal_actions(state, 0) == []
    assert refused(state, 1, take(0)).code == "row_empty"
    assert refused(state, 0, DRAW).code == "not_your_turn"


def test_draw_then_place_then_next_seat_clockwise() -> None:
    """Draw and place: the drawn card is public and must be placed by the same seat; then the
    turn passes to seat + 1."""
    state = game(turn=2, pile=("red", "joker") + game().pile[2:])
    state = apply(state, 2, DRAW)
    assert state.drawn == "red" and view(state, 0)["drawn"] == "red"
    assert view(state, 0)["phase"] == "place"
    assert legal_actions(state, 2) == [place(row) for row in range(4)]
    assert refused(state, 2, DRAW).code == "must_place"
    assert refused(state, 2, take(0)).code == "must_place"
    state = apply(state, 2, place(1))
    assert state.rows[1] == ("red",) and state.drawn is None
    assert to_act(state) == {3}
    assert legal_actions(state, 3) == [DRAW, take(1)]
    assert refused(state, 3, place(0)).code == "nothing_to_place"


def test_full_row_is_refused() -> None:
    """A drawn card goes only into a row with fewer than 3 cards: code row_full."""
    state = game(turn=0, drawn="red", rows=(("red", "blue", "joker"), (), (), ()))
    error = refused(state, 0, place(0))
    assert error.code == "row_full" and error.message == "Row 1 is full."
    assert place(0) not in legal_actions(state, 0)


def test_cannot_draw_when_every_available_row_is_full() -> None:
    """Edge case: "If all remaining rows are full, that player must take one"."""
    full = ("red", "blue", "joker")
    state = game(players=3, turn=1, rows=(full, (), full), taken_by=(None, 0, None))
    assert legal_actions(state, 1) == [take(0), take(2)]
    assert refused(state, 1, DRAW).code == "no_space"
    assert refused(state, 1, take(1)).code == "row_taken"


def test_taken_row_cannot_receive_cards() -> None:
    """Cards go only into rows "not taken this round"."""
    state = game(players=3, turn=1, drawn="red", taken_by=(0, None, None))
    assert refused(state, 1, place(0)).code == "row_taken"
    assert legal_actions(state, 1) == [place(1), place(2)]


def test_taking_a_row_moves_it_to_the_collection_and_skips_the_seat() -> None:
    """Take a row: its cards join the collection and the seat sits out the rest of the round;
    the next seat clockwise that is still in acts."""
    state = game(
        turn=0,
        rows=(("red", "plus2"), ("blue",), (), ()),
        taken_by=(None, None, None, 1),
        collections=(("red",), ("green",), ("blue",), ("brown",)),
    )
    state = apply(state, 0, take(0))
    assert state.collections[0] == ("red", "red", "plus2")
    assert state.rows[0] == () and state.taken_by[0] == 0
    assert to_act(state) == {2}  # seat 1 took row 3 earlier this round
    shown = view(state, 2)["collections"][0]
    assert shown == {
        "colours": {"red": 2},
        "jokers": 0,
        "plus_twos": 1,
        "cards": 3,
        "row_taken": 0,
        "score": 5,
    }
    assert log(state, None)[-1] == {
        "type": "row_taken",
        "round": 1,
        "seat": 0,
        "row": 0,
        "cards": ["red", "plus2"],
    }


def test_last_player_in_may_keep_drawing() -> None:
    """Edge case: "The last player still in may keep drawing while there is space"."""
    state = game(
        players=3,
        turn=1,
        rows=((), (), ("red",)),
        taken_by=(0, 2, None),
        pile=("blue", "green") + game(players=3).pile[2:],
    )
    assert legal_actions(state, 1) == [DRAW, take(2)]
    for _ in range(2):
        state = apply(apply(state, 1, DRAW), 1, place(2))
        assert to_act(state) == {1}
    assert state.rows[2] == ("red", "blue", "green")
    assert legal_actions(state, 1) == [take(2)]


def test_only_remaining_row_empty_means_draw() -> None:
    """Edge case: "If the only remaining row is empty, that player must draw"."""
    state = game(players=3, turn=1, taken_by=(0, 2, None))
    assert legal_actions(state, 1) == [DRAW]


def test_player_who_took_the_last_row_starts_the_next_round() -> None:
    """New round: rows return, and the player who took the last row (seat 2) starts; not the
    previous start player (0), nor its left neighbour (1), nor the taker's left neighbour (0)."""
    state = game(
        players=3,
        start_seat=0,
        turn=2,
        rows=((), (), ("red",)),
        taken_by=(1, 0, None),
    )
    state = apply(state, 2, take(2))
    assert state.round == 2 and state.start_seat == 2 and to_act(state) == {2}
    assert state.rows == ((), (), ()) and state.taken_by == (None, None, None)
    assert log(state, 0)[-1] == {"type": "round_started", "round": 2, "start_seat": 2}
    shown = view(state, None)
    assert shown["round"] == 2 and shown["start_seat"] == 2 and shown["phase"] == "turn"
    assert [c["row_taken"] for c in shown["collections"]] == [None, None, None]
    # The new round plays on clockwise from the new start player.
    state = apply(apply(state, 2, DRAW), 2, place(0))
    assert to_act(state) == {0}


def test_last_round_card_is_replaced_and_the_game_ends_with_the_round() -> None:
    """Last round: the card is set aside face up, a replacement is drawn to place, the round
    finishes normally, then the game ends."""
    base = game(players=3)
    pile = (LAST_ROUND, "joker") + tuple(card for card in base.pile if card != LAST_ROUND)[:15]
    state = replace(base, turn=1, rows=((), (), ("red",)), taken_by=(0, 2, None), pile=pile)
    state = apply(state, 1, DRAW)
    assert state.drawn == "joker" and state.last_round
    assert len(state.pile) == 15
    assert view(state, None)["last_round"] is True and view(state, None)["deck_count"] == 15
    assert [entry["type"] for entry in log(state, None)[-2:]] == ["last_round", "card_drawn"]
    assert log(state, None)[-1]["card"] == "joker"
    state = apply(state, 1, place(2))
    assert outcome(state) is None
    state = apply(state, 1, take(2))
    result = outcome(state)
    assert result is not None
    assert to_act(state) == frozenset() and view(state, 0)["phase"] == "over"
    assert refused(state, 1, DRAW).code == "game_over"
    assert log(state, None)[-1] == {
        "type": "game_over",
        "round": 1,
        "scores": result.scores,
        "winners": sorted(result.winners),
    }


@pytest.mark.parametrize(
    "action",
    [
        {"type": "take_row", "row": True},
        {"type": "take_row", "row": "1"},
        {"type": "take_row", "row": 1.0},
        {"type": "take_row"},
        {"type": "draw", "row": 0},
        {"type": "take_row", "row": 0, "extra": 1},
        {"type": "TAKE_ROW", "row": 0},
        {},
        ["draw"],
    ],
)
def test_malformed_actions_are_bad_action(action: Any) -> None:
    """Malformed actions (extra keys, bools or other non-int rows) are refused as bad_action."""
    state = game(turn=0, rows=(("red",), (), (), ()))
    assert refused(state, 0, action).code == "bad_action"


@pytest.mark.parametrize("row", [-1, 4, 99])
def test_rows_out_of_range(row: int) -> None:
    """Rows are numbered 0..players-1."""
    state = game(turn=0, drawn="red")
    assert refused(state, 0, place(row)).code == "bad_row"


# --- Outcome and information (rules/coloretto.md, Scoring and Information) ----------------------


def test_outcome_scores_each_collection_and_shares_ties() -> None:
    """Seats 0 and 1 hold the seed's worked example (41 each): a shared win ("Ties: shared
    win"). Seat 3: 2 brown and three "+2" = 3 + 6."""
    example = ("green",) * 6 + ("yellow",) * 4 + ("red",) * 3 + ("blue",) * 2 + (JOKER, PLUS_TWO)
    state = game(
        turn=None,
        last_round=True,
        collections=(example, example[::-1], ("red",), ("brown", "brown") + (PLUS_TWO,) * 3),
    )
    result = outcome(state)
    assert result is not None
    assert result.scores == [41, 41, 1, 9]
    assert result.winners == {0, 1}
    assert result.detail["players"][0] == {
        "seat": 0,
        "score": 41,
        "jokers": {"yellow": 1},
        "positive": ["red", "yellow", "green"],
        "negative": ["blue"],
        "colour_points": {"red": 6, "yellow": 15, "green": 21, "blue": -3},
        "plus_twos": 1,
    }
    assert result.detail["players"][2]["jokers"] == {}
    assert outcome(replace(state, turn=0)) is None


def test_grey_option_changes_scores_and_view() -> None:
    """Option scoring="grey" selects the 1, 4, 8, 7, 6, 5 table."""
    state = new_game(players=4, seed=SEED, options={"scoring": "grey"})
    state = replace(state, turn=None, collections=(("red",) * 4, ("red",) * 3, (), ()))
    shown = view(state, None)
    assert shown["scoring"] == "grey" and shown["score_table"] == [1, 4, 8, 7, 6, 5]
    assert [c["score"] for c in shown["collections"]] == [7, 8, 0, 0]
    result = outcome(state)
    assert result is not None and result.scores == [7, 8, 0, 0] and result.winners == {1}


def test_view_shape() -> None:
    """The view lists every public field (design of this module) and nothing else."""
    shown = view(game(players=3), 1)
    assert set(shown) == {
        "game",
        "players",
        "you",
        "round",
        "phase",
        "to_act",
        "start_seat",
        "drawn",
        "rows",
        "collections",
        "deck_count",
        "last_round",
        "colours",
        "removed_colour",
        "scoring",
        "score_table",
    }
    assert shown["you"] == 1 and shown["game"] == "coloretto" and shown["players"] == 3
    assert shown["rows"] == [{"cards": [], "taken_by": None}] * 3
    assert shown["colours"] == [c for c in COLOURS if c != shown["removed_colour"]]


def midgame_states() -> list[State]:
    """States along a seeded random playout, including place phases and later rounds."""
    state = new_game(players=4, seed=SEED, options={})
    chooser = Rng(SEED, "midgame")
    states = []
    for _ in range(90):
        states.append(state)
        seat = state.turn
        assert seat is not None
        action, chooser = chooser.choice(legal_actions(state, seat))
        state = apply(state, seat, action)
    return states


def test_views_and_log_never_reveal_the_draw_pile() -> None:
    """Information: "only the deck order is hidden". Reordering the rest of the pile must not
    change a single byte of any seat's or a spectator's view or log."""
    for state in midgame_states()[::7]:
        shuffled, _ = Rng(SEED, f"pile:{len(state.events)}").shuffle(state.pile)
        other = replace(state, pile=tuple(reversed(shuffled)))
        assert other.pile != state.pile
        for viewer in [0, 1, 2, 3, None]:
            assert json.dumps(view(state, viewer)) == json.dumps(view(other, viewer))
            assert json.dumps(log(state, viewer)) == json.dumps(log(other, viewer))
            assert not any("pile" in key for key in view(state, viewer))


def test_every_viewer_sees_the_same_view_but_you() -> None:
    """Everything but the pile order is public, so seats and spectators see the same."""
    for state in midgame_states()[::11]:
        spectator = view(state, None)
        assert spectator["you"] is None
        for seat in range(4):
            assert view(state, seat) == {**spectator, "you": seat}


def test_log_entries_carry_type_and_round() -> None:
    """Every log entry has a type and the round; the first is game_started."""
    states = midgame_states()
    entries = log(states[-1], None)
    assert entries[0]["type"] == "game_started"
    assert set(entries[0]) == {
        "type",
        "round",
        "players",
        "start_seat",
        "removed_colour",
        "starting_cards",
    }
    assert all(isinstance(e["type"], str) and isinstance(e["round"], int) for e in entries)
    assert {e["type"] for e in entries} >= {"card_drawn", "card_placed", "row_taken"}


# --- The bot (design 1.5) ------------------------------------------------------------------------


def test_evaluate_counts_the_row_a_seat_still_in_the_round_may_take() -> None:
    """The strong bot's playouts stop and score the position (``GameRules.evaluate``). Seats 0
    and 1 took their rows this round: 2 and 1 cards of a colour, 3 and 1 points (Scoring, the
    brown table 1, 3, 6). Seat 2 holds nothing yet but still takes a row this round (Turn), and
    the one left holds three of a colour: 6 points. With no card left to draw the scores may
    move by ``SPREAD`` (2): seat 2's chance is 1 / (1 + e^(-3/2) + e^(-5/2)) = 0.766, seat 0's
    e^(-3/2) times that, 0.171."""
    first, second, third = game(players=3).colours[:3]
    state = game(
        players=3,
        turn=2,
        pile=(),
        rows=((), (), (third, third, third)),
        taken_by=(0, 1, None),
        collections=((first, first), (second,), ()),
    )
    assert GAME.evaluate is not None
    chances = [GAME.evaluate(state, seat) for seat in range(3)]
    assert chances == pytest.approx([0.171, 0.0629, 0.766], abs=0.001)
    # Had seat 2 taken its row already (its collection still empty), seat 0 would lead.
    taken = replace(state, taken_by=(0, 1, 2), rows=((), (), ()))
    assert GAME.evaluate(taken, 0) > 0.5 > GAME.evaluate(taken, 2)


def test_bot_takes_a_valuable_row() -> None:
    """A full row of three of the bot's own colour is worth taking at once."""
    state = game(
        turn=0,
        rows=(("blue", "plus2"), ("red", "red", "red"), (), ()),
        collections=(("red", "red"), ("green",), ("blue",), ("brown",)),
    )
    assert choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot")) == take(1)


def test_bot_draws_instead_of_taking_a_bad_row() -> None:
    """Early in a round a single card of a fourth colour is worth -1: better draw."""
    state = game(
        turn=0,
        rows=(("orange",), (), (), ()),
        collections=(("red", "yellow", "green"), ("green",), ("blue",), ("brown",)),
    )
    assert choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot")) == DRAW


def test_bot_places_a_good_card_in_its_own_best_row() -> None:
    """A red card goes to the row of reds the bot wants, not next to an opponent's blues."""
    state = game(
        turn=0,
        drawn="red",
        rows=(("blue", "blue"), ("red", "red"), (), ()),
        collections=(("red", "red"), ("green",), ("blue", "blue"), ("brown",)),
    )
    assert choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot")) == place(1)


def test_bot_waits_for_a_row_nobody_else_wants() -> None:
    """Two reds are worth 5 to the bot (1 red: 1 -> 6 points, Scoring), and every opponent
    already holds three colours of three cards, so reds only cost them: drawing to grow the row
    pays, as its play-outs to its next turn show (the old bot took any row worth 3 at once)."""
    three = ("green",) * 3 + ("blue",) * 3
    state = game(
        turn=0,
        rows=(("red", "red"), (), (), ()),
        collections=(
            ("red",),
            (*three, "brown", "brown", "brown"),
            ("orange",) * 3 + ("yellow",) * 3 + ("purple",) * 3,
            three + ("yellow",) * 3,
        ),
    )
    assert choose(view(state, 0), legal_actions(state, 0), Rng(SEED, "bot")) == DRAW


def test_greedy_player_takes_its_best_row_unless_one_more_card_looks_better() -> None:
    """The greedy player (``bench.games``' opponent) takes the three reds that make its two a
    five (3 -> 15 points, Scoring) at once, and draws rather than take a lone card of a fourth
    colour (worth -1)."""
    rng = Rng(SEED, "greedy")
    full = game(
        turn=0,
        rows=(("blue", "plus2"), ("red", "red", "red"), (), ()),
        collections=(("red", "red"), ("green",), ("blue",), ("brown",)),
    )
    assert greedy_bot(view(full, 0), legal_actions(full, 0), rng) == take(1)
    single = game(
        turn=0,
        rows=(("orange",), (), (), ()),
        collections=(("red", "yellow", "green"), ("green",), ("blue",), ("brown",)),
    )
    assert greedy_bot(view(single, 0), legal_actions(single, 0), rng) == DRAW


def test_a_chosen_start_seat_starts_and_leaves_the_deal_unchanged() -> None:
    """rules/coloretto.md, Multi-game match: each new game's start player is the left neighbour
    of the previous one; the table passes it in, and the cards dealt stay those of the seed."""
    dealt = new_game(players=4, seed=SEED, options={})
    for seat in range(4):
        chosen = new_game(players=4, seed=SEED, options={}, start_seat=seat)
        assert to_act(chosen) == frozenset({seat})
        assert chosen.pile == dealt.pile and chosen.collections == dealt.collections
