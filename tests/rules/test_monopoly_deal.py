"""Monopoly Deal scenarios from ``rules/monopoly-deal.md``, mostly on hand-written tables built
with ``dataclasses.replace`` on a new match (style 4.13b). Each test names the section its
expectation comes from; every amount is worked out by hand in its comment from the property
table (rents by cards owned) and the bank values of the deck tables."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.monopoly_deal import (
    CARDS,
    DECK,
    EXTENDED_DECK,
    GAME,
    ROUND_LIMIT,
    PropertySet,
    State,
    apply,
    is_complete,
    legal_actions,
    log,
    new_game,
    outcome,
    rent_owed,
    to_act,
    view,
)
from tests.rules.moves import played, refusal

SEED = hashlib.sha256(b"monopoly deal scenarios").digest()

# A few cards by name (ids: rules/monopoly-deal.md deck tables, package docstring).
M1, M2, M3, M5, M10 = "money-1-1", "money-2-1", "money-3-1", "money-5-1", "money-10-1"
JSN1, JSN2, JSN3 = "action-just_say_no-1", "action-just_say_no-2", "action-just_say_no-3"
DB1, DB2 = "action-double_rent-1", "action-double_rent-2"
BROWN = ("property-brown-1", "property-brown-2")
DARK_BLUE = ("property-dark_blue-1", "property-dark_blue-2")
GREEN = ("property-green-1", "property-green-2", "property-green-3")
RED = ("property-red-1", "property-red-2", "property-red-3")
RAIL = tuple(f"property-railroad-{k}" for k in range(1, 5))
UTIL = ("property-utility-1", "property-utility-2")
YELLOW = ("property-yellow-1", "property-yellow-2", "property-yellow-3")


def pset(colour: str, *cards: str, house: str | None = None, hotel: str | None = None) -> Any:
    return PropertySet(colour, cards, house, hotel)


def table(
    *,
    hands: tuple[tuple[str, ...], ...],
    banks: tuple[tuple[str, ...], ...] | None = None,
    sets: tuple[tuple[PropertySet, ...], ...] | None = None,
    deck: tuple[str, ...] | None = None,
    discards: tuple[str, ...] = (),
    turn: int = 0,
    plays_left: int = 3,
    **options: Any,
) -> State:
    """A hand-written table in ``"play"`` for seat ``turn``: the hands, banks and property sets
    per seat, the draw pile top first (default: every card not placed, in deck order) and the
    discards; as many players as hands."""
    players = len(hands)
    banks = banks or ((),) * players
    sets = sets or ((),) * players
    base = new_game(players=players, seed=SEED, options=options, start_seat=0)
    placed = [*(c for hand in hands for c in hand), *(c for bank in banks for c in bank)]
    placed += [c for area in sets for group in area for c in (*group.cards, *group.buildings)]
    placed += discards
    assert len(set(placed)) == len(placed), "a card is placed twice"
    every = EXTENDED_DECK if options.get("deck") == "extended" else DECK
    pile = deck if deck is not None else tuple(c for c in every if c not in placed)
    return replace(
        base,
        phase="play",
        turn=turn,
        plays_left=plays_left,
        hands=hands,
        deck=pile,
        discards=discards,
        banks=banks,
        sets=sets,
        pending=None,
        moved_wilds=(),
        events=(),
    )


play = partial(played, GAME)


refused = partial(refusal, GAME)


def last(state: State, kind: str) -> dict[str, Any]:
    """The last public log entry of type ``kind``."""
    return [entry for entry in log(state, None) if entry["type"] == kind][-1]


ACCEPT = {"type": "accept"}


# --- Deck ----------------------------------------------------------------------------------------


def test_the_deck_has_106_cards_and_the_extended_one_108() -> None:
    """Deck: 20 money + 34 actions + 13 rents + 28 properties + 11 wilds = 106 (the 4
    quick-start cards are not played); [UNVERIFIED] a 4th Forced Deal and 3rd Hotel make 108."""
    kinds = Counter(CARDS[card].kind for card in DECK)
    assert len(DECK) == len(set(DECK)) == 106
    assert kinds == {"money": 20, "action": 34, "rent": 13, "property": 28, "wild": 11}
    assert sum(CARDS[card].value for card in DECK if CARDS[card].kind == "money") == 57
    assert len(EXTENDED_DECK) == 108
    assert set(EXTENDED_DECK) - set(DECK) == {"action-forced_deal-4", "action-hotel-3"}
    state = new_game(players=2, seed=SEED, options={"deck": "extended"})
    assert len(state.deck) + sum(len(hand) for hand in state.hands) == 108


def test_bank_values_come_from_the_deck_tables() -> None:
    """Action cards: Deal Breaker 5M, Just Say No 4M, Pass Go 1M; rents 1M (two-colour) and 3M
    (wild); wildcards: dark blue/green 4M, multicolour none."""
    assert [CARDS[c].value for c in ("action-deal_breaker-1", JSN1, "action-pass_go-10")] == [
        5,
        4,
        1,
    ]
    assert CARDS["rent-red+yellow-2"].value == 1 and CARDS["rent-any-3"].value == 3
    assert CARDS["wild-dark_blue+green-1"].value == 4 and CARDS["wild-any-2"].value == 0


@pytest.mark.parametrize(
    ("colour", "cards", "house", "hotel", "rent"),
    [
        ("brown", 1, False, False, 1),
        ("brown", 2, False, False, 2),
        ("dark_blue", 2, False, False, 8),
        ("green", 3, False, False, 7),
        ("railroad", 3, False, False, 3),
        ("railroad", 4, False, False, 4),
        ("orange", 3, False, False, 5),
        ("green", 3, True, False, 10),  # 7 + 3 for the house
        ("green", 3, True, True, 14),  # 7 + 3 + 4 for the hotel
        ("green", 2, True, True, 4),  # buildings count on a complete set only
        ("yellow", 3, False, False, 6),
        ("utility", 2, False, False, 2),
    ],
)
def test_rent_owed_follows_the_property_table(
    colour: str, cards: int, house: bool, hotel: bool, rent: int
) -> None:
    """Property table, Rent (1, 2, 3, 4 cards); House +3M, Hotel +4M on a complete set."""
    assert rent_owed(colour, cards, house=house, hotel=hotel) == rent


def test_is_complete_uses_the_set_sizes() -> None:
    """Property table, Cards (set size): railroad 4, brown and utility 2, the rest 3 or 2."""
    assert not is_complete("railroad", 3) and is_complete("railroad", 4)
    assert is_complete("brown", 2) and is_complete("dark_blue", 2)
    assert not is_complete("green", 2) and is_complete("green", 3)


# --- Setup and Turn ------------------------------------------------------------------------------


def test_the_deal_gives_five_each_and_the_first_player_draws_two() -> None:
    """Setup: 5 cards each; Turn 1: the first player draws 2 (7 in hand), 3 plays."""
    state = new_game(players=3, seed=SEED, options={}, start_seat=1)
    assert [len(hand) for hand in state.hands] == [5, 7, 5]
    assert len(state.deck) == 106 - 15 - 2
    assert (state.turn, state.phase, state.plays_left, to_act(state)) == (
        1,
        "play",
        3,
        frozenset({1}),
    )
    shown = view(state, 0)
    assert shown["hand"] == list(state.hands[0]) and shown["hand_sizes"] == [5, 7, 5]
    assert view(state, None)["hand"] is None
    assert log(state, 1)[-1]["cards"] == list(state.hands[1][5:])
    assert log(state, 0)[-1]["cards"] is None


def test_an_empty_hand_draws_five_at_the_start_of_its_turn() -> None:
    """Turn 1: if your hand is empty at the start of your turn, draw 5 instead of 2."""
    state = table(hands=((M1,), ()))
    state = apply(state, 0, {"type": "end_turn"})
    assert (state.turn, len(state.hands[1])) == (1, 5)
    assert last(state, "turn_start")["drew"] == 5


def test_three_plays_a_turn() -> None:
    """Turn 2: up to 3 plays; after them only free moves and the end of the turn remain."""
    state = table(hands=((M1, M2, M3, M5), ()))
    state = play(state, *((0, {"type": "bank", "card": c}) for c in (M1, M2, M3)))
    assert state.plays_left == 0 and state.banks[0] == (M1, M2, M3)
    assert refused(state, 0, {"type": "bank", "card": M5}).code == "no_plays_left"
    assert legal_actions(state, 0) == [{"type": "end_turn"}]


def test_discard_down_to_seven_at_the_end_of_the_turn() -> None:
    """Turn 3: a hand of 9 discards 2 before the next turn starts."""
    hand = (M1, M2, M3, M5, M10, JSN1, JSN2, JSN3, "money-1-2")
    state = apply(table(hands=(hand, ("money-1-3",))), 0, {"type": "end_turn"})
    assert state.phase == "discard" and to_act(state) == {0}
    assert len(legal_actions(state, 0)) == 9
    state = apply(state, 0, {"type": "discard", "card": M10})
    assert state.phase == "discard"
    state = apply(state, 0, {"type": "discard", "card": M1})
    assert (state.phase, state.turn, len(state.hands[0])) == ("play", 1, 7)
    assert state.discards == (M10, M1)


def test_a_banked_action_loses_its_action() -> None:
    """Turn 2: an action card banked as money loses its action for good: it is 3M in the bank
    and no Sly Deal happens."""
    state = table(hands=(("action-sly_deal-1",), ()), sets=((), (pset("green", GREEN[0]),)))
    state = apply(state, 0, {"type": "bank", "card": "action-sly_deal-1"})
    assert state.pending is None and state.sets[1] == (pset("green", GREEN[0]),)
    assert view(state, 1)["bank_totals"] == [3, 0]
    assert refused(state, 0, {"type": "bank", "card": "action-sly_deal-1"}).code == "not_in_hand"


def test_properties_cannot_be_banked() -> None:
    """Turn 2: money or an action card into the bank; properties go to the property area."""
    state = table(hands=((RED[0],), ()))
    assert refused(state, 0, {"type": "bank", "card": RED[0]}).code == "not_allowed"


def test_cards_beyond_a_full_set_start_a_new_set() -> None:
    """Turn 2: a brown set of 2 is full, so a light blue/brown wild played as brown starts a
    second brown set; a third red joins the incomplete red set."""
    state = table(
        hands=(("wild-light_blue+brown-1", RED[2]), ()),
        sets=((pset("brown", *BROWN), pset("red", *RED[:2])), ()),
    )
    state = play(
        state,
        (0, {"type": "place", "card": "wild-light_blue+brown-1", "colour": "brown"}),
        (0, {"type": "place", "card": RED[2], "colour": "red"}),
    )
    assert state.sets[0] == (
        pset("brown", *BROWN),
        pset("red", *RED),
        pset("brown", "wild-light_blue+brown-1"),
    )
    assert view(state, 0)["complete_colours"] == [2, 0]


def test_wilds_are_placed_in_one_of_their_colours_and_move_once_a_turn_for_free() -> None:
    """Property wildcards; Turn 2: moving or flipping your wildcards is free (no play); Parlor
    lets each move once a turn (package docstring) so that a turn ends."""
    wild = "wild-red+yellow-1"
    state = table(hands=((wild, M1), (M2,)))
    placing = {"type": "place", "card": wild, "colour": "green"}
    assert refused(state, 0, placing).code == "not_allowed"
    assert refused(state, 0, {"type": "place", "card": M1, "colour": "green"}).code == "not_allowed"
    state = apply(state, 0, {"type": "place", "card": wild, "colour": "yellow"})
    state = apply(state, 0, {"type": "move_wild", "card": wild, "colour": "red"})
    assert state.sets[0] == (pset("red", wild),) and state.plays_left == 2
    moving = {"type": "move_wild", "card": wild, "colour": "yellow"}
    assert refused(state, 0, moving).code == "not_allowed"
    state = play(state, (0, {"type": "end_turn"}), (1, {"type": "end_turn"}))
    state = apply(state, 0, {"type": "move_wild", "card": wild, "colour": "yellow"})
    assert state.sets[0] == (pset("yellow", wild),)


def test_a_multicolour_wild_takes_any_colour() -> None:
    """Property wildcards: Multicolour (any colour)."""
    state = table(hands=(("wild-any-1",), ()))
    places = [a for a in legal_actions(state, 0) if a["type"] == "place"]
    assert len(places) == 10


# --- Actions -------------------------------------------------------------------------------------


def test_pass_go_draws_two() -> None:
    """Action cards: Pass Go, draw 2 cards (one play; the card is discarded)."""
    state = table(hands=(("action-pass_go-1",), ()), deck=(M1, M2, M3))
    state = apply(state, 0, {"type": "pass_go", "card": "action-pass_go-1"})
    assert state.hands[0] == (M1, M2) and state.deck == (M3,)
    assert state.discards == ("action-pass_go-1",) and state.plays_left == 2
    assert log(state, 0)[-1]["cards"] == [M1, M2] and log(state, 1)[-1]["cards"] is None


def test_birthday_every_other_player_answers_then_pays_two() -> None:
    """It's My Birthday: every player pays you 2M; each target answers, then pays, in turn order
    from the actor's left (seat 1 then seat 2)."""
    card = "action-birthday-1"
    state = table(hands=((card,), (), ()), banks=((), (M2,), (M1, "money-1-2")))
    state = apply(state, 0, {"type": "birthday", "card": card})
    assert state.phase == "respond" and to_act(state) == {1}
    assert state.pending is not None and state.pending.targets == (2,)
    state = play(state, (1, ACCEPT), (1, {"type": "pay", "card": M2}))
    assert state.phase == "respond" and to_act(state) == {2}
    state = play(state, (2, ACCEPT))
    assert {"type": "pay_all"} in legal_actions(state, 2)  # 1 + 1 = 2, no more than owed
    state = apply(state, 2, {"type": "pay_all"})
    assert (state.phase, state.pending, state.banks) == (
        "play",
        None,
        ((M2, M1, "money-1-2"), (), ()),
    )


