"""UNO's rules: the contract of design 1.1 (options, deal, legal actions, apply, view, log and
outcome); the effects live in ``flow``, the checks in ``checks``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.rules.base import Action, IllegalAction, Outcome
from app.rules.kit import Event, MoveRule, can, choose_start, log_for, play_move
from app.rules.rng import Rng
from app.rules.uno.checks import (
    can_follow,
    check_call_uno,
    check_catch,
    check_challenge,
    check_choose_colour,
    check_draw,
    check_draw_penalty,
    check_pass,
    check_play,
    check_running,
    missed_call,
    parse,
    wild_draw_four_guilty,
    wild_draw_four_tell,
)
from app.rules.uno.components import (
    COLOURS,
    DECK,
    TABLE,
    Options,
    colour_of,
    is_wild,
    sort_key,
)
from app.rules.uno.flow import (
    choose_dealer,
    deal_hand,
    do_call_uno,
    do_catch,
    do_challenge,
    do_choose_colour,
    do_draw,
    do_draw_penalty,
    do_pass,
    do_play,
)
from app.rules.uno.state import Challenge, HandResult, NoMatch, Pending, State, WildDrawFour

DISCARD_SHOWN = 6
"""How many of the top discards a view lists (older ones are covered on a real table)."""

DEAL_ATTEMPTS = 30
"""Deals ``determinize`` tries for hidden hands that agree with what a challengeable Wild Draw
Four told the table; the last is kept when none does (a hand of one card that must be guilty)."""

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A new match: the first dealer is drawn for, then the first hand is dealt (rules/uno.md,
    Players and deal); the order of draws is in the package docstring. A ``start_seat`` chosen
    by the table (a rematch) makes its right neighbour the dealer, so it leads the first hand."""
    full = TABLE.check(players, options)
    drawn_dealer, draws, rng = choose_dealer(Rng(seed, "uno"), players)
    leader = choose_start(start_seat, drawn=(drawn_dealer + 1) % players, players=players)
    dealer = (leader - 1) % players
    chosen = Event(
        "dealer_chosen",
        (("draws", draws), ("dealer", dealer), ("by_table", start_seat is not None)),
    )
    state = State(
        players=players,
        options=Options(**full),
        rng=rng,
        hand_number=1,
        dealer=dealer,
        hands=((),) * players,
        pile=(),
        discard=(),
        direction=1,
        turn=None,
        step="play",
        drawn=None,
        pending=None,
        wild_draw_four=None,
        last_challenge=None,
        pre_called=None,
        uno_window=None,
        said_uno=frozenset(),
        no_match=((),) * players,
        passes=0,
        totals=(0,) * players,
        results=(),
        events=(chosen,),
    )
    return deal_hand(state)


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is; while the player who played last holds one card without an
    UNO call, every seat (that player may call, the others may catch); empty once the match is
    over."""
    if state.turn is None:
        return frozenset()
    if missed_call(state):
        return frozenset(range(state.players))
    return frozenset({state.turn})


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: call_uno, the turn's plays in hand
    order (a black card once per colour, in ``COLOURS`` order), choose_colour by colour, draw,
    pass, draw_penalty, challenge, then catch."""
    if not can(check_running, state) or not 0 <= seat < state.players:
        return []
    actions: list[Action] = []
    if can(check_call_uno, state, seat):
        actions.append({"type": "call_uno"})
    if seat == state.turn:
        actions += _turn_actions(state, seat)
    if state.uno_window is not None and can(check_catch, state, seat, state.uno_window):
        actions.append({"type": "catch", "target": state.uno_window})
    return actions


def _turn_actions(state: State, seat: int) -> list[Action]:
    """The legal turn actions of ``seat``, the seat whose turn it is (``legal_actions``' order)."""
    actions: list[Action] = []
    for card in dict.fromkeys(state.hands[seat]):
        if can(check_play, state, seat, card):
            if is_wild(card):
                actions += [{"type": "play", "card": card, "colour": c} for c in COLOURS]
            else:
                actions.append({"type": "play", "card": card})
    actions += [
        {"type": "choose_colour", "colour": colour}
        for colour in COLOURS
        if can(check_choose_colour, state, seat, colour)
    ]
    simple = (
        ("draw", check_draw),
        ("pass", check_pass),
        ("draw_penalty", check_draw_penalty),
        ("challenge", check_challenge),
    )
    actions += [{"type": kind} for kind, check in simple if can(check, state, seat)]
    return actions


def _check_play(state: State, seat: int, card: str, colour: str | None) -> None:
    """``check_play`` as the move table calls it, with the colour a black card names (which
    ``parse`` has checked: the card alone decides whether it may be played)."""
    check_play(state, seat, card)


