"""Da Vinci Code scenarios from ``rules/da-vinci-code.md``, mostly on hand-written states built
with ``dataclasses.replace`` (style 4.13b). Each test names the section its expectation comes
from; tiles are written ``"b5"`` (black 5), ``"wJ"`` (white joker), ``"b5*"`` (lying face up)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.base import Action
from app.rules.bots import random_bot
from app.rules.da_vinci_code import (
    COLOURS,
    GAME,
    NUMBERS,
    State,
    Tile,
    apply,
    check_options,
    choose,
    greedy_bot,
    insert_index,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.kit import Event
from app.rules.rng import Rng, bot_rng
from tests.rules.moves import refusal

SEED = hashlib.sha256(b"da vinci code scenarios").digest()
STOP: dict[str, Any] = {"type": "stop"}


def stop(index: int) -> Action:
    """Stop, putting the drawn tile at ``index`` of the row (Turn 2; a joker anywhere)."""
    return {"type": "stop", "index": index}


def seed(index: int) -> bytes:
    return hashlib.sha256(f"da vinci code:{index}".encode()).digest()


def tile(spec: str) -> Tile:
    """``"b5"`` is black 5, ``"wJ"`` the white joker (a trailing ``*`` is ignored here)."""
    colour = {"b": "black", "w": "white"}[spec[0]]
    number = spec[1:].rstrip("*")
    return Tile(colour, None if number == "J" else int(number))


def table(
    *rows: str,
    pool: str = "",
    turn: int = 0,
    step: str | None = None,
    drawn: str | None = None,
    jokers: bool = False,
) -> State:
    """A hand-written state: one string per seat's row, left to right. Ids count up row by row,
    then the drawn tile takes the next id. ``pool`` lists tiles top first (split by colour)."""
    specs = [spec for row in rows for spec in row.split()]
    tiles = [tile(spec) for spec in specs]
    ids = iter(range(len(specs)))
    row_ids = tuple(tuple(next(ids) for _ in row.split()) for row in rows)
    drawn_id = None
    if drawn is not None:
        drawn_id = len(tiles)
        tiles.append(tile(drawn))
    pool_tiles = [tile(spec) for spec in pool.split()]
    base = new_game(players=len(rows), seed=SEED, options={"jokers": jokers})
    state = replace(
        base,
        tiles=tuple(tiles),
        pools=tuple(tuple(t for t in pool_tiles if t.colour == colour) for colour in COLOURS),
        rows=row_ids,
        revealed=frozenset(index for index, spec in enumerate(specs) if spec.endswith("*")),
        start_seat=turn,
        turn=turn,
        drawn=drawn_id,
        step=step or ("guess" if drawn is not None or not pool else "draw"),
    )
    eliminated = tuple(all(tile_id in state.revealed for tile_id in row) for row in state.rows)
    return replace(state, eliminated=eliminated)


def guess(target: Any, tile_id: Any, number: Any) -> Action:
    """A guess action (any field types, so malformed ones can be built too)."""
    return {"type": "guess", "target": target, "tile": tile_id, "number": number}


def draw(colour: str) -> Action:
    return {"type": "draw", "colour": colour}


def faces(state: State, seat: int) -> list[str]:
    """A row in the tests' notation, face-up tiles starred."""
    out = []
    for tile_id in state.rows[seat]:
        t = state.tiles[tile_id]
        spec = t.colour[0] + ("J" if t.number is None else str(t.number))
        out.append(spec + ("*" if tile_id in state.revealed else ""))
    return out


refused = partial(refusal, GAME)


# --- insert_index (rules/da-vinci-code.md, Setup; design 1.4) -----------------------------------


def test_insert_index_black_goes_left_of_white_on_equal_numbers() -> None:
    """Setup: "For equal numbers, black goes left of white"."""
    assert insert_index([("black", 5)], ("white", 5)) == 1
    assert insert_index([("white", 5)], ("black", 5)) == 0
    assert insert_index([("black", 4), ("white", 5), ("black", 6)], ("black", 5)) == 1
    assert insert_index([("black", 4), ("black", 5), ("black", 6)], ("white", 5)) == 2


def test_insert_index_at_the_ends_and_in_between() -> None:
    """Setup: rows ascend left to right; an empty row takes the tile at 0."""
    row = [("black", 1), ("white", 4), ("black", 9)]
    assert insert_index([], ("white", 7)) == 0
    assert insert_index(row, ("black", 0)) == 0
    assert insert_index(row, ("white", 11)) == 3
    assert insert_index(row, ("white", 6)) == 2
    assert insert_index(row, ("white", 1)) == 1


@pytest.mark.parametrize(
    ("row", "drawn", "expected"),
    [
        ("b3 wJ b5", "b4", ["b3", "wJ", "b4", "b5"]),
        ("b3 wJ b5", "w1", ["w1", "b3", "wJ", "b5"]),
        ("b3 wJ b5", "w9", ["b3", "wJ", "b5", "w9"]),
        ("b3 wJ", "w5", ["b3", "wJ", "w5"]),
        ("bJ w7", "b7", ["bJ", "b7", "w7"]),
        ("wJ", "b2", ["wJ", "b2"]),
    ],
)
def test_sorted_place_with_jokers_in_the_row(row: str, drawn: str, expected: list[str]) -> None:
    """[SEED-SILENT, module docstring]: just left of the first numbered tile that sorts after
    it, or at the far right; jokers keep their places. The tile is placed hidden on stop."""
    state = table(row, "b0 w0", step="continue", drawn=drawn, jokers=True)
    assert [a for a in legal_actions(state, 0) if a["type"] == "stop"] == [
        stop(expected.index(drawn))
    ]
    state = apply(state, 0, stop(expected.index(drawn)))
    assert faces(state, 0) == expected
    placed = log(state, 0)[-1]
    assert placed["type"] == "tile_placed" and placed["index"] == expected.index(drawn)
    assert placed["revealed"] is False