def test_debt_collector_takes_five() -> None:
    """Debt Collector: one player pays you 5M."""
    card = "action-debt_collector-1"
    state = table(hands=((card,), ()), banks=((), (M5, M1)))
    state = play(state, (0, {"type": "debt_collector", "card": card, "target": 1}), (1, ACCEPT))
    assert state.pending is not None and state.pending.owed == 5
    state = apply(state, 1, {"type": "pay", "card": M5})
    assert state.banks == ((M5,), (M1,)) and state.phase == "play"


def test_sly_deal_takes_a_property_not_in_a_complete_set() -> None:
    """Sly Deal: take one property not in a complete set."""
    card = "action-sly_deal-1"
    sets = ((), (pset("brown", *BROWN), pset("green", GREEN[0])))
    state = table(hands=((card,), ()), sets=sets)
    take_brown = {"type": "sly_deal", "card": card, "target": 1, "take": BROWN[0]}
    assert refused(state, 0, take_brown).code == "not_allowed"
    takes = [a["take"] for a in legal_actions(state, 0) if a["type"] == "sly_deal"]
    assert takes == [GREEN[0]]
    state = play(state, (0, {**take_brown, "take": GREEN[0]}), (1, ACCEPT))
    assert state.sets == ((pset("green", GREEN[0]),), (pset("brown", *BROWN),))
    assert last(state, "steal") == {"type": "steal", "seat": 0, "from": 1, "cards": [GREEN[0]]}


