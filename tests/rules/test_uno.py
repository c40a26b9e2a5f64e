"""UNO scenarios from ``rules/uno.md``, mostly on hand-written states built with
``dataclasses.replace`` (style 4.13b). Each test names the section its expectation comes from,
or works the case out by hand in its docstring. Cards are written short: ``"r7"`` red 7,
``"gS"`` green Skip, ``"bR"`` blue Reverse, ``"y+2"`` yellow Draw Two, ``"W"`` Wild, ``"W4"``
Wild Draw Four."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.base import Action
from app.rules.bots import random_bot
from app.rules.rng import Rng, bot_rng
from app.rules.uno import (
    DECK,
    GAME,
    Options,
    Pending,
    State,
    answers_penalty,
    apply,
    can_follow,
    card_points,
    check_options,
    choose,
    greedy_bot,
    hand_points,
    legal_actions,
    log,
    new_game,
    outcome,
    rollout,
    to_act,
    view,
    wild_draw_four_guilty,
)
from app.rules.uno.components import DEFAULT_OPTIONS, sort_key
from app.rules.uno.flow import deal_hand
from app.rules.uno.game import determinize
from app.rules.uno.state import NoMatch
from tests.rules.moves import random_positions, refusal

SEED = hashlib.sha256(b"uno scenarios").digest()
DRAW: Action = {"type": "draw"}
PASS: Action = {"type": "pass"}
TAKE: Action = {"type": "draw_penalty"}
CHALLENGE: Action = {"type": "challenge"}
UNO: Action = {"type": "call_uno"}

_COLOURS = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
_SYMBOLS = {"S": "skip", "R": "reverse", "+2": "draw2"}


def seed(index: int) -> bytes:
    return hashlib.sha256(f"uno:{index}".encode()).digest()


def card(spec: str) -> str:
    """``"r7"`` -> ``"red:7"``, ``"gS"`` -> ``"green:skip"``, ``"W4"`` -> ``"wild4"``."""
    if spec in ("W", "W4"):
        return {"W": "wild", "W4": "wild4"}[spec]
    value = spec[1:]
    return f"{_COLOURS[spec[0]]}:{_SYMBOLS.get(value, value)}"


def cards(specs: str) -> tuple[str, ...]:
    """A hand in the tests' notation, sorted the way the state keeps hands."""
    return tuple(sorted((card(spec) for spec in specs.split()), key=sort_key))


def play(spec: str, colour: str | None = None) -> Action:
    action: Action = {"type": "play", "card": card(spec)}
    if colour is not None:
        action["colour"] = colour
    return action


def catch(target: int) -> Action:
    return {"type": "catch", "target": target}


def table(
    *hands: str,
    top: str = "r5",
    colour: str | None = None,
    turn: int = 0,
    pile: str = "g0 g1 g2 g3 g4 g5 g6 g7 g8 g9",
    below: str = "b1",
    **options: Any,
) -> State:
    """A hand-written hand of a one-hand match: one string per seat's hand, the top discard
    (over ``below``), the pile top first, seat ``turn`` to play; ``options`` as the table's."""
    base = new_game(players=len(hands), seed=SEED, options=options)
    top_card = card(top)
    return replace(
        base,
        dealer=(turn - 1) % len(hands),
        hands=tuple(cards(hand) for hand in hands),
        pile=tuple(card(spec) for spec in pile.split()),
        discard=((card(below), _COLOURS[below[0]]), (top_card, colour or _COLOURS.get(top[0]))),
        direction=1,
        turn=turn,
        step="play",
        drawn=None,
        pending=None,
        wild_draw_four=None,
        last_challenge=None,
        pre_called=None,
        uno_window=None,
        said_uno=frozenset(),
        passes=0,
        events=(),
    )


refused = partial(refusal, GAME)


def entries(state: State, viewer: int | None, kind: str) -> list[dict[str, Any]]:
    return [entry for entry in log(state, viewer) if entry["type"] == kind]


# --- cards, deck and options (rules/uno.md, Deck and Scoring) -----------------------------------


def test_the_deck_has_108_cards() -> None:
    """Deck: per colour one 0 and two each of 1-9, Skip, Reverse, Draw Two; 4 + 4 wild cards."""
    assert len(DECK) == 108
    assert DECK.count("red:0") == 1 and DECK.count("red:9") == 2
    assert DECK.count("blue:draw2") == 2 and DECK.count("green:reverse") == 2
    assert DECK.count("wild") == 4 and DECK.count("wild4") == 4
    assert sum(card.startswith("yellow:") for card in DECK) == 25


def test_card_values() -> None:
    """Scoring: numbers at face value, actions 20, wild cards 50."""
    assert [card_points(card(spec)) for spec in ("r0", "b7", "gS", "yR", "r+2", "W", "W4")] == [
        0,
        7,
        20,
        20,
        20,
        50,
        50,
    ]
    assert hand_points(cards("r9 bS W4")) == 79  # 9 + 20 + 50


def test_check_options() -> None:
    """Every house rule is on by default; the Wild Draw Four rule and scoring are the seed's
    (rules/uno.md, House rule 4: "Default: the seed's rule")."""
    assert check_options(2, {}) == DEFAULT_OPTIONS
    assert DEFAULT_OPTIONS == {
        "scoring": "seed",
        "target": 0,
        "stack_draw_two": True,
        "stack_draw_four": True,
        "no_wild_on_penalty": True,
        "wd4_rule": "seed",
        "wd4_challenge": True,
        "uno_call": True,
        "false_uno_penalty": True,
        "going_out_penalty": True,
        "deck_exhausted": "reshuffle",
        "first_reverse": "seed",
    }
    assert check_options(10, {"scoring": "official", "target": 500})["target"] == 500
    for players in (1, 11, True, "4"):
        assert _option_error(players, {}) == "bad_players"
    for bad in (
        {"scoring": "chips"},
        {"target": -1},
        {"target": 1001},
        {"target": True},
        {"target": 5.0},
        {"stack_draw_two": 1},
        {"wd4_rule": None},
        {"colour": "red"},
    ):
        assert _option_error(4, bad) == "bad_option", bad


def _option_error(players: Any, options: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as raised:
        check_options(players, options)
    return raised.value.code


def test_registered() -> None:
    assert GAMES["uno"] is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 10)


# --- the deal (rules/uno.md, Players and deal) --------------------------------------------------


def test_a_new_hand_deals_seven_cards_each_and_turns_up_one() -> None:
    """Players and deal: 7 cards each (9 for a first player hit by a first Draw Two); every
    card of the 108 is somewhere exactly once."""
    for players in (2, 5, 10):
        state = new_game(players=players, seed=seed(players), options={})
        sizes = sorted(len(hand) for hand in state.hands)
        first = entries(state, None, "hand_started")[0]["first_card"]
        extra = [9] if first.endswith(":draw2") else []
        assert sizes == [7] * (players - len(extra)) + extra
        everything = [c for hand in state.hands for c in hand] + list(state.pile)
        everything += [c for c, _ in state.discard]
        assert sorted(everything) == sorted(DECK)


