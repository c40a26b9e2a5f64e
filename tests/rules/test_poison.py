"""Poison scenarios from ``rules/poison.md``, mostly on hand-written states built with
``dataclasses.replace`` (style 4.13b). Each test names the section its expectation comes from;
cards are written as on the wire: ``"red5"``, ``"blue1"``, ``"purple7"``, ``"poison"`` (4)."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.bots import random_bot
from app.rules.poison import (
    DECK,
    GAME,
    POTION_COUNTS,
    State,
    apply,
    check_options,
    choose,
    greedy_bot,
    immune_colours,
    legal_actions,
    log,
    new_game,
    outcome,
    penalty_points,
    rollout,
    to_act,
    view,
)
from app.rules.poison.bot import _deals
from app.rules.poison.components import sort_key
from app.rules.poison.game import determinize
from app.rules.poison.memory import lacked_cards
from app.rules.rng import Rng, bot_rng
from tests.rules.moves import refusal
from tests.security.secrets import poison as poison_secrets

SEED = hashlib.sha256(b"poison scenarios").digest()


def seed(index: int) -> bytes:
    return hashlib.sha256(f"poison:{index}".encode()).digest()


def play(card: Any, cauldron: Any) -> dict[str, Any]:
    """A play_card action (any field types, so malformed ones can be built too)."""
    return {"type": "play_card", "card": card, "cauldron": cauldron}


def plays(state: State, *moves: tuple[int, str, int]) -> State:
    """The state after each ``(seat, card, cauldron)`` play in turn."""
    for seat, card, cauldron in moves:
        state = apply(state, seat, play(card, cauldron))
    return state


def table(
    *hands: str,
    pots: tuple[str, str, str] = ("", "", ""),
    piles: tuple[str, ...] | None = None,
    turn: int = 0,
    **options: Any,
) -> State:
    """A hand-written state: one string of cards per seat's hand, the three cauldrons' cards in
    the order played (``pots``), optionally each seat's collected pile, and table options as
    keywords. Nothing is set aside."""
    base = new_game(players=len(hands), seed=SEED, options=options)
    piles = piles if piles is not None else ("",) * len(hands)
    return replace(
        base,
        hands=tuple(tuple(sorted(hand.split(), key=sort_key)) for hand in hands),
        set_aside=(),
        cauldrons=tuple(tuple(cards.split()) for cards in pots),
        collected=tuple(tuple(pile.split()) for pile in piles),
        start_seat=turn,
        first_seat=turn,
        turn=turn,
    )


refused = partial(refusal, GAME)


# --- Options (rules/poison.md: every seed/published difference is an option) --------------------


def test_check_options() -> None:
    """3-6 players; cauldrons fixed (seed) or neutral; overflow at 13 (seed) or 14; one round
    (seed) or one per player; collected piles face down (default), own or open."""
    defaults = {"cauldrons": "fixed", "overflow_at": 13, "rounds": "one", "collected": "face_down"}
    assert check_options(3, {}) == defaults
    chosen = {
        "cauldrons": "neutral",
        "overflow_at": 14,
        "rounds": "per_player",
        "collected": "open",
    }
    assert check_options(6, chosen) == chosen
    for players in (2, 7, True, "4"):
        with pytest.raises(IllegalAction) as raised:
            check_options(players, {})  # type: ignore[arg-type]
        assert raised.value.code == "bad_players"
    bad: list[dict[str, Any]] = [
        {"cauldrons": "mixed"},
        {"overflow_at": 12},
        {"overflow_at": "13"},
        {"overflow_at": 13.0},
        {"overflow_at": True},
        {"rounds": 3},
        {"collected": "hidden"},
        {"deck": "full"},
    ]
    for options in bad:
        with pytest.raises(IllegalAction) as raised:
            check_options(4, options)
        assert raised.value.code == "bad_option"
    assert GAMES["poison"] is GAME


# --- Components and setup (rules/poison.md, Components and Setup) -------------------------------


def test_the_deck_has_42_potions_and_8_poison_cards() -> None:
    """Components: 14 per colour, values 1, 2, 4, 5, 7 (three each, two 4s); 8 poison cards."""
    counts = Counter(DECK)
    assert len(DECK) == 50 and counts["poison"] == 8
    assert POTION_COUNTS == ((1, 3), (2, 3), (4, 2), (5, 3), (7, 3))
    for colour in ("red", "blue", "purple"):
        assert {v: counts[f"{colour}{v}"] for v in (1, 2, 4, 5, 7)} == {
            1: 3,
            2: 3,
            4: 2,
            5: 3,
            7: 3,
        }


@pytest.mark.parametrize(
    ("players", "each", "aside"), [(3, 16, 2), (4, 12, 2), (5, 10, 0), (6, 8, 2)]
)
def test_deal_all_cards_evenly_and_set_the_rest_aside(players: int, each: int, aside: int) -> None:
    """Setup: "3 players 16 each (2 aside), 4 players 12 (2 aside), 5 players 10, 6 players 8
    (2 aside)"; hands are sorted; cauldrons and piles start empty."""
    state = new_game(players=players, seed=seed(players), options={})
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.set_aside) == aside
    everything = [card for hand in state.hands for card in hand] + list(state.set_aside)
    assert Counter(everything) == Counter(DECK)
    assert all(list(hand) == sorted(hand, key=sort_key) for hand in state.hands)
    assert state.cauldrons == ((), (), ()) and state.collected == ((),) * players
    assert to_act(state) == {state.start_seat}


