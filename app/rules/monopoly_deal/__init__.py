"""Monopoly Deal for 2-5 players, as written in ``rules/monopoly-deal.md`` (seed 003; issue 20).

Cards (``components.py``): string ids ``{kind}-{detail}-{k}``, ``k`` from 1 within the kind and
detail: money ``money-1-1``..``money-1-6``, ``money-2-1..5``, ``money-3-1..3``, ``money-4-1..3``,
``money-5-1..2``, ``money-10-1``; actions ``action-{name}-{k}`` (``deal_breaker`` 2,
``just_say_no`` 3, ``sly_deal`` 3, ``forced_deal`` 3, ``debt_collector`` 3, ``birthday`` 3,
``pass_go`` 10, ``house`` 3, ``hotel`` 2, ``double_rent`` 2; bank values 5, 4, 3, 3, 3, 2, 1, 3,
4, 1); rents ``rent-{a}+{b}-{k}`` (dark_blue+green, red+yellow, pink+orange, light_blue+brown,
railroad+utility, 2 each, 1M) and ``rent-any-{k}`` (3, 3M); properties ``property-{colour}-{k}``;
wilds ``wild-{a}+{b}-{k}`` (dark_blue+green 4M, green+railroad 4M, light_blue+railroad 4M,
light_blue+brown 1M, railroad+utility 2M, pink+orange x2 2M, red+yellow x2 3M) and
``wild-any-{k}`` (2, no value: never banked nor paid). Colours: ``brown``, ``dark_blue``,
``green``, ``light_blue``, ``orange``, ``pink``, ``railroad``, ``red``, ``yellow``, ``utility``.
``is_complete(colour, cards)`` and ``rent_owed(colour, cards, house, hotel)`` are design 1.4's.

Options (``check_options`` fills in the defaults):

* ``buildings``: ``"official"`` (default, the rule file's "Default: neither": no house or hotel
  on railroads or utilities) or ``"seed"`` (none on utilities only).
* ``deck``: ``"standard"`` (default, 106 cards) or ``"extended"`` (the [UNVERIFIED] 4th Forced
  Deal ``action-forced_deal-4`` and 3rd Hotel ``action-hotel-3``: 108 cards).

Setup randomness, so a match can be re-dealt by hand from its revealed seed: ``Rng(seed,
"deal")`` shuffles the deck (``DECK`` order, the deck table's: money 1, 2, 3, 4, 5, 10 (6, 5, 3,
3, 2, 1 cards); the actions in the order listed above; the two-colour rents in the order listed
above, then ``rent-any``; the properties colour by colour in the order of Colours above, as
many as the set size (brown 2, dark_blue 2, green 3, light_blue 3, orange 3, pink 3, railroad
4, red 3, yellow 3, utility 2); the wilds in the order listed above; ``k`` ascending within
each; the extended deck then adds ``action-forced_deal-4`` and ``action-hotel-3``; index 0 is
the top), then draws the first player ``randbelow(players)`` (drawn even when the table chooses it,
``new_game(start_seat=k)``). Seat 0 takes the top 5 cards, seat 1 the next 5, and so on; the
rest is the draw pile, from which the first player's turn (started in ``new_game``) at once
draws the top 2 cards. Every reshuffle (Deck exhausted: the discard pile, bottom first, becomes
the draw pile) continues one stream ``Rng(seed, "reshuffle")`` carried in the state. The next
seat after ``s`` is ``(s + 1) % players`` ("to the left").

Play (phases ``"play"``, ``"respond"``, ``"pay"``, ``"discard"``, ``"over"``). A turn starts on
its own (in ``new_game`` for the first player, then after the previous turn): draw 2, or 5 with
an empty hand (a reshuffle when the pile runs out mid-draw; with both empty, what there is);
then ``"play"`` with ``plays_left`` 3. Actions (every field required; ``card`` a hand card id):

* ``bank {card}``: money, an action or a rent card to the bank (a banked action is money for
  good); ``place {card, colour}``: a property (its colour) or a wild (one of its colours).
  A card placed (or received, or moved) in colour c joins the first incomplete set of c, else
  starts a new set of c (Turn 2: cards beyond a full set start a new set), so no set is ever
  larger than its colour's size. A set left empty disappears. Set indices are positions in the
  owner's ``sets`` as the view lists them.
* ``move_wild {card, colour}``: a wild of one's own sets to another colour it may take. Free (no
  play), and [Parlor's cap, so that a turn ends] each wildcard at most once a turn
  (``moved_wilds``).
* ``pass_go {card}`` draw 2; ``birthday {card}`` every other player owes 2M; ``debt_collector
  {card, target}`` 5M; ``sly_deal {card, target, take}``; ``forced_deal {card, target, give,
  take}``; ``deal_breaker {card, target, set}`` (a complete set, with its buildings);
  ``build {card, set}`` (a house on an own complete set without one, not on the colours the
  option ``buildings`` excludes; a hotel on one with a house and no hotel); ``rent {card,
  colour, doubles, target}``: a two-colour rent names one of its colours and charges every
  other player (``target`` null), a wild rent any colour and one ``target``; the actor must own
  a set of that colour and the rent is the best of those sets (``rent_owed`` with its cards
  and buildings), x2 per Double the Rent in ``doubles`` (0-2 hand cards, each its own play).
* ``end_turn {}``: always legal in ``"play"``; with more than 7 cards, ``"discard"`` follows
  (``discard {card}`` until 7 are left), then the next player's turn starts.
* Response windows (``"respond"``): ``to_act`` is the one seat that may answer, ``accept`` or
  ``just_say_no {card}``. The chain alternates target, actor, target...; an odd number of Just
  Say Nos cancels the action for that target. The actor's Just Say No counts as one of their
  plays (it is their turn); with no play left the actor's window is skipped (public) and the
  target's Just Say No stands. A target's is never a play (Restrictions). A window opens for
  every target whether or not it holds a Just Say No (the flow must not tell), except that a
  target of a debt whose table holds nothing payable is skipped (``nothing_to_pay``).
* Paying (``"pay"``, the payer acts): ``pay {card}``: a bank card, a property or wild of one's
  sets (not a multicolour wild: no value) or a building (a hotel before the house under it);
  ``pay_all {}``: only when everything payable is worth no more than what is still owed. It
  ends when the paid total reaches the debt (no change) or nothing payable is left. Money and
  buildings go to the recipient's bank, properties and wilds to their sets (a wild in the
  colour it had).
* Buildings on a set that stops being complete (a card paid away, a wild moved out; steals
  never break one: Sly and Forced Deals take no card of a complete set, a Deal Breaker takes
  the set with its buildings) go to that set owner's bank as money ([UNVERIFIED] common
  ruling; ``buildings_to_bank``).
* Multi-target actions (birthday, two-colour rent): targets in turn order from the actor's left;
  for each a window, then (unless cancelled) its payment. Steals: a window, then the effect.
  Then back to ``"play"`` for the actor.

Codes of refused actions: ``not_your_turn``, ``game_over``, ``wrong_phase``, ``not_in_hand``,
``bad_action`` (the shape), ``bad_card`` (a string naming no card), ``no_plays_left``,
``bad_target``, ``not_allowed`` (a rule forbids it).

Winning: after every change, a player with complete sets of 3 different colours wins at once,
on anyone's turn, mid-payment too (Winning, [SEED-SILENT] resolution); when one change completes
two players (a Forced Deal), the seat whose turn it is is checked first, then the others in turn
order. Only the turn's player collects debts, so a property received on another's turn comes
from a Forced Deal; a payment completing the collector's third set ends the match mid-payment.

Round limit (Parlor's decision: no rule ends a match nobody wins): after ``ROUND_LIMIT`` (50)
full rounds (a round ends when the turn comes back to the first player) the match ends. Random
play reaches it only when every card has left the hands, the pile and the discards, so nothing
can change any more (3 matches in 200 at 5 players, none at 2; random matches otherwise last at
most about 22 rounds). The winners are the seats with the most complete colours, then the
highest table value (bank, properties and buildings), all tied seats sharing.

Outcome: ``scores`` per seat the number of different colours complete (0-3), ``winners``,
``detail`` the view's ``result``.

View (whitelisted): ``{"game": "monopoly_deal", "players", "you"`` (seat or ``None``),
``"to_act"`` (sorted), ``"phase", "turn", "plays_left", "round", "hand"`` (own ids, ``None`` for
a spectator), ``"hand_sizes", "deck"`` (count), ``"discards"`` (ids, bottom to top),
``"banks"`` ([ids] per seat), ``"bank_totals"``, ``"sets"`` (per seat a list of ``{"colour",
"cards", "house", "hotel", "complete", "rent"}``), ``"complete_colours"`` (per seat),
``"pending"`` (``None`` or ``{"kind", "actor", "target"`` (the seat now concerned),
``"targets"`` (those still to come), ``"card", "amount"`` (owed in all by each target),
``"paid"`` (ids the current payer has paid), ``"owed"`` (still owed), ``"chain"`` (seats that
played Just Say No, in order), ``"responder"`` (whose answer is awaited; ``None`` while
paying), ``"stage"`` (``"respond"`` or ``"pay"``), ``"take", "give", "set"`` (Deal Breaker:
``{"colour", "cards"}`` as played, else ``None``), ``"colour", "doubles"}``), ``"moved_wilds",
"options", "result"`` (``None`` or ``{"winner", "winners", "reason": "three_sets" |
"round_limit"}``)}``.

Log entries (every field always present): ``dealt {first, cards}`` (the first player, 5 cards
each), ``turn_start {seat, round, drew, cards}`` (``cards`` for the drawer only), ``reshuffle
{count}``, ``bank {seat, card}``, ``place {seat, card, colour}``, ``move_wild {seat, card,
colour}``, ``pass_go {seat, card, drew, cards}`` (``cards`` for the drawer only), ``action
{seat, kind, card, targets, amount, colour, doubles, take, give, set}`` (every action played
for its effect but Pass Go and buildings; ``amount`` owed by each target or ``None``; ``set``
the Deal Breaker's cards or ``None``), ``just_say_no {seat, card, against}``, ``accept
{seat}``, ``cancelled {seat, kind}`` (``seat`` the target spared), ``nothing_to_pay {seat}``,
``pay {seat, to, card, as: "money" | "property"}`` (``as``: where the recipient puts it),
``pay_all {seat, to, cards}``, ``paid {seat, to, total, owed}`` (a payment finished: its
total, the debt), ``buildings_to_bank {seat, cards}``, ``steal {seat, from, cards}`` (Sly Deal;
Deal Breaker: the set's cards, then its buildings), ``swap {seat, with, gave, took}``, ``build
{seat, card, colour}``, ``end_turn {seat}``, ``discard {seat, card}``, ``win {seat, winners,
reason}`` (``seat`` ``None`` for a shared round-limit win).

Rules versions (``GAME.version``, which every record carries): ``"1"``, the first.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.kit import takes_back
from app.rules.monopoly_deal import game
from app.rules.monopoly_deal.bot import choose, greedy_bot
from app.rules.monopoly_deal.components import (
    CARDS,
    COLOURS,
    DECK,
    DEFAULT_OPTIONS,
    EXTENDED_DECK,
    SET_SIZE,
    Card,
    Options,
    card_value,
    check_options,
    is_complete,
    parse_card,
    rent_owed,
)
from app.rules.monopoly_deal.determinize import determinize
from app.rules.monopoly_deal.evaluate import evaluate
from app.rules.monopoly_deal.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.monopoly_deal.state import Pending, PropertySet, Result, State
from app.rules.monopoly_deal.turns import ROUND_LIMIT

__all__ = [
    "CARDS",
    "COLOURS",
    "DECK",
    "EXTENDED_DECK",
    "GAME",
    "ROUND_LIMIT",
    "SET_SIZE",
    "Card",
    "Options",
    "Pending",
    "PropertySet",
    "Result",
    "State",
    "apply",
    "card_value",
    "evaluate",
    "check_options",
    "choose",
    "greedy_bot",
    "is_complete",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "parse_card",
    "rent_owed",
    "to_act",
    "view",
]

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="monopoly_deal",
    title="Monopoly Deal",
    min_players=2,
    max_players=5,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    # rules/monopoly-deal.md, a turn: moving one's own wildcards between sets is free and in
    # public view.
    undoable=takes_back(frozenset({"move_wild"}), piles=("deck",)),
    # rules/monopoly-deal.md, Information: hands are private; the draw pile's order too.
    determinize=determinize,
    # The strong bot's playouts: a whole match with the normal bots is about 90 actions (18 ms
    # from the start), so only about 59 fitted in 300 ms and the strong bot won 54 % of 2-player
    # games against the normal one. They stop after 10 actions (about a turn each at 2 players:
    # a set can be completed, stolen or paid away) and score the race to three complete colours
    # (``evaluate``): 152 playouts a decision, 68.3 % over 60 duplicate deals (bench.games); after
    # 20 actions, 94 playouts and 65.0 % (as good, within the noise of 60 games, and slower).
    evaluate=evaluate,
    horizon=10,
    version="1",
)
