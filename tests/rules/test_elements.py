"""Elements scenarios from ``rules/elements.md`` and the seed sheet (seed 001), mostly on
hand-written states built with ``dataclasses.replace`` (style 4.13b). Each test names the section
its expectation comes from; cards are written ``"b7"`` (blue 7), ``"r10"`` (red 10), with the
colours r(ed), y(ellow), g(reen), b(lue) and p(urple)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.base import Action
from app.rules.bots import random_bot
from app.rules.elements import (
    ALL_CARDS,
    GAME,
    Card,
    State,
    apply,
    bid_key,
    check_options,
    choose,
    greedy_bot,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.elements.components import card_order
from app.rules.rng import Rng, bot_rng
from tests.rules.moves import played, refusal

SEED = hashlib.sha256(b"elements scenarios").digest()
PASS: dict[str, Any] = {"type": "pass"}
KEEP: dict[str, Any] = {"type": "keep_hand"}
_COLOUR = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "p": "purple"}


def seed(index: int) -> bytes:
    return hashlib.sha256(f"elements:{index}".encode()).digest()


def card(spec: str) -> Card:
    """``"b7"`` is blue 7."""
    return Card(_COLOUR[spec[0]], int(spec[1:]))


def cards(specs: str) -> tuple[Card, ...]:
    return tuple(card(spec) for spec in specs.split())


def ids(specs: str) -> list[str]:
    """Card ids as on the wire: ``"b7 r1"`` -> ``["blue-7", "red-1"]``."""
    return [item.id for item in cards(specs)]


def table(
    *hands: str,
    row: str = "red yellow green blue purple",
    pile: str = "",
    start: int = 0,
    keep: str = "any",
    tie_break: str = "shared",
) -> State:
    """A hand-written game at the start of Phase 1 of round 1: one string of cards per seat,
    the colour row from the box outwards, the draw pile top first."""
    base = new_game(players=len(hands), seed=SEED, options={"keep": keep, "tie_break": tie_break})
    return replace(
        base,
        hands=tuple(tuple(sorted(cards(hand), key=card_order)) for hand in hands),
        row=tuple(row.split()),
        pile=cards(pile),
        start_seat=start,
        turn=start,
        events=(),
    )


def place(spec: str, colour: str) -> Action:
    return {"type": "place_card", "card": card(spec).id, "colour": colour}


def bid(specs: str) -> Action:
    return {"type": "bid", "cards": ids(specs)}


play = partial(played, GAME)


refused = partial(refusal, GAME)


def events(state: State, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [entry for entry in log(state, seat) if entry["type"] == kind]


# --- bid_key: the combination order of the seed, all twelve ranks (design 1.4) -------------------

ORDER = ("blue", "red", "green", "yellow", "purple")
"""A colour row for the ranking tests: blue lies next to the box (worth most), purple farthest."""


def key(specs: str) -> tuple[int, ...]:
    return bid_key(cards(specs), ORDER)


@pytest.mark.parametrize(
    ("rank", "stronger", "weaker"),
    [
        # 1. Four cards of one number: the higher number wins.
        (1, "r7 b7 g7 y7", "r5 b5 g5 p5"),
        # 2. Four of one colour: the more valuable colour wins, whatever the numbers.
        (2, "b1 b2 b3 b4", "r8 r9 r10 r6"),
        # 3. The same colour: the higher top card of the four wins.
        (3, "g1 g2 g3 g9", "g4 g5 g6 g8"),
        # 4. Three of one number: the higher number wins.
        (4, "r6 b6 g6", "r5 b5 g5"),
        # 5. Three of one colour: the more valuable colour wins.
        (5, "b1 b2 b3", "r8 r9 r10"),
        # 6. The same colour: the higher top card of the three wins.
        (6, "p1 p2 p9", "p6 p7 p8"),
        # 7. A pair of one number: the higher number wins.
        (7, "y4 p4", "r3 b3"),
        # 8. The same number: the pair holding the more valuable colour wins.
        (8, "b5 p5", "r5 g5"),
        # 9. A pair of one colour: the more valuable colour wins.
        (9, "r1 r2", "g9 g10"),
        # 10. The same colour: the higher top card of the pair wins.
        (10, "y2 y9", "y7 y8"),
        # 11. A single card: the highest number wins.
        (11, "p10", "b9"),
        # 12. The same number: the more valuable colour wins.
        (12, "b4", "r4"),
    ],
)
def test_bid_key_each_rank_of_the_seed(rank: int, stronger: str, weaker: str) -> None:
    """Seed, Combinations 1-12 (rules/elements.md, Combination ranking)."""
    assert key(stronger) > key(weaker), rank


@pytest.mark.parametrize(
    ("weakest_of_the_better", "best_of_the_worse"),
    [
        ("r0 b0 g0 y0", "b7 b8 b9 b10"),  # four 0s beat the best four of a colour
        ("y1 y2 y3 y4", "r10 b10 g10"),  # four yellows beat three 10s
        ("r0 b0 g0", "b8 b9 b10"),  # three 0s beat the best three of a colour
        ("p0 p1 p2", "b10 r10"),  # three of the least colour beat a pair of 10s
        ("r0 p0", "b9 b10"),  # a pair of 0s beats the best pair of a colour
        ("p0 p1", "b10"),  # a pair of the least colour beats the best single card
    ],
)
def test_bid_key_categories_outrank_everything_below(
    weakest_of_the_better: str, best_of_the_worse: str
) -> None:
    """Seed, Combinations, basic principle: more identical cards beat fewer, and at equal size
    a number beats a colour, whatever the numbers and colours involved."""
    assert key(weakest_of_the_better) > key(best_of_the_worse)


def test_bid_key_orders_one_bid_of_each_rank() -> None:
    """The twelve seed ranks as one chain, strongest first (each rank's winner beats the next
    rank's winner)."""
    chain = [
        "r7 b7 g7 y7",
        "b1 b2 b3 b4",
        "r6 b6 g6",
        "b1 b2 b9",
        "b1 p1 g7",
        "r1 r2 y9",
        "b10 y3",
        "p10",
        "b4",
        "r4",
    ]
    assert sorted(chain, key=key, reverse=True) == chain


def test_bid_key_takes_the_best_pattern_in_the_bid() -> None:
    """Combination ranking: a player's combination is the best pattern among their cards."""
    assert key("r7 b7 r3 r9") == key("r3 r7 r9")  # three reds beat the pair of 7s in it
    assert key("r7 b7 g3 y9") == key("r7 b7")  # a pair of 7s beats the single 9
    assert key("g1 y2 p3 r9") == key("r9")  # nothing matches: the best single card
    assert key("r2 b2 r5 b5") == key("r5 b5")  # two number pairs: the higher one
    assert key("g2 g7 b1 b3") == key("b1 b3")  # two colour pairs: the more valuable colour


def test_bid_key_follows_the_colour_order_given() -> None:
    """The colour order decides the colour ranks: the same bids swap with the row."""
    assert bid_key(cards("b1 b2"), ORDER) > bid_key(cards("r1 r2"), ORDER)
    assert bid_key(cards("b1 b2"), ORDER[::-1]) < bid_key(cards("r1 r2"), ORDER[::-1])
    assert bid_key([("blue", 3)], ORDER) == bid_key(cards("b3"), ORDER)  # plain tuples work


@pytest.mark.parametrize("bad", ["", "r1 r2 r3 r4 r5", "r1 r1"])
def test_bid_key_refuses_impossible_bids(bad: str) -> None:
    with pytest.raises(ValueError):
        bid_key(cards(bad) if bad else (), ORDER)
    with pytest.raises(ValueError):
        bid_key([("orange", 3)], ORDER)


# --- Options and setup (rules/elements.md, Setup) ----------------------------------------------


def test_check_options() -> None:
    """3-5 players; keep "any" (default) or "one"; tie_break "shared" (default) or
    "most_point_cards"."""
    assert check_options(3, {}) == {"keep": "any", "tie_break": "shared"}
    assert check_options(5, {"keep": "one", "tie_break": "most_point_cards"}) == {
        "keep": "one",
        "tie_break": "most_point_cards",
    }
    for players in (2, 6, True, "4"):
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})  # type: ignore[arg-type]
        assert raised.value.code == "bad_players"
    for options in ({"keep": "all"}, {"keep": 1}, {"tie_break": None}, {"rounds": 2}):
        with pytest.raises(IllegalAction) as raised:
            check_options(4, options)
        assert raised.value.code == "bad_option"
    assert GAMES["elements"] is GAME