def test_the_deal_can_be_redone_by_hand_from_the_seed() -> None:
    """Package docstring, Setup randomness: shuffle DECK, seat i takes the i-th run of 50 // n,
    the rest is set aside, then the start seat is randbelow(players)."""
    rng = Rng(seed(7), "deal")
    shuffled, rng = rng.shuffle(DECK)
    start, _ = rng.randbelow(4)
    state = new_game(players=4, seed=seed(7), options={})
    assert state.hands[2] == tuple(sorted(shuffled[24:36], key=sort_key))
    assert state.set_aside == shuffled[48:]
    assert state.start_seat == start == state.turn


def test_start_seat_is_random() -> None:
    """Setup: "Starting player: random (seed)"."""
    starts = {new_game(players=4, seed=seed(index), options={}).start_seat for index in range(40)}
    assert starts == {0, 1, 2, 3}


def test_a_table_may_choose_the_first_player_without_changing_the_deal() -> None:
    """design 1.1 (rematches): ``start_seat=k`` replaces the seat drawn from the seed, the cards
    stay the same; with one round per player the later rounds start from there, moving right."""
    drawn = new_game(players=4, seed=seed(5), options={"rounds": "per_player"})
    chosen = new_game(players=4, seed=seed(5), options={"rounds": "per_player"}, start_seat=2)
    assert chosen.start_seat == chosen.first_seat == chosen.turn == 2
    assert chosen.hands == drawn.hands and chosen.rng == drawn.rng
    assert log(chosen, None)[0]["start_seat"] == 2
    with pytest.raises(IllegalAction) as raised:
        new_game(players=4, seed=seed(5), options={}, start_seat=4)
    assert raised.value.code == "bad_start_seat"


# --- Direction of play (rules/poison.md, Setup) -------------------------------------------------


def test_play_passes_to_the_right() -> None:
    """Setup, play direction: counter-clockwise, "play passes to the right, seat − 1". With 4
    players starting at seat 2 the order is 2, 1, 0, 3: the seat after 2 is 1, after 0 is 3
    (not the clockwise 3 and 1); the round ends when seat 3, the last of the four, has played."""
    state = table("red1", "blue1", "purple1", "poison", turn=2)
    assert view(state, None)["direction"] == -1
    state = apply(state, 2, play("purple1", 2))
    assert state.turn == 1 and to_act(state) == {1}
    assert legal_actions(state, 3) == []  # the clockwise neighbour waits
    assert refused(state, 3, play("poison", 0)).code == "not_your_turn"
    state = apply(state, 1, play("blue1", 1))
    assert state.turn == 0
    state = apply(state, 0, play("red1", 0))
    assert state.turn == 3  # from seat 0 round to the last seat
    state = apply(state, 3, play("poison", 0))
    assert state.turn is None and outcome(state) is not None  # seat 3 played the last card


def test_each_round_starts_to_the_right_of_the_previous_one() -> None:
    """Setup: "Round starts move the same way"; Game length, option rounds "per_player": with 4
    players and round 1 started by seat 2, rounds 2, 3 and 4 start at seats 1, 0 and 3. Each
    round is dealt one card per seat by hand (the real deal is replaced)."""
    one_card = {
        0: play("red1", 0),
        1: play("blue1", 1),
        2: play("purple1", 2),
        3: play("poison", 0),
    }
    state = table("", "", "", "", turn=2, rounds="per_player")
    starts = []
    while state.turn is not None:
        starts.append(state.start_seat)
        state = replace(state, hands=(("red1",), ("blue1",), ("purple1",), ("poison",)))
        for _ in range(4):
            seat = state.turn
            assert seat is not None
            state = apply(state, seat, one_card[seat])
    assert starts == [2, 1, 0, 3]
    started = [entry for entry in log(state, None) if entry["type"] == "round_started"]
    assert [(entry["round"], entry["start_seat"]) for entry in started] == [(2, 1), (3, 0), (4, 3)]
    assert [result.start_seat for result in state.results] == [2, 1, 0, 3]


