"""Poison for 3 to 6 players, as written in ``rules/poison.md`` (seed 003, final section).

Components: 42 potion cards, 14 each of red, blue and purple with values 1, 2, 4, 5, 7 (three of
each, two 4s: ``POTION_COUNTS``, [UNVERIFIED] in the rule file, so kept in one constant), and 8
green poison cards worth 4. Cards are strings: ``"red5"``, ``"blue1"``, ``"purple7"``,
``"poison"``. Three cauldrons, numbered 0-2 on the wire (1-3 in sentences).

Options (``check_options`` fills in the defaults):

* ``cauldrons``: ``"fixed"`` (default, the seed): cauldron 0 is red, 1 blue, 2 purple; a potion
  goes only into its colour's cauldron. ``"neutral"`` (published): a cauldron takes the colour of
  the first potion played into it, each colour in one cauldron only; a cauldron holding only
  poison (or nothing) has no colour, and after a boil-over the card left in it sets the colour.
  Poison goes anywhere in both.
* ``overflow_at``: ``13`` (default, the seed: a total of 13 or more boils over) or ``14``
  (published: more than 13) [SEED≠OFFICIAL].
* ``rounds``: ``"one"`` (default, the seed's online mode: one round is the game) or
  ``"per_player"`` (published: one round per player, each player starting one, totals added).
* ``collected``: ``"face_down"`` (default: everyone, the owner too, sees only how many cards each
  pile holds), ``"own"`` (you may look at your own pile) or ``"open"`` (every pile face up)
  (Hidden information: "counts only, or reveal them"). It decides what the piles show, not what
  the table knows: every card was played face up, so the round's plays (the log, the view's
  ``played``) tell what went into each pile, as a player who watched would remember.

Setup randomness, all from one stream ``Rng(seed, "deal")`` carried in the state, so every
round can be re-dealt by hand from the revealed seed:

1. The 50 cards, listed red, blue, purple (each by ascending value, copies together) then the 8
   poison cards (``DECK``), are shuffled; index 0 is the top. Seat ``i`` takes cards
   ``i*k .. i*k+k-1`` with ``k = 50 // players`` (16, 12, 10, 8); the rest (2, 2, 0, 2 cards) is
   set aside face down and never shown.
2. Round 1 only: the start seat is ``randbelow(players)``, drawn even when the table chooses
   the first player (``new_game(start_seat=k)``, a rematch), which then replaces it.
3. With ``rounds = "per_player"``, each later round is dealt the same way from where the stream
   stopped, and round ``r`` is started by the seat ``r - 1`` places to the right of round 1's
   start (``seat_after(first, players, r - 1)``; Setup: "Round starts move the same way").

Direction of play (Setup): counter-clockwise, as the seed says: play passes to the right, from
seat ``s`` to ``s - 1`` (seat 0 passes to the last seat; ``DIRECTION = -1``, ``seat_after``).

Turn: ``{"type": "play_card", "card": "red5", "cauldron": 0}``, one per turn, in the direction
of play. If the cauldron's total with the new card reaches ``overflow_at``, the player takes the
cards that were in it before, face down, and the new card stays alone in the cauldron. A card
never boils over an empty cauldron (the highest is 7).

End of round (all hands empty; cards left in cauldrons are not scored): for each potion colour,
the one player holding strictly more of it than every other player discards those cards; on a
tie for the most nobody does [SEED-SILENT]. Every other potion card costs 1 penalty point, every
poison card 2 (never immune). Lowest total wins; ties share the win [SEED-SILENT].

Rule decisions the file leaves open:

* The turn passes to the right after every play, boil-over or not (the file has no extra
  turn); every hand has the same size, so a round ends exactly when the last seat in that order,
  the start seat's left-hand neighbour (``start + 1``), plays its last card.
* Rounds follow each other at once: the round's scoring is in the log and in ``results``.
* A boil-over's log entry says how many cards were taken, not which (they go face down); the
  plays themselves are public, as on a real table.
* Face down means face down for the owner too by default (Hidden information); the ``own``
  choice lets players look at their own pile. The cards set aside are never shown, not even
  at the end.
* Neutral cauldrons: a potion whose colour has no cauldron yet may open any uncoloured one,
  including one holding only poison (which then takes its colour).
* Equal cards are interchangeable, so ``legal_actions`` lists each distinct card once per
  cauldron that takes it (hand order, then cauldron 0-2). A malformed action (another type,
  missing or extra fields, an unknown card code, a cauldron outside 0-2, a bool) is refused
  with ``bad_action``; a card not in hand with ``not_in_hand``, a cauldron that does not take
  it with ``wrong_cauldron``.

Outcome: ``scores`` are penalty totals (lower is better), ``winners`` the seats with the fewest;
``detail = {"lowest_wins": True, "totals", "rounds": [round result]}``.

View (whitelisted): ``{"game", "players", "you", "phase": "play" | "over", "to_act", "round",
"rounds", "start_seat", "direction": -1, "cauldron_mode", "overflow_at", "collected_mode",
"cauldrons": [{"colour", "cards", "total"}], "hand": [card] | None, "hand_counts", "set_aside": n,
"collected": [{"cards": n, "suits": {"red", "blue", "purple", "poison"} | None}], "totals",
"results": [round result], "last_play": None | {"seat", "card", "cauldron", "colour", "total",
"taken"}, "played": [play]}``: ``played`` is the current round's plays in order, each as
``last_play`` (the log's ``card_played`` entries of the round: every card went into a cauldron
face up and a boil-over names its taker, so the table knows them all, as a player who watched
would; whatever the ``collected`` option, what each pile holds follows from them); a round
result is ``{"round", "start_seat", "seats": [{"seat", "counts": {suit: n}, "immune": [colour],
"penalty"}]}``.

Log entries (all public): ``game_started {players, start_seat, rounds, cauldrons, overflow_at,
set_aside}``, ``card_played {seat, card, cauldron, colour, total, taken}`` (``colour``: the
cauldron's colour with the card in it, ``None`` if it has none; ``total`` counts the new card;
``taken``: cards taken, 0 if it did not boil over), ``round_scored {round, totals}`` plus the
round result's fields, ``round_started {round, start_seat, set_aside}``, ``game_over {scores,
winners}``.

Rules versions (``GAME.version``, which every record carries):

* ``"1"``: play passed clockwise (seat + 1), and so did round starts.
* ``"2"``: play passes counter-clockwise, to the right (seat - 1), and round starts move the
  same way (rules/poison.md, Setup, corrected; issue 15); the view gains ``direction``.
* ``"3"``: the view gains ``played``, the round's plays (issue 27: the bots draw the hidden
  hands from the cards not yet played).
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.kit import turn_to_act as to_act
from app.rules.poison import game
from app.rules.poison.bot import choose, greedy_bot, rollout
from app.rules.poison.components import (
    CAULDRONS,
    DECK,
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POISON,
    POTION_COUNTS,
    POTIONS,
    SUITS,
    TABLE,
)
from app.rules.poison.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    view,
)
from app.rules.poison.scoring import immune_colours, penalty_points
from app.rules.poison.state import RoundResult, SeatResult, State

__all__ = [
    "CAULDRONS",
    "DECK",
    "GAME",
    "POISON",
    "POTIONS",
    "POTION_COUNTS",
    "SUITS",
    "RoundResult",
    "SeatResult",
    "State",
    "apply",
    "check_options",
    "choose",
    "greedy_bot",
    "immune_colours",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "penalty_points",
    "rollout",
    "to_act",
    "view",
]

check_options = TABLE.check
"""The full options for a table of ``players``, or ``IllegalAction`` if either is invalid."""

# --- registry entry ----------------------------------------------------------------------------

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="poison",
    title="Poison",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    to_act=to_act,  # the kit's turn_to_act: one seat acts at a time
    public_log=True,  # every entry is public: one log for all viewers
    bot=choose,
    # rules/poison.md, Hidden information: every hand but one's own, the cards set aside and
    # (unless the option shows them) what the collected piles hold.
    determinize=game.determinize,
    # The strong bot's playouts: every seat as the greedy player, from the drawn state (bot.py).
    rollout=rollout,
    lower_wins=True,  # rules/poison.md: penalty points, the lowest total wins
    version="3",  # the view's ``played`` (see "Rules versions" above)
)