@pytest.mark.parametrize(("players", "pile"), [(3, 22), (4, 11), (5, 0)])
def test_deal_eleven_each_and_the_rest_is_the_pile(players: int, pile: int) -> None:
    """Setup 2: 11 cards each; the draw pile holds 22 with 3 players, 11 with 4, none with 5.
    Setup 1: the five colours lie in a random row; Setup 3: a random start player."""
    rows, starts = set(), set()
    for index in range(12):
        state = new_game(players=players, seed=seed(index), options={})
        assert [len(hand) for hand in state.hands] == [11] * players
        assert len(state.pile) == pile
        everything = [c for hand in state.hands for c in hand] + list(state.pile)
        assert sorted(everything) == sorted(ALL_CARDS)
        assert sorted(state.row) == sorted(_COLOUR.values())
        assert state.phase == "place" and to_act(state) == {state.start_seat}
        rows.add(state.row)
        starts.add(state.start_seat)
    assert len(rows) > 1 and len(starts) > 1


def test_deal_can_be_redone_by_hand_from_the_seed() -> None:
    """Package docstring: the row, then the 55 cards in canonical order, then the start seat,
    all from Rng(seed, "deal")."""
    rng = Rng(SEED, "deal")
    row, rng = rng.shuffle(("red", "yellow", "green", "blue", "purple"))
    deck, rng = rng.shuffle(ALL_CARDS)
    start, rng = rng.randbelow(4)
    state = new_game(players=4, seed=SEED, options={})
    assert state.row == row and state.start_seat == start
    assert set(state.hands[1]) == set(deck[11:22]) and state.pile == deck[44:]
    assert state.rng == rng
    chosen = new_game(players=4, seed=SEED, options={}, start_seat=(start + 1) % 4)
    assert chosen.start_seat == (start + 1) % 4 and chosen.hands == state.hands


