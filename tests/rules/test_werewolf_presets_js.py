"""The browser's copy of Werewolf's preset role sets (static/js/games/werewolf/roles.js, shown
on the create form) cannot drift from the rules': tests/js/werewolf_presets.json, which the
JS unit test pins the JS preset to, equals ``components.preset`` for every player count."""

from __future__ import annotations

import json

from app.config import ROOT
from app.rules.werewolf import preset
from app.rules.werewolf.components import MAX_PLAYERS, MIN_PLAYERS

FIXTURE = ROOT / "tests" / "js" / "werewolf_presets.json"


def test_the_js_preset_fixture_is_the_rules_preset_for_every_count() -> None:
    shown = json.loads(FIXTURE.read_text(encoding="utf-8"))
    expected = {str(players): preset(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    assert shown == expected
    # Same order too: the form lists the roles as the rules do (ROLES order).
    for players, counts in expected.items():
        assert list(shown[players]) == list(counts)
