"""UNO's effects: dealing, drawing and reshuffling, each action's consequences, passing the
turn, and the end of a hand (rules/uno.md; the package docstring lists every decision)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.rules.cards import draw_top
from app.rules.kit import Event, replace_at
from app.rules.rng import Rng
from app.rules.uno.checks import missed_call, stackable, wild_draw_four_guilty
from app.rules.uno.components import (
    CATCH_LIMIT,
    CHALLENGE_EXTRA,
    DECK,
    DRAW_TWO,
    HAND_SIZE,
    NUMBERS,
    REVERSE,
    SKIP,
    UNO_PENALTY,
    WILD,
    WILD_DRAW_FOUR,
    colour_of,
    draw_value,
    hand_points,
    is_wild,
    sort_key,
    value_of,
)
from app.rules.uno.state import Challenge, HandResult, NoMatch, Pending, State, WildDrawFour

# --- small helpers -----------------------------------------------------------------------------


def next_seat(state: State, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the current direction of play."""
    return (seat + steps * state.direction) % state.players


def remember_no_match(state: State, seat: int) -> State:
    """``seat`` shows it has no card to play now (it draws, or passes with nothing to draw):
    remembered, as a table would: the normal bot leaves the next player a colour it lacks, and
    the strong bot's draws of hidden hands (``determinize``) agree with it."""
    seen = NoMatch(state.top, state.colour, len(state.hands[seat]))
    return replace(state, no_match=replace_at(state.no_match, seat, (*state.no_match[seat], seen)))


def log_event(state: State, event: Event) -> State:
    """The state with one more log entry."""
    return replace(state, events=state.events + (event,))


