"""Monster Duel's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/monster-tcg.md, Minimum real rules engine:
Setup and Turn)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.base import Action, IllegalAction
from app.rules.kit import N_, Move, parse_kind
from app.rules.monster_tcg.components import (
    BENCH,
    CARDS,
    COLORLESS,
    PLAYERS,
    Attack,
    is_basic,
)
from app.rules.monster_tcg.decks import DECK_IDS
from app.rules.monster_tcg.state import Creature, Side, State

ACTION_FIELDS: dict[str, frozenset[str]] = {
    "choose_deck": frozenset({"type", "deck"}),
    "draw_extra": frozenset({"type", "count"}),
    "place_active": frozenset({"type", "card"}),
    "place_bench": frozenset({"type", "card"}),
    "setup_done": frozenset({"type"}),
    "bench": frozenset({"type", "card"}),
    "evolve": frozenset({"type", "card", "slot"}),
    "attach": frozenset({"type", "card", "slot"}),
    "trainer": frozenset({"type", "card", "slot"}),
    "retreat": frozenset({"type", "slot"}),
    "attack": frozenset({"type", "attack", "target"}),
    "end_turn": frozenset({"type"}),
    "take_basic": frozenset({"type", "card"}),
    "take_none": frozenset({"type"}),
    "promote": frozenset({"type", "slot"}),
}
"""The fields of each action on the wire (every one required); anything else is malformed."""

PHASE_OF: dict[str, str] = {
    "choose_deck": "deck",
    "draw_extra": "setup",
    "place_active": "setup",
    "place_bench": "setup",
    "setup_done": "setup",
    "bench": "play",
    "evolve": "play",
    "attach": "play",
    "trainer": "play",
    "retreat": "play",
    "attack": "play",
    "end_turn": "play",
    "take_basic": "search",
    "take_none": "search",
    "promote": "promote",
}
_PHASE_WORDS: dict[str, str] = {
    "deck": N_("the deck choice"),
    "setup": N_("the setup"),
    "play": N_("a turn"),
    "search": N_("a search of the deck"),
    "promote": N_("a promotion"),
}

# --- parsing -----------------------------------------------------------------------------------


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them, or ``bad_action``
    (the shape), ``bad_card`` (a string naming no card), ``bad_slot`` (a slot not 0-5)."""
    kind = parse_kind(action, ACTION_FIELDS, game="Monster Duel")
    if kind == "choose_deck":
        deck = action["deck"]
        if not isinstance(deck, str) or deck not in DECK_IDS:
            raise IllegalAction(
                "bad_deck", "The deck must be one of {decks}.", decks=", ".join(DECK_IDS)
            )
        return Move(kind, (deck,))
    if kind == "draw_extra":
        return Move(kind, (_whole(action["count"], "count"),))
    if kind in ("place_active", "place_bench", "bench", "take_basic"):
        return Move(kind, (_card(action["card"]),))
    if kind in ("evolve", "attach"):
        return Move(kind, (_card(action["card"]), _slot(action["slot"])))
    if kind == "trainer":
        slot = action["slot"]
        return Move(kind, (_card(action["card"]), None if slot is None else _slot(slot)))
    if kind in ("retreat", "promote"):
        return Move(kind, (_slot(action["slot"]),))
    if kind == "attack":
        target = action["target"]
        return Move(
            kind, (_whole(action["attack"], "attack"), None if target is None else _slot(target))
        )
    return Move(kind)


def _whole(value: Any, name: str) -> int:
    if type(value) is not int or value < 0:
        raise IllegalAction("bad_action", "{field} must be a whole number from 0.", field=name)
    return value


def _card(value: Any) -> str:
    if not isinstance(value, str):
        raise IllegalAction("bad_action", "A card is named by its name, a string.")
    if value not in CARDS:
        raise IllegalAction("bad_card", "There is no card {card}.", card=repr(value[:40]))
    return value


