"""Monster Duel's flow: the setup with its mulligans, the reveal and the coin flip, the start
and the end of a turn, wins, sudden death (rules/monster-tcg.md, Minimum real rules engine:
Setup, Turn, Win conditions)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.kit import Event
from app.rules.monster_tcg.components import HAND, PLAYERS, SUDDEN_DEATHS, is_basic
from app.rules.monster_tcg.decks import DECKS_BY_ID
from app.rules.monster_tcg.effects import checkup, draw_cards, flip, knock_outs, logged
from app.rules.monster_tcg.state import Side, State

SEATS = range(PLAYERS)


def begin_setup(state: State) -> State:
    """Setup, for a new game (the first or a sudden death): each seat in turn (seat 0 first)
    shuffles its whole deck list (``deal``), draws 7 and, while it holds no Basic, reveals the
    hand (logged), shuffles it back and draws 7 again; then the next cards are its prizes."""
    sides = []
    deal = state.deal
    events = state.events
    for seat in SEATS:
        side = state.sides[seat]
        assert side.deck_id is not None
        cards = DECKS_BY_ID[side.deck_id].cards(state.options.deck_size)
        mulligans = 0
        while True:
            deck, deal = deal.shuffle(cards)
            hand = deck[:HAND]
            if any(is_basic(card) for card in hand):
                break
            mulligans += 1
            events += (Event("mulligan", (("seat", seat), ("hand", hand))),)
        prizes = deck[HAND : HAND + state.prizes_total]
        sides.append(
            Side(
                deck_id=side.deck_id,
                chosen=True,
                hand=hand,
                deck=deck[HAND + state.prizes_total :],
                prizes=prizes,
                mulligans=mulligans,
            )
        )
    for seat in SEATS:
        if sides[1 - seat].mulligans == 0:
            sides[seat] = replace(sides[seat], extra_done=True)
    return replace(
        state,
        phase="setup",
        sides=(sides[0], sides[1]),
        turn=None,
        number=0,
        first=None,
        energy_attached=False,
        retreated=False,
        played=(),
        promoting=(),
        deal=deal,
        events=events,
    )


def reveal(state: State) -> State:
    """Setup, both done: every placed creature is revealed, then a coin decides who goes
    first (heads seat 0, tails seat 1; flipped even when the table chose the first player of
    the first game, ``start_seat``, which is then not logged); that seat's first turn starts."""
    for seat in SEATS:
        side = state.sides[seat]
        assert side.active is not None
        state = logged(
            state,
            "setup",
            ("seat", seat),
            ("active", side.active.cards[-1]),
            ("bench", tuple(creature.cards[-1] for creature in side.bench)),
        )
    value, coins = state.coins.randbelow(2)
    chosen = state.start_seat
    if chosen is not None and state.sudden_death == 0:
        state = replace(state, coins=coins)
        first = chosen
    else:
        state, heads = flip(state, 0, "first")
        first = 0 if heads else 1
    return start_turn(replace(state, first=first), first)


def start_turn(state: State, seat: int) -> State:
    """Turn: a new turn's limits, then its draw (automatic; a seat that cannot draw loses)."""
    number = state.number + 1
    state = replace(
        state,
        phase="play",
        turn=seat,
        number=number,
        energy_attached=False,
        retreated=False,
        played=(),
        promoting=(),
    )
    state = logged(state, "turn", ("seat", seat), ("number", number))
    if not state.sides[seat].deck:
        return finish(state, (1 - seat,), "deck_out")
    return draw_cards(state, seat, 1)


def end_turn(state: State, *, attacked: bool) -> State:
    """The end of a turn: after an attack its knock-outs and a check for the win; the checkup;
    its knock-outs and a check for the win; promotions (the seat whose turn ended first);
    the next turn."""
    ended = state.turn
    assert ended is not None
    if attacked:
        state = knock_outs(state, 1 - ended)
        state = check_wins(state)
        if state.phase != "play":
            return state
    state = knock_outs(checkup(state, ended), ended)
    state = check_wins(state)
    if state.phase != "play":
        return state
    return promote_or_next(state)


def promote_or_next(state: State) -> State:
    """Promotions still owed (an empty active spot with a bench), else the next turn."""
    ended = state.turn
    assert ended is not None
    owed = tuple(seat for seat in (ended, 1 - ended) if state.sides[seat].active is None)
    if owed:
        return replace(state, phase="promote", promoting=owed)
    return start_turn(state, 1 - ended)


def check_wins(state: State) -> State:
    """Win conditions: a seat wins that has taken all its prizes, or whose opponent has no
    creature in play. Both at once: a sudden-death game (after the third, a draw)."""
    winners = tuple(
        seat
        for seat in SEATS
        if not state.sides[seat].prizes or not state.sides[1 - seat].creatures()
    )
    if not winners:
        return state
    if len(winners) == 1:
        reason = "prizes" if not state.sides[winners[0]].prizes else "no_creatures"
        return finish(state, winners, reason)
    if state.sudden_death >= SUDDEN_DEATHS:
        return finish(state, winners, "draw")
    number = state.sudden_death + 1
    state = logged(state, "sudden_death", ("number", number))
    sides = tuple(Side(deck_id=side.deck_id, chosen=True) for side in state.sides)
    return begin_setup(
        replace(state, sudden_death=number, prizes_total=1, sides=(sides[0], sides[1]))
    )


def finish(state: State, winners: tuple[int, ...], reason: str) -> State:
    """The match is over."""
    state = replace(state, phase="over", turn=None, promoting=(), winners=winners, reason=reason)
    return logged(state, "win", ("seats", winners), ("reason", reason))


def start_match(state: State) -> State:
    """Decks are known (fixed or chosen): revealed to both, then the setup."""
    decks = tuple(side.deck_id for side in state.sides)
    return begin_setup(logged(state, "decks", ("decks", decks)))
