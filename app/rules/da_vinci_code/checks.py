"""Da Vinci Code's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/da-vinci-code.md, Turn)."""

from __future__ import annotations

from app.rules.base import Action, IllegalAction
from app.rules.da_vinci_code.components import COLOURS, JOKER, NUMBERS
from app.rules.da_vinci_code.rows import sorted_index
from app.rules.da_vinci_code.state import State
from app.rules.kit import Move, action_kind, check_fields, require_turn

# The fields of each action on the wire (rules/da-vinci-code.md, Turn); anything else is malformed.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"type", "colour"}),
    "guess": frozenset({"type", "target", "tile", "number"}),
    "stop": frozenset({"type", "index"}),
    "place_joker": frozenset({"type", "index"}),
    "reveal": frozenset({"type", "tile"}),
}

# Which actions each step of a turn accepts.
STEP_ACTIONS: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw"}),
    "guess": frozenset({"guess"}),
    "continue": frozenset({"guess", "stop"}),
    "place_joker": frozenset({"place_joker"}),
    "reveal": frozenset({"reveal"}),
    "over": frozenset(),
}

# --- checks --------------------------------------------------------------------------------------


def check_turn(state: State, seat: int) -> None:
    """Refuse anyone but the seat to act, and everyone once the game is over."""
    require_turn(state.turn, seat)


def check_step(state: State, kind: str) -> None:
    """Refuse an action the current step of the turn does not take, saying what is due."""
    if kind in STEP_ACTIONS[state.step]:
        return
    if state.step == "draw":
        raise IllegalAction("must_draw", "Draw a tile first.")
    if state.step == "place_joker":
        raise IllegalAction("must_place_joker", "Choose where your joker goes in your row.")
    if state.step == "reveal":
        raise IllegalAction("must_reveal", "Your guess was wrong: reveal one of your tiles.")
    if kind == "draw":
        if state.drawn is not None:
            raise IllegalAction("already_drawn", "You have already drawn a tile this turn.")
        raise IllegalAction("pool_empty", "The pool is empty: guess without drawing.")
    if kind == "stop":
        raise IllegalAction("must_guess", "Guess a tile at least once before you stop.")
    if kind == "place_joker":
        raise IllegalAction("no_joker", "You have no joker to place.")
    raise IllegalAction("no_reveal", "You reveal a tile only after a wrong guess with no draw.")


def check_draw(state: State, seat: int, colour: str) -> None:
    """Turn 1: draw a tile of a colour that has tiles left (backs are coloured)."""
    check_turn(state, seat)
    check_step(state, "draw")
    if colour not in COLOURS:
        raise IllegalAction("bad_colour", 'The colour must be "black" or "white".')
    if not state.pools[COLOURS.index(colour)]:
        if colour == "black":
            raise IllegalAction("colour_empty", "No black tiles are left in the pool.")
        raise IllegalAction("colour_empty", "No white tiles are left in the pool.")


def check_guess(state: State, seat: int, target: int, tile: int, number: int | str) -> None:
    """Turn 2: a hidden tile of another player still in, and a number 0-11 (or "joker")."""
    check_guess_tile(state, seat, target, tile)
    check_number(state, number)


def check_guess_tile(state: State, seat: int, target: int, tile: int) -> None:
    """The tile part of a guess: a hidden tile of another player still in."""
    check_turn(state, seat)
    check_step(state, "guess")
    if not 0 <= target < state.players:
        raise IllegalAction("bad_target", "There is no such player.")
    if target == seat:
        raise IllegalAction("own_tile", "Guess another player's tile, not your own.")
    if state.eliminated[target]:
        raise IllegalAction("eliminated", "Player {number} is out.", number=target + 1)
    if tile not in state.rows[target]:
        raise IllegalAction("bad_tile", "Player {number} has no such tile.", number=target + 1)
    if tile in state.revealed:
        raise IllegalAction("not_hidden", "That tile is already face up.")


