"""Manhattan's rules: the contract of design 1.1 and the effects of actions."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.cards import draw_top
from app.rules.kit import (
    Event,
    MoveRule,
    can,
    choose_start,
    log_for,
    play_move,
    replace_at,
    turn_to_act,
)
from app.rules.manhattan.buildings import owner, round_score
from app.rules.manhattan.checks import (
    check_build,
    check_choose,
    check_discard,
    check_turn,
    parse,
)
from app.rules.manhattan.components import (
    CARDS,
    CITIES,
    HAND_SIZE,
    HEIGHTS,
    SIDES,
    SITES,
    SUPPLY,
    TOTAL_PIECES,
    board_site,
    cell_of,
    check_options,
)
from app.rules.manhattan.state import Building, RoundScore, State, Tallest
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/manhattan.md, Setup); the order of draws is in the package
    docstring. ``start_seat`` is the table's choice of the first player (a rematch); the seat is
    drawn from the seed either way, so the deal does not depend on it."""
    full = check_options(players, options)
    rng = Rng(seed, "deal")
    cards, rng = rng.shuffle(range(CARDS))
    hands = tuple(cards[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(players))
    drawn_start, rng = rng.randbelow(players)
    first = choose_start(start_seat, drawn=drawn_start, players=players)
    rounds: int = full["rounds"]
    started = Event(
        "game_started", (("players", players), ("start_seat", first), ("rounds", rounds))
    )
    return State(
        players=players,
        sides=SIDES[players],
        rounds=rounds,
        pieces_per_round=TOTAL_PIECES // rounds,
        round=1,
        phase="choose",
        start_seat=first,
        turn=first,
        cities=(((),) * SITES,) * CITIES,
        supply=(SUPPLY,) * players,
        chosen=(None,) * players,
        hands=hands,
        deck=cards[HAND_SIZE * players :],
        played=(),
        rng=Rng(seed, "reshuffle"),
        scores=(0,) * players,
        rounds_scored=(),
        events=(started,),
    )


to_act = turn_to_act
"""One seat acts at a time, in both phases: the seat whose turn it is."""


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: while choosing, every way to make up
    the round's pieces from the supply (fewest 1-storey pieces first, then fewest 2s, ...);
    while building, by card (hand order), city (0-5) and storeys (1-4); a discard (by card and
    storeys) only when no build is legal."""
    if not can(check_turn, state, seat):
        return []
    if state.phase == "choose":
        return [
            {"type": "choose_pieces", "pieces": list(pieces)}
            for pieces in _compositions(state.pieces_per_round, state.supply[seat])
            if can(check_choose, state, seat, pieces)
        ]
    hand = state.hands[seat]
    heights = _chosen_heights(state, seat)
    actions: list[Action] = [
        {"type": "build", "card": card, "city": city, "storeys": storeys}
        for card in hand
        for city in range(CITIES)
        for storeys in heights
        if can(check_build, state, seat, card, city, storeys)
    ]
    if actions:
        return actions
    return [
        {"type": "discard", "card": card, "storeys": storeys}
        for card in hand
        for storeys in heights
        if can(check_discard, state, seat, card, storeys)
    ]


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, field by field (Hidden information): the
    board, every supply, the chosen pieces, the played cards and scores, its own hand, and only
    how many cards every hand and the draw pile hold."""
    own = seat is not None and 0 <= seat < state.players
    return {
        "game": "manhattan",
        "players": state.players,
        "you": seat,
        "side": state.sides[seat] if own and seat is not None else 0,
        "sides": list(state.sides),
        "phase": state.phase,
        "to_act": sorted(to_act(state)),
        "round": state.round,
        "rounds": state.rounds,
        "pieces_per_round": state.pieces_per_round,
        "start_seat": state.start_seat,
        "turn": state.turn,
        "cities": [
            [
                [{"seat": holder, "storeys": storeys} for holder, storeys in pieces]
                for pieces in city
            ]
            for city in state.cities
        ],
        "owners": [[owner(pieces) for pieces in city] for city in state.cities],
        "heights": [
            [sum(storeys for _, storeys in pieces) for pieces in city] for city in state.cities
        ],
        "supply": [list(pieces) for pieces in state.supply],
        "chosen": [None if pieces is None else list(pieces) for pieces in state.chosen],
        "hand": (
            [{"id": card, "cell": cell_of(card)} for card in state.hands[seat]]
            if own and seat is not None
            else []
        ),
        "hand_counts": [len(hand) for hand in state.hands],
        "deck": len(state.deck),
        "played": [
            {"id": card, "cell": cell_of(card), "seat": player} for card, player in state.played
        ],
        "scores": list(state.scores),
        "rounds_scored": [scored.to_json() for scored in state.rounds_scored],
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the scores, and the seats with the highest score
    (Game end, [SEED-SILENT]: ties share the win)."""
    if state.phase != "over":
        return None
    return Outcome(
        scores=list(state.scores),
        winners=_winners(state.scores),
        detail={"rounds_scored": [scored.to_json() for scored in state.rounds_scored]},
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: a drawn card's id and cell only for its drawer."""
    return log_for(state.events, seat)


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view``: the other hands and the draw
    pile are secret (rules/manhattan.md, Hidden information), so the cards neither in the
    seat's own hand nor played face up since the last reshuffle are shuffled and dealt, each
    hand as many as ``hand_counts`` shows, the rest the draw pile (a card played before a
    reshuffle went back into it). The reshuffle stream's position is secret too and is drawn
    afresh. The log is not rebuilt (``events`` is empty): a search needs none."""
    own = tuple(card["id"] for card in view["hand"])
    played = tuple((card["id"], card["seat"]) for card in view["played"])
    seen = set(own) | {card for card, _ in played}
    cards, rng = rng.shuffle([card for card in range(CARDS) if card not in seen])
    hands: list[tuple[int, ...]] = []
    for holder, count in enumerate(view["hand_counts"]):
        if holder == seat:
            hands.append(own)
        else:
            hands.append(cards[:count])
            cards = cards[count:]
    reshuffle, rng = rng.randbelow(1 << 256)
    return State(
        players=view["players"],
        sides=tuple(view["sides"]),
        rounds=view["rounds"],
        pieces_per_round=view["pieces_per_round"],
        round=view["round"],
        phase=view["phase"],
        start_seat=view["start_seat"],
        turn=view["turn"],
        cities=tuple(
            tuple(tuple((piece["seat"], piece["storeys"]) for piece in site) for site in city)
            for city in view["cities"]
        ),
        supply=tuple(tuple(pieces) for pieces in view["supply"]),
        chosen=tuple(None if pieces is None else tuple(pieces) for pieces in view["chosen"]),
        hands=tuple(hands),
        deck=cards,
        played=played,
        rng=Rng(reshuffle.to_bytes(32, "big"), "reshuffle"),
        scores=tuple(view["scores"]),
        rounds_scored=tuple(_round_score(scored) for scored in view["rounds_scored"]),
        events=(),
    )


def board_of(state: State) -> dict[tuple[int, int], Building]:
    """The board as the named helpers take it (design 1.4): ``(city, site)`` -> building, the
    empty sites left out."""
    return {
        (city, site): pieces
        for city, sites in enumerate(state.cities)
        for site, pieces in enumerate(sites)
        if pieces
    }


# --- effects -----------------------------------------------------------------------------------


def _do_choose(state: State, seat: int, pieces: tuple[int, ...]) -> State:
    """Round 1: the pieces leave the supply for this round, in public; the next seat clockwise
    chooses, and after the seat before the start seat the build turns begin."""
    supply = tuple(left - taken for left, taken in zip(state.supply[seat], pieces, strict=True))
    chosen = Event("pieces_chosen", (("seat", seat), ("pieces", pieces)))
    following = (seat + 1) % state.players
    return replace(
        state,
        supply=replace_at(state.supply, seat, supply),
        chosen=replace_at(state.chosen, seat, pieces),
        phase="build" if following == state.start_seat else "choose",
        turn=following,
        events=state.events + (chosen,),
    )


def _do_build(state: State, seat: int, card: int, city: int, storeys: int) -> State:
    """Round 2: the card is played and the piece goes on top of its site in the chosen city."""
    cell = cell_of(card)
    site = board_site(state.sides[seat], cell)
    before = state.cities[city][site]
    after = before + ((seat, storeys),)
    built = Event(
        "built",
        (
            ("seat", seat),
            ("card", card),
            ("cell", cell),
            ("city", city),
            ("site", site),
            ("storeys", storeys),
            ("owner_before", owner(before)),
            ("owner_after", owner(after)),
        ),
    )
    cities = replace_at(state.cities, city, replace_at(state.cities[city], site, after))
    state = replace(state, cities=cities, events=state.events + (built,))
    return _end_turn(state, seat, card, storeys)


def _do_discard(state: State, seat: int, card: int, storeys: int) -> State:
    """[SEED-SILENT resolution] No build is possible: the card is played without building and
    the chosen piece is set aside, out of the game."""
    discarded = Event(
        "discarded",
        (("seat", seat), ("card", card), ("cell", cell_of(card)), ("storeys", storeys)),
    )
    state = replace(state, events=state.events + (discarded,))
    return _end_turn(state, seat, card, storeys)


MOVES: Mapping[str, MoveRule[State]] = {
    "choose_pieces": MoveRule(check_choose, _do_choose),
    "build": MoveRule(check_build, _do_build),
    "discard": MoveRule(check_discard, _do_discard),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""


def _end_turn(state: State, seat: int, card: int, storeys: int) -> State:
    """Round 2, after the piece: the card lies face up, the piece is used, the player draws;
    then the next seat clockwise builds, or the round is scored once every chosen piece is."""
    hand = tuple(held for held in state.hands[seat] if held != card)
    chosen = state.chosen[seat]
    assert chosen is not None  # check_play refuses a seat that has not chosen
    index = HEIGHTS.index(storeys)
    state = replace(
        state,
        hands=replace_at(state.hands, seat, hand),
        played=state.played + ((card, seat),),
        chosen=replace_at(state.chosen, seat, replace_at(chosen, index, chosen[index] - 1)),
    )
    state = _draw(state, seat)
    if any(sum(pieces or ()) for pieces in state.chosen):
        return replace(state, turn=(seat + 1) % state.players)
    return _score_round(state)


def _draw(state: State, seat: int) -> State:
    """Round 2: draw a card; an empty draw pile is first made again from the played cards,
    shuffled (Other rules: hands are kept)."""
    deck, played, rng, events = state.deck, state.played, state.rng, state.events
    if not deck:
        deck, rng = rng.shuffle([card for card, _ in played])
        played = ()
        events += (Event("deck_reshuffled", (("cards", len(deck)),)),)
    card, deck = draw_top(deck)
    drawn = Event(
        "card_drawn",
        (("seat", seat),),
        owner=seat,
        secret=(("card", card), ("cell", cell_of(card))),
    )
    return replace(
        state,
        hands=replace_at(state.hands, seat, state.hands[seat] + (card,)),
        deck=deck,
        played=played,
        rng=rng,
        events=events + (drawn,),
    )


def _score_round(state: State) -> State:
    """Round 4-5: score the board (buildings stay), pass the start marker left and begin the
    next round; after the last round the game is over (Game end)."""
    scored = round_score(board_of(state), state.players, number=state.round)
    scores = tuple(
        total + gained for total, gained in zip(state.scores, scored.points, strict=True)
    )
    entry = Event(
        "round_scored",
        (
            ("round", state.round),
            ("points", scored.points),
            ("tallest", scored.tallest),
            ("cities", scored.cities),
            ("buildings", scored.buildings),
        ),
    )
    state = replace(
        state,
        scores=scores,
        rounds_scored=state.rounds_scored + (scored,),
        events=state.events + (entry,),
    )
    if state.round == state.rounds:
        over = Event(
            "game_over", (("scores", scores), ("winners", tuple(sorted(_winners(scores)))))
        )
        return replace(state, phase="over", turn=None, events=state.events + (over,))
    start = (state.start_seat + 1) % state.players
    return replace(
        state,
        round=state.round + 1,
        phase="choose",
        start_seat=start,
        turn=start,
        chosen=(None,) * state.players,
    )


# --- small helpers -----------------------------------------------------------------------------


def _compositions(total: int, supply: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` pieces from ``supply`` (counts per height), fewest of the
    first height first."""
    if len(supply) == 1:
        if total <= supply[0]:
            yield (total,)
        return
    for first in range(min(total, supply[0]) + 1):
        for rest in _compositions(total - first, supply[1:]):
            yield (first, *rest)


def _chosen_heights(state: State, seat: int) -> list[int]:
    """The heights of which ``seat`` still has a chosen piece this round."""
    chosen = state.chosen[seat] or (0,) * len(HEIGHTS)
    return [height for height, count in zip(HEIGHTS, chosen, strict=True) if count]


def _round_score(scored: Mapping[str, Any]) -> RoundScore:
    """A round's scoring from its JSON (``RoundScore.to_json``)."""
    return RoundScore(
        round=scored["round"],
        tallest=Tallest(**scored["tallest"]),
        cities=tuple(scored["cities"]),
        buildings=tuple(scored["buildings"]),
        points=tuple(scored["points"]),
    )


def _winners(scores: Sequence[int]) -> frozenset[int]:
    """Every seat with the highest score (Game end, [SEED-SILENT]: ties share the win)."""
    best = max(scores)
    return frozenset(seat for seat, score in enumerate(scores) if score == best)