# --- Overflow (rules/poison.md, Turn) ------------------------------------------------------------


def test_exactly_13_boils_over_by_default() -> None:
    """Turn [SEED≠OFFICIAL], seed "≥ 13": red 7 + red 2 = 9, red 4 makes exactly 13: the player
    takes the red 7 and red 2 face down and the red 4 stays alone in the cauldron."""
    state = table("red4 blue1", "blue2", "purple1", pots=("red7 red2", "", ""))
    after = apply(state, 0, play("red4", 0))
    assert after.cauldrons[0] == ("red4",)
    assert after.collected[0] == ("red7", "red2")
    # Setup, play direction: the turn passes to the right, seat 0 -> seat 2 of 3.
    assert after.hands[0] == ("blue1",) and after.turn == 2
    entry = log(after, None)[-1]
    assert entry == {
        "type": "card_played",
        "seat": 0,
        "card": "red4",
        "cauldron": 0,
        "colour": "red",
        "total": 13,
        "taken": 2,
    }


def test_12_does_not_boil_over() -> None:
    """Turn: 9 + 2 = 12 is below 13: the card just joins the cauldron."""
    state = table("red2 blue1", "blue2", "purple1", pots=("red7 red2", "", ""))
    after = apply(state, 0, play("red2", 0))
    assert after.cauldrons[0] == ("red7", "red2", "red2")
    assert after.collected[0] == () and log(after, None)[-1]["taken"] == 0


def test_published_rule_boils_over_only_above_13() -> None:
    """Turn, option overflow_at 14 ("greater than 13"): 13 stays; 14 boils over and the taker
    gets all three earlier cards (seat 2 plays after seat 0: play passes to the right)."""
    state = table("red4 blue1", "purple1", "red1", pots=("red7 red2", "", ""), overflow_at=14)
    state = apply(state, 0, play("red4", 0))
    assert state.cauldrons[0] == ("red7", "red2", "red4") and state.collected[0] == ()
    state = apply(state, 2, play("red1", 0))
    assert state.cauldrons[0] == ("red1",)
    assert state.collected[2] == ("red7", "red2", "red4")
    assert log(state, None)[-1]["total"] == 14


def test_poison_goes_into_any_cauldron_and_counts_4() -> None:
    """Cauldrons: "poison can go into any"; Components: poison is worth 4. Blue 5 + blue 5 = 10,
    a poison card makes 14: it boils over even under the published rule."""
    state = table("poison red1", "blue2", "purple1", pots=("", "blue5 blue5", ""))
    assert [a for a in legal_actions(state, 0) if a["card"] == "poison"] == [
        play("poison", 0),
        play("poison", 1),
        play("poison", 2),
    ]
    after = apply(state, 0, play("poison", 1))
    assert after.cauldrons[1] == ("poison",) and after.collected[0] == ("blue5", "blue5")
    quiet = apply(state, 0, play("poison", 0))  # an empty red cauldron: 4, no boil-over
    assert quiet.cauldrons[0] == ("poison",) and quiet.collected[0] == ()


def test_fixed_cauldrons_take_only_their_colour() -> None:
    """Cauldrons, seed version: red, blue, purple; "a potion can only go into the cauldron of
    its colour"."""
    state = table("red1 blue2 purple4", "blue1", "purple1")
    assert legal_actions(state, 0) == [play("red1", 0), play("blue2", 1), play("purple4", 2)]
    error = refused(state, 0, play("red1", 1))
    assert error.code == "wrong_cauldron" and "blue" in error.message


# --- Neutral cauldrons (rules/poison.md, Cauldrons, published version) ---------------------------