# --- Phase 1: face-down placements, the reveal, the stable re-sort ------------------------------


def three_players(start: int = 1) -> State:
    """The round used by the auction tests: seat 1 starts (so placements go 1, 2, 0)."""
    return table(
        "y6 b9 g9 r10 y2",
        "g4 r3 y5 g1 p2 b1",
        "p8 y7 b7",
        pile="b0 r0 g10 p10",
        start=start,
    )


def placed() -> State:
    """three_players after its placements: g4 on yellow, p8 on green, y6 on red; the pile's
    b0 and r0 fill blue and purple (from the box outwards)."""
    return play(
        three_players(),
        (1, place("g4", "yellow")),
        (2, place("p8", "green")),
        (0, place("y6", "red")),
    )


def test_placements_go_clockwise_from_the_start_player() -> None:
    """Phase 1.1: from the round's start player, clockwise; any colour without a card."""
    state = three_players()
    assert to_act(state) == {1}
    state = apply(state, 1, place("g4", "yellow"))
    assert to_act(state) == {2}
    assert refused(state, 2, place("p8", "yellow")).code == "slot_taken"
    assert refused(state, 2, place("g4", "red")).code == "not_in_hand"
    assert refused(state, 0, place("y6", "red")).code == "not_your_turn"
    assert {a["colour"] for a in legal_actions(state, 2)} == {"red", "green", "blue", "purple"}
    assert len(legal_actions(state, 2)) == 3 * 4  # 3 cards in hand x 4 free colours


def test_face_down_placement_is_hidden_from_everyone_else_until_the_reveal() -> None:
    """Phase 1.1 and Hidden information: the placed card is known only to its placer, even to
    the next placer; the others see which colour is taken (the leak harness checks the same on
    the WebSocket, tests/security/secrets/elements.py)."""
    state = apply(three_players(), 1, place("g4", "yellow"))
    twin = apply(three_players(), 1, place("r3", "yellow"))  # another card, same slot
    for viewer in (2, 0, None):  # the next placer first
        shown = json.dumps([view(state, viewer), log(state, viewer)])
        assert '"green-4"' not in shown
        assert view(state, viewer) == view(twin, viewer)
        slot = view(state, viewer)["row"][1]
        assert slot == {
            "colour": "yellow",
            "taken": True,
            "placed_by": 1,
            "card": None,
            "status": "face_down",
            "won_by": None,
        }
        assert events(state, "card_placed", viewer) == [
            {"type": "card_placed", "round": 1, "seat": 1, "colour": "yellow", "card": None}
        ]
    assert view(state, 2) == view(twin, 2) and legal_actions(state, 2) == legal_actions(twin, 2)
    assert view(state, None) == view(twin, None) and log(state, None) == log(twin, None)
    assert view(state, 1)["row"][1]["card"] == "green-4"  # the placer sees its own card
    assert events(state, "card_placed", 1)[0]["card"] == "green-4"
    # The second placement stays hidden too, also from the first placer.
    state = apply(state, 2, place("p8", "green"))
    assert '"purple-8"' not in json.dumps([view(state, 1), log(state, 1), view(state, 0)])