def test_the_first_dealer_is_the_highest_draw_with_ties_redrawn() -> None:
    """Players and deal: each player draws a card, the highest number deals, action cards
    count as 0; tied highest players draw again (worked through from the logged draws)."""
    redrawn = 0
    for index in range(30):
        state = new_game(players=4, seed=seed(index), options={})
        (chosen,) = entries(state, None, "dealer_chosen")
        draws = chosen["draws"]
        contenders = [0, 1, 2, 3]
        position = 0
        while len(contenders) > 1:
            round_ = draws[position : position + len(contenders)]
            position += len(contenders)
            assert [seat for seat, _ in round_] == contenders
            values = {seat: _draw_value(code) for seat, code in round_}
            contenders = [seat for seat in contenders if values[seat] == max(values.values())]
        assert position == len(draws) and contenders == [chosen["dealer"]] == [state.dealer]
        redrawn += len(draws) > 4
    assert redrawn  # ties happen among these seeds


def _draw_value(code: str) -> int:
    value = code.partition(":")[2]
    return int(value) if value.isdigit() else 0


def test_a_table_may_choose_who_leads() -> None:
    """A rematch's start seat leads the first hand: its right neighbour deals."""
    state = new_game(players=5, seed=SEED, options={}, start_seat=3)
    assert state.dealer == 2


def _first_card_game(value: str, players: int = 3, **options: Any) -> State:
    """The first seeded deal whose first card has ``value`` (scanning seeds 0, 1, 2, ...)."""
    for index in range(2000):
        state = new_game(players=players, seed=seed(index), options=options)
        first = entries(state, None, "hand_started")[0]["first_card"]
        if first.partition(":")[2] == value or first == value:
            return state
    raise AssertionError(f"no deal starts with {value}")


def test_first_card_draw_two_makes_the_first_player_draw_and_lose_the_turn() -> None:
    """First card Draw Two [SEED-SILENT, official]: the dealer's left draws 2 and is skipped."""
    state = _first_card_game("draw2")
    leader = (state.dealer + 1) % 3
    assert len(state.hands[leader]) == 9
    assert state.turn == (leader + 1) % 3 and state.pending is None


def test_first_card_skip_and_wild() -> None:
    """First card Skip: the first player is skipped. Wild: the first player names the colour."""
    state = _first_card_game("skip")
    assert state.turn == (state.dealer + 2) % 3
    state = _first_card_game("wild")
    leader = (state.dealer + 1) % 3
    assert (state.turn, state.step) == (leader, "first_colour")
    assert legal_actions(state, leader) == [
        {"type": "choose_colour", "colour": colour} for colour in ("red", "yellow", "green", "blue")
    ]
    assert refused(state, leader, DRAW).code == "must_choose_colour"
    named = apply(state, leader, {"type": "choose_colour", "colour": "green"})
    assert (named.turn, named.step, named.colour) == (leader, "play", "green")


def test_first_card_reverse_seed_and_official() -> None:
    """First card Reverse: seed, the dealer's right starts; official, the dealer starts."""
    state = _first_card_game("reverse", players=4)
    assert state.direction == -1 and state.turn == (state.dealer - 1) % 4
    state = _first_card_game("reverse", players=4, first_reverse="official")
    assert state.direction == -1 and state.turn == state.dealer


def test_a_wild_draw_four_is_never_the_first_card() -> None:
    """Players and deal: a Wild Draw Four turned up goes back and another card is turned."""
    put_back = [
        entry
        for index in range(300)
        for entry in entries(
            new_game(players=2, seed=seed(index), options={}), None, "hand_started"
        )
        if entry["put_back"]
    ]
    assert put_back  # the case happens among these seeds
    assert all(entry["first_card"] != "wild4" for entry in put_back)


# --- matching and drawing (rules/uno.md, Turn) --------------------------------------------------


def test_matching_colour_number_symbol_or_wild() -> None:
    """Turn: a card matches in colour, number or symbol; black cards always."""
    state = table("r7 b5 g3 W y+2", "g1 g2")
    assert legal_actions(state, 0) == [
        play("r7"),
        play("b5"),
        *[play("W", colour) for colour in ("red", "yellow", "green", "blue")],
    ]
    assert can_follow(card("bS"), card("rS"), "red")  # same symbol
    assert not can_follow(card("b5"), "wild", "red")  # a wild has no number
    assert refused(state, 0, play("g3")).code == "no_match"
    assert refused(state, 0, play("y9")).code == "not_in_hand"
    assert refused(state, 1, play("g1")).code == "not_your_turn"


def test_draw_only_when_unable_then_play_it_or_pass() -> None:
    """Turn: draw one card when you cannot play; play it at once if it matches, or pass."""
    state = table("g1 b2", "y1 y2", pile="r8 y3")
    assert refused(table("r1 b2", "y1"), 0, DRAW).code == "must_play"
    assert legal_actions(state, 0) == [DRAW]
    drawn = apply(state, 0, DRAW)
    assert (drawn.step, drawn.drawn, drawn.turn) == ("drawn", "red:8", 0)
    assert legal_actions(drawn, 0) == [play("r8"), PASS]
    assert view(drawn, 0)["drawn"] == "red:8" and view(drawn, 1)["drawn"] is None
    assert entries(drawn, 1, "drew")[0] == {
        "type": "drew",
        "seat": 0,
        "count": 1,
        "reason": "draw",
        "cards": None,
    }
    assert entries(drawn, 0, "drew")[0]["cards"] == ["red:8"]
    kept = apply(drawn, 0, PASS)
    assert kept.turn == 1 and cards("g1 b2 r8") == kept.hands[0]
    played = apply(drawn, 0, play("r8"))
    assert played.top == "red:8" and played.turn == 1


def test_a_drawn_card_that_does_not_match_can_only_be_kept() -> None:
    """Turn: "otherwise your turn ends" (the pass is asked anyway, so nobody learns the card)."""
    drawn = apply(table("g1 b2", "y1 y2", pile="y3"), 0, DRAW)
    assert legal_actions(drawn, 0) == [PASS]
    assert refused(drawn, 0, play("g1")).code == "play_drawn_only"


def test_reshuffle_the_discard_pile_when_the_pile_runs_out() -> None:
    """Rule 7 (default): the discard pile but its top card becomes the new pile, shuffled from
    the rng the state carries; the same state always reshuffles the same way."""
    state = table("g1 b2", "y1 y2", pile="")
    state = replace(
        state, discard=((card("b7"), "blue"), (card("y8"), "yellow"), (card("r5"), "red"))
    )
    drawn = apply(state, 0, DRAW)
    assert drawn.discard == ((card("r5"), "red"),)
    assert len(drawn.pile) == 1 and drawn.drawn in ("blue:7", "yellow:8")
    assert drawn.rng != state.rng
    assert apply(state, 0, DRAW) == drawn
    assert entries(drawn, None, "reshuffled") == [{"type": "reshuffled", "count": 2}]


def test_void_hand_when_the_pile_runs_out_with_the_void_option() -> None:
    """Rule 7, variant: the hand is void; a one-hand match ends with nobody scoring."""
    state = table("g1 b2", "y1 y2", pile="", deck_exhausted="void")
    over = apply(state, 0, DRAW)
    result = outcome(over)
    assert result is not None and result.scores == [0, 0] and result.winners == {0, 1}
    assert result.detail["hands"][0]["void"] == "exhausted"


def test_a_blocked_hand_is_void() -> None:
    """Nothing to draw, nothing to play: a pass; a whole round of passes ends the hand void."""
    state = table("g1", "y1", "b2", pile="", below="b1")
    state = replace(state, discard=state.discard[-1:])
    assert legal_actions(state, 0) == [PASS]
    state = apply(apply(state, 0, PASS), 1, PASS)
    assert outcome(state) is None
    over = apply(state, 2, PASS)
    result = outcome(over)
    assert result is not None and result.detail["hands"][0]["void"] == "blocked"


