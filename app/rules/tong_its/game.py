"""Tong-its's rules: the contract of design 1.1, the effects of actions and the settlement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from app.rules.base import Action, Outcome
from app.rules.cards import draw_top, without
from app.rules.kit import (
    Event,
    MoveRule,
    can,
    choose_start,
    log_for,
    play_move,
    replace_at,
    thaw,
    turn_to_act,
)
from app.rules.rng import Rng
from app.rules.tong_its.checks import (
    check_answer,
    check_call,
    check_discard,
    check_draw,
    check_expose,
    check_lay_off,
    check_take,
    check_turn,
    owns_meld,
    parse,
)
from app.rules.tong_its.components import (
    DEALER_CARDS,
    DECK,
    OTHER_CARDS,
    PLAYERS,
    SUITS,
    Card,
    Options,
    check_options,
    hand_points,
    parse_card,
    sorted_hand,
    sorted_meld,
)
from app.rules.tong_its.melds import deadwood, discard_melds, hand_melds
from app.rules.tong_its.state import Ending, Meld, Payment, State

SEATS = range(PLAYERS)

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt hand (Deal); the order of draws is in the package docstring.
    ``start_seat`` is the table's choice of dealer (the last hand's winner); the dealer is
    drawn from the seed either way, so the shuffle does not depend on it."""
    full = check_options(players, options)
    rng = Rng(seed, "deal")
    cards, rng = rng.shuffle(DECK)
    drawn, rng = rng.randbelow(PLAYERS)
    dealer = choose_start(start_seat, drawn=drawn, players=PLAYERS)
    sizes = tuple(DEALER_CARDS if seat == dealer else OTHER_CARDS for seat in SEATS)
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    dealt = 0
    for seat in _order_from(dealer):
        hands[seat] = sorted_hand(cards[dealt : dealt + sizes[seat]])
        dealt += sizes[seat]
    return State(
        options=Options(**full),
        dealer=dealer,
        phase="meld",
        turn=dealer,
        first_turn=True,
        hands=tuple(hands),
        stock=cards[dealt:],
        discards=(),
        melds=(),
        blocked=(False,) * PLAYERS,
        caller=None,
        answers=(None,) * PLAYERS,
        auto_folds=(False,) * PLAYERS,
        last_draw=None,
        ending=None,
        events=(Event("dealt", (("dealer", dealer), ("sizes", sizes))),),
    )


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is; while a draw is called, every opponent yet to answer."""
    if state.phase == "answer":
        return frozenset(seat for seat in SEATS if state.answers[seat] == "waiting")
    return turn_to_act(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: at the draw, the draw, every way to
    take the top discard (``discard_melds``) and the call; after it, every meld to expose
    (``hand_melds``; a set of four face up, then face down), every lay-off (by hand card, then
    meld) and every discard (hand order); against a call, fight then fold."""
    if not can(check_turn, state, seat):
        return []
    if state.phase == "answer":
        return [{"type": kind} for kind in ("fight", "fold") if can(check_answer, state, seat)]
    hand = state.hands[seat]
    if state.phase == "draw":
        actions: list[Action] = [{"type": "draw"}] if can(check_draw, state, seat) else []
        if state.discards:
            actions += [
                {"type": "take_discard", "cards": thaw(cards)}
                for cards in discard_melds(hand, state.discards[-1])
                if can(check_take, state, seat, cards)
            ]
        if can(check_call, state, seat):
            actions.append({"type": "call_draw"})
        return actions
    actions = []
    for meld in hand_melds(hand):
        for secret in (False, True):
            if can(check_expose, state, seat, meld, secret):
                actions.append({"type": "expose", "cards": thaw(meld), "secret": secret})
    # Only a card of a meld's rank (a set) or suit (a run) might extend it: the others are not
    # tried (most of a playout's time went on refusing them); the check decides.
    actions += [
        {"type": "lay_off", "card": card.to_json(), "meld": index}
        for card in hand
        for index, meld in enumerate(state.melds)
        if card.rank == meld.cards[0].rank or card.suit == meld.cards[0].suit
        if can(check_lay_off, state, seat, card, index)
    ]
    actions += [
        {"type": "discard", "card": card.to_json()}
        for card in hand
        if can(check_discard, state, seat, card)
    ]
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, field by field (Information): its own hand
    and count, how many cards each hand and the stock hold, the exposed melds (a secret four's
    cards only to its owner until the hand is over), the discard pile (all of it, or its top
    with the option ``discard_pile: "top"``), and its own answer to a called draw."""
    own = seat is not None and 0 <= seat < PLAYERS
    over = state.phase == "over"
    hand = state.hands[seat] if own and seat is not None else None
    return {
        "game": "tong_its",
        "players": PLAYERS,
        "you": seat if own else None,
        "phase": state.phase,
        "to_act": sorted(to_act(state)),
        "turn": state.turn,
        "dealer": state.dealer,
        "first_turn": state.first_turn,
        "hand": None if hand is None else thaw(hand),
        "hand_sizes": [len(cards) for cards in state.hands],
        "count": None if hand is None else hand_count(state.options, hand),
        "melds": [_meld_seen(meld, seat, over=over) for meld in state.melds],
        "stock": len(state.stock),
        "discard_top": state.discards[-1].to_json() if state.discards else None,
        "discards": thaw(state.discards) if state.options.discard_pile == "all" else None,
        "discard_count": len(state.discards),
        "blocked": list(state.blocked),
        "caller": state.caller,
        "answers": _answers_seen(state, seat),
        "last_draw": state.last_draw,
        "options": state.options.to_json(),
        "result": None if state.ending is None else state.ending.to_json(),
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the hand runs; then the net chips per seat, the winner (nobody for a
    void hand) and the settlement (Payments)."""
    ending = state.ending
    if ending is None:
        return None
    winners = frozenset() if ending.winner is None else frozenset({ending.winner})
    return Outcome(scores=list(ending.scores), winners=winners, detail=ending.to_json())


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: a drawn card, a secret four's cards and an answer to a
    called draw only for their seat (the end shows them all in ``hand_over``)."""
    return log_for(state.events, seat)


def hand_count(options: Options, hand: Sequence[Card]) -> int:
    """Hand count [SEED-AMBIGUOUS]: the deadwood (default), or every card's points."""
    return deadwood(hand) if options.hand_count == "deadwood" else hand_points(hand)


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole hand that ``seat`` could be in, seeing ``view`` (rules/tong-its.md,
    Information): every other seat's secret four is a rank whose four cards are nowhere in
    sight, drawn at random; the other cards nowhere in sight (not in its hand, an open meld or
    the discards it is shown) are shuffled into the other hands (their sizes kept), the
    discards under the top one when only the top is shown, and the stock. An answer to a called
    draw the view hides is fight or fold at random. Once the hand is over every hand is the one
    revealed. The log is not rebuilt (``events`` is empty): a search needs none."""
    result = view["result"]
    sizes: list[int] = view["hand_sizes"]
    known = {seat: _cards(view["hand"])}
    if result is not None:
        known = {other: _cards(hand) for other, hand in enumerate(result["hands"])}
    shown = [None if meld["cards"] is None else _cards(meld["cards"]) for meld in view["melds"]]
    top = [] if view["discard_top"] is None else [view["discard_top"]]
    discards = _cards(view["discards"] if view["discards"] is not None else top)
    seen = {*discards, *(card for cards in known.values() for card in cards)}
    seen.update(card for cards in shown if cards is not None for card in cards)
    unseen = [card for card in DECK if card not in seen]
    ranks = [rank for rank in sorted({card.rank for card in unseen}) if _whole(rank, unseen)]
    melds: list[Meld] = []
    for meld, cards in zip(view["melds"], shown, strict=True):
        if cards is None:
            rank, rng = rng.choice(ranks)
            ranks.remove(rank)
            cards = sorted_meld(Card(rank, suit) for suit in SUITS)
            unseen = [card for card in unseen if card.rank != rank]
        melds.append(Meld(meld["owner"], cards, meld["secret"]))
    rest, rng = rng.shuffle(unseen)
    hands: list[tuple[Card, ...]] = []
    for other in SEATS:
        if other in known:
            hands.append(known[other])
        else:
            hands.append(sorted_hand(rest[: sizes[other]]))
            rest = rest[sizes[other] :]
    covered = view["discard_count"] - len(discards)
    discards = rest[:covered] + discards
    answers: list[str | None] = list(view["answers"] or (None,) * PLAYERS)
    for other, answer in enumerate(answers):
        if answer == "answered":
            answers[other], rng = rng.choice(("fight", "fold"))
    owners = {meld.owner for meld in melds}
    return State(
        options=Options(**view["options"]),
        dealer=view["dealer"],
        phase=view["phase"],
        turn=view["turn"],
        first_turn=view["first_turn"],
        hands=tuple(hands),
        stock=rest[covered:],
        discards=discards,
        melds=tuple(melds),
        blocked=tuple(view["blocked"]),
        caller=view["caller"],
        answers=tuple(answers),
        auto_folds=tuple(
            answer == "fold" and other not in owners for other, answer in enumerate(answers)
        ),
        last_draw=view["last_draw"],
        ending=None if result is None else _ending(result, tuple(hands)),
        events=(),
    )


# --- effects -----------------------------------------------------------------------------------


def _do_draw(state: State, seat: int) -> State:
    """Normal turn 1: the top of the stock goes to the hand, seen by its drawer only; the
    last card starts the hand's last turn (Stock exhausted)."""
    card, stock = draw_top(state.stock)
    events: tuple[Event, ...] = (
        Event("drew", (("seat", seat),), owner=seat, secret=(("card", card),)),
    )
    if not stock:
        events += (Event("stock_out", (("seat", seat),)),)
    return replace(
        state,
        phase="meld",
        hands=replace_at(state.hands, seat, sorted_hand((*state.hands[seat], card))),
        stock=stock,
        last_draw=seat if not stock else state.last_draw,
        events=state.events + events,
    )


