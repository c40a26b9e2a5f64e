"""Master of Rules for 3 to 5 players, as written in ``rules/master-of-rules.md`` (seed 000).

No options: the rule file resolves every difference from the published game in favour of the
seed, which is the only version implemented.

Table and seats. The table has five places in clockwise order, ``0..4``. The humans are seats
``0..players-1`` at the places of the same numbers; the remaining places are dummies (with 4
players place 4, with 3 players place 3 is "dummy 1" and place 4 "dummy 2"). The right-hand
neighbour of a place is the previous one; a human's left is the next human.

Setup randomness, all drawn from ``Rng(seed, "deal")`` in this order, so a match can be re-dealt
by hand from its revealed seed:

1. The 45 number cards, listed colour by colour in ``COLOURS`` order (red, yellow, green, blue,
   purple), values 1 to 9, are shuffled; index 0 is the top.
2. The 60 rule cards, listed type by type in ``RULE_TYPES`` order (limit23, king, unique, trio,
   support_right), 12 each, are shuffled.
3. Seat 0 takes the top 4 number cards, seat 1 the next 4, and so on; then seat 0 takes the top
   3 rule cards, seat 1 the next 3, and so on. The next ``players`` cards of each deck form the
   display (Setup 3: H cards of each type).
4. The start seat is ``randbelow(players)``, unless the table chose one (``new_game``'s
   ``start_seat``, for rematches); it is drawn either way, so the rest is the same.
5. Every later reshuffle continues the same stream: when a card must be drawn from an empty
   deck, its discard pile (in the order the cards were discarded) is shuffled and becomes the
   deck.

A deal (rules/master-of-rules.md, A deal): from the start seat clockwise each human plays a
card in lap 1, then after the dummies get their lap-1 cards each plays the other type in lap 2;
the check follows, then a new display of ``players`` cards of each type and the start marker
passes left. 3 and 4 players play 12 deals, 5 players 10.

Actions: ``{"type": "play_number", "colour": c, "value": v}``, ``{"type": "play_rule",
"rule": r}``, then ``{"type": "take_number", "colour": c, "value": v}`` or ``{"type":
"take_rule", "rule": r}`` from the display, of the type just played. Rule types on the wire are
``"limit23"``, ``"king"``, ``"unique"``, ``"trio"``, ``"support_right"``.

Points the rule file leaves open, resolved as a player would expect:

* A take with only one choice (the last card of that type on the display, or several copies of
  one rule type) is made at once, without an action; it is logged as ``forced``.
* "If a deck runs short": cards are turned one by one, and only when the deck is empty is its
  discard pile shuffled into a new deck, so the last cards of the old deck come first. Should
  both a deck and its discard pile be empty (possible for rule cards with 5 players, when nearly
  every rule is fulfilled), the display stays short, and a player who finds no card of the
  type they played takes none.
* The restriction counts every rule card on the table this deal, the dummy's included (the
  SEED-AMBIGUOUS resolution); its exception applies in lap 1 too (the SEED-SILENT one).
* The seed names four colours in its examples (purple, green, blue, red); the fifth is yellow.
* Hands are kept sorted (colour then value; rule types in ``RULE_TYPES`` order): the order of a
  hand tells nothing.

Outcome: each seat's score (``score_completed`` of its pile); winners are the best by score,
then more Support Right, Trio, Unique, King of Kings, Limit 23 cards; seats still tied share the
win. ``detail = {"completed": [{type: count}], "points": [{"cards", "sets", "all_types"}],
"sets": [[types with the +2]], "tie_break": [types in tie-break order]}``.

View (whitelisted): ``{"game", "players", "you", "places": 5, "dummies": [places], "deal",
"deals", "round", "rounds", "lap", "phase": "play" | "take" | "over", "to_act", "start_seat",
"taking": None | "number" | "rule", "hand": None | {"numbers": [card], "rules": [type]} (the
viewer's own only), "hand_sizes": [{"numbers", "rules"}], "display": {"numbers", "rules"},
"table": [{"number": card | None, "rule": type | None}] per place, "played_rules": [type],
"restriction": None | {"blocked": [type], "exception": bool} (the viewer's own hand, while
the game runs), "score_piles": [{type: count}], "scores": [int], "decks": {"numbers",
"rules"}, "discards": {"numbers", "rules"}, "last_check": None | {"deal", "numbers", "rules",
"fulfilled", "reasons", "sum"}}``, a card being ``{"colour", "value"}`` and the reasons those
of ``explain_deal``.

Log entries (all public): ``game_started {players, start_seat, deals}``, ``deal_started {deal,
round, start_seat, numbers, rules}`` (the new display), ``card_played {seat, lap, number,
rule}``, ``card_taken {seat, number, rule, forced}``, ``dummy_card {place, number, rule}``,
``deck_reshuffled {deck: "number" | "rule", cards}``, ``deal_checked {deal, rules,
fulfilled}``, ``game_over {scores, winners}``.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.kit import takes_back, turn_to_act as to_act
from app.rules.master_of_rules import game
from app.rules.master_of_rules.bot import choose, greedy_bot
from app.rules.master_of_rules.components import (
    COLOURS,
    DEALS,
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULE_NAMES,
    RULE_TYPES,
    SEATS,
    TABLE,
    TIE_BREAK,
    VALUES,
    Number,
)
from app.rules.master_of_rules.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    view,
)
from app.rules.master_of_rules.scoring import (
    check_deal,
    explain_deal,
    rank_key,
    score_completed,
    score_parts,
)
from app.rules.master_of_rules.state import Check, State

__all__ = [
    "COLOURS",
    "DEALS",
    "GAME",
    "RULE_NAMES",
    "RULE_TYPES",
    "SEATS",
    "TIE_BREAK",
    "VALUES",
    "Check",
    "Number",
    "State",
    "apply",
    "check_deal",
    "check_options",
    "choose",
    "greedy_bot",
    "explain_deal",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "rank_key",
    "score_completed",
    "score_parts",
    "to_act",
    "view",
]

check_options = TABLE.check
"""The full options for a table of ``players``, or ``IllegalAction`` if either is invalid."""

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="master_of_rules",
    title="Master of Rules",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    to_act=to_act,  # the kit's turn_to_act: one seat acts at a time
    public_log=True,  # every entry is public: one log for all viewers
    bot=choose,
    # rules/master-of-rules.md, Hidden information: the other hands and the decks' order.
    determinize=game.determinize,
    # rules/master-of-rules.md, Hidden information: taking from the display is public, unless
    # it ends the lap and dummy cards are turned over from a deck (or a new deal is dealt).
    undoable=takes_back(
        frozenset({"take_number", "take_rule"}), piles=("number_deck", "rule_deck")
    ),
)