def test_forced_deal_swaps_two_loose_properties() -> None:
    """Forced Deal: swap one of your properties for one of theirs; neither in a complete set."""
    card = "action-forced_deal-1"
    sets = ((pset("red", RED[0]),), (pset("green", GREEN[0]),))
    state = table(hands=((card,), ()), sets=sets)
    deal = {"type": "forced_deal", "card": card, "target": 1, "give": RED[0], "take": GREEN[0]}
    state = play(state, (0, deal), (1, ACCEPT))
    assert state.sets == ((pset("green", GREEN[0]),), (pset("red", RED[0]),))


def test_deal_breaker_takes_a_complete_set_with_its_house() -> None:
    """Deal Breaker: take a complete set from another player, including its house/hotel."""
    card = "action-deal_breaker-1"
    green = pset("green", *GREEN, house="action-house-1")
    state = table(hands=((card,), ()), sets=((), (pset("red", RED[0]), green)))
    breaking = {"type": "deal_breaker", "card": card, "target": 1, "set": 0}
    assert refused(state, 0, breaking).code == "not_allowed"
    state = play(state, (0, {"type": "deal_breaker", "card": card, "target": 1, "set": 1}))
    assert view(state, 1)["pending"]["set"] == {"colour": "green", "cards": list(GREEN)}
    state = apply(state, 1, ACCEPT)
    assert state.sets == ((green,), (pset("red", RED[0]),))