def test_reveal_fills_empty_colours_from_the_pile_and_re_sorts_the_row() -> None:
    """Phase 1.2-5: the pile's top cards fill the empty colours (3 players: two), all five are
    revealed, and the row is re-sorted by value, the highest next to the box; Phase 2.1: the
    zeros are set aside."""
    state = placed()
    assert state.revealed and state.phase == "auction"
    assert events(state, "cards_revealed")[0]["cards"] == ids("y6 g4 p8 b0 r0")
    # Values red 6, yellow 4, green 8, blue 0, purple 0 -> green, red, yellow, blue, purple.
    assert state.row == ("green", "red", "yellow", "blue", "purple")
    assert [slot["card"] for slot in view(state, None)["row"]] == ids("p8 y6 g4 b0 r0")
    assert [slot["status"] for slot in view(state, None)["row"]] == [
        "waiting",
        "waiting",
        "auction",
        "set_aside",
        "set_aside",
    ]
    assert events(state, "set_aside")[0]["cards"] == ids("b0 r0")
    assert state.pile == cards("g10 p10")


@pytest.mark.parametrize(
    ("row", "placements", "expected"),
    [
        # Values red 5, yellow 8, green 5, blue 2, purple 8: yellow stays ahead of purple and
        # red ahead of green, as they lay before.
        (
            "red yellow green blue purple",
            ["y5", "g8", "b5", "p2", "r8"],
            "yellow purple red green blue",
        ),
        # Each colour keeps its value (purple 8, blue 2, green 5, yellow 8, red 5) on a row in
        # another order: the tied pairs keep *that* order, so green now precedes red.
        (
            "purple blue green yellow red",
            ["r8", "p2", "b5", "g8", "y5"],
            "purple yellow green red blue",
        ),
        # All equal: nothing moves.
        (
            "blue green red purple yellow",
            ["r3", "g3", "b3", "p3", "y3"],
            "blue green red purple yellow",
        ),
    ],
)
def test_stable_tie_order_of_the_colour_row(row: str, placements: list[str], expected: str) -> None:
    """Phase 1.4: descending by the attached number; ties keep their previous relative order
    (the tied card that was nearer the box stays nearer): a stable sort on the old order."""
    state = table(*placements, row=row)
    colours = row.split()
    for seat, spec in enumerate(placements):
        state = apply(state, seat, place(spec, colours[seat]))
    assert state.row == tuple(expected.split())
    assert events(state, "row_sorted")[0]["row"] == expected.split()


def test_all_five_zeros_mean_no_auction_this_round() -> None:
    """Phase 2.1: zero point cards are set aside; with only zeros the round ends at once."""
    state = table("r0 r5", "y0 y5", "g0 g5", pile="b0 p0 b9")
    state = play(
        state, (0, place("r0", "red")), (1, place("y0", "yellow")), (2, place("g0", "green"))
    )
    assert state.phase == "refill"
    assert events(state, "round_scored")[0]["points"] == [0, 0, 0]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_face_down_placements_stay_hidden_in_every_round_of_whole_games(players: int) -> None:
    """Phase 1.1 and Hidden information, over whole random games (every round, so cards that
    were public in an earlier round are placed again): before the reveal, nobody but the placer
    sees a face-down card: its id is nowhere in another seat's or a spectator's view, nor in
    this round's log lines (earlier rounds may name the card legitimately: it was bid, or the
    viewer held it, before the reshuffle)."""
    state = new_game(players=players, seed=seed(40 + players), options={})
    checked = 0
    seq = 0
    while to_act(state):
        if state.phase == "place":
            for position, slot_card in enumerate(state.slots):
                placer = state.placed_by[position]
                if slot_card is None or placer is None:
                    continue
                for viewer in [*range(players), None]:
                    if viewer == placer:
                        continue
                    shown = view(state, viewer)
                    assert shown["row"][position]["status"] == "face_down"
                    this_round = [e for e in log(state, viewer) if e["round"] == state.round]
                    assert f'"{slot_card.id}"' not in json.dumps([shown, this_round])
                    checked += 1
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        action = random_bot(view(state, seat), legal, bot_rng(SEED, seat=seat, seq=seq))
        state = apply(state, seat, action)
        seq += 1
    assert checked > players * players  # every round had face-down cards to check


# --- Phase 2: the auctions ---------------------------------------------------------------------