def test_neutral_first_potion_sets_the_colour_and_each_colour_has_one_cauldron() -> None:
    """Published: the first potion fixes the cauldron's colour; each cauldron a different
    colour; a cauldron holding only poison has no colour yet."""
    state = table(
        "red1 red2 blue4", "purple1", "blue1", pots=("", "poison", ""), cauldrons="neutral"
    )
    assert view(state, None)["cauldrons"][1]["colour"] is None
    # Nothing is coloured yet: a red potion may open any of the three cauldrons.
    assert [a["cauldron"] for a in legal_actions(state, 0) if a["card"] == "red1"] == [0, 1, 2]
    state = apply(state, 0, play("red1", 1))  # onto the poison: the cauldron turns red
    assert view(state, None)["cauldrons"][1]["colour"] == "red"
    state = apply(state, 2, play("blue1", 0))  # play passes to the right: 0, 2, 1
    state = apply(state, 1, play("purple1", 2))
    # Red is in cauldron 2 (index 1) now: the red 2 may only go there; blue only to index 0.
    assert legal_actions(state, 0) == [play("red2", 1), play("blue4", 0)]
    assert refused(state, 0, play("red2", 0)).code == "wrong_cauldron"


def test_neutral_colour_stays_unique_while_another_cauldron_is_free() -> None:
    """Published: "each cauldron must hold a different colour": a second red cauldron is refused
    even though an empty one is there."""
    state = table("red1 blue1", "blue2", "purple1", pots=("red5", "", ""), cauldrons="neutral")
    assert refused(state, 0, play("red1", 2)).code == "wrong_cauldron"
    assert play("blue1", 1) in legal_actions(state, 0) and play("blue1", 2) in legal_actions(
        state, 0
    )


def test_neutral_boil_over_leaves_the_new_card_to_set_the_colour() -> None:
    """Published: after an overflow the remaining card sets the colour, or leaves the cauldron
    uncoloured if it is poison."""
    state = table(
        "poison red1", "blue1", "purple7", pots=("red7 red4", "", ""), cauldrons="neutral"
    )
    state = apply(state, 0, play("poison", 0))  # 15: boils over
    assert state.cauldrons[0] == ("poison",) and state.collected[0] == ("red7", "red4")
    assert view(state, None)["cauldrons"][0]["colour"] is None
    assert log(state, None)[-1]["colour"] == "red"  # the colour it had when it boiled over
    state = apply(state, 2, play("purple7", 0))  # seat 2 is next; now purple may take it
    assert view(state, None)["cauldrons"][0]["colour"] == "purple"


# --- Scoring (rules/poison.md, End of round and scoring) ------------------------------------------


def test_immunity_needs_a_strict_majority_and_ties_protect_nobody() -> None:
    """Hand-worked: A has red 3, blue 1, poison 1; B red 2, blue 1, purple 2; C purple 2,
    poison 2. Red: A 3 > 2, A is immune. Blue: 1 = 1, a tie [SEED-SILENT]: nobody. Purple:
    2 = 2: nobody. Penalties: A 1 blue + 2 for poison = 3; B 2 + 1 + 2 = 5; C 2 + 2 * 2 = 6."""
    piles = [
        {"red": 3, "blue": 1, "poison": 1},
        {"red": 2, "blue": 1, "purple": 2},
        {"purple": 2, "poison": 2},
    ]
    assert immune_colours(piles) == [("red",), (), ()]
    assert penalty_points(piles) == [3, 5, 6]


def test_poison_is_never_immune() -> None:
    """Scoring: "Every poison card scores 2 and is never immune", even for the only holder."""
    piles = [{"poison": 3}, {"red": 1}, {}]
    assert immune_colours(piles) == [(), ("red",), ()]
    assert penalty_points(piles) == [6, 0, 0]


def test_a_colour_nobody_holds_is_nobodys() -> None:
    """Scoring: a strict majority of zero cards does not exist."""
    assert immune_colours([{}, {}, {}]) == [(), (), ()]
    assert penalty_points([{}, {}, {}]) == [0, 0, 0]