def test_houses_and_hotels() -> None:
    """Restrictions, Houses and hotels: only on complete sets; a hotel needs a house first.
    Rent of the set then: green 7 + 3 + 4 = 14."""
    house, hotel = "action-house-1", "action-hotel-1"
    sets = ((pset("green", *GREEN), pset("red", RED[0])), ())
    state = table(hands=((house, hotel), ()), sets=sets)
    assert refused(state, 0, {"type": "build", "card": hotel, "set": 0}).code == "not_allowed"
    assert refused(state, 0, {"type": "build", "card": house, "set": 1}).code == "not_allowed"
    state = play(
        state,
        (0, {"type": "build", "card": house, "set": 0}),
        (0, {"type": "build", "card": hotel, "set": 0}),
    )
    assert state.sets[0][0] == pset("green", *GREEN, house=house, hotel=hotel)
    assert view(state, 1)["sets"][0][0]["rent"] == 14


@pytest.mark.parametrize(
    ("buildings", "colour", "allowed"),
    [
        ("official", "railroad", False),
        ("official", "utility", False),
        ("seed", "railroad", True),
        ("seed", "utility", False),
    ],
)
def test_no_houses_on_railroads_or_utilities_by_default(
    buildings: str, colour: str, allowed: bool
) -> None:
    """Restrictions: seed, not on utilities; official, not on railroads either. Default:
    neither (option ``buildings``: "official")."""
    cards = RAIL if colour == "railroad" else UTIL
    state = table(
        hands=(("action-house-1",), ()), sets=((pset(colour, *cards),), ()), buildings=buildings
    )
    build = {"type": "build", "card": "action-house-1", "set": 0}
    if allowed:
        assert apply(state, 0, build).sets[0][0].house == "action-house-1"
    else:
        assert refused(state, 0, build).code == "not_allowed"


# --- Rent ----------------------------------------------------------------------------------------


def _rent_table(plays_left: int = 3) -> State:
    """Seat 0 owns a complete dark blue set (rent 8) and holds a wild rent and two Doubles."""
    return table(
        hands=(("rent-any-1", DB1, DB2), (), ()),
        banks=((), (M10, M5, "money-4-1"), (M1,)),
        sets=((pset("dark_blue", *DARK_BLUE),), (), ()),
        plays_left=plays_left,
    )