def _slot(value: Any) -> int:
    if type(value) is not int:
        raise IllegalAction("bad_action", "A slot is a whole number: 0 the active, 1-5 the bench.")
    if not 0 <= value <= BENCH:
        raise IllegalAction("bad_slot", "A slot is 0 (the active creature) or 1-5 (the bench).")
    return value


# --- energy ------------------------------------------------------------------------------------


def energy_type(name: str) -> str:
    """The type a basic energy card provides."""
    return CARDS[name].type or COLORLESS


def missing_energy(cost: Sequence[str], energy: Sequence[str]) -> list[str]:
    """What attached ``energy`` lacks to pay ``cost``: each typed symbol takes one energy of its
    type, then each colorless one any energy left (an empty list: it can pay)."""
    pool = [energy_type(name) for name in energy]
    missing: list[str] = []
    for symbol in cost:
        if symbol == COLORLESS:
            continue
        if symbol in pool:
            pool.remove(symbol)
        else:
            missing.append(symbol)
    colorless = sum(1 for symbol in cost if symbol == COLORLESS)
    missing += [COLORLESS] * max(0, colorless - len(pool))
    return missing


# --- checks ------------------------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """Who may act now: the seats still to choose a deck or to finish their setup (both at
    once), the turn's seat in a turn or a search, the first seat left to promote."""
    if state.phase == "deck":
        return frozenset(seat for seat in range(PLAYERS) if not state.sides[seat].chosen)
    if state.phase == "setup":
        return frozenset(seat for seat in range(PLAYERS) if not state.sides[seat].ready)
    if state.phase == "promote":
        return frozenset(state.promoting[:1])
    if state.phase in ("play", "search") and state.turn is not None:
        return frozenset({state.turn})
    return frozenset()


def check_turn(state: State, seat: int) -> None:
    """Refuse everyone once the match is over, and a seat that may not act now."""
    if state.phase == "over":
        raise IllegalAction("game_over", "The match is over.")
    if seat not in to_act(state):
        raise IllegalAction("not_your_turn", "It is not your turn.")


def check_phase(state: State, seat: int, kind: str) -> None:
    """The seat may act, in the phase of an action of ``kind``."""
    check_turn(state, seat)
    phase = PHASE_OF[kind]
    if state.phase != phase:
        raise IllegalAction(
            "wrong_phase",
            "That is for {phase}, not {now}.",
            phase=_PHASE_WORDS[phase],
            now=_PHASE_WORDS[state.phase],
        )


def _held(side: Side, card: str) -> None:
    if card not in side.hand:
        raise IllegalAction("not_in_hand", "You hold no {card}.", card=CARDS[card].title)


def _creature(side: Side, slot: int) -> Creature:
    creature = side.at(slot)
    if creature is None:
        raise IllegalAction("bad_slot", "You have no creature in slot {slot}.", slot=slot)
    return creature


def _bench_slot(side: Side, slot: int) -> Creature:
    if slot == 0:
        raise IllegalAction("bad_slot", "Choose a benched creature (slot 1-5).")
    return _creature(side, slot)


def check_choose_deck(state: State, seat: int, deck: str) -> None:
    """Decks: each player whose deck the host left to choose picks one, once."""
    check_phase(state, seat, "choose_deck")


def check_draw_extra(state: State, seat: int, count: int) -> None:
    """Setup, mulligan: the opponent may draw up to one card per mulligan, before placing."""
    check_phase(state, seat, "draw_extra")
    side = state.sides[seat]
    allowed = state.sides[1 - seat].mulligans
    if side.extra_done or allowed == 0:
        raise IllegalAction("not_allowed", "You may not draw extra cards now.")
    if count > allowed:
        raise IllegalAction(
            "not_allowed", "You may draw at most {count} extra cards.", count=allowed
        )


def _check_basic(side: Side, card: str) -> None:
    _held(side, card)
    if not is_basic(card):
        raise IllegalAction("bad_card", "{card} is not a Basic creature.", card=CARDS[card].title)