# --- action cards (rules/uno.md, Action effects) ------------------------------------------------


def test_skip_and_reverse_with_three_players() -> None:
    """Skip: the next player loses the turn. Reverse: play goes the other way."""
    skipped = apply(table("rS g1", "g2", "g3"), 0, play("rS"))
    assert skipped.turn == 2 and entries(skipped, None, "skipped") == [
        {"type": "skipped", "seat": 1}
    ]
    reversed_ = apply(table("rR g1", "g2", "g3"), 0, play("rR"))
    assert (reversed_.direction, reversed_.turn) == (-1, 2)


def test_reverse_with_two_players_acts_as_a_skip() -> None:
    """Action effects: "With 2 players it acts as a Skip": the player who reversed goes again."""
    state = apply(table("rR g3 b4", "y1 y2"), 0, play("rR"))
    assert (state.turn, state.direction) == (0, -1)
    assert entries(state, None, "skipped") == [{"type": "skipped", "seat": 1}]
    assert to_act(state) == {0} and legal_actions(state, 0) == [DRAW]  # seat 0 again


def test_draw_two_without_stacking_is_drawn_at_once() -> None:
    """Action effects: the next player draws 2 and loses the turn (stacking options off)."""
    state = table("r+2 g1", "y+2 y1", "b1", stack_draw_two=False, stack_draw_four=False)
    after = apply(state, 0, play("r+2"))
    assert after.hands[1] == cards("y+2 y1 g0 g1")
    assert (after.turn, after.step, after.pending) == (2, "play", None)


def test_wild_names_the_colour() -> None:
    """Action effects: "Wild: name the colour"; only that colour (or black) follows. Seat 0 is
    left with two cards, so seat 1 may also try to catch it (house rule 5)."""
    state = apply(table("W g1 g2", "y1 b2 r3"), 0, play("W", "blue"))
    assert (state.top, state.colour, state.turn) == ("wild", "blue", 1)
    assert legal_actions(state, 1) == [play("b2"), catch(0)]


# --- stacking (house rules 1-3) -----------------------------------------------------------------


def test_stacking_draw_twos_adds_up_and_the_first_who_does_not_stack_draws_all() -> None:
    """House rule 1: penalties accumulate 2, 4, ...; seat 2 cannot stack and draws 4 (g0 g1 g2
    g3 from the pile), then seat 0 plays on the blue Draw Two's colour."""
    state = table("r+2 g7 b4", "b+2 y1 W", "y2 y3")
    state = apply(state, 0, play("r+2"))
    assert (state.turn, state.step, state.pending) == (1, "penalty", Pending(2, "draw2", 0))
    # House rule 3: the plain Wild may not answer; no challenge against a Draw Two.
    assert legal_actions(state, 1) == [play("b+2"), TAKE, catch(0)]
    assert refused(state, 1, play("W", "red")).code == "cannot_stack"
    assert refused(state, 1, DRAW).code == "must_answer_penalty"
    state = apply(state, 1, play("b+2"))
    assert state.pending == Pending(4, "draw2", 1)
    assert legal_actions(state, 2) == [TAKE, catch(1)]
    state = apply(state, 2, TAKE)
    assert state.hands[2] == cards("y2 y3 g0 g1 g2 g3")
    assert (state.turn, state.step, state.pending, state.colour) == (0, "play", None, "blue")


def test_a_wild_draw_four_escalates_a_draw_two_stack_but_not_the_other_way() -> None:
    """House rule 2: Wild Draw Four on a Draw-Two stack (2 + 4 = 6); on a Wild Draw Four only
    another Wild Draw Four (6 + 4 = 10); the total is cumulative [SEED-AMBIGUOUS resolution];
    no challenge against a Wild Draw Four that continued a stack (rule 4 [SEED-SILENT])."""
    state = table("r+2 g7 b4", "W4 y1 y5", "g+2 W4 b9")
    state = apply(apply(state, 0, play("r+2")), 1, play("W4", "yellow"))
    assert state.pending == Pending(6, "wild4", 1)
    assert legal_actions(state, 2) == [
        play("W4", c) for c in ("red", "yellow", "green", "blue")
    ] + [TAKE, catch(1)]
    assert refused(state, 2, play("g+2")).code == "cannot_stack"
    state = apply(state, 2, play("W4", "green"))
    assert state.pending == Pending(10, "wild4", 2)
    assert CHALLENGE not in legal_actions(state, 0)
    state = apply(state, 0, TAKE)
    assert len(state.hands[0]) == 12 and state.turn == 1


def test_a_plain_wild_passes_the_stack_on_when_the_restriction_is_off() -> None:
    """House rule 3 off (resolution): a plain Wild answers a penalty, adds nothing, passes it on."""
    state = table("r+2 g7 b4", "W y1 y5", "g2 b9", no_wild_on_penalty=False)
    state = apply(apply(state, 0, play("r+2")), 1, play("W", "blue"))
    assert (state.turn, state.step, state.pending) == (2, "penalty", Pending(2, "draw2", 1))
    assert answers_penalty(Options(), Pending(2, "draw2", 0), "wild") is False


def test_without_draw_two_stacking_only_a_wild_draw_four_answers() -> None:
    """House rules 1 off, 2 on: a Draw Two may still be escalated with a Wild Draw Four."""
    state = table("r+2 g7 b4", "b+2 W4 y1", "g2", stack_draw_two=False)
    state = apply(state, 0, play("r+2"))
    assert [action["card"] for action in legal_actions(state, 1) if "card" in action] == [
        "wild4"
    ] * 4


# --- Wild Draw Four legality and challenge (house rule 4) ---------------------------------------


def test_guilty_wild_draw_four_challenged() -> None:
    """Rule 4: seat 0 held red 3 on a red 5 (guilty by either rule). Seat 1 challenges: seat 0
    draws the 4 (g0 g1 g2 g3), seat 1 draws nothing and plays on green; only seat 1 is shown
    seat 0's hand (red 3, green 1)."""
    state = apply(table("W4 r3 g1", "g9 y2 b7", "y1 y3"), 0, play("W4", "green"))
    assert view(state, 1)["pending"] == {
        "count": 4,
        "kind": "wild4",
        "by": 0,
        "challengeable": True,
    }
    assert legal_actions(state, 1) == [TAKE, CHALLENGE, catch(0)]
    state = apply(state, 1, CHALLENGE)
    assert state.hands[0] == cards("r3 g1 g0 g1 g2 g3")
    assert state.hands[1] == cards("g9 y2 b7")
    assert (state.turn, state.step, state.colour) == (1, "play", "green")
    assert legal_actions(state, 1) == [play("g9")]
    _only_the_challenger_sees(state, challenger=1, hand=["red:3", "green:1"], guilty=True)


def test_innocent_wild_draw_four_challenged() -> None:
    """Rule 4: seat 0 held nothing it could play on a red 5 (blue 6, green 1: innocent by either
    rule). Seat 1 challenges and draws 6 (g0-g5) and loses the turn; seat 2 plays next; seat 1
    alone saw green 1 and blue 6."""
    state = apply(table("W4 b6 g1", "g9 y2 b7", "y1 y3"), 0, play("W4", "yellow"))
    state = apply(state, 1, CHALLENGE)
    assert state.hands[0] == cards("b6 g1")
    assert state.hands[1] == cards("g9 y2 b7 g0 g1 g2 g3 g4 g5")
    assert (state.turn, state.colour) == (2, "yellow")
    _only_the_challenger_sees(state, challenger=1, hand=["green:1", "blue:6"], guilty=False)