def test_auctions_go_from_the_far_end_towards_the_box() -> None:
    """Phase 2.2: lowest value first (far end), zeros left out; equal values far one first."""
    state = placed()
    assert view(state, None)["auction"]["card"] == "green-4"
    assert view(state, None)["queue"] == ids("y6 p8")
    # Equal values: 5 players place 3, 7, 3, 7, 9 on red, yellow, green, blue, purple.
    state = table("r3 r1", "y7 y1", "g3 g1", "b7 b1", "p9 p1")
    for seat, (spec, colour) in enumerate(
        zip(
            ["r3", "y7", "g3", "b7", "p9"],
            ["red", "yellow", "green", "blue", "purple"],
            strict=True,
        )
    ):
        state = apply(state, seat, place(spec, colour))
    assert state.row == ("purple", "yellow", "blue", "red", "green")
    order = [view(state, None)["auction"]["card"], *view(state, None)["queue"]]
    assert order == ids("g3 r3 b7 y7 p9")  # green lies farther than red, blue than yellow


def test_a_passed_one_card_bid_wins() -> None:
    """Phase 2.3: passing ends your part in the auction, but the cards you played stay in and
    compete; the seed: the best combination wins "even if it has only one or two cards".
    Seat 0 plays blue 9 and passes; seat 1 goes on to four cards without a pair or a colour
    set (red 3, yellow 5, green 1, purple 2: its best is the single 5); blue 9 wins."""
    state = play(
        placed(),
        (1, bid("r3")),  # lap 1, from the round's start player
        (2, PASS),
        (0, bid("b9")),
        (1, bid("y5")),  # lap 2
        (0, PASS),  # out, but blue 9 still competes
        (1, bid("g1 p2")),  # lap 3: two at once; now every seat is out or has 4 cards
    )
    won = events(state, "auction_won")
    assert won == [
        {
            "type": "auction_won",
            "round": 1,
            "seat": 0,
            "card": "green-4",
            "value": 4,
            "kind": "single",
            "number": 9,
            "colour": "blue",
            "bid": ["blue-9"],
        }
    ]
    assert state.point_owner[state.row.index("yellow")] == 0
    # Phase 2.6: every card played, the winner's and the losers', is discarded.
    assert sorted(state.discard) == sorted(cards("r3 b9 y5 g1 p2"))
    assert cards("b9")[0] not in state.hands[0] and len(state.hands[1]) == 1
    # Phase 2.7: the winner starts the next auction (not the previous starter, seat 1).
    assert view(state, None)["auction"]["starter"] == 0 and to_act(state) == {0}
    assert view(state, None)["won_this_round"] == [1, 0, 0]
    assert view(state, None)["round_points"] == [4, 0, 0]


def test_an_auction_nobody_bids_in() -> None:
    """Phase 2.5: if nobody plays a card, the point card goes to nobody; [SEED-SILENT] the same
    starter starts the next auction."""
    state = play(
        placed(),
        (1, bid("r3")),
        (2, PASS),
        (0, bid("b9")),
        (1, PASS),
        (0, PASS),
    )
    assert events(state, "auction_won")[0]["seat"] == 0  # blue 9 beats red 3
    assert view(state, None)["auction"]["card"] == "yellow-6"
    state = play(state, (0, PASS), (1, PASS), (2, PASS))
    assert events(state, "auction_unsold") == [
        {"type": "auction_unsold", "round": 1, "card": "yellow-6"}
    ]
    assert state.point_owner[state.row.index("red")] is None
    slot = view(state, None)["row"][state.row.index("red")]
    assert slot["status"] == "unsold" and slot["won_by"] is None
    auction = view(state, None)["auction"]
    assert auction["card"] == "purple-8" and auction["starter"] == 0
    assert sorted(state.discard) == sorted(cards("r3 b9"))  # nothing added


def test_laps_play_one_one_then_two_cards() -> None:
    """Phase 2.3: lap 1 one card, lap 2 one more, lap 3 two at once; passing always allowed."""
    state = placed()
    assert refused(state, 1, bid("r3 y5")).code == "wrong_count"
    assert PASS in legal_actions(state, 1)
    assert all(len(a["cards"]) == 1 for a in legal_actions(state, 1) if a["type"] == "bid")
    state = play(state, (1, bid("r3")), (2, bid("y7")), (0, bid("b9")))
    state = play(state, (1, bid("y5")), (2, bid("b7")), (0, bid("g9")))
    assert view(state, None)["auction"]["lap"] == 3
    assert view(state, None)["auction"]["cards_needed"] == 2
    assert refused(state, 1, bid("g1")).code == "wrong_count"
    pairs = [a["cards"] for a in legal_actions(state, 1) if a["type"] == "bid"]
    assert pairs == [ids("g1 b1"), ids("g1 p2"), ids("b1 p2")]  # 3 cards left: every pair
    # Either order names the same two cards.
    assert apply(state, 1, bid("p2 g1")) == apply(state, 1, bid("g1 p2"))