def check_place_active(state: State, seat: int, card: str) -> None:
    """Setup: a Basic from the hand, face down, as the active creature."""
    check_phase(state, seat, "place_active")
    side = state.sides[seat]
    if side.active is not None:
        raise IllegalAction("not_allowed", "Your active creature is placed.")
    _check_basic(side, card)


def check_place_bench(state: State, seat: int, card: str) -> None:
    """Setup: up to 5 Basics, face down, on the bench, once the active is placed (so that a
    Basic is always left for the active spot)."""
    check_phase(state, seat, "place_bench")
    side = state.sides[seat]
    if side.active is None:
        raise IllegalAction("not_allowed", "Place your active creature first.")
    if len(side.bench) >= BENCH:
        raise IllegalAction("not_allowed", "Your bench is full.")
    _check_basic(side, card)


def check_setup_done(state: State, seat: int) -> None:
    """Setup: done once an active creature is placed."""
    check_phase(state, seat, "setup_done")
    if state.sides[seat].active is None:
        raise IllegalAction("not_allowed", "Place your active creature first.")


def check_bench(state: State, seat: int, card: str) -> None:
    """Turn: put Basics from the hand on the bench (at most 5)."""
    check_phase(state, seat, "bench")
    side = state.sides[seat]
    _check_basic(side, card)
    if len(side.bench) >= BENCH:
        raise IllegalAction("not_allowed", "Your bench is full.")


def check_evolve(state: State, seat: int, card: str, slot: int) -> None:
    """Evolution: a Stage 1 on its Basic, a Stage 2 on its Stage 1; not on one's own first
    turn, not on a creature played this turn, not twice on one creature in a turn."""
    check_phase(state, seat, "evolve")
    side = state.sides[seat]
    _held(side, card)
    evolution = CARDS[card]
    if evolution.kind != "creature" or evolution.stage == 0:
        raise IllegalAction("bad_card", "{card} is not an evolution.", card=evolution.title)
    creature = _creature(side, slot)
    if creature.cards[-1] != evolution.evolves_from:
        raise IllegalAction(
            "not_allowed", "{card} evolves from another creature.", card=evolution.title
        )
    if state.number <= PLAYERS:
        raise IllegalAction("not_allowed", "Nobody evolves on their own first turn.")
    if creature.uid in state.played:
        raise IllegalAction("not_allowed", "That creature was played or evolved this turn.")


def check_attach(state: State, seat: int, card: str, slot: int) -> None:
    """Turn: attach one energy from the hand a turn, to any of one's creatures."""
    check_phase(state, seat, "attach")
    side = state.sides[seat]
    _held(side, card)
    if CARDS[card].kind != "energy":
        raise IllegalAction("bad_card", "{card} is not an energy card.", card=CARDS[card].title)
    _creature(side, slot)
    if state.energy_attached:
        raise IllegalAction("not_allowed", "You have attached an energy this turn.")


def check_trainer(state: State, seat: int, card: str, slot: int | None) -> None:
    """Trainers: heal 20 on a damaged creature of one's own, draw 2, switch the active with a
    benched creature, search the deck for a Basic. A used trainer goes to the discard pile."""
    check_phase(state, seat, "trainer")
    side = state.sides[seat]
    _held(side, card)
    trainer = CARDS[card]
    if trainer.kind != "trainer":
        raise IllegalAction("bad_card", "{card} is not a trainer.", card=trainer.title)
    if trainer.effect in ("draw", "search"):
        if slot is not None:
            raise IllegalAction(
                "bad_slot", "{card} takes no target (slot null).", card=trainer.title
            )
        if not side.deck:
            raise IllegalAction("not_allowed", "Your deck is empty.")
        return
    if slot is None:
        raise IllegalAction("bad_slot", "{card} needs a target slot.", card=trainer.title)
    if trainer.effect == "switch":
        _bench_slot(side, slot)
    elif _creature(side, slot).damage == 0:
        raise IllegalAction("not_allowed", "That creature has no damage to heal.")