def _do_take(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """Normal turn 1: the top discard and the hand cards it melds with are exposed at once,
    face up (a four completed with a discard is never secret)."""
    top = state.discards[-1]
    meld = Meld(seat, sorted_meld((*cards, top)))
    took = Event(
        "took",
        (("seat", seat), ("card", top), ("cards", meld.cards), ("meld", len(state.melds))),
    )
    state = replace(
        state,
        phase="meld",
        hands=replace_at(state.hands, seat, without(state.hands[seat], cards)),
        discards=state.discards[:-1],
        melds=state.melds + (meld,),
        events=state.events + (took,),
    )
    return _tong_its_if_empty(state, seat)


def _do_call(state: State, seat: int) -> State:
    """Call a draw: each opponent with an exposed meld will fight or fold; those without one
    fold at once (in public). With nobody left to fight, the caller wins at once."""
    answers = list(state.answers)
    auto_folds = list(state.auto_folds)
    answers[seat] = "caller"
    events = [Event("called", (("seat", seat),))]
    for other in _order_from(seat)[1:]:
        if owns_meld(state, other):
            answers[other] = "waiting"
        else:
            answers[other] = "fold"
            auto_folds[other] = True
            events.append(Event("folded", (("seat", other),)))
    state = replace(
        state,
        phase="answer",
        caller=seat,
        answers=tuple(answers),
        auto_folds=tuple(auto_folds),
        events=state.events + tuple(events),
    )
    return _resolve_call(state) if not to_act(state) else state


def _do_fight(state: State, seat: int) -> State:
    return _answer(state, seat, "fight")


def _do_fold(state: State, seat: int) -> State:
    return _answer(state, seat, "fold")


def _answer(state: State, seat: int, answer: str) -> State:
    """Call a draw: an answer stays hidden from the others until the hand ends (they answer
    at the same time); after the last one the call is resolved."""
    answered = Event("answered", (("seat", seat),), owner=seat, secret=(("answer", answer),))
    state = replace(
        state,
        answers=replace_at(state.answers, seat, answer),
        events=state.events + (answered,),
    )
    return _resolve_call(state) if not to_act(state) else state


def _do_expose(state: State, seat: int, cards: tuple[Card, ...], secret: bool) -> State:
    """Normal turn 2: a meld from the hand, face up, or a set of four face down (its cards
    secret to its owner until the hand ends)."""
    meld = Meld(seat, sorted_meld(cards), secret)
    fields: tuple[tuple[str, Any], ...] = (
        ("seat", seat),
        ("meld", len(state.melds)),
        ("secret", secret),
        ("size", len(cards)),
    )
    if secret:
        exposed = Event("exposed", fields, owner=seat, secret=(("cards", meld.cards),))
    else:
        exposed = Event("exposed", (*fields, ("cards", meld.cards)))
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], cards)),
        melds=state.melds + (meld,),
        events=state.events + (exposed,),
    )
    return _tong_its_if_empty(state, seat)


