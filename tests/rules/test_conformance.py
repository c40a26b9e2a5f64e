"""The contract of design 1.1, checked for every registered game with seeded playouts (style
4.13a, after OpenSpiel's ``RandomSimTest``): random ones, and one where the game's own bot chooses
every action. Nothing here knows any one game's rules."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from app.rules import GAMES, GameRules, IllegalAction, Outcome
from app.rules.base import Action
from app.rules.bots import bots_move, fill_text, is_template, offered, random_move
from app.rules.kit import parse_kind, turn_to_act
from app.rules.rng import Rng, bot_rng

MAX_ACTIONS = 2000
"""No game in the registry needs this many actions; a playout that does is stuck."""

SEEDS = [hashlib.sha256(f"conformance:{index}".encode()).digest() for index in range(3)]
BOT_SEED = hashlib.sha256(b"conformance:bot").digest()
"""The seed of the playout in which the game's bot chooses every action."""

CASES = [
    pytest.param((rules, players), id=f"{slug}-{players}p")
    for slug, rules in sorted(GAMES.items())
    for players in rules.player_counts
]

BOGUS_ACTIONS: list[Any] = [{}, {"type": "nope"}, {"type": 5}, {"type": None}, [], "draw", None]

_SCALARS = (type(None), bool, int, float, str, bytes)


@dataclass
class Playout:
    """One finished game: its seed, the (seat, action) record and the final state."""

    seed: bytes
    record: list[tuple[int | None, Action]]
    """Each action with its seat; no seat: a timed phase that ran out (``GameRules.expire``)."""
    final: Any


class Frozen:
    """Checks that states are deeply immutable (design 1.1): only scalars, tuples, frozensets and
    frozen dataclasses of those, all the way down. A deeply immutable state cannot be changed in
    place, so comparing its hash before and after is enough to catch a rule that changes it by
    force (``object.__setattr__``), instead of a deep copy of every state. Values checked once
    are remembered (and kept alive, so their ids stay theirs): consecutive states share most of
    their parts, so each state costs little more than what is new in it."""

    def __init__(self) -> None:
        self._checked: dict[int, object] = {}

    def check(self, value: Any, where: str = "state") -> None:
        """Fail with the path to the first part of ``value`` that could change in place."""
        if isinstance(value, _SCALARS) or id(value) in self._checked:
            return
        if isinstance(value, tuple | frozenset):
            for index, item in enumerate(value):
                if not isinstance(item, _SCALARS) and id(item) not in self._checked:
                    self.check(item, f"{where}[{index}]")
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            # __dataclass_params__ is not in the type stubs, hence getattr.
            params = getattr(type(value), "__dataclass_params__")  # noqa: B009
            assert params.frozen and params.eq, f"{where} is a dataclass that is not frozen"
            for field in dataclasses.fields(value):
                self.check(getattr(value, field.name), f"{where}.{field.name}")
        else:
            raise AssertionError(f"{where} holds a {type(value).__name__}, which is not frozen")
        self._checked[id(value)] = value


@dataclass
class Seen:
    """What the checks of one playout have verified so far, so that each state costs little more
    than what is new in it: the parts of states known to be immutable, and each viewer's log."""

    frozen: Frozen = field(default_factory=Frozen)
    logs: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)

    def check_log(self, viewer: int | None, entries: list[dict[str, Any]]) -> None:
        """Every entry of ``viewer``'s log is JSON with a string ``type``. Entries equal to the
        ones checked at the same places of the previous state's log are not checked again (an
        equal value is JSON just the same)."""
        before = self.logs.get(viewer, [])
        new = entries[len(before) :] if entries[: len(before)] == before else entries
        assert json_round_trip(new) == new
        assert all(isinstance(entry.get("type"), str) for entry in new)
        self.logs[viewer] = entries


def json_round_trip(value: Any) -> Any:
    """``value`` through JSON and back; must come back equal (no tuples, sets or objects)."""
    return json.loads(json.dumps(value, allow_nan=False))


def check_refused(rules: GameRules[Any], state: Any, seat: int, action: Any) -> None:
    """``action`` by ``seat`` raises IllegalAction with a code and a sentence."""
    with pytest.raises(IllegalAction) as raised:
        rules.apply(state, seat, action)
    assert raised.value.code and raised.value.message


