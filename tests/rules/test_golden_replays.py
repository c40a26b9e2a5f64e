"""Golden replays (issue 17, style 4.13c): every match recorded in tests/rules/replays/ replays to
the same to_act, views, logs, legal actions and outcome, for every viewer after every action.
A change that alters any of them must bump the game's rules version and re-record its goldens
(``python -m tests.rules.replays``), so old records are never replayed by rules that read them
differently."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.rules import GAMES, IllegalAction
from tests.rules.golden import REPLAYS, Golden, Row, load, path, replay, rows, slots, viewers

FILES = sorted(REPLAYS.glob("*/*.json"))

RECORD = "python -m tests.rules.replays"


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


def _row_difference(players: int, expected: Row, actual: Row) -> str | None:
    """Which parts of one state differ, and for whom."""
    found = [] if expected[0] == actual[0] else [f"to_act {expected[0]} is now {actual[0]}"]
    parts = (
        ("view", viewers(players)),
        ("log", viewers(players)),
        ("legal actions", range(players)),
    )
    for (part, names), was, now in zip(parts, expected[1:], actual[1:], strict=True):
        changed = [
            _who(viewer)
            for viewer, old, new in zip(names, was.split(), now.split(), strict=True)
            if old != new
        ]
        if changed:
            found.append(f"{part} of {', '.join(changed)}")
    return "; ".join(found) or None


def _first_difference(golden: Golden) -> str | None:
    """Where replaying the golden match first differs from its record, in words."""
    rules = GAMES[golden.slug]
    replayed = rows(rules, replay(golden), golden.players)
    for step, expected in enumerate(golden.rows):
        if step == 0:
            where = "the deal"
        else:
            seat, action = golden.actions[step - 1]
            where = f"action {step - 1}, seat {seat} playing {action}"
        try:
            actual = next(replayed)
        except IllegalAction as refused:
            return f"{where} is refused: {refused.code}: {refused.message}"
        difference = _row_difference(golden.players, expected, actual)
        if difference:
            return f"after {where} (step {step}): {difference}"
    *_, final = replay(golden)  # every action applied above: the end is quick to reach again
    outcome = rules.outcome(final)
    now = None if outcome is None else outcome.to_json()
    if now != golden.outcome:
        return f"the outcome {golden.outcome} is now {now}"
    return None


def problem(golden: Golden) -> str | None:
    """Why a golden match no longer holds, with what to do about it; None when it holds."""
    rules = GAMES.get(golden.slug)
    if rules is None:
        return f"{golden.slug} is no longer a game: {RECORD} removes its goldens"
    if golden.version != rules.version:
        return (
            f"recorded at rules version {golden.version} but {golden.slug} is at version "
            f"{rules.version}: {RECORD} re-records it"
        )
    difference = _first_difference(golden)
    if difference is None:
        return None
    return (
        f"{difference}. If the change is meant, bump {golden.slug}'s rules version "
        f"(GameRules.version) and run {RECORD}"
    )


@pytest.mark.parametrize("file", FILES, ids=[f"{file.parent.name}/{file.stem}" for file in FILES])
def test_replay_matches_its_golden(file: Path) -> None:
    """The recorded match replays to every recorded digest, at the code's rules version."""
    golden = load(file)
    assert golden.slug == file.parent.name
    found = problem(golden)
    if found is not None:
        pytest.fail(f"{file.relative_to(REPLAYS)}: {found}", pytrace=False)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_and_player_count_has_goldens(slug: str) -> None:
    """A game's folder holds its matches for every player count, with the setup each name
    promises (a new game or player count must record them)."""
    rules = GAMES[slug]
    expected = {path(slug, slot.name) for slot in slots(rules)}
    assert set((REPLAYS / slug).glob("*.json")) == expected, f"run {RECORD}"
    for slot in slots(rules):
        golden = load(path(slug, slot.name))
        assert golden.players == slot.players
        assert golden.start_seat == slot.start_seat
        defaults = rules.check_options(slot.players, {})
        assert (golden.options != defaults) == slot.changed_options
        assert rules.check_options(slot.players, golden.options) == golden.options


def test_a_changed_record_is_reported_where_it_differs() -> None:
    """The comparison names the step, the part and the viewer that differ, a recorded action
    the rules refuse, an outcome that is not the recorded one, and a version not recorded."""
    golden = load(path("da_vinci_code", "2p-1"))
    assert problem(golden) is None

    rows_changed = [list(entry) for entry in golden.rows]
    digests = rows_changed[5][1].split()
    digests[1] = "00000000"  # seat 1's view after the fifth action
    rows_changed[5][1] = " ".join(digests)
    found = problem(replace(golden, rows=rows_changed))
    assert found is not None and found.startswith("after action 4, seat ")
    assert "(step 5): view of seat 1. If the change is meant, bump da_vinci_code's" in found

    seat, action = golden.actions[3]
    assert seat is not None  # Da Vinci Code has no timed phases
    refused = replace(golden, actions=[*golden.actions[:3], (1 - seat, action)])
    found = problem(refused)
    assert found is not None and found.startswith(f"action 3, seat {1 - seat} playing ")
    assert "is refused: not_your_turn" in found

    outcome = {**golden.outcome, "winners": []}
    found = problem(replace(golden, outcome=outcome))
    assert found is not None and found.startswith(f"the outcome {outcome} is now ")

    found = problem(replace(golden, version="0"))
    assert found == (
        "recorded at rules version 0 but da_vinci_code is at version "
        f"{GAMES['da_vinci_code'].version}: {RECORD} re-records it"
    )
