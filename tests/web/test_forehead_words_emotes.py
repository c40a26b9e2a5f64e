"""Forehead words' renderer names and draws the action bar's emotes from its own copy of the
rules' catalogue (static/js/games/forehead_words/emotes.js): the same keys, pictograms and
English labels (the labels' message ids), in the same order, as the rules'
(app/rules/forehead_words/emotes.py)."""

from __future__ import annotations

import json
import re

from app.config import ROOT
from app.rules.forehead_words.emotes import EMOTES

SOURCE = ROOT / "static" / "js" / "games" / "forehead_words" / "emotes.js"
ROW = re.compile(r'^\s*\[("[^"]*"), ("[^"]*"), N_\(("[^"]*")\)\],$', re.MULTILINE)


def test_the_renderer_has_the_rules_catalogue_of_emotes() -> None:
    rows = [
        tuple(json.loads(part) for part in found.groups())
        for found in ROW.finditer(SOURCE.read_text(encoding="utf-8"))
    ]
    assert rows == list(EMOTES)