def test_a_seat_that_cannot_play_two_cards_passes_and_its_cards_still_count() -> None:
    """Phase 2.3: "a player who cannot play two cards must pass" in lap 3 (done by the rules,
    logged as forced); its two cards still compete. Seat 2 ends lap 2 with a pair of 7s and no
    card left; seat 0's pair of 9s leads it (rank 7: the higher number), and both pairs beat
    seat 1's four odd cards (its best is the single 5)."""
    state = play(
        placed(),
        (1, bid("r3")),
        (2, bid("y7")),
        (0, bid("b9")),
        (1, bid("y5")),
        (2, bid("b7")),
        (0, bid("g9")),
    )
    assert state.hands[2] == ()
    state = apply(state, 1, bid("g1 p2"))
    # Seat 2 cannot play two cards: passed for it, and it is seat 0's turn.
    assert events(state, "passed", None)[-1] == {
        "type": "passed",
        "round": 1,
        "seat": 2,
        "forced": True,
    }
    auction = view(state, None)["auction"]
    assert auction["turn"] == 0 and auction["leader"] == 0
    assert auction["combinations"][2] == {
        "kind": "number_pair",
        "number": 7,
        "colour": None,
        "cards": ids("y7 b7"),
    }
    state = apply(state, 0, PASS)
    assert events(state, "auction_won")[0]["seat"] == 0
    assert events(state, "auction_won")[0]["kind"] == "number_pair"


def test_a_seat_with_no_cards_is_passed_over() -> None:
    """Phase 2.3: with an empty hand there is nothing to play: the rules pass for the seat."""
    state = replace(three_players(), hands=(cards("y6 b9"), cards("g4"), cards("p8 y7")))
    state = play(
        state, (1, place("g4", "yellow")), (2, place("p8", "green")), (0, place("y6", "red"))
    )
    # Seat 1 (the starter) has no card left: the first turn is seat 2's.
    assert to_act(state) == {2}
    assert events(state, "passed")[0] == {"type": "passed", "round": 1, "seat": 1, "forced": True}


def test_illegal_and_malformed_actions_are_refused_with_their_code() -> None:
    """design 1.1: malformed actions are "bad_action"; rule breaches have their own codes."""
    state = placed()
    for action, code in [
        ({"type": "bid", "cards": "blue-9"}, "bad_action"),
        ({"type": "bid", "cards": ["blue-11"]}, "bad_action"),
        ({"type": "bid", "cards": ["red-3", "red-3"]}, "bad_action"),
        ({"type": "bid", "cards": []}, "bad_action"),
        ({"type": "bid", "cards": ["red-3", "yellow-5", "green-1"]}, "bad_action"),
        ({"type": "bid", "cards": [True]}, "bad_action"),
        ({"type": "bid"}, "bad_action"),
        ({"type": "pass", "cards": []}, "bad_action"),
        ({"type": "Pass"}, "bad_action"),
        ({"type": "place_card", "card": "red-3", "colour": "yellow"}, "must_bid"),
        ({"type": "keep_hand"}, "must_bid"),
        (bid("b9"), "not_in_hand"),
    ]:
        assert refused(state, 1, action).code == code, action
    assert refused(state, 0, PASS).code == "not_your_turn"
    assert refused(three_players(), 1, place("g4", "orange")).code == "bad_action"


# --- Phase 3: the refill, the rounds and the end ------------------------------------------------


def to_refill() -> State:
    """placed(): seat 0 wins green 4 with blue 9, nobody bids on yellow 6, seat 0 wins purple 8
    with green 9: 4 + 8 = 12 points for seat 0 in round 1."""
    return play(
        placed(),
        (1, bid("r3")),
        (2, PASS),
        (0, bid("b9")),
        (1, PASS),
        (0, PASS),
        (0, PASS),
        (1, PASS),
        (2, PASS),
        (0, bid("g9")),
        (1, PASS),
        (2, PASS),
        (0, PASS),
    )