def test_round_ends_when_hands_are_empty_and_cauldrons_are_not_scored() -> None:
    """End of round: the last card played ends it; the cards left in cauldrons do not count.
    Hand-worked piles: seat 0 red7 red5 red1 (3 red), seat 1 red2 red4 poison, seat 2 blue1.
    Red: 3 > 2, seat 0 immune: 0 points; seat 1: 2 red + 2 for the poison = 4; the last play,
    blue 7 onto blue 5 + blue 1 = 13, makes seat 2 take blue 5 and blue 1. The purple 1 and
    purple 2 stay in their cauldron, unscored. Seat 1 starts; play passes to the right (Setup),
    1, 0, 2: the start seat's left-hand neighbour plays the round's last card."""
    state = table(
        "purple1",
        "purple2",
        "blue7",
        pots=("red1", "blue5 blue1", ""),
        piles=("red7 red5 red1", "red2 red4 poison", "blue1"),
        turn=1,
    )
    state = apply(state, 1, play("purple2", 2))
    state = apply(state, 0, play("purple1", 2))
    assert outcome(state) is None
    state = apply(state, 2, play("blue7", 1))
    result = outcome(state)
    assert result is not None
    # Seat 2 holds blue 1, blue 5, blue 1: 3 blue, the only blue holder, so immune: 0 points.
    assert result.scores == [0, 4, 0]
    assert result.winners == frozenset({0, 2})  # [SEED-SILENT] ties share the win
    assert to_act(state) == frozenset() and legal_actions(state, 0) == []
    scored = [entry for entry in log(state, None) if entry["type"] == "round_scored"]
    assert scored == [
        {
            "type": "round_scored",
            "round": 1,
            "totals": [0, 4, 0],
            "start_seat": 1,
            "seats": [
                {"seat": 0, "counts": {"red": 3, "blue": 0, "purple": 0, "poison": 0},
                 "immune": ["red"], "penalty": 0},
                {"seat": 1, "counts": {"red": 2, "blue": 0, "purple": 0, "poison": 1},
                 "immune": [], "penalty": 4},
                {"seat": 2, "counts": {"red": 0, "blue": 3, "purple": 0, "poison": 0},
                 "immune": ["blue"], "penalty": 0},
            ],
        }
    ]  # fmt: skip
    assert log(state, None)[-1] == {"type": "game_over", "scores": [0, 4, 0], "winners": [0, 2]}
    assert result.detail["lowest_wins"] is True and result.detail["totals"] == [0, 4, 0]


def test_one_round_per_player_rotates_the_start_and_adds_the_totals() -> None:
    """Game length, option rounds "per_player": 3 players play 3 rounds, each starting one,
    dealt from the stream where the previous deal stopped; the totals are added. Setup: "Round
    starts move the same way" as play, to the right (seat - 1)."""
    state = new_game(players=3, seed=seed(3), options={"rounds": "per_player"})
    first = state.start_seat
    rng_after_first_deal = state.rng
    starts = [state.start_seat]
    seq = 0
    while state.turn is not None:
        seat = state.turn
        before = state.round
        action = choose(
            view(state, seat), legal_actions(state, seat), bot_rng(SEED, seat=seat, seq=seq)
        )
        state = apply(state, seat, action)
        seq += 1
        if state.turn is not None and state.round != before:
            starts.append(state.start_seat)
            assert state.cauldrons == ((), (), ()) and state.collected == ((),) * 3
            assert [len(hand) for hand in state.hands] == [16] * 3
            if state.round == 2:
                shuffled, _ = rng_after_first_deal.shuffle(DECK)
                assert state.hands[0] == tuple(sorted(shuffled[:16], key=sort_key))
    assert starts == [first, (first - 1) % 3, (first - 2) % 3]
    assert len(state.results) == 3
    result = outcome(state)
    assert result is not None
    sums = [sum(r.seats[seat].penalty for r in state.results) for seat in range(3)]
    assert result.scores == sums
    assert result.winners == {seat for seat in range(3) if sums[seat] == min(sums)}
    started = [entry["round"] for entry in log(state, None) if entry["type"] == "round_started"]
    assert started == [2, 3]


# --- Views and the log (rules/poison.md, Hidden information) -------------------------------------


def test_views_show_only_your_own_hand_and_pile_counts() -> None:
    """Hands are private; collected cards are face down (counts only, the owner too by default);
    cauldrons and their totals are public; set-aside cards are a count."""
    state = table(
        "red1 poison",
        "blue2 blue4",
        "purple1 purple7",
        pots=("red5 poison", "", "purple2"),
        piles=("red7 red2", "", "poison"),
    )
    state = replace(state, set_aside=("blue7", "red4"))
    mine = view(state, 0)
    assert mine["hand"] == ["red1", "poison"]
    assert mine["hand_counts"] == [2, 2, 2]
    assert mine["collected"] == [
        {"cards": 2, "suits": None},
        {"cards": 0, "suits": None},
        {"cards": 1, "suits": None},
    ]
    assert mine["cauldrons"][0] == {"colour": "red", "cards": ["red5", "poison"], "total": 9}
    assert mine["set_aside"] == 2
    spectator = view(state, None)
    assert spectator["hand"] is None and spectator["collected"] == mine["collected"]
    for viewer in (0, 1, 2, None):
        text = json.dumps(view(state, viewer))
        assert "blue7" not in text and "red4" not in text  # set aside
        assert ("blue4" in text) == (viewer == 1)