# --- Options and setup (rules/da-vinci-code.md, Setup) -----------------------------------------


def test_check_options() -> None:
    """2-4 players; opening "seed" (default) or "random"; jokers false (default) or true."""
    assert check_options(2, {}) == {"opening": "seed", "jokers": False}
    assert check_options(4, {"opening": "random", "jokers": True}) == {
        "opening": "random",
        "jokers": True,
    }
    for players in (1, 5, True, "2"):
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})  # type: ignore[arg-type]
        assert raised.value.code == "bad_players"
    for options in ({"opening": "official"}, {"jokers": 1}, {"jokers": "yes"}, {"series": 3}):
        with pytest.raises(IllegalAction) as raised:
            check_options(3, options)
        assert raised.value.code == "bad_option"
    assert GAMES["da_vinci_code"] is GAME


@pytest.mark.parametrize("players", [2, 3])
def test_seed_opening_deals_two_black_and_two_white(players: int) -> None:
    """Setup [SEED≠OFFICIAL]: 2-3 players draw 2 black + 2 white each; rows ascend (black left of
    white on ties); the rest is the pool; ids 0.. in dealing order, seat by seat."""
    for index in range(10):
        state = new_game(players=players, seed=seed(index), options={})
        next_id = 0
        for seat in range(players):
            row = [state.tiles[tile_id] for tile_id in state.rows[seat]]
            assert Counter(t.colour for t in row) == {"black": 2, "white": 2}
            keys = [(t.number, COLOURS.index(t.colour)) for t in row]
            assert keys == sorted(keys)
            assert sorted(state.rows[seat]) == list(range(next_id, next_id + 4))
            next_id += 4
        assert [len(pool) for pool in state.pools] == [12 - 2 * players] * 2
        assert state.revealed == frozenset() and state.step == "draw"
        assert to_act(state) == {state.start_seat}


def test_four_players_take_three_random_tiles() -> None:
    """Setup: 4 players take 3 random tiles each (also with the seed opening)."""
    colour_mixes = set()
    for index in range(10):
        state = new_game(players=4, seed=seed(index), options={})
        assert [len(row) for row in state.rows] == [3] * 4
        assert sum(len(pool) for pool in state.pools) == 12
        colour_mixes |= {
            sum(state.tiles[tile_id].colour == "black" for tile_id in row) for row in state.rows
        }
    assert len(colour_mixes) > 1  # random, not a fixed colour split


def test_random_opening_option() -> None:
    """Option opening "random": the published 4 random tiles each for 2-3 players."""
    splits = set()
    for index in range(20):
        state = new_game(players=2, seed=seed(index), options={"opening": "random"})
        assert [len(row) for row in state.rows] == [4, 4]
        assert sum(len(pool) for pool in state.pools) == 16
        for row in state.rows:
            splits.add(sum(state.tiles[tile_id].colour == "black" for tile_id in row))
    assert splits != {2}


def test_jokers_are_never_dealt_only_drawn_later() -> None:
    """Setup: with jokers, the house rule keeps them out of the opening; one per colour pool."""
    positions = set()
    for index in range(20):
        state = new_game(players=3, seed=seed(index), options={"jokers": True})
        assert not any(t.is_joker for t in state.tiles)
        for colour, pool in zip(COLOURS, state.pools, strict=True):
            jokers = [t for t in pool if t.is_joker]
            assert jokers == [Tile(colour, None)]
            positions.add(pool.index(jokers[0]))
    assert len(positions) > 3
    plain = new_game(players=3, seed=seed(0), options={})
    assert not any(t.is_joker for pool in plain.pools for t in pool)


def test_deal_can_be_redone_by_hand_from_the_seed() -> None:
    """The package docstring's order of draws: black shuffled, white shuffled, 2 + 2 per seat
    from the top; then each joker at randbelow(len + 1); then the start seat."""
    rng = Rng(SEED, "deal")
    black, rng = rng.shuffle([Tile("black", n) for n in NUMBERS])
    white, rng = rng.shuffle([Tile("white", n) for n in NUMBERS])
    above_black, rng = rng.randbelow(12 - 4 + 1)
    above_white, rng = rng.randbelow(12 - 4 + 1)
    start, _ = rng.randbelow(2)
    state = new_game(players=2, seed=SEED, options={"jokers": True})
    assert state.tiles == black[0:2] + white[0:2] + black[2:4] + white[2:4]
    assert (
        state.pools[0] == black[4:][:above_black] + (Tile("black", None),) + black[4:][above_black:]
    )
    assert (
        state.pools[1] == white[4:][:above_white] + (Tile("white", None),) + white[4:][above_white:]
    )
    assert state.start_seat == start == state.turn

    rng = Rng(SEED, "deal")
    shuffled, rng = rng.shuffle([Tile(c, n) for c in COLOURS for n in NUMBERS])
    start, _ = rng.randbelow(3)
    state = new_game(players=3, seed=SEED, options={"opening": "random"})
    assert state.tiles == shuffled[:12]
    assert state.rows[1] == tuple(
        sorted(range(4, 8), key=lambda i: (shuffled[i].number, COLOURS.index(shuffled[i].colour)))
    )
    assert state.pools == tuple(
        tuple(t for t in shuffled[12:] if t.colour == colour) for colour in COLOURS
    )
    assert state.start_seat == start