def _sorted(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


# --- setting up --------------------------------------------------------------------------------


def choose_dealer(rng: Rng, players: int) -> tuple[int, tuple[tuple[int, str], ...], Rng]:
    """rules/uno.md, Players and deal: each player draws a card from a shuffled deck (seat 0
    first); the highest number deals, action and wild cards counting as 0; tied highest players
    draw again, in seat order, until one is left. Returns the dealer, every (seat, card) drawn
    and the advanced generator."""
    deck, rng = rng.shuffle(DECK)
    position = 0
    draws: list[tuple[int, str]] = []
    contenders = list(range(players))
    while len(contenders) > 1:
        drawn: dict[int, int] = {}
        for seat in contenders:
            if position == len(deck):  # never in practice: 108 cards for at most 10 players
                deck, rng = rng.shuffle(DECK)
                position = 0
            card = deck[position]
            position += 1
            draws.append((seat, card))
            value = value_of(card)
            drawn[seat] = int(value) if value in NUMBERS else 0
        best = max(drawn.values())
        contenders = [seat for seat in contenders if drawn[seat] == best]
    return contenders[0], tuple(draws), rng


def deal_hand(state: State) -> State:
    """rules/uno.md, Players and deal: shuffle the 108 cards, deal 7 to each player one at a time
    starting left of the dealer, turn up the first discard (a Wild Draw Four goes back and the
    pile is shuffled again), then apply the first card's effect."""
    deck, rng = state.rng.shuffle(DECK)
    players = state.players
    hands: list[list[str]] = [[] for _ in range(players)]
    for index in range(HAND_SIZE * players):
        hands[(state.dealer + 1 + index) % players].append(deck[index])
    pile = deck[HAND_SIZE * players :]
    put_back = 0
    while pile[0] == WILD_DRAW_FOUR:
        pile, rng = rng.shuffle(pile)
        put_back += 1
    first, pile = draw_top(pile)
    state = replace(
        state,
        rng=rng,
        hands=tuple(_sorted(hand) for hand in hands),
        pile=pile,
        discard=((first, colour_of(first)),),
        direction=1,
        drawn=None,
        pending=None,
        wild_draw_four=None,
        last_challenge=None,
        pre_called=None,
        uno_window=None,
        said_uno=frozenset(),
        no_match=((),) * players,
        passes=0,
    )
    started = Event(
        "hand_started",
        (
            ("hand", state.hand_number),
            ("dealer", state.dealer),
            ("first_card", first),
            ("put_back", put_back),
        ),
    )
    state = log_event(state, started)
    leader = next_seat(state, state.dealer)  # the player to the dealer's left
    value = value_of(first)
    if value == DRAW_TWO:
        # [SEED-SILENT], official: the first player draws 2 and loses the turn (no stacking).
        state, _, _ = draw_cards(state, leader, 2, "first_card")
        return start_turn(state, next_seat(state, leader))
    if value == SKIP:
        state = log_event(state, Event("skipped", (("seat", leader),)))
        return start_turn(state, next_seat(state, leader))
    if value == REVERSE:
        state = replace(state, direction=-1)
        if state.options.first_reverse == "official":
            return start_turn(state, state.dealer)  # the dealer plays first, then to the right
        return start_turn(state, next_seat(state, state.dealer))  # seed: the dealer's right
    if value == WILD:
        return replace(state, turn=leader, step="first_colour")
    return start_turn(state, leader)


# --- drawing -----------------------------------------------------------------------------------


def draw_cards(
    state: State, seat: int, count: int, reason: str, *, may_void: bool = True
) -> tuple[State, tuple[str, ...], bool]:
    """``seat`` draws ``count`` cards from the top of the pile. When the pile is empty the
    discard pile but its top card is shuffled into a new pile (rule 7), or, with
    ``deck_exhausted`` "void", the hand is void (third value ``True``; the caller ends it).
    With no card left anywhere the drawer takes what there was."""
    pile, discard, rng = state.pile, state.discard, state.rng
    drawn: list[str] = []
    events: list[Event] = []
    void = False
    for _ in range(count):
        if not pile:
            if may_void and state.options.deck_exhausted == "void":
                void = True
                break
            if len(discard) < 2:
                break
            pile, rng = rng.shuffle([card for card, _ in discard[:-1]])
            discard = discard[-1:]
            events.append(Event("reshuffled", (("count", len(pile)),)))
        card, pile = draw_top(pile)
        drawn.append(card)
    cards = _sorted(drawn)
    events.append(
        Event(
            "drew",
            (("seat", seat), ("count", len(cards)), ("reason", reason)),
            owner=seat,
            secret=(("cards", cards),),
        )
    )
    hands = replace_at(state.hands, seat, _sorted(state.hands[seat] + cards))
    state = replace(
        state, pile=pile, discard=discard, rng=rng, hands=hands, events=state.events + tuple(events)
    )
    return state, tuple(drawn), void


# --- turns -------------------------------------------------------------------------------------


def start_turn(state: State, seat: int) -> State:
    """The turn goes to ``seat``. A call of UNO made before playing that did not leave its
    caller with one card is false (rule 5, text 1: 2 cards with ``false_uno_penalty``)."""
    caller = state.pre_called
    if caller is not None:
        state = replace(state, pre_called=None)
        penalty = state.options.false_uno_penalty
        state = log_event(state, Event("false_uno", (("seat", caller), ("penalty", penalty))))
        if penalty:
            state, _, void = draw_cards(state, caller, UNO_PENALTY, "false_uno")
            if void:
                return void_hand(state, "exhausted")
    step = "penalty" if state.pending is not None else "play"
    return replace(state, turn=seat, step=step, drawn=None)


def close_window(state: State) -> State:
    """A turn action closes the UNO window: the player who played last can no longer be
    caught (rules/uno.md, House rule 5: "no penalty" once the next player plays)."""
    return replace(state, uno_window=None) if state.uno_window is not None else state


def do_play(state: State, seat: int, card: str, colour: str | None) -> State:
    """Play ``card`` (naming ``colour`` for a black card): matching, stacking, going out, the
    UNO window, then the card's effect (rules/uno.md, Action effects and House rules)."""
    state = close_window(state)
    options = state.options
    hand = list(state.hands[seat])
    hand.remove(card)
    named = colour if is_wild(card) else colour_of(card)
    value = value_of(card)
    before = state.pending
    pending = before
    challengeable = None
    if before is not None:
        # House rule 2 [SEED-AMBIGUOUS]: the total is cumulative across both kinds.
        kind = WILD_DRAW_FOUR if value == WILD_DRAW_FOUR else before.kind
        pending = Pending(before.count + draw_value(card), kind, seat)
    elif draw_value(card):
        pending = Pending(draw_value(card), value, seat)
        if value == WILD_DRAW_FOUR and options.wd4_challenge:
            guilty = wild_draw_four_guilty(options.wd4_rule, hand, state.top, state.colour)
            challengeable = WildDrawFour(seat=seat, hand=tuple(hand), guilty=guilty)
    played = Event(
        "played",
        (("seat", seat), ("card", card), ("colour", named), ("cards_left", len(hand))),
    )
    # The played card may have been one held at a turn with no match: one fewer surely is.
    remembered = tuple(
        replace(seen, held=seen.held - 1) for seen in state.no_match[seat] if seen.held > 1
    )
    state = replace(
        state,
        hands=replace_at(state.hands, seat, tuple(hand)),
        no_match=replace_at(state.no_match, seat, remembered),
        discard=state.discard + ((card, named),),
        pending=pending,
        wild_draw_four=challengeable,
        drawn=None,
        passes=0,
        events=state.events + (played,),
    )
    if not hand:
        return end_hand(state, seat)
    if len(hand) == 1 and state.pre_called == seat:
        state = replace(state, pre_called=None, said_uno=state.said_uno | {seat})
    if options.uno_call and len(hand) <= CATCH_LIMIT:
        state = replace(state, uno_window=seat)  # open to a catch, called or not
    if pending is not None:
        victim = next_seat(state, seat)
        if stackable(options, pending.kind) or challengeable is not None:
            return start_turn(state, victim)  # the victim answers: stack, challenge or take
        state, _, void = draw_cards(replace(state, pending=None), victim, pending.count, "penalty")
        if void:
            return void_hand(state, "exhausted")
        return start_turn(state, next_seat(state, victim))
    if value == SKIP:
        state = log_event(state, Event("skipped", (("seat", next_seat(state, seat)),)))
        return start_turn(state, next_seat(state, seat, 2))
    if value == REVERSE:
        state = replace(state, direction=-state.direction)
        if state.players == 2:
            # rules/uno.md, Action effects: with 2 players a Reverse acts as a Skip.
            state = log_event(state, Event("skipped", (("seat", next_seat(state, seat)),)))
            return start_turn(state, seat)
    return start_turn(state, next_seat(state, seat))


def do_draw(state: State, seat: int) -> State:
    """Draw one card; its drawer then plays it (if it matches) or passes (rules/uno.md, Turn)."""
    state = remember_no_match(close_window(state), seat)
    state, drawn, void = draw_cards(state, seat, 1, "draw")
    if void:
        return void_hand(state, "exhausted")
    return replace(state, step="drawn", drawn=drawn[0], passes=0)


def do_pass(state: State, seat: int) -> State:
    """Keep the drawn card, or pass with nothing to play or draw; when every player in a row
    has passed that way the hand is blocked and void."""
    state = close_window(state)
    state = log_event(state, Event("passed", (("seat", seat),)))
    if state.step == "play":
        state = replace(remember_no_match(state, seat), passes=state.passes + 1)
        if state.passes >= state.players:
            return void_hand(state, "blocked")
    return start_turn(state, next_seat(state, seat))


def do_draw_penalty(state: State, seat: int) -> State:
    """The victim takes the pending cards and loses the turn (House rules 1-2)."""
    state = close_window(state)
    pending = state.pending
    assert pending is not None
    state = replace(state, pending=None, wild_draw_four=None)
    state, _, void = draw_cards(state, seat, pending.count, "penalty")
    if void:
        return void_hand(state, "exhausted")
    return start_turn(state, next_seat(state, seat))


def do_challenge(state: State, seat: int) -> State:
    """House rule 4: a guilty player draws the 4 and the challenger plays on; an innocent one
    makes the challenger draw 6 and lose the turn. The challenger alone sees the hand."""
    state = close_window(state)
    pending, played = state.pending, state.wild_draw_four
    assert pending is not None and played is not None
    challenged = Event(
        "challenged",
        (("seat", seat), ("target", played.seat), ("guilty", played.guilty)),
        owner=seat,
        secret=(("hand", played.hand),),
    )
    state = replace(
        state,
        pending=None,
        wild_draw_four=None,
        last_challenge=Challenge(seat, played.seat, played.guilty, played.hand),
        events=state.events + (challenged,),
    )
    if played.guilty:
        state, _, void = draw_cards(state, played.seat, pending.count, "challenge")
        if void:
            return void_hand(state, "exhausted")
        return replace(state, step="play")
    penalty = pending.count + CHALLENGE_EXTRA
    state, _, void = draw_cards(state, seat, penalty, "challenge")
    if void:
        return void_hand(state, "exhausted")
    return start_turn(state, next_seat(state, seat))


def do_choose_colour(state: State, seat: int, colour: str) -> State:
    """The first player names the colour of a first-card Wild, then plays as usual."""
    card, _ = state.discard[-1]
    chosen = Event("colour_chosen", (("seat", seat), ("colour", colour)))
    return replace(
        state,
        discard=state.discard[:-1] + ((card, colour),),
        step="play",
        events=state.events + (chosen,),
    )


def do_call_uno(state: State, seat: int) -> State:
    """Rule 5: a call down to one card makes the caller safe (a catch on them is wrong from
    now on); a call with two cards on one's turn is checked when the turn ends
    (``start_turn``)."""
    late = state.uno_window == seat and missed_call(state)
    state = log_event(state, Event("uno_called", (("seat", seat),)))
    if late:
        return replace(state, said_uno=state.said_uno | {seat})
    return replace(state, pre_called=seat)


def do_catch(state: State, seat: int, target: int) -> State:
    """Rule 5: a player caught on one card without an UNO call draws 2; a wrong catch (they
    called in time, or do not hold one card) costs the catcher 2 with ``false_uno_penalty``
    (text 1). Either way the window closes."""
    right = missed_call(state)
    state = replace(state, uno_window=None)
    if right:
        state = log_event(state, Event("caught", (("seat", seat), ("target", target))))
        drawer, reason = target, "caught"
    else:
        penalty = state.options.false_uno_penalty
        wrong = Event("false_catch", (("seat", seat), ("target", target), ("penalty", penalty)))
        state = log_event(state, wrong)
        if not penalty:
            return state
        drawer, reason = seat, "false_catch"
    state, _, void = draw_cards(state, drawer, UNO_PENALTY, reason)
    return void_hand(state, "exhausted") if void else state


# --- the end of a hand -------------------------------------------------------------------------


def end_hand(state: State, winner: int) -> State:
    """The winner is out of cards. Rule 6: with ``going_out_penalty`` the victim of a last Draw
    Two / Wild Draw Four (or of a stack passed on) draws first. Then the hands are counted:
    seed, each loser pays the value of their own hand to the winner; official, the winner
    scores the sum and the losers nothing (rules/uno.md, Scoring)."""
    pending = state.pending
    state = replace(state, pending=None, wild_draw_four=None, uno_window=None, pre_called=None)
    if pending is not None and state.options.going_out_penalty:
        victim = next_seat(state, winner)
        state, _, _ = draw_cards(state, victim, pending.count, "going_out", may_void=False)
    points = tuple(hand_points(hand) for hand in state.hands)
    pot = sum(points)
    official = state.options.scoring == "official"
    scores = tuple(
        pot if seat == winner else (0 if official else -points[seat])
        for seat in range(state.players)
    )
    result = HandResult(state.hand_number, winner, None, points, scores)
    return _finish_hand(state, result, next_dealer=winner)


def void_hand(state: State, reason: str) -> State:
    """A void hand scores nothing; the same dealer deals again (rule 7 variant, or a blocked
    hand where nobody can play or draw)."""
    points = tuple(hand_points(hand) for hand in state.hands)
    result = HandResult(state.hand_number, None, reason, points, (0,) * state.players)
    return _finish_hand(state, result, next_dealer=state.dealer)


def _finish_hand(state: State, result: HandResult, *, next_dealer: int) -> State:
    """Book the hand; the match ends after one hand (``target`` 0) or once the winner's total
    reaches the target; otherwise the next hand is dealt by ``next_dealer`` (text 2)."""
    totals = tuple(total + score for total, score in zip(state.totals, result.scores, strict=True))
    ended = Event(
        "hand_over",
        (
            ("hand", result.number),
            ("winner", result.winner),
            ("void", result.void),
            ("points", result.points),
            ("scores", result.scores),
            ("totals", totals),
        ),
    )
    state = replace(
        state,
        totals=totals,
        results=state.results + (result,),
        events=state.events + (ended,),
        pending=None,
        wild_draw_four=None,
        uno_window=None,
        pre_called=None,
        drawn=None,
    )
    target = state.options.target
    if target == 0 or (result.winner is not None and totals[result.winner] >= target):
        return replace(state, turn=None, step="over")
    state = replace(state, dealer=next_dealer, hand_number=state.hand_number + 1)
    return deal_hand(state)
