"""The renderer's unit-test frames (tests/js/fixtures/monster_tcg/*.json, written by hand with a
made-up card set) have the shape of the real rules' frames, so the JS tests cannot pass against
a view, a log entry or an action the server never sends: every object of a fixture (the view,
a seat, a creature, the preview, a catalogue card, a log entry or a legal action of each type)
has exactly the keys the rules give that kind of object in bot matches."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from app.config import ROOT
from app.rules.bots import random_bot
from app.rules.monster_tcg import (
    apply,
    choose,
    legal_actions,
    log,
    new_game,
    outcome,
    to_act,
    view,
)
from app.rules.rng import Rng

FIXTURES = ROOT / "tests" / "js" / "fixtures" / "monster_tcg"

Shapes = dict[str, set[frozenset[str]]]


def _shapes(frame: dict[str, Any]) -> Iterator[tuple[str, frozenset[str]]]:
    """Each object of a frame as (its kind, its keys)."""
    shown = frame["view"]
    yield "view", frozenset(shown)
    for player in shown["players"]:
        yield "player", frozenset(player)
        for creature in [player["active"], *player["bench"]]:
            if creature is not None:
                yield "creature", frozenset(creature)
    yield "this_turn", frozenset(shown["this_turn"])
    if shown["preview"] is not None:
        yield "preview", frozenset(shown["preview"])
        yield "retreat", frozenset(shown["preview"]["retreat"])
        for attack in shown["preview"]["attacks"]:
            yield "previewed attack", frozenset(attack)
    for deck in shown["deck_options"]:
        yield "deck", frozenset(deck)
    for card in shown["catalogue"].values():
        yield f"{card['kind']} card", frozenset(card)
        for attack in card.get("attacks", []):
            yield "attack", frozenset(attack)
            if attack["effect"] is not None:
                yield f"effect {attack['effect']['kind']}", frozenset(attack["effect"])
    for entry in frame["log"]:
        yield f"log {entry['type']}", frozenset(entry)
    for action in frame["legal"]:
        yield f"action {action['type']}", frozenset(action)


def _real_shapes() -> Shapes:
    """The shapes of every frame seen by both seats and a spectator at every step of matches
    of the game's bot against random play, with either deck size and with both decks chosen or
    fixed."""
    shapes: Shapes = defaultdict(set)
    tables: list[dict[str, Any]] = [{}, {"deck_size": 30}, {"deck_1": "ember", "deck_2": "surge"}]
    for index, options in enumerate(tables * 4):
        for state in _bot_match(f"fixture shapes {index}", options):
            for seat in (0, 1, None):
                frame = {
                    "view": view(state, seat),
                    "log": log(state, seat),
                    "legal": [] if seat is None else legal_actions(state, seat),
                }
                for kind, keys in _shapes(frame):
                    shapes[kind].add(keys)
    return shapes


def _bot_match(label: str, options: dict[str, Any]) -> Iterator[Any]:
    """Every state of a match of the game's bot (seat 0) against random play (seat 1)."""
    seed = label.encode().ljust(32, b".")
    state = new_game(players=2, seed=seed, options=options)
    yield state
    for step in range(5000):
        if outcome(state) is not None:
            return
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        bot = (choose, random_bot)[seat]
        state = apply(state, seat, bot(view(state, seat), legal, Rng(seed, str(step))))
        yield state
    raise AssertionError("the bot match did not end")


def test_every_fixture_object_has_a_shape_the_rules_send() -> None:
    real = _real_shapes()
    files = sorted(FIXTURES.glob("*.json"))
    assert len(files) >= 5
    for path in files:
        for name, frame in json.loads(path.read_text(encoding="utf-8"))["frames"].items():
            for kind, keys in _shapes(frame):
                where = f"{path.name} {name}: {kind}"
                assert kind in real, f"{where}: the rules never send one"
                assert keys in real[kind], f"{where} has keys {sorted(keys)}: {real[kind]}"
