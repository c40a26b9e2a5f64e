"""Da Vinci Code's rules: the contract of design 1.1 and the effects of actions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.rules.base import Action, Outcome
from app.rules.da_vinci_code.checks import (
    check_draw,
    check_guess,
    check_guess_tile,
    check_number,
    check_place_joker,
    check_reveal,
    check_stop,
    check_turn,
    parse,
)
from app.rules.da_vinci_code.components import (
    COLOURS,
    JOKER,
    NUMBERS,
    RANDOM_OPENING_TILES,
    SEED_OPENING_PER_COLOUR,
    SEED_OPENING_PLAYERS,
    TABLE,
    Tile,
)
from app.rules.da_vinci_code.hidden import Face, Slot, face_order, fill_rows, tile_of
from app.rules.da_vinci_code.rows import order_key, sorted_index
from app.rules.da_vinci_code.state import State
from app.rules.kit import Event, MoveRule, can, choose_start, log_for, play_move, replace_at
from app.rules.rng import Rng

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt game (rules/da-vinci-code.md, Setup); the order of draws is in the
    package docstring."""
    full = TABLE.check(players, options)
    rng = Rng(seed, "deal")
    numbered = [Tile(colour, number) for colour in COLOURS for number in NUMBERS]
    hands: list[tuple[Tile, ...]] = []
    if full["opening"] == "seed" and players in SEED_OPENING_PLAYERS:
        # Setup [SEED≠OFFICIAL]: each player draws 2 black and 2 white tiles.
        black, rng = rng.shuffle([tile for tile in numbered if tile.colour == COLOURS[0]])
        white, rng = rng.shuffle([tile for tile in numbered if tile.colour == COLOURS[1]])
        per = SEED_OPENING_PER_COLOUR
        for seat in range(players):
            hands.append(
                black[per * seat : per * (seat + 1)] + white[per * seat : per * (seat + 1)]
            )
        pools = [black[per * players :], white[per * players :]]
    else:
        # Setup, official: 4 random tiles each for 2-3 players, 3 for 4 players.
        shuffled, rng = rng.shuffle(numbered)
        count = RANDOM_OPENING_TILES[players]
        hands = [shuffled[count * seat : count * (seat + 1)] for seat in range(players)]
        rest = shuffled[count * players :]
        pools = [tuple(tile for tile in rest if tile.colour == colour) for colour in COLOURS]
    if full["jokers"]:
        # Setup, house rule with jokers: never dealt, so they only join the pool now.
        for index, colour in enumerate(COLOURS):
            above, rng = rng.randbelow(len(pools[index]) + 1)
            pools[index] = pools[index][:above] + (Tile(colour, None),) + pools[index][above:]
    drawn_start, rng = rng.randbelow(players)
    start_seat = choose_start(start_seat, drawn=drawn_start, players=players)
    tiles = tuple(tile for hand in hands for tile in hand)
    rows: list[tuple[int, ...]] = []
    first = 0
    for hand in hands:
        ids = range(first, first + len(hand))
        rows.append(tuple(sorted(ids, key=lambda tile_id: order_key(tiles[tile_id].pair))))
        first += len(hand)
    started = Event("game_started", (("players", players), ("start_seat", start_seat)))
    return State(
        players=players,
        opening=full["opening"],
        jokers=full["jokers"],
        tiles=tiles,
        pools=tuple(pools),
        rows=tuple(rows),
        revealed=frozenset(),
        eliminated=(False,) * players,
        start_seat=start_seat,
        turn=start_seat,
        step="draw",
        drawn=None,
        joker_face_up=False,
        events=(started,),
    )


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: draws by colour; guesses by target
    seat, tile position and number (0-11, then "joker"), then stop; joker places left to
    right; reveals left to right."""
    if not can(check_turn, state, seat):
        return []
    if state.step == "draw":
        return [
            {"type": "draw", "colour": colour}
            for colour in COLOURS
            if can(check_draw, state, seat, colour)
        ]
    if state.step == "place_joker":
        return [
            {"type": "place_joker", "index": index}
            for index in range(len(state.rows[seat]) + 1)
            if can(check_place_joker, state, seat, index)
        ]
    if state.step == "reveal":
        return [
            {"type": "reveal", "tile": tile}
            for tile in state.rows[seat]
            if can(check_reveal, state, seat, tile)
        ]
    numbers = [number for number in (*NUMBERS, JOKER) if can(check_number, state, number)]
    actions: list[Action] = [
        {"type": "guess", "target": target, "tile": tile, "number": number}
        for target in range(state.players)
        for tile in state.rows[target]
        if can(check_guess_tile, state, seat, target, tile)
        for number in numbers
    ]
    # A stop names the drawn tile's place (none when nothing was drawn): 0 to the row's length.
    places = [None] if state.drawn is None else range(len(state.rows[seat]) + 1)
    actions += [
        {"type": "stop"} if index is None else {"type": "stop", "index": index}
        for index in places
        if can(check_stop, state, seat, index)
    ]
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return play_move(state, seat, parse(action), moves=MOVES)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees: colours, positions and revealed numbers of
    every tile, its own numbers, the pool sizes and every guess (rules/da-vinci-code.md, Who
    sees what). Built field by field; a number the viewer may not see is ``None``."""
    drawn: dict[str, Any] | None = None
    if state.drawn is not None:
        tile = state.tiles[state.drawn]
        drawn = {
            "id": state.drawn,
            "colour": tile.colour,
            # A joker waiting to go face up after a wrong guess is public already.
            "number": tile.face
            if state.joker_face_up or (seat is not None and seat == state.turn)
            else None,
        }
    return {
        "game": "da_vinci_code",
        "players": state.players,
        "you": seat,
        "phase": state.step,
        "to_act": state.turn,
        "pool": {colour: len(pool) for colour, pool in zip(COLOURS, state.pools, strict=True)},
        "rows": [
            [_tile_view(state, tile_id, visible=seat == owner) for tile_id in row]
            for owner, row in enumerate(state.rows)
        ],
        "drawn": drawn,
        "eliminated": list(state.eliminated),
        "guesses": [dict(event.fields) for event in state.events if event.type == "guessed"],
        "jokers": state.jokers,
        "opening": state.opening,
    }


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole game that ``seat`` could be in, seeing ``view`` (issue 27): the numbers of the
    other players' hidden tiles, of a tile they drew and hold aside, and the pool's order are
    secret (rules/da-vinci-code.md, Who sees what). The faces in no place the seat sees are dealt
    to the hidden tiles of the rows within the row order, the wrong guesses the view lists and
    where a joker may lie (``hidden``), then to the drawn tile and, shuffled, to the pool, each
    tile keeping its colour. The start seat is the first guesser's. The log is not rebuilt but
    for its guesses, which the view shows."""
    rows_view = view["rows"]
    drawn_view = view["drawn"]
    shown: list[dict[str, Any]] = [tile for row in rows_view for tile in row]
    if drawn_view is not None:
        shown.append(drawn_view)
    players = view["players"]
    dealt = players * (
        2 * SEED_OPENING_PER_COLOUR
        if view["opening"] == "seed" and players in SEED_OPENING_PLAYERS
        else RANDOM_OPENING_TILES[players]
    )
    faces: tuple[Face, ...] = (*NUMBERS, JOKER) if view["jokers"] else NUMBERS
    free = {
        colour: frozenset(faces) - {tile["number"] for tile in shown if tile["colour"] == colour}
        for colour in COLOURS
    }
    wrong: dict[int, set[Face]] = {}
    for guess in view["guesses"]:
        if not guess["correct"]:
            wrong.setdefault(guess["tile"], set()).add(guess["number"])
    rows = [
        [
            Slot(
                id=tile["id"],
                colour=tile["colour"],
                face=tile["number"],
                excluded=frozenset(wrong.get(tile["id"], ())),
                joker_allowed=tile["id"] >= dealt,
            )
            for tile in row
        ]
        for row in rows_view
    ]
    filled, free, rng = fill_rows(rows, free, rng)
    tiles: dict[int, Tile] = {}
    for row, row_faces in zip(rows, filled, strict=True):
        for slot, face in zip(row, row_faces, strict=True):
            tiles[slot.id] = tile_of(slot.colour, face)
    if drawn_view is not None:
        face = drawn_view["number"]
        if face is None:
            face, rng = rng.choice(sorted(free[drawn_view["colour"]], key=face_order))
            free[drawn_view["colour"]] -= {face}
        tiles[drawn_view["id"]] = tile_of(drawn_view["colour"], face)
    pools = []
    for colour in COLOURS:
        pool, rng = rng.shuffle(sorted(free[colour], key=face_order))
        pools.append(tuple(tile_of(colour, face) for face in pool))
        assert len(pool) == view["pool"][colour]
    guesses = tuple(
        Event("guessed", tuple((key, guess[key]) for key in GUESS_FIELDS))
        for guess in view["guesses"]
    )
    return State(
        players=players,
        opening=view["opening"],
        jokers=view["jokers"],
        tiles=tuple(tiles[tile_id] for tile_id in range(len(tiles))),
        pools=tuple(pools),
        rows=tuple(tuple(tile["id"] for tile in row) for row in rows_view),
        revealed=frozenset(tile["id"] for row in rows_view for tile in row if tile["revealed"]),
        eliminated=tuple(view["eliminated"]),
        start_seat=view["guesses"][0]["seat"] if view["guesses"] else view["to_act"],
        turn=view["to_act"],
        step=view["phase"],
        drawn=None if drawn_view is None else drawn_view["id"],
        joker_face_up=view["phase"] == "place_joker",
        events=guesses,
    )


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the last player with hidden tiles wins, and each
    seat scores the number of its tiles still hidden (0 for everyone who is out)."""
    if state.turn is not None:
        return None
    hidden = [_hidden_count(state, seat) for seat in range(state.players)]
    winner = next(seat for seat in range(state.players) if not state.eliminated[seat])
    return Outcome(
        scores=hidden,
        winners=frozenset({winner}),
        detail={"winner": winner, "hidden_left": list(hidden)},
    )


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game's log for ``seat``: public fields for all, secret ones only for their owner."""
    return log_for(state.events, seat)