# --- Turns (rules/da-vinci-code.md, Turn) ---------------------------------------------------------

# Seat 0: b2 (id 0), w5 (1), b9 (2); seat 1: b1 (3), w4 (4), b8 (5), w10 (6); pool: black b6.
TWO_ROWS = ("b2 w5 b9", "b1 w4 b8 w10")


def test_draw_is_mandatory_and_only_colours_with_tiles_left() -> None:
    """Turn 1: draw while the pool has tiles; the backs are coloured, so a colour is chosen."""
    state = table(*TWO_ROWS, pool="b6")
    assert legal_actions(state, 0) == [draw("black")]
    assert legal_actions(state, 1) == []
    assert refused(state, 0, draw("white")).code == "colour_empty"
    assert refused(state, 0, guess(1, 3, 1)).code == "must_draw"
    both = table(*TWO_ROWS, pool="b6 w0")
    assert legal_actions(both, 0) == [draw("black"), draw("white")]


def test_drawn_tile_is_seen_only_by_the_drawer() -> None:
    """Turn 1: "Look at it privately. Others see its colour." It takes the next id (7)."""
    state = apply(table(*TWO_ROWS, pool="b6 w0"), 0, draw("black"))
    assert state.drawn == 7 and state.step == "guess"
    assert view(state, 0)["drawn"] == {"id": 7, "colour": "black", "number": 6}
    assert view(state, 1)["drawn"] == {"id": 7, "colour": "black", "number": None}
    assert view(state, None)["drawn"] == {"id": 7, "colour": "black", "number": None}
    assert view(state, 1)["pool"] == {"black": 0, "white": 1}
    mine, theirs, spectator = (log(state, viewer)[-1] for viewer in (0, 1, None))
    assert mine == {"type": "tile_drawn", "seat": 0, "tile": 7, "colour": "black", "number": 6}
    assert theirs == spectator == {**mine, "number": None}


def test_correct_guess_then_stop_places_the_drawn_tile_hidden() -> None:
    """Turn 2, correct: the tile is revealed; the guesser may stop, and the drawn tile goes
    into the row hidden at its sorted place (b2 w5 b9 + b6 -> index 2)."""
    state = apply(table(*TWO_ROWS, pool="b6 w0"), 0, draw("black"))
    state = apply(state, 0, guess(1, 5, 8))
    assert 5 in state.revealed and state.step == "continue" and to_act(state) == {0}
    legal = legal_actions(state, 0)
    assert legal[-1] == stop(2)
    assert refused(state, 0, STOP).code == "must_place"
    assert refused(state, 0, stop(1)).code == "bad_index"  # rows are sorted
    assert guess(1, 3, 0) in legal and guess(1, 5, 8) not in legal  # 5 is face up now
    assert view(state, None)["rows"][1][2] == {
        "id": 5,
        "colour": "black",
        "number": 8,
        "revealed": True,
    }
    assert log(state, None)[-2:] == [
        {"type": "guessed", "seat": 0, "target": 1, "tile": 5, "number": 8, "correct": True},
        {"type": "tile_revealed", "seat": 1, "tile": 5, "number": 8},
    ]
    state = apply(state, 0, stop(2))
    assert faces(state, 0) == ["b2", "w5", "b6", "b9"]
    assert state.rows[0][2] == 7 and 7 not in state.revealed
    assert to_act(state) == {1} and state.step == "draw" and state.drawn is None
    assert view(state, 0)["rows"][0][2] == {
        "id": 7,
        "colour": "black",
        "number": 6,
        "revealed": False,
    }
    assert view(state, 1)["rows"][0][2] == {
        "id": 7,
        "colour": "black",
        "number": None,
        "revealed": False,
    }
    placed = {"type": "tile_placed", "seat": 0, "tile": 7, "index": 2, "revealed": False}
    assert log(state, 0)[-1] == {**placed, "number": 6}
    assert log(state, 1)[-1] == log(state, None)[-1] == {**placed, "number": None}


def test_wrong_guess_places_the_drawn_tile_face_up_and_ends_the_turn() -> None:
    """Turn 2, wrong: the drawn tile goes into the row face up at its sorted place; turn over."""
    state = apply(table(*TWO_ROWS, pool="b6 w0"), 0, draw("black"))
    state = apply(state, 0, guess(1, 5, 7))
    assert 5 not in state.revealed
    assert faces(state, 0) == ["b2", "w5", "b6*", "b9"]
    assert to_act(state) == {1} and state.step == "draw"
    assert view(state, 1)["rows"][0][2] == {
        "id": 7,
        "colour": "black",
        "number": 6,
        "revealed": True,
    }
    assert view(state, None)["guesses"] == [
        {"seat": 0, "target": 1, "tile": 5, "number": 7, "correct": False}
    ]
    placed = {"type": "tile_placed", "seat": 0, "tile": 7, "index": 2, "revealed": True}
    assert log(state, None)[-1] == log(state, 1)[-1] == {**placed, "number": 6}


