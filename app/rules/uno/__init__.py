"""UNO for 2 to 10 players, as written in ``rules/uno.md`` (seed 003, two texts).

Options (``check_options`` fills in the defaults; every house rule of the seed is on, as the seed
plays, and every seed-versus-published difference takes the rule file's default):

* ``scoring``: ``"seed"`` (default): each loser pays the value of their own hand to the winner
  (zero-sum); ``"official"``: the winner scores the sum of the losers' hands, the losers 0
  (rules/uno.md, Scoring [SEED≠OFFICIAL]).
* ``target``: ``0`` (default): the match is one hand. ``1``-``1000``: hands are played until
  the winner of a hand has a total of at least the target (official UNO plays to 500); the
  winner of a hand deals the next one (Players and deal, text 2).
* ``stack_draw_two``: ``true`` (default): a pending Draw Two may be answered with any Draw Two
  and the total grows 2, 4, 6, ... (house rule 1).
* ``stack_draw_four``: ``true`` (default): a Wild Draw Four answers a pending Draw Two or Wild
  Draw Four, a Draw Two never answers a Wild Draw Four; totals add up across both kinds (house
  rule 2 [SEED-AMBIGUOUS]). With either stacking rule, the victim decides: answer, or
  ``draw_penalty``. Without any (and without a challenge) the victim draws at once.
* ``no_wild_on_penalty``: ``true`` (default): a plain Wild cannot answer a pending penalty (house
  rule 3). ``false``: a plain Wild may answer a penalty wherever a card could be stacked on it;
  it adds nothing and passes the total on to the next player [rule file silent on its effect:
  resolution].
* ``wd4_rule``: ``"official"`` (default): a Wild Draw Four is illegal while its player holds a
  card of the colour in effect; ``"seed"``: while they hold any coloured card they could play
  (colour, number or symbol; house rule 4 [SEED≠OFFICIAL]). Black cards never count.
* ``wd4_challenge``: ``true`` (default): anyone may play a Wild Draw Four (a bluff) and its
  victim may ``challenge`` it, unless it continued a stack [SEED-SILENT resolution]. Guilty:
  its player draws the 4 and the challenger plays the turn as usual; innocent: the challenger
  draws 6 and loses the turn. The challenger alone is shown the hand (house rule 4).
  ``false``: no challenges, and an illegal Wild Draw Four is refused.
* ``uno_call``: ``true`` (default): the UNO call with catches (house rule 5, below); ``false``:
  no calls, no catches.
* ``false_uno_penalty``: ``true`` (default): a false UNO call costs the caller 2 cards (text 1).
* ``going_out_penalty``: ``true`` (default): when the winner's last card is a Draw Two or Wild
  Draw Four, or passes a stack on, the victim draws the cards before the hands are counted
  (house rule 6). No challenge is possible then: the hand is over.
* ``deck_exhausted``: ``"reshuffle"`` (default): when a card must be drawn from an empty pile,
  the discard pile but its top card is shuffled into a new pile; ``"void"``: the hand is void
  (nobody scores; the same dealer deals again in a match to a target) (house rule 7).
* ``first_reverse``: ``"seed"`` (default): a Reverse turned up first reverses play and the
  dealer's right neighbour starts (text 2); ``"official"``: the dealer starts and play goes right.

The UNO call (house rule 5). Online, and without a clock, it works like this:

* When a play leaves a player with one card and they have not called, an UNO window opens on
  them: they may ``call_uno`` (and are safe), and every other seat may ``catch`` them (they draw
  2). The window closes at the next *turn action* (a play, draw, pass, ``draw_penalty``,
  ``challenge`` or colour choice by the seat whose turn it is, whoever that is), at the call or
  at the catch. While it is open every seat is in ``to_act``.
* A player may also call *before* playing their second-last card: on their turn, holding two
  cards of which one may be played. Such a call is checked when their turn ends: if they do not
  then hold exactly one card (they took a penalty instead, or were innocent-challenged), it was
  a false call and costs 2 cards (text 1; a player who goes out is never penalised). This is
  the only false call there is: the "UNO!" and "catch" buttons exist exactly while they are
  usable, so nobody can call on a player who is not catchable.
* Text 2 says "one *non-action* card left" [SEED-AMBIGUOUS]: any single card counts.

Other decisions where the rule file leaves a point open (player's expectation):

* Turn: you may draw only when you cannot play (rules/uno.md, Turn). After drawing you either
  play the drawn card (if it matches, naming a colour if it is black) or ``pass``; the choice is
  asked even when the card cannot be played, so nobody learns it from the flow of play.
* First card: a Draw Two makes the first player draw 2 and lose the turn (no stacking on it); a
  Skip skips them; a Wild is named by the first player (``choose_colour``), who then plays.
  With two players a first Reverse follows the same rule (seed: the non-dealer starts;
  official: the dealer).
* A Wild Draw Four's legality is judged on the hand right after the play, against the top card
  and colour it was played on; playing the card just drawn counts like any other play.
* An empty pile with nothing to reshuffle: the drawer takes what there is; a player who can
  neither play nor draw passes; when every player in a row has passed like that the hand is
  blocked and void (otherwise the game could not end).
* Hands are counted by the engine: only each hand's value is published (``hand_over`` and the
  outcome), never the cards, so a hand shown to a challenger never reaches anyone else.
* Not implemented: text 1's random choice of the next dealer (the winner deals, text 2), and
  chips or any stake beyond the points.

Randomness, all from one stream ``Rng(seed, "uno")`` carried in the state, in this order: the
108-card deck (``DECK`` order) is shuffled and the players draw for the first deal (seat 0
first, index 0 is the top; ties redraw from the same pile, in seat order); then per hand the
deck is shuffled, 7 cards are dealt one at a time starting left of the dealer, the next card
is turned up (a Wild Draw Four: the rest of the pile is shuffled again and the new top turned
up); every later reshuffle of the discard pile (its cards bottom first) continues the stream.
A ``start_seat`` chosen by the table (``new_game(start_seat=k)``, a rematch) overrides the drawn
dealer: seat ``k - 1`` deals, so seat ``k`` leads; the draw still happens, so the rest of the
stream is the same function of the seed.

Actions: ``{"type": "play", "card": "red:7"}``, ``{"type": "play", "card": "wild" | "wild4",
"colour": "red" | "yellow" | "green" | "blue"}``, ``{"type": "draw"}``, ``{"type": "pass"}``,
``{"type": "draw_penalty"}``, ``{"type": "challenge"}``, ``{"type": "choose_colour", "colour":
c}``, ``{"type": "call_uno"}``, ``{"type": "catch", "target": seat}``.

View (whitelisted): ``{"game", "players", "you", "phase": "first_colour" | "play" | "drawn" |
"penalty" | "over", "to_act" (the seat whose turn it is; ``to_act()`` adds every seat while an
UNO window is open), "hand_number", "dealer", "direction",
"top", "colour", "discard": [{"card", "colour"}] (the top 6, top last), "discard_count",
"pile_count", "hand" (own cards, ``None`` for a spectator), "hand_counts", "drawn" (own drawn
card), "pending": None | {"count", "kind", "by", "challengeable"}, "uno_window", "pre_called",
"said_uno", "challenge": None | {"seat", "target", "guilty", "hand" (challenger only)},
"totals", "results", "options"}``.

Log entries: ``dealer_chosen {draws, dealer, by_table}``, ``hand_started {hand, dealer, first_card,
put_back}``, ``played {seat, card, colour, cards_left}``, ``drew {seat, count, reason, cards}``
(cards for the drawer only; reason ``draw``, ``penalty``, ``caught``, ``false_uno``,
``challenge``, ``going_out`` or ``first_card``), ``skipped {seat}``, ``passed {seat}``,
``colour_chosen {seat, colour}``, ``challenged {seat, target, guilty, hand}`` (hand for the
challenger only), ``uno_called {seat}``, ``caught {seat, target}``, ``false_uno {seat,
penalty}``, ``reshuffled {count}``, ``hand_over {hand, winner, void, points, scores, totals}``.

Outcome: ``scores`` are the match totals; the winner of the last hand wins (a single void hand
is shared by everyone); ``detail = {"scoring", "target", "totals", "hands": [{"hand", "winner",
"void", "points", "scores"}], "cards_left"}``.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.uno.bot import choose
from app.rules.uno.checks import answers_penalty, can_follow, wild_draw_four_guilty
from app.rules.uno.components import (
    COLOURS,
    DECK,
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Options,
    card_points,
    hand_points,
)
from app.rules.uno.game import (
    apply,
    check_options,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.uno.state import Challenge, Event, HandResult, Pending, State, WildDrawFour

__all__ = [
    "COLOURS",
    "DECK",
    "GAME",
    "Challenge",
    "Event",
    "HandResult",
    "Options",
    "Pending",
    "State",
    "WildDrawFour",
    "answers_penalty",
    "apply",
    "can_follow",
    "card_points",
    "check_options",
    "choose",
    "hand_points",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "to_act",
    "view",
    "wild_draw_four_guilty",
]

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules(
    slug="uno",
    title="UNO",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    log=log,
    bot=choose,
)