GUESS_FIELDS = ("seat", "target", "tile", "number", "correct")
"""A ``guessed`` log entry's fields, in order (the view lists every guess with them)."""


# --- effects -----------------------------------------------------------------------------------


def _do_draw(state: State, seat: int, colour: str) -> State:
    """Take the top tile of that colour; it gets the next id and waits beside the row."""
    index = COLOURS.index(colour)
    tile = state.pools[index][0]
    tile_id = len(state.tiles)
    drawn = Event(
        "tile_drawn",
        (("seat", seat), ("tile", tile_id), ("colour", colour)),
        owner=seat,
        secret=(("number", tile.face),),
    )
    return replace(
        state,
        tiles=state.tiles + (tile,),
        pools=replace_at(state.pools, index, state.pools[index][1:]),
        drawn=tile_id,
        step="guess",
        events=state.events + (drawn,),
    )


def _do_guess(state: State, seat: int, target: int, tile_id: int, number: int | str) -> State:
    """Turn 2: a correct guess reveals the tile (and may knock its owner out or end the game);
    a wrong one puts the drawn tile face up, or asks for a reveal when nothing was drawn."""
    tile = state.tiles[tile_id]
    correct = tile.face == number
    guessed = Event(
        "guessed", tuple(zip(GUESS_FIELDS, (seat, target, tile_id, number, correct), strict=True))
    )
    state = replace(state, events=state.events + (guessed,))
    if correct:
        state = _reveal(state, target, tile_id)
        if _players_in(state) == 1:
            return _finish(state)
        return replace(state, step="continue")
    if state.drawn is None:
        return replace(state, step="reveal")  # Turn 3: the pool was empty
    if state.tiles[state.drawn].is_joker:
        # The joker goes face up, so everyone may know it is one: its owner now picks its place.
        return replace(state, step="place_joker", joker_face_up=True)
    state = _place(state, seat, index=sorted_index(state, seat, state.drawn), face_up=True)
    return _end_turn(state, seat)


