"""Monster Duel's rules: the contract of design 1.1 and the effects of actions
(rules/monster-tcg.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.cards import without_one
from app.rules.kit import MoveRule, can, choose_start, log_for, play_move
from app.rules.monster_tcg.checks import (
    attack_targets,
    check_attach,
    check_attack,
    check_bench,
    check_choose_deck,
    check_draw_extra,
    check_end_turn,
    check_evolve,
    check_place_active,
    check_place_bench,
    check_promote,
    check_retreat,
    check_setup_done,
    check_take_basic,
    check_take_none,
    check_trainer,
    check_turn,
    parse,
    to_act as to_act,
)
from app.rules.monster_tcg.components import (
    CARD_TABLE,
    CARDS,
    HEAL,
    PLAYERS,
    is_basic,
)
from app.rules.monster_tcg.decks import DECK_IDS, PRIZES, Options, check_options
from app.rules.monster_tcg.effects import attack, draw_cards, logged, put, with_side
from app.rules.monster_tcg.flow import end_turn, reveal, start_match, start_turn
from app.rules.monster_tcg.state import Creature, Side, State
from app.rules.monster_tcg.views import view as view
from app.rules.rng import Rng

ORDER: dict[str, int] = {card.name: index for index, card in enumerate(CARD_TABLE)}
"""Card names in listing order: how legal actions list distinct cards."""

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A new match: the deck choice, or straight to the setup when the host fixed both decks.
    ``start_seat`` is the table's choice of the first player (the coin is flipped anyway)."""
    full = check_options(players, options)
    chosen = None if start_seat is None else choose_start(start_seat, drawn=0, players=PLAYERS)
    settings = Options(**full)
    sides = tuple(
        Side(deck_id=settings.fixed(seat), chosen=settings.fixed(seat) is not None)
        for seat in range(PLAYERS)
    )
    state = State(
        options=settings,
        phase="deck",
        sides=(sides[0], sides[1]),
        turn=None,
        number=0,
        first=None,
        start_seat=chosen,
        prizes_total=PRIZES[settings.deck_size],
        deal=Rng(seed, "deal"),
        coins=Rng(seed, "coins"),
        picks=Rng(seed, "prizes"),
    )
    if all(side.chosen for side in state.sides):
        return start_match(state)
    return state


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat``, in a stable order (distinct cards in listing order)."""
    if not can(check_turn, state, seat):
        return []
    side = state.sides[seat]
    hand = _distinct(side.hand)
    benched = list(range(1, len(side.bench) + 1))
    slots = ([0] if side.active is not None else []) + benched
    actions: list[Action] = []
    if state.phase == "deck":
        return [{"type": "choose_deck", "deck": deck} for deck in DECK_IDS]
    if state.phase == "setup":
        mulligans = state.sides[1 - seat].mulligans
        actions += [
            {"type": "draw_extra", "count": count}
            for count in range(mulligans + 1)
            if can(check_draw_extra, state, seat, count)
        ]
        for kind, check in (
            ("place_active", check_place_active),
            ("place_bench", check_place_bench),
        ):
            actions += [
                {"type": kind, "card": card} for card in hand if can(check, state, seat, card)
            ]
        if can(check_setup_done, state, seat):
            actions.append({"type": "setup_done"})
        return actions
    if state.phase == "search":
        basics = [card for card in _distinct(side.deck) if is_basic(card)]
        return [{"type": "take_basic", "card": card} for card in basics] + [{"type": "take_none"}]
    if state.phase == "promote":
        return [{"type": "promote", "slot": slot} for slot in benched]
    actions += [
        {"type": "bench", "card": card} for card in hand if can(check_bench, state, seat, card)
    ]
    for kind, onto in (("evolve", check_evolve), ("attach", check_attach)):
        actions += [
            {"type": kind, "card": card, "slot": slot}
            for card in hand
            for slot in slots
            if can(onto, state, seat, card, slot)
        ]
    for card in hand:
        for target in [None, *slots]:
            if can(check_trainer, state, seat, card, target):
                actions.append({"type": "trainer", "card": card, "slot": target})
    actions += [
        {"type": "retreat", "slot": slot}
        for slot in benched
        if can(check_retreat, state, seat, slot)
    ]
    active = side.active
    for index, move in enumerate(active.top.attacks if active is not None else ()):
        for aim in attack_targets(state, seat, move):
            if can(check_attack, state, seat, index, aim):
                actions.append({"type": "attack", "attack": index, "target": aim})
    actions.append({"type": "end_turn"})
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def outcome(state: State) -> Outcome | None:
    """``None`` while the match runs; then 1 point per winner (both in a draw)."""
    if state.phase != "over" or state.winners is None:
        return None
    winners = frozenset(state.winners)
    taken = [state.prizes_total - len(side.prizes) for side in state.sides]
    return Outcome(
        scores=[1 if seat in winners else 0 for seat in range(PLAYERS)],
        winners=winners,
        detail={
            "winners": sorted(winners),
            "reason": state.reason,
            "prizes_taken": taken,
            "sudden_death": state.sudden_death,
        },
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: drawn cards, prizes taken and a chosen deck only for
    their seat."""
    return log_for(state.events, seat)


