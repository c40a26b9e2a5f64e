"""Monster Duel scenarios from ``rules/monster-tcg.md`` (its "Settled for Parlor" section and
"Minimum real rules engine"), mostly on hand-written states built with ``dataclasses.replace``
on a new match (style 4.13b). Each test names the section its expectation comes from; every
amount is worked out by hand in its comment from the card table (``components.CARD_TABLE``).
Coin flips come from a ``coins`` stream chosen so that its first flips fall as the test needs."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules import GAMES, IllegalAction
from app.rules.monster_tcg import (
    CARDS,
    GAME,
    Creature,
    State,
    attack_damage,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.rng import Rng
from tests.rules.moves import played, refusal

SEED = hashlib.sha256(b"monster tcg scenarios").digest()
FIXED = {"deck_1": "ember", "deck_2": "tide"}
END: dict[str, Any] = {"type": "end_turn"}
DONE: dict[str, Any] = {"type": "setup_done"}


def mon(
    cards: str, *, damage: int = 0, energy: str = "", conditions: tuple[str, ...] = ()
) -> Creature:
    """A creature in play: its cards (Basic first), damage, energy names (short: ``"fire"``)
    and conditions."""
    names = tuple(f"{kind}-energy" for kind in energy.split())
    return Creature(
        uid=0, cards=tuple(cards.split()), damage=damage, energy=names, conditions=conditions
    )


def table(
    *,
    actives: tuple[Creature | None, Creature | None],
    benches: tuple[tuple[Creature, ...], tuple[Creature, ...]] = ((), ()),
    hands: tuple[str, str] = ("", ""),
    decks: tuple[str | None, str | None] = (None, None),
    prizes: tuple[str | None, str | None] = (None, None),
    turn: int = 0,
    number: int = 3,
    coins: Rng | None = None,
) -> State:
    """A hand-written turn: each seat's active and bench (uids given in order), hand, deck (top
    first; default the dealt one) and prizes; whose turn and its number (3: nobody's first)."""
    base = new_game(players=2, seed=SEED, options=FIXED)
    uid = 1
    sides = []
    for seat in (0, 1):
        placed = []
        for creature in (actives[seat], *benches[seat]):
            placed.append(None if creature is None else replace(creature, uid=uid))
            uid += 1
        side = base.sides[seat]
        sides.append(
            replace(
                side,
                ready=True,
                hand=tuple(hands[seat].split()),
                deck=side.deck if decks[seat] is None else tuple((decks[seat] or "").split()),
                prizes=side.prizes if prizes[seat] is None else tuple((prizes[seat] or "").split()),
                active=placed[0],
                bench=tuple(c for c in placed[1:] if c is not None),
                mulligans=0,
                extra_done=True,
            )
        )
    return replace(
        base,
        phase="play",
        sides=(sides[0], sides[1]),
        turn=turn,
        number=number,
        first=0,
        next_uid=uid,
        coins=coins or base.coins,
        events=(),
    )


def coins(*faces: str) -> Rng:
    """A coin stream whose first flips are ``faces`` ("heads"/"tails", 0 = heads)."""
    for index in range(10_000):
        rng = Rng(hashlib.sha256(f"coins {index}".encode()).digest(), "coins")
        probe, ok = rng, True
        for face in faces:
            value, probe = probe.randbelow(2)
            ok = ok and (value == 0) == (face == "heads")
        if ok:
            return rng
    raise AssertionError("no stream found")


refused = partial(refusal, GAME)


play = partial(played, GAME)


def entries(state: State, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [entry for entry in log(state, seat) if entry["type"] == kind]


def attack(index: int, target: int | None = None) -> dict[str, Any]:
    return {"type": "attack", "attack": index, "target": target}


# --- Damage (Settled for Parlor) -----------------------------------------------------------------


def test_attack_damage_weakness_doubles_resistance_subtracts_30_never_below_0() -> None:
    """Settled for Parlor, Damage: 30 fire on a fire-weak creature is 60; 40 water on a
    water-resistant one is 10; 20 water on it is 0 (never below 0); another type is untouched;
    weakness first, then resistance: 40 -> 80 -> 50."""
    assert attack_damage(30, "fire", "fire", None) == 60
    assert attack_damage(40, "water", None, "water") == 10
    assert attack_damage(20, "water", None, "water") == 0
    assert attack_damage(40, "grass", "fire", "water") == 40
    assert attack_damage(40, "fire", "fire", "fire") == 50
    assert attack_damage(0, "fire", "fire", None) == 0


def test_an_attack_on_a_weak_creature_knocks_it_out_and_takes_a_prize() -> None:
    """Damage and Knock-out: Blaze Hound's Flame Fang (40, fire) on Sprout Mole (50 HP, weak to
    fire) does 80 >= 50: knocked out, its card and energy to the discard, and the attacker takes
    one prize card (at random) into its hand; seat 1 promotes its benched Drip Frog."""
    state = table(
        actives=(
            mon("cinder-pup blaze-hound", energy="fire fire"),
            mon("sprout-mole", energy="grass"),
        ),
        benches=((), (mon("drip-frog"),)),
        prizes=("potion-pack fire-energy", None),
    )
    assert view(state, 0)["preview"]["attacks"][0]["damage"] == 80
    state = play(state, (0, attack(0)))
    assert entries(state, "attack")[0] | {"type": "attack"} == {
        "type": "attack",
        "seat": 0,
        "attack": 0,
        "title": "Flame Fang",
        "damage": 80,
        "target": None,
        "weakness": True,
        "resistance": False,
    }
    assert state.sides[1].discard == ("sprout-mole", "grass-energy")
    assert entries(state, "knocked_out") == [
        {"type": "knocked_out", "seat": 1, "card": "sprout-mole"}
    ]
    assert len(state.sides[0].prizes) == 1
    prize = entries(state, "prize", 0)[0]["card"]
    assert prize in state.sides[0].hand and entries(state, "prize", 1)[0]["card"] is None
    assert state.phase == "promote" and to_act(state) == {1}
    assert view(state, 1)["turn"] is None
    state = play(state, (1, {"type": "promote", "slot": 1}))
    assert state.sides[1].active is not None and state.sides[1].active.cards == ("drip-frog",)
    assert state.phase == "play" and state.turn == 1


def test_resistance_takes_30_off_and_never_below_0() -> None:
    """Damage: Cinder Pup's Nip (10, a fire creature's attack) on Tidal Leviathan (resists
    fire) does 0; Blaze Hound's Heat Charge (70) on it does 40."""
    leviathan = mon("drip-frog torrent-toad tidal-leviathan")
    state = table(actives=(mon("cinder-pup", energy="fire"), leviathan))
    assert view(state, 0)["preview"]["attacks"][0]["damage"] == 0
    state = play(state, (0, attack(0)))
    assert state.sides[1].active is not None and state.sides[1].active.damage == 0
    hound = table(actives=(mon("cinder-pup blaze-hound", energy="fire fire fire"), leviathan))
    hound = play(hound, (0, attack(1)))
    assert hound.sides[1].active is not None and hound.sides[1].active.damage == 40


# --- Evolution, energy, retreat (Turn) --------------------------------------------------------


def test_evolution_keeps_damage_and_energy_and_clears_conditions() -> None:
    """Evolution (seed): the evolved creature keeps its damage and energy; special conditions
    clear (Checkup). Blaze Hound on a poisoned Cinder Pup with 30 damage: 80 HP, 30 damage."""
    pup = mon("cinder-pup", damage=30, energy="fire", conditions=("poisoned",))
    state = table(actives=(pup, mon("sprout-mole")), hands=("blaze-hound", ""))
    state = play(state, (0, {"type": "evolve", "card": "blaze-hound", "slot": 0}))
    active = state.sides[0].active
    assert active is not None
    assert (active.cards, active.damage, active.energy, active.conditions) == (
        ("cinder-pup", "blaze-hound"),
        30,
        ("fire-energy",),
        (),
    )
    assert view(state, 0)["players"][0]["active"]["hp"] == 80
    assert entries(state, "evolve") == [
        {"type": "evolve", "seat": 0, "slot": 0, "card": "blaze-hound", "from": "cinder-pup"}
    ]


def test_evolution_limits() -> None:
    """Evolution limits (seed): not on one's own first turn (turn numbers 1 and 2), not on a
    creature played this turn, not twice on one creature in a turn."""
    hand = ("blaze-hound inferno-wolf cinder-pup", "")
    for number in (1, 2):
        first = table(actives=(mon("cinder-pup"), mon("sprout-mole")), hands=hand, number=number)
        evolve = {"type": "evolve", "card": "blaze-hound", "slot": 0}
        assert refused(first, 0, evolve).code == "not_allowed"
    state = table(actives=(mon("cinder-pup"), mon("sprout-mole")), hands=hand)
    state = play(state, (0, {"type": "bench", "card": "cinder-pup"}))
    assert view(state, 0)["this_turn"]["played"] == [1]
    assert (
        refused(state, 0, {"type": "evolve", "card": "blaze-hound", "slot": 1}).code
        == "not_allowed"
    )
    state = play(state, (0, {"type": "evolve", "card": "blaze-hound", "slot": 0}))
    assert (
        refused(state, 0, {"type": "evolve", "card": "inferno-wolf", "slot": 0}).code
        == "not_allowed"
    )
    assert view(state, 0)["this_turn"]["played"] == [0, 1]
    wrong = table(actives=(mon("spark-mouse"), mon("sprout-mole")), hands=hand)
    assert (
        refused(wrong, 0, {"type": "evolve", "card": "blaze-hound", "slot": 0}).code
        == "not_allowed"
    )


def test_one_energy_a_turn() -> None:
    """Turn 2: attach one energy a turn, to any own creature."""
    state = table(
        actives=(mon("cinder-pup"), mon("sprout-mole")),
        benches=((mon("spark-mouse"),), ()),
        hands=("fire-energy lightning-energy", ""),
    )
    state = play(state, (0, {"type": "attach", "card": "lightning-energy", "slot": 1}))
    assert state.sides[0].bench[0].energy == ("lightning-energy",)
    assert (
        refused(state, 0, {"type": "attach", "card": "fire-energy", "slot": 0}).code
        == "not_allowed"
    )
    assert view(state, 0)["this_turn"]["energy_attached"] is True


def test_retreat_pays_its_cost_with_the_last_energy_attached_once_a_turn() -> None:
    """Retreat (seed): discard energy equal to the retreat cost (the last attached first:
    package docstring), swap with a benched creature (damage and the other energy stay, special
    conditions clear), at most once a turn; the player may still attack afterwards."""
    crab = mon("reef-crab", damage=20, energy="water fire lightning", conditions=("poisoned",))
    state = table(
        actives=(crab, mon("sprout-mole")),
        benches=((mon("spark-mouse", energy="lightning"), mon("cinder-pup")), ()),
    )
    assert view(state, 0)["preview"]["retreat"] == {"cost": 2, "missing": 0, "blocked": None}
    state = play(state, (0, {"type": "retreat", "slot": 1}))
    assert entries(state, "retreat") == [
        {"type": "retreat", "seat": 0, "slot": 1, "discarded": ["fire-energy", "lightning-energy"]}
    ]
    side = state.sides[0]
    assert side.active is not None and side.active.cards == ("spark-mouse",)
    assert side.bench[0] == replace(crab, uid=1, energy=("water-energy",), conditions=())
    assert refused(state, 0, {"type": "retreat", "slot": 2}).code == "not_allowed"
    assert attack(0) in legal_actions(state, 0)


@pytest.mark.parametrize("condition", ["asleep", "paralysed"])
def test_no_retreat_while_asleep_or_paralysed(condition: str) -> None:
    """Minimum real rules engine, Checkup: an asleep or paralysed creature cannot retreat (nor
    attack); Swap Whistle still switches it, and the condition clears on the bench."""
    state = table(
        actives=(
            mon("cinder-pup", energy="fire fire", conditions=(condition,)),
            mon("sprout-mole"),
        ),
        benches=((mon("spark-mouse"),), ()),
        hands=("swap-whistle", ""),
    )
    assert refused(state, 0, {"type": "retreat", "slot": 1}).code == "not_allowed"
    assert refused(state, 0, attack(0)).code == "not_allowed"
    assert view(state, 0)["preview"]["attacks"][0]["blocked"] == condition
    state = play(state, (0, {"type": "trainer", "card": "swap-whistle", "slot": 1}))
    assert state.sides[0].bench[0].conditions == ()
    assert state.sides[0].discard == ("swap-whistle",)


def test_the_first_player_does_not_attack_on_the_first_turn() -> None:
    """Setup, modern rule (Settled for Parlor): the first player does not attack on turn 1;
    the second player may on turn 2."""
    state = table(
        actives=(mon("cinder-pup", energy="fire"), mon("sprout-mole", energy="grass")), number=1
    )
    assert not [a for a in legal_actions(state, 0) if a["type"] == "attack"]
    assert refused(state, 0, attack(0)).code == "not_allowed"
    assert view(state, 0)["preview"]["attacks"][0]["blocked"] == "first turn"
    state = play(state, (0, END))
    assert state.number == 2 and attack(0) in legal_actions(state, 1)


# --- Trainers -----------------------------------------------------------------------------------


def test_trainers_heal_draw_and_search() -> None:
    """Trainers (Settled for Parlor): Potion Pack heals 20 (the seed's Potion), Field Notes
    draws 2, Tracker Map searches the deck for a Basic (then the deck is shuffled); a used
    trainer goes to the discard pile."""
    state = table(
        actives=(mon("cinder-pup", damage=30), mon("sprout-mole")),
        hands=("potion-pack field-notes tracker-map", ""),
        decks=("fire-energy spark-mouse fire-energy ember-newt", None),
    )
    assert {"type": "trainer", "card": "field-notes", "slot": None} in legal_actions(state, 0)
    state = play(state, (0, {"type": "trainer", "card": "potion-pack", "slot": 0}))
    assert state.sides[0].active is not None and state.sides[0].active.damage == 10
    state = play(state, (0, {"type": "trainer", "card": "field-notes", "slot": None}))
    assert state.sides[0].hand == ("tracker-map", "fire-energy", "spark-mouse")
    state = play(state, (0, {"type": "trainer", "card": "tracker-map", "slot": None}))
    assert state.phase == "search" and view(state, 0)["search"] == ["ember-newt"]
    assert view(state, 1)["search"] is None
    assert legal_actions(state, 0) == [
        {"type": "take_basic", "card": "ember-newt"},
        {"type": "take_none"},
    ]
    state = play(state, (0, {"type": "take_basic", "card": "ember-newt"}))
    assert state.phase == "play" and "ember-newt" in state.sides[0].hand
    assert state.sides[0].deck == ("fire-energy",)
    assert state.sides[0].discard == ("potion-pack", "field-notes", "tracker-map")


def test_bench_damage_targets_a_benched_creature() -> None:
    """Effects (Settled for Parlor): damage to one benched creature, without weakness or
    resistance: Storm Tiger's Chain Lightning does 50 to the active, 20 to the chosen bench slot;
    with no opponent bench its target is null."""
    tiger = mon("spark-mouse volt-lynx storm-tiger", energy="lightning lightning fire")
    state = table(
        actives=(tiger, mon("moss-turtle")), benches=((), (mon("drip-frog"), mon("mist-eel")))
    )
    listed = [a for a in legal_actions(state, 0) if a["type"] == "attack"]
    assert listed == [attack(0, 1), attack(0, 2)]
    assert refused(state, 0, attack(0)).code == "bad_slot"
    state = play(state, (0, attack(0, 2)))
    # Moss Turtle resists lightning: 50 - 30 = 20; Mist Eel is water, weak to lightning, but
    # bench damage takes no weakness: 20.
    assert [(e["seat"], e["slot"], e["amount"], e["cause"]) for e in entries(state, "damage")] == [
        (1, 0, 20, "attack"),
        (1, 2, 20, "bench"),
    ]
    alone = table(actives=(tiger, mon("moss-turtle")))
    assert [a for a in legal_actions(alone, 0) if a["type"] == "attack"] == [attack(0)]


# --- Special conditions and the checkup -------------------------------------------------------


def _after_end(conditions: tuple[str, ...], flips: tuple[str, ...], *, damage: int = 0) -> State:
    """Seat 0 ends its turn; seat 1's active Sprout Mole (50 HP) has ``conditions``."""
    state = table(
        actives=(mon("cinder-pup"), mon("sprout-mole", damage=damage, conditions=conditions)),
        benches=((), (mon("drip-frog"),)),
        coins=coins(*flips),
    )
    return play(state, (0, END))


def test_poisoned_takes_10_at_every_checkup() -> None:
    """Checkup: Poisoned, 1 counter (10 damage) between turns; it stays."""
    state = _after_end(("poisoned",), ())
    mole = state.sides[1].active
    assert mole is not None and mole.damage == 10 and mole.conditions == ("poisoned",)
    assert entries(state, "damage") == [
        {"type": "damage", "seat": 1, "slot": 0, "amount": 10, "cause": "poison"}
    ]


@pytest.mark.parametrize(("face", "left"), [("heads", ()), ("tails", ("burned",))])
def test_burned_takes_20_then_a_flip_to_recover(face: str, left: tuple[str, ...]) -> None:
    """Checkup: Burned, 2 counters (20 damage), then a flip: heads recovers (Settled for
    Parlor); the flip is logged."""
    state = _after_end(("burned",), (face,))
    mole = state.sides[1].active
    assert mole is not None and mole.damage == 20 and mole.conditions == left
    assert entries(state, "coin") == [
        {"type": "coin", "seat": 1, "purpose": "burned", "result": face}
    ]


@pytest.mark.parametrize(("face", "left"), [("heads", ()), ("tails", ("asleep",))])
def test_asleep_flips_to_wake(face: str, left: tuple[str, ...]) -> None:
    """Checkup: Asleep, a flip to wake (heads)."""
    state = _after_end(("asleep",), (face,))
    assert state.sides[1].active is not None and state.sides[1].active.conditions == left
    assert [e["purpose"] for e in entries(state, "coin")] == ["asleep"]


def test_paralysed_clears_after_its_owners_next_turn() -> None:
    """Checkup: Paralysed clears after its owner's next turn: still paralysed after seat 0's
    turn, it cannot attack or retreat on seat 1's turn, and it clears when that turn ends."""
    state = _after_end(("paralysed",), ())
    assert state.turn == 1 and state.sides[1].active is not None
    assert state.sides[1].active.conditions == ("paralysed",)
    assert not [a for a in legal_actions(state, 1) if a["type"] in ("attack", "retreat")]
    state = play(state, (1, END))
    assert state.sides[1].active is not None and state.sides[1].active.conditions == ()
    assert entries(state, "recovered")[-1] == {
        "type": "recovered",
        "seat": 1,
        "slot": 0,
        "condition": "paralysed",
    }


@pytest.mark.parametrize("face", ["heads", "tails"])
def test_confused_flips_on_attacking(face: str) -> None:
    """Checkup, Confused: a flip on attacking; tails, 30 damage to itself (3 counters) and the
    attack fails (no attack entry); heads, the attack goes on (Nip: 10)."""
    state = table(
        actives=(mon("cinder-pup", energy="fire", conditions=("confused",)), mon("sprout-mole")),
        coins=coins(face),
    )
    state = play(state, (0, attack(0)))
    own, other = state.sides[0].active, state.sides[1].active
    assert own is not None and other is not None
    assert (own.damage, other.damage) == ((0, 20) if face == "heads" else (30, 0))
    assert entries(state, "coin")[0]["purpose"] == "confused"
    assert len(entries(state, "attack")) == (1 if face == "heads" else 0)


def test_conditions_combine_as_markers_and_one_of_asleep_confused_paralysed() -> None:
    """Package docstring (Checkup, settled): Sonic Buzz confuses an asleep, poisoned creature:
    it is confused (asleep is replaced) and still poisoned."""
    bat = mon("static-bat", energy="lightning lightning")
    state = table(actives=(bat, mon("moss-turtle", conditions=("asleep", "poisoned"))))
    state = play(state, (0, attack(1)))
    turtle = state.sides[1].active
    assert turtle is not None and turtle.conditions == ("confused", "poisoned")


def test_flip_effects_and_heal_self() -> None:
    """Effects: Thunder Pounce (50, heads +30) on Moss Turtle (resists lightning): heads 80 - 30
    = 50; Static Shock's flip paralyses on heads; Lava Press heals 20 from its user."""
    lynx = mon("spark-mouse volt-lynx", energy="lightning lightning lightning")
    state = play(table(actives=(lynx, mon("moss-turtle")), coins=coins("heads")), (0, attack(1)))
    assert state.sides[1].active is not None and state.sides[1].active.damage == 50
    assert entries(state, "coin")[0] == {
        "type": "coin",
        "seat": 0,
        "purpose": "attack",
        "result": "heads",
    }
    mouse = mon("spark-mouse", energy="lightning fire")
    state = play(table(actives=(mouse, mon("moss-turtle")), coins=coins("heads")), (0, attack(1)))
    assert state.sides[1].active is not None and state.sides[1].active.conditions == ("paralysed",)
    tortoise = mon("magma-tortoise", damage=50, energy="fire fire fire")
    state = play(table(actives=(tortoise, mon("moss-turtle"))), (0, attack(0)))
    assert state.sides[0].active is not None and state.sides[0].active.damage == 30


# --- Knock-outs, promotion and wins --------------------------------------------------------------


def test_both_actives_knocked_out_at_the_checkup_promote_in_order() -> None:
    """Knock-out and promotion, settled in the package docstring: both actives poisoned with
    10 HP left are knocked out at the checkup after seat 0's turn; each side takes a prize; seat
    0 (whose turn ended) promotes first, then seat 1, whose turn then starts."""
    state = table(
        actives=(
            mon("cinder-pup", damage=40, conditions=("poisoned",)),
            mon("sprout-mole", damage=40, conditions=("poisoned",)),
        ),
        benches=((mon("spark-mouse"),), (mon("drip-frog"),)),
    )
    state = play(state, (0, END))
    assert [len(side.prizes) for side in state.sides] == [5, 5]
    assert state.phase == "promote" and to_act(state) == {0}
    state = play(state, (0, {"type": "promote", "slot": 1}))
    assert to_act(state) == {1}
    state = play(state, (1, {"type": "promote", "slot": 1}))
    assert state.phase == "play" and state.turn == 1
    assert [e["seat"] for e in entries(state, "promote")] == [0, 1]


def test_taking_the_last_prize_wins() -> None:
    """Win conditions: take all your prize cards."""
    state = table(
        actives=(mon("cinder-pup blaze-hound", energy="fire fire"), mon("sprout-mole")),
        benches=((), (mon("drip-frog"),)),
        prizes=("fire-energy", None),
    )
    state = play(state, (0, attack(0)))
    result = outcome(state)
    assert result is not None and result.winners == {0} and result.detail["reason"] == "prizes"
    assert entries(state, "win") == [{"type": "win", "seats": [0], "reason": "prizes"}]
    assert to_act(state) == frozenset() and legal_actions(state, 1) == []
    assert refused(state, 1, END).code == "game_over"


def test_an_opponent_without_creatures_in_play_loses() -> None:
    """Win conditions: the opponent has no creature in play (cannot promote)."""
    state = table(actives=(mon("cinder-pup blaze-hound", energy="fire fire"), mon("sprout-mole")))
    state = play(state, (0, attack(0)))
    assert state.winners == (0,) and state.reason == "no_creatures"


def test_a_player_who_cannot_draw_at_the_turn_start_loses() -> None:
    """Turn 1: the draw is mandatory; if you cannot draw, you lose."""
    state = table(actives=(mon("cinder-pup"), mon("sprout-mole")), decks=(None, ""))
    state = play(state, (0, END))
    assert state.winners == (0,) and state.reason == "deck_out"
    assert view(state, None)["winners"] == [0] and view(state, None)["reason"] == "deck_out"


def test_simultaneous_wins_start_a_sudden_death_and_the_third_ends_drawn() -> None:
    """Win conditions, sudden death on simultaneous wins (settled: decks kept, reshuffled, one
    prize each, a new coin flip; after three sudden deaths a draw): both lone actives are
    knocked out by poison at the same checkup, so each opponent has none in play."""
    both = table(
        actives=(
            mon("cinder-pup", damage=40, conditions=("poisoned",)),
            mon("sprout-mole", damage=40, conditions=("poisoned",)),
        ),
    )
    state = play(both, (0, END))
    assert state.phase == "setup" and state.sudden_death == 1 and state.prizes_total == 1
    assert entries(state, "sudden_death") == [{"type": "sudden_death", "number": 1}]
    for side in state.sides:
        assert len(side.prizes) == 1 and len(side.hand) == 7
        assert len(side.hand) + len(side.deck) + len(side.prizes) == 60
    assert view(state, 0)["sudden_death"] == 1 and view(state, 0)["number"] == 0
    third = play(replace(both, sudden_death=3), (0, END))
    result = outcome(third)
    assert result is not None and result.winners == {0, 1} and third.reason == "draw"


# --- Decks and the setup -----------------------------------------------------------------------


def _seed_with_mulligans() -> bytes:
    """A seed whose deal gives seat 0 (Ember) at least one mulligan and seat 1 none."""
    for index in range(2000):
        seed = hashlib.sha256(f"mulligan {index}".encode()).digest()
        state = new_game(players=2, seed=seed, options=FIXED)
        if state.sides[0].mulligans and not state.sides[1].mulligans:
            return seed
    raise AssertionError("no seed found")


def test_mulligans_are_revealed_and_the_opponent_may_draw_one_card_each() -> None:
    """Setup, mulligan (Settled for Parlor): a hand without a Basic is revealed (logged),
    reshuffled and redrawn, automatically; the opponent may draw up to one card per mulligan,
    before it places anything (package docstring: placing first forgoes it)."""
    state = new_game(players=2, seed=_seed_with_mulligans(), options=FIXED)
    count = state.sides[0].mulligans
    shown = entries(state, "mulligan", None)
    assert len(shown) == count and all(entry["seat"] == 0 for entry in shown)
    assert not any(
        CARDS[name].kind == "creature" and CARDS[name].stage == 0 for name in shown[0]["hand"]
    )
    assert view(state, 1)["players"][0]["mulligans"] == count
    extra = [a for a in legal_actions(state, 1) if a["type"] == "draw_extra"]
    assert extra == [{"type": "draw_extra", "count": n} for n in range(count + 1)]
    assert not [a for a in legal_actions(state, 0) if a["type"] == "draw_extra"]
    assert refused(state, 1, {"type": "draw_extra", "count": count + 1}).code == "not_allowed"
    drawn = play(state, (1, {"type": "draw_extra", "count": 1}))
    assert len(drawn.sides[1].hand) == 8 and len(drawn.sides[1].deck) == 60 - 7 - 6 - 1
    assert entries(drawn, "draw_extra") == [{"type": "draw_extra", "seat": 1, "count": 1}]
    assert not [a for a in legal_actions(drawn, 1) if a["type"] == "draw_extra"]
    basic = next(
        name
        for name in state.sides[1].hand
        if CARDS[name].kind == "creature" and CARDS[name].stage == 0
    )
    placed = play(state, (1, {"type": "place_active", "card": basic}))
    assert refused(placed, 1, {"type": "draw_extra", "count": 1}).code == "not_allowed"


def _basics(state: State, seat: int) -> list[str]:
    return [
        name
        for name in state.sides[seat].hand
        if CARDS[name].kind == "creature" and CARDS[name].stage == 0
    ]


def test_the_setup_is_face_down_until_both_are_done_then_a_coin_picks_the_first() -> None:
    """Setup: the active and up to 5 benched Basics are placed face down (the other sees backs,
    the log names nothing) until both are done; then they are revealed and a coin flip from the
    match RNG (logged) decides the first player, whose first turn starts with a draw."""
    state = new_game(players=2, seed=SEED, options=FIXED)
    assert state.phase == "setup" and to_act(state) == {0, 1}
    assert [len(side.prizes) for side in state.sides] == [6, 6]
    first = _basics(state, 0)[0]
    state = play(state, (0, {"type": "place_active", "card": first}))
    assert refused(state, 0, {"type": "place_active", "card": first}).code == "not_allowed"
    state = play(state, (0, DONE))
    for viewer in (1, None):
        other = view(state, viewer)["players"][0]
        assert other["active"] == {
            "card": None,
            "under": [],
            "damage": 0,
            "hp": 0,
            "energy": [],
            "conditions": [],
        }
        assert other["ready"] is True
    assert first not in view(state, None)["catalogue"]
    assert view(state, 0)["players"][0]["active"]["card"] == first
    assert log(state, 1) == log(state, None) and not entries(state, "setup")
    assert refused(state, 0, DONE).code == "not_your_turn"
    second = _basics(state, 1)[0]
    state = play(state, (1, {"type": "place_active", "card": second}), (1, DONE))
    assert [(e["seat"], e["active"]) for e in entries(state, "setup")] == [(0, first), (1, second)]
    coin = entries(state, "coin")
    assert coin == [{"type": "coin", "seat": 0, "purpose": "first", "result": coin[0]["result"]}]
    starter = 0 if coin[0]["result"] == "heads" else 1
    assert state.first == starter and state.turn == starter and state.number == 1
    assert view(state, 1 - starter)["players"][0]["active"]["card"] == first
    assert len(state.sides[starter].hand) == 7 - 1 + 1


def test_the_tables_first_player_skips_the_logged_flip() -> None:
    """design 1.1 (start_seat): with the table's choice, that seat goes first and no coin is
    logged; the stream is drawn anyway, so later flips are the same."""
    for start in (0, 1):
        state = new_game(players=2, seed=SEED, options=FIXED, start_seat=start)
        for seat in (0, 1):
            state = play(
                state,
                (seat, {"type": "place_active", "card": _basics(state, seat)[0]}),
                (seat, DONE),
            )
        assert state.first == start and not entries(state, "coin")
        assert state.coins.counter >= 1


def test_the_deck_choice_is_hidden_until_both_have_chosen() -> None:
    """Decks (Settled for Parlor): each player picks a deck before the match, hidden from the
    other (and from spectators) until it starts; then both are revealed."""
    state = new_game(players=2, seed=SEED, options={})
    assert state.phase == "deck" and to_act(state) == {0, 1}
    assert [a["deck"] for a in legal_actions(state, 0)] == ["ember", "tide", "surge", "grove"]
    state = play(state, (0, {"type": "choose_deck", "deck": "surge"}))
    assert view(state, 0)["players"][0]["deck"] == "surge"
    for viewer in (1, None):
        seen = view(state, viewer)["players"][0]
        assert seen["deck"] is None and seen["chosen"] is True
        assert entries(state, "deck_chosen", viewer) == [
            {"type": "deck_chosen", "seat": 0, "deck": None}
        ]
    assert entries(state, "deck_chosen", 0)[0]["deck"] == "surge"
    assert refused(state, 0, {"type": "choose_deck", "deck": "tide"}).code == "not_your_turn"
    state = play(state, (1, {"type": "choose_deck", "deck": "surge"}))
    assert state.phase == "setup" and entries(state, "decks", None) == [
        {"type": "decks", "decks": ["surge", "surge"]}
    ]
    assert view(state, 1)["players"][0]["deck"] == "surge"
    fixed = new_game(players=2, seed=SEED, options={"deck_1": "grove"})
    assert view(fixed, 1)["players"][0]["deck"] == "grove" and to_act(fixed) == {1}


def test_half_decks_have_30_cards_and_3_prizes() -> None:
    """Settled for Parlor, Decks: the option of a 30-card half deck with 3 prizes."""
    state = new_game(players=2, seed=SEED, options={**FIXED, "deck_size": 30})
    for side in state.sides:
        assert len(side.prizes) == 3 and len(side.hand) + len(side.deck) + 3 == 30
    assert view(state, 0)["prizes_total"] == 3


# --- Refusals ------------------------------------------------------------------------------------


def test_bad_input_is_refused_with_the_state_unchanged() -> None:
    """Design 1.1: every refused action raises IllegalAction with a code and a sentence, and
    changes nothing."""
    state = table(
        actives=(mon("cinder-pup"), mon("sprout-mole")),
        hands=("fire-energy potion-pack blaze-hound", ""),
    )
    cases: list[tuple[int, Any, str]] = [
        (1, END, "not_your_turn"),
        (0, {"type": "promote", "slot": 1}, "wrong_phase"),
        (0, {"type": "bench", "card": "spark-mouse"}, "not_in_hand"),
        (0, {"type": "bench", "card": "no-such-card"}, "bad_card"),
        (0, {"type": "bench", "card": "fire-energy"}, "bad_card"),
        (0, {"type": "attach", "card": "fire-energy", "slot": 4}, "bad_slot"),
        (0, {"type": "attach", "card": "fire-energy", "slot": 9}, "bad_slot"),
        (0, {"type": "attach", "card": "fire-energy", "slot": True}, "bad_action"),
        (0, {"type": "attach", "card": "fire-energy"}, "bad_action"),
        (0, {"type": "trainer", "card": "potion-pack", "slot": 0}, "not_allowed"),
        (0, {"type": "trainer", "card": "potion-pack", "slot": None}, "bad_slot"),
        (0, {"type": "retreat", "slot": 1}, "bad_slot"),
        (0, attack(0), "not_allowed"),
        (0, attack(7), "bad_action"),
        (0, {"type": "choose_deck", "deck": "ember"}, "wrong_phase"),
        (0, {"type": "nope"}, "bad_action"),
        (0, "end_turn", "bad_action"),
    ]
    for seat, action, code in cases:
        assert refused(state, seat, action).code == code, action
    dealing = new_game(players=2, seed=SEED, options={})
    assert refused(dealing, 0, {"type": "choose_deck", "deck": "lava"}).code == "bad_deck"


def test_the_registry_entry() -> None:
    """Design 1.1: Monster Duel is for exactly 2 players; its options and their defaults."""
    rules = GAMES["monster_tcg"]
    assert (rules.slug, rules.title, rules.min_players, rules.max_players) == (
        "monster_tcg",
        "Monster Duel",
        2,
        2,
    )
    assert rules.default_options == {"deck_size": 60, "deck_1": "choose", "deck_2": "choose"}
    with pytest.raises(IllegalAction):
        rules.check_options(2, {"deck_size": 40})
    with pytest.raises(IllegalAction):
        rules.check_options(3, {})