@pytest.mark.parametrize(
    ("doubles", "owed", "plays"), [((), 8, 2), ((DB1,), 16, 1), ((DB1, DB2), 32, 0)]
)
def test_double_the_rent_doubles_per_card_and_uses_a_play_each(
    doubles: tuple[str, ...], owed: int, plays: int
) -> None:
    """Turn 2: Double the Rent counts as its own play: rent + double = 2 plays (x2), rent +
    double + double = 3 plays (x4). Dark blue 2 cards: 8M, so 16M and 32M."""
    rent = {"type": "rent", "card": "rent-any-1", "colour": "dark_blue", "target": 1}
    state = play(_rent_table(), (0, {**rent, "doubles": list(doubles)}), (1, ACCEPT))
    assert state.pending is not None and (state.pending.owed, state.plays_left) == (owed, plays)
    assert set(state.discards) == {"rent-any-1", *doubles}


def test_rent_with_two_doubles_needs_three_plays() -> None:
    """Turn 2: rent + double + double = 3 plays; with 2 left only one Double may go with it."""
    rent = {"type": "rent", "card": "rent-any-1", "colour": "dark_blue", "target": 1}
    state = _rent_table(plays_left=2)
    assert refused(state, 0, {**rent, "doubles": [DB1, DB2]}).code == "no_plays_left"
    rents = [
        a["doubles"] for a in legal_actions(state, 0) if a["type"] == "rent" and a["target"] == 1
    ]
    assert rents == [[], [DB1], [DB2]]


def test_a_two_colour_rent_charges_everyone_and_a_wild_rent_one() -> None:
    """Rent cards: a two-colour rent charges all players, a wild rent one chosen player. Green
    with one card: 2M from each."""
    hand = ("rent-dark_blue+green-1", "rent-any-1")
    base = table(
        hands=(hand, (), ()),
        banks=((), (M2,), ("money-2-2",)),
        sets=((pset("green", GREEN[0]),), (), ()),
    )
    two: dict[str, Any] = {
        "type": "rent",
        "card": hand[0],
        "colour": "green",
        "doubles": [],
        "target": None,
    }
    state = play(base, (0, two), (1, ACCEPT), (1, {"type": "pay", "card": M2}), (2, ACCEPT))
    state = apply(state, 2, {"type": "pay", "card": "money-2-2"})
    assert state.banks[0] == (M2, "money-2-2")
    assert refused(base, 0, {**two, "target": 1}).code == "bad_target"
    wild = {**two, "card": hand[1], "target": 2}
    state = play(base, (0, wild), (2, ACCEPT), (2, {"type": "pay", "card": "money-2-2"}))
    assert state.banks == (("money-2-2",), (M2,), ()) and state.phase == "play"
    assert refused(base, 0, {**wild, "target": None}).code == "bad_target"
    assert refused(base, 0, {**wild, "colour": "red"}).code == "not_allowed"  # no red set


# --- Paying --------------------------------------------------------------------------------------


def _debt(banks: tuple[str, ...], sets: tuple[PropertySet, ...] = ()) -> State:
    """Seat 0's Debt Collector (5M) on seat 1, accepted: seat 1 pays from ``banks`` and
    ``sets``."""
    card = "action-debt_collector-1"
    state = table(hands=((card,), ()), banks=((), banks), sets=((), sets))
    return play(state, (0, {"type": "debt_collector", "card": card, "target": 1}), (1, ACCEPT))


def test_the_payer_chooses_and_no_change_is_given() -> None:
    """Paying: chosen by the payer (a property though money would do); no change is given: a
    10M note pays a 5M debt whole."""
    state = _debt((M10, M1), (pset("red", RED[0]),))
    assert [a["card"] for a in legal_actions(state, 1) if a["type"] == "pay"] == [M10, M1, RED[0]]
    assert {"type": "pay_all"} not in legal_actions(state, 1)  # 10 + 1 + 3 > 5
    state = apply(state, 1, {"type": "pay", "card": RED[0]})
    assert state.sets == ((pset("red", RED[0]),), ()) and state.pending is not None
    assert state.pending.owed == 2 and last(state, "pay")["as"] == "property"
    state = apply(state, 1, {"type": "pay", "card": M10})
    assert state.phase == "play" and state.banks == ((M10,), (M1,))
    assert last(state, "paid") == {"type": "paid", "seat": 1, "to": 0, "total": 13, "owed": 5}


def test_a_short_table_pays_everything() -> None:
    """Paying: if your table holds less than the debt, you pay everything you have (pay_all,
    or card by card until nothing payable is left)."""
    state = _debt((M1, M2))
    state = apply(state, 1, {"type": "pay_all"})
    assert state.banks == ((M1, M2), ()) and state.phase == "play"
    state = apply(_debt((M1, M2)), 1, {"type": "pay", "card": M1})
    state = apply(state, 1, {"type": "pay", "card": M2})
    assert state.banks == ((M1, M2), ()) and state.phase == "play"