def test_collected_option_own_and_open() -> None:
    """Hidden information, option: "own" shows you your own pile, "open" every pile."""
    own_state = table(
        "red1", "blue2", "purple1", piles=("red7 red2", "", "poison"), collected="own"
    )
    seen = view(own_state, 0)["collected"]
    assert seen[0]["suits"] == {"red": 2, "blue": 0, "purple": 0, "poison": 0}
    assert seen[2]["suits"] is None and view(own_state, None)["collected"][0]["suits"] is None
    open_state = replace(own_state, collected_mode="open")
    for viewer in (1, None):
        assert view(open_state, viewer)["collected"][2]["suits"] == {
            "red": 0, "blue": 0, "purple": 0, "poison": 1,
        }  # fmt: skip


@pytest.mark.parametrize("mode", ["face_down", "own", "open"])
def test_views_do_not_change_when_hidden_cards_are_dealt_differently(mode: str) -> None:
    """The leak harness's declaration (tests/security/secrets/poison.py), checked for every
    ``collected`` mode through a whole bot game: what a viewer may not see can be re-dealt
    without changing its view, log or legal actions, and no declared secret is in them."""
    state = new_game(players=4, seed=seed(11), options={"collected": mode})
    rng = random.Random(mode)
    seq = 0
    while state.turn is not None:
        for viewer in (0, 1, 2, 3, None):
            twin = poison_secrets.scramble(state, viewer, rng)
            assert view(twin, viewer) == view(state, viewer)
            assert log(twin, viewer) == log(state, viewer)
            text = json.dumps({"view": view(state, viewer), "log": log(state, viewer)})
            compact = json.dumps(view(state, viewer), separators=(",", ":"))
            for secret in poison_secrets.items(state, viewer):
                assert secret not in text and secret not in compact
            if viewer is not None:
                assert legal_actions(twin, viewer) == legal_actions(state, viewer)
        seat = state.turn
        action = choose(
            view(state, seat), legal_actions(state, seat), bot_rng(SEED, seat=seat, seq=seq)
        )
        state = apply(state, seat, action)
        seq += 1


def test_last_play_and_totals_in_the_view() -> None:
    """The view repeats the latest play of the round (for the table) and the running totals."""
    state = table("red4", "blue2", "purple1", pots=("red7 red2", "", ""))
    assert view(state, 1)["last_play"] is None
    state = apply(state, 0, play("red4", 0))
    assert view(state, 1)["last_play"] == {
        "seat": 0, "card": "red4", "cauldron": 0, "colour": "red", "total": 13, "taken": 2,
    }  # fmt: skip
    assert view(state, 1)["totals"] == [0, 0, 0] and view(state, 1)["phase"] == "play"


def plays_with_a_boil_over() -> State:
    """Three players (play passes to the right: 0, 2, 1, 0, ...): seat 0 red7 into cauldron 0
    (7), seat 2 blue1 into 1 (1), seat 1 red2 into 0 (9), seat 0 red4 into 0 (13: it takes red7
    and red2, Turn), seat 2 poison into 1 (5)."""
    return plays(
        table("red7 red4 purple5", "red2 blue5 purple2", "blue1 poison purple7"),
        *[(0, "red7", 0), (2, "blue1", 1), (1, "red2", 0), (0, "red4", 0), (2, "poison", 1)],
    )


def test_the_view_lists_the_rounds_plays() -> None:
    """Hidden information: every play is public, so the view repeats the round's plays in order
    (as ``last_play`` shows the latest), whatever the ``collected`` option hides."""
    state = plays_with_a_boil_over()
    played = view(state, 1)["played"]
    assert [(p["seat"], p["card"], p["cauldron"], p["taken"]) for p in played] == [
        (0, "red7", 0, 0),
        (2, "blue1", 1, 0),
        (1, "red2", 0, 0),
        (0, "red4", 0, 2),
        (2, "poison", 1, 0),
    ]
    assert played[-1] == view(state, 1)["last_play"] and played == view(state, None)["played"]
    assert view(state, 1)["collected"][0] == {"cards": 2, "suits": None}


