"""Engine throughput and bot strength for every registered game:
``python -m bench.games [--game SLUG] [--games N] [--duels N] [--lengths N]``.

For each game (all of ``GAMES`` when ``--game`` is left out) it prints actions per second and
full random games per second (pure engine: ``legal_actions`` and ``apply``, then again with every
seat's view recomputed after each action, as the server does), and the win rate of the game's
bot against random bots over seeded games for every player count, the bot rotating through the
seats (in a team game, ``TEAMS``, all the seats of one side). A shared win counts as a win; the
fair share (``1/n`` of the sides) is printed beside it as the baseline. Games may
list extra opponents in ``MATCHUPS``; they play the same loop. For the tables a game lists in
``LENGTHS`` it also prints, over ``--lengths`` random matches and as many bot matches (the
game's bot in every seat), the share that end drawn (every seat shares the result) and the
length in actions (mean, 99th percentile, maximum).

With ``--levels N`` it prints the bot levels' figures (issue 27; ``--only-levels`` for those
alone): each level against random bots and the game's greedy players, and strong against normal,
over N seeded games per player count (``--players``, ``--against`` to pick). A strong bot
searches ``--playouts`` playouts a decision, or ``--think-ms`` of CPU (``time.process_time``, as
the server's workers count it); either way it prints the playouts and CPU it spent a decision.
``--told hands`` or ``--told all`` tells the strong bot the true hands or the whole state
(``told``): what reading the table could win at most, and what the hidden cards are worth.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.matches.thinking import cpu_budget
from app.rules import (
    GAMES,
    GameRules,
    coloretto,
    da_vinci_code,
    elements,
    forehead_words,
    manhattan,
    master_of_rules,
    monopoly_deal,
    monster_tcg,
    poison,
    search,
    sequence_numbers,
    tong_its,
    uno,
    werewolf,
)
from app.rules.base import Action, Bot
from app.rules.bots import bots_move, random_bot, random_bot_for, random_move as random_play
from app.rules.rng import Rng, bot_rng
from app.rules.sequence_numbers.components import side_count


def cautious_random(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Random legal actions, but it stops as soon as stopping is legal (one lucky guess a turn):
    a steadier baseline than ``random_bot`` for games with a ``stop`` action."""
    stop = {"type": "stop"}
    return stop if stop in legal else random_bot(view, legal, rng)


MATCHUPS: dict[str, list[tuple[str, str, Bot]]] = {
    "coloretto": [("greedy", "greedy players", coloretto.greedy_bot)],
    "da_vinci_code": [
        ("cautious", "cautious random bots", cautious_random),
        ("greedy", "greedy players", da_vinci_code.greedy_bot),
    ],
    "elements": [("greedy", "greedy players", elements.greedy_bot)],
    "forehead_words": [("greedy", "greedy players", forehead_words.greedy_bot)],
    "manhattan": [("greedy", "greedy players", manhattan.greedy_bot)],
    "master_of_rules": [("greedy", "greedy players", master_of_rules.greedy_bot)],
    "monopoly_deal": [("greedy", "greedy players", monopoly_deal.greedy_bot)],
    "monster_tcg": [("greedy", "greedy players", monster_tcg.greedy_bot)],
    "poison": [("greedy", "greedy players", poison.greedy_bot)],
    "sequence_numbers": [("greedy", "greedy players", sequence_numbers.greedy_bot)],
    "tong_its": [("greedy", "greedy players", tong_its.greedy_bot)],
    "uno": [("greedy", "greedy players", uno.greedy_bot)],
    "werewolf": [("greedy", "greedy players", werewolf.greedy_bot)],
}
"""Per game slug: extra opponents ``(seed key, label, bot)`` the game's bot also plays against."""

LENGTHS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "sequence_numbers": [(3, {}), (6, {"six_player_teams": 3})],
}
"""Per game slug: tables ``(players, options)`` whose drawn share and match lengths are printed
(Sequence Numbers: a full board is no draw since rules version 2, issue 15)."""

BASELINE: tuple[str, str, Bot] = ("duel", "random bots", random_bot)
"""Every game's bot plays uniformly random bots (the seed key keeps Coloretto's old seeds)."""