def test_a_multicolour_wild_cannot_pay() -> None:
    """Property wildcards: multicolour has no value, can't be used to pay; a table holding
    nothing else has nothing to pay, so its owner is not asked at all."""
    state = _debt((M1,), (pset("red", "wild-any-1"),))
    assert refused(state, 1, {"type": "pay", "card": "wild-any-1"}).code == "not_allowed"
    card = "action-debt_collector-1"
    bare = table(hands=((card,), ()), sets=((), (pset("red", "wild-any-1"),)))
    state = apply(bare, 0, {"type": "debt_collector", "card": card, "target": 1})
    assert state.phase == "play" and last(state, "nothing_to_pay")["seat"] == 1


def test_buildings_of_a_set_broken_by_paying_go_to_the_owners_bank() -> None:
    """Paying [UNVERIFIED] common ruling: a building on a set broken by paying goes to the
    owner's bank as money; a hotel is paid before the house under it."""
    green = pset("green", *GREEN, house="action-house-1", hotel="action-hotel-1")
    state = _debt((), (green,))
    assert refused(state, 1, {"type": "pay", "card": "action-house-1"}).code == "not_allowed"
    state = apply(state, 1, {"type": "pay", "card": GREEN[0]})  # 4M of 5
    assert state.sets[1] == (pset("green", *GREEN[1:]),)
    assert state.banks[1] == ("action-house-1", "action-hotel-1")
    assert last(state, "buildings_to_bank")["cards"] == ["action-house-1", "action-hotel-1"]
    state = apply(state, 1, {"type": "pay", "card": "action-house-1"})  # 3M: 7 in all
    assert state.phase == "play" and state.banks == (("action-house-1",), ("action-hotel-1",))


def test_a_paid_wild_keeps_its_colour() -> None:
    """Paying: properties received go into the recipient's property area (a wild as it was)."""
    state = _debt((), (pset("yellow", "wild-red+yellow-1", YELLOW[0]),))
    state = apply(state, 1, {"type": "pay", "card": "wild-red+yellow-1"})
    assert state.sets[0] == (pset("yellow", "wild-red+yellow-1"),)


# --- Just Say No ---------------------------------------------------------------------------------


def _sly(actor_hand: tuple[str, ...], target_hand: tuple[str, ...], plays_left: int = 3) -> State:
    """Seat 0 plays a Sly Deal on seat 1's lone red."""
    card = "action-sly_deal-1"
    state = table(
        hands=((card, *actor_hand), target_hand),
        sets=((), (pset("red", RED[0]),)),
        plays_left=plays_left,
    )
    return apply(state, 0, {"type": "sly_deal", "card": card, "target": 1, "take": RED[0]})


def test_one_just_say_no_cancels_and_a_second_restores() -> None:
    """Just Say No: cancels an action aimed at you; can itself be cancelled by another, and so
    on (a chain): 1 cancels, 2 restore."""
    state = _sly((JSN1,), (JSN2,))
    assert legal_actions(state, 1) == [ACCEPT, {"type": "just_say_no", "card": JSN2}]
    state = apply(state, 1, {"type": "just_say_no", "card": JSN2})
    assert to_act(state) == {0} and view(state, 0)["pending"]["chain"] == [1]
    cancelled = apply(state, 0, ACCEPT)
    assert cancelled.sets == ((), (pset("red", RED[0]),)) and cancelled.phase == "play"
    assert last(cancelled, "cancelled")["seat"] == 1
    state = play(state, (0, {"type": "just_say_no", "card": JSN1}))
    assert to_act(state) == {1} and state.pending is not None and state.pending.chain == (1, 0)
    state = apply(state, 1, ACCEPT)
    assert state.sets == ((pset("red", RED[0]),), ())


def test_the_actors_just_say_no_is_a_play_the_targets_is_not() -> None:
    """Just Say No: not one of your plays when used on another's turn; the actor's, on their own
    turn, is (Parlor reads "each card laid down is one play")."""
    state = _sly((JSN1,), (JSN2,))
    assert state.plays_left == 2
    state = apply(state, 1, {"type": "just_say_no", "card": JSN2})
    assert state.plays_left == 2
    state = apply(state, 0, {"type": "just_say_no", "card": JSN1})
    assert state.plays_left == 1


def test_an_actor_without_plays_cannot_answer() -> None:
    """With the Sly Deal as the last play, the actor's Just Say No would be a fourth play: the
    target's stands at once."""
    state = _sly((JSN1,), (JSN2,), plays_left=1)
    state = apply(state, 1, {"type": "just_say_no", "card": JSN2})
    assert state.phase == "play" and state.sets[1] == (pset("red", RED[0]),)


