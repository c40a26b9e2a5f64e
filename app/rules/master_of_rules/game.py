"""Master of Rules' rules: the contract of design 1.1 and the effects of actions (the checks are
in ``checks``, the named helpers in ``scoring``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from itertools import chain
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.cards import without_one
from app.rules.kit import Event, MoveRule, can, choose_start, log_for, play_move, replace_at
from app.rules.master_of_rules.checks import (
    NUMBER,
    RULE,
    check_play_number,
    check_play_rule,
    check_take_number,
    check_take_rule,
    check_turn,
    distinct,
    parse,
    played_rules,
)
from app.rules.master_of_rules.components import (
    COLOURS,
    DEALS,
    HAND_NUMBERS,
    HAND_RULES,
    RULE_CARDS_PER_TYPE,
    RULE_TYPES,
    SEATS,
    TABLE,
    TIE_BREAK,
    VALUES,
    Number,
    number_sort_key,
    rule_sort_key,
)
from app.rules.master_of_rules.scoring import (
    explain_deal,
    rank_key,
    score_completed,
    score_parts,
    set_types,
)
from app.rules.master_of_rules.state import Check, State
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/master-of-rules.md, Setup); the order of draws is in the
    package docstring. ``start_seat`` is the table's choice of the first player (a rematch);
    ``None`` keeps the seat drawn from the seed, which is drawn either way."""
    TABLE.check(players, options)
    rng = Rng(seed, "deal")
    numbers, rng = rng.shuffle([Number(colour, value) for colour in COLOURS for value in VALUES])
    rules, rng = rng.shuffle([rule for rule in RULE_TYPES for _ in range(RULE_CARDS_PER_TYPE)])
    hand_numbers = tuple(
        _sorted_numbers(numbers[HAND_NUMBERS * seat : HAND_NUMBERS * (seat + 1)])
        for seat in range(players)
    )
    hand_rules = tuple(
        _sorted_rules(rules[HAND_RULES * seat : HAND_RULES * (seat + 1)]) for seat in range(players)
    )
    numbers = numbers[HAND_NUMBERS * players :]
    rules = rules[HAND_RULES * players :]
    # Setup 3: H number cards and H rule cards face up.
    display_numbers, numbers = numbers[:players], numbers[players:]
    display_rules, rules = rules[:players], rules[players:]
    drawn_start, rng = rng.randbelow(players)
    start_seat = choose_start(start_seat, drawn=drawn_start, players=players)
    started = Event(
        "game_started",
        (("players", players), ("start_seat", start_seat), ("deals", DEALS[players])),
    )
    state = State(
        players=players,
        rng=rng,
        number_deck=numbers,
        rule_deck=rules,
        number_discard=(),
        rule_discard=(),
        hand_numbers=hand_numbers,
        hand_rules=hand_rules,
        display_numbers=_sorted_numbers(display_numbers),
        display_rules=_sorted_rules(display_rules),
        table_numbers=(None,) * SEATS,
        table_rules=(None,) * SEATS,
        completed=((),) * players,
        deal=1,
        start_seat=start_seat,
        lap=1,
        played=0,
        turn=start_seat,
        taking=None,
        last_check=None,
        events=(started,),
    )
    return _log_deal_started(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: number cards by colour and value, then
    rule types in ``RULE_TYPES`` order (for plays from the hand and takes from the display)."""
    if not can(check_turn, state, seat):
        return []
    if state.taking == NUMBER:
        return [
            {"type": "take_number", "colour": card.colour, "value": card.value}
            for card in state.display_numbers
        ]
    if state.taking == RULE:
        return [{"type": "take_rule", "rule": rule} for rule in distinct(state.display_rules)]
    actions: list[Action] = [
        {"type": "play_number", "colour": card.colour, "value": card.value}
        for card in state.hand_numbers[seat]
        if can(check_play_number, state, seat, card)
    ]
    actions += [
        {"type": "play_rule", "rule": rule}
        for rule in distinct(state.hand_rules[seat])
        if can(check_play_rule, state, seat, rule)
    ]
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, field by field: its own hand, every hand's
    size, the display, the table, the score piles and the last check (Hidden information)."""
    players = state.players
    mine = seat is not None and 0 <= seat < players
    hand: dict[str, Any] | None = None
    restriction: dict[str, Any] | None = None
    over = state.turn is None
    if mine:
        assert seat is not None
        hand = {
            "numbers": [card.to_json() for card in state.hand_numbers[seat]],
            "rules": list(state.hand_rules[seat]),
        }
        restriction = None if over else _restriction(state, seat)
    return {
        "game": "master_of_rules",
        "players": players,
        "you": seat,
        "places": SEATS,
        "dummies": list(range(players, SEATS)),
        "deal": state.deal,
        "deals": DEALS[players],
        "round": (state.deal - 1) // players + 1,
        "rounds": DEALS[players] // players,
        "lap": state.lap,
        "phase": "over" if over else ("take" if state.taking else "play"),
        "to_act": state.turn,
        "start_seat": state.start_seat,
        "taking": state.taking,
        "hand": hand,
        "hand_sizes": [
            {"numbers": len(numbers), "rules": len(rules)}
            for numbers, rules in zip(state.hand_numbers, state.hand_rules, strict=True)
        ],
        "display": {
            "numbers": [card.to_json() for card in state.display_numbers],
            "rules": list(state.display_rules),
        },
        "table": [
            {
                "number": None if number is None else number.to_json(),
                "rule": rule,
            }
            for number, rule in zip(state.table_numbers, state.table_rules, strict=True)
        ],
        "played_rules": played_rules(state),
        "restriction": restriction,
        "score_piles": [_pile(state, owner) for owner in range(players)],
        "scores": [score_completed(_pile(state, owner)) for owner in range(players)],
        "decks": {"numbers": len(state.number_deck), "rules": len(state.rule_deck)},
        "discards": {"numbers": len(state.number_discard), "rules": len(state.rule_discard)},
        "last_check": _check_json(state.last_check, players),
    }


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view`` (issue 27): the other hands and
    the order of both decks are secret (rules/master-of-rules.md, Hidden information), so the
    cards in no place the view shows are dealt at random to the other hands (their sizes kept),
    the decks and the discard piles (their sizes kept). The last check's discarded cards are
    known to lie in the discard piles unless a reshuffle emptied them since (then a pile holds
    nothing from a later deal, so it is empty); any older discards the view does not list are
    drawn like the rest. The log is not rebuilt (``events`` is empty): a search needs none."""
    players = view["players"]
    hand = view["hand"]
    own_numbers = tuple(Number(**card) for card in hand["numbers"])
    own_rules = tuple(hand["rules"])
    display_numbers = tuple(Number(**card) for card in view["display"]["numbers"])
    display_rules = tuple(view["display"]["rules"])
    table_numbers = tuple(
        None if place["number"] is None else Number(**place["number"]) for place in view["table"]
    )
    table_rules = tuple(place["rule"] for place in view["table"])
    completed = tuple(
        tuple(rule for rule in RULE_TYPES for _ in range(pile[rule]))
        for pile in view["score_piles"]
    )
    check = view["last_check"]
    last_check: Check | None = None
    known_numbers: tuple[Number, ...] = ()
    known_rules: tuple[str, ...] = ()
    if check is not None:
        last_check = Check(
            deal=check["deal"],
            numbers=tuple(Number(**card) for card in check["numbers"]),
            rules=tuple(check["rules"]),
            fulfilled=tuple(check["fulfilled"]),
        )
        # A check discards every card on the table but the fulfilled rules, and a pile keeps
        # them until it is next shuffled into its deck, which leaves it empty.
        if view["discards"]["numbers"]:
            known_numbers = last_check.numbers
        thrown = tuple(
            rule
            for place, rule in enumerate(last_check.rules)
            if rule is not None and not (place < players and last_check.fulfilled[place])
        )
        if view["discards"]["rules"] >= len(thrown) > 0:
            known_rules = thrown
    all_numbers = [Number(colour, value) for colour in COLOURS for value in VALUES]
    seen_numbers = {*own_numbers, *display_numbers, *known_numbers}
    seen_numbers.update(card for card in table_numbers if card is not None)
    unseen_numbers = [card for card in all_numbers if card not in seen_numbers]
    unseen_rules = Counter(dict.fromkeys(RULE_TYPES, RULE_CARDS_PER_TYPE))
    unseen_rules.subtract([*own_rules, *display_rules, *known_rules, *chain(*completed)])
    unseen_rules.subtract(rule for rule in table_rules if rule is not None)
    numbers, rng = rng.shuffle(unseen_numbers)
    rules, rng = rng.shuffle(sorted(unseen_rules.elements(), key=rule_sort_key))
    hand_numbers: list[tuple[Number, ...]] = []
    hand_rules: list[tuple[str, ...]] = []
    for owner, sizes in enumerate(view["hand_sizes"]):
        if owner == seat:
            hand_numbers.append(own_numbers)
            hand_rules.append(own_rules)
            continue
        hand_numbers.append(_sorted_numbers(numbers[: sizes["numbers"]]))
        hand_rules.append(_sorted_rules(rules[: sizes["rules"]]))
        numbers, rules = numbers[sizes["numbers"] :], rules[sizes["rules"] :]
    number_deck, number_discard = numbers[: view["decks"]["numbers"]], known_numbers
    number_discard += numbers[view["decks"]["numbers"] :]
    rule_deck, rule_discard = rules[: view["decks"]["rules"]], known_rules
    rule_discard += rules[view["decks"]["rules"] :]
    turn = view["to_act"]
    return State(
        players=players,
        rng=rng,
        number_deck=number_deck,
        rule_deck=rule_deck,
        number_discard=number_discard,
        rule_discard=rule_discard,
        hand_numbers=tuple(hand_numbers),
        hand_rules=tuple(hand_rules),
        display_numbers=display_numbers,
        display_rules=display_rules,
        table_numbers=table_numbers,
        table_rules=table_rules,
        completed=completed,
        deal=view["deal"],
        start_seat=view["start_seat"],
        lap=view["lap"],
        # The seat to act is start_seat + played (the last human once the game is over).
        played=players - 1 if turn is None else (turn - view["start_seat"]) % players,
        turn=turn,
        taking=view["taking"],
        last_check=last_check,
        events=(),
    )


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then each seat's score, and the winners: the best score,
    ties broken by more Support Right, Trio, Unique, King of Kings, then Limit 23 cards; seats
    still tied share the win (Scoring)."""
    if state.turn is not None:
        return None
    piles = [_pile(state, seat) for seat in range(state.players)]
    keys = [rank_key(pile) for pile in piles]
    best = max(keys)
    return Outcome(
        scores=[key[0] for key in keys],
        winners=frozenset(seat for seat, key in enumerate(keys) if key == best),
        detail={
            "completed": piles,
            "points": [score_parts(pile) for pile in piles],
            "sets": [set_types(pile) for pile in piles],
            "tie_break": list(TIE_BREAK),
        },
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log; every entry is public, so every viewer gets the same."""
    return log_for(state.events, seat)


# --- effects -----------------------------------------------------------------------------------


def _do_play_number(state: State, seat: int, card: Number) -> State:
    """Put the number card face up at the seat's place, then take one (``_after_play``)."""
    hand = tuple(other for other in state.hand_numbers[seat] if other != card)
    played = Event(
        "card_played", (("seat", seat), ("lap", state.lap), ("number", card), ("rule", None))
    )
    state = replace(
        state,
        hand_numbers=replace_at(state.hand_numbers, seat, hand),
        table_numbers=replace_at(state.table_numbers, seat, card),
        events=state.events + (played,),
    )
    return _after_play(state, seat, NUMBER)


def _do_play_rule(state: State, seat: int, rule: str) -> State:
    """Put the rule card face up at the seat's place, then take one (``_after_play``)."""
    played = Event(
        "card_played", (("seat", seat), ("lap", state.lap), ("number", None), ("rule", rule))
    )
    state = replace(
        state,
        hand_rules=replace_at(state.hand_rules, seat, without_one(state.hand_rules[seat], rule)),
        table_rules=replace_at(state.table_rules, seat, rule),
        events=state.events + (played,),
    )
    return _after_play(state, seat, RULE)


def _after_play(state: State, seat: int, kind: str) -> State:
    """Refill on play: the player takes a card of the same type from the display. With one
    choice (or several copies of one rule type) the take is made at once; with none (both the
    deck and its discard pile ran dry) the hand stays a card short."""
    if kind == NUMBER:
        choices: list[Any] = list(state.display_numbers)
    else:
        choices = distinct(state.display_rules)
    if len(choices) > 1:
        return replace(state, taking=kind)
    if len(choices) == 1:
        if kind == NUMBER:
            return _do_take_number(state, seat, choices[0], forced=True)
        return _do_take_rule(state, seat, choices[0], forced=True)
    return _advance(state)


def _do_take_number(state: State, seat: int, card: Number, *, forced: bool) -> State:
    """Move the number card from the display to the hand; the lap goes on (``_advance``)."""
    taken = Event(
        "card_taken", (("seat", seat), ("number", card), ("rule", None), ("forced", forced))
    )
    hand = _sorted_numbers(state.hand_numbers[seat] + (card,))
    state = replace(
        state,
        hand_numbers=replace_at(state.hand_numbers, seat, hand),
        display_numbers=tuple(other for other in state.display_numbers if other != card),
        taking=None,
        events=state.events + (taken,),
    )
    return _advance(state)


def _do_take_rule(state: State, seat: int, rule: str, *, forced: bool) -> State:
    """Move a rule card of that type from the display to the hand; the lap goes on
    (``_advance``)."""
    taken = Event(
        "card_taken", (("seat", seat), ("number", None), ("rule", rule), ("forced", forced))
    )
    hand = _sorted_rules(state.hand_rules[seat] + (rule,))
    state = replace(
        state,
        hand_rules=replace_at(state.hand_rules, seat, hand),
        display_rules=without_one(state.display_rules, rule),
        taking=None,
        events=state.events + (taken,),
    )
    return _advance(state)


MOVES: Mapping[str, MoveRule[State]] = {
    "play_number": MoveRule(check_play_number, _do_play_number),
    "play_rule": MoveRule(check_play_rule, _do_play_rule),
    "take_number": MoveRule(check_take_number, partial(_do_take_number, forced=False)),
    "take_rule": MoveRule(check_take_rule, partial(_do_take_rule, forced=False)),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect (a take played is never forced: ``_after_play`` makes the only one there is)."""


def _advance(state: State) -> State:
    """The next human in the lap acts; after the last one, the dummies get their cards and
    lap 2 starts, or the deal is checked (A deal, steps 2-7)."""
    played = state.played + 1
    if played < state.players:
        return replace(state, played=played, turn=(state.start_seat + played) % state.players)
    if state.lap == 1:
        # Step 2: with 4 humans place 4 gets a number card; with 3, place 3 a number and a rule.
        if state.players == 4:
            state = _deal_dummy(state, 4, rule=False)
        elif state.players == 3:
            state = _deal_dummy(state, 3, rule=True)
        return replace(state, lap=2, played=0, turn=state.start_seat)
    if state.players == 3:
        state = _deal_dummy(state, 4, rule=False)  # Step 4: dummy 2 after lap 2
    return _check_and_continue(state)


def _deal_dummy(state: State, place: int, *, rule: bool) -> State:
    """Turn cards from the decks onto a dummy's place."""
    card, state = _draw_number(state)
    drawn: str | None = None
    if rule:
        drawn, state = _draw_rule(state)
    dealt = Event("dummy_card", (("place", place), ("number", card), ("rule", drawn)))
    return replace(
        state,
        table_numbers=replace_at(state.table_numbers, place, card),
        table_rules=replace_at(state.table_rules, place, drawn),
        events=state.events + (dealt,),
    )


def _check_and_continue(state: State) -> State:
    """Step 6, the check: fulfilled rule cards go to their score piles, every other card on the
    table to its discard pile; then step 7, a new display and the next start player (or the
    end of the game)."""
    numbers = tuple(card for card in state.table_numbers if card is not None)
    assert len(numbers) == SEATS
    evaluated = [
        rule if place < state.players else None for place, rule in enumerate(state.table_rules)
    ]
    reasons = explain_deal(numbers, evaluated)
    fulfilled = tuple(bool(reason and reason["fulfilled"]) for reason in reasons)
    completed = tuple(
        pile + (rule,) if fulfilled[seat] and rule is not None else pile
        for seat, (pile, rule) in enumerate(zip(state.completed, state.table_rules, strict=False))
    )
    discarded_rules = tuple(
        rule
        for place, rule in enumerate(state.table_rules)
        if rule is not None and not (place < state.players and fulfilled[place])
    )
    check = Check(
        deal=state.deal,
        numbers=numbers,
        rules=state.table_rules,
        fulfilled=fulfilled,
    )
    checked = Event(
        "deal_checked",
        (("deal", state.deal), ("rules", state.table_rules), ("fulfilled", fulfilled)),
    )
    state = replace(
        state,
        number_discard=state.number_discard + numbers,
        rule_discard=state.rule_discard + discarded_rules,
        table_numbers=(None,) * SEATS,
        table_rules=(None,) * SEATS,
        completed=completed,
        last_check=check,
        events=state.events + (checked,),
    )
    if state.deal == DEALS[state.players]:
        return _finish(state)
    numbers_up: list[Number] = []
    rules_up: list[str] = []
    for _ in range(state.players):
        if state.number_deck or state.number_discard:
            card, state = _draw_number(state)
            numbers_up.append(card)
        if state.rule_deck or state.rule_discard:
            rule, state = _draw_rule(state)
            rules_up.append(rule)
    start = (state.start_seat + 1) % state.players  # the marker passes left
    state = replace(
        state,
        display_numbers=_sorted_numbers(numbers_up),
        display_rules=_sorted_rules(rules_up),
        deal=state.deal + 1,
        start_seat=start,
        lap=1,
        played=0,
        turn=start,
        taking=None,
    )
    return _log_deal_started(state)


def _finish(state: State) -> State:
    """The last deal is checked: no new display; the game is over."""
    result = outcome(replace(state, turn=None))
    assert result is not None
    over = Event(
        "game_over", (("scores", tuple(result.scores)), ("winners", tuple(sorted(result.winners))))
    )
    return replace(state, turn=None, taking=None, events=state.events + (over,))


def _log_deal_started(state: State) -> State:
    """Log the start of a deal with its display (face up for everyone)."""
    started = Event(
        "deal_started",
        (
            ("deal", state.deal),
            ("round", (state.deal - 1) // state.players + 1),
            ("start_seat", state.start_seat),
            ("numbers", state.display_numbers),
            ("rules", state.display_rules),
        ),
    )
    return replace(state, events=state.events + (started,))


def _draw_number(state: State) -> tuple[Number, State]:
    """The top number card; an empty deck is first replaced by its shuffled discard pile."""
    if not state.number_deck:
        deck, rng = state.rng.shuffle(state.number_discard)
        shuffled = Event("deck_reshuffled", (("deck", NUMBER), ("cards", len(deck))))
        state = replace(
            state, number_deck=deck, number_discard=(), rng=rng, events=state.events + (shuffled,)
        )
    return state.number_deck[0], replace(state, number_deck=state.number_deck[1:])


def _draw_rule(state: State) -> tuple[str, State]:
    """The top rule card; an empty deck is first replaced by its shuffled discard pile."""
    if not state.rule_deck:
        deck, rng = state.rng.shuffle(state.rule_discard)
        shuffled = Event("deck_reshuffled", (("deck", RULE), ("cards", len(deck))))
        state = replace(
            state, rule_deck=deck, rule_discard=(), rng=rng, events=state.events + (shuffled,)
        )
    return state.rule_deck[0], replace(state, rule_deck=state.rule_deck[1:])


# --- small helpers -----------------------------------------------------------------------------


def _restriction(state: State, seat: int) -> dict[str, Any]:
    """For the viewer's own hand: which of its rule types are already on the table
    (``blocked``), and whether the exception applies because every one of them is
    (``exception``: then any of them may be played)."""
    played = played_rules(state)
    hand = distinct(state.hand_rules[seat])
    blocked = [rule for rule in hand if rule in played]
    return {"blocked": blocked, "exception": bool(hand) and len(blocked) == len(hand)}


def _pile(state: State, seat: int) -> dict[str, int]:
    """A score pile as counts per rule type (every type listed, ``RULE_TYPES`` order)."""
    return {rule: state.completed[seat].count(rule) for rule in RULE_TYPES}


def _check_json(check: Check | None, players: int) -> dict[str, Any] | None:
    """The last check as JSON: the table per place, what was fulfilled, and why."""
    if check is None:
        return None
    evaluated = [rule if place < players else None for place, rule in enumerate(check.rules)]
    reasons = explain_deal(check.numbers, evaluated)
    return {
        "deal": check.deal,
        "numbers": [card.to_json() for card in check.numbers],
        "rules": list(check.rules),
        "fulfilled": list(check.fulfilled),
        "reasons": reasons,
        "sum": sum(card.value for card in check.numbers),
    }


def _sorted_numbers(cards: Sequence[Number]) -> tuple[Number, ...]:
    return tuple(sorted(cards, key=number_sort_key))


def _sorted_rules(rules: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(rules, key=rule_sort_key))