def seed_for(slug: str, label: str, index: int) -> bytes:
    """A fixed 32-byte seed per benchmark game, so every run plays the same games."""
    return hashlib.sha256(f"bench:{slug}:{label}:{index}".encode()).digest()


MAX_ACTIONS = 100_000
"""More actions than any match of any game takes, even between random players."""

CLOCK_ACTIONS = 1_000
"""Actions a timed phase lasts at most: at the table its clock runs on while bots talk, and a
phase whose every move changes something never stops itself (Forehead words' time limit while
two bots that guessed their words right chat for ever; Werewolf's phases end far sooner)."""


def play(
    rules: GameRules[Any],
    *,
    players: int,
    seed: bytes,
    bots: Sequence[Bot],
    views: bool = False,
    options: dict[str, Any] | None = None,
) -> tuple[Any, int]:
    """One game with ``bots[seat]`` choosing for each seat; the final state and action count.
    ``random_bot`` makes up the game's free text (``random_bot_for``)."""
    bots = [random_bot_for(rules) if bot is random_bot else bot for bot in bots]
    state = rules.new_game(players=players, seed=seed, options=options or {})
    seq = 0
    phase, since = None, 0
    while rules.outcome(state) is None:
        # A bot that repeats a move undoing itself (a toggle) would hang the run unseen.
        if seq == MAX_ACTIONS:
            raise RuntimeError(f"{rules.slug}: no end after {seq:,} actions (seed {seed.hex()})")
        clock = rules.phase_clock(state) if rules.phase_clock is not None else None
        if clock is None or clock.phase != phase:
            phase, since = (clock.phase if clock else None), seq
        if clock is not None and seq - since >= CLOCK_ACTIONS:
            state = rules.step(state, None, rules.expiry(state))
            seq += 1
            continue

        def choose(seat: int, state: Any = state, seq: int = seq) -> Action:
            legal = rules.legal_actions(state, seat)
            return bots[seat](rules.view(state, seat), legal, bot_rng(seed, seat=seat, seq=seq))

        # As at the table: a timed phase runs out once no bot in it has a move that changes
        # anything (Werewolf's pack holding its pointing, a dead witch's hour). Seats that may
        # all act take turns to go first, or the lowest would talk alone (Forehead words).
        acting = sorted(rules.to_act(state))
        turn = seq % len(acting) if acting else 0
        _, _, state = bots_move(rules, state, acting[turn:] + acting[:turn], choose)
        seq += 1
        if views:
            for viewer in [*range(players), None]:
                rules.view(state, viewer)
    return state, seq


def random_move(
    rules: GameRules[Any], state: Any, *, seed: bytes, seq: int
) -> tuple[int | None, Action, Any]:
    """The ``seq``-th move of a uniformly random game and the state it leads to. Several seats
    to act at once take turns (a pack of werewolves that never agrees would otherwise leave the
    lowest seat re-pointing for ever); a timed phase runs out when nobody in it may act or the
    move drawn changes nothing (a lone werewolf holding his pointing)."""
    if acting := sorted(rules.to_act(state)):
        seat = acting[seq % len(acting)]
        action, after, _ = random_play(rules, state, seat, bot_rng(seed, seat=seat, seq=seq))
        if after != state or None not in rules.movers(state):
            return seat, action, after
    expiry = rules.expiry(state)
    return None, expiry, rules.step(state, None, expiry)


def random_playout(rules: GameRules[Any], *, players: int, seed: bytes) -> int:
    """One game of uniformly random legal actions without views; the number of actions."""
    state = rules.new_game(players=players, seed=seed, options={})
    seq = 0
    while rules.outcome(state) is None:
        _, _, state = random_move(rules, state, seed=seed, seq=seq)
        seq += 1
    return seq


