"""Da Vinci Code for 2 to 4 players, as written in ``rules/da-vinci-code.md`` (seed 003).

Options (``check_options`` fills in the defaults):

* ``opening``: ``"seed"`` (default): with 2-3 players each player draws 2 black and 2 white
  tiles (the seed); 4 players draw 3 random tiles each (published). ``"random"``: the published
  opening for every count, 4 random tiles each for 2-3 players, 3 for 4 (Setup).
* ``jokers``: ``false`` (default, the seed has none) or ``true``: one black and one white joker
  join the pool after the opening tiles are dealt, so they are never dealt, only drawn (Setup).

Setup randomness, all drawn from ``Rng(seed, "deal")`` in this order, so a match can be re-dealt
by hand from its revealed seed. Numbered tiles are listed black 0..11, then white 0..11.

1. Opening ``"seed"`` with 2-3 players: the 12 black tiles are shuffled, then the 12 white
   tiles; index 0 of each pile is its top. Seat 0 takes the top 2 black tiles, then seat 1 the
   next 2, and so on; then the white tiles likewise. Otherwise: all 24 tiles are shuffled; seat 0
   takes the first ``k`` tiles (``k`` = 4 for 2-3 players, 3 for 4), seat 1 the next ``k``, and
   so on; the rest, in shuffled order, splits by colour into a black and a white pile.
2. With jokers: the black joker goes into the black pile with ``randbelow(len + 1)`` tiles
   above it, then the white joker into the white pile likewise.
3. The start seat is ``randbelow(players)``.

Tile ids count up from 0 in the order tiles come into play: seat 0's dealt tiles in the order
taken (its black tiles before its white ones in the seed opening), then seat 1's, ...; then
each drawn tile takes the next id. An id never depends on the tile's number. Rows are sorted
ascending, black left of white on equal numbers. A draw takes the top tile of the chosen colour.

Turn (the seat to act; afterwards the next seat clockwise still in):

1. ``{"type": "draw", "colour": "black" | "white"}``: mandatory while the pool has tiles; only
   colours with tiles left. Only the drawer sees its number.
2. ``{"type": "guess", "target": seat, "tile": id, "number": 0-11 | "joker"}`` on a hidden tile
   of another player still in ("joker" only with the jokers option). Correct: the tile is face up,
   its owner is out when no hidden tile is left, and the guesser may guess again or
   ``{"type": "stop", "index": i}``: the drawn tile goes into the row hidden at place ``i`` (0 is
   far left), which must be its sorted place, or any place from 0 to the row's length for a
   joker; with nothing drawn the stop is ``{"type": "stop"}``. Wrong: the drawn tile goes into
   the row face up and the turn ends; with nothing drawn (the pool was empty at the start of the
   turn) the guesser must ``{"type": "reveal", "tile": id}`` one of their own hidden tiles.
3. After a wrong guess a drawn joker goes face up (the view shows it to everyone from
   the wrong guess on) and its owner places it: ``{"type": "place_joker", "index": i}``.

Hidden information and the flow of play (issue 15): no step, ``to_act``, legal action of
another seat or log entry depends on whether a hidden tile is a joker. That is why a joker's
place is chosen in the stop itself, and why every stop after drawing names a place.

Sorted position with jokers in the row [SEED-SILENT, resolution]: a numbered tile goes just left
of the first numbered tile that sorts after it, or at the far right if none does; jokers keep
their places relative to the others (``insert_index`` handles the numbered tiles).

End: the last player with a hidden tile wins, at once when a correct guess knocks out the last
opponent (the winner's drawn tile, if any, is placed hidden; a drawn joker at the far right).
Outcome: ``winners = {winner}``; each seat's score is the number of its tiles still hidden at
the end (so 0 for every player who is out); ``detail = {"winner", "hidden_left"}``.

View (whitelisted; a number the viewer may not see is ``None``, spectators see no hidden one):
``{"game", "players", "you", "phase": "draw" | "guess" | "continue" | "place_joker" | "reveal" |
"over", "to_act", "pool": {"black": n, "white": n}, "rows": [[{"id", "colour", "number",
"revealed"}] per seat], "drawn": None | {"id", "colour", "number"}, "eliminated": [bool],
"guesses": [{"seat", "target", "tile", "number", "correct"}], "jokers", "opening"}``.

Log entries: ``game_started {players, start_seat}``, ``tile_drawn {seat, tile, colour, number}``,
``guessed {seat, target, tile, number, correct}``, ``tile_placed {seat, tile, index, revealed,
number}``, ``tile_revealed {seat, tile, number}``, ``player_out {seat}``, ``game_over {winner}``.
A drawn tile's number is only in its drawer's log, a tile placed hidden shows its number only to
its owner; everyone else gets ``None`` there.

Not implemented: the seed's best-of-three series (a table setting, not a rule).

Rules versions: 1, the first; 2 (issue 15), a stop names the drawn tile's place (a drawn joker
had a ``place_joker`` step of its own after a stop, which told everyone it was a joker).
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.da_vinci_code import game
from app.rules.da_vinci_code.bot import choose, greedy_bot
from app.rules.da_vinci_code.components import (
    COLOURS,
    DEFAULT_OPTIONS,
    JOKER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    OPENINGS,
    TABLE,
    Tile,
)
from app.rules.da_vinci_code.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    view,
)
from app.rules.da_vinci_code.rows import insert_index
from app.rules.da_vinci_code.state import State
from app.rules.kit import turn_to_act as to_act

__all__ = [
    "COLOURS",
    "GAME",
    "JOKER",
    "NUMBERS",
    "OPENINGS",
    "State",
    "Tile",
    "apply",
    "check_options",
    "choose",
    "greedy_bot",
    "insert_index",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "to_act",
    "view",
]

check_options = TABLE.check
"""The full options for a table of ``players``, or ``IllegalAction`` if either is invalid."""

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="da_vinci_code",
    title="Da Vinci Code",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    to_act=to_act,  # the kit's turn_to_act: one seat acts at a time
    bot=choose,
    # rules/da-vinci-code.md, Who sees what: the numbers of the other players' hidden tiles,
    # of a tile held aside and of the pool.
    determinize=game.determinize,
    version="2",
)
