"""Werewolf for 5-18 players, as written in ``rules/werewolf.md`` (seed 003, "狼人杀规则+自制卡牌";
its section "Settled for online play" is the rules, cited below as *Settled*).

Roles (``components.ROLES``, the canonical order): ``"villager"``, ``"werewolf"``, ``"seer"``,
``"witch"``, ``"cupid"``, ``"piper"``, ``"thief"``, ``"scapegoat"``, ``"idiot"``, ``"elder"``.
``winners(roles, alive, lovers, enchanted)`` is design 1.4's (``winning.py``).

Options (``check_options`` fills in the defaults; ``bad_option`` refuses):

* ``roles``: ``"preset"`` (default: the table below) or an object ``{role: count}`` that adds up
  to the players (a Thief brings 2 Villager cards more on top), with 1-4 werewolves, fewer
  werewolves than other players, and at most one of each other role but villagers
  (*Settled*, Players). The full options list an explicit set in ``ROLES`` order, zero counts
  left out.
* ``night_seconds`` 60 (20-300), ``witch_seconds`` 30 (10-120), ``discussion_seconds`` 180
  (30-1200), ``vote_seconds`` 60 (15-300): whole seconds, ends included.
* ``reveal``: ``"on_death"`` (default) or ``"end"`` (roles hidden until the match ends);
  ``dead_see``: ``"all"`` (default: the dead see every role and secret) or ``"public"``;
  ``potions``: ``"each_once"`` (default: each potion once a game) or ``"single"`` (one potion
  use in the whole game) [SEED-AMBIGUOUS, Witch].

Presets (``components.preset``), werewolves + special roles + villagers:

=====  ==  ===============================================================  ==
count  WW  special roles                                                    V
=====  ==  ===============================================================  ==
5      1   seer, witch                                                      2
6      1   seer, witch, idiot                                               2
7      2   seer, witch, idiot                                               2
8      2   seer, witch, cupid, idiot                                        2
9      2   seer, witch, cupid, idiot, elder                                 2
10     2   + scapegoat                                                      2
11     2   + thief (the deck has 13 cards: 2 spare Villagers)               2
12     3   seer, witch, cupid, idiot, elder, scapegoat, thief               2
13-15  3   + piper (8 special roles)                                        2-4
16-18  4   the 8 special roles                                              4-6
=====  ==  ===============================================================  ==

The deal (so a match can be re-dealt by hand from its revealed seed): the role set's cards
listed in ``ROLES`` order, each role as many times as its count (villagers + 2 with a Thief),
are shuffled by ``Rng(seed, "deal").shuffle``; seat k takes card k (k = 0..players-1), the 2
left over (with a Thief) are the spare cards, in that order (``take_card`` ``card`` 0 and 1).
Nobody starts (``start_seat`` is checked and ignored). Every later draw (the werewolves' tied
targets, a tied election, the successor picked at the timer) continues one stream
``Rng(seed, "ties")`` carried in the state, in the order the draws happen.

Flow and phase names (``phase_clock``: ``PhaseClock(phase, seconds)``, unique per match;
``expire(state, phase)``: what a timer running out does; ``stale_phase`` for any other phase):

* ``night-N``: every night role acts at once, in private (*Settled*, Night): night 1 the Thief
  (``keep_card`` / ``take_card {card}``; he must take one when both are werewolves) and Cupid
  (``choose_lover {target}`` twice, himself allowed); every night the Seer (``see {target}``:
  another living player, the full role), each living werewolf (``point {target}``: a living
  non-werewolf; again while the victim is not fixed, elsewhere or at the same target: a
  werewolf stays to act until then, so holding its choice is a move) and the Piper (``enchant
  {target}``, up to two other living players not yet enchanted; fewer if fewer remain). It ends
  when every seat with a night action has acted (the werewolves: once their victim is fixed),
  or at its timer. ``to_act`` is then the seats that still have something to do (private).
* ``witch-N``: whenever a Witch is in the role set and not publicly known dead (a spare card or
  a hidden death included: nobody acts then and the step waits for its timer). She learns the
  victim (``victim`` in her view, a note) and her potions left; ``save`` (the life potion on
  the victim), ``poison {target}`` (any living player but herself and her lover) or ``pass``:
  one of them, so at most one potion a night [SEED-AMBIGUOUS resolution]; the timer: pass.
* The dawn (no phase): the night's deaths, public (log ``dawn``); then the day.
* ``successor-N`` (``-N-2`` for a second one the same day): a dead Sheriff names a living
  successor (``name_successor {target}``), or at the timer the match RNG picks one.
* ``discussion-N``: ``ready`` by each living player; it ends when all are ready or at its
  timer (which the host may also end early: the server calls ``expire``).
* Day 1 only, then: ``candidacy-1`` (``stand`` / ``not_stand`` by each living player; the timer:
  those who did not answer do not stand) and ``election-1`` (``vote {target}`` for a
  candidate; no candidate makes every living player one, and a lone candidate is elected at
  once; most votes wins, a tie or no vote at all drawn by the match RNG).
* ``vote-N``: each eligible player (living, not a revealed Idiot, not barred by the Scapegoat)
  casts ``vote {target}`` (another living player, not his lover) or ``vote {target: null}``
  (abstains); public as cast and final; the Sheriff's counts twice; it ends when every voter
  voted or at its timer. No eligible voter: no vote at all (public, so no step). The most
  votes: executed. A tie: the Scapegoat dies if in play and alive, else ``tiebreak-N``: the
  living Sheriff ``break_tie {target}`` among the tied or ``{target: null}``: no execution (the
  timer: none), else nobody dies. No vote for anyone: nobody dies.
* ``scapegoat-N``: the Scapegoat who died on a tie toggles living players off the next day's
  vote (``toggle_voter {target}``, again to undo) and ``confirm_voters``; the timer: everyone
  may vote. Then the successor step if the Sheriff died, then ``night-(N+1)``.

Timers: ``night_seconds``, ``witch_seconds``, ``discussion_seconds``; the candidacy, the
election and the vote ``vote_seconds``; the tie-break, the Scapegoat's choice and the
succession a fixed 30 s (``DECISION_SECONDS``; *Settled*, Deaths: "a short timer").

Decisions where the rule file leaves a point open (each cites its section):

* Thief (Roles 7): the swap takes effect at once (resolution order: Thief first): the new
  role's night action is his that same night, and a Thief who takes a Werewolf joins the pack
  at once (the pack is told). Not choosing keeps his card, but with two werewolf spares he
  takes card 0 at the timer ("must swap"). The card he gives up becomes a spare one.
* Cupid (Roles 5): the lovers learn each other (who, not the role) as soon as he names the
  second; a lone pick at the timer makes no couple. "Lovers may never vote for or target each
  other": every choice that could kill the other lover is refused (``lover``): the
  werewolves' pointing, the Witch's poison, the day vote and the Sheriff's tie-break; the
  Seer's look, the Piper's spell, the Sheriff election, the Scapegoat's choice are no
  targeting. A werewolf who becomes the lover of the player he points at stops pointing (the
  pack sees it: it is the pack's pointing), and a victim it fixed is fixed no more without a
  majority.
* Seer (Roles 3): the look is answered when the night step ends (after the Thief's swap).
* Werewolves (*Settled*): the majority is of the living werewolves at that moment.
* Witch (Roles 4): she may save herself; saving the Elder spares his extra life (the attack is
  undone); her potions are shown to her only, so her step runs whether she has any or not.
* Piper (Roles 6): each pick counts on its own, applied at dawn; then every living enchanted
  player (and the Piper) is shown all the enchanted (``enchanted`` in the view, a note).
  Enchantment does not pass between lovers.
* Elder (Roles 11, the proposal): the first werewolf attack does nothing and nothing is
  announced (he alone is told). Killed by the village (the vote, the Sheriff's tie-break) or
  the Witch's poison, the villagers lose their powers: the Seer, the Witch and the Village
  Idiot (``components.LOSE_POWERS``); each is told privately (a public entry would tell how a
  hidden role died).
* Village Idiot (Roles 10): voted out (the vote or the Sheriff's tie-break) he reveals,
  survives and loses his vote, once; the second time, or once the powers are lost, he dies.
* Sheriff (Roles 8): a candidate may vote for himself; a revealed Idiot Sheriff has no vote
  but still breaks ties; a Scapegoat who is Sheriff first chooses the voters, then is
  succeeded.
* Dead players (*Settled*): the dying Sheriff naming his successor and the dead Scapegoat
  choosing the voters see the view they had alive (and no ``"dead"`` channel) until they have
  chosen: the choice is the last act of their life (Roles 8 and 9: "before dying").
* Deaths (*Settled*): the dawn names every death of the night by seat (causes untold, grief
  included); by day an execution is followed at once by the lover's grief (public). Triggers
  resolve in this order: grief, the reveal, the Elder's curse, the win check, the Scapegoat's
  choice, the succession. Every death is checked with ``winners`` and the match ends at once.
* Win (``winners``): lovers and Piper first, then the werewolves, then the village; nobody
  alive counts as the werewolves' win (their condition is listed first). The winning seats
  (``winning.side_seats``, dead ones too): the two lovers; the Piper; every werewolf; or every
  other seat but the Piper; the members of a mixed couple win only as lovers.

Information (*Settled*, Roles are dealt and Channels; ``GAME.sealed``): the log holds public
events only and is the same for everyone (``GAME.public_log``); nothing a seat does in secret
changes another viewer's view or log unless that viewer may know it (the pack its own
pointing, the lovers their couple, the dead with ``dead_see: "all"``).

View (whitelisted): ``{"game": "werewolf", "players", "you"`` (seat or ``None``), ``"step",
"number", "phase", "seconds"`` (the running step's timer), ``"to_act"`` (by day the public
set; at night only ``[you]`` if you have something to do), ``"alive", "revealed"`` (per seat),
``"roles"`` (per seat the role as you know it, else ``None``), ``"sheriff", "no_vote"``
(revealed Idiots and barred players), ``"role"`` (yours), ``"notes"`` (yours: ``{"night" |
"day": N, "kind", "text", "seats", "role"}``), ``"pack"`` (werewolves), ``"pointing"`` (per
seat, werewolves at night), ``"victim"`` (``{"seat"}``: the pack once fixed, the Witch in her
step), ``"lovers"`` (the lovers and Cupid), ``"enchanted"`` (the Piper; an enchanted player as
last shown), ``"spares"`` (the seat dealt the Thief), ``"potions"`` (``{"life", "death"}``, the
Witch), ``"tonight"`` (your own choices tonight: ``lovers``, ``see``, ``enchant``, ``witch``
and ``poisoned``), ``"day"`` (``ready, answered, candidates, votes: [{"seat", "target"}],
tied, ballot``), ``"secrets"`` (only for the dead with ``dead_see: "all"`` and once over: the
night's choices, the Seer's looks, ``elder_life``, ``powers_lost``), ``"options",
"result"}``. The dead with ``dead_see: "all"`` and everyone once over see every role and
secret; spectators see the public view.

Channels (``channels(state, seat)``, *Settled*, Channels and Dead players): ``"day"``: the
living write by day, read at night; the dead and spectators read. ``"werewolves"``: the living
werewolves write at night, read by day; a dead werewolf reads; the other dead read it with
``dead_see: "all"``. ``"dead"``: the dead write; the living never have it. Once over every
seat writes ``"day"`` and everyone reads every channel.

Log entries (every field always present): ``dealt {players, cards}`` (the deck as ``[role,
count]`` pairs in ``ROLES`` order, the Thief's 2 Villagers included), ``night {night}``,
``witch {night}``, ``dawn {day, deaths, roles}`` (roles ``None`` while hidden), ``successor
{day, seat}`` (the dead Sheriff), ``sheriff {seat, how: "elected" | "drawn" | "named" |
"picked"}``, ``discussion {day}``, ``candidacy {day}``, ``stood {seat}``, ``declined {seat}``,
``election {day, candidates}``, ``vote {day, voters}``, ``voted {seat, target}``, ``tie {day,
seats}``, ``tiebreak {day, sheriff, tied}``, ``tie_broken {seat, target}``, ``executed {seat,
role, by: "vote" | "sheriff" | "tie"}`` (``"tie"``: the Scapegoat), ``idiot_revealed {seat}``,
``grief {seat, role, lover}``, ``no_execution {day, reason: "no_votes" | "no_voters" | "tie" |
"sheriff"}``, ``scapegoat {day, seat}``, ``voters {seat, barred}``, ``game_over {side,
winners, roles, spares, lovers, enchanted}``.

Outcome: ``scores`` 1 per winning seat, 0 else; ``winners``; ``detail = {"side", "winners",
"roles", "dealt", "spares", "lovers", "enchanted"}``.

Codes of refused actions: ``game_over``, ``not_your_turn`` (nothing to do now, a dead player,
a seat that does not exist), ``wrong_step``, ``not_your_role``, ``bad_action`` (the shape),
``bad_target`` (dead, yourself, not allowed), ``lover``, ``must_swap``, ``no_potion``; and
``stale_phase`` from ``expire``.

Rules versions (``GAME.version``, which every record carries): ``"1"``, the first.
"""

