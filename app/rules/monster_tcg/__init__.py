"""Monster Duel for exactly 2 players, as written in ``rules/monster-tcg.md`` (its "Settled for
Parlor" section, with "Minimum real rules engine" for the setup, the turn, special conditions,
knock-outs and wins), on an original card set (issue 22; the wire contract is shared with the
renderer ``static/js/games/monster_tcg.js``).

Cards (``components.py``, one data table ``CARD_TABLE``): 30 names, lowercase ids. 22
creatures of four types (fire, water, grass, lightning; weakness by the cycle fire > grass >
lightning > water > fire, a few sturdy creatures resist the type they beat), each with HP, one
or two attacks (cost, damage, at most one effect: ``flip_extra {amount}``, ``flip_paralyse``,
``poison``, ``burn``, ``sleep``, ``confuse``, ``heal_self {amount}``, ``draw {count}``,
``bench_damage {amount}``, interpreted by ``effects.py`` alone), weakness, resistance and a
retreat cost; Stage 1 and Stage 2 lines (cinder-pup > blaze-hound > inferno-wolf, drip-frog >
torrent-toad > tidal-leviathan, sprout-mole > thorn-badger > bramble-king, spark-mouse >
volt-lynx > storm-tiger; reef-crab > coral-knight, coil-snake > dynamo-serpent); four basic
energies (``fire-energy``...); four trainers: ``potion-pack`` (heal 20 on one's creature),
``field-notes`` (draw 2), ``swap-whistle`` (switch the active with a benched creature),
``tracker-map`` (search the deck for a Basic). ``attack_damage(base, attack_type, weakness,
resistance)`` is design 1.4's: weakness x2, then resistance -30, never below 0.

Decks (``decks.py``, ``DECKS``): ``ember`` (fire + lightning), ``tide`` (water + grass),
``surge`` (lightning + water), ``grove`` (grass + fire), each a 60-card list (18 Basics, 10
trainers, 20-22 energy) and a 30-card half list (10 Basics), at most 4 copies of a name but
energy; every type meets its weakness in two decks, so every pairing has one type advantage
each way. A deck ``(first type, second type)``: ``ember`` (fire, lightning), ``tide`` (water,
grass), ``surge`` (lightning, water), ``grove`` (grass, fire). Its list, in listing order: the
first type's creatures, the second type's, the trainers, then energy up to the deck size, the
first type's ``{type}-energy`` cards first and one more of them when the count is odd. Copies
per name, 60-card list / 30-card list (each type's creatures in this order):

* fire: cinder-pup 4/2, blaze-hound 3/1, inferno-wolf 2/1, ember-newt 3/2, magma-tortoise 2/1
* water: drip-frog 4/2, torrent-toad 3/1, tidal-leviathan 2/1, mist-eel 3/2, reef-crab 2/1,
  coral-knight 1/0
* grass: sprout-mole 4/2, thorn-badger 3/1, bramble-king 2/1, spore-moth 3/2, moss-turtle 2/1
* lightning: spark-mouse 4/2, volt-lynx 3/1, storm-tiger 2/1, static-bat 3/2, coil-snake 2/1,
  dynamo-serpent 1/0
* trainers: potion-pack 3/2, field-notes 3/1, swap-whistle 2/1, tracker-map 2/1

The Basics are the creatures that evolve from none: cinder-pup, ember-newt, magma-tortoise,
drip-frog, mist-eel, reef-crab, sprout-mole, spore-moth, moss-turtle, spark-mouse, static-bat,
coil-snake.

Options (``check_options`` fills in the defaults):

* ``deck_size``: ``60`` (default, 6 prizes) or ``30`` (the half lists, 3 prizes).
* ``deck_1``, ``deck_2``: seat 0's and seat 1's deck: ``"choose"`` (default: the player picks
  one in phase ``"deck"``, hidden from the other until both have) or a deck id (fixed by the
  host, public like every option).

Randomness, each a named stream carried in the state (``Rng(seed, name)``) so that a match can
be re-dealt by hand from its revealed seed: ``"deal"`` shuffles (each game's setup: seat 0's
whole list in listing order, then seat 1's, a reshuffle of the whole list for each mulligan;
then every search's reshuffle), ``"coins"`` flips every coin (``randbelow(2)``, 0 = heads), and
``"prizes"`` picks which face-down prize a knock-out takes (``randbelow(prizes left)``).
The setup of a seat: its whole list is shuffled (index 0 the top) and the top 7 are the hand;
while they hold no Basic, that hand is revealed (a mulligan) and the whole list shuffled again;
then the next 6 cards (3 with the 30-card lists) are the prizes and the rest is the deck, top
first. The decks are the options ``deck_1`` and ``deck_2``, or each seat's ``choose_deck``.
The first flip of ``"coins"`` is the one for the first player.

Play (phases ``"deck"``, ``"setup"``, ``"play"``, ``"search"``, ``"promote"``, ``"over"``):

* Deck choice (simultaneous; skipped when both decks are fixed): ``choose_deck {deck}`` once.
* Setup (simultaneous): each hand of 7 is dealt with its automatic mulligans (each revealed in
  the log) and its prizes set aside from the top of the deck. A seat whose opponent took
  mulligans may ``draw_extra {count}`` (0 to that many) before it places anything (placing
  first forgoes it). Then ``place_active {card}`` (a Basic), ``place_bench {card}`` (a Basic,
  once the active is placed, at most 5) and ``setup_done`` (once the active is placed), face
  down: the other sees card backs (``card`` null, ``hp`` 0) until both are done. Then the
  placements are revealed, and a coin decides who goes first: heads seat 0, tails seat 1
  (``coin {seat: 0, purpose: "first"}``). With ``new_game(start_seat=k)`` seat k goes first
  in the first game; the coin is still drawn (not logged) so the later flips do not change.
* A turn starts with its automatic draw (a seat that cannot draw loses: ``deck_out``); then,
  in any order, ``bench``, ``evolve`` (not on one's own first turn, i.e. turn numbers 1 and 2;
  not a creature benched or evolved this turn; so never twice a turn), ``attach`` (one energy a
  turn, any own creature), ``trainer`` (``slot`` null for draw and search), ``retreat`` (once a
  turn, not asleep or paralysed; the energy attached last is discarded first, as many as the
  cost; the active takes the incoming creature's bench place), then ``attack`` (not on the
  first player's first turn; it ends the turn) or ``end_turn``. Switch and retreat clear the
  old active's special conditions, as does evolving. Bench slots are bench list index + 1; a
  promotion or a knock-out closes the gap.
* Tracker Map opens phase ``"search"`` whether or not the deck holds a Basic (the view's
  ``search`` lists those it holds, to the searcher only): ``take_basic {card}`` or
  ``take_none``, then the deck is shuffled and the turn goes on.
* An attack: confused, a coin first (tails: 30 damage to itself, the attack fails and no
  ``attack`` entry is logged); ``flip_extra`` adds its amount to the base damage on heads,
  then weakness and resistance; then the effect (a condition only on a creature not knocked
  out; ``bench_damage`` to the ``target`` bench slot, which is required when the opponent has
  a bench, and null otherwise, unmodified by weakness and resistance; ``heal_self`` after the
  damage).
* The end of a turn: after an attack, its knock-outs and a check for the win; then the checkup
  of both actives (the seat whose turn ended first): asleep flips to wake, burned takes 20 then
  flips to recover, poisoned takes 10, paralysed clears after its owner's turn; then its
  knock-outs and a check for the win; then promotions (``"promote"``: the seat whose turn
  ended first, then the other; ``turn`` in the view is null meanwhile); then the next turn.
* Special conditions combine as printed cards do: asleep, confused and paralysed exclude each
  other (the newest replaces the older), burned and poisoned stack with everything.
* Knock-out (damage >= HP): the creature, its lower stages and its energy go to its owner's
  discard (in that order); the opponent takes a prize chosen at random into its hand (several
  knock-outs at once: the defending side's first, the active before the bench).
* Wins, checked after an attack's knock-outs and after the checkup's: a seat that has taken all
  its prizes (``prizes``) or whose opponent has no creature in play (``no_creatures``); a seat
  that cannot draw at its turn start loses (``deck_out``). Both seats winning at one check is a
  sudden death: every card of both decks is reshuffled (decks kept) and a new game is set up
  with 1 prize each, a new coin flip for the first player and turn numbers from 1 again
  (``sudden_death`` counts them). A simultaneous win in the third sudden death ends the match
  drawn (``draw``), both seats winners.
* No turn cap is needed: every turn draws a card, no card ever goes back into a deck during a
  game (a search takes one out), and every other action uses up a card or a once-a-turn
  right, so a game lasts at most about ``2 * (deck - 7 - prizes)`` turns, and a match at most
  four games.

Codes of refused actions: ``not_your_turn``, ``game_over``, ``wrong_phase``, ``not_in_hand``,
``bad_action`` (the shape), ``bad_card`` (a name that is no card, or a card of the wrong
kind), ``bad_slot`` (no such creature, or a slot the action does not take), ``bad_deck`` (no
such deck), ``not_allowed`` (a rule forbids it now).

Outcome: ``scores`` 1 per winner, ``winners``, ``detail = {"winners", "reason",
"prizes_taken", "sudden_death"}``.

View (whitelisted, ``views.py``): as the wire contract (issue 22) says: ``you``, ``phase``,
``turn``, ``number``, ``first``, ``to_act``, ``prizes_total``, ``deck_options``,
``catalogue`` (every card name the view shows), ``players`` (per seat ``deck`` (the other's
null while choosing, unless fixed), ``chosen``, ``ready``, ``active``, ``bench``, ``hand``
(the viewer's own only), ``hand_count``, ``deck_count``, ``prizes``, ``discard``,
``mulligans``, ``extra_done``: it may no longer draw extra cards for the other's mulligans,
public like the ``draw_extra`` entry and the placements; issue 27), ``this_turn``,
``preview`` (own turn only), ``search``, ``sudden_death``, ``winners``, ``reason``.

Log entries (kit ``Event``; the same entries for every viewer): ``deck_chosen {seat, deck}``
(``deck`` to its chooser only), ``decks {decks}``, ``mulligan {seat, hand}``, ``draw_extra
{seat, count}``, ``setup {seat, active, bench}``, ``coin {seat, purpose, result}``, ``turn
{seat, number}``, ``draw {seat, card}`` (``card`` to the drawer only), ``bench {seat, card}``,
``evolve {seat, slot, card, from}``, ``attach {seat, slot, card}``, ``trainer {seat, card,
slot}``, ``take_basic {seat, card}`` (``card`` null for ``take_none``), ``retreat {seat, slot,
discarded}``, ``attack {seat, attack, title, damage, target, weakness, resistance}``
(``damage`` dealt to the defending creature; ``weakness``/``resistance``: whether they
applied), ``damage {seat, slot, amount, cause}`` (cause ``"attack"``, ``"bench"``,
``"confused"``, ``"burn"``, ``"poison"``), ``condition {seat, slot, condition}``, ``recovered
{seat, slot, condition}``, ``knocked_out {seat, card}``, ``prize {seat, card}`` (``card`` to
the taker only), ``promote {seat, slot}``, ``sudden_death {number}``, ``win {seats,
reason}``. ``heal_self`` and Potion Pack have no entry of their own (the contract lists none):
the ``attack`` and ``trainer`` entries say what happened.

Rules versions (``GAME.version``, which every record carries):

* ``"1"``: the first.
* ``"2"``: each player's view says whether they have drawn their extra cards for the other's
  mulligans (``extra_done``, public: the log says it), which a strong bot's drawn state needs
  (``determinize``: the legal actions depend on it). The moves are the same.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.monster_tcg import game
from app.rules.monster_tcg.bot import choose, greedy_bot
from app.rules.monster_tcg.components import CARD_TABLE, CARDS, PLAYERS, Attack, Card, attack_damage
from app.rules.monster_tcg.decks import DECKS, DEFAULT_OPTIONS, Deck, Options, check_options
from app.rules.monster_tcg.determinize import determinize
from app.rules.monster_tcg.evaluate import evaluate
from app.rules.monster_tcg.game import apply, legal_actions, log, new_game, outcome, to_act, view
from app.rules.monster_tcg.state import Creature, Side, State

__all__ = [
    "CARDS",
    "CARD_TABLE",
    "DECKS",
    "GAME",
    "Attack",
    "Card",
    "Creature",
    "Deck",
    "Options",
    "Side",
    "State",
    "apply",
    "attack_damage",
    "check_options",
    "choose",
    "determinize",
    "evaluate",
    "greedy_bot",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "to_act",
    "view",
]

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="monster_tcg",
    title="Monster Duel",
    min_players=PLAYERS,
    max_players=PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    determinize=determinize,
    # The strong bot's playouts: a whole match with the normal bots is about 15 ms, so only
    # ~48 fit in 300 ms; they stop after 20 actions (about this turn, the opponent's reply and
    # the next attack: a turn is 3-5 actions) and score the prizes, damage and energy
    # (``evaluate``). bench.games, strong against normal at 2 players, 60 duplicate-deal games:
    # 76.7 % with ~71 playouts a decision; 66.7 % with ~101 at horizon 12; ~55 % with whole
    # playouts.
    evaluate=evaluate,
    horizon=20,
    version="2",  # the view's extra_done (see "Rules versions" above)
)
