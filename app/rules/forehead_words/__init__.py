"""Forehead words (害你在心口难开, seed 003) for 4-10 players in two teams, as written in
``rules/forehead-words.md`` (its section "Settled for online play" is the rules, cited below
by its headings). Each player wears a word everyone else can read; the teams try to make the
other side say their own word or do their own action, and chat is the game: chat lines,
emotes, guesses and calls are the game's actions, made by every living player at any time.

Options (``check_options`` fills in the defaults; ``bad_option``, ``bad_players`` and
``too_few_words`` refuse):

* ``themes``: a list of different theme keys, the seed's themes, ``"class"`` (上课),
  ``"drill"`` (军训), ``"show"`` (晚会), ``"ktv"`` (KTV), ``"dinner"`` (年夜饭), ``"pe"``
  (体育课), ``"arts"`` (文艺汇演); every language has a list for each (default: all, listed in
  that order in the full options). They must hold at least as many words as players.
* ``language``: ``"en"`` (default), ``"zh-Hans"`` (the seed's lists), ``"ja"``, ``"hu"``: the
  word lists of the table (``words_*.py``; the English, Japanese and Hungarian ones are
  written for this game with as many words of each kind per theme as the seed's).
* ``judged``: ``false`` (default) or ``true``: judged words are in play.
* ``time_limit``: 600 (default: 10 min), 0 (none) or whole seconds from 60 to 3600.

Players (Players): 4, 6, 8 or 10; an odd count is refused (``bad_players``: "two teams of equal
size: an even number of players"). Seats are seated alternately: even seats are team 0, odd
seats team 1 (``team_of``).

Words (``words.py``; Words): ``Word(theme, kind, text, phrase, emote)``: a ``say`` word's
``phrase`` is caught in its wearer's chat line; an ``action`` word's ``emote`` is a key of the
catalogue ``emotes.EMOTES`` (one emote per action word of a language); a ``judged`` word is
called by an opponent and voted on. A line "contains" a word (``words.says``) when its
normalized form (``words.normalize``: NFKC, case-folded, only Unicode letters, marks and
digits kept: spaces, punctuation, symbols and invisible characters removed) contains the
word's, the phrase of a say word and the text of the others; a guess is right
(``words.right_guess``) when its normalized form equals the card's text or the phrase.

The deal (so a match can be re-dealt by hand from its revealed seed): the words in play (the
language's data table in its order, the themes chosen, judged words only if ticked) are
shuffled by ``Rng(seed, "deal").shuffle``; seat k wears word k. The action bar: the catalogue's
emote keys no action word in play uses, in catalogue order, are shuffled by ``Rng(seed,
"bar").shuffle``; the first n are the decoys (n: the action words in play); then the n action
emotes (table order) followed by the decoys are shuffled again by the same stream, and that
is the bar. Nobody starts (``start_seat`` is checked and has no effect); nothing else is drawn.

Actions (any living player, at any time; ``to_act`` is every living player):

* ``say {text}``: a chat line (free text, 1-200 characters: ``empty_text``, ``too_long``). If
  it holds the writer's own say word it is said and the writer is out (checked first); else
  if it holds another living player's word it is refused, ``reveals_word`` ("That would give
  away a word."), and changes nothing (Revealing).
* ``emote {emote}``: an emote of the bar (``bad_emote``); one's own action word's emote
  eliminates.
* ``guess {text}`` (free text, once: ``already_guessed``): right, the guesser learns the word
  and owes ``eliminate {target}``, a living opponent (until then that is their only action:
  ``must_choose``); wrong, the guesser is out.
* ``call {line}`` (judged words only: ``no_judged_words``): an opponent points at a line of a
  living player wearing a judged word (``bad_line``; one vote at a time: ``vote_running``;
  each line once; someone must be left to vote: ``no_voters``). Every living player but the
  caller and the wearer then votes ``vote {yes}`` (``not_a_voter``, ``already_voted``,
  ``no_vote``) within 20 s; more yes than no among the votes cast eliminates the wearer,
  else the caller [Parlor: a tie or no vote is no majority]. If the caller or the wearer is
  out meanwhile, or the match ends, the vote is void.

``legal_actions`` lists every action it can: ``eliminate`` choices, or else the templates
``{"type": "say"}`` and ``{"type": "guess"}`` without ``text`` (``GameRules.free_text``: they
stand for any text ``apply`` accepts), the bar's emotes, the calls, the votes. Other codes:
``game_over``, ``not_your_turn`` (a player who is out, a seat that does not exist),
``bad_action`` (the shape), ``no_choice``, ``bad_target``; ``stale_phase`` from ``expire``.

Timers (``clocks``: every timer running; ``phase_clock``: the one the server follows now, the
vote's while one runs): ``"time"`` (``time_limit`` seconds from the start; at its end the team
with more living players wins, equal numbers is a draw) and ``"vote-N"`` (20 s). ``expire``
accepts either while it runs.

The end: a team with nobody left loses (seed rule 5), or the time limit. ``outcome``: per seat
its team's living players (the score); winners the seats of the team with more living
players, both teams on a draw; detail ``{"reason": "team_out" | "time", "living", "winners",
"words"}``.

Hidden (Hidden; ``views``): a seat's own word is hidden from that seat only (view, log, legal
actions), revealed once it is out, guessed it right, or the match is over; spectators and the
other players see every word. A guess's text is the guesser's alone (said to the referee,
seed special rule 5). A line said only because it eliminated its writer may hold another
living player's word: its text is hidden from every other living player until the end. The
one way a seat's frames may hold its own word early is a line it typed itself (an action
word's text, which does not eliminate): it typed it, so it learns nothing.

View: ``{"game", "players", "you", "teams", "alive", "words"`` (per seat the card as
``Word.to_json``, ``None`` for your own while hidden), ``"bar", "lines"`` (``{line, seat,
text, called}``; ``text`` ``None`` where hidden), ``"guessed", "choosing"`` (right guessers
who owe their choice), ``"vote"`` (``{number, caller, wearer, line, voters, votes: [{seat,
yes}]}`` or ``None``), ``"votes_held", "clock"`` (``{phase, seconds}`` of ``phase_clock``),
``"to_act", "text_limit", "options", "result"`` (``{reason, living, winners}``)``}``. The log:
``views.log``.

Channels (``channels``; Chat is the game): the living have none (their lines are ``say``
actions), the eliminated write ``"eliminated"``, spectators read it.

Rules versions (``RULES.version``): ``"1"``, the first.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.forehead_words import game
from app.rules.forehead_words.bot import choose, greedy_bot
from app.rules.forehead_words.checks import FREE_TEXT
from app.rules.forehead_words.components import (
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TEXT_LIMIT,
    Options,
    check_options,
    team_of,
)
from app.rules.forehead_words.determinize import determinize
from app.rules.forehead_words.game import (
    apply,
    channels,
    clocks,
    expire,
    legal_actions,
    log,
    new_game,
    outcome,
    phase_clock,
    to_act,
    view,
)
from app.rules.forehead_words.state import Line, Result, State, Vote
from app.rules.forehead_words.words import Word, normalize, right_guess, says

__all__ = [
    "DEFAULT_OPTIONS",
    "FREE_TEXT",
    "RULES",
    "TEXT_LIMIT",
    "Line",
    "Options",
    "Result",
    "State",
    "Vote",
    "Word",
    "apply",
    "channels",
    "check_options",
    "choose",
    "clocks",
    "determinize",
    "expire",
    "greedy_bot",
    "legal_actions",
    "log",
    "new_game",
    "normalize",
    "outcome",
    "phase_clock",
    "right_guess",
    "says",
    "team_of",
    "to_act",
    "view",
]

RULES: GameRules[State] = GameRules.from_module(
    game,
    slug="forehead_words",
    title="Forehead words",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    excluded_players=frozenset({5, 7, 9}),
    phase_clock=phase_clock,
    clocks=clocks,
    expire=expire,
    channels=channels,
    determinize=determinize,
    free_text=FREE_TEXT,
    any_time=True,
    talk=frozenset({"say", "emote"}),
)
"""The registry entry: registering the game is adding ``forehead_words.RULES`` to
``app.rules.GAMES``."""
