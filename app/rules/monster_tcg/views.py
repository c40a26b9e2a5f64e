"""What one viewer sees of a Monster Duel match, built field by field (design 1.1: whitelisted;
rules/monster-tcg.md, Hidden: hands, decks, prizes, the other's deck choice until the match
starts, the face-down setup until both are done)."""

from __future__ import annotations

from typing import Any

from app.rules.monster_tcg.checks import (
    attack_blocked,
    missing_energy,
    retreat_blocked,
    to_act,
)
from app.rules.monster_tcg.components import CARD_TABLE, CARDS, PLAYERS, attack_damage
from app.rules.monster_tcg.decks import DECKS
from app.rules.monster_tcg.state import Creature, State

_ORDER: dict[str, int] = {card.name: index for index, card in enumerate(CARD_TABLE)}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees; the package docstring lists every field."""
    own = seat if seat in range(PLAYERS) else None
    names: set[str] = set()
    players = [_side(state, other, own, names) for other in range(PLAYERS)]
    searching = state.phase == "search" and own is not None and state.turn == own
    search = None
    if searching and own is not None:
        search = sorted(
            {
                card
                for card in state.sides[own].deck
                if CARDS[card].stage == 0 and CARDS[card].kind == "creature"
            },
            key=_ORDER.__getitem__,
        )
        names.update(search)
    turn = state.turn if state.phase in ("play", "search") else None
    return {
        "you": own,
        "phase": state.phase,
        "turn": turn,
        "number": state.number,
        "first": state.first,
        "to_act": sorted(to_act(state)),
        "prizes_total": state.prizes_total,
        "deck_options": [deck.to_json() for deck in DECKS],
        "catalogue": {
            name: CARDS[name].to_json() for name in sorted(names, key=_ORDER.__getitem__)
        },
        "players": players,
        "this_turn": _this_turn(state, turn),
        "preview": _preview(state, own)
        if turn is not None and turn == own and state.phase == "play"
        else None,
        "search": search,
        "sudden_death": state.sudden_death,
        "winners": None if state.winners is None else sorted(state.winners),
        "reason": state.reason,
    }


def _side(state: State, seat: int, own: int | None, names: set[str]) -> dict[str, Any]:
    side = state.sides[seat]
    mine = seat == own
    face_down = state.phase == "setup" and not mine
    deck_known = mine or state.phase != "deck" or state.options.fixed(seat) is not None
    if mine:
        names.update(side.hand)
    names.update(side.discard)
    return {
        "deck": side.deck_id if deck_known else None,
        "chosen": side.chosen,
        "ready": side.ready,
        "active": None if side.active is None else _creature(side.active, face_down, names),
        "bench": [_creature(creature, face_down, names) for creature in side.bench],
        "hand": list(side.hand) if mine else None,
        "hand_count": len(side.hand),
        "deck_count": len(side.deck),
        "prizes": len(side.prizes),
        "discard": list(side.discard),
        "mulligans": side.mulligans,
        "extra_done": side.extra_done,
    }


def _creature(creature: Creature, face_down: bool, names: set[str]) -> dict[str, Any]:
    """A creature in play; face down (the other's during the setup) it shows nothing."""
    if face_down:
        return {"card": None, "under": [], "damage": 0, "hp": 0, "energy": [], "conditions": []}
    names.update(creature.cards)
    names.update(creature.energy)
    return {
        "card": creature.cards[-1],
        "under": list(creature.cards[:-1]),
        "damage": creature.damage,
        "hp": creature.hp,
        "energy": list(creature.energy),
        "conditions": list(creature.conditions),
    }


def _this_turn(state: State, turn: int | None) -> dict[str, Any]:
    """The turn seat's limits: energy attached, retreated, the slots played this turn."""
    if turn is None:
        return {"energy_attached": False, "retreated": False, "played": []}
    creatures = state.sides[turn].creatures()
    offset = 0 if state.sides[turn].active is not None else 1
    return {
        "energy_attached": state.energy_attached,
        "retreated": state.retreated,
        "played": [
            slot + offset for slot, creature in enumerate(creatures) if creature.uid in state.played
        ],
    }


def _preview(state: State, seat: int) -> dict[str, Any] | None:
    """The viewer's attacks (what is missing, the damage against the defending creature after
    weakness and resistance, before coin flips, and why not now) and its retreat."""
    active = state.sides[seat].active
    if active is None:
        return None
    defender = state.sides[1 - seat].active
    kind = active.top.type or ""
    attacks = []
    for index, move in enumerate(active.top.attacks):
        damage = None
        if defender is not None:
            top = defender.top
            damage = attack_damage(move.damage, kind, top.weakness, top.resistance)
        attacks.append(
            {
                "attack": index,
                "title": move.title,
                "cost": list(move.cost),
                "missing": missing_energy(move.cost, active.energy),
                "damage": damage,
                "blocked": attack_blocked(state, seat, move),
            }
        )
    cost = active.top.retreat
    return {
        "attacks": attacks,
        "retreat": {
            "cost": cost,
            "missing": max(0, cost - len(active.energy)),
            "blocked": retreat_blocked(state, seat),
        },
    }
