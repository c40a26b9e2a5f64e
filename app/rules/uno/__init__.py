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
* ``wd4_rule``: ``"seed"`` (default): a Wild Draw Four is illegal while its player holds any
  other card they could play (colour, number or symbol); ``"official"``: while they hold a card
  of the colour in effect (house rule 4 [SEED≠OFFICIAL]). Black cards never count. A challenge
  is judged by the same rule.
* ``wd4_challenge``: ``true`` (default): anyone may play a Wild Draw Four (a bluff) and its
  victim may ``challenge`` it, unless it continued a stack [SEED-SILENT resolution]. Guilty:
  its player draws the 4 and the challenger plays the turn as usual; innocent: the challenger
  draws 6 and loses the turn. The challenger alone is shown the hand (house rule 4).
  ``false``: no challenges, and an illegal Wild Draw Four is refused.
* ``uno_call``: ``true`` (default): the UNO call with catches (house rule 5, below); ``false``:
  no calls, no catches.
* ``false_uno_penalty``: ``true`` (default): a false UNO call costs the caller 2 cards and a
  wrong catch costs the catcher 2 (text 1: 若有人喊错UNO，则喊错者罚起牌2张); ``false``: both are
  logged and cost nothing.
* ``going_out_penalty``: ``true`` (default): when the winner's last card is a Draw Two or Wild
  Draw Four, or passes a stack on, the victim draws the cards before the hands are counted
  (house rule 6). No challenge is possible then: the hand is over.
* ``deck_exhausted``: ``"reshuffle"`` (default): when a card must be drawn from an empty pile,
  the discard pile but its top card is shuffled into a new pile; ``"void"``: the hand is void
  (nobody scores; the same dealer deals again in a match to a target) (house rule 7).
* ``first_reverse``: ``"seed"`` (default): a Reverse turned up first reverses play and the
  dealer's right neighbour starts (text 2); ``"official"``: the dealer starts and play goes right.