from __future__ import annotations

from app.rules.base import GameRules
from app.rules.werewolf import game
from app.rules.werewolf.bot import choose, greedy_bot
from app.rules.werewolf.components import (
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLES,
    Options,
    check_options,
    deck,
    preset,
)
from app.rules.werewolf.determinize import determinize
from app.rules.werewolf.game import (
    apply,
    channels,
    expire,
    legal_actions,
    log,
    new_game,
    outcome,
    phase_clock,
    to_act,
    view,
)
from app.rules.werewolf.state import Day, Night, Note, Result, State
from app.rules.werewolf.winning import side_seats, winners

__all__ = [
    "DEFAULT_OPTIONS",
    "GAME",
    "ROLES",
    "Day",
    "Night",
    "Note",
    "Options",
    "Result",
    "State",
    "apply",
    "channels",
    "check_options",
    "choose",
    "deck",
    "determinize",
    "expire",
    "greedy_bot",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "phase_clock",
    "preset",
    "side_seats",
    "to_act",
    "view",
    "winners",
]

GAME: GameRules[State] = GameRules.from_module(
    game,
    slug="werewolf",
    title="Werewolf",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    check_options=check_options,
    bot=choose,
    public_log=True,
    phase_clock=game.phase_clock,
    expire=game.expire,
    channels=game.channels,
    sealed=True,
    determinize=determinize,
    version="1",
)