def test_a_drawn_game_holds_the_piles_the_plays_made_and_unplayed_cards_elsewhere() -> None:
    """``determinize`` (issue 27): seat 0's pile is red7 and red2, as the plays say (face down,
    but the table saw them go in); the other hands and the cards set aside are drawn from the
    cards neither in seat 1's hand nor played (50 - 3 - 5 = 42 cards, of which 2 + 2 are in the
    other hands here and none set aside)."""
    state = plays_with_a_boil_over()
    seen = view(state, 1)
    for index in range(20):
        drawn = determinize(seen, 1, Rng(seed(index), "determinize"))
        assert drawn.collected == (("red7", "red2"), (), ())
        assert view(drawn, 1) == seen
        unplayed = Counter(DECK)
        unplayed.subtract(["red7", "blue1", "red2", "red4", "poison", *state.hands[1]])
        assert not Counter([*drawn.hands[0], *drawn.hands[2]]) - unplayed


def a_boil_over_with_no_safe_play() -> State:
    """Three players, fixed cauldrons (red, blue, purple), 13 boils over; play passes to the
    right (0, 2, 1, ...): seat 0 red7 (red 7), seat 2 blue5 (blue 5), seat 1 red5 (red 12),
    seat 0 purple7 (purple 7), seat 2 blue7 (blue 12); seat 1, holding blue1 and purple7, has no
    safe play (blue 13, purple 14) and boils the purple cauldron over."""
    return plays(
        table("red7 purple7 red1", "red5 purple7 blue1", "blue5 blue7 poison"),
        *[(0, "red7", 0), (2, "blue5", 1), (1, "red5", 0), (0, "purple7", 2), (2, "blue7", 1)],
        (1, "purple7", 2),
    )


def test_a_player_who_boiled_over_lacks_every_card_that_was_safe_then() -> None:
    """Turn: at seat 1's boil-over the cauldrons held red 12, blue 12 and purple 7, so a red or
    blue card of any value would have reached 13, but a purple 1, 2, 4 or 5 (8-12) or a poison
    card (11 in purple) would have been safe: seat 1 holds none of them (it would have played
    it), then or since (no card comes into a hand in a round). Nobody else boiled over."""
    state = a_boil_over_with_no_safe_play()
    seen = view(state, 0)
    lacking = lacked_cards(seen["played"], "fixed", 13, 3)
    assert lacking == (
        frozenset(),
        frozenset({"purple1", "purple2", "purple4", "purple5", "poison"}),
        frozenset(),
    )
    for index in range(20):
        drawn = determinize(seen, 0, Rng(seed(index), "determinize"))
        assert not set(drawn.hands[1]) & lacking[1]
        assert view(drawn, 0) == seen


def test_the_bots_look_ahead_deals_only_unplayed_cards() -> None:
    """The normal bot's guesses of the next hands (``_deals``) come from the cards neither in
    its hand nor played this round: all three red 7s played into cauldron 0, the second and
    third boiling over (14, Turn) and taking the one before, so two lie face down in piles and
    one in the cauldron: no guess holds a red 7."""
    state = plays(
        table("red7 red1 blue1", "red7 blue2 purple1", "red7 blue4 purple2 purple4"),
        *[(0, "red7", 0), (2, "red7", 0), (1, "red7", 0)],
    )
    assert state.collected == ((), ("red7",), ("red7",)) and state.cauldrons[0] == ("red7",)
    deals, _ = _deals(view(state, 0), Rng(SEED, "deals"))
    assert all("red7" not in hand for hands in deals for hand in hands)


# --- Refused actions ----------------------------------------------------------------------------


def playing() -> State:
    return table("red1 poison", "blue2", "purple1", pots=("red5", "", ""))


def over() -> State:
    state = plays(
        table("red1", "blue2", "purple1"), (0, "red1", 0), (2, "purple1", 2), (1, "blue2", 1)
    )
    assert state.turn is None
    return state


REFUSALS: list[tuple[str, Any, int, Any, str]] = [
    ("other seat", playing, 1, play("blue2", 1), "not_your_turn"),
    ("game over", over, 0, play("red1", 0), "game_over"),
    ("not in hand", playing, 0, play("red7", 0), "not_in_hand"),
    ("wrong cauldron", playing, 0, play("red1", 2), "wrong_cauldron"),
    ("unknown card", playing, 0, play("red3", 0), "bad_action"),
    ("green card", playing, 0, play("green4", 0), "bad_action"),
    ("card not a string", playing, 0, play(5, 0), "bad_action"),
    ("cauldron 3", playing, 0, play("poison", 3), "bad_action"),
    ("cauldron -1", playing, 0, play("poison", -1), "bad_action"),
    ("cauldron a bool", playing, 0, play("poison", True), "bad_action"),
    ("cauldron a string", playing, 0, play("poison", "0"), "bad_action"),
    ("cauldron a float", playing, 0, play("poison", 0.0), "bad_action"),
    ("missing cauldron", playing, 0, {"type": "play_card", "card": "poison"}, "bad_action"),
    ("extra key", playing, 0, {**play("poison", 0), "extra": 1}, "bad_action"),
    ("unknown type", playing, 0, {"type": "play", "card": "poison", "cauldron": 0}, "bad_action"),
    ("not an object", playing, 0, ["play_card", "poison", 0], "bad_action"),
]