def test_wrong_guess_after_a_correct_one_still_costs_the_drawn_tile() -> None:
    """Turn 2: guessing again risks the drawn tile; a wrong second guess puts it face up."""
    state = apply(table(*TWO_ROWS, pool="w0 b6"), 0, draw("white"))
    state = apply(apply(state, 0, guess(1, 3, 1)), 0, guess(1, 4, 3))
    assert faces(state, 0) == ["w0*", "b2", "w5", "b9"]
    assert faces(state, 1) == ["b1*", "w4", "b8", "w10"]
    assert to_act(state) == {1}


def test_empty_pool_wrong_guess_reveals_an_own_tile_of_your_choice() -> None:
    """Turn 3: no draw; the guess is still mandatory; a wrong guess makes the guesser reveal
    one of their own hidden tiles of their choice."""
    state = table("b2* w5 b9", "b1 w4 b8 w10")
    assert state.step == "guess" and view(state, 0)["phase"] == "guess"
    assert refused(state, 0, draw("black")).code == "pool_empty"
    assert refused(state, 0, STOP).code == "must_guess"
    state = apply(state, 0, guess(1, 3, 0))
    assert state.step == "reveal" and to_act(state) == {0}
    assert legal_actions(state, 0) == [{"type": "reveal", "tile": 1}, {"type": "reveal", "tile": 2}]
    assert refused(state, 0, guess(1, 3, 1)).code == "must_reveal"
    assert refused(state, 0, {"type": "reveal", "tile": 0}).code == "not_hidden"
    assert refused(state, 0, {"type": "reveal", "tile": 3}).code == "bad_tile"
    state = apply(state, 0, {"type": "reveal", "tile": 2})
    assert faces(state, 0) == ["b2*", "w5", "b9*"]
    assert log(state, None)[-1] == {"type": "tile_revealed", "seat": 0, "tile": 2, "number": 9}
    assert to_act(state) == {1} and state.step == "guess"


def test_empty_pool_stop_after_a_correct_guess_just_ends_the_turn() -> None:
    """Turn 3 with nothing drawn: stop ends the turn and nothing is placed."""
    state = apply(table(*TWO_ROWS), 0, guess(1, 6, 10))
    state = apply(state, 0, STOP)
    assert faces(state, 0) == ["b2", "w5", "b9"] and to_act(state) == {1}
    assert log(state, None)[-1]["type"] == "tile_revealed"


# --- Elimination and win (rules/da-vinci-code.md, Elimination and win) --------------------------


def test_three_players_eliminated_player_is_skipped_and_the_last_one_wins() -> None:
    """A player whose tiles are all revealed is out and skipped; the last player with any hidden
    tile wins, at once when the last opponent is knocked out."""
    # Seat 0: b2 (0), w5 (1); seat 1: b1* (2), w4 (3); seat 2: b3 (4), w8 (5), b10 (6).
    state = table("b2 w5", "b1* w4", "b3 w8 b10", pool="b6")
    state = apply(apply(state, 0, draw("black")), 0, guess(1, 3, 4))
    assert state.eliminated == (False, True, False)
    assert log(state, None)[-1] == {"type": "player_out", "seat": 1}
    assert state.step == "continue" and outcome(state) is None
    assert view(state, 2)["eliminated"] == [False, True, False]
    assert refused(state, 0, guess(1, 2, 1)).code == "eliminated"
    assert all(action.get("target") != 1 for action in legal_actions(state, 0))
    state = apply(state, 0, stop(2))
    assert faces(state, 0) == ["b2", "w5", "b6"]
    assert to_act(state) == {2} and state.step == "guess"  # seat 1 is skipped; the pool is empty
    for tile_id, number in ((0, 2), (7, 6)):
        state = apply(state, 2, guess(0, tile_id, number))
        assert state.step == "continue"
    state = apply(state, 2, guess(0, 1, 5))
    assert to_act(state) == frozenset() and state.step == "over"
    assert view(state, None)["phase"] == "over" and view(state, None)["to_act"] is None
    assert [entry["type"] for entry in log(state, None)[-3:]] == [
        "tile_revealed",
        "player_out",
        "game_over",
    ]
    assert log(state, None)[-1] == {"type": "game_over", "winner": 2}
    result = outcome(state)
    assert result is not None
    assert result.winners == {2} and result.scores == [0, 0, 3]
    assert result.detail == {"winner": 2, "hidden_left": [0, 0, 3]}
    assert refused(state, 2, STOP).code == "game_over"
    assert legal_actions(state, 2) == []


def test_winning_guess_ends_the_game_and_the_drawn_tile_stays_hidden() -> None:
    """A correct guess that leaves one player ends the game at once; the winner's drawn tile is
    placed hidden (w7 after w5)."""
    state = table("b2 w5", "b1* w4", pool="w7")
    state = apply(apply(state, 0, draw("white")), 0, guess(1, 3, 4))
    assert faces(state, 0) == ["b2", "w5", "w7"]
    assert state.turn is None and state.drawn is None
    result = outcome(state)
    assert result is not None and result.winners == {0} and result.scores == [3, 0]
    assert log(state, 1)[-2] == {
        "type": "tile_placed",
        "seat": 0,
        "tile": 4,
        "index": 2,
        "revealed": False,
        "number": None,
    }