The UNO call (house rule 5: "an UNO button for the player and a catch button for others, open
until the next player's action"). Online it works like this:

* Every play that leaves its player (say P) with one or two cards opens a window on P. It
  closes at the next *turn action* (a play, draw, pass, ``draw_penalty``, ``challenge`` or
  colour choice by the seat whose turn it is, whoever that is) or at a catch.
* While the window is open the player whose turn it is may ``catch`` P, whether or not P
  called. Right when P holds one card without a call: P draws 2. Wrong when P called in time
  or does not hold exactly one card: the catcher draws 2 (text 1's false call, with
  ``false_uno_penalty``). Either way the window closes.
* While P holds one card without a call, P may ``call_uno`` (late, and is then safe: a catch on
  P is wrong from then on) and every other seat may catch P too; only then is every seat in
  ``to_act``.
* A player may also call *before* playing their second-last card: on their turn, holding two
  cards of which one may be played. Such a call is checked when their turn ends: if they do not
  then hold exactly one card (they took a penalty instead, kept a drawn card, were
  innocent-challenged or caught someone wrongly meanwhile), it was a false call and costs 2
  cards (text 1; a player who goes out is never penalised).
* Why two cards at most (``CATCH_LIMIT``): a catch says "you are on one card and did not call";
  the mistakes a real table makes are missing a call that was made and miscounting two cards
  as one; nobody catches a player holding a fistful. And random play (the conformance suite)
  would often take a catch offered after every play, and hands would grow without end
  (measured: most random 4-player hands passed 20,000 actions).
* Why only the player whose turn it is may catch wrongly: a seat with a legal action is in
  ``to_act`` (design 1.1), and the server moves the bot of every such seat and runs the turn
  clock for every person in it. A catch for everyone after every play would make every bot act
  (or decline) after every play and put people on the clock whose turn it is not. The flow
  depends on nothing hidden: whether a player called is announced and hand sizes are public.
* The bot calls in time (just before playing its second-last card), never calls falsely and
  never catches wrongly, so it is never caught more than a careful person would be.
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

Randomness, all from one stream ``Rng(seed, "uno")`` carried in the state, in this order:

1. The draw for the first dealer: the 108-card deck in ``DECK`` order (per colour in the order
   red, yellow, green, blue: one ``"0"``, then two each of ``"1"``-``"9"``, ``"skip"``,
   ``"reverse"``, ``"draw2"``, written ``"red:7"``; then 4 ``"wild"`` and 4 ``"wild4"``) is
   shuffled (index 0 is the top). Each player takes the next card, seat 0 first; the highest
   number deals, a skip, reverse, draw2 or black card counting as 0. The players tied highest
   take the next card each, in seat order, until one is left (should the pile run out, the
   deck in ``DECK`` order is shuffled again, never in practice).
2. Each hand: the 108 cards in ``DECK`` order are shuffled again; card ``i`` of the first
   ``7 * players`` goes to seat ``(dealer + 1 + i) % players`` (one at a time from the dealer's
   left); the rest is the pile. While the pile's top is a ``"wild4"`` the whole pile is
   shuffled again; then its top is turned up as the first discard. A first ``draw2`` makes
   the dealer's left-hand player draw the next 2 cards at once (and lose the turn).
3. Every later reshuffle of the discard pile (its cards bottom first) continues the stream.

A ``start_seat`` chosen by the table (``new_game(start_seat=k)``, a rematch) overrides the drawn
dealer: seat ``k - 1`` deals, so seat ``k`` leads; the draw still happens, so the rest of the
stream is the same function of the seed.

Actions: ``{"type": "play", "card": "red:7"}``, ``{"type": "play", "card": "wild" | "wild4",
"colour": "red" | "yellow" | "green" | "blue"}``, ``{"type": "draw"}``, ``{"type": "pass"}``,
``{"type": "draw_penalty"}``, ``{"type": "challenge"}``, ``{"type": "choose_colour", "colour":
c}``, ``{"type": "call_uno"}``, ``{"type": "catch", "target": seat}``.

View (whitelisted): ``{"game", "players", "you", "phase": "first_colour" | "play" | "drawn" |
"penalty" | "over", "to_act" (the seat whose turn it is; ``to_act()`` adds every seat while the
player who played last holds one card without a call), "hand_number", "dealer", "direction",
"top", "colour", "discard": [{"card", "colour"}] (the top 6, top last), "discard_count",
"covered" (the cards under those 6, sorted: all were played in sight),
"pile_count", "hand" (own cards, ``None`` for a spectator), "hand_counts", "drawn" (own drawn
card), "pending": None | {"count", "kind", "by", "challengeable"}, "uno_window" (the seat that
may be caught), "pre_called", "said_uno", "no_match" (per seat, this hand's turns on which it
had no card to play, as the table saw them: it drew or passed; each ``{"top", "colour",
"held"}``, ``held`` how many of its cards now it surely held then: ``state.NoMatch``),
"challenge": None | {"seat", "target", "guilty", "hand" (challenger only)}, "totals", "results",
"options"}``.

Log entries: ``dealer_chosen {draws, dealer, by_table}``, ``hand_started {hand, dealer, first_card,
put_back}``, ``played {seat, card, colour, cards_left}``, ``drew {seat, count, reason, cards}``
(cards for the drawer only; reason ``draw``, ``penalty``, ``caught``, ``false_uno``,
``false_catch``, ``challenge``, ``going_out`` or ``first_card``), ``skipped {seat}``, ``passed
{seat}``, ``colour_chosen {seat, colour}``, ``challenged {seat, target, guilty, hand}`` (hand
for the challenger only), ``uno_called {seat}``, ``caught {seat, target}``, ``false_catch {seat,
target, penalty}`` (a wrong catch), ``false_uno {seat, penalty}``, ``reshuffled {count}``,
``hand_over {hand, winner, void, points, scores, totals}``.

Outcome: ``scores`` are the match totals; the winner of the last hand wins (a single void hand
is shared by everyone); ``detail = {"scoring", "target", "totals", "hands": [{"hand", "winner",
"void", "points", "scores"}], "cards_left"}``.

Rules versions (``GAME.version``, which every record carries):

* ``"1"``: the official Wild Draw Four rule was the default, and only a call followed by no
  play could be false (a catch was offered only while it would succeed).
* ``"2"`` (issue 15): the seed's Wild Draw Four rule is the default (``wd4_rule``, rules/uno.md
  House rule 4, corrected); after a play that leaves one or two cards the next player may
  catch, and a wrong catch costs the catcher 2 cards (House rule 5, corrected); catches are
  listed after the turn actions.
* ``"3"`` (issue 27): the view shows ``no_match`` (public, what a table remembers: who could not
  follow what) and the ``covered`` discards (every card played was seen), which the strong
  bot's draws of hidden hands keep. Play is unchanged.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.kit import takes_back
from app.rules.uno import game
from app.rules.uno.bot import choose, greedy_bot, rollout, standing
from app.rules.uno.checks import answers_penalty, can_follow, wild_draw_four_guilty
from app.rules.uno.components import (
    COLOURS,
    DECK,
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TABLE,
    Options,
    card_points,
    hand_points,
)
from app.rules.uno.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.uno.state import Challenge, HandResult, Pending, State, WildDrawFour

__all__ = [
    "COLOURS",
    "DECK",
    "GAME",
    "Challenge",
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
    "greedy_bot",
    "hand_points",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "rollout",
    "standing",
    "to_act",
    "view",
    "wild_draw_four_guilty",
]

check_options = TABLE.check
"""The full options for a table of ``players``, or ``IllegalAction`` if either is invalid."""

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="uno",
    title="UNO",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    # rules/uno.md: every hand but one's own, the pile and the covered discards are secret.
    determinize=game.determinize,
    rollout=rollout,
    standing=standing,
    # rules/uno.md, a turn: passing after a draw keeps the drawn card hidden, and naming a
    # colour shows none; a penalty drawn from the pile as a result makes it final.
    undoable=takes_back(frozenset({"pass", "choose_colour"}), piles=("pile",)),
    version="3",  # the view counts covered discards, turns with no match ("Rules versions")
)