@pytest.mark.parametrize(("named", "guilty"), [("red", True), ("green", False)])
def test_a_drawn_world_agrees_with_what_the_wild_draw_four_told(named: str, guilty: bool) -> None:
    """Issue 27, ``determinize``: seat 0 plays a Wild Draw Four on a red 5 holding red 3 and
    green 1 (guilty by either rule). Seat 1 does not see that hand; the worlds it draws for
    its search agree with what the table saw (``wild_draw_four_tell``): naming red, the colour
    in effect, tells of a red card, and every drawn hand of two is guilty; naming green, every
    one is innocent, though the cards hidden from seat 1 could deal either."""
    state = apply(table("W4 r3 g1", "g9 y2 b7", "y1 y3"), 0, play("W4", named))
    seen = view(state, 1)
    for index in range(20):
        world = determinize(seen, 1, Rng(SEED, f"world:{index}"))
        assert world.wild_draw_four is not None and world.wild_draw_four.seat == 0
        assert world.wild_draw_four.guilty is guilty
        assert len(world.hands[0]) == 2 and world.hands[1] == state.hands[1]


def test_a_turn_with_no_match_is_remembered_while_its_cards_may_still_be_held() -> None:
    """Turn: "If you cannot play, draw one card", so a draw tells the table that no card then
    held could follow (the view's ``no_match``). Worked by hand: seat 0 holds g1 b2 on a red
    5 and draws r8 (2 cards held then); it plays r8, which for all the table knows was one of
    the two, so 1 is surely still held. Seat 1 plays r3; seat 0 draws y7 (2 held: g1 b2) and
    keeps it; seat 1 plays r6, and seat 0 must draw again (3 held). A new hand forgets."""
    state = apply(table("g1 b2", "r3 r6 r9 b9 g9", pile="r8 y7 g5"), 0, DRAW)
    assert state.no_match[0] == (NoMatch("red:5", "red", 2),)
    state = apply(state, 0, play("r8"))
    assert state.no_match == ((NoMatch("red:5", "red", 1),), ())
    state = apply(apply(state, 1, play("r3")), 0, DRAW)
    state = apply(state, 0, PASS)
    remembered = [{"top": "red:5", "colour": "red", "held": 1}]
    remembered.append({"top": "red:3", "colour": "red", "held": 2})
    for viewer in (0, 1, None):  # public: everyone saw the draws
        assert view(state, viewer)["no_match"] == [remembered, []]
    state = apply(state, 1, play("r6"))
    assert state.hands[0] == cards("g1 b2 y7") and legal_actions(state, 0) == [DRAW]
    assert apply(state, 0, DRAW).no_match[0][-1] == NoMatch("red:6", "red", 3)
    assert deal_hand(state).no_match == ((), ())


def test_a_drawn_world_deals_a_seat_cards_that_could_not_follow_when_it_drew() -> None:
    """Issue 27, ``determinize``: seat 0 drew on a red 5 holding three cards, so at least three
    of its four cards now can follow neither red nor a 5, and none is black; the fourth is the
    card it drew (seat 1 sees it in the drawn step), which may be anything. Random hands of the
    cards hidden from seat 1 would break this in most of 30 worlds."""
    state = apply(table("g1 b2 y3", "r1 r2 r3 r4", pile="g7 y4"), 0, DRAW)
    seen = view(state, 1)
    for index in range(30):
        world = determinize(seen, 1, Rng(SEED, f"world:{index}"))
        assert world.hands[1] == state.hands[1] and len(world.hands[0]) == 4
        assert world.drawn is not None and world.drawn in world.hands[0]
        kept = list(world.hands[0])
        kept.remove(world.drawn)
        assert not any(can_follow(held, "red:5", "red") for held in kept)
        assert world.no_match == state.no_match


def test_every_played_card_counts_the_covered_ones_too() -> None:
    """Issue 27: a view lists the top 6 discards; the cards under them were played in sight
    (and are in the log), so the view counts them (``covered``, sorted) and a drawn world
    deals none of them to a hand: here all four Wild Draw Fours lie covered, and a random
    hand of 7 from the cards seat 1 cannot see would hold one in about a quarter of worlds."""
    state = table("r1 r2 y3 g4 b5 r6 y7", "g1 g2")
    shown = tuple((card(spec), _COLOURS[spec[0]]) for spec in "b1 b3 r3 r9 g9 g8".split())
    covered = (("wild4", "red"), ("wild4", "blue"), ("wild4", "red"), ("wild4", "green"))
    state = replace(state, discard=(*covered, ("red:5", "red"), *shown))
    seen = view(state, 1)
    assert seen["covered"] == ["red:5", "wild4", "wild4", "wild4", "wild4"]
    assert [entry["card"] for entry in seen["discard"]] == [card for card, _ in shown]
    for index in range(30):
        world = determinize(seen, 1, Rng(SEED, f"world:{index}"))
        assert "wild4" not in world.hands[0] and len(world.hands[0]) == 7
        assert sorted(card for card, _ in world.discard[:-6]) == sorted(seen["covered"])


def _only_the_challenger_sees(
    state: State, *, challenger: int, hand: list[str], guilty: bool
) -> None:
    """Rule 4: "Show the challenged hand to the challenger only" - in the view and the log,
    to nobody else, spectators included, also once the match is over."""
    assert view(state, challenger)["challenge"] == {
        "seat": challenger,
        "target": 0,
        "guilty": guilty,
        "hand": hand,
    }
    assert entries(state, challenger, "challenged")[0]["hand"] == hand
    finished = replace(state, turn=None, step="over")
    for viewer in (0, 2, None):
        for shown in (state, finished):
            assert view(shown, viewer)["challenge"]["hand"] is None
            assert entries(shown, viewer, "challenged")[0]["hand"] is None
            assert entries(shown, viewer, "challenged")[0]["guilty"] is guilty


def test_the_seed_rule_is_the_default_a_same_number_card_forbids_a_wild_draw_four() -> None:
    """Rule 4 [SEED≠OFFICIAL], default the seed's: no other card matching the current colour or
    number, black cards aside. On a red 5, blue 5 (same number) or red 3 (same colour) forbids
    the Wild Draw Four, green 1 does not, nor do wild cards; with ``wd4_challenge`` off the
    engine enforces it."""
    assert wild_draw_four_guilty("seed", cards("b5 g1"), card("r5"), "red")
    assert wild_draw_four_guilty("seed", cards("r3 g1"), card("r5"), "red")
    assert wild_draw_four_guilty("seed", cards("bS"), card("rS"), "red")  # same symbol
    assert not wild_draw_four_guilty("seed", cards("W W4 g1"), card("r5"), "red")
    strict = refused(table("W4 b5 g1", "g9", wd4_challenge=False), 0, play("W4", "green"))
    assert strict.code == "wild_draw_four_not_allowed"
    assert "no other card you could play" in strict.message
    wilds = table("W4 W4 W", "g9 y1", wd4_challenge=False)
    assert play("W4", "green") in legal_actions(wilds, 0)
    assert apply(wilds, 0, play("W4", "green")).pending == Pending(4, "wild4", 0)


