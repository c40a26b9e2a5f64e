"""Monopoly Deal's rules: the contract of design 1.1, the turn, and the effects of the plays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.kit import Event, MoveRule, can, choose_start, log_for, play_move, replace_at
from app.rules.monopoly_deal import flow
from app.rules.monopoly_deal.areas import (
    best_rent,
    complete_colours,
    payable,
    place,
    set_rent,
)
from app.rules.monopoly_deal.checks import (
    acting,
    check_accept,
    check_bank,
    check_birthday,
    check_build,
    check_deal_breaker,
    check_debt_collector,
    check_discard,
    check_end_turn,
    check_forced_deal,
    check_just_say_no,
    check_move_wild,
    check_pass_go,
    check_pay,
    check_pay_all,
    check_place,
    check_rent,
    check_sly_deal,
    check_turn,
    parse,
)
from app.rules.monopoly_deal.components import (
    BIRTHDAY,
    CARDS,
    DEAL,
    DEBT,
    DECK,
    DRAW,
    EXTENDED_DECK,
    HAND_LIMIT,
    PLAYS,
    SETS_TO_WIN,
    Options,
    check_options,
)
from app.rules.monopoly_deal.state import Pending, PropertySet, State, event
from app.rules.monopoly_deal.turns import (
    check_win,
    draw,
    next_turn,
    start_turn,
    turn_order,
)
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt match, the first player's turn started (the order of draws is in the
    package docstring)."""
    full = check_options(players, options)
    chosen = Options(**full)
    rng = Rng(seed, "deal")
    cards, rng = rng.shuffle(EXTENDED_DECK if chosen.deck == "extended" else DECK)
    drawn, rng = rng.randbelow(players)
    first = choose_start(start_seat, drawn=drawn, players=players)
    state = State(
        options=chosen,
        players=players,
        first=first,
        phase="play",
        turn=first,
        plays_left=PLAYS,
        round=1,
        hands=tuple(cards[DEAL * seat : DEAL * (seat + 1)] for seat in range(players)),
        deck=cards[DEAL * players :],
        discards=(),
        banks=((),) * players,
        sets=((),) * players,
        pending=None,
        moved_wilds=(),
        rng=Rng(seed, "reshuffle"),
        result=None,
        events=(event("dealt", first=first, cards=DEAL),),
    )
    return start_turn(state, first)