def check_number(state: State, number: int | str) -> None:
    """The number part of a guess: 0-11, or "joker" when the jokers are in the game."""
    if number == JOKER:
        if not state.jokers:
            raise IllegalAction("bad_number", "There are no jokers in this game.")
    elif not (isinstance(number, int) and number in NUMBERS):
        raise IllegalAction("bad_number", "Name a number from 0 to 11.")


def check_stop(state: State, seat: int, index: int | None) -> None:
    """Turn 2: stop only after a correct guess this turn, saying where the drawn tile goes.

    The place is part of the stop for every drawn tile, so that a joker's owner chooses its
    place without a step of its own: a separate step would tell everyone the hidden tile is a
    joker (issue 15). A numbered tile has one place, its sorted one; a joker any place from 0
    to the row's length (Setup: "A joker may be placed anywhere")."""
    check_turn(state, seat)
    check_step(state, "stop")
    if state.drawn is None:
        if index is not None:
            raise IllegalAction("nothing_drawn", "You drew no tile, so there is nothing to place.")
        return
    if index is None:
        raise IllegalAction("must_place", "Say where your drawn tile goes when you stop.")
    places = stop_places(state, seat)
    if index not in places:
        if len(places) == 1:
            raise IllegalAction(
                "bad_index",
                "Rows are sorted: your drawn tile goes at place {place}.",
                place=places[0],
            )
        raise IllegalAction(
            "bad_index", "Your joker goes at a place from 0 to {last}.", last=places[-1]
        )


def check_place_joker(state: State, seat: int, index: int | None) -> None:
    """Setup: after a wrong guess, a drawn joker may go anywhere in the row, 0 (far left) to
    the row's length."""
    check_turn(state, seat)
    check_step(state, "place_joker")
    if index is None or not 0 <= index <= len(state.rows[seat]):
        raise IllegalAction(
            "bad_index",
            "The joker goes at a place from 0 to {last}.",
            last=len(state.rows[seat]),
        )


def check_reveal(state: State, seat: int, tile: int) -> None:
    """Turn 3: after a wrong guess with an empty pool, reveal one of your own hidden tiles."""
    check_turn(state, seat)
    check_step(state, "reveal")
    if tile not in state.rows[seat]:
        raise IllegalAction("bad_tile", "Reveal one of the tiles in your own row.")
    if tile in state.revealed:
        raise IllegalAction("not_hidden", "That tile is already face up.")


def stop_places(state: State, seat: int) -> list[int]:
    """Where ``seat``'s drawn tile may go when it stops: its sorted place, or anywhere for a
    joker (rules/da-vinci-code.md, Setup)."""
    assert state.drawn is not None
    if state.tiles[state.drawn].is_joker:
        return list(range(len(state.rows[seat]) + 1))
    return [sorted_index(state, seat, state.drawn)]


def parse(action: Action) -> Move:
    """An action's type and its fields in the order its check takes them, or ``bad_action`` for
    anything malformed."""
    kind = action_kind(action, ACTION_FIELDS, game="Da Vinci Code")
    # A stop says where the drawn tile goes; with nothing drawn (empty pool) it has no index.
    if not (kind == "stop" and set(action) == {"type"}):
        check_fields(action, kind, ACTION_FIELDS[kind])
    for key in ("target", "tile", "index"):
        if key in action and type(action[key]) is not int:  # bools are ints in Python
            raise IllegalAction("bad_action", "The {field} must be a whole number.", field=key)
    if kind == "draw" and not isinstance(action["colour"], str):
        raise IllegalAction("bad_action", 'The colour must be "black" or "white".')
    if kind == "guess" and type(action["number"]) not in (int, str):
        raise IllegalAction("bad_action", 'The number must be a whole number or "joker".')
    if kind == "draw":
        return Move(kind, (action["colour"],))
    if kind == "guess":
        return Move(kind, (action["target"], action["tile"], action["number"]))
    if kind == "reveal":
        return Move(kind, (action["tile"],))
    return Move(kind, (action.get("index"),))  # stop (no index when nothing was drawn), place_joker