def test_revealing_the_last_own_tile_knocks_the_guesser_out() -> None:
    """Elimination can happen on one's own turn: the reveal after a wrong guess (empty pool)."""
    state = table("b2* w5", "b1 w4")
    state = apply(apply(state, 0, guess(1, 2, 0)), 0, {"type": "reveal", "tile": 1})
    assert state.eliminated == (True, False)
    result = outcome(state)
    assert result is not None and result.winners == {1} and result.scores == [0, 2]


# --- Jokers (rules/da-vinci-code.md, Setup: "A joker may be placed anywhere") ------------------


def test_drawn_joker_is_placed_by_its_owners_stop_hidden() -> None:
    """A drawn joker goes where its owner chooses (0..len(row)) and stays there. The place is
    part of the stop, as it is for a numbered tile, so no step of the turn tells the others
    that the hidden tile is a joker (issue 15: a place_joker step after a stop leaked it)."""
    state = table(*TWO_ROWS, pool="bJ w0", jokers=True)
    state = apply(apply(state, 0, draw("black")), 0, guess(1, 3, 1))
    stops = [action for action in legal_actions(state, 0) if action["type"] == "stop"]
    assert stops == [stop(i) for i in range(4)]
    assert refused(state, 0, STOP).code == "must_place"
    assert refused(state, 0, stop(4)).code == "bad_index"
    assert refused(state, 0, stop(-1)).code == "bad_index"
    assert refused(state, 0, {"type": "place_joker", "index": 1}).code == "no_joker"
    state = apply(state, 0, stop(1))
    assert faces(state, 0) == ["b2", "bJ", "w5", "b9"]
    assert view(state, 0)["rows"][0][1]["number"] == "joker"
    assert view(state, 1)["rows"][0][1] == {
        "id": 7,
        "colour": "black",
        "number": None,
        "revealed": False,
    }
    assert log(state, 1)[-1]["index"] == 1 and log(state, 1)[-1]["number"] is None
    assert to_act(state) == {1} and state.step == "draw"


def test_drawn_joker_goes_face_up_after_a_wrong_guess() -> None:
    """Wrong guess with a drawn joker: the owner still picks its place; it lies face up."""
    state = table(*TWO_ROWS, pool="wJ", jokers=True)
    state = apply(apply(state, 0, draw("white")), 0, guess(1, 3, 5))
    assert state.step == "place_joker"
    # It is going face up, so everyone may see it is the joker while its owner picks a place.
    assert view(state, 1)["drawn"] == {"id": 7, "colour": "white", "number": "joker"}
    state = apply(state, 0, {"type": "place_joker", "index": 3})
    assert faces(state, 0) == ["b2", "w5", "b9", "wJ*"]
    assert view(state, None)["rows"][0][3]["number"] == "joker"
    assert log(state, None)[-1]["number"] == "joker"


def test_guessing_joker() -> None:
    """A guess may name "joker", only when the jokers are in the game."""
    state = table("b2 w5", "b1 wJ w4", jokers=True)
    assert guess(1, 3, "joker") in legal_actions(state, 0)
    state = apply(state, 0, guess(1, 3, "joker"))
    assert 3 in state.revealed and view(state, 0)["rows"][1][1]["number"] == "joker"
    plain = table("b2 w5", "b1 w4")
    assert all(action["number"] != "joker" for action in legal_actions(plain, 0))
    assert refused(plain, 0, guess(1, 3, "joker")).code == "bad_number"


def test_winner_drawn_joker_goes_to_the_far_right() -> None:
    """The game ends at once, so there is no step left to choose the joker's place."""
    state = table("b2 w5", "b1* w4", pool="bJ", jokers=True)
    state = apply(apply(state, 0, draw("black")), 0, guess(1, 3, 4))
    assert faces(state, 0) == ["b2", "w5", "bJ"] and state.turn is None


# --- Refused actions ----------------------------------------------------------------------------


def drawing() -> State:
    return table(*TWO_ROWS, pool="b6")


def guessing() -> State:
    return apply(drawing(), 0, draw("black"))


def revealing() -> State:
    return apply(table(*TWO_ROWS), 0, guess(1, 3, 0))


def placing_joker() -> State:
    state = table(*TWO_ROWS, pool="bJ", jokers=True)
    return apply(apply(state, 0, draw("black")), 0, guess(1, 3, 0))


def over() -> State:
    return apply(apply(table("b2 w5", "b1* w4", pool="b6"), 0, draw("black")), 0, guess(1, 3, 4))