def test_round_is_scored_and_everyone_chooses_what_to_keep_at_once() -> None:
    """Phase 3.1: each seat scores the point cards it won; Phase 3.3: every seat may keep any
    number of cards, so every seat with cards acts (in any order)."""
    state = to_refill()
    assert state.phase == "refill"
    assert events(state, "round_scored")[0]["points"] == [12, 0, 0]
    assert view(state, None)["scores"] == [12, 0, 0]
    assert to_act(state) == {0, 1, 2}
    assert view(state, None)["to_act"] == [0, 1, 2]
    # Seat 0 holds red 10 and yellow 2 (hands in canonical order: colour, then value).
    assert legal_actions(state, 0) == [
        {"type": "return_card", "card": "red-10"},
        {"type": "return_card", "card": "yellow-2"},
        KEEP,
    ]


def test_refill_keeps_the_chosen_cards_and_draws_back_to_eleven() -> None:
    """Phase 3.3-5: returned cards go back face down (only their owner sees which), the deck is
    shuffled and every hand refilled to 11; the seat left of the last start player starts."""
    state = to_refill()
    state = apply(state, 2, {"type": "return_card", "card": "yellow-7"})
    returned = events(state, "card_returned", None)[-1]
    assert returned == {"type": "card_returned", "round": 1, "seat": 2, "card": None}
    assert events(state, "card_returned", 2)[-1]["card"] == "yellow-7"
    assert '"yellow-7"' not in json.dumps([view(state, 0), log(state, 0)])
    assert view(state, 2)["refill"]["yours"] == ["yellow-7"]
    assert view(state, 0)["refill"]["returned"] == [0, 0, 1]
    kept = state.hands[0]
    state = play(state, (0, KEEP), (2, KEEP))
    assert state.phase == "refill" and to_act(state) == {1}
    for spec in ("y5", "g1", "p2"):
        state = apply(state, 1, {"type": "return_card", "card": card(spec).id})
    assert state.phase == "refill"
    state = apply(state, 1, {"type": "return_card", "card": "blue-1"})  # its last card
    # Putting back the last card ends the choice; everyone has chosen: the next round begins.
    assert state.phase == "place" and state.round == 2
    assert [len(hand) for hand in state.hands] == [11, 11, 11]
    assert set(kept) <= set(state.hands[0]) and card("b7") in state.hands[2]
    assert state.start_seat == 2 and to_act(state) == {2}  # left of seat 1
    assert len(state.pile) == 55 - 33
    drawn = events(state, "hand_refilled", 0)
    assert [(e["seat"], e["drawn"]) for e in drawn] == [(0, 11 - len(kept)), (1, 11), (2, 11 - 1)]
    assert drawn[0]["cards"] is not None and drawn[1]["cards"] is None


def test_keep_one_option_allows_at_most_one_card() -> None:
    """Phase 3.3 [SEED≠OFFICIAL], option keep "one": the English sheet's single kept card."""
    state = replace(to_refill(), keep="one")
    assert KEEP not in legal_actions(state, 0)  # 2 cards in hand
    assert refused(state, 0, KEEP).code == "keep_one"
    state = apply(state, 0, {"type": "return_card", "card": "yellow-2"})
    assert KEEP in legal_actions(state, 0)


def test_five_players_use_every_card_after_the_refill() -> None:
    """Phase 3.4: with 5 players the refill uses exactly all 55 cards."""
    state = new_game(players=5, seed=seed(5), options={})
    state = _play_out(state, until=lambda s: s.round == 2)
    assert [len(hand) for hand in state.hands] == [11] * 5 and state.pile == ()
    assert sorted(c for hand in state.hands for c in hand) == sorted(ALL_CARDS)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_round_per_player_then_the_totals(players: int) -> None:
    """Game end: as many rounds as players, each starting once (the start moves left); the
    winner has the highest total of the point cards won."""
    state = new_game(players=players, seed=seed(players), options={})
    first = state.start_seat
    state = _play_out(state, until=lambda s: s.phase == "over")
    starts = [e["start_seat"] for e in events(state, "round_started")]
    assert starts == [(first + offset) % players for offset in range(players)]
    assert [e["round"] for e in events(state, "round_scored")] == list(range(1, players + 1))
    totals = [0] * players
    for won in events(state, "auction_won"):
        totals[won["seat"]] += won["value"]
    result = outcome(state)
    assert result is not None and result.scores == totals
    assert result.winners == {seat for seat in range(players) if totals[seat] == max(totals)}
    assert result.detail["rounds"] == [e["points"] for e in events(state, "round_scored")]
    assert to_act(state) == frozenset() and legal_actions(state, 0) == []
    assert refused(state, 0, PASS).code == "game_over"