def check_step(
    rules: GameRules[Any], state: Any, *, players: int, seen: Seen, seed: bytes, step: int
) -> dict[int, Action]:
    """Everything the contract promises about one state in the middle of a game; none of it
    (applying legal actions, refusing illegal ones, views, log, the bot) may change the state.
    Returns the bot's choice for each seat that may act (design 1.5: always a legal action)."""
    seen.frozen.check(state)
    before = hash(state)
    acting = rules.to_act(state)
    # A game with timed phases may wait for its clock alone (a dead witch's turn, unrevealed).
    assert rules.movers(state), "nobody may act, no clock runs, but there is no outcome"
    assert acting <= set(range(players))
    choices: dict[int, Action] = {}
    for seat in range(players):
        legal = rules.legal_actions(state, seat)
        if seat in acting:
            assert legal, f"seat {seat} must act but has no legal action"
            assert json_round_trip(legal) == legal
            typer = Rng(seed, f"conformance-text:{step}:{seat}")
            for action in legal:
                if is_template(rules.free_text, action):
                    # A template is no move (GameRules.free_text); with a made-up text it is.
                    check_refused(rules, state, seat, action)
                    action, typer = fill_text(rules.free_text, action, typer)
                rules.apply(state, seat, action)  # every listed action applies
            for bogus in BOGUS_ACTIONS:
                check_refused(rules, state, seat, bogus)
            check_refused(rules, state, seat, {**legal[0], "extra": 1})
            choice = rules.bot(rules.view(state, seat), legal, bot_rng(seed, seat=seat, seq=step))
            assert offered(rules, legal, choice), (
                f"the bot of seat {seat} chose {choice}, which is not legal"
            )
            choices[seat] = choice
        else:
            assert legal == []
    outsider = next((seat for seat in range(players) if seat not in acting), None)
    if outsider is not None and acting:
        some_seat = min(acting)
        typer = Rng(seed, f"conformance-outsider:{step}")
        for action in rules.legal_actions(state, some_seat):
            action, typer = fill_text(rules.free_text, action, typer)
            check_refused(rules, state, outsider, action)
    lengths = set()
    public = rules.log(state, None)
    for viewer in [*range(players), None]:
        shown = rules.view(state, viewer)
        assert json_round_trip(shown) == shown
        entries = public if viewer is None else rules.log(state, viewer)
        seen.check_log(viewer, entries)
        lengths.add(len(entries))
        if rules.public_log:  # the server then sends everyone the spectators' log
            assert entries == public
    # Every viewer's log has the same entries, only their hidden contents differ: the table
    # marks a stand-in's moves by log position, once for everyone (app/matches/service.py).
    assert len(lengths) == 1, f"log lengths differ between viewers: {lengths}"
    assert hash(state) == before, "the state changed while it was being checked"
    return choices


def playout(
    rules: GameRules[Any], *, players: int, seed: bytes, checks: bool, by_bot: bool = False
) -> Playout:
    """Play to the end: random legal actions (the chooser's rng is separate from the deal's),
    or the bot's choices with ``by_bot``; ``checks`` runs ``check_step`` on every state."""
    state = rules.new_game(players=players, seed=seed, options={})
    chooser = Rng(seed, "conformance-test")
    seen = Seen()
    record: list[tuple[int | None, Action]] = []
    while rules.outcome(state) is None:
        assert len(record) < MAX_ACTIONS, "the game did not end"
        step = len(record)
        choices = (
            check_step(rules, state, players=players, seen=seen, seed=seed, step=step)
            if checks
            else {}
        )
        acting = sorted(rules.to_act(state))
        if by_bot and acting:
            # Bots move as at the table (``bots_move``): the first from a drawn seat on whose
            # choice changes something; none does, and the running phase's clock runs out.
            first, chooser = chooser.choice(acting)
            order = [first, *(seat for seat in acting if seat != first)]

            def choose(
                seat: int,
                state: Any = state,
                step: int = step,
                choices: dict[int, Action] = choices,
            ) -> Action:
                if checks:
                    return choices[seat]  # the bot's choice, checked to be legal
                legal = rules.legal_actions(state, seat)
                return rules.bot(rules.view(state, seat), legal, bot_rng(seed, seat=seat, seq=step))

            mover, action, state = bots_move(rules, state, order, choose)
            record.append((mover, action))
            continue
        # Random play lets a running phase clock run out now and then.
        mover, chooser = chooser.choice(rules.movers(state))
        if mover is None:
            action = rules.expiry(state)
            state = rules.step(state, None, action)
        else:
            # Free text is typed from what a spectator sees, every word: lines say words.
            action, state, chooser = random_move(rules, state, mover, chooser)
        record.append((mover, action))
    if checks:
        seen.frozen.check(state)
    return Playout(seed=seed, record=record, final=state)