REFUSALS: list[tuple[str, Any, int, Any, str]] = [
    ("other seat", drawing, 1, draw("black"), "not_your_turn"),
    ("game over", over, 0, STOP, "game_over"),
    ("game over, other seat", over, 1, draw("black"), "game_over"),
    ("guess before drawing", drawing, 0, guess(1, 3, 1), "must_draw"),
    ("stop before drawing", drawing, 0, STOP, "must_draw"),
    ("empty colour", drawing, 0, draw("white"), "colour_empty"),
    ("unknown colour", drawing, 0, draw("green"), "bad_colour"),
    ("colour not a string", drawing, 0, {"type": "draw", "colour": 0}, "bad_action"),
    ("draw without colour", drawing, 0, {"type": "draw"}, "bad_action"),
    ("extra key", drawing, 0, {**draw("black"), "extra": 1}, "bad_action"),
    ("unknown type", drawing, 0, {"type": "Draw", "colour": "black"}, "bad_action"),
    ("not an object", drawing, 0, ["draw", "black"], "bad_action"),
    ("draw twice", guessing, 0, draw("black"), "already_drawn"),
    ("stop before a correct guess", guessing, 0, STOP, "must_guess"),
    ("own tile", guessing, 0, guess(0, 0, 2), "own_tile"),
    ("no such seat", guessing, 0, guess(2, 3, 1), "bad_target"),
    ("negative seat", guessing, 0, guess(-1, 3, 1), "bad_target"),
    ("tile of another row", guessing, 0, guess(1, 0, 2), "bad_tile"),
    ("no such tile", guessing, 0, guess(1, 99, 2), "bad_tile"),
    ("the drawn tile", guessing, 0, guess(1, 7, 6), "bad_tile"),
    ("number 12", guessing, 0, guess(1, 3, 12), "bad_number"),
    ("number -1", guessing, 0, guess(1, 3, -1), "bad_number"),
    ("joker without jokers", guessing, 0, guess(1, 3, "joker"), "bad_number"),
    ("number as a word", guessing, 0, guess(1, 3, "seven"), "bad_number"),
    ("bool number", guessing, 0, guess(1, 3, True), "bad_action"),
    ("float number", guessing, 0, guess(1, 3, 1.0), "bad_action"),
    ("missing number", guessing, 0, {"type": "guess", "target": 1, "tile": 3}, "bad_action"),
    ("bool target", guessing, 0, guess(True, 3, 1), "bad_action"),
    ("string tile", guessing, 0, guess(1, "3", 1), "bad_action"),
    ("no joker to place", guessing, 0, {"type": "place_joker", "index": 0}, "no_joker"),
    ("reveal out of turn step", guessing, 0, {"type": "reveal", "tile": 0}, "no_reveal"),
    ("empty pool draw", revealing, 0, draw("black"), "must_reveal"),
    ("reveal another's tile", revealing, 0, {"type": "reveal", "tile": 3}, "bad_tile"),
    ("stop instead of reveal", revealing, 0, STOP, "must_reveal"),
    ("bool index", placing_joker, 0, {"type": "place_joker", "index": False}, "bad_action"),
    ("index past the end", placing_joker, 0, {"type": "place_joker", "index": 4}, "bad_index"),
    ("guess instead of placing", placing_joker, 0, guess(1, 4, 4), "must_place_joker"),
]


@pytest.mark.parametrize(
    ("build", "seat", "action", "code"),
    [pytest.param(*case[1:], id=case[0]) for case in REFUSALS],
)
def test_illegal_actions_are_refused_with_their_code(
    build: Any, seat: int, action: Any, code: str
) -> None:
    """Every refusal has its machine code and a sentence; the action is not listed as legal."""
    state = build()
    error = refused(state, seat, action)
    assert (error.code, bool(error.message)) == (code, True)
    assert json.dumps(action) not in [json.dumps(legal) for legal in legal_actions(state, seat)]


def test_hidden_target_tile_and_eliminated_target() -> None:
    """Guess only a hidden tile ("not_hidden") of a player still in ("eliminated")."""
    state = table("b2 w5", "b1* w4", "b3* b7*", "w0 w9")
    assert state.eliminated == (False, False, True, False)
    assert refused(state, 0, guess(1, 2, 1)).code == "not_hidden"
    assert refused(state, 0, guess(2, 4, 3)).code == "eliminated"


# --- Who sees what (rules/da-vinci-code.md, Who sees what) ---------------------------------------


def played_states() -> list[State]:
    """States along seeded random playouts (2-4 players, with and without jokers), sampled in
    every phase."""
    states = []
    for index, (players, jokers) in enumerate([(2, False), (3, True), (4, True), (2, True)]):
        state = new_game(players=players, seed=seed(100 + index), options={"jokers": jokers})
        chooser = Rng(SEED, f"played:{index}")
        while state.turn is not None:
            states.append(state)
            action, chooser = chooser.choice(legal_actions(state, state.turn))
            state = apply(state, state.turn, action)
        states.append(state)
    return states


def hidden_from(state: State, viewer: int | None) -> list[int]:
    """Ids of tiles whose number ``viewer`` may not know (a drawn joker about to go face up
    after a wrong guess is known to all)."""
    ids = [
        tile_id
        for seat, row in enumerate(state.rows)
        if seat != viewer
        for tile_id in row
        if tile_id not in state.revealed
    ]
    if state.drawn is not None and state.turn != viewer and not state.joker_face_up:
        ids.append(state.drawn)
    return sorted(ids)


