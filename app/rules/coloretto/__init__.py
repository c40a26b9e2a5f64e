"""Coloretto for 3 to 5 players, as written in ``rules/coloretto.md`` (seed 004).

Options (``check_options`` fills in the defaults):

* ``scoring``: ``"brown"`` (default), the standard table 1, 3, 6, 10, 15, 21 for 1 to 6+ cards of
  a colour; ``"grey"`` selects the alternative table 1, 4, 8, 7, 6, 5 (rules/coloretto.md,
  Scoring).

Not implemented: the seed's multi-game match option (4 games, or one per player, scores summed;
rules/coloretto.md, Scoring). A match here is a single game.

Setup randomness, all drawn from ``Rng(seed, "deal")`` in this order, so a match can be re-dealt
by hand from its revealed seed (rules/coloretto.md, Setup). ``COLOURS`` is ``red, orange, yellow,
green, blue, purple, brown`` (9 cards each); the other cards are ``"joker"`` (3), ``"plus2"``
(10) and ``"last_round"`` (1).

1. With 3 players, the removed colour is ``choice(COLOURS)``.
2. The colours in play (``COLOURS`` order) are shuffled; seat ``i`` gets the ``i``-th as its
   starting card.
3. The remaining cards, listed colour by colour in ``COLOURS`` order (the colours in play only:
   9 per colour, less the starting card), then the 3 jokers, then the 10 "+2" cards, are
   shuffled; index 0 is the top.
4. The last-round card is inserted so that exactly 15 cards lie under it.
5. The start seat is ``randbelow(players)``.

Actions: ``{"type": "draw"}``, ``{"type": "place_card", "row": r}`` (only right after a draw,
by the same seat) and ``{"type": "take_row", "row": r}``; rows are numbered ``0..players-1``
(player-facing messages count them from 1).
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.coloretto import game
from app.rules.coloretto.bot import choose, greedy_bot, rollout
from app.rules.coloretto.components import (
    BROWN_TABLE,
    COLOURS,
    DEFAULT_OPTIONS,
    GREY_TABLE,
    JOKER,
    LAST_ROUND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLUS_TWO,
    SCORE_TABLES,
    TABLE,
)
from app.rules.coloretto.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    view,
)
from app.rules.coloretto.scoring import Scoring, best_scoring, score_collection
from app.rules.coloretto.state import State
from app.rules.kit import takes_back, turn_to_act as to_act

__all__ = [
    "BROWN_TABLE",
    "COLOURS",
    "GAME",
    "GREY_TABLE",
    "JOKER",
    "LAST_ROUND",
    "PLUS_TWO",
    "SCORE_TABLES",
    "Scoring",
    "State",
    "apply",
    "best_scoring",
    "check_options",
    "choose",
    "greedy_bot",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "rollout",
    "score_collection",
    "to_act",
    "view",
]

check_options = TABLE.check
"""The full options for a table of ``players``, or ``IllegalAction`` if either is invalid."""

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="coloretto",
    title="Coloretto",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    to_act=to_act,  # the kit's turn_to_act: one seat acts at a time
    public_log=True,  # every entry is public: one log for all viewers
    bot=choose,
    # rules/coloretto.md, Hidden information: placing the drawn card and taking a row move
    # public cards only; a draw turns the pile's top card over.
    determinize=game.determinize,
    rollout=rollout,
    evaluate=game.evaluate,
    horizon=game.HORIZON,
    undoable=takes_back(frozenset({"place_card", "take_row"}), piles=("pile",)),
)
