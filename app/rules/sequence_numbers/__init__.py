"""Sequence Numbers for 2, 3, 4 or 6 players, as written in ``rules/sequence-numbers.md``
(seed 002), with its proposed 10x10 board and 100-card deck (``components.py`` holds both).

Options (``check_options`` fills in the defaults):

* ``six_player_teams``: ``2`` (default: 2 teams of 3) or ``3`` (3 teams of 2); used only with 6
  players (What is known, [SEED-SILENT] resolution: host's choice, default 2 teams).
* ``plus_cards``: ``0``-``4``, default ``2`` (the seed's count; Card deck).
* ``minus_cards``: ``0``-``4``, default ``2`` (the seed's count; Card deck).

Players and sides: 2 or 3 players play alone; 4 players form 2 teams of 2; 6 players 2 teams of
3 or 3 teams of 2; 5 players are refused (sides must be equal). Team members sit alternately, so
seat ``s`` plays for side ``s % sides`` (A B A B, A B C A B C); a side's chips have one colour,
``SIDE_COLOURS[side]`` (blue, green, red). Hands: 5 cards with 2-3 players, 4 with 4-6. Goal: 1
sequence with 2-3 players, 2 with 4-6 (also for 3 teams of 2).

Setup randomness, all drawn from ``Rng(seed, "deal")`` in this order, so a match can be re-dealt
by hand from its revealed seed:

1. The deck, listed as the equation cards in answer order (for each answer N of 1..48 its
   addition ``"a+b"`` with a = floor(N / 2), b = N - a, then its subtraction ``"a-b"`` with
   b = 1 + (N mod 9), a = N + b: ``"0+1"``, ``"3-2"``, ``"1+1"``, ``"5-3"``, ...), then the
   ``plus_cards`` Plus cards (``"plus"``), then the ``minus_cards`` Minus cards (``"minus"``), is
   shuffled; index 0 is the top. Seat 0 takes the top hand-size cards, then seat 1 the next, and
   so on; the rest is the draw pile.
2. The start seat is ``randbelow(players)`` (drawn even when the table chooses the start seat
   for a rematch, ``new_game(start_seat=k)``, so the deal is the same); play goes clockwise
   (seat + 1).

When the draw pile runs out, all discard piles (seat 0's pile bottom card first, then seat 1's,
...) are shuffled into a new draw pile with the generator ``Rng(seed, "reshuffle")``, whose
position the state carries from one reshuffle to the next.

Actions (rules/sequence-numbers.md, Turn). ``card`` is a card name: an equation such as
``"12+12"`` or ``"15-3"``, ``"plus"`` or ``"minus"``; ``row``/``col`` are 0-9, row 0 on top.

* ``{"type": "exchange", "card": c}``: Turn 1, optional and at most once a turn, before playing:
  a dead equation card (both spaces showing its answer are occupied) goes face up on your discard
  pile and you draw a replacement at once; your turn goes on.
* ``{"type": "place", "card": c, "row": r, "col": k}``: an equation card on an empty space that
  shows its answer, or a Plus card on any empty space; never on a free corner. Where the player
  chooses which five form the sequences the chip completes (below), the action also carries
  ``"declare": [[[r, k] x5], ...]``: every sequence the placement declares, each as its five
  spaces (in any order); ``legal_actions`` lists one placement per way, earliest windows first,
  and the field is refused where there is no choice.
* ``{"type": "remove", "row": r, "col": k}``: plays a Minus card: an opponent's chip that is not
  in a completed sequence leaves the board; no chip is placed.
* ``{"type": "pass", "card": c}``: only when no card can be played and no exchange is left
  (below): the card goes on your discard pile, you draw, the turn ends.

After a placement, removal or pass the player draws automatically (the seed's "forget to draw"
penalty does not apply online) and the next seat clockwise plays. Identical Plus (or Minus) cards
in one hand are one action.

Decisions where the rule file leaves a point open:

* Sequences (Sequences and winning, [SEED-AMBIGUOUS] and [SEED-SILENT] resolutions): a
  placement declares at once, on every line through the new chip, as many of the full windows
  through it as can count together, each sharing at most one space with every other and with
  every earlier sequence of its side; a straight run of 9 declares two. Where a line allows more
  than one such set (the chip lies inside a run longer than five) and the game goes on, the
  player chooses which five form the sequence (``declare``), so the declared sequence never
  costs the side a sequence: the ways always lock different chips (Turn 4) and may leave
  different room on that line (with 4-6 players, a run of 6 at columns 3-8 declared as 3-7
  would block 0-4 later; declared as 4-8 it keeps it). A chip that wins needs no choice (the
  game ends; the earliest windows on each line are declared): with 2-3 players every sequence
  wins, so the choice arises only with 4-6. Declared sequences are kept and locked: their chips
  cannot be removed and a later sequence must share at most one space with each of them.
  Several sides may use the same free corner.
* The win is checked right after the placement, before drawing; the game then ends at once.
* Passing [SEED-SILENT]: a player whose cards are all unplayable (dead cards after the one
  exchange, a Minus card with no removable chip, a Plus card on a full board) discards a card of
  their choice and draws; otherwise a turn could never end.
* Minus with no target: a Minus card is not "dead" (the rule defines dead cards by their two
  spaces), so it cannot be exchanged; it can only be passed when nothing else is playable.
* A drawn game (Sequences and winning, [SEED-SILENT]): the game is a draw only when no side can
  ever complete its sequences any more. A full board alone is not a draw: play goes on, a Minus
  card can open a space, and a player who can place nothing passes (above). After every
  placement, removal or pass the game ends as a draw when, for every side, no set of the windows
  it still needs (as many as it lacks, able to count together with each other and with its
  declared sequences) lies wholly on spaces that are free corners, empty, hold its own chips, or
  hold another side's chip that is not locked while the game has Minus cards. The test reads
  only what every viewer sees (the board, the declared sequences, the ``minus_cards`` option),
  never hands or the draw pile: a played Minus card goes on a discard pile and the discards are
  shuffled back when the draw pile runs out, so a Minus card never leaves the game (it is in a
  hand, the draw pile or the discards), while a chip in a completed sequence can never be
  removed, so another side's locked chip closes a window for good. A side that fails the test
  can never win, so a draw is never called while a win is possible; without Minus cards a full
  board is a draw. With Minus cards no game is ever drawn: every side lacks a sequence, so the
  other sides' locked chips fill at most two sequences (10 spaces), while closing all six windows
  of one row takes two of them, so rows always stay open. A full board can then go on for a
  long time (the rule file sets no limit; ``python -m bench.games`` prints the lengths). A
  drawn game's outcome lists every seat as a winner (a shared result), ``detail["draw"]`` true.
* Dealing: each hand is a block of consecutive cards from the top of the shuffled deck (a deal
  one card at a time would be just as random).
* Team talk: nothing to implement (the table has no team chat).

Outcome: every seat of the winning side wins; each seat's score is the number of sequences its
side completed; ``detail = {"winner_side", "draw", "sequences", "needed", "colours", "teams"}``.

View (whitelisted; every viewer sees the same except ``you``, ``side`` and ``hand``):
``{"game", "players", "you", "side", "phase": "play" | "over", "to_act", "exchanged", "sides",
"colours", "teams": [[seat]], "needed", "board": 10x10 numbers (0 on a free corner), "bands":
[[low, high]], "chips": 10x10 side or None, "sequences": [{"side", "cells": [[row, col]] x5}],
"sequence_counts", "hand": [card] | None (own hand only; team-mates do not see each other's),
"hand_counts", "discards": [[card] per seat, top card last], "deck_count", "plus_cards",
"minus_cards", "winner", "drawn_game"}``.

Log entries: ``game_started {players, teams, needed, hand_size, start_seat}``, ``card_exchanged
{seat, card, drew}``, ``chip_placed {seat, side, card, row, col, drew}``, ``chip_removed {seat,
side, owner, row, col, drew}``, ``passed {seat, card, drew}``, ``sequence_completed {seat, side,
cells, count}``, ``deck_reshuffled {cards}``, ``game_over {winner, seats}``, ``game_drawn
{reason: "no_side_can_win"}``. ``drew`` (the card drawn afterwards) is shown to the drawer only,
``None`` to everyone else; it is absent when the game ended before the draw.

Rules versions (``GAME.version``, which every record carries):

* ``"1"``: a full board ended the game as a draw at once, and with six or more in a row the
  earliest five were declared.
* ``"2"``: a full board is not a draw; the game is drawn only when no side can ever complete its
  sequences, and the player chooses which five form a sequence where that matters (``declare``)
  (rules/sequence-numbers.md, Sequences and winning, corrected; issue 15).
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.kit import turn_to_act as to_act
from app.rules.sequence_numbers import game
from app.rules.sequence_numbers.bot import choose, greedy_bot
from app.rules.sequence_numbers.components import (
    BANDS,
    BOARD,
    CORNERS,
    DEFAULT_OPTIONS,
    EQUATIONS,
    EXCLUDED_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MINUS,
    PLUS,
    SIDE_COLOURS,
    SPACES,
    TABLE,
    deck,
)
from app.rules.sequence_numbers.game import (
    apply,
    legal_actions,
    log,
    new_game,
    outcome,
    view,
)
from app.rules.sequence_numbers.lines import count_sequences
from app.rules.sequence_numbers.state import State

__all__ = [
    "BANDS",
    "BOARD",
    "CORNERS",
    "EQUATIONS",
    "GAME",
    "MINUS",
    "PLUS",
    "SIDE_COLOURS",
    "SPACES",
    "State",
    "apply",
    "check_options",
    "choose",
    "greedy_bot",
    "count_sequences",
    "deck",
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
    slug="sequence_numbers",
    title="Sequence Numbers",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    to_act=to_act,  # the kit's turn_to_act: one seat acts at a time
    bot=choose,
    excluded_players=EXCLUDED_PLAYERS,
    # rules/sequence-numbers.md, What is known: hands are private, the rest is public.
    determinize=game.determinize,
    version="2",  # full board no draw, declared five chosen (see "Rules versions" above)
)