@pytest.fixture(scope="module", params=CASES)
def case(request: pytest.FixtureRequest) -> tuple[GameRules[Any], int, list[Playout]]:
    """A game, a player count and its checked playouts: the random ones, then the bot's
    (shared by the tests below)."""
    rules, players = request.param
    games = [playout(rules, players=players, seed=seed, checks=True) for seed in SEEDS]
    games.append(playout(rules, players=players, seed=BOT_SEED, checks=True, by_bot=True))
    return rules, players, games


def test_playouts_end_with_a_valid_outcome(
    case: tuple[GameRules[Any], int, list[Playout]],
) -> None:
    """Every seeded playout ends, the bot's too; the outcome has a score per seat and some
    winner (a Tong-its hand where every player is burned has none, and no payment:
    rules/tong-its.md, Stock exhausted; package docstring)."""
    rules, players, games = case
    for game in games:
        result = rules.outcome(game.final)
        assert isinstance(result, Outcome)
        assert len(result.scores) == players
        assert result.winners <= set(range(players))
        assert result.winners or (rules.slug == "tong_its" and set(result.scores) == {0})
        assert json_round_trip(result.to_json()) == result.to_json()
        assert rules.to_act(game.final) == frozenset()
        for seat in range(players):
            assert rules.legal_actions(game.final, seat) == []
            with pytest.raises(IllegalAction):
                rules.apply(game.final, seat, {"type": "nope"})
        for viewer in [*range(players), None]:
            assert json_round_trip(rules.view(game.final, viewer)) == rules.view(game.final, viewer)
            assert json_round_trip(rules.log(game.final, viewer)) == rules.log(game.final, viewer)


def test_replay_reproduces_the_final_state(
    case: tuple[GameRules[Any], int, list[Playout]],
) -> None:
    """design 1.2: new_game(seed) + the recorded actions gives an equal final state."""
    rules, players, games = case
    for game in games:
        state = rules.new_game(players=players, seed=game.seed, options={})
        for seat, action in game.record:
            state = rules.step(state, seat, json_round_trip(action))
        assert state == game.final
        assert rules.outcome(state) == rules.outcome(game.final)


def test_same_seed_same_game_different_seeds_different_deals(
    case: tuple[GameRules[Any], int, list[Playout]],
) -> None:
    """The deal depends on the seed and on nothing else; the bot's choices on its view and rng."""
    rules, players, games = case
    first = rules.new_game(players=players, seed=SEEDS[0], options={})
    assert first == rules.new_game(players=players, seed=SEEDS[0], options={})
    others = [rules.new_game(players=players, seed=seed, options={}) for seed in SEEDS[1:]]
    assert all(other != first for other in others)
    again = playout(rules, players=players, seed=SEEDS[0], checks=False)
    assert again.record == games[0].record and again.final == games[0].final
    by_bot = playout(rules, players=players, seed=BOT_SEED, checks=False, by_bot=True)
    assert by_bot.record == games[-1].record and by_bot.final == games[-1].final


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_registry_entry_is_consistent(slug: str) -> None:
    """Metadata the lobby relies on (design 2.2): slug, player range, JSON default options."""
    rules = GAMES[slug]
    assert rules.slug == slug
    assert rules.title
    assert 1 <= rules.min_players <= rules.max_players
    assert json_round_trip(dict(rules.default_options)) == dict(rules.default_options)
    assert rules.check_options(rules.min_players, {}) == dict(rules.default_options)
    assert rules.player_counts[0] == rules.min_players
    assert rules.player_counts[-1] == rules.max_players
    for players in (rules.min_players - 1, rules.max_players + 1, *rules.excluded_players):
        with pytest.raises(IllegalAction):
            rules.check_options(players, {})
    with pytest.raises(IllegalAction):
        rules.check_options(rules.min_players, {"no_such_option": True})


@pytest.mark.parametrize("case", CASES)
def test_the_table_may_choose_the_start_seat(case: tuple[GameRules[Any], int]) -> None:
    """design 1.1 (rematches, issue 9): ``new_game(start_seat=k)`` is accepted for every seat,
    is deterministic, and refuses a seat that does not exist."""
    rules, players = case
    for seat in range(players):
        first = rules.new_game(players=players, seed=SEEDS[0], options={}, start_seat=seat)
        again = rules.new_game(players=players, seed=SEEDS[0], options={}, start_seat=seat)
        assert first == again
        assert rules.movers(first)
    for bad in (-1, players, True):
        with pytest.raises(IllegalAction):
            rules.new_game(players=players, seed=SEEDS[0], options={}, start_seat=bad)


# --- the checks themselves: a toy game, and rules that change their state ----------------------


@dataclass(frozen=True)
class Counting:
    """The state of a toy game: two seats take turns counting to three."""

    count: int
    turn: int | None
    said: Any = ()
    """What was counted so far (a tuple; the broken rules below keep a list here)."""