# --- effects -----------------------------------------------------------------------------------


def _do_choose_deck(state: State, seat: int, deck: str) -> State:
    """Decks: the choice is secret to the chooser until both have chosen."""
    side = replace(state.sides[seat], deck_id=deck, chosen=True)
    state = with_side(state, seat, side)
    state = logged(state, "deck_chosen", ("seat", seat), owner=seat, secret=(("deck", deck),))
    return start_match(state) if all(s.chosen for s in state.sides) else state


def _do_draw_extra(state: State, seat: int, count: int) -> State:
    state = with_side(state, seat, replace(state.sides[seat], extra_done=True))
    state = logged(state, "draw_extra", ("seat", seat), ("count", count))
    return draw_cards(state, seat, count)


def _placed(state: State, seat: int, card: str) -> tuple[State, Side, Creature]:
    """A card leaves ``seat``'s hand as a new creature (not yet on the table)."""
    side = state.sides[seat]
    side = replace(side, hand=without_one(side.hand, card), extra_done=True)
    creature = Creature(uid=state.next_uid, cards=(card,))
    return replace(state, next_uid=state.next_uid + 1), side, creature


def _do_place_active(state: State, seat: int, card: str) -> State:
    state, side, creature = _placed(state, seat, card)
    return with_side(state, seat, replace(side, active=creature))


def _do_place_bench(state: State, seat: int, card: str) -> State:
    state, side, creature = _placed(state, seat, card)
    return with_side(state, seat, replace(side, bench=side.bench + (creature,)))


def _do_setup_done(state: State, seat: int) -> State:
    state = with_side(state, seat, replace(state.sides[seat], ready=True))
    return reveal(state) if all(side.ready for side in state.sides) else state


def _do_bench(state: State, seat: int, card: str) -> State:
    state, side, creature = _placed(state, seat, card)
    state = with_side(state, seat, replace(side, bench=side.bench + (creature,)))
    state = replace(state, played=state.played + (creature.uid,))
    return logged(state, "bench", ("seat", seat), ("card", card))


def _do_evolve(state: State, seat: int, card: str, slot: int) -> State:
    """Evolution keeps damage and energy; special conditions clear."""
    side = state.sides[seat]
    creature = side.at(slot)
    assert creature is not None
    evolved = replace(creature, cards=creature.cards + (card,), conditions=())
    side = put(replace(side, hand=without_one(side.hand, card)), slot, evolved)
    state = replace(with_side(state, seat, side), played=state.played + (creature.uid,))
    return logged(
        state,
        "evolve",
        ("seat", seat),
        ("slot", slot),
        ("card", card),
        ("from", creature.cards[-1]),
    )


def _do_attach(state: State, seat: int, card: str, slot: int) -> State:
    side = state.sides[seat]
    creature = side.at(slot)
    assert creature is not None
    side = put(
        replace(side, hand=without_one(side.hand, card)),
        slot,
        replace(creature, energy=creature.energy + (card,)),
    )
    state = replace(with_side(state, seat, side), energy_attached=True)
    return logged(state, "attach", ("seat", seat), ("slot", slot), ("card", card))


def _swap(side: Side, slot: int) -> Side:
    """The benched creature in ``slot`` becomes active and the active takes its bench place,
    its special conditions cleared."""
    active, incoming = side.active, side.at(slot)
    assert active is not None and incoming is not None
    side = put(side, slot, replace(active, conditions=()))
    return replace(side, active=incoming)