def _do_lay_off(state: State, seat: int, card: Card, index: int) -> State:
    """Normal turn 3 (sapaw): the card extends the meld; an opponent laid off on may not call
    a draw on its next turn (seed)."""
    target = state.melds[index]
    meld = replace(target, cards=sorted_meld((*target.cards, card)))
    blocked = state.blocked
    if target.owner != seat:
        blocked = replace_at(blocked, target.owner, True)
    laid = Event(
        "laid_off", (("seat", seat), ("card", card), ("meld", index), ("owner", target.owner))
    )
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], (card,))),
        melds=replace_at(state.melds, index, meld),
        blocked=blocked,
        events=state.events + (laid,),
    )
    return _tong_its_if_empty(state, seat)


def _do_discard(state: State, seat: int, card: Card) -> State:
    """Normal turn 4: the discard ends the turn (and the seat's block on calling). An empty
    hand is a Tong-its; after the turn of the seat that drew the last stock card, the hand ends
    (Stock exhausted); otherwise the next seat draws."""
    discarded = Event("discarded", (("seat", seat), ("card", card)))
    state = replace(
        state,
        hands=replace_at(state.hands, seat, without(state.hands[seat], (card,))),
        discards=state.discards + (card,),
        blocked=replace_at(state.blocked, seat, False),
        first_turn=False,
        events=state.events + (discarded,),
    )
    if not state.hands[seat]:
        return _finish(state, "tong_its", seat)
    if state.last_draw is not None:
        return _stock_out(state)
    return replace(state, phase="draw", turn=(seat + 1) % PLAYERS)