def _do_stop(state: State, seat: int, index: int | None) -> State:
    """Turn 2: the drawn tile goes into the row hidden at the place the stop names (checked:
    its sorted place, anywhere for a joker); the turn ends."""
    if state.drawn is None or index is None:
        return _end_turn(state, seat)
    return _end_turn(_place(state, seat, index=index, face_up=False), seat)


def _do_place_joker(state: State, seat: int, index: int | None) -> State:
    """Setup: after a wrong guess the owner puts the drawn joker, face up, anywhere; it is
    fixed there from now on."""
    assert index is not None  # check_place_joker refused a missing place
    state = _place(state, seat, index=index, face_up=True)
    return _end_turn(replace(state, joker_face_up=False), seat)


def _do_reveal(state: State, seat: int, tile_id: int) -> State:
    """Turn 3: turn the chosen own tile face up (which may knock the guesser out)."""
    return _end_turn(_reveal(state, seat, tile_id), seat)


MOVES: Mapping[str, MoveRule[State]] = {
    "draw": MoveRule(check_draw, _do_draw),
    "guess": MoveRule(check_guess, _do_guess),
    "stop": MoveRule(check_stop, _do_stop),
    "place_joker": MoveRule(check_place_joker, _do_place_joker),
    "reveal": MoveRule(check_reveal, _do_reveal),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks, or
its parts) and its effect."""


def _reveal(state: State, owner: int, tile_id: int) -> State:
    """Turn ``tile_id`` of ``owner`` face up; its owner is out when nothing stays hidden."""
    shown = Event(
        "tile_revealed",
        (("seat", owner), ("tile", tile_id), ("number", state.tiles[tile_id].face)),
    )
    state = replace(state, revealed=state.revealed | {tile_id}, events=state.events + (shown,))
    if _hidden_count(state, owner) == 0:
        # Elimination and win: a player whose tiles are all revealed is out.
        out = Event("player_out", (("seat", owner),))
        state = replace(
            state,
            eliminated=replace_at(state.eliminated, owner, True),
            events=state.events + (out,),
        )
    return state


def _place(state: State, seat: int, *, index: int, face_up: bool) -> State:
    """Put the drawn tile into ``seat``'s row at ``index``, face up or hidden."""
    assert state.drawn is not None
    tile_id = state.drawn
    tile = state.tiles[tile_id]
    row = state.rows[seat]
    public: tuple[tuple[str, Any], ...] = (
        ("seat", seat),
        ("tile", tile_id),
        ("index", index),
        ("revealed", face_up),
    )
    number = (("number", tile.face),)
    placed = (
        Event("tile_placed", public + number)
        if face_up
        else Event("tile_placed", public, owner=seat, secret=number)
    )
    return replace(
        state,
        rows=replace_at(state.rows, seat, row[:index] + (tile_id,) + row[index:]),
        revealed=(state.revealed | {tile_id}) if face_up else state.revealed,
        drawn=None,
        events=state.events + (placed,),
    )


