"""Coloretto's rules: the contract of design 1.1 and the effects of actions (the state is in
``state``, the checks in ``checks``, the named helpers in ``scoring``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.cards import count_by, draw_top
from app.rules.coloretto.checks import (
    check_draw,
    check_place_card,
    check_take_row,
    check_turn,
    parse,
)
from app.rules.coloretto.components import (
    CARDS_PER_COLOUR,
    CARDS_UNDER_LAST_ROUND,
    COLOURS,
    JOKER,
    JOKERS,
    LAST_ROUND,
    MIN_PLAYERS,
    PLUS_TWO,
    PLUS_TWOS,
    SCORE_TABLES,
    TABLE,
)
from app.rules.coloretto.scoring import Scoring, best_scoring, score_collection
from app.rules.coloretto.state import State
from app.rules.kit import (
    Event,
    MoveRule,
    can,
    choose_start,
    log_for,
    play_move,
    replace_at,
    win_chance,
)
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/coloretto.md, Setup); the order of draws is in the docstring."""
    full = TABLE.check(players, options)
    rng = Rng(seed, "deal")
    removed: str | None = None
    if players == MIN_PLAYERS:
        # rules/coloretto.md, Setup 2: with 3 players all 9 cards of one colour are removed.
        removed, rng = rng.choice(COLOURS)
    colours = tuple(colour for colour in COLOURS if colour != removed)
    shuffled_colours, rng = rng.shuffle(colours)
    starting = shuffled_colours[:players]
    rest = [
        colour
        for colour in colours
        for _ in range(CARDS_PER_COLOUR - (1 if colour in starting else 0))
    ]
    rest += [JOKER] * JOKERS + [PLUS_TWO] * PLUS_TWOS
    shuffled, rng = rng.shuffle(rest)
    cut = len(shuffled) - CARDS_UNDER_LAST_ROUND
    pile = shuffled[:cut] + (LAST_ROUND,) + shuffled[cut:]
    drawn_start, rng = rng.randbelow(players)
    start_seat = choose_start(start_seat, drawn=drawn_start, players=players)
    started = Event(
        "game_started",
        (
            ("round", 1),
            ("players", players),
            ("start_seat", start_seat),
            ("removed_colour", removed),
            ("starting_cards", starting),
        ),
    )
    return State(
        players=players,
        scoring=full["scoring"],
        colours=colours,
        removed_colour=removed,
        pile=pile,
        rows=((),) * players,
        taken_by=(None,) * players,
        collections=tuple((colour,) for colour in starting),
        round=1,
        start_seat=start_seat,
        turn=start_seat,
        drawn=None,
        last_round=False,
        events=(started,),
    )


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat``: draw first, then take_row (or place_card) by row."""
    if not can(check_turn, state, seat):
        return []
    rows = range(state.players)
    if state.drawn is not None:
        return [
            {"type": "place_card", "row": row}
            for row in rows
            if can(check_place_card, state, seat, row)
        ]
    actions: list[Action] = [{"type": "draw"}] if can(check_draw, state, seat) else []
    actions += [
        {"type": "take_row", "row": row} for row in rows if can(check_take_row, state, seat, row)
    ]
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees: everything but the order of the draw pile
    (rules/coloretto.md, Information), so every viewer gets the same content but ``you``."""
    table = SCORE_TABLES[state.scoring]
    return {
        "game": "coloretto",
        "players": state.players,
        "you": seat,
        "round": state.round,
        "phase": _phase(state),
        "to_act": state.turn,
        "start_seat": state.start_seat,
        "drawn": state.drawn,
        "rows": [
            {"cards": list(cards), "taken_by": taker}
            for cards, taker in zip(state.rows, state.taken_by, strict=True)
        ],
        "collections": [
            _collection_view(state, owner=owner, table=table) for owner in range(state.players)
        ],
        "deck_count": len(state.pile),
        "last_round": state.last_round,
        "colours": list(state.colours),
        "removed_colour": state.removed_colour,
        "scoring": state.scoring,
        "score_table": list(table),
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then each seat's best score and the (shared) winners."""
    if state.turn is not None:
        return None
    table = SCORE_TABLES[state.scoring]
    players = []
    scores = []
    for seat in range(state.players):
        result = _best_for(state, seat=seat, table=table)
        scores.append(result.total)
        players.append(
            {
                "seat": seat,
                "score": result.total,
                "jokers": dict(result.jokers),
                "positive": list(result.positive),
                "negative": list(result.negative),
                "colour_points": dict(result.colour_points),
                "plus_twos": result.plus_twos,
            }
        )
    return Outcome(scores=scores, winners=_winners(scores), detail={"players": players})


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log; every entry is public (draws are shown face up), so all viewers get it."""
    return log_for(state.events, seat)


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view``: only the draw pile's order is
    secret (rules/coloretto.md, Information), so its cards are the ones nowhere in sight,
    shuffled, with the last-round card still 16th from the bottom until it is drawn (Setup 4).
    The log is not rebuilt (``events`` is empty): a search needs none."""
    colours = tuple(view["colours"])
    collections = tuple(
        tuple(colour for colour, count in seen["colours"].items() for _ in range(count))
        + (JOKER,) * seen["jokers"]
        + (PLUS_TWO,) * seen["plus_twos"]
        for seen in view["collections"]
    )
    rows = tuple(tuple(row["cards"]) for row in view["rows"])
    unseen = Counter(dict.fromkeys(colours, CARDS_PER_COLOUR))
    unseen.update({JOKER: JOKERS, PLUS_TWO: PLUS_TWOS})
    unseen.subtract([*chain(*collections), *chain(*rows)])
    if view["drawn"] is not None:
        unseen[view["drawn"]] -= 1
    pile, _ = rng.shuffle(sorted(unseen.elements()))
    if not view["last_round"]:
        cut = len(pile) - CARDS_UNDER_LAST_ROUND
        pile = pile[:cut] + (LAST_ROUND,) + pile[cut:]
    return State(
        players=view["players"],
        scoring=view["scoring"],
        colours=colours,
        removed_colour=view["removed_colour"],
        pile=pile,
        rows=rows,
        taken_by=tuple(row["taken_by"] for row in view["rows"]),
        collections=collections,
        round=view["round"],
        start_seat=view["start_seat"],
        turn=view["to_act"],
        drawn=view["drawn"],
        last_round=view["last_round"],
        events=(),
    )


# --- effects and helpers -----------------------------------------------------------------------


def evaluate(state: State, seat: int) -> float:
    """What a position is worth to ``seat`` for the strong bot (``GameRules.evaluate``): its
    chance to win from every seat's collection scored now, a seat still in the round counting
    the best row open to it (each seat takes one row a round, rules/coloretto.md, Turn), the
    scores free to move the more cards are still to be drawn; 1 or 0 once the game is over."""
    result = outcome(state)
    if result is not None:
        return 1.0 if seat in result.winners else 0.0
    table = SCORE_TABLES[state.scoring]
    rows = [cards for cards, taker in zip(state.rows, state.taken_by, strict=True) if taker is None]
    projected = []
    for other, cards in enumerate(state.collections):
        score = _score(cards, state.colours, table)
        if other not in state.taken_by and any(rows):
            score = max(_score(cards + row, state.colours, table) for row in rows if row)
        projected.append(score)
    left = len(state.pile) / state.players
    return win_chance(projected, seat, spread=SPREAD + SPREAD_PER_CARD * left)


HORIZON = 30
"""Actions a strong bot's playout plays before ``evaluate`` scores it: about a round at 5
players (a draw and a placement a card, a take a seat), where a whole game takes 125 (3 players)
to 140 (greedy players' games)."""
SPREAD = 2.0
SPREAD_PER_CARD = 0.5
"""How far the scores may still move (``evaluate``): a little, and more for every card each
seat may still collect."""


def _do_draw(state: State, seat: int) -> State:
    """Draw the top card; the last-round card is set aside and replaced at once."""
    card, pile = draw_top(state.pile)
    events: list[Event] = []
    last_round = state.last_round
    if card == LAST_ROUND:
        # rules/coloretto.md, Last round: set it aside face up and draw a replacement to place.
        events.append(Event("last_round", (("round", state.round), ("seat", seat))))
        last_round = True
        card, pile = draw_top(pile)
    events.append(Event("card_drawn", (("round", state.round), ("seat", seat), ("card", card))))
    return replace(
        state,
        pile=pile,
        drawn=card,
        last_round=last_round,
        events=state.events + tuple(events),
    )


def _do_place_card(state: State, seat: int, row: int) -> State:
    """Put the drawn card into ``row`` and pass the turn on."""
    assert state.drawn is not None
    card = state.drawn
    rows = replace_at(state.rows, row, state.rows[row] + (card,))
    placed = Event(
        "card_placed", (("round", state.round), ("seat", seat), ("card", card), ("row", row))
    )
    return replace(
        state,
        rows=rows,
        drawn=None,
        turn=_next_seat(state.taken_by, seat=seat),
        events=state.events + (placed,),
    )


def _do_take_row(state: State, seat: int, row: int) -> State:
    """Move the row into ``seat``'s collection; the seat sits out until the round ends."""
    cards = state.rows[row]
    taken = Event(
        "row_taken", (("round", state.round), ("seat", seat), ("row", row), ("cards", cards))
    )
    state = replace(
        state,
        rows=replace_at(state.rows, row, ()),
        taken_by=replace_at(state.taken_by, row, seat),
        collections=replace_at(state.collections, seat, state.collections[seat] + cards),
        events=state.events + (taken,),
    )
    turn = _next_seat(state.taken_by, seat=seat)
    if turn is not None:
        return replace(state, turn=turn)
    if state.last_round:
        # rules/coloretto.md, Last round: the round in which the card came up is the last.
        final = replace(state, turn=None)
        scores = [
            _best_for(final, seat=owner, table=SCORE_TABLES[state.scoring]).total
            for owner in range(state.players)
        ]
        over = Event(
            "game_over",
            (
                ("round", state.round),
                ("scores", tuple(scores)),
                ("winners", tuple(sorted(_winners(scores)))),
            ),
        )
        return replace(final, events=final.events + (over,))
    # rules/coloretto.md, New round: the player who took the last row starts the next round.
    next_round = state.round + 1
    started = Event("round_started", (("round", next_round), ("start_seat", seat)))
    return replace(
        state,
        rows=((),) * state.players,
        taken_by=(None,) * state.players,
        round=next_round,
        start_seat=seat,
        turn=seat,
        events=state.events + (started,),
    )


MOVES: Mapping[str, MoveRule[State]] = {
    "draw": MoveRule(check_draw, _do_draw),
    "take_row": MoveRule(check_take_row, _do_take_row),
    "place_card": MoveRule(check_place_card, _do_place_card),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""


def _next_seat(taken_by: tuple[int | None, ...], *, seat: int) -> int | None:
    """The next seat clockwise from ``seat`` (``seat`` itself last) that has not taken a row."""
    players = len(taken_by)
    out = set(taken_by)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate not in out:
            return candidate
    return None


def _phase(state: State) -> str:
    """``"over"``, ``"place"`` (a drawn card waits for its row) or ``"turn"``."""
    if state.turn is None:
        return "over"
    return "turn" if state.drawn is None else "place"


def _split(cards: Sequence[str], colours: Sequence[str]) -> tuple[dict[str, int], int, int]:
    """A collection as colour counts (in ``colours`` order), jokers and "+2" cards."""
    counts = count_by(cards, order=colours)
    by_colour = {colour: counts[colour] for colour in colours if colour in counts}
    return by_colour, counts.get(JOKER, 0), counts.get(PLUS_TWO, 0)


def _best_for(state: State, *, seat: int, table: Sequence[int]) -> Scoring:
    """``best_scoring`` for one seat's collection, with jokers free to go to any colour in play."""
    counts, jokers, plus_twos = _split(state.collections[seat], state.colours)
    return best_scoring(counts, jokers, plus_twos, table=table, colours=state.colours)


def _score(cards: Sequence[str], colours: Sequence[str], table: Sequence[int]) -> int:
    """A collection's best score (``score_collection``)."""
    counts, jokers, plus_twos = _split(cards, colours)
    return score_collection(counts, jokers, plus_twos, table=table)


def _collection_view(state: State, *, owner: int, table: Sequence[int]) -> dict[str, Any]:
    """One seat's public collection with its current best score."""
    cards = state.collections[owner]
    counts, jokers, plus_twos = _split(cards, state.colours)
    row_taken = next((row for row, taker in enumerate(state.taken_by) if taker == owner), None)
    return {
        "colours": counts,
        "jokers": jokers,
        "plus_twos": plus_twos,
        "cards": len(cards),
        "row_taken": row_taken,
        "score": score_collection(counts, jokers, plus_twos, table=table),
    }


def _winners(scores: Sequence[int]) -> frozenset[int]:
    """Every seat with the highest score (rules/coloretto.md, Scoring: ties share the win)."""
    top = max(scores)
    return frozenset(seat for seat, score in enumerate(scores) if score == top)
