"""Monster Duel's effects, interpreted from the card data: coin flips, damage and special
conditions, an attack and its one effect, the checkup between turns, knock-outs and prizes
(rules/monster-tcg.md, Minimum real rules engine: Damage, Checkup, Knock-out)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.rules.cards import draw_top
from app.rules.kit import Event, replace_at
from app.rules.monster_tcg.components import (
    BURN,
    CONFUSED_SELF,
    POISON,
    ROTATING,
    Attack,
    attack_damage,
)
from app.rules.monster_tcg.state import Creature, Side, State

# --- small state helpers -----------------------------------------------------------------------


def with_side(state: State, seat: int, side: Side) -> State:
    sides = replace_at(state.sides, seat, side)
    return replace(state, sides=(sides[0], sides[1]))


def logged(
    state: State,
    kind: str,
    *fields: tuple[str, Any],
    owner: int | None = None,
    secret: tuple[tuple[str, Any], ...] = (),
) -> State:
    """The state with one more log entry."""
    return replace(state, events=state.events + (Event(kind, fields, owner, secret),))


def put(side: Side, slot: int, creature: Creature | None) -> Side:
    """The side with ``slot`` holding ``creature`` (None empties the active spot)."""
    if slot == 0:
        return replace(side, active=creature)
    assert creature is not None
    return replace(side, bench=replace_at(side.bench, slot - 1, creature))


def draw_cards(state: State, seat: int, count: int) -> State:
    """``seat`` draws up to ``count`` cards from its deck (each logged, the card to the drawer
    only); an effect's draw from a short deck draws what there is."""
    for _ in range(count):
        side = state.sides[seat]
        if not side.deck:
            break
        card, deck = draw_top(side.deck)
        state = with_side(state, seat, replace(side, deck=deck, hand=side.hand + (card,)))
        state = logged(state, "draw", ("seat", seat), owner=seat, secret=(("card", card),))
    return state


def flip(state: State, seat: int, purpose: str) -> tuple[State, bool]:
    """One coin flip from the match's ``coins`` stream, logged: True for heads."""
    value, coins = state.coins.randbelow(2)
    heads = value == 0
    state = replace(state, coins=coins)
    result = "heads" if heads else "tails"
    return logged(state, "coin", ("seat", seat), ("purpose", purpose), ("result", result)), heads


# --- damage and conditions ---------------------------------------------------------------------


def damage(state: State, seat: int, slot: int, amount: int, cause: str) -> State:
    """``amount`` damage to ``seat``'s creature in ``slot`` (logged when above 0)."""
    creature = state.sides[seat].at(slot)
    if creature is None or amount <= 0:
        return state
    hurt = replace(creature, damage=creature.damage + amount)
    state = with_side(state, seat, put(state.sides[seat], slot, hurt))
    return logged(
        state, "damage", ("seat", seat), ("slot", slot), ("amount", amount), ("cause", cause)
    )


def with_condition(creature: Creature, condition: str) -> Creature:
    """A creature with one more condition: asleep, confused and paralysed replace each other
    (at most one of them), burned and poisoned stack with everything."""
    kept = [c for c in creature.conditions if c != condition]
    if condition in ROTATING:
        kept = [c for c in kept if c not in ROTATING]
    return replace(creature, conditions=tuple(sorted((*kept, condition))))


def add_condition(state: State, seat: int, condition: str) -> State:
    """The active creature of ``seat`` gets ``condition`` unless it is knocked out."""
    active = state.sides[seat].active
    if active is None or active.damage >= active.hp:
        return state
    state = with_side(state, seat, put(state.sides[seat], 0, with_condition(active, condition)))
    return logged(state, "condition", ("seat", seat), ("slot", 0), ("condition", condition))


def recover(state: State, seat: int, condition: str) -> State:
    active = state.sides[seat].active
    assert active is not None
    kept = tuple(c for c in active.conditions if c != condition)
    state = with_side(state, seat, put(state.sides[seat], 0, replace(active, conditions=kept)))
    return logged(state, "recovered", ("seat", seat), ("slot", 0), ("condition", condition))


# --- attacking ---------------------------------------------------------------------------------

_CONDITION_OF = {"poison": "poisoned", "burn": "burned", "sleep": "asleep", "confuse": "confused"}