MOVES: Mapping[str, MoveRule[State]] = {
    "draw": MoveRule(check_draw, _do_draw),
    "take_discard": MoveRule(check_take, _do_take),
    "call_draw": MoveRule(check_call, _do_call),
    "expose": MoveRule(check_expose, _do_expose),
    "lay_off": MoveRule(check_lay_off, _do_lay_off),
    "discard": MoveRule(check_discard, _do_discard),
    "fight": MoveRule(check_answer, _do_fight),
    "fold": MoveRule(check_answer, _do_fold),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""


# --- the end of a hand -------------------------------------------------------------------------


def _tong_its_if_empty(state: State, seat: int) -> State:
    """Ways a hand ends, Tong-its: a hand emptied at any point of its turn wins at once."""
    return _finish(state, "tong_its", seat) if not state.hands[seat] else state


def _resolve_call(state: State) -> State:
    """Call a draw: among the caller and the fighters the lowest count wins; the caller tied
    with a fighter loses to it, and of two tied fighters the one nearer after the caller wins
    (so the fighters are ranked in turn order after the caller, and the caller last)."""
    caller = state.caller
    assert caller is not None  # only a called draw is resolved
    fighters = [seat for seat in _order_from(caller)[1:] if state.answers[seat] == "fight"]
    return _finish(state, "draw", _lowest(state, [*fighters, caller]))


def _stock_out(state: State) -> State:
    """Stock exhausted: burned players (no exposed meld) cannot win; the lowest count wins, a
    tie going to the seat that drew the last card, else the nearest after it. Every player
    burned: the hand is void [SEED-SILENT] (no winner, no payment)."""
    last = state.last_draw
    assert last is not None  # the stock ran out
    contenders = [seat for seat in _order_from(last) if owns_meld(state, seat)]
    if not contenders:
        return _finish(state, "void", None)
    return _finish(state, "stock_out", _lowest(state, contenders))


def _lowest(state: State, seats: Sequence[int]) -> int:
    """The seat with the lowest hand count, the first listed on a tie."""
    counts = [hand_count(state.options, state.hands[seat]) for seat in seats]
    return seats[counts.index(min(counts))]


def _finish(state: State, end: str, winner: int | None) -> State:
    """The hand is over: every hand counted and revealed, the chips paid (``_payments``)."""
    counts = tuple(hand_count(state.options, hand) for hand in state.hands)
    answers = tuple(None if state.caller is None else answer for answer in state.answers)
    payments = _payments(state, end, winner)
    scores = [0] * PLAYERS
    for payment in payments:
        scores[payment.payer] -= payment.chips
        scores[payment.payee] += payment.chips
    ending = Ending(
        end=end,
        winner=winner,
        counts=counts,
        hands=state.hands,
        answers=answers,
        payments=payments,
        scores=tuple(scores),
    )
    over = Event(
        "hand_over",
        (
            ("end", end),
            ("winner", winner),
            ("counts", counts),
            ("hands", state.hands),
            ("answers", answers),
            ("payments", payments),
            ("scores", ending.scores),
        ),
    )
    return replace(
        state,
        phase="over",
        turn=None,
        first_turn=False,
        ending=ending,
        events=state.events + (over,),
    )


def _payments(state: State, end: str, winner: int | None) -> tuple[Payment, ...]:
    """Payments [SEED-SILENT / house rules]: from each loser (in turn order after the winner)
    the ante (the winner takes the pot), 1 for the loss, the Tong-its bonus, 1 if burned (no
    exposed meld), 1 for a lost fight; then 1 from each opponent per secret four to its holder.
    A void hand pays nothing at all."""
    if winner is None:
        return ()
    payments: list[Payment] = []
    for loser in _order_from(winner)[1:]:
        payments += [Payment(loser, winner, 1, "ante"), Payment(loser, winner, 1, "loss")]
        if end == "tong_its":
            payments.append(Payment(loser, winner, state.options.tong_its_bonus, "tong_its"))
        if not owns_meld(state, loser):
            payments.append(Payment(loser, winner, 1, "burned"))
        if end == "draw" and state.answers[loser] == "fight":
            payments.append(Payment(loser, winner, 1, "fought"))
    for meld in state.melds:
        if meld.secret:
            payments += [
                Payment(other, meld.owner, 1, "secret_four")
                for other in _order_from(meld.owner)[1:]
            ]
    return tuple(payments)


# --- small helpers -----------------------------------------------------------------------------


def _meld_seen(meld: Meld, seat: int | None, *, over: bool) -> dict[str, Any]:
    """An exposed meld as ``seat`` sees it: a secret four's cards are face down (``None``) for
    all but its owner until the hand is over."""
    hidden = meld.secret and not over and seat != meld.owner
    return {
        "owner": meld.owner,
        "cards": None if hidden else thaw(meld.cards),
        "secret": meld.secret,
        "size": len(meld.cards),
    }


def _answers_seen(state: State, seat: int | None) -> list[str | None] | None:
    """The answers to a called draw as ``seat`` sees them: that a seat has answered is
    public, what it answered only to itself until the hand is over (auto-folds are public)."""
    if state.caller is None:
        return None
    shown: list[str | None] = []
    for other, answer in enumerate(state.answers):
        hidden = answer in ("fight", "fold") and not state.auto_folds[other]
        if hidden and other != seat and state.phase != "over":
            answer = "answered"
        shown.append(answer)
    return shown


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    """The cards a view lists (``determinize``)."""
    cards = tuple(parse_card(text) for text in texts)
    assert all(card is not None for card in cards)
    return cast(tuple[Card, ...], cards)


def _whole(rank: int, cards: Sequence[Card]) -> bool:
    """Whether all four cards of ``rank`` are among ``cards`` (a secret four could be them)."""
    return all(Card(rank, suit) in cards for suit in SUITS)


def _ending(result: Mapping[str, Any], hands: tuple[tuple[Card, ...], ...]) -> Ending:
    """The ending a view's ``result`` shows (``determinize``), its scores from its payments."""
    payments = tuple(
        Payment(paid["from"], paid["to"], paid["chips"], paid["reason"])
        for paid in result["payments"]
    )
    scores = [0] * PLAYERS
    for payment in payments:
        scores[payment.payer] -= payment.chips
        scores[payment.payee] += payment.chips
    return Ending(
        end=result["end"],
        winner=result["winner"],
        counts=tuple(result["counts"]),
        hands=hands,
        answers=tuple(result["answers"]),
        payments=payments,
        scores=tuple(scores),
    )


def _order_from(seat: int) -> list[int]:
    """Every seat in turn order, starting at ``seat`` (the next after s is s + 1)."""
    return [(seat + step) % PLAYERS for step in SEATS]