def throughput(rules: GameRules[Any], games: int) -> None:
    """Print engine speed over ``games`` random games spread over every player count."""
    counts = rules.player_counts
    started = time.perf_counter()
    actions = 0
    for index in range(games):
        players = counts[index % len(counts)]
        actions += random_playout(rules, players=players, seed=seed_for(rules.slug, "speed", index))
    elapsed = time.perf_counter() - started
    print(
        f"engine: {games} random games, {actions} actions in {elapsed:.2f} s: "
        f"{actions / elapsed:,.0f} actions/s, {games / elapsed:,.1f} games/s"
    )
    sample = max(1, games // 5)
    started = time.perf_counter()
    actions = 0
    for index in range(sample):
        players = counts[index % len(counts)]
        seed = seed_for(rules.slug, "speed", index)
        _, count = play(rules, players=players, seed=seed, bots=[random_bot] * players, views=True)
        actions += count
    elapsed = time.perf_counter() - started
    print(
        f"with every seat's view after each action: {sample} games, "
        f"{actions / elapsed:,.0f} actions/s, {sample / elapsed:,.1f} games/s"
    )


MEASURED_BASELINE = frozenset({"werewolf", "tong_its"})
"""Games whose baseline is measured: the opponent itself in the bot's seat, on the same seeds.
Werewolf is won by sides, so a seat's fair share is not one in ``players`` (a villager's side
wins with most of the table). A Tong-its hand is decided mostly by the deal and the first turns
(nearly every hand against greedy players ends in a draw called within two rounds), so 200
hands are a lucky or unlucky sample: greedy players in the bot's seat won 25.5 % of the
bench's 200 hands and 33.3-33.9 % of 2 x 2,000 others."""


TEAMS: dict[str, Callable[[int], int]] = {
    # Forehead words: two teams, seated alternately (seat s plays for team s % 2).
    "forehead_words": lambda players: 2,
    "sequence_numbers": lambda players: side_count(
        players, GAMES["sequence_numbers"].default_options["six_player_teams"]
    ),
}
"""Games played in teams at some counts: how many sides play (seat ``s`` plays for side
``s % sides``). The bot then plays every seat of its side, and a side's fair share is one in
``sides``: with one bot among greedy teammates, its side would win about as often as theirs."""


def sides_of(rules: GameRules[Any], players: int) -> int:
    """How many sides play ``rules`` at ``players``: one per seat unless the game has teams."""
    return TEAMS[rules.slug](players) if rules.slug in TEAMS else players


def fair_share(rules: GameRules[Any], players: int) -> float:
    """The share of games a side wins among equals."""
    return 1 / sides_of(rules, players)


def win_rate(
    rules: GameRules[Any],
    *,
    players: int,
    games: int,
    opponent: Bot,
    key: str,
    bot: Bot | None = None,
    options: dict[str, Any] | None = None,
) -> float:
    """The share of ``games`` the bot (``rules.bot`` unless given) wins (or shares) against
    ``players - 1`` opponents (in a team game, every seat of one side against the others').
    Each deal is played once from every side, the bot's seat moving round the same deal, as in
    duplicate bridge: a deal's luck then counts for the bot as often as against it (the normal
    UNO bot against itself, one seat of each of 120 two-player deals, won 39 %: luck, which
    hid that the strong bot was no weaker); the seeds depend on ``key`` and the player count.
    ``options`` are the table's (the game's defaults if not given)."""
    wins = 0
    sides = sides_of(rules, players)
    for index in range(games):
        side = index % sides
        mine = [seat for seat in range(players) if seat % sides == side]
        bots: list[Bot] = [opponent] * players
        for seat in mine:
            bots[seat] = bot or rules.bot
        seed = seed_for(rules.slug, f"{key}{players}", index // sides)
        state, _ = play(rules, players=players, seed=seed, bots=bots, options=options)
        result = rules.outcome(state)
        assert result is not None
        wins += mine[0] in result.winners
    return wins / games


def _werewolf_sides(state: Any) -> dict[str, set[int]]:
    """Werewolf's two camps as dealt: the werewolves, and the village (everyone else)."""
    wolves = {seat for seat, role in enumerate(state.roles) if role == "werewolf"}
    return {"werewolves": wolves, "village": set(range(state.players)) - wolves}


SIDES = {"werewolf": _werewolf_sides}
"""Team games' camps as dealt, to play one camp all by the bot (``side_rate``)."""


def side_rate(
    rules: GameRules[Any], *, players: int, games: int, side: str, bot: Bot, opponent: Bot, key: str
) -> float:
    """The share of ``games`` that ``side`` wins (the outcome's ``detail["side"]``) when every
    seat of it is played by ``bot`` and every other by ``opponent``."""
    wins = 0
    for index in range(games):
        seed = seed_for(rules.slug, f"{key}{players}", index)
        dealt = rules.new_game(players=players, seed=seed, options={})
        ours = SIDES[rules.slug](dealt)[side]
        bots = [bot if seat in ours else opponent for seat in range(players)]
        state, _ = play(rules, players=players, seed=seed, bots=bots)
        result = rules.outcome(state)
        assert result is not None
        wins += result.detail.get("side") == side
    return wins / games


def lengths(
    rules: GameRules[Any], *, players: int, options: dict[str, Any], games: int, bot: Bot, key: str
) -> None:
    """Print the drawn share and the lengths of ``games`` matches with ``bot`` in every seat."""
    started = time.perf_counter()
    counts = []
    drawn = 0
    for index in range(games):
        seed = seed_for(rules.slug, f"lengths-{key}{players}{sorted(options.items())}", index)
        state, count = play(
            rules, players=players, seed=seed, bots=[bot] * players, options=options
        )
        result = rules.outcome(state)
        assert result is not None
        drawn += result.winners == frozenset(range(players))
        counts.append(count)
    counts.sort()
    p99 = counts[min(len(counts) - 1, len(counts) * 99 // 100)]
    chosen = "".join(f", {name}={value}" for name, value in sorted(options.items()))
    print(
        f"{players} players{chosen}, {games} {key} matches: drawn {drawn / games:.1%}, "
        f"actions mean {sum(counts) / games:.0f}, p99 {p99}, max {counts[-1]}, "
        f"{time.perf_counter() - started:.1f} s"
    )


@dataclass
class Thinking:
    """A strong bot's budget in the benchmark and what it spent: a fixed number of playouts a
    decision (the same figures on any machine), or ``think_ms`` of CPU (``time.process_time``,
    as the server's workers measure it)."""

    playouts: int | None = 32
    think_ms: int | None = None
    decisions: int = 0
    played: int = 0
    cpu: float = 0.0

    def describe(self) -> str:
        """The budget as the figures' heading names it."""
        if self.think_ms is not None:
            return f"{self.think_ms} ms of CPU a decision"
        return f"{self.playouts} playouts a decision"

    def spent(self) -> str:
        """Playouts and CPU time per searched decision so far."""
        if not self.decisions:
            return "no decision searched"
        return (
            f"{self.played / self.decisions:.1f} playouts and "
            f"{self.cpu / self.decisions * 1000:.0f} ms of CPU a decision"
        )


def level_bot(rules: GameRules[Any], level: str, *, thinking: Thinking) -> Bot:
    """A bot of ``level`` (``app.rules.search``) for the benchmark; a strong one searches
    within ``thinking``'s budget and counts what it spends there."""

    def bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        seat = view["you"]
        started = time.process_time()
        clock = cpu_budget(thinking.think_ms or 0)  # the server's clock (app.matches.thinking)
        asked = 0

        def out_of_time() -> bool:
            nonlocal asked
            asked += 1
            return clock()

        action = search.choose(
            rules,
            level,
            view,
            legal,
            seat=seat,
            rng=rng,
            out_of_time=out_of_time,
            playouts=thinking.playouts if thinking.think_ms is None else None,
        )
        if level == "strong" and rules.determinize is not None and len(legal) > 1:
            thinking.decisions += 1
            thinking.played += (thinking.playouts or 0) if thinking.think_ms is None else asked - 1
            thinking.cpu += time.process_time() - started
        return action

    return bot


def levels(
    rules: GameRules[Any],
    *,
    games: int,
    thinking: Thinking,
    against: Sequence[str] = ("random", "greedy", "normal"),
    players: Sequence[int] | None = None,
    measured: Sequence[str] = search.LEVELS,
    options: dict[str, Any] | None = None,
) -> None:
    """Print each level against random bots and the game's greedy player (where it has one),
    and strong against normal (issue 27's table), ``games`` seeded games per player count;
    ``against`` picks among ``random``, ``greedy`` and ``normal``, ``players`` the counts,
    ``measured`` the levels (the strong bot's games take minutes, the others seconds), ``options``
    the tables' (e.g. UNO played to 500 points)."""
    easy, strong = (level_bot(rules, level, thinking=thinking) for level in ("easy", "strong"))
    opponents = [BASELINE, *[m for m in MATCHUPS.get(rules.slug, []) if m[0] == "greedy"]]
    opponents = [m for m in opponents if ("random" if m is BASELINE else m[0]) in against]
    bots = [
        (name, bot)
        for name, bot in (("easy", easy), ("normal", rules.bot), ("strong", strong))
        if name in measured
    ]
    for count in players or rules.player_counts:
        for key, label, opponent in opponents:
            for name, bot in bots:
                started = time.perf_counter()
                rate = win_rate(
                    rules,
                    players=count,
                    games=games,
                    opponent=opponent,
                    key=key,
                    bot=bot,
                    options=options,
                )
                print(
                    f"{name} vs {count - 1} {label}, {games} games: wins {rate:.1%} (baseline"
                    f" {fair_share(rules, count):.1%}), {time.perf_counter() - started:.1f} s"
                )
        if "normal" in against and "strong" in measured:
            started = time.perf_counter()
            rate = win_rate(
                rules,
                players=count,
                games=games,
                opponent=rules.bot,
                key="levels",
                bot=strong,
                options=options,
            )
            print(
                f"strong vs {count - 1} normal, {games} games: wins {rate:.1%} (baseline"
                f" {fair_share(rules, count):.1%}), {time.perf_counter() - started:.1f} s"
            )
        if "strong" in measured:
            print(f"strong, {count} players: {thinking.spent()}", flush=True)


def bench(rules: GameRules[Any], *, games: int, duels: int, length_games: int) -> None:
    """Print every figure for one game."""
    print(f"== {rules.slug} ({rules.title}) ==")
    throughput(rules, games)
    for key, label, opponent in [BASELINE, *MATCHUPS.get(rules.slug, [])]:
        for players in rules.player_counts:
            started = time.perf_counter()
            rate = win_rate(rules, players=players, games=duels, opponent=opponent, key=key)
            if rules.slug in MEASURED_BASELINE:
                baseline = win_rate(
                    rules, players=players, games=duels, opponent=opponent, key=key, bot=opponent
                )
                fair = f"baseline {baseline:.1%}: {label} in its seat"
            else:
                fair = f"baseline {fair_share(rules, players):.1%}"
            elapsed = time.perf_counter() - started
            print(
                f"bot vs {players - 1} {label}, {duels} games: wins {rate:.1%} "
                f"({fair}), {elapsed:.1f} s"
            )
    for side in ("village", "werewolves") if rules.slug in SIDES else ():
        for key, label, opponent in [BASELINE, *MATCHUPS.get(rules.slug, [])]:
            for players in rules.player_counts:
                rate = side_rate(
                    rules,
                    players=players,
                    games=duels,
                    side=side,
                    bot=rules.bot,
                    opponent=opponent,
                    key=key,
                )
                share = side_rate(
                    rules,
                    players=players,
                    games=duels,
                    side=side,
                    bot=opponent,
                    opponent=opponent,
                    key=key,
                )
                print(
                    f"{side} all bots vs {label}, {players} players, {duels} games: the {side}"
                    f" win {rate:.1%} (baseline {share:.1%}: {label} for the {side} too)"
                )
    for players, options in LENGTHS.get(rules.slug, []):
        for key, bot in (("random", random_bot), ("bot", rules.bot)):
            if length_games:
                lengths(
                    rules, players=players, options=options, games=length_games, bot=bot, key=key
                )


TRUTH = "_told"
"""The key under which a told game's view carries the true state (``told``)."""

DRAW_PILES = {"sequence_numbers": "deck", "tong_its": "stock", "uno": "pile"}
"""The state field of each game's draw pile, which ``told(..., "hands")`` keeps secret."""


def told(rules: GameRules[Any], what: str) -> GameRules[Any]:
    """The game's rules for a strong bot told the truth: ``"all"``, the true state (every hand
    and the draw pile's order); ``"hands"``, the true hands, with the draw pile reshuffled (and
    the game's random stream redrawn) in every world it draws, which is the most a perfect
    reader of the table could know. Beside the fair bot's figure, what the hidden information is
    worth to the search (issue 27's notes). Every view carries the state under ``TRUTH``;
    only ``determinize`` reads it."""
    pile = DRAW_PILES.get(rules.slug)
    if what == "hands" and pile is None:
        raise ValueError(f"{rules.slug}: no draw pile named in DRAW_PILES")

    def view(state: Any, seat: int | None) -> dict[str, Any]:
        return {**rules.view(state, seat), TRUTH: state}

    def determinize(seen: Any, seat: int, rng: Rng) -> Any:
        state = seen[TRUTH]
        if what == "all" or pile is None:
            return state
        cards, rng = rng.shuffle(getattr(state, pile))
        changes: dict[str, Any] = {pile: cards}
        if hasattr(state, "rng"):
            changes["rng"] = Rng(rng.seed, f"{rng.purpose}/told")
        return replace(state, **changes)

    return replace(rules, view=view, determinize=determinize)


def table_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` from the command line: the value as JSON (``500``, ``"open"``), else the
    text itself (``open``)."""
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark for one game or all of them and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all)")
    parser.add_argument("--games", type=int, default=300, help="random games for throughput")
    parser.add_argument("--duels", type=int, default=200, help="bot games per player count")
    parser.add_argument(
        "--lengths", type=int, default=200, help="random and bot matches per LENGTHS table (0: off)"
    )
    parser.add_argument(
        "--levels", type=int, default=0, help="games per player count for the bot levels (0: off)"
    )
    parser.add_argument(
        "--playouts", type=int, default=32, help="a strong bot's playouts per decision"
    )
    parser.add_argument(
        "--think-ms",
        type=int,
        help="a strong bot's CPU time per decision instead of --playouts (time.process_time)",
    )
    parser.add_argument(
        "--players", type=int, nargs="*", help="the levels' player counts (default: every one)"
    )
    parser.add_argument(
        "--against",
        nargs="*",
        default=["random", "greedy", "normal"],
        choices=["random", "greedy", "normal"],
        help="the levels' opponents",
    )
    parser.add_argument(
        "--bots",
        nargs="*",
        default=list(search.LEVELS),
        choices=search.LEVELS,
        help="the levels measured (default: every one)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        type=table_option,
        metavar="NAME=VALUE",
        help="a table option for the levels' games (repeatable; VALUE read as JSON if it can be)",
    )
    parser.add_argument(
        "--only-levels", action="store_true", help="print the bot levels' figures only"
    )
    parser.add_argument(
        "--told",
        choices=["hands", "all"],
        help="the levels' strong bot is told the true hands (the draw pile stays secret) or all",
    )
    args = parser.parse_args(argv)
    slugs = [args.game] if args.game else sorted(GAMES)
    if args.told == "hands" and any(slug not in DRAW_PILES for slug in slugs):
        parser.error(f"--told hands needs a game with a draw pile: {', '.join(DRAW_PILES)}")
    for slug in slugs:
        if not args.only_levels:
            bench(GAMES[slug], games=args.games, duels=args.duels, length_games=args.lengths)
        if args.levels:
            thinking = Thinking(playouts=args.playouts, think_ms=args.think_ms)
            chosen = "".join(f", {name}={value}" for name, value in args.option)
            truth = f", told {args.told}" if args.told else ""
            print(f"== {slug}: bot levels (strong: {thinking.describe()}{chosen}{truth}) ==")
            levels(
                told(GAMES[slug], args.told) if args.told else GAMES[slug],
                games=args.levels,
                thinking=thinking,
                against=args.against,
                players=args.players,
                measured=args.bots,
                options=dict(args.option) or None,
            )


if __name__ == "__main__":
    main()