def test_a_challenge_is_judged_by_the_seed_rule() -> None:
    """Rule 4, default rule: seat 0 plays a Wild Draw Four holding blue 5 on a red 5: guilty, so
    seat 1's challenge makes seat 0 draw the 4 (g0 g1 g2 g3) and seat 1 plays on, drawing
    nothing. Holding only wild cards besides: innocent, seat 1 draws 6 (g0-g5) and seat 2 plays."""
    state = apply(table("W4 b5 g1", "g9 y2 b7", "y1 y3"), 0, play("W4", "green"))
    guilty = apply(state, 1, CHALLENGE)
    assert guilty.hands[0] == cards("b5 g1 g0 g1 g2 g3")
    assert guilty.hands[1] == cards("g9 y2 b7")
    assert (guilty.turn, guilty.step) == (1, "play")
    assert entries(guilty, None, "challenged")[0]["guilty"] is True
    state = apply(table("W4 W W4", "g9 y2 b7", "y1 y3"), 0, play("W4", "green"))
    innocent = apply(state, 1, CHALLENGE)
    assert innocent.hands[0] == cards("W W4")
    assert innocent.hands[1] == cards("g9 y2 b7 g0 g1 g2 g3 g4 g5")
    assert innocent.turn == 2 and entries(innocent, None, "challenged")[0]["guilty"] is False


def test_the_official_wild_draw_four_rule_as_the_option() -> None:
    """Rule 4, option ``wd4_rule`` "official": only a card of the colour in effect counts. Blue
    5 on a red 5 is innocent now (the challenger draws 6: g0-g5); red 3 is still refused with
    challenges off."""
    assert not wild_draw_four_guilty("official", cards("b5 g1"), card("r5"), "red")
    state = table("W4 b5 g1", "g9 y2 b7", "y1 y3", wd4_rule="official")
    innocent = apply(apply(state, 0, play("W4", "green")), 1, CHALLENGE)
    assert innocent.hands[0] == cards("b5 g1")
    assert innocent.hands[1] == cards("g9 y2 b7 g0 g1 g2 g3 g4 g5")
    allowed = table("W4 b5 g1", "g9", wd4_rule="official", wd4_challenge=False)
    assert play("W4", "green") in legal_actions(allowed, 0)
    strict = table("W4 r3 g1", "g9", wd4_rule="official", wd4_challenge=False)
    assert "no card of the colour in effect (red)" in refused(strict, 0, play("W4", "blue")).message


def test_without_challenges_an_illegal_wild_draw_four_is_refused() -> None:
    """Option ``wd4_challenge`` off: the engine enforces the rule instead of a challenge."""
    state = table("W4 r3 g1", "g9", wd4_challenge=False)
    assert refused(state, 0, play("W4", "green")).code == "wild_draw_four_not_allowed"
    fine = apply(table("W4 b3 g1", "g9 y1", wd4_challenge=False), 0, play("W4", "green"))
    assert legal_actions(fine, 1) == [TAKE, catch(0)]


# --- the UNO call (house rule 5) ----------------------------------------------------------------


def test_a_catch() -> None:
    """Rule 5: "If another player calls it on you first, you draw 2". Seat 0 plays down to one
    card without calling; seat 2 catches first: seat 0 draws 2 (g0 g1), seat 2 nothing. While
    seat 0 is on one card without a call every seat may act: "UNO!" for seat 0, "catch" for the
    others (after seat 1's turn actions)."""
    state = apply(table("r1 r2", "b3 y4", "y6 g7"), 0, play("r1"))
    assert state.uno_window == 0 and to_act(state) == {0, 1, 2}
    assert legal_actions(state, 0) == [UNO]
    assert legal_actions(state, 1) == [DRAW, catch(0)]
    assert legal_actions(state, 2) == [catch(0)]
    assert view(state, 2)["uno_window"] == 0
    caught = apply(state, 2, catch(0))
    assert caught.hands[0] == cards("r2 g0 g1") and caught.hands[2] == cards("y6 g7")
    assert caught.uno_window is None and to_act(caught) == {1}
    assert legal_actions(caught, 2) == [] and legal_actions(caught, 0) == []
    assert entries(caught, None, "caught") == [{"type": "caught", "seat": 2, "target": 0}]
    assert refused(caught, 2, catch(0)).code == "nothing_to_catch"


def test_a_late_call_is_safe_and_the_window_closes_at_the_next_turn_action() -> None:
    """Rule 5: a call before anyone catches makes the player safe (only the player whose turn it
    is may still try a catch, and it would be wrong); "if nobody notices before the next player
    plays, there is no penalty"."""
    state = apply(table("r1 r2", "b3 r4 y5", "y6 g7"), 0, play("r1"))
    called = apply(state, 0, UNO)
    assert called.said_uno == {0} and called.uno_window == 0 and to_act(called) == {1}
    assert legal_actions(called, 1) == [play("r4"), catch(0)]
    assert legal_actions(called, 2) == [] and legal_actions(called, 0) == []
    assert refused(called, 2, catch(0)).code == "not_your_catch"
    assert refused(called, 0, UNO).code == "no_uno"  # one call is enough
    unnoticed = apply(state, 1, play("r4"))
    assert unnoticed.hands[0] == cards("r2") and unnoticed.uno_window == 1  # seat 1 has 2 left
    assert legal_actions(unnoticed, 2) == [DRAW, catch(1)]  # too late to catch seat 0
    assert refused(unnoticed, 2, catch(0)).code == "nothing_to_catch"


def test_calling_before_playing_the_second_last_card() -> None:
    """Rule 5: on your turn with two cards, one playable, the "UNO!" button is usable at once;
    then the play leaves one card and nobody but the next player may try a catch."""
    state = table("r1 r2", "b3 r4", "y6 g7")
    assert legal_actions(state, 0)[0] == UNO
    assert UNO not in legal_actions(table("g1 b2", "b3"), 0)  # nothing playable: no call
    assert UNO not in legal_actions(table("r1 r2 r3", "b3"), 0)  # three cards: no call
    state = apply(apply(state, 0, UNO), 0, play("r1"))
    assert state.said_uno == {0} and to_act(state) == {1}
    assert view(state, 1)["said_uno"] == [0]
    assert legal_actions(state, 2) == []


def test_a_catch_on_a_player_who_called_in_time_costs_the_catcher_two() -> None:
    """Rule 5, text 1 (若有人喊错UNO，则喊错者罚起牌2张: a wrong call costs 2 cards). Seat 0 calls
    UNO with two cards and plays one; seat 1, whose turn it is, catches it anyway: seat 1 draws
    2 (g0 g1), seat 0 keeps its one card, and seat 1 plays on. A late call is in time too."""
    state = apply(apply(table("r1 r2", "b3 r4 y5", "y6 g7"), 0, UNO), 0, play("r1"))
    wrong = apply(state, 1, catch(0))
    assert wrong.hands[1] == cards("b3 r4 y5 g0 g1") and wrong.hands[0] == cards("r2")
    assert wrong.said_uno == {0} and wrong.uno_window is None
    assert (wrong.turn, wrong.step) == (1, "play")
    assert legal_actions(wrong, 1) == [play("r4"), play("g1")]  # the 1 drawn matches the red 1
    assert entries(wrong, None, "false_catch") == [
        {"type": "false_catch", "seat": 1, "target": 0, "penalty": True}
    ]
    assert entries(wrong, 1, "drew") == [
        {
            "type": "drew",
            "seat": 1,
            "count": 2,
            "reason": "false_catch",
            "cards": ["green:0", "green:1"],
        }
    ]
    late = apply(table("r1 r2", "b3 r4 y5", "y6 g7"), 0, play("r1"))
    late = apply(apply(late, 0, UNO), 1, catch(0))
    assert late.hands[1] == cards("b3 r4 y5 g0 g1") and late.hands[0] == cards("r2")