def disguise(state: State, viewer: int | None) -> State:
    """The same game with the numbers hidden from ``viewer`` (and the pool) permuted within each
    colour, the log's per-tile numbers following them (a guess's number is what was said)."""
    hidden = hidden_from(state, viewer)
    tiles = list(state.tiles)
    pools = []
    for index, colour in enumerate(COLOURS):
        ids = [tile_id for tile_id in hidden if tiles[tile_id].colour == colour]
        before = tuple(state.tiles[tile_id] for tile_id in ids) + state.pools[index]
        after, _ = Rng(SEED, f"disguise:{len(state.events)}:{colour}").shuffle(before)
        if after == before:
            after = after[1:] + after[:1]
        for tile_id, face in zip(ids, after, strict=False):
            tiles[tile_id] = face
        pools.append(after[len(ids) :])

    def renumber(fields: tuple[tuple[str, Any], ...], tile_id: Any) -> tuple[tuple[str, Any], ...]:
        if tile_id not in hidden:
            return fields
        return tuple((k, tiles[tile_id].face if k == "number" else v) for k, v in fields)

    events = []
    for event in state.events:
        named = dict(event.fields).get("tile")
        if event.type != "guessed":
            event = replace(
                event,
                fields=renumber(event.fields, named),
                secret=renumber(event.secret, named),
            )
        events.append(event)
    return replace(state, tiles=tuple(tiles), pools=tuple(pools), events=tuple(events))


def test_views_and_logs_do_not_depend_on_numbers_the_viewer_may_not_see() -> None:
    """Owner: all own numbers; everyone: colours, positions, revealed numbers, pool size, every
    guess. Permuting every number hidden from a viewer must not change a byte of its view or
    log (checked for every seat and a spectator along seeded playouts)."""
    checked = 0
    for state in played_states()[::3]:
        for viewer in [*range(state.players), None]:
            other = disguise(state, viewer)
            if other.tiles == state.tiles:
                continue  # nothing hidden from this viewer is in play
            checked += 1
            assert json.dumps(view(state, viewer)) == json.dumps(view(other, viewer))
            assert json.dumps(log(state, viewer)) == json.dumps(log(other, viewer))
    assert checked > 100


def test_disguise_would_catch_a_leak() -> None:
    """The check above is not empty: the disguised state differs where the owner looks."""
    state = apply(table(*TWO_ROWS, pool="b6 b0 b3"), 0, draw("black"))
    other = disguise(state, 1)
    assert view(other, 1) == view(state, 1)
    assert view(other, 0) != view(state, 0)
    assert log(other, 0) != log(state, 0)


def test_twin_games_differing_only_in_seat_0_secrets_look_alike_to_everyone_else() -> None:
    """Who sees what, with a log built by the rules themselves: two games in which only seat 0's
    hidden numbers (a dealt tile, its drawn tile) and the unused pool differ, played with the
    same actions, look exactly alike to seats 1 and 2 and a spectator at every step."""
    rows = ("w1 b6 w11",)
    twins = [
        table("b2 w5 b9", "b1 w4 b8 w10", *rows, pool="b3 w7 b0 b5"),
        table("b2 w5 b10", "b1 w4 b8 w10", *rows, pool="b4 w7 b0 b11"),
    ]
    script = [
        (0, draw("black")),
        (0, guess(1, 3, 1)),
        (0, stop(1)),
        (1, draw("white")),
        (1, guess(0, 0, 2)),
        (1, guess(0, 10, 7)),
        (2, draw("black")),
        (2, guess(0, 2, 11)),
    ]
    differs_for_owner = False
    for seat, action in [(0, None), *script]:
        if action is not None:
            twins = [apply(state, seat, action) for state in twins]
        first, second = twins
        for viewer in (1, 2, None):
            assert json.dumps(view(first, viewer)) == json.dumps(view(second, viewer))
            assert json.dumps(log(first, viewer)) == json.dumps(log(second, viewer))
        differs_for_owner |= log(first, 0) != log(second, 0)
        assert view(first, 0) != view(second, 0)
    assert differs_for_owner
    assert faces(twins[0], 0) == ["b2*", "b3", "w5", "b9"]
    assert faces(twins[1], 2) == ["b0*", "w1", "b6", "w11"]


def test_spectator_sees_no_hidden_number() -> None:
    """Spectators see only public information: every hidden number is None."""
    for state in played_states()[::5]:
        shown = view(state, None)
        for row in shown["rows"]:
            for entry in row:
                assert (entry["number"] is None) == (not entry["revealed"])
        drawn = shown["drawn"]
        assert drawn is None or drawn["number"] == ("joker" if state.joker_face_up else None)
        assert all(
            entry.get("number") is None
            for entry in log(state, None)
            if entry["type"] in ("tile_drawn",)
            or (entry["type"] == "tile_placed" and not entry["revealed"])
        )


def test_view_shape() -> None:
    """The view lists exactly the whitelisted fields (the module docstring)."""
    state = guessing()
    shown = view(state, 1)
    assert set(shown) == {
        "game",
        "players",
        "you",
        "phase",
        "to_act",
        "pool",
        "rows",
        "drawn",
        "eliminated",
        "guesses",
        "jokers",
        "opening",
    }
    assert shown["game"] == "da_vinci_code" and shown["you"] == 1 and shown["players"] == 2
    assert shown["phase"] == "guess" and shown["to_act"] == 0
    assert shown["jokers"] is False and shown["opening"] == "seed"
    assert shown["rows"][1][0] == {"id": 3, "colour": "black", "number": 1, "revealed": False}
    assert shown["rows"][0][0] == {"id": 0, "colour": "black", "number": None, "revealed": False}
    assert shown["eliminated"] == [False, False] and shown["guesses"] == []