def test_a_window_opens_whether_or_not_the_target_holds_a_just_say_no() -> None:
    """Hidden hands: the prompt must not tell whether the target holds a Just Say No."""
    state = _sly((), (M1,))
    assert state.phase == "respond" and to_act(state) == {1}
    assert legal_actions(state, 1) == [ACCEPT]


def test_against_a_multi_target_action_each_target_answers() -> None:
    """Just Say No: against a multi-target action (Birthday) each targeted player responds
    individually: seat 1's Just Say No spares seat 1 only; seat 2 still pays."""
    card = "action-birthday-1"
    state = table(hands=((card,), (JSN1,), ()), banks=((), (M2,), ("money-2-2",)))
    state = play(
        state,
        (0, {"type": "birthday", "card": card}),
        (1, {"type": "just_say_no", "card": JSN1}),
        (0, ACCEPT),
    )
    assert state.phase == "respond" and to_act(state) == {2}
    state = play(state, (2, ACCEPT), (2, {"type": "pay", "card": "money-2-2"}))
    assert state.banks == (("money-2-2",), (M2,), ())


# --- Winning, Deck exhausted, the round limit ----------------------------------------------------


def test_receiving_a_property_as_payment_wins_at_once() -> None:
    """Winning [SEED-SILENT] resolution: checked immediately after any change, mid-payment too:
    seat 0 has brown and dark blue complete and 2 greens; seat 1 pays a green while still owing."""
    card = "action-debt_collector-1"
    sets = (
        (pset("brown", *BROWN), pset("dark_blue", *DARK_BLUE), pset("green", *GREEN[:2])),
        (pset("green", GREEN[2]),),
    )
    state = table(hands=((card,), ()), banks=((), (M10,)), sets=sets)
    state = play(state, (0, {"type": "debt_collector", "card": card, "target": 1}), (1, ACCEPT))
    state = apply(state, 1, {"type": "pay", "card": GREEN[2]})
    assert state.phase == "over" and to_act(state) == frozenset()
    result = outcome(state)
    assert result is not None and result.winners == {0} and result.scores == [3, 0]
    assert last(state, "win") == {"type": "win", "seat": 0, "winners": [0], "reason": "three_sets"}


def test_a_property_received_on_another_players_turn_wins() -> None:
    """Winning: including properties received on another player's turn: seat 0's Forced Deal
    gives seat 1 the red that completes its third set."""
    card = "action-forced_deal-1"
    sets = (
        (pset("red", RED[2]),),
        (
            pset("brown", *BROWN),
            pset("utility", *UTIL),
            pset("red", *RED[:2]),
            pset("green", GREEN[0]),
        ),
    )
    state = table(hands=((card,), ()), sets=sets)
    deal = {"type": "forced_deal", "card": card, "target": 1, "give": RED[2], "take": GREEN[0]}
    state = play(state, (0, deal), (1, ACCEPT))
    result = outcome(state)
    assert result is not None and result.winners == {1}


def test_the_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    """Deck exhausted: shuffle the discard pile into a new draw pile (here mid-draw: 1 card
    left, 2 to draw)."""
    discards = (M2, M3, M5, M10)
    state = table(hands=((M1,), ("money-1-2",)), deck=("money-1-3",), discards=discards)
    state = apply(state, 0, {"type": "end_turn"})
    assert state.hands[1][:2] == ("money-1-2", "money-1-3")
    assert len(state.hands[1]) == 3 and len(state.deck) == 3 and state.discards == ()
    assert set(state.hands[1][2:] + state.deck) == set(discards)
    assert last(state, "reshuffle") == {"type": "reshuffle", "count": 4}


def test_with_nothing_left_to_draw_the_draw_takes_what_there_is() -> None:
    """Deck exhausted with an empty discard pile: the draw takes what there is."""
    state = table(hands=((M1,), ("money-1-2",)), deck=("money-1-3",))
    state = apply(state, 0, {"type": "end_turn"})
    assert state.hands[1] == ("money-1-2", "money-1-3") and state.deck == ()


def test_the_round_limit_ends_the_match() -> None:
    """Parlor's round limit (package docstring): after the last round the most complete colours
    win, then the table value; here seats 0 and 1 each have one set, seat 1's table is worth
    more (green 4 x 3 = 12 > brown 1 x 2 + 1 = 3)."""
    state = table(
        hands=((), (), ()),
        banks=((M1,), (), (M10,)),
        sets=((pset("brown", *BROWN),), (pset("green", *GREEN),), ()),
        turn=2,
    )
    state = replace(state, round=ROUND_LIMIT)
    over = apply(state, 2, {"type": "end_turn"})
    result = outcome(over)
    assert result is not None and result.winners == {1} and result.scores == [1, 1, 0]
    assert result.detail == {"winner": 1, "winners": [1], "reason": "round_limit"}
    early = apply(replace(state, round=ROUND_LIMIT - 1), 2, {"type": "end_turn"})
    assert early.phase == "play" and early.round == ROUND_LIMIT