def retreat_blocked(state: State, seat: int) -> str | None:
    """Why the active creature may not retreat now (None: it may, given the energy)."""
    side = state.sides[seat]
    active = side.active
    if state.retreated:
        return "retreated"
    if active is None or not side.bench:
        return "no bench"
    for condition in ("asleep", "paralysed"):
        if condition in active.conditions:
            return condition
    if len(active.energy) < active.top.retreat:
        return "energy"
    return None


def check_retreat(state: State, seat: int, slot: int) -> None:
    """Retreat: once a turn, discarding energy equal to the retreat cost, not while asleep or
    paralysed; the benched creature in ``slot`` comes in."""
    check_phase(state, seat, "retreat")
    side = state.sides[seat]
    _bench_slot(side, slot)
    blocked = retreat_blocked(state, seat)
    if blocked is not None:
        raise IllegalAction("not_allowed", _RETREAT_REFUSALS[blocked])


_RETREAT_REFUSALS = {
    "retreated": N_("You have retreated this turn."),
    "no bench": N_("You have no benched creature."),
    "asleep": N_("An asleep creature cannot retreat."),
    "paralysed": N_("A paralysed creature cannot retreat."),
    "energy": N_("Not enough energy attached to pay the retreat cost."),
}


def attack_blocked(state: State, seat: int, attack: Attack) -> str | None:
    """Why the active creature may not use ``attack`` now (None: it may)."""
    active = state.sides[seat].active
    if active is None:
        return "no active"
    if state.number == 1:
        return "first turn"
    for condition in ("asleep", "paralysed"):
        if condition in active.conditions:
            return condition
    if missing_energy(attack.cost, active.energy):
        return "energy"
    return None


def attack_targets(state: State, seat: int, attack: Attack) -> list[int | None]:
    """The targets an attack takes: each opponent bench slot for bench damage (null when the
    opponent has no bench), else only null."""
    bench = state.sides[1 - seat].bench
    if attack.effect == "bench_damage" and bench:
        return list(range(1, len(bench) + 1))
    return [None]


def check_attack(state: State, seat: int, index: int, target: int | None) -> None:
    """Attacking: pay the cost with attached energy (it stays), pick one attack; not on the
    first player's first turn, not while asleep or paralysed. It ends the turn."""
    check_phase(state, seat, "attack")
    active = state.sides[seat].active
    attacks = active.top.attacks if active is not None else ()
    if index >= len(attacks):
        raise IllegalAction(
            "bad_action", "Your active creature has no attack {index}.", index=index
        )
    attack = attacks[index]
    blocked = attack_blocked(state, seat, attack)
    if blocked is not None:
        refusal = _ATTACK_REFUSALS.get(blocked, N_("You cannot attack."))
        raise IllegalAction("not_allowed", refusal)
    if target not in attack_targets(state, seat, attack):
        raise IllegalAction("bad_slot", "Choose an opponent's benched creature, or null.")


_ATTACK_REFUSALS = {
    "first turn": N_("The first player does not attack on the first turn."),
    "asleep": N_("An asleep creature cannot attack."),
    "paralysed": N_("A paralysed creature cannot attack."),
    "energy": N_("Not enough energy attached for that attack."),
}


def check_end_turn(state: State, seat: int) -> None:
    """Turn: the player may end the turn without attacking."""
    check_phase(state, seat, "end_turn")


def check_take_basic(state: State, seat: int, card: str) -> None:
    """Trainer search: a Basic from the deck to the hand."""
    check_phase(state, seat, "take_basic")
    if not is_basic(card):
        raise IllegalAction("bad_card", "{card} is not a Basic creature.", card=CARDS[card].title)
    if card not in state.sides[seat].deck:
        raise IllegalAction("not_allowed", "Your deck holds no {card}.", card=CARDS[card].title)


def check_take_none(state: State, seat: int) -> None:
    """Trainer search: the player may take nothing."""
    check_phase(state, seat, "take_none")


def check_promote(state: State, seat: int, slot: int) -> None:
    """Knock-out: the owner of a knocked-out active puts a benched creature in its place."""
    check_phase(state, seat, "promote")
    _bench_slot(state.sides[seat], slot)