def test_log_starts_with_game_started() -> None:
    """game_started carries the players and the start seat; every entry has a type."""
    state = new_game(players=3, seed=SEED, options={})
    assert log(state, None) == [
        {"type": "game_started", "players": 3, "start_seat": state.start_seat}
    ]
    entries = log(played_states()[-1], 0)
    assert {entry["type"] for entry in entries} >= {
        "game_started",
        "tile_drawn",
        "guessed",
        "tile_placed",
        "tile_revealed",
        "player_out",
        "game_over",
    }


# --- The bot (design 1.5) ------------------------------------------------------------------------


def bot_choice(state: State, seat: int = 0) -> Action:
    return choose(view(state, seat), legal_actions(state, seat), Rng(SEED, "bot"))


def test_bot_deduces_a_tile_from_its_neighbours() -> None:
    """Between a revealed black 3 and black 5, a hidden black tile can only be 4."""
    state = table("w0 w11", "b3* b4 b5* w9")
    assert bot_choice(state) == guess(1, 3, 4)


def test_bot_uses_its_own_tiles_and_the_wrong_guesses() -> None:
    """Black between 3 and 7: 4 is the bot's own, 6 was guessed wrongly, so it is 5."""
    state = table("b4 w11", "b3* b5 b7* w9")
    wrong = Event(
        "guessed", (("seat", 0), ("target", 1), ("tile", 3), ("number", 6), ("correct", False))
    )
    state = replace(state, events=state.events + (wrong,))
    assert bot_choice(state) == guess(1, 3, 5)


def test_bot_stops_when_the_odds_are_poor_and_goes_on_when_sure() -> None:
    """After a correct guess the bot risks its drawn tile only on a likely guess."""
    state = table("w0 w11", "b1 b6 w9 b10", step="continue", drawn="b2")
    assert bot_choice(state) == stop(1)
    state = table("w0 w11", "b3* b4 b5* w9", step="continue", drawn="b2")
    assert bot_choice(state) == guess(1, 3, 4)


def test_bot_draws_the_fuller_colour_and_hides_a_joker_in_the_widest_gap() -> None:
    """Draw: more tiles of a colour left means more numbers fit. Joker: between 1 and 10."""
    assert bot_choice(table("b0 b1 w10 w11", "b3 w5", pool="b6 w0 w1 w2")) == draw("white")
    state = table("b0 b1 w10 w11", "b3 w5", pool="bJ", jokers=True)
    state = apply(apply(state, 0, draw("black")), 0, guess(1, 4, 3))
    assert bot_choice(state) == stop(2)  # w5 (id 5) is a poor guess after b3: it stops
    state = table("b0 b1 w10 w11", "b3 w5", pool="wJ", jokers=True)
    state = apply(apply(state, 0, draw("white")), 0, guess(1, 4, 0))
    assert bot_choice(state) == {"type": "place_joker", "index": 2}


def test_bot_reveals_the_tile_that_tells_least() -> None:
    """Revealing black 2 would pin the two black tiles left of it to 0 and 1, black 1 would pin
    black 0; an end tile (black 0 or white 11) leaves the rest open."""
    state = apply(table("b0 b1 b2 w11", "b3 w5"), 0, guess(1, 4, 4))
    assert state.step == "reveal"
    assert bot_choice(state) in [{"type": "reveal", "tile": 0}, {"type": "reveal", "tile": 3}]


def test_bot_beats_random_bots() -> None:
    """design 1.5: better than random play; 40 seeded 2-player games, bot rotating seats."""
    wins = 0
    for index in range(40):
        me = index % 2
        state = new_game(players=2, seed=seed(200 + index), options={})
        seq = 0
        while state.turn is not None:
            seat = state.turn
            bot = choose if seat == me else random_bot
            action = bot(
                view(state, seat), legal_actions(state, seat), bot_rng(SEED, seat=seat, seq=seq)
            )
            state = apply(state, seat, action)
            seq += 1
        result = outcome(state)
        assert result is not None
        wins += me in result.winners
    assert wins >= 36


# --- the greedy player (bench/games.py, issue 27) ------------------------------------------------


def greedy_choice(state: State, seat: int = 0) -> Action:
    return greedy_bot(view(state, seat), legal_actions(state, seat), Rng(SEED, "greedy"))


def test_greedy_guesses_the_surest_tile_and_stops_on_poor_odds() -> None:
    """Each hidden tile judged on its own: black between a revealed black 3 and black 5 can
    only be black 4, a sure guess, made at once and again after a correct guess (white 9 could
    be any white 6-10). When no hidden tile shows a number anywhere near, nothing is as likely
    as one chance in two, so after a correct guess it stops and hides its drawn black 2."""
    state = table("w0 w11", "b3* b4 b5* w9")
    assert greedy_choice(state) == guess(1, 3, 4)
    state = table("w0 w11", "b3* b4 b5* w9", step="continue", drawn="b2")
    assert greedy_choice(state) == guess(1, 3, 4)
    state = table("w0 w11", "b1 b6 w9 b10", step="continue", drawn="b2")
    assert greedy_choice(state) == stop(1)


def test_greedy_draws_the_fuller_colour() -> None:
    assert greedy_choice(table("b0 b1 w10 w11", "b3 w5", pool="b6 w0 w1 w2")) == draw("white")