MOVES: Mapping[str, MoveRule[State]] = {
    "play": MoveRule(_check_play, do_play),
    "draw": MoveRule(check_draw, do_draw),
    "pass": MoveRule(check_pass, do_pass),
    "draw_penalty": MoveRule(check_draw_penalty, do_draw_penalty),
    "challenge": MoveRule(check_challenge, do_challenge),
    "choose_colour": MoveRule(check_choose_colour, do_choose_colour),
    "call_uno": MoveRule(check_call_uno, do_call_uno),
    "catch": MoveRule(check_catch, do_catch),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect (in ``flow``)."""


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_running(state)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction("not_seated", "There is no such seat at this table.")
    state = play_move(state, seat, parse(action, state.players), moves=MOVES)
    # A seat that called UNO stays marked only while it still holds exactly one card.
    said = frozenset(other for other in state.said_uno if len(state.hands[other]) == 1)
    return state if said == state.said_uno else replace(state, said_uno=said)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, built field by field: ``table_view``, and
    what the table remembers of the hand (every card played, turns with no match)."""
    return {**table_view(state, seat), **remembered(state, ordered=True)}


def remembered(state: State, *, ordered: bool) -> dict[str, Any]:
    """What the table remembers of the hand: every card played (the covered discards, sorted
    when ``ordered``: to count, not order; they are in the log) and the turns with no match."""
    covered = [card for card, _ in state.discard[:-DISCARD_SHOWN]]
    return {
        "covered": sorted(covered, key=sort_key) if ordered else covered,
        "no_match": [
            [{"top": seen.top, "colour": seen.colour, "held": seen.held} for seen in seat_seen]
            for seat_seen in state.no_match
        ],
    }


def table_view(state: State, seat: int | None) -> dict[str, Any]:
    """The view but for what the table remembers: its own hand, every hand's size, the top
    discards, the pile's size, the turn, pending penalties and UNO calls. A challenged hand is
    shown to its challenger only; other hands never."""
    mine = seat is not None and 0 <= seat < state.players
    pending = state.pending
    challenge = state.last_challenge
    return {
        "game": "uno",
        "players": state.players,
        "you": seat,
        "phase": "over" if state.turn is None else state.step,
        "to_act": state.turn,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "direction": state.direction,
        "top": state.top,
        "colour": state.colour,
        "discard": [
            {"card": card, "colour": colour} for card, colour in state.discard[-DISCARD_SHOWN:]
        ],
        "discard_count": len(state.discard),
        "pile_count": len(state.pile),
        "hand": list(state.hands[seat]) if mine and seat is not None else None,
        "hand_counts": [len(hand) for hand in state.hands],
        "drawn": state.drawn if mine and seat == state.turn else None,
        "pending": None
        if pending is None
        else {
            "count": pending.count,
            "kind": pending.kind,
            "by": pending.by,
            "challengeable": state.wild_draw_four is not None,
        },
        "uno_window": state.uno_window,
        "pre_called": state.pre_called,
        "said_uno": sorted(state.said_uno),
        "challenge": None
        if challenge is None
        else {
            "seat": challenge.seat,
            "target": challenge.target,
            "guilty": challenge.guilty,
            "hand": list(challenge.hand) if mine and seat == challenge.seat else None,
        },
        "totals": list(state.totals),
        "results": [result.to_json() for result in state.results],
        "options": state.options.to_json(),
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the match runs; then each seat's total. The winner of the last hand wins
    the match (a single void hand is shared by everyone)."""
    if state.turn is not None:
        return None
    last = state.results[-1]
    winners = (
        frozenset({last.winner}) if last.winner is not None else frozenset(range(state.players))
    )
    detail = {
        "scoring": state.options.scoring,
        "target": state.options.target,
        "totals": list(state.totals),
        "hands": [result.to_json() for result in state.results],
        "cards_left": [len(hand) for hand in state.hands],
    }
    return Outcome(scores=list(state.totals), winners=winners, detail=detail)


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The match's log for ``seat``: public fields for all, secret ones (cards drawn, a hand
    shown to a challenger) only for their owner, ``None`` for everyone else."""
    return log_for(state.events, seat)


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole match that ``seat`` could be in, seeing ``view`` (rules/uno.md, the view in the
    package docstring): the cards nowhere in its sight (not in its hand, not among the
    discards, shown or covered) are shuffled into the other hands (their sizes kept) and the
    pile; the covered discards lie in any order (a black card among them naming a random
    colour). Another seat's drawn card is one of its drawn hand. A Wild Draw Four that may be
    challenged is judged on its player's drawn hand, drawn again (up to ``DEAL_ATTEMPTS``
    times) until it agrees with what the table saw (``wild_draw_four_tell``): players play it
    honestly far more often than a random hand would make it guilty, and a search that
    believed the random hand would challenge, and draw 6, time and again. A seat that showed
    it had no card to play (``no_match``) is dealt as many cards that could not have followed
    then as it surely still holds (``_deal``). Not kept, as the view does not carry them: the
    hand a challenger was shown (only ``challenge``'s own), the passes of a blocked hand so
    far (0), the match's random stream (``rng``'s continues it) and the log (``events`` is
    empty)."""
    players = view["players"]
    counts: list[int] = view["hand_counts"]
    mine = tuple(view["hand"])
    shown = tuple((entry["card"], entry["colour"]) for entry in view["discard"])
    options = Options(**view["options"])
    pending = view["pending"]
    suspect = pending["by"] if pending is not None and pending["challengeable"] else None
    unseen = Counter(DECK)
    unseen.subtract([*mine, *view["covered"], *(card for card, _ in shown)])
    no_match = [
        [NoMatch(seen["top"], seen["colour"], seen["held"]) for seen in seat_seen]
        for seat_seen in view["no_match"]
    ]
    for _ in range(DEAL_ATTEMPTS):
        shuffled, rng = rng.shuffle(sorted(unseen.elements()))
        hands, free, left = _deal(shuffled, counts, no_match, seat, mine)
        if suspect is None or suspect == seat:
            break
        (played_on, before), (_, named) = shown[-2:]
        guilty = wild_draw_four_guilty(options.wd4_rule, hands[suspect], played_on, before)
        if guilty == wild_draw_four_tell(named, before, counts[suspect]):
            break
    covered: list[tuple[str, str | None]] = []
    for card in view["covered"]:
        colour = colour_of(card)
        if colour is None:
            colour, rng = rng.choice(COLOURS)  # a colour once named, no longer in effect
        covered.append((card, colour))
    pile = tuple(left)
    discard = (*covered, *shown)
    turn = view["to_act"]
    drawn = view["drawn"]
    if view["phase"] == "drawn" and turn != seat:
        # The card drawn on a turn with no match is one of those it was not known to hold.
        drawn, rng = rng.choice(free[turn] or hands[turn])
    wild_draw_four = None
    if suspect is not None:
        played_on, colour = discard[-2]
        guilty = wild_draw_four_guilty(options.wd4_rule, hands[suspect], played_on, colour)
        wild_draw_four = WildDrawFour(seat=suspect, hand=hands[suspect], guilty=guilty)
    challenge = view["challenge"]
    return State(
        players=players,
        options=options,
        rng=rng,
        hand_number=view["hand_number"],
        dealer=view["dealer"],
        hands=tuple(hands),
        pile=pile,
        discard=discard,
        direction=view["direction"],
        turn=turn,
        step=view["phase"],
        drawn=drawn,
        pending=None
        if pending is None
        else Pending(count=pending["count"], kind=pending["kind"], by=pending["by"]),
        wild_draw_four=wild_draw_four,
        last_challenge=None
        if challenge is None
        else Challenge(
            seat=challenge["seat"],
            target=challenge["target"],
            guilty=challenge["guilty"],
            hand=tuple(challenge["hand"] or ()),
        ),
        pre_called=view["pre_called"],
        uno_window=view["uno_window"],
        said_uno=frozenset(view["said_uno"]),
        no_match=tuple(tuple(seat_seen) for seat_seen in no_match),
        passes=0,
        totals=tuple(view["totals"]),
        results=tuple(
            HandResult(
                number=result["hand"],
                winner=result["winner"],
                void=result["void"],
                points=tuple(result["points"]),
                scores=tuple(result["scores"]),
            )
            for result in view["results"]
        ),
        events=(),
    )


def _deal(
    cards: Sequence[str],
    counts: list[int],
    no_match: list[list[NoMatch]],
    seat: int,
    mine: tuple[str, ...],
) -> tuple[list[tuple[str, ...]], list[list[str]], list[str]]:
    """Every other seat's hand from the shuffled ``cards``, the cards each was dealt beyond
    those it surely held, and the cards left over. First the
    cards a seat surely kept from its turns with no match: of those ``held`` at the oldest
    such turn none could follow then, nor at any later one (they were still held); of the
    further ones held at the next turn, none could follow from that turn on; and so on
    (``NoMatch.held`` only grows from one turn to the next). Each is the first card in the
    shuffled order that fits, so each is uniform among the fitting ones; should none fit (the
    true hand always does, a draw for another seat may have taken them), any card does. Then
    each hand is filled up in seat order."""
    left = list(cards)
    kept: dict[int, list[str]] = {}
    for other, turns in enumerate(no_match):
        if other == seat:
            continue
        kept[other] = []
        surely = 0
        for index, turn in enumerate(turns):
            later = turns[index:]
            for _ in range(min(turn.held, counts[other]) - surely):
                fits = next(
                    (
                        card
                        for card in left
                        if not any(can_follow(card, seen.top, seen.colour) for seen in later)
                    ),
                    left[0] if left else None,
                )
                if fits is None:
                    break
                left.remove(fits)
                kept[other].append(fits)
            surely = max(surely, min(turn.held, counts[other]))
    hands: list[tuple[str, ...]] = []
    free: list[list[str]] = []
    for other, count in enumerate(counts):
        known = kept.get(other, [])
        extra = 0 if other == seat else max(0, count - len(known))
        free.append(left[:extra])
        left = left[extra:]
        hands.append(mine if other == seat else tuple(sorted(known + free[-1], key=sort_key)))
    return hands, free, left