def _do_trainer(state: State, seat: int, card: str, slot: int | None) -> State:
    side = state.sides[seat]
    side = replace(side, hand=without_one(side.hand, card), discard=side.discard + (card,))
    effect = CARDS[card].effect
    if effect == "heal" and slot is not None:
        creature = side.at(slot)
        assert creature is not None
        side = put(side, slot, replace(creature, damage=max(0, creature.damage - HEAL)))
    elif effect == "switch" and slot is not None:
        side = _swap(side, slot)
    state = logged(
        with_side(state, seat, side), "trainer", ("seat", seat), ("card", card), ("slot", slot)
    )
    if effect == "draw":
        return draw_cards(state, seat, 2)
    if effect == "search":
        return replace(state, phase="search")
    return state


def _do_retreat(state: State, seat: int, slot: int) -> State:
    """Retreat: the energy attached last is discarded first, as many as the retreat cost."""
    side = state.sides[seat]
    active = side.active
    assert active is not None
    cost = active.top.retreat
    kept, discarded = (
        active.energy[: len(active.energy) - cost],
        active.energy[len(active.energy) - cost :],
    )
    side = replace(side, active=replace(active, energy=kept), discard=side.discard + discarded)
    state = replace(with_side(state, seat, _swap(side, slot)), retreated=True)
    return logged(state, "retreat", ("seat", seat), ("slot", slot), ("discarded", discarded))


def _do_attack(state: State, seat: int, index: int, target: int | None) -> State:
    return end_turn(attack(state, seat, index, target), attacked=True)


def _do_end_turn(state: State, seat: int) -> State:
    return end_turn(state, attacked=False)


def _searched(state: State, seat: int, card: str | None) -> State:
    """The search ends: the card (if any) to the hand, the deck shuffled (``deal``)."""
    side = state.sides[seat]
    deck = side.deck
    hand = side.hand
    if card is not None:
        deck, hand = without_one(deck, card), hand + (card,)
    shuffled, deal = state.deal.shuffle(deck)
    state = replace(state, deal=deal, phase="play")
    state = with_side(state, seat, replace(side, deck=shuffled, hand=hand))
    return logged(state, "take_basic", ("seat", seat), ("card", card))


def _do_take_basic(state: State, seat: int, card: str) -> State:
    return _searched(state, seat, card)


def _do_take_none(state: State, seat: int) -> State:
    return _searched(state, seat, None)


def _do_promote(state: State, seat: int, slot: int) -> State:
    side = state.sides[seat]
    incoming = side.at(slot)
    assert incoming is not None
    bench = side.bench[: slot - 1] + side.bench[slot:]
    state = with_side(state, seat, replace(side, active=incoming, bench=bench))
    state = replace(state, promoting=state.promoting[1:])
    state = logged(state, "promote", ("seat", seat), ("slot", slot))
    if state.promoting:
        return state
    assert state.turn is not None
    return start_turn(state, 1 - state.turn)


MOVES: Mapping[str, MoveRule[State]] = {
    "choose_deck": MoveRule(check_choose_deck, _do_choose_deck),
    "draw_extra": MoveRule(check_draw_extra, _do_draw_extra),
    "place_active": MoveRule(check_place_active, _do_place_active),
    "place_bench": MoveRule(check_place_bench, _do_place_bench),
    "setup_done": MoveRule(check_setup_done, _do_setup_done),
    "bench": MoveRule(check_bench, _do_bench),
    "evolve": MoveRule(check_evolve, _do_evolve),
    "attach": MoveRule(check_attach, _do_attach),
    "trainer": MoveRule(check_trainer, _do_trainer),
    "retreat": MoveRule(check_retreat, _do_retreat),
    "attack": MoveRule(check_attack, _do_attack),
    "end_turn": MoveRule(check_end_turn, _do_end_turn),
    "take_basic": MoveRule(check_take_basic, _do_take_basic),
    "take_none": MoveRule(check_take_none, _do_take_none),
    "promote": MoveRule(check_promote, _do_promote),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""


def _distinct(cards: tuple[str, ...]) -> list[str]:
    """The different names among ``cards``, in listing order."""
    return sorted(set(cards), key=ORDER.__getitem__)