def _counting_new(
    *, players: int, seed: bytes, options: dict[str, Any], start_seat: int | None = None
) -> Counting:
    return Counting(count=0, turn=0)


def _counting_apply(state: Counting, seat: int, action: Action) -> Counting:
    if state.turn is None or seat != state.turn:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    parse_kind(action, {"count": frozenset({"type"})}, game="Counting")
    count = state.count + 1
    return Counting(count=count, turn=None if count == 3 else 1 - seat)


def _counting_outcome(state: Counting) -> Outcome | None:
    return None if state.turn is not None else Outcome(scores=[0, 0], winners=frozenset({0, 1}))


COUNTING: GameRules[Counting] = GameRules(
    slug="counting",
    title="Counting",
    min_players=2,
    max_players=2,
    default_options={},
    check_options=lambda players, options: {},
    new_game=_counting_new,
    to_act=turn_to_act,
    legal_actions=lambda state, seat: [{"type": "count"}] if seat == state.turn else [],
    apply=_counting_apply,
    view=lambda state, seat: {"count": state.count, "you": seat},
    outcome=_counting_outcome,
    log=lambda state, seat: [],
    bot=lambda view, legal, rng: legal[0],
)


def _counts_by_force(state: Counting, seat: int, action: Action) -> Counting:
    """A broken rule: it also changes the state it was given, frozen or not."""
    after = _counting_apply(state, seat, action)
    object.__setattr__(state, "count", state.count + 1)
    return after


def _counts_in_a_list(state: Counting, seat: int, action: Action) -> Counting:
    """A broken rule: it keeps what was counted in a list, and appends to it in place."""
    after = _counting_apply(state, seat, action)
    state.said.append(after.count)
    return replace(after, said=state.said)


def test_the_checks_pass_a_game_that_keeps_the_contract() -> None:
    """The toy game passes every check, so the failures below come from the broken rules."""
    game = playout(COUNTING, players=2, seed=SEEDS[0], checks=True, by_bot=True)
    assert [seat for seat, _ in game.record] == [0, 1, 0]
    assert game.final == Counting(count=3, turn=None)


@pytest.mark.parametrize(
    ("apply", "said", "error"),
    [
        (_counts_by_force, (), "the state changed while it was being checked"),
        (_counts_in_a_list, [], r"state\.said holds a list, which is not frozen"),
    ],
    ids=["by-force", "in-a-list"],
)
def test_a_rule_that_changes_its_state_is_caught(apply: Any, said: Any, error: str) -> None:
    """design 1.1 (states are immutable): checking a state fails when applying an action changes
    it, whether by force or through a mutable part."""
    rules = replace(COUNTING, apply=apply)
    state = Counting(count=0, turn=0, said=said)
    with pytest.raises(AssertionError, match=error):
        check_step(rules, state, players=2, seen=Seen(), seed=SEEDS[0], step=0)


@pytest.mark.parametrize(
    "value",
    [[1], {"a": 1}, {1}, bytearray(b"x"), ((1, (2, [3])),)],
    ids=["list", "dict", "set", "bytearray", "nested-list"],
)
def test_frozen_names_what_may_change_in_place(value: Any) -> None:
    """Lists, dicts, sets and other mutable values are refused wherever they sit."""
    with pytest.raises(AssertionError, match=r"^state\.said.* holds a .*, which is not frozen"):
        Frozen().check(Counting(count=0, turn=0, said=value))


def test_frozen_passes_immutable_values() -> None:
    """Scalars, tuples, frozensets and frozen dataclasses (the Rng included) pass."""
    said = (None, True, 2, 1.5, "three", b"4", frozenset({(5, 6)}), Rng(SEEDS[0], "x"))
    Frozen().check(Counting(count=0, turn=0, said=said))


def test_logs_are_checked_again_where_they_changed() -> None:
    """``Seen.check_log`` skips only entries equal to those it checked before at the same
    places: a non-JSON entry is caught whether it is new or replaces an earlier one."""
    seen = Seen()
    seen.check_log(0, [{"type": "dealt", "cards": ["a"]}])
    seen.check_log(0, [{"type": "dealt", "cards": ["a"]}, {"type": "drawn"}])
    with pytest.raises(AssertionError):
        seen.check_log(0, [{"type": "dealt", "cards": ["a"]}, {"type": "drawn", "card": ("b",)}])
    with pytest.raises(AssertionError):
        seen.check_log(0, [{"type": "dealt", "cards": ("a",)}, {"type": "drawn"}])
    with pytest.raises(AssertionError):
        seen.check_log(None, [{"type": None}])