def test_a_catch_on_a_player_not_on_one_card_costs_the_catcher_two() -> None:
    """Rule 5, text 1: seat 0 plays down to two cards; seat 1, whose turn it is, catches it:
    wrong, seat 1 draws 2 (g0 g1). Seat 2 cannot try (off one's turn only a right catch is
    offered), and a play that leaves three cards is open to no catch at all."""
    state = apply(table("r1 r2 r3", "b3 r4 y5", "y6 g7"), 0, play("r1"))
    assert state.uno_window == 0 and to_act(state) == {1}
    assert legal_actions(state, 2) == [] and refused(state, 2, catch(0)).code == "not_your_catch"
    wrong = apply(state, 1, catch(0))
    assert wrong.hands[1] == cards("b3 r4 y5 g0 g1") and wrong.hands[0] == cards("r2 r3")
    three = apply(table("r1 r2 r3 r4", "b3 r4 y5", "y6 g7"), 0, play("r1"))
    assert three.uno_window is None and legal_actions(three, 1) == [play("r4")]
    assert refused(three, 1, catch(0)).code == "nothing_to_catch"


def test_calls_and_catches_out_of_place_are_refused() -> None:
    """Rule 5: each refusal says why, and changes nothing (``apply`` raises)."""
    state = apply(table("r1 r2", "b3 y4", "y6 g7"), 0, play("r1"))
    for seat, action, code in (
        (0, catch(0), "own_catch"),
        (1, catch(2), "nothing_to_catch"),
        (1, UNO, "no_uno"),
        (2, UNO, "no_uno"),
    ):
        error = refused(state, seat, action)
        assert error.code == code and error.message.endswith(".")
    assert refused(table("r1 r2 r3", "b3"), 0, UNO).code == "no_uno"
    assert refused(table("r1 r2", "b3", uno_call=False), 0, UNO).code == "no_uno_call"


def test_a_false_call() -> None:
    """Rule 5, text 1: "A false UNO call costs the caller 2 cards", here a call that no play
    follows. Seat 1 faces a +2 holding two cards, calls UNO (it could stack), then takes the
    cards instead: 2 + 2 + 2 = 6 cards (g0 g1 penalty, g2 g3 for the false call)."""
    state = apply(table("r+2 g7 b4", "b+2 y1", "y2 y3"), 0, play("r+2"))
    assert legal_actions(state, 1) == [UNO, play("b+2"), TAKE, catch(0)]
    state = apply(apply(state, 1, UNO), 1, TAKE)
    assert state.hands[1] == cards("b+2 y1 g0 g1 g2 g3")
    assert entries(state, None, "false_uno") == [{"type": "false_uno", "seat": 1, "penalty": True}]
    assert state.turn == 2
    lenient = table("r+2 g7 b4", "b+2 y1", "y2 y3", false_uno_penalty=False)
    lenient = apply(apply(apply(lenient, 0, play("r+2")), 1, UNO), 1, TAKE)
    assert len(lenient.hands[1]) == 4


def test_a_call_then_keeping_the_drawn_card_is_false() -> None:
    """Rule 5, text 1: seat 0 holds green 1, draws red 8, which it could play: with two cards
    it may call UNO; it keeps the card and passes instead, so the call did not leave it on one
    card: 2 more cards (yellow 3, yellow 4)."""
    drawn = apply(table("g1", "y1 y2", pile="r8 y3 y4"), 0, DRAW)
    assert legal_actions(drawn, 0) == [UNO, play("r8"), PASS]
    state = apply(apply(drawn, 0, UNO), 0, PASS)
    assert state.hands[0] == cards("g1 r8 y3 y4") and state.turn == 1
    assert entries(state, None, "false_uno") == [{"type": "false_uno", "seat": 0, "penalty": True}]


def test_without_the_penalty_a_wrong_catch_costs_nothing() -> None:
    """Option ``false_uno_penalty`` off: a wrong catch is logged and costs nobody a card (the
    window closes); a right catch still costs the caught player 2 (g0 g1)."""
    state = table("r1 r2", "b3 r4 y5", "y6 g7", false_uno_penalty=False)
    wrong = apply(apply(apply(state, 0, UNO), 0, play("r1")), 1, catch(0))
    assert wrong.hands[1] == cards("b3 r4 y5") and wrong.hands[0] == cards("r2")
    assert wrong.uno_window is None and legal_actions(wrong, 1) == [play("r4")]
    assert entries(wrong, None, "false_catch") == [
        {"type": "false_catch", "seat": 1, "target": 0, "penalty": False}
    ]
    assert entries(wrong, None, "drew") == []
    right = apply(apply(state, 0, play("r1")), 2, catch(0))
    assert right.hands[0] == cards("r2 g0 g1")


def test_no_calls_at_all_without_the_uno_option() -> None:
    """Option ``uno_call`` off: no "UNO!" or "catch" button, ever."""
    state = table("r1 r2", "b3 r4", "y6 g7", uno_call=False)
    assert UNO not in legal_actions(state, 0)
    state = apply(state, 0, play("r1"))
    assert state.uno_window is None and to_act(state) == {1}
    assert legal_actions(state, 1) == [play("r4")]


# --- going out and scoring (house rule 6, Scoring) ----------------------------------------------


def test_the_winners_last_card_is_a_draw_two() -> None:
    """Rule 6: seat 0 goes out on a red Draw Two; seat 1 draws 2 (yellow 7, green 0) before
    the hands are counted: seat 1 holds 3 + 4 + 7 + 0 = 14, seat 2 holds 9. Seed scoring: the
    losers pay 14 and 9, the winner gets 23."""
    state = table("r+2", "g3 y4", "b9", pile="y7 g0 g5")
    over = apply(state, 0, play("r+2"))
    result = outcome(over)
    assert result is not None
    assert over.hands[1] == cards("g3 y4 y7 g0")
    assert result.scores == [23, -14, -9] and result.winners == {0}
    assert result.detail["hands"] == [
        {"hand": 1, "winner": 0, "void": None, "points": [0, 14, 9], "scores": [23, -14, -9]}
    ]
    assert to_act(over) == frozenset() and legal_actions(over, 1) == []
    assert view(over, 1)["phase"] == "over"


def test_going_out_on_a_draw_two_with_the_options() -> None:
    """Official scoring: the winner scores 14 + 9 = 23, the losers 0. Rule 6 off: seat 1 keeps
    its 3 + 4 = 7. Stacking off: the Draw Two is still drawn once (14)."""
    official = apply(table("r+2", "g3 y4", "b9", pile="y7 g0", scoring="official"), 0, play("r+2"))
    assert _scores(official) == [23, 0, 0]
    off = apply(table("r+2", "g3 y4", "b9", pile="y7 g0", going_out_penalty=False), 0, play("r+2"))
    assert _scores(off) == [16, -7, -9]
    no_stack = table(
        "r+2", "g3 y4", "b9", pile="y7 g0", stack_draw_two=False, stack_draw_four=False
    )
    assert _scores(apply(no_stack, 0, play("r+2"))) == [23, -14, -9]