def test_ties_are_shared_or_broken_by_most_point_cards() -> None:
    """Game end [SEED-SILENT]: a shared win by default; the option breaks it by point cards."""
    over = replace(to_refill(), phase="over", scores=(12, 12, 3), point_cards=(2, 3, 1))
    result = outcome(over)
    assert result is not None and result.winners == {0, 1}
    result = outcome(replace(over, tie_break="most_point_cards"))
    assert result is not None and result.winners == {1}
    result = outcome(replace(over, tie_break="most_point_cards", point_cards=(3, 3, 1)))
    assert result is not None and result.winners == {0, 1}


def _play_out(state: State, *, until: Any) -> State:
    """Random legal actions (each seat's own rng) until ``until(state)``."""
    seq = 0
    while not until(state):
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        state = apply(
            state, seat, random_bot(view(state, seat), legal, bot_rng(SEED, seat=seat, seq=seq))
        )
        seq += 1
    return state


# --- The bot (design 1.5) ------------------------------------------------------------------------


def bot_choice(state: State, seat: int) -> Action:
    return choose(view(state, seat), legal_actions(state, seat), Rng(SEED, "bot"))


def test_bot_passes_while_it_leads_and_outbids_cheaply_when_it_pays() -> None:
    """The bot's passed bid still competes, so it does not add cards while in front; when no
    card is worth keeping any more it plays one that takes the lead."""
    leading = play(placed(), (1, bid("r3")), (2, PASS), (0, bid("b9")), (1, bid("y5")))
    assert bot_choice(leading, 0) == PASS  # blue 9 leads
    # The last auction of the last round: cards are worth nothing afterwards, so it bids.
    last = play(replace(placed(), round=3, queue=()), (1, bid("r3")), (2, PASS))
    assert bot_choice(last, 0) in [bid(spec) for spec in ("b9", "g9", "r10")]


def test_bot_beats_random_bots() -> None:
    """design 1.5: better than random play; 30 seeded 3-player games, bot rotating seats
    (bench/games.py gives the 200-game figures)."""
    wins = 0
    for index in range(30):
        me = index % 3
        state = new_game(players=3, seed=seed(300 + index), options={})
        seq = 0
        while acting := to_act(state):
            seat = min(acting)
            bot = choose if seat == me else random_bot
            legal = legal_actions(state, seat)
            state = apply(
                state, seat, bot(view(state, seat), legal, bot_rng(SEED, seat=seat, seq=seq))
            )
            seq += 1
        result = outcome(state)
        assert result is not None
        wins += me in result.winners
    assert wins >= 24


# --- the greedy player (bench/games.py, issue 27) ------------------------------------------------


def greedy_choice(state: State, seat: int) -> Action:
    return greedy_bot(view(state, seat), legal_actions(state, seat), Rng(SEED, "greedy"))


def test_greedy_takes_the_lead_with_the_cheapest_cards_and_passes_while_leading() -> None:
    """Phase 2.3: a passed bid still competes, so the greedy player passes while it leads;
    behind green 1 it plays its cheapest card that leads (yellow 2 beats green 1 as a single),
    and behind blue 7 with yellow 2 out it adds a 9 (blue 9 or green 9, the cheapest that lead)."""
    assert greedy_choice(play(placed(), (1, bid("g1")), (2, PASS)), 0) == bid("y2")
    leading = play(placed(), (1, bid("r3")), (2, PASS), (0, bid("b9")), (1, bid("y5")))
    assert greedy_choice(leading, 0) == PASS  # blue 9 leads
    behind = play(placed(), (1, bid("r3")), (2, bid("b7")), (0, bid("y2")), (1, PASS))
    assert greedy_choice(behind, 2) == PASS  # blue 7 leads: seat 2 passes too
    assert greedy_choice(play(behind, (2, PASS)), 0) in (bid("b9"), bid("g9"))


def test_greedy_places_its_lowest_card_and_puts_back_cards_below_five() -> None:
    """Phase 1: its lowest cards are green 1 and blue 1; it holds no other blue, so blue 1 goes
    in front of blue. Refill: seat 0 holds red 10 and yellow 2: yellow 2 (below a fresh
    card's mean of 5) goes back, red 10 is kept."""
    assert greedy_choice(three_players(), 1) == place("b1", "blue")
    state = to_refill()
    assert greedy_choice(state, 0) == {"type": "return_card", "card": card("y2").id}
    assert greedy_choice(apply(state, 0, {"type": "return_card", "card": card("y2").id}), 0) == KEEP
