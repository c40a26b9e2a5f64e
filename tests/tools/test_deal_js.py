"""The browser page's deal code (static/js/lib/deal.js, issue 29), run under Node's Web Crypto
(the browser's API), deals exactly what ``new_game`` dealt, in the same JSON as
tools/verify_deal.py, for every game, player count, deal-changing option and seed of the
script's tests; and refuses a changed seed or commitment. The browser test
(tests/e2e/test_verify_deal_browser.py) runs the page itself in Chromium for every game."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

from app.config import ROOT
from app.rules import GAMES
from tests.tools.deals import (
    SEEDS,
    assert_same,
    cases,
    choose_decks,
    expected,
    record_of,
    script_view,
)
from tools import verify_deal

RUNNER = ROOT / "tests" / "tools" / "deal_js.mjs"


def run_node(arguments: list[str], *, given: str = "", timeout: int = 300) -> Any:
    """What a Node program run from the repository root (``node *arguments``, ``given`` on its
    standard input) printed as JSON."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run the browser's deal code"
    run = subprocess.run(
        [node, *arguments],
        input=given,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def deal_in_js(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each record's ``{"deal"}`` or ``{"refused"}`` from deal.js, in one Node process."""
    answers: list[dict[str, Any]] = run_node([str(RUNNER)], given=json.dumps(records))
    return answers


def test_the_page_deals_what_new_game_and_the_script_dealt() -> None:
    records, states = [], []
    for param in cases():
        game, players, options = param.values
        rules = GAMES[game]
        for seed in SEEDS:
            state = rules.new_game(
                players=players, seed=seed, options=rules.check_options(players, options)
            )
            actions: list[dict[str, Any]] = []
            if game == "monster_tcg" and state.phase == "deck":
                state, actions = choose_decks(state, rules)
            records.append(
                record_of(game, players=players, seed=seed, options=options, actions=actions)
            )
            states.append(state)
        # A rematch's start seat, chosen by the table, replaces the drawn one.
        state = rules.new_game(
            players=players,
            seed=SEEDS[0],
            options=rules.check_options(players, options),
            start_seat=players - 1,
        )
        actions = []
        if game == "monster_tcg" and state.phase == "deck":
            state, actions = choose_decks(state, rules)
        records.append(
            record_of(
                game,
                players=players,
                seed=SEEDS[0],
                options=options,
                start_seat=players - 1,
                actions=actions,
            )
        )
        states.append(state)
    answers = deal_in_js(records)
    assert len(answers) == len(records) >= 300
    for record, state, answer in zip(records, states, answers, strict=True):
        script = verify_deal.deal(record, verify_deal.check_record(record))
        assert answer == {"deal": script}, record["game"]
        assert_same(
            record["game"],
            expected(record["game"], state),
            script_view(record["game"], answer["deal"]),
        )


def test_the_page_refuses_a_changed_seed_or_commitment() -> None:
    changed_seed = record_of("uno", players=3, seed=SEEDS[0], options={})
    changed_seed["seed"] = SEEDS[1].hex()
    changed_commitment = record_of("uno", players=3, seed=SEEDS[0], options={})
    changed_commitment["commitment"] = "0" * 64
    not_hex = record_of("uno", players=3, seed=SEEDS[0], options={})
    not_hex["seed"] = "zz" * 32
    five = record_of("sequence_numbers", players=4, seed=SEEDS[0], options={})
    five["players"] = 5  # Sequence Numbers has no game of 5 (sides must be equal)
    answers = deal_in_js([changed_seed, changed_commitment, not_hex, five])
    assert "the SHA-256 of the seed is" in answers[0]["refused"]
    assert "the SHA-256 of the seed is" in answers[1]["refused"]
    assert answers[2] == {"refused": "The seed is not hexadecimal."}
    assert answers[3] == {
        "refused": "The record's player count 5 is not one its game is dealt for."
    }


def test_the_pages_forehead_words_lists_are_the_games() -> None:
    """The word tables and emote catalogue deal.js embeds (generated from the game's data, as
    the script's) are the game's, row for row."""
    from app.rules.forehead_words.emotes import EMOTE_KEYS
    from app.rules.forehead_words.words import WORD_LISTS

    source = (
        'import { FOREHEAD_EMOTES, FOREHEAD_WORDS } from "./static/js/lib/deal_words.js";'
        "process.stdout.write(JSON.stringify([FOREHEAD_EMOTES, FOREHEAD_WORDS]));"
    )
    emotes, words = run_node(["--input-type=module", "-e", source], timeout=60)
    assert emotes == list(EMOTE_KEYS)
    assert words == {
        language: [[w.theme, w.kind, w.text, w.emote or ""] for w in table]
        for language, table in WORD_LISTS.items()
    }
