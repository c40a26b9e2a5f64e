"""Elements for 3 to 5 players, as written in ``rules/elements.md`` (seed 001).

Options (``check_options`` fills in the defaults):

* ``keep``: ``"any"`` (default, the seed and its translator's note): in the refill a player
  keeps any number of hand cards; ``"one"``: at most one card (the English rule sheet;
  Phase 3.3 [SEED≠OFFICIAL]).
* ``tie_break``: ``"shared"`` (default): equal top totals share the win; ``"most_point_cards"``:
  among them, most point cards won in the game wins, still shared if equal (Game end
  [SEED-SILENT]).

Setup randomness, all drawn from ``Rng(seed, "deal")`` in this order, so a match can be re-dealt
by hand from its revealed seed (Setup). ``COLOURS`` is ``red, yellow, green, blue, purple``; a
card is written ``"blue-7"``.

1. The colour row: ``COLOURS`` shuffled; index 0 lies next to the box (the most valuable).
2. The 55 cards, listed colour by colour in ``COLOURS`` order with values 0-10, are shuffled;
   seat 0 takes the first 11, seat 1 the next 11, ...; the rest, in that order, is the draw
   pile (index 0 is its top).
3. The first start player is ``randbelow(players)`` (the seed's "biggest player"), drawn even
   when the table chooses the start seat (``new_game(start_seat=k)``, a rematch), so the rest
   of the deal does not depend on that choice.
4. Each refill (Phase 3.4) continues the same stream: the cards in no hand, listed in the same
   canonical order, are shuffled and dealt one at a time clockwise from the new start player
   until every hand holds 11; the rest is the draw pile.

A round (``phase`` in the view):

* ``"place"`` (Phase 1): from the start player clockwise, each seat plays
  ``{"type": "place_card", "card": "blue-7", "colour": "red"}``: a hand card face down in
  front of a colour without one. Nobody else sees it, the next placer included, until all
  five are revealed. With 3-4 players the empty colours get the draw pile's top cards (from the
  box outwards); then the row is re-sorted by the attached numbers, highest next to the box,
  ties in their old order (a stable sort), and zeros are set aside.
* ``"auction"`` (Phase 2): the point cards go from the far end towards the box. In lap 1 and 2
  a seat plays ``{"type": "bid", "cards": ["blue-7"]}``, in lap 3 two cards at once
  (``"cards"`` lists both, in any order), or ``{"type": "pass"}``. A pass ends that seat's part
  in this auction only; the cards it played still compete. A seat that cannot play the lap's
  cards passes automatically (logged with ``"forced": true``). The best combination
  (``bid_key``) takes the point card; with no card played it goes to nobody.
* ``"refill"`` (Phase 3): every seat at once (``to_act`` lists them) puts back cards one at a
  time, ``{"type": "return_card", "card": "blue-7"}``, then keeps the rest with
  ``{"type": "keep_hand"}``; putting back the last card also ends its choice.

Rule decisions where the rule file leaves a point open:

* An auction without a winner is started by the same seat that started it (Phase 2.7,
  [SEED-SILENT]); an auction starter who cannot play is passed over like anyone else.
* The refill is dealt one card at a time from the new start player (Phase 3.4 says "in turn
  order" without naming the first seat).
* Point totals are public (Hidden information allows it as a server option; every point card
  is auctioned face up and the log names its winner, so hiding totals would only test memory).
  The won point cards themselves are shown with their winner on the colour row until the round
  ends; their count per seat is public.
* The game ends after the last auction of the last round: there is no refill after it.

View (whitelisted; see ``game.view``): ``{"game", "players", "you", "round", "rounds", "phase",
"to_act" (a seat, or the list of seats still choosing in the refill), "start_seat", "row":
[{"colour", "taken", "placed_by", "card", "status", "won_by"}] from the box outwards, "hand"
(own cards, ``None`` for spectators), "hand_counts", "pile", "discard", "auction": None |
{"card", "value", "colour", "position", "starter", "lap", "cards_needed", "turn", "bids",
"passed", "combinations": [{"kind", "number", "colour", "cards"} | None], "leader"}, "queue",
"scores", "round_points", "won_this_round", "point_cards", "rounds_scored", "refill": None |
{"done", "returned", "yours"}, "keep", "tie_break"}``. A face-down card shows only to the seat
that placed it (``"card": None`` for everyone else).

Log entries (each with ``round``): ``game_started {players, start_seat, row}``,
``round_started {start_seat}``, ``card_placed {seat, colour, card}`` (the card only for its
owner), ``cards_revealed {colours, cards, placed_by}``, ``row_sorted {row, cards}``,
``set_aside {cards}``, ``auction_started {card, colour, starter}``, ``bid {seat, lap,
cards}``, ``passed {seat, forced}``, ``auction_won {seat, card, value, kind,
number, colour, bid}`` (the winning combination as in the view),
``auction_unsold {card}``, ``round_scored {points, totals}``, ``card_returned {seat, card}``
and ``hand_refilled {seat, drawn, cards}`` (cards only for their owner), ``hand_kept {seat,
kept, returned}``, ``game_over {scores}``.

Outcome: each seat's total; ``detail = {"rounds": points per round and seat, "point_cards",
"tie_break"}``.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.elements import game
from app.rules.elements.bot import choose, greedy_bot
from app.rules.elements.combinations import Combination, best_combination, bid_key
from app.rules.elements.components import (
    ALL_CARDS,
    CARDS_BY_ID,
    COLOURS,
    DEFAULT_OPTIONS,
    HAND_SIZE,
    LAP_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TABLE,
    VALUES,
    Card,
)
from app.rules.elements.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.elements.state import Auction, State

__all__ = [
    "ALL_CARDS",
    "CARDS_BY_ID",
    "COLOURS",
    "GAME",
    "HAND_SIZE",
    "LAP_CARDS",
    "VALUES",
    "Auction",
    "Card",
    "Combination",
    "State",
    "apply",
    "best_combination",
    "bid_key",
    "check_options",
    "choose",
    "greedy_bot",
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
    slug="elements",
    title="Elements",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    # rules/elements.md, Hidden information: the other hands, face-down placements, the draw
    # pile and the cards put back in a refill.
    determinize=game.determinize,
)