def test_tied_seats_share_the_round_limit_win() -> None:
    """Round limit: all tied seats share (no sets, equal banks)."""
    state = table(hands=((), ()), banks=((M2,), ("money-2-2",)), turn=1)
    over = apply(replace(state, round=ROUND_LIMIT), 1, {"type": "end_turn"})
    result = outcome(over)
    assert result is not None and result.winners == {0, 1}
    assert result.detail["winner"] is None


# --- Refusals ------------------------------------------------------------------------------------


def test_every_bad_input_is_refused_with_its_code() -> None:
    """Codes of refused actions (package docstring); the state is unchanged each time."""
    state = table(
        hands=(("action-sly_deal-1", "action-house-1", M1, RED[0]), (M2,)),
        sets=((pset("red", RED[1]),), (pset("brown", *BROWN),)),
    )
    sly = {"type": "sly_deal", "card": "action-sly_deal-1", "target": 1, "take": BROWN[0]}
    cases: list[tuple[int, Any, str]] = [
        (1, {"type": "end_turn"}, "not_your_turn"),
        (0, {"type": "pay_all"}, "wrong_phase"),
        (0, {"type": "bank", "card": M2}, "not_in_hand"),
        (0, {"type": "bank"}, "bad_action"),
        (0, {"type": "bank", "card": 5}, "bad_action"),
        (0, {"type": "bank", "card": M1, "extra": 1}, "bad_action"),
        (0, {"type": "place", "card": RED[0], "colour": "purple"}, "bad_action"),
        (
            0,
            {"type": "rent", "card": M1, "colour": "red", "doubles": "x", "target": None},
            "bad_action",
        ),
        (0, {"type": "bank", "card": "money-7-1"}, "bad_card"),
        (0, {**sly, "target": 0}, "bad_target"),
        (0, {**sly, "target": 7}, "bad_target"),
        (0, {**sly, "take": RED[1]}, "bad_target"),
        (0, sly, "not_allowed"),  # brown is complete
        (0, {"type": "build", "card": "action-house-1", "set": 0}, "not_allowed"),
        (0, {"type": "build", "card": "action-house-1", "set": 3}, "bad_target"),
        (0, {"type": "pass_go", "card": M1}, "not_allowed"),
        (0, {"type": "move_wild", "card": RED[1], "colour": "yellow"}, "not_allowed"),
        (0, {"type": "discard", "card": M1}, "wrong_phase"),
    ]
    for seat, action, code in cases:
        assert refused(state, seat, action).code == code, action
    spent = replace(state, plays_left=0)
    assert refused(spent, 0, {"type": "bank", "card": M1}).code == "no_plays_left"
    over = replace(state, phase="over")
    assert refused(over, 0, {"type": "end_turn"}).code == "game_over"


def test_the_registry_entry() -> None:
    """Setup: 2-5 players; the options' defaults are the rule file's."""
    assert GAMES["monopoly_deal"] is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert GAME.default_options == {"buildings": "official", "deck": "standard"}
    with pytest.raises(IllegalAction):
        GAME.check_options(6, {})
    with pytest.raises(IllegalAction):
        GAME.check_options(2, {"deck": "double"})


def test_the_view_shows_the_pending_rent_and_hides_other_hands() -> None:
    """Information: hands are private, banks and properties public (bank totals shown). A wild
    rent on dark blue with one Double: 8 x 2 = 16M owed by seat 1, who answers first."""
    rent = {"type": "rent", "card": "rent-any-1", "colour": "dark_blue", "target": 1}
    state = apply(_rent_table(), 0, {**rent, "doubles": [DB1]})
    shown = view(state, 2)
    assert shown["hand"] == [] and shown["hand_sizes"] == [1, 0, 0]
    assert view(state, None)["hand"] is None
    assert shown["bank_totals"] == [0, 19, 1]  # 10 + 5 + 4; 1
    assert shown["sets"][0] == [
        {
            "colour": "dark_blue",
            "cards": list(DARK_BLUE),
            "house": None,
            "hotel": None,
            "complete": True,
            "rent": 8,
        }
    ]
    pending = shown["pending"]
    assert (pending["kind"], pending["actor"], pending["target"], pending["targets"]) == (
        "rent",
        0,
        1,
        [],
    )
    assert (pending["amount"], pending["owed"], pending["responder"], pending["stage"]) == (
        16,
        16,
        1,
        "respond",
    )
    assert pending["doubles"] == [DB1] and pending["colour"] == "dark_blue"
    assert shown["to_act"] == [1] and shown["plays_left"] == 1
