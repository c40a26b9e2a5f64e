"""Monopoly Deal's actions aimed at other players: the Just Say No windows, the payments and
the steals, one target at a time (rules/monopoly-deal.md, Paying and Restrictions)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.kit import Event, replace_at
from app.rules.monopoly_deal.areas import (
    building_set,
    locate,
    payable,
    place,
    remove_building,
    take_out as take_from_set,
)
from app.rules.monopoly_deal.checks import DEBTS
from app.rules.monopoly_deal.components import CARDS
from app.rules.monopoly_deal.state import Pending, State, event


def open_action(state: State, pending: Pending) -> State:
    """The first target's window, once the action card is played."""
    return _enter(state, pending)


def _enter(state: State, pending: Pending) -> State:
    """The answer window of ``pending.target``; a debtor whose table holds nothing payable is
    skipped (public: there is nothing to answer for), and so on to the next target."""
    while pending.kind in DEBTS and not _payable(state, pending.target):
        state = _log(state, event("nothing_to_pay", seat=pending.target))
        if not pending.targets:
            return _back_to_play(state)
        pending = _following(pending)
    return replace(state, phase="respond", pending=pending)


def _following(pending: Pending) -> Pending:
    """The same action aimed at the next target, its window not yet opened."""
    return replace(
        pending,
        target=pending.targets[0],
        targets=pending.targets[1:],
        stage="respond",
        chain=(),
        paid=(),
        owed=pending.amount,
    )


def _next_target(state: State) -> State:
    """The next target's window, or back to the actor's plays after the last."""
    assert state.pending is not None  # an action is under way
    if not state.pending.targets:
        return _back_to_play(state)
    return _enter(state, _following(state.pending))


def _back_to_play(state: State) -> State:
    return replace(state, phase="play", pending=None)


def _payable(state: State, seat: int) -> tuple[str, ...]:
    return payable(state.banks[seat], state.sets[seat])


def _log(state: State, *events: Event) -> State:
    return replace(state, events=state.events + events)


# --- answers -----------------------------------------------------------------------------------


def accept(state: State, seat: int) -> State:
    """Just Say No, resolve as a chain: accepting ends it; after an odd number of Just Say Nos
    the action is cancelled for this target, otherwise it takes effect (a payment or a steal)."""
    pending = state.pending
    assert pending is not None  # answering an action
    state = _log(state, event("accept", seat=seat))
    if len(pending.chain) % 2:
        return _cancelled(state)
    if pending.kind in DEBTS:
        return replace(
            state, phase="pay", pending=replace(pending, stage="pay", owed=pending.amount)
        )
    return _next_target(_steal(state, pending))