def attack(state: State, seat: int, index: int, target: int | None) -> State:
    """One attack of the active creature (Attacking; Damage). Confused: a flip first, tails
    30 damage to itself and the attack fails. ``flip_extra`` adds its amount to the base on
    heads; then weakness and resistance (``attack_damage``); then the effect. Bench damage is
    not modified by weakness or resistance."""
    other = 1 - seat
    active = state.sides[seat].active
    defender = state.sides[other].active
    assert active is not None and defender is not None
    move: Attack = active.top.attacks[index]
    if "confused" in active.conditions:
        state, heads = flip(state, seat, "confused")
        if not heads:
            return damage(state, seat, 0, CONFUSED_SELF, "confused")
    base = move.damage
    if move.effect == "flip_extra":
        state, heads = flip(state, seat, "attack")
        base += move.value if heads else 0
    kind = active.top.type or ""
    top = defender.top
    dealt = attack_damage(base, kind, top.weakness, top.resistance)
    state = logged(
        state,
        "attack",
        ("seat", seat),
        ("attack", index),
        ("title", move.title),
        ("damage", dealt),
        ("target", target),
        ("weakness", base > 0 and top.weakness == kind),
        ("resistance", base > 0 and top.resistance == kind),
    )
    state = damage(state, other, 0, dealt, "attack")
    return _effect(state, seat, move, target)


def _effect(state: State, seat: int, move: Attack, target: int | None) -> State:
    """The attack's one effect, as its data says."""
    other = 1 - seat
    effect = move.effect
    if effect == "flip_paralyse":
        state, heads = flip(state, seat, "paralyse")
        return add_condition(state, other, "paralysed") if heads else state
    if effect in _CONDITION_OF:
        return add_condition(state, other, _CONDITION_OF[effect])
    if effect == "heal_self":
        active = state.sides[seat].active
        assert active is not None
        healed = replace(active, damage=max(0, active.damage - move.value))
        return with_side(state, seat, put(state.sides[seat], 0, healed))
    if effect == "draw":
        return draw_cards(state, seat, move.value)
    if effect == "bench_damage" and target is not None:
        return damage(state, other, target, move.value, "bench")
    return state


# --- between turns -----------------------------------------------------------------------------


def checkup(state: State, ended: int) -> State:
    """Checkup between turns, for both active creatures (the seat whose turn ended first), in
    the order asleep (a flip: heads wakes), burned (20 damage, then a flip: heads recovers),
    poisoned (10 damage), paralysed (clears after its owner's turn)."""
    for seat in (ended, 1 - ended):
        active = state.sides[seat].active
        if active is None:
            continue
        if "asleep" in active.conditions:
            state, heads = flip(state, seat, "asleep")
            if heads:
                state = recover(state, seat, "asleep")
        if "burned" in active.conditions:
            state = damage(state, seat, 0, BURN, "burn")
            state, heads = flip(state, seat, "burned")
            if heads:
                state = recover(state, seat, "burned")
        if "poisoned" in active.conditions:
            state = damage(state, seat, 0, POISON, "poison")
        if "paralysed" in active.conditions and seat == ended:
            state = recover(state, seat, "paralysed")
    return state


def knock_outs(state: State, first: int) -> State:
    """Knock-out when damage >= HP: the creature, its lower stages and its energy go to its
    owner's discard pile; the opponent takes one prize card, chosen at random (``picks``) from
    its face-down prizes. ``first``'s creatures are checked first, the active before the bench."""
    for seat in (first, 1 - first):
        side = state.sides[seat]
        for creature in side.creatures():
            if creature.damage < creature.hp:
                continue
            side = state.sides[seat]
            if side.active is not None and side.active.uid == creature.uid:
                side = replace(side, active=None)
            else:
                side = replace(side, bench=tuple(c for c in side.bench if c.uid != creature.uid))
            side = replace(side, discard=side.discard + creature.cards + creature.energy)
            state = with_side(state, seat, side)
            state = logged(state, "knocked_out", ("seat", seat), ("card", creature.cards[-1]))
            state = take_prize(state, 1 - seat)
    return state


def take_prize(state: State, seat: int) -> State:
    """``seat`` takes one of its prize cards at random into its hand (the card secret to it)."""
    side = state.sides[seat]
    if not side.prizes:
        return state
    index, picks = state.picks.randbelow(len(side.prizes))
    card = side.prizes[index]
    prizes = side.prizes[:index] + side.prizes[index + 1 :]
    state = replace(state, picks=picks)
    state = with_side(state, seat, replace(side, prizes=prizes, hand=side.hand + (card,)))
    return logged(state, "prize", ("seat", seat), owner=seat, secret=(("card", card),))