def test_going_out_by_passing_a_stack_on() -> None:
    """Rule 6: "or passes on a stack": seat 1's last card, a Draw Two on a +2, hands seat 2 a +4
    (g0 g1 g2 g3 = 6 points over its 9): 15, and seat 0 holds 7 + 4 = 11 -> 26 for seat 1."""
    state = apply(table("r+2 g7 b4", "b+2", "b9"), 0, play("r+2"))
    over = apply(state, 1, play("b+2"))
    assert _scores(over) == [-11, 26, -15]


def _scores(state: State) -> list[int]:
    result = outcome(state)
    assert result is not None
    return result.scores


def test_a_match_to_a_target_deals_again_until_a_winner_reaches_it() -> None:
    """Scoring: hands until the winner's total reaches the target; the winner deals the next
    hand (text 2); seed scoring is zero-sum."""
    state = new_game(players=3, seed=SEED, options={"target": 300})
    seq = 0
    while state.turn is not None:
        seat = min(to_act(state))
        state = apply(
            state,
            seat,
            choose(
                view(state, seat), legal_actions(state, seat), bot_rng(SEED, seat=seat, seq=seq)
            ),
        )
        seq += 1
    result = outcome(state)
    assert result is not None and len(state.results) > 1
    assert sum(result.scores) == 0
    (winner,) = result.winners
    assert result.scores[winner] >= 300 and winner == state.results[-1].winner
    dealers = [entry["dealer"] for entry in entries(state, None, "hand_started")]
    for index, hand in enumerate(state.results[:-1]):
        expected = dealers[index] if hand.winner is None else hand.winner
        assert dealers[index + 1] == expected


# --- views, malformed actions and the bot -------------------------------------------------------


def test_views_show_own_hand_and_counts_only() -> None:
    """Own hand private, hand counts public; a spectator sees no hand."""
    state = table("r1 r2 g5", "b3 y4", "y6")
    mine = view(state, 0)
    assert mine["hand"] == ["red:1", "red:2", "green:5"] and mine["hand_counts"] == [3, 2, 1]
    assert view(state, 1)["hand"] == ["yellow:4", "blue:3"]
    assert view(state, None)["hand"] is None and view(state, None)["hand_counts"] == [3, 2, 1]
    assert "green:5" not in str(view(state, 1)) and "green:5" not in str(view(state, None))


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": "wild"},  # a black card needs its colour
        {"type": "play", "card": "red:1", "colour": "red"},  # a coloured card takes none
        {"type": "play", "card": "purple:1"},
        {"type": "play", "card": ["red:1"]},
        {"type": "play", "card": "wild", "colour": "black"},
        {"type": "catch", "target": True},
        {"type": "catch", "target": 7},
        {"type": "catch"},
        {"type": "call_uno", "loud": True},
        {"type": "draw", "count": 1},
    ],
)
def test_malformed_actions_are_refused(action: Any) -> None:
    assert refused(table("r1 r2 W", "b3"), 0, action).code == "bad_action"


def test_bot_calls_catches_and_stacks() -> None:
    """The bot never forgets "UNO!", catches when it can, and stacks rather than draws."""
    rng = Rng(SEED, "test")
    state = table("r1 r2", "b3 y4", "y6 g7")
    assert choose(view(state, 0), legal_actions(state, 0), rng) == UNO
    window = apply(state, 0, play("r1"))
    assert choose(view(window, 2), legal_actions(window, 2), rng) == catch(0)
    assert choose(view(window, 0), legal_actions(window, 0), rng) == UNO  # late, but right
    stack = apply(table("r+2 g7 b4", "b+2 y1 W4 g3", "y2"), 0, play("r+2"))
    assert choose(view(stack, 1), legal_actions(stack, 1), rng) == play("b+2")


def test_bot_never_catches_wrongly_nor_calls_falsely() -> None:
    """Rule 5: a wrong catch or a false call costs 2 cards; the bot makes neither. On its turn
    it leaves a player alone who called in time or holds two cards, catches one who did not
    call, and with two cards it calls only when it is about to play one of them."""
    rng = Rng(SEED, "test")
    called = apply(apply(table("r1 r2", "b3 r4 y5", "y6 g7"), 0, UNO), 0, play("r1"))
    assert catch(0) in legal_actions(called, 1)
    assert choose(view(called, 1), legal_actions(called, 1), rng) == play("r4")
    two = apply(table("r1 r2 r3", "b3 r4 y5", "y6 g7"), 0, play("r1"))
    assert choose(view(two, 1), legal_actions(two, 1), rng) == play("r4")
    missed = apply(table("r1 r2", "b3 r4 y5", "y6 g7"), 0, play("r1"))
    assert choose(view(missed, 1), legal_actions(missed, 1), rng) == catch(0)
    drawn = apply(table("g1", "y1 y2", pile="r8 y3 y4"), 0, DRAW)
    assert choose(view(drawn, 0), legal_actions(drawn, 0), rng) == UNO
    assert choose(view(apply(drawn, 0, UNO), 0), [play("r8"), PASS], rng) == play("r8")


def test_bot_keeps_action_cards_for_a_player_about_to_go_out() -> None:
    """Issue 27 (rules/uno.md, Action effects): at 4 players, with a red Skip and a red 4 on a
    red 5, the bot plays the 4 and keeps the Skip while the next player holds 5 cards; it fires
    the Skip once the next player is down to 2."""
    rng = Rng(SEED, "test")
    calm = table("rS r4 b2", "b3 y4 y5 g1 g2", "y6 g7 g8", "b6 b7 b8")
    assert choose(view(calm, 0), legal_actions(calm, 0), rng) == play("r4")
    danger = table("rS r4 b2", "b3 y4", "y6 g7 g8", "b6 b7 b8")
    assert choose(view(danger, 0), legal_actions(danger, 0), rng) == play("rS")


def test_bot_plays_from_the_colour_it_holds_most() -> None:
    """Issue 27: on a red 5 with a red 9 and a blue 5 (three blue cards held), the bot plays
    the blue 5, switching to the colour it can keep following: it has seen three blue cards
    (and the blue 1 under the 5) against two red."""
    rng = Rng(SEED, "test")
    state = table("r9 b5 b1 b8 g2", "b3 y4 y5", "y6 g7 g8")
    assert choose(view(state, 0), legal_actions(state, 0), rng) == play("b5")


def test_bot_leaves_the_next_player_a_colour_it_showed_it_lacks() -> None:
    """Issue 27: seat 1 had nothing to play on a blue 7 (it drew the green 0, which did not go
    either, and passed), so every card it holds but one is surely not blue. Seat 0 could switch
    to red with its red 7 (red is the colour it has seen most: 5 cards to blue's 3), but it
    plays the blue 5 and leaves seat 1 the colour it lacks."""
    rng = Rng(SEED, "test")
    state = table("b5 r9 r8 r7 r6 r2", "y4 y5 g3", top="b7", turn=1, pile="g0 g1 g2")
    state = apply(apply(state, 1, DRAW), 1, PASS)
    assert state.no_match[1] == (NoMatch("blue:7", "blue", 3),) and state.turn == 0
    assert choose(view(state, 0), legal_actions(state, 0), rng) == play("b5")
    forgotten = replace(state, no_match=((), ()))
    assert choose(view(forgotten, 0), legal_actions(forgotten, 0), rng) == play("r7")