def just_say_no(state: State, seat: int, card: str) -> State:
    """Just Say No: the card goes to the discards and the other side may answer it; the actor's
    counts as a play (their turn), and with no play left the actor cannot answer, so the target's
    Just Say No stands at once."""
    pending = state.pending
    assert pending is not None  # answering an action
    against = pending.actor if seat == pending.target else pending.target
    state = replace(
        state,
        hands=replace_at(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
        discards=state.discards + (card,),
        plays_left=state.plays_left - (seat == state.turn),
        pending=replace(pending, chain=pending.chain + (seat,)),
        events=state.events + (event("just_say_no", seat=seat, card=card, against=against),),
    )
    if against == pending.actor and state.plays_left < 1:
        return _cancelled(state)
    return state


def _cancelled(state: State) -> State:
    assert state.pending is not None  # answering an action
    spared = event("cancelled", seat=state.pending.target, kind=state.pending.kind)
    return _next_target(_log(state, spared))


# --- payments ----------------------------------------------------------------------------------


def pay(state: State, seat: int, card: str) -> State:
    """Paying: one card of the payer's table to the actor; the payment ends when the debt is
    covered (no change is given) or nothing payable is left."""
    pending = state.pending
    assert pending is not None  # a debt is being paid
    state = _transfer(state, seat, pending.actor, card, single=True)
    pending = replace(pending, paid=pending.paid + (card,), owed=pending.owed - CARDS[card].value)
    state = replace(state, pending=pending)
    if pending.owed <= 0 or not _payable(state, seat):
        return _paid(state)
    return state


def pay_all(state: State, seat: int) -> State:
    """Paying: a table worth no more than the debt is paid whole."""
    pending = state.pending
    assert pending is not None  # a debt is being paid
    cards = _payable(state, seat)
    state = _log(state, event("pay_all", seat=seat, to=pending.actor, cards=cards))
    for card in cards:
        state = _transfer(state, seat, pending.actor, card, single=False)
    owed = pending.owed - sum(CARDS[card].value for card in cards)
    return _paid(replace(state, pending=replace(pending, paid=pending.paid + cards, owed=owed)))


def _paid(state: State) -> State:
    pending = state.pending
    assert pending is not None  # a debt is being paid
    total = sum(CARDS[card].value for card in pending.paid)
    done = event("paid", seat=pending.target, to=pending.actor, total=total, owed=pending.amount)
    return _next_target(_log(state, done))


def _transfer(state: State, payer: int, to: int, card: str, *, single: bool) -> State:
    """``card`` from the payer's table to ``to``: money and buildings to the bank, a property
    or wild to the property area in the colour it had (Paying); ``single`` logs it as a ``pay``
    (``pay_all`` logs its cards at once)."""
    banks, sets = state.banks, state.sets
    if card in banks[payer]:
        banks = replace_at(banks, payer, tuple(c for c in banks[payer] if c != card))
        banks = replace_at(banks, to, banks[to] + (card,))
        taken_as = "money"
    elif building_set(sets[payer], card) is not None:
        sets = replace_at(sets, payer, remove_building(sets[payer], card))
        banks = replace_at(banks, to, banks[to] + (card,))
        taken_as = "money"
    else:
        return move_property(state, owner=payer, to=to, card=card, logged=single)
    if single:
        paid = event("pay", **{"seat": payer, "to": to, "card": card, "as": taken_as})
        state = _log(state, paid)
    return replace(state, banks=banks, sets=sets)


def move_property(state: State, *, owner: int, to: int, card: str, logged: bool = False) -> State:
    """A property or wild from ``owner``'s sets to ``to``'s, in the colour it had (``to`` may be
    the owner: a wild moved to another colour is placed by ``place_wild``). Buildings of a set it
    breaks go to the owner's bank as money ([UNVERIFIED] common ruling)."""
    index = locate(state.sets[owner], card)
    assert index is not None, f"{card} is not in seat {owner}'s sets"
    colour = state.sets[owner][index].colour
    state = _take_out(state, owner, card)
    if logged:
        paid = event("pay", **{"seat": owner, "to": to, "card": card, "as": "property"})
        state = _log(state, paid)
    return replace(state, sets=replace_at(state.sets, to, place(state.sets[to], card, colour)))


def _take_out(state: State, owner: int, card: str) -> State:
    """``card`` out of its owner's sets; buildings a broken set loses go to the owner's bank."""
    owned, freed = take_from_set(state.sets[owner], card)
    state = replace(state, sets=replace_at(state.sets, owner, owned))
    if not freed:
        return state
    banks = replace_at(state.banks, owner, state.banks[owner] + freed)
    return _log(replace(state, banks=banks), event("buildings_to_bank", seat=owner, cards=freed))


def place_wild(state: State, seat: int, card: str, colour: str) -> State:
    """A wild of ``seat``'s sets moved to ``colour`` (Turn 2: moving wildcards is free)."""
    state = _take_out(state, seat, card)
    return replace(state, sets=replace_at(state.sets, seat, place(state.sets[seat], card, colour)))


# --- steals ------------------------------------------------------------------------------------


def _steal(state: State, pending: Pending) -> State:
    """Sly Deal, Forced Deal and Deal Breaker take effect (the target accepted)."""
    actor, target = pending.actor, pending.target
    if pending.kind == "deal_breaker":
        index = locate(state.sets[target], pending.set_cards[0])
        assert index is not None  # nothing moves while a steal is answered
        taken = state.sets[target][index]
        sets = replace_at(
            state.sets, target, state.sets[target][:index] + state.sets[target][index + 1 :]
        )
        sets = replace_at(sets, actor, sets[actor] + (taken,))
        cards = taken.cards + taken.buildings
        return _log(
            replace(state, sets=sets),
            event("steal", **{"seat": actor, "from": target, "cards": cards}),
        )
    assert pending.take is not None  # Sly and Forced Deals name the card taken
    if pending.kind == "forced_deal":
        assert pending.give is not None  # a Forced Deal names the card given
        state = move_property(state, owner=actor, to=target, card=pending.give)
        state = move_property(state, owner=target, to=actor, card=pending.take)
        swap = {"seat": actor, "with": target, "gave": pending.give, "took": pending.take}
        return _log(state, event("swap", **swap))
    state = move_property(state, owner=target, to=actor, card=pending.take)
    return _log(state, event("steal", **{"seat": actor, "from": target, "cards": (pending.take,)}))
