"""Manhattan for 2 to 4 players, as written in ``rules/manhattan.md`` (Andreas Seyfarth, seed
003, completed from the published game).

Components (``components.py``): 6 cities of 3x3 building sites; 45 building cards, ids 0-44,
card ``id`` highlighting cell ``id // 5`` of its 3x3 grid; per player 24 pieces, ``PIECES`` =
12 of 1 storey, 6 of 2, 4 of 3 and 2 of 4 (the rule file's [UNVERIFIED] proposal, one table).
A site is ``3 * row + col`` as seen from side 0 (row 0 the far row, col 0 on the left); a card's
cell is ``3 * r + c`` in the card's own grid, read by the player holding it.

Options (``check_options`` fills in the defaults):

* ``rounds``: ``4`` (default, the original and the seed: 4 rounds of 6 pieces) or ``6`` (the
  variant: 6 rounds of 4 pieces, for 2-3 players only; a table of 4 is refused with
  ``bad_option``, Other rules, Variant).

Orientation (Orientation): seats sit on sides ``SIDES`` = 2 players on sides 0 and 2 (opposite),
3 on 0, 1, 2, 4 on 0-3. Seen from above with side 0 at the bottom (south), side 1 is west, side 2
north, side 3 east; side ``k`` sees the board turned by ``k`` x 90 degrees clockwise, so cell
(r, c) read from side ``k`` is board site (row, col): side 0 (r, c), side 1 (c, 2 - r), side 2
(2 - r, 2 - c), side 3 (2 - c, r) (``board_site``; ``cell_seen`` is its inverse, for drawing the
board from a side). City ``k`` sits at block (k // 3, k % 3) of a 2 x 3 block of cities seen
from side 0.

Setup randomness, all drawn from ``Rng(seed, "deal")`` in this order, so a match can be re-dealt
by hand from its revealed seed:

1. The 45 cards, ids 0-44 in order, are shuffled; index 0 is the top. Seat 0 takes the top 4
   cards, then seat 1 the next 4, and so on; the rest is the draw pile.
2. The start seat is ``randbelow(players)`` (drawn even when the table chooses the start seat
   for a rematch, ``new_game(start_seat=k)``, so the deal is the same).

When a player must draw from an empty pile, the played cards (in the order played, the card of
that turn last) are shuffled into a new pile with the generator ``Rng(seed, "reshuffle")``, whose
position the state carries from one reshuffle to the next; hands are kept (Other rules).

A round (Round): ``pieces_per_round`` = 24 / ``rounds`` (6, or 4 in the variant).

1. Phase ``"choose"``: from the round's start seat, in turn order (seat + 1), each player takes
   the round's pieces from their supply, in public:
   ``{"type": "choose_pieces", "pieces": [n1, n2, n3, n4]}`` (how many of 1, 2, 3, 4 storeys;
   they add up to ``pieces_per_round``, each at most what the supply holds).
2. Phase ``"build"``: from the start seat, in turn order, each player's turn is
   ``{"type": "build", "card": id, "city": 0-5, "storeys": 1-4}``: a card from the hand and one
   chosen piece of that height, placed on top of the card's site (``board_site(side, card //
   5)``) in the chosen city where ``may_build`` allows; then the player draws. Each player has
   ``pieces_per_round`` turns a round.
3. Placement (Round 3, ``may_build``): an empty site, a building you own (topping your own
   building is allowed, [SEED-SILENT / official FAQ]), or another player's building when
   afterwards your storeys there are at least the owner's; you then own it (``owner``: the top
   piece's seat). Buildings have no height limit.
4. After the round's last turn the board is scored (``score_round``: 3 to the owner of the single
   tallest building, nobody on a tie; 2 per city to the player owning the most buildings there,
   nobody on a tie; 1 per building owned), the scores add up, buildings stay, and the start seat
   passes left (seat + 1). After the last round the game is over.

Decisions where the rule file leaves a point open:

* No build possible [SEED-SILENT resolution]: a player none of whose cards allows any build with
  any chosen piece (rare: every city's building on each of its cards' sites is out of reach)
  plays a card without building and sets one chosen piece aside, out of the game:
  ``{"type": "discard", "card": id, "storeys": h}``, legal only when no build is; the player
  draws as after a build.
* Drawing: the player draws after every turn, the game's last one too (the hand is never
  played again then, so it changes nothing); the reshuffle happens when a draw finds the pile
  empty, so the card just played is in the new pile.
* Ties at the end [SEED-SILENT]: every seat with the highest score wins (a shared win).
* The owner of a building always has the most storeys in it (each owner matched or beat the
  one before), so "at least the owner's storeys" and the seed's "at least the colour with the
  most storeys there" are the same rule.
* Cards of one cell are interchangeable, but each card is its own id, so ``legal_actions``
  lists a build per card in hand.

Outcome: ``scores`` are the points of every round added up, ``winners`` the seats with the most;
``detail = {"rounds_scored": [round score]}``.

View (whitelisted): ``{"game", "players", "you", "side" (the viewer's; 0 for a spectator),
"sides", "phase": "choose" | "build" | "over", "to_act": [seat], "round" (1-based), "rounds",
"pieces_per_round", "start_seat", "turn" (the seat to act in either phase, ``None`` once over),
"cities": [[[{"seat", "storeys"} bottom to top] per site] per city], "owners", "heights" (per
city per site), "supply": [[n1, n2, n3, n4] per seat] (not yet chosen), "chosen": [[n1..n4] |
None per seat] (this round's pieces left to place), "hand": [{"id", "cell"}] (own; [] for a
spectator), "hand_counts", "deck": n, "played": [{"id", "cell", "seat"}] (since the last
reshuffle, last one last), "scores", "rounds_scored"}``; a round score is ``{"round",
"tallest": {"seat", "city", "site", "storeys"}, "cities": [seat | None per city], "buildings":
[n per seat], "points": [per seat]}``.

Log entries: ``game_started {players, start_seat, rounds}``, ``pieces_chosen {seat, pieces}``,
``built {seat, card, cell, city, site, storeys, owner_before, owner_after}``, ``discarded {seat,
card, cell, storeys}``, ``card_drawn {seat, card, cell}`` (``card`` and ``cell`` for the drawer
only, ``None`` for everyone else), ``deck_reshuffled {cards}``, ``round_scored {round, points,
tallest, cities, buildings}``, ``game_over {scores, winners}``.

Rules versions (``GAME.version``, which every record carries): ``"1"``, the first.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.kit import takes_back
from app.rules.manhattan import game
from app.rules.manhattan.bot import appraise, choose, greedy_bot
from app.rules.manhattan.buildings import may_build, owner, round_score, score_round
from app.rules.manhattan.components import (
    CARDS,
    CITIES,
    DEFAULT_OPTIONS,
    HEIGHTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PIECES,
    SIDES,
    SITES,
    board_site,
    cell_of,
    cell_seen,
    check_options,
)
from app.rules.manhattan.game import (
    apply,
    board_of,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.manhattan.state import RoundScore, State, Tallest

__all__ = [
    "CARDS",
    "CITIES",
    "GAME",
    "HEIGHTS",
    "PIECES",
    "SIDES",
    "SITES",
    "RoundScore",
    "State",
    "Tallest",
    "apply",
    "board_of",
    "board_site",
    "cell_of",
    "cell_seen",
    "check_options",
    "choose",
    "greedy_bot",
    "legal_actions",
    "log",
    "may_build",
    "new_game",
    "outcome",
    "owner",
    "round_score",
    "score_round",
    "to_act",
    "view",
]

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="manhattan",
    title="Manhattan",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    # rules/manhattan.md, Hidden information: the pieces in each supply are public, so
    # choosing a round's pieces shows nothing (hands are dealt at the start and kept).
    undoable=takes_back(frozenset({"choose_pieces"}), piles=("deck",)),
    # rules/manhattan.md, Hidden information: hands are private; the draw pile's order too.
    determinize=game.determinize,
    # The strong bot looks one answer ahead, valuing the position as the normal bot values
    # boards (``search.look_ahead``): against the normal bot at 2 players it won 66.3 % of 400
    # games where playouts of 8 moves, the board then scored for the rounds left, won 58.5 %.
    appraise=appraise,
    version="1",
)
