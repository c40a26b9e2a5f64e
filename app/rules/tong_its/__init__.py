"""Tong-its for exactly 3 players, as written in ``rules/tong-its.md`` (seed 003, the seed's
house rules completed where it is silent).

Cards (``components.py``): the 52 cards, ``Card(rank, suit)`` with rank 1-13 (A = 1, J/Q/K =
11/12/13) and suit ``"S"``, ``"H"``, ``"D"``, ``"C"`` (the order hands are sorted in: by suit,
then rank); on the wire ``"AS"``, ``"2H"``, ..., ``"10D"``, ``"JC"``, ``"QS"``, ``"KH"``. Points:
A = 1, 2-10 face value, J/Q/K = 10. Melds (``melds.py``, Basics): a set of 3 or 4 of one rank,
or a run of 3+ consecutive ranks of one suit, the ace low only (``is_meld``); a meld's cards are
listed by rank, then suit. ``deadwood`` is the least point total left over after the best
arrangement of disjoint melds.

Options (``check_options`` fills in the defaults):

* ``hand_count``: ``"deadwood"`` (default, the rule file's resolution of a [SEED-AMBIGUOUS]
  point: the least points left over after the best arrangement of the melds still in hand) or
  ``"all"`` (every card in hand counts).
* ``discard_pile``: ``"all"`` (default: the whole pile is public, bottom to top) or ``"top"``
  (the view shows only the top card and the pile's size; the log still names each discard, as
  everyone saw it made).
* ``tong_its_bonus``: ``1`` (default), ``2``, ``3`` or ``5``: the chips each loser pays on top
  for a Tong-its win (Payments: "or a larger configurable amount").

Left out: the official variant "take a discard to lay it off" (the rule file's default: not
allowed).

Setup randomness, drawn from ``Rng(seed, "deal")`` in this order, so a hand can be re-dealt by
hand from its revealed seed: the 52 cards in ``DECK`` order (by suit S, H, D, C, then rank A-K)
are shuffled (index 0 is the top); then the dealer is ``randbelow(3)`` (drawn even when the table
chooses the dealer, ``new_game(start_seat=k)``: the previous hand's winner, so the shuffle is the
same). The dealer takes the top 13 cards, the next seat (dealer + 1) the next 12, the one after
it 12, and the 15 left are the stock, top first.

Play (phases ``"draw"``, ``"meld"``, ``"answer"``, ``"over"``): the next seat after ``s`` is
``(s + 1) % 3`` (the rule's counter-clockwise order; the direction is cosmetic). The dealer
starts in ``"meld"`` with no draw (``first_turn``). A turn starts in ``"draw"``: ``draw``,
``take_discard`` (``cards``: 2+ hand cards that meld with the top discard; that meld is exposed
at once, face up) or ``call_draw``; then in ``"meld"`` any number of ``expose`` (``cards``,
``secret``) and ``lay_off`` (``card``, ``meld``: the index in ``view["melds"]``), and a
``discard`` (``card``) ends the turn. After ``call_draw`` the opponents with an exposed meld
answer ``fight`` or ``fold`` (``"answer"``, simultaneous), the others fold at once. Codes of
refused actions: ``not_your_turn``, ``game_over``, ``wrong_phase``, ``not_in_hand``,
``not_a_meld``, ``cannot_take``, ``cannot_lay_off``, ``cannot_call``, ``bad_action`` (the
shape), ``bad_card`` (a string that names no card).

Decisions where the rule file leaves a point open:

* The card taken from the discard pile can never be laid off that turn (seed): it is exposed at
  once in its meld, so it never is a hand card.
* Tong-its counts after a ``take_discard`` too: its meld is exposed at once, so a hand emptied
  by it is emptied "through melds" during the turn.
* A seat laid off on is ``blocked`` (may not call on its next turn) until its next turn ends,
  i.e. until it discards; laying off on your own melds blocks nobody.
* A secret four counts as an exposed meld for calling and for not being burned; nothing may be
  laid off on it (its cards are face down; a set of four takes nothing anyway).
* Stock exhausted: when a draw takes the last stock card, that seat plays its whole turn; its
  discard ends the hand (unless it went Tong-its first). Every player burned [SEED-SILENT]: the
  hand is void, no winner and no payment at all (the same dealer deals again: the service's
  concern).
* Payments [SEED-SILENT / house rules, the rule file's proposed scheme], in chips: each loser
  pays the winner "ante" 1 (the pot: everyone antes 1 and the winner takes it), "loss" 1,
  "tong_its" the bonus option for a Tong-its win, "burned" 1 if it owns no exposed meld at the
  end (any ending), "fought" 1 if it fought a called draw and lost; for each secret four each
  opponent of its holder pays the holder 1 ("secret_four"). A four still in hand earns nothing.
* Answers: that a seat has answered is public at once, what it answered only at the end.

Outcome: ``scores`` are the net chips per seat (they add up to 0), ``winners`` the winner
(empty for a void hand), ``detail = {"end": "tong_its" | "draw" | "stock_out" | "void",
"winner", "counts", "hands", "answers", "payments": [{"from", "to", "chips", "reason"}]}``.

View (whitelisted): ``{"game", "players"`` (3), ``"you"`` (the viewer's seat, ``None`` for a
spectator), ``"to_act"`` (as every game's view has them), ``"phase", "turn"`` (the caller while
the others answer; ``None`` once over), ``"dealer", "first_turn", "hand"`` (the viewer's,
sorted; ``None`` for a spectator), ``"hand_sizes", "count"`` (the viewer's hand count; ``None``
for a spectator), ``"melds": [{"owner", "cards"`` (``None`` for a secret four but to its owner
until the hand is over), ``"secret", "size"}], "stock", "discard_top", "discards"`` (bottom to
top; ``None`` with ``discard_pile: "top"``), ``"discard_count", "blocked", "caller", "answers"``
(per seat ``"caller"``, ``"waiting"``, ``"answered"``, or ``"fight"``/``"fold"`` to the seat
itself and to all once over; auto-folds ``"fold"`` to all; ``None`` when no draw was called),
``"last_draw", "options", "result"}`` (the outcome's detail once over).

Log entries: ``dealt {dealer, sizes}``, ``drew {seat, card}`` (``card`` for the drawer only),
``took {seat, card, cards, meld}``, ``exposed {seat, meld, secret, size, cards}`` (``cards`` of
a secret four for its owner only), ``laid_off {seat, card, meld, owner}``, ``discarded {seat,
card}``, ``called {seat}``, ``folded {seat}`` (automatic folds), ``answered {seat, answer}``
(``answer`` for the answering seat only), ``stock_out {seat}``, ``hand_over {end, winner,
counts, hands, answers, payments, scores}``.

Rules versions (``GAME.version``, which every record carries): ``"1"``, the first.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.tong_its import game
from app.rules.tong_its.bot import choose, greedy_bot
from app.rules.tong_its.components import (
    DECK,
    DEFAULT_OPTIONS,
    PLAYERS,
    SUITS,
    Card,
    Options,
    check_options,
    parse_card,
    points,
)
from app.rules.tong_its.game import (
    apply,
    hand_count,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.tong_its.melds import (
    best_melds,
    deadwood,
    discard_melds,
    fits,
    hand_melds,
    is_meld,
)
from app.rules.tong_its.rollout import rollout
from app.rules.tong_its.state import Ending, Meld, Payment, State

__all__ = [
    "DECK",
    "GAME",
    "SUITS",
    "Card",
    "Ending",
    "Meld",
    "Options",
    "Payment",
    "State",
    "apply",
    "best_melds",
    "check_options",
    "choose",
    "deadwood",
    "discard_melds",
    "fits",
    "greedy_bot",
    "hand_count",
    "hand_melds",
    "is_meld",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "parse_card",
    "points",
    "to_act",
    "view",
]

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="tong_its",
    title="Tong-its",
    min_players=PLAYERS,
    max_players=PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    # rules/tong-its.md, Information: every hand but one's own, the stock, another seat's
    # secret four and its answer to a called draw (and, with "top", the covered discards).
    determinize=game.determinize,
    # The strong bot's playouts: a cheap policy on the drawn state (``rollout``), as the normal
    # bot weighs every unseen card before it draws.
    rollout=rollout,
    lower_wins=False,
    score_unit="chips",
    winner_starts=True,
    version="1",
)