@pytest.mark.parametrize(
    ("make", "seat", "action", "code"),
    [
        pytest.param(make, seat, action, code, id=name)
        for name, make, seat, action, code in REFUSALS
    ],
)
def test_illegal_actions_are_refused_with_their_code(
    make: Any, seat: int, action: Any, code: str
) -> None:
    state = make()
    error = refused(state, seat, action)
    assert error.code == code and error.message
    assert make() == state  # nothing changed


def test_legal_actions_list_each_distinct_card_once_in_hand_order() -> None:
    """Equal cards are interchangeable: one action per distinct card and cauldron."""
    state = table("red1 red1 poison", "blue2", "purple1")
    assert legal_actions(state, 0) == [
        play("red1", 0),
        play("poison", 0),
        play("poison", 1),
        play("poison", 2),
    ]
    assert legal_actions(state, 1) == []


# --- The bot (design 1.5) -----------------------------------------------------------------------


def bot_choice(state: State, seat: int = 0) -> dict[str, Any]:
    return choose(view(state, seat), legal_actions(state, seat), Rng(SEED, "bot"))


def test_bot_does_not_boil_over_when_it_can_avoid_it() -> None:
    """Red is at 12: the red 1 would boil it over, the blue 4 is safe."""
    state = table("red1 blue4", "blue1", "purple1", pots=("red7 red5", "", ""))
    assert bot_choice(state) == play("blue4", 1)


def test_bot_takes_the_cheapest_pile_when_every_play_boils_over() -> None:
    """Every play boils over: red holds 3 potions (3 points), blue 1 potion + 1 poison (3),
    purple 2 potions (2 points): the purple 7 takes the cheapest pile."""
    state = table(
        "red7 blue7 purple7",
        "blue1",
        "purple1",
        pots=("red4 red4 red5", "blue7 poison", "purple5 purple5"),
    )
    assert bot_choice(state) == play("purple7", 2)


def test_bot_takes_a_colour_it_is_immune_to_when_piles_are_open() -> None:
    """With open piles the bot prices a pile exactly: it leads red 3 to 0, so taking two reds
    costs nothing, while two blues against seat 1's three would cost 2."""
    state = table(
        "red7 blue7",
        "blue1",
        "purple1",
        pots=("red5 red2", "blue5 blue2", ""),
        piles=("red1 red1 red1", "blue1 blue1 blue1", ""),
        collected="open",
    )
    assert bot_choice(state) == play("red7", 0)


def test_bot_keeps_its_poison_card_while_a_potion_is_safe() -> None:
    """A poison card fits every cauldron (Cauldrons), so it is kept for the late round: with a
    safe red 2, the bot plays the red 2 (the old bot played the higher poison card)."""
    state = table("poison red2", "blue1 blue2", "purple1 purple2")
    assert bot_choice(state) == play("red2", 0)


def test_greedy_player_plays_its_highest_safe_card_else_the_cheapest_pile() -> None:
    """The greedy player (``bench.games``' opponent, and every seat in the strong bot's
    playouts: ``rollout``, which reads the drawn state) prices a play by what it takes now (End
    of round and scoring: 1 per potion, 2 per poison card): red stands at 5, so the red 7 stays
    under 13 and is its highest safe card; when every play boils over it takes the cheaper
    pile (two potions, 2 points, before a potion and a poison card, 3)."""
    rng = Rng(SEED, "greedy")
    safe = table("red7 red1 blue4", "blue1", "purple1", pots=("red5", "", ""))
    boiling = table("red7 blue7", "blue1", "purple1", pots=("red5 red4", "blue7 poison", ""))
    for state in (safe, boiling):
        legal = legal_actions(state, 0)
        assert greedy_bot(view(state, 0), legal, rng) == play("red7", 0)
        assert rollout(state, 0, legal, rng) == play("red7", 0)


def test_bot_beats_random_bots() -> None:
    """design 1.5: better than random play; 40 seeded 4-player games, bot rotating seats."""
    wins = 0
    for index in range(40):
        me = index % 4
        state = new_game(players=4, seed=seed(300 + index), options={})
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
    assert wins >= 30  # random play would win about 10 of 40