def to_act(state: State) -> frozenset[int]:
    """The one seat that may act: the turn's player, the responder to an action or the payer."""
    seat = acting(state)
    return frozenset() if seat is None else frozenset({seat})


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: in ``"play"`` the plays of each hand
    card in hand order, then every wild move, then ``end_turn``; in ``"respond"`` ``accept``
    then each Just Say No; in ``"pay"`` each payable card then ``pay_all``; in ``"discard"``
    each hand card."""
    if not can(check_turn, state, seat):
        return []
    hand = state.hands[seat]
    if state.phase == "respond":
        answers: list[Action] = [{"type": "accept"}]
        return answers + [
            {"type": "just_say_no", "card": card}
            for card in hand
            if can(check_just_say_no, state, seat, card)
        ]
    if state.phase == "pay":
        paying: list[Action] = [
            {"type": "pay", "card": card} for card in payable(state.banks[seat], state.sets[seat])
        ]
        return paying + ([{"type": "pay_all"}] if can(check_pay_all, state, seat) else [])
    if state.phase == "discard":
        return [{"type": "discard", "card": card} for card in hand]
    actions: list[Action] = []
    if state.plays_left:
        for card in hand:
            actions += _card_plays(state, seat, card)
    for group in state.sets[seat]:
        for card in group.cards:
            if CARDS[card].kind == "wild" and card not in state.moved_wilds:
                actions += [
                    {"type": "move_wild", "card": card, "colour": colour}
                    for colour in CARDS[card].colours
                    if can(check_move_wild, state, seat, card, colour)
                ]
    actions.append({"type": "end_turn"})
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal.
    Every change is followed by the win check (Winning: checked after any state change)."""
    check_turn(state, seat)
    return check_win(play_move(state, seat, parse(action), moves=MOVES))


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, field by field (Information): its own hand,
    every hand's size, the draw pile's size, and the public banks, property areas and discards."""
    own = seat is not None and 0 <= seat < state.players
    return {
        "game": "monopoly_deal",
        "players": state.players,
        "you": seat if own else None,
        "to_act": sorted(to_act(state)),
        "phase": state.phase,
        "turn": state.turn,
        "plays_left": state.plays_left,
        "round": state.round,
        "hand": list(state.hands[seat]) if own and seat is not None else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "deck": len(state.deck),
        "discards": list(state.discards),
        "banks": [list(bank) for bank in state.banks],
        "bank_totals": [sum(CARDS[card].value for card in bank) for bank in state.banks],
        "sets": [[_set_seen(group) for group in sets] for sets in state.sets],
        "complete_colours": [complete_colours(sets) for sets in state.sets],
        "pending": None if state.pending is None else _pending_seen(state.pending),
        "moved_wilds": list(state.moved_wilds),
        "options": state.options.to_json(),
        "result": None if state.result is None else state.result.to_json(),
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the match runs; then per seat the colours it completed (0-3: one
    ``pay_all`` may complete two at once, the win counts 3), and the winner (or the seats
    sharing the round limit's win)."""
    if state.result is None:
        return None
    return Outcome(
        scores=[min(complete_colours(sets), SETS_TO_WIN) for sets in state.sets],
        winners=frozenset(state.result.winners),
        detail=state.result.to_json(),
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: the cards drawn only for their drawer."""
    return log_for(state.events, seat)


# --- legal plays of one hand card ------------------------------------------------------------


def _card_plays(state: State, seat: int, card: str) -> list[Action]:
    """Every legal play of one hand card in ``"play"``: to the bank, then for its effect."""
    found = CARDS[card]
    others = turn_order(state, seat)[1:]
    candidates: list[Action] = [{"type": "bank", "card": card}]
    if found.kind in ("property", "wild"):
        candidates = [{"type": "place", "card": card, "colour": c} for c in found.colours]
    elif found.kind == "rent":
        candidates += _rent_plays(state, seat, card, others)
    elif found.detail in ("pass_go", "birthday"):
        candidates.append({"type": found.detail, "card": card})
    elif found.detail == "debt_collector":
        candidates += [{"type": "debt_collector", "card": card, "target": t} for t in others]
    elif found.detail in ("house", "hotel"):
        candidates += [
            {"type": "build", "card": card, "set": index} for index in range(len(state.sets[seat]))
        ]
    elif found.detail == "deal_breaker":
        candidates += [
            {"type": "deal_breaker", "card": card, "target": t, "set": index}
            for t in others
            for index in range(len(state.sets[t]))
        ]
    elif found.detail in ("sly_deal", "forced_deal"):
        candidates += _swap_plays(state, seat, card, others, forced=found.detail == "forced_deal")
    return [action for action in candidates if _allowed(state, seat, action)]


def _rent_plays(state: State, seat: int, card: str, others: list[int]) -> list[Action]:
    """A rent card for each colour it names that the player has a set of, with each choice of
    held Double the Rents (hand order) and, for a wild rent, each target."""
    doubles = [held for held in state.hands[seat] if CARDS[held].detail == "double_rent"]
    owned = {group.colour for group in state.sets[seat]}
    targets: list[int | None] = list(others) if CARDS[card].detail == "any" else [None]
    return [
        {"type": "rent", "card": card, "colour": colour, "doubles": list(chosen), "target": t}
        for colour in CARDS[card].colours
        if colour in owned
        for count in range(min(len(doubles), state.plays_left - 1) + 1)
        for chosen in combinations(doubles, count)
        for t in targets
    ]


def _swap_plays(
    state: State, seat: int, card: str, others: list[int], *, forced: bool
) -> list[Action]:
    """Sly Deal: each loose property of each other player; Forced Deal: each of one's own loose
    properties given for each of theirs."""
    mine = [c for group in state.sets[seat] if not group.complete for c in group.cards]
    plays: list[Action] = []
    for target in others:
        theirs = [c for group in state.sets[target] if not group.complete for c in group.cards]
        if not forced:
            plays += [
                {"type": "sly_deal", "card": card, "target": target, "take": take}
                for take in theirs
            ]
            continue
        plays += [
            {"type": "forced_deal", "card": card, "target": target, "give": give, "take": take}
            for give in mine
            for take in theirs
        ]
    return plays


_ARGUMENTS = ("card", "colour", "target", "give", "take", "set")
"""The fields of an action in the order ``parse`` passes them to its check (a rent's differ)."""


def _allowed(state: State, seat: int, action: Action) -> bool:
    """Whether a candidate passes its check (the one ``apply`` runs), its fields passed as
    ``parse`` passes them (candidates are well-formed, so parsing them again is skipped: speed)."""
    kind = action["type"]
    if kind == "rent":
        args: tuple[Any, ...] = (
            action["card"],
            action["colour"],
            tuple(action["doubles"]),
            action["target"],
        )
    else:
        args = tuple(action[key] for key in _ARGUMENTS if key in action)
    return can(MOVES[kind].check, state, seat, *args)


# --- effects -----------------------------------------------------------------------------------


def _from_hand(state: State, seat: int, *cards: str) -> tuple[tuple[str, ...], ...]:
    """The hands with ``cards`` taken out of ``seat``'s."""
    return replace_at(state.hands, seat, tuple(c for c in state.hands[seat] if c not in cards))


def _played(state: State, seat: int, card: str, *extra: Event) -> State:
    """An action card played for its effect: to the discards, one play used."""
    return replace(
        state,
        hands=_from_hand(state, seat, card),
        discards=state.discards + (card,),
        plays_left=state.plays_left - 1,
        events=state.events + extra,
    )


def _do_bank(state: State, seat: int, card: str) -> State:
    """Turn 2: into the bank; an action banked is money for good."""
    return replace(
        state,
        hands=_from_hand(state, seat, card),
        banks=replace_at(state.banks, seat, state.banks[seat] + (card,)),
        plays_left=state.plays_left - 1,
        events=state.events + (event("bank", seat=seat, card=card),),
    )


def _do_place(state: State, seat: int, card: str, colour: str) -> State:
    """Turn 2: a property into the property area (``areas.place``)."""
    return replace(
        state,
        hands=_from_hand(state, seat, card),
        sets=replace_at(state.sets, seat, place(state.sets[seat], card, colour)),
        plays_left=state.plays_left - 1,
        events=state.events + (event("place", seat=seat, card=card, colour=colour),),
    )


def _do_move_wild(state: State, seat: int, card: str, colour: str) -> State:
    """Turn 2: moving a wildcard is free (once a turn each: Parlor's cap)."""
    state = flow.place_wild(state, seat, card, colour)
    moved = event("move_wild", seat=seat, card=card, colour=colour)
    return replace(state, moved_wilds=state.moved_wilds + (card,), events=state.events + (moved,))


def _do_pass_go(state: State, seat: int, card: str) -> State:
    """Pass Go: draw 2 cards (seen by the drawer only)."""
    state, cards = draw(_played(state, seat, card), seat, DRAW)
    drew = Event(
        "pass_go",
        (("seat", seat), ("card", card), ("drew", len(cards))),
        owner=seat,
        secret=(("cards", cards),),
    )
    return replace(state, events=state.events + (drew,))


def _aimed(
    state: State,
    seat: int,
    card: str,
    *,
    kind: str,
    targets: tuple[int, ...],
    amount: int = 0,
    **details: Any,
) -> State:
    """An action aimed at ``targets`` (in turn order): played, logged, then answered and paid
    or suffered by one target at a time (``flow``)."""
    fields = {
        "seat": seat,
        "kind": kind,
        "card": card,
        "targets": targets,
        "amount": amount if kind in ("birthday", "debt_collector", "rent") else None,
        "colour": details.get("colour"),
        "doubles": details.get("doubles", ()),
        "take": details.get("take"),
        "give": details.get("give"),
        "set": details.get("set_cards"),
    }
    state = _played(state, seat, card, event("action", **fields))
    pending = Pending(
        kind=kind,
        actor=seat,
        card=card,
        target=targets[0],
        targets=targets[1:],
        stage="respond",
        amount=amount,
        owed=amount,
        **details,
    )
    return flow.open_action(state, pending)


def _do_birthday(state: State, seat: int, card: str) -> State:
    """It's My Birthday: every other player pays 2M."""
    others = tuple(turn_order(state, seat)[1:])
    return _aimed(state, seat, card, kind="birthday", targets=others, amount=BIRTHDAY)


def _do_debt_collector(state: State, seat: int, card: str, target: int) -> State:
    """Debt Collector: one player pays 5M."""
    return _aimed(state, seat, card, kind="debt_collector", targets=(target,), amount=DEBT)


def _do_sly_deal(state: State, seat: int, card: str, target: int, take: str) -> State:
    return _aimed(state, seat, card, kind="sly_deal", targets=(target,), take=take)


def _do_forced_deal(state: State, seat: int, card: str, target: int, give: str, take: str) -> State:
    return _aimed(state, seat, card, kind="forced_deal", targets=(target,), give=give, take=take)


def _do_deal_breaker(state: State, seat: int, card: str, target: int, index: int) -> State:
    group = state.sets[target][index]
    return _aimed(
        state,
        seat,
        card,
        kind="deal_breaker",
        targets=(target,),
        set_cards=group.cards,
        colour=group.colour,
    )


def _do_rent(
    state: State,
    seat: int,
    card: str,
    colour: str,
    doubles: tuple[str, ...],
    target: int | None,
) -> State:
    """Rent: the best set of that colour, x2 per Double the Rent (each its own play); a
    two-colour rent charges every other player, a wild rent the one chosen."""
    amount = best_rent(state.sets[seat], colour) * 2 ** len(doubles)
    state = replace(
        state,
        hands=_from_hand(state, seat, *doubles),
        discards=state.discards + doubles,
        plays_left=state.plays_left - len(doubles),
    )
    targets = tuple(turn_order(state, seat)[1:]) if target is None else (target,)
    return _aimed(
        state,
        seat,
        card,
        kind="rent",
        targets=targets,
        amount=amount,
        colour=colour,
        doubles=doubles,
    )


def _do_build(state: State, seat: int, card: str, index: int) -> State:
    """A house or hotel on a complete set (one play)."""
    group = state.sets[seat][index]
    built = (
        replace(group, house=card) if CARDS[card].detail == "house" else replace(group, hotel=card)
    )
    return replace(
        state,
        hands=_from_hand(state, seat, card),
        sets=replace_at(state.sets, seat, replace_at(state.sets[seat], index, built)),
        plays_left=state.plays_left - 1,
        events=state.events + (event("build", seat=seat, card=card, colour=group.colour),),
    )


def _do_end_turn(state: State, seat: int) -> State:
    """Turn 3: discard down to 7 first, then the next player's turn."""
    state = replace(state, events=state.events + (event("end_turn", seat=seat),))
    if len(state.hands[seat]) > HAND_LIMIT:
        return replace(state, phase="discard")
    return next_turn(state)


def _do_discard(state: State, seat: int, card: str) -> State:
    """Turn 3: one card to the discards; at 7 the turn ends."""
    state = replace(
        state,
        hands=_from_hand(state, seat, card),
        discards=state.discards + (card,),
        events=state.events + (event("discard", seat=seat, card=card),),
    )
    return next_turn(state) if len(state.hands[seat]) <= HAND_LIMIT else state


MOVES: Mapping[str, MoveRule[State]] = {
    "bank": MoveRule(check_bank, _do_bank),
    "place": MoveRule(check_place, _do_place),
    "move_wild": MoveRule(check_move_wild, _do_move_wild),
    "pass_go": MoveRule(check_pass_go, _do_pass_go),
    "birthday": MoveRule(check_birthday, _do_birthday),
    "debt_collector": MoveRule(check_debt_collector, _do_debt_collector),
    "sly_deal": MoveRule(check_sly_deal, _do_sly_deal),
    "forced_deal": MoveRule(check_forced_deal, _do_forced_deal),
    "deal_breaker": MoveRule(check_deal_breaker, _do_deal_breaker),
    "build": MoveRule(check_build, _do_build),
    "rent": MoveRule(check_rent, _do_rent),
    "end_turn": MoveRule(check_end_turn, _do_end_turn),
    "discard": MoveRule(check_discard, _do_discard),
    "accept": MoveRule(check_accept, flow.accept),
    "just_say_no": MoveRule(check_just_say_no, flow.just_say_no),
    "pay": MoveRule(check_pay, flow.pay),
    "pay_all": MoveRule(check_pay_all, flow.pay_all),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""


# --- the view ----------------------------------------------------------------------------------


def _set_seen(group: PropertySet) -> dict[str, Any]:
    return {
        "colour": group.colour,
        "cards": list(group.cards),
        "house": group.house,
        "hotel": group.hotel,
        "complete": group.complete,
        "rent": set_rent(group),
    }


def _pending_seen(pending: Pending) -> dict[str, Any]:
    return {
        "kind": pending.kind,
        "actor": pending.actor,
        "target": pending.target,
        "targets": list(pending.targets),
        "card": pending.card,
        "amount": pending.amount,
        "paid": list(pending.paid),
        "owed": pending.owed,
        "chain": list(pending.chain),
        "responder": pending.responder,
        "stage": pending.stage,
        "take": pending.take,
        "give": pending.give,
        "set": (
            {"colour": pending.colour, "cards": list(pending.set_cards)}
            if pending.kind == "deal_breaker"
            else None
        ),
        "colour": pending.colour,
        "doubles": list(pending.doubles),
    }