def test_bot_counts_seen_values_from_three_players() -> None:
    """Issue 27 (``VALUE_WEIGHT``): on a red 5 over a blue 1, holding a red 7 and a blue 5, the
    bot has seen two red and two blue cards; at 2 players the tie goes to the 7 (more points);
    from 3, where the next player may also follow by number, the two 5s seen against one 7
    make it 2 + 0.5 x 2 = 3 for the blue 5 against 2 + 0.5 x 1 = 2.5 for the red 7."""
    rng = Rng(SEED, "test")
    two = table("r7 b5 g2 y3", "y4 y6 g8 g9")
    assert choose(view(two, 0), legal_actions(two, 0), rng) == play("r7")
    three = table("r7 b5 g2 y3", "y4 y6 g8 g9", "y7 y8 g6 g7")
    assert choose(view(three, 0), legal_actions(three, 0), rng) == play("b5")


def test_bot_names_a_colour_the_next_player_lacks_among_those_it_holds() -> None:
    """Issue 27: with only a Wild to play, holding three blue cards and a green one, the bot
    names blue; when the table remembers seat 1 with no green card in its 2-card hand, it
    names green; never yellow, which it does not hold."""
    rng = Rng(SEED, "test")
    state = table("W g1 b2 b3 b4", "y4 y5", top="r7")
    assert choose(view(state, 0), legal_actions(state, 0), rng) == play("W", "blue")
    lacking = replace(state, no_match=((), (NoMatch("green:9", "green", 2),)))
    assert choose(view(lacking, 0), legal_actions(lacking, 0), rng) == play("W", "green")
    yellow = replace(state, no_match=((), (NoMatch("yellow:9", "yellow", 2),)))
    assert choose(view(yellow, 0), legal_actions(yellow, 0), rng) == play("W", "blue")


def test_bot_keeps_a_wild_it_drew_unless_it_is_nearly_out() -> None:
    """Issue 27: having drawn a Wild on a yellow 9, the bot keeps it (passes) while it holds
    more than ``KEEP_DRAWN_WILD`` (3) cards with it; with 3 it plays it."""
    rng = Rng(SEED, "test")
    many = apply(table("r1 r2 b3 g4", "y4 y5", top="y9", pile="W g1"), 0, DRAW)
    assert choose(view(many, 0), legal_actions(many, 0), rng) == PASS
    few = apply(table("r1 b3", "y4 y5", top="y9", pile="W g1"), 0, DRAW)
    assert choose(view(few, 0), legal_actions(few, 0), rng)["card"] == "wild"


def test_bot_challenges_a_wild_draw_four_only_on_evidence() -> None:
    """House rule 4: an innocent Wild Draw Four costs the challenger 6 instead of 4. Seat 0
    names green on a red 5 while keeping 4 cards: nothing says it held red, so the bot takes
    the 4. Seat 0 names red, the colour in effect, keeping 2 cards: it very likely holds red
    (guilty by either rule), so the bot challenges."""
    rng = Rng(SEED, "test")
    new_colour = apply(table("W4 b5 g1 g2 g3", "b3 y4 y5", "y6 g7"), 0, play("W4", "green"))
    assert CHALLENGE in legal_actions(new_colour, 1)
    assert choose(view(new_colour, 1), legal_actions(new_colour, 1), rng) == TAKE
    same = apply(table("W4 r3 r7", "b3 y4 y5", "y6 g7"), 0, play("W4", "red"))
    assert choose(view(same, 1), legal_actions(same, 1), rng) == CHALLENGE


def test_greedy_player_plays_its_most_valuable_card_and_keeps_black_cards() -> None:
    """The greedy player (``bench.games``' opponent) plays the card worth the most points
    (rules/uno.md, Scoring: actions 20, numbers their face): with a playable Draw Two and a
    playable 3 it plays the Draw Two; a black card only when nothing else goes, naming the
    colour it holds most; it draws only when it must."""
    rng = Rng(SEED, "test")
    state = table("r3 r+2 W g9 g8", "b3 y4 y5")
    assert greedy_bot(view(state, 0), legal_actions(state, 0), rng) == play("r+2")
    black = table("W g9 g8 b1", "b3 y4 y5", top="y5")
    assert greedy_bot(view(black, 0), legal_actions(black, 0), rng) == play("W", "green")
    stuck = table("g9 g8", "b3 y4 y5", top="y5")
    assert greedy_bot(view(stuck, 0), legal_actions(stuck, 0), rng) == DRAW


def test_the_playouts_bot_chooses_what_the_bot_would() -> None:
    """Issue 27: the strong bot's playouts play ``rollout``, ``choose`` given the view with the
    covered discards unsorted; ``choose`` only counts them, so each of its choices is the same,
    in every position of random 2-, 3-, 4- and 7-player matches."""
    compared = 0
    for players in (2, 3, 4, 7):
        positions, _ = random_positions(GAME, players=players, seed=seed(100 + players))
        for state, seat in positions:
            legal = legal_actions(state, seat)
            stream = Rng(SEED, f"rollout:{compared}")
            assert rollout(state, seat, legal, stream) == choose(view(state, seat), legal, stream)
            compared += 1
    assert compared > 250


def test_bot_beats_random_bots() -> None:
    """design 1.5: better than random play. 40 seeded 3-player games, the bot rotating seats;
    random play wins a third of them (bench figures in the report: about 55%)."""
    wins = 0
    for index in range(40):
        me = index % 3
        state = new_game(players=3, seed=seed(500 + index), options={})
        seq = 0
        while state.turn is not None:
            seat = min(to_act(state))
            bot = choose if seat == me else random_bot
            legal = legal_actions(state, seat)
            state = apply(
                state, seat, bot(view(state, seat), legal, bot_rng(SEED, seat=seat, seq=seq))
            )
            seq += 1
        result = outcome(state)
        assert result is not None
        wins += me in result.winners
    assert wins >= 20


OPTION_SETS: list[dict[str, Any]] = [
    {
        "stack_draw_two": False,
        "stack_draw_four": False,
        "wd4_challenge": False,
        "uno_call": False,
        "going_out_penalty": False,
    },
    {"no_wild_on_penalty": False, "wd4_rule": "official", "false_uno_penalty": False},
    {"deck_exhausted": "void", "first_reverse": "official", "scoring": "official"},
    {"target": 100, "stack_draw_two": False},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4, 10])
def test_random_playouts_with_other_options_end(options: dict[str, Any], players: int) -> None:
    """The conformance suite plays the defaults; these option sets must end too, every legal
    action must apply, and the record must replay to the same state (design 1.2)."""
    rng = Rng(SEED, f"options:{players}:{sorted(options.items())}")
    state = new_game(players=players, seed=SEED, options=options)
    record: list[tuple[int, Action]] = []
    while state.turn is not None:
        assert len(record) < 5000
        seat, rng = rng.choice(sorted(to_act(state)))
        action, rng = rng.choice(legal_actions(state, seat))
        record.append((seat, action))
        state = apply(state, seat, action)
    replayed = new_game(players=players, seed=SEED, options=options)
    for seat, action in record:
        replayed = apply(replayed, seat, action)
    assert replayed == state and outcome(state) is not None


def test_a_seat_that_does_not_exist_cannot_act() -> None:
    state = apply(table("r1 r2", "b3 y4 g5"), 0, play("r1"))  # a window: anyone may catch
    assert legal_actions(state, 2) == [] and legal_actions(state, -1) == []
    assert refused(state, 2, catch(0)).code == "not_seated"