def _end_turn(state: State, seat: int) -> State:
    """Pass the turn to the next seat clockwise still in, or end the game if one is left."""
    if _players_in(state) == 1:
        return _finish(state)
    players = state.players
    turn = next(
        (seat + step) % players
        for step in range(1, players + 1)
        if not state.eliminated[(seat + step) % players]
    )
    return replace(
        state,
        turn=turn,
        step="draw" if any(state.pools) else "guess",
        drawn=None,
        joker_face_up=False,
    )


def _finish(state: State) -> State:
    """The game ends at once; the winner's drawn tile, if any, is placed hidden (a joker at the
    far right, since there is no turn left to choose its place)."""
    winner = next(seat for seat in range(state.players) if not state.eliminated[seat])
    if state.drawn is not None:
        if state.tiles[state.drawn].is_joker:
            index = len(state.rows[winner])
        else:
            index = sorted_index(state, winner, state.drawn)
        state = _place(state, winner, index=index, face_up=False)
    over = Event("game_over", (("winner", winner),))
    return replace(
        state, turn=None, step="over", joker_face_up=False, events=state.events + (over,)
    )


# --- small helpers -----------------------------------------------------------------------------


def _hidden_count(state: State, seat: int) -> int:
    """How many of ``seat``'s row tiles are still face down."""
    return sum(tile_id not in state.revealed for tile_id in state.rows[seat])


def _players_in(state: State) -> int:
    """How many players still have a hidden tile."""
    return state.eliminated.count(False)


def _tile_view(state: State, tile_id: int, *, visible: bool) -> dict[str, Any]:
    """One tile as a viewer sees it: its number only if revealed or ``visible`` to its owner."""
    tile = state.tiles[tile_id]
    revealed = tile_id in state.revealed
    return {
        "id": tile_id,
        "colour": tile.colour,
        "number": tile.face if revealed or visible else None,
        "revealed": revealed,
    }
