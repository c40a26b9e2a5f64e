"""The deal page (/verify/deal, issue 29) in Chromium: for every game, a pasted record's opening
is dealt with the browser's Web Crypto exactly as ``new_game`` dealt it (and as
tools/verify_deal.py prints it); a record file works the same; a changed seed or commitment is
refused. The record page's link to it is followed in tests/e2e/test_csp_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.rules import GAMES
from tests.e2e.conftest import new_page
from tests.e2e.helpers import watch_for_refusals
from tests.tools.deals import (
    SEEDS,
    VARIANTS,
    assert_same,
    choose_decks,
    expected,
    record_of,
    script_view,
)
from tools import verify_deal

pytestmark = pytest.mark.browser


def _paste_and_deal(page: Page, record: dict[str, Any]) -> str:
    """The page's verdict state after dealing a pasted record ("ok" or "refused")."""
    page.fill("#record-text", json.dumps(record))
    page.click("#deal-button")
    panel = page.locator("#deal-panel")
    expect(panel).to_have_attribute("data-state", re.compile(r"^(ok|refused)$"))
    return str(panel.get_attribute("data-state"))


def _dealt_on_page(page: Page) -> dict[str, Any]:
    shown: dict[str, Any] = json.loads(page.locator("#deal-json").text_content() or "")
    assert shown["commitment_ok"] is True
    dealt: dict[str, Any] = shown["deal"]
    return dealt


def test_the_page_deals_every_game_as_new_game_did(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    violations = watch_for_refusals(page)
    page.goto("/verify/deal")
    for index, game in enumerate(sorted(GAMES)):
        rules = GAMES[game]
        players = rules.max_players if game != "werewolf" else 12  # a Thief: spare cards
        options = VARIANTS[game][-1]  # the last variant: jokers, extended deck, chosen decks...
        seed = SEEDS[index % len(SEEDS)]
        state = rules.new_game(
            players=players, seed=seed, options=rules.check_options(players, options)
        )
        actions: list[dict[str, Any]] = []
        if game == "monster_tcg" and state.phase == "deck":
            state, actions = choose_decks(state, rules)
        record = record_of(game, players=players, seed=seed, options=options, actions=actions)
        assert _paste_and_deal(page, record) == "ok", game
        dealt = _dealt_on_page(page)
        assert dealt == verify_deal.deal(record, verify_deal.check_record(record)), game
        assert_same(game, expected(game, state), script_view(game, dealt))
        # Readable too: each seat's line names the player (Forehead words: its word).
        for key in ("hands", "words"):
            if key in dealt:
                expect(page.locator(f"[data-key={key}] [data-seat='0']")).to_contain_text("P0:")
    assert violations == []


def test_a_record_file_is_dealt_and_a_changed_one_refused(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    page = new_page(browser, base_url)
    page.goto("/verify/deal")
    rules = GAMES["tong_its"]
    state = rules.new_game(players=3, seed=SEEDS[1], options=rules.check_options(3, {}))
    record = record_of("tong_its", players=3, seed=SEEDS[1], options={})
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#deal-file", str(path))
    page.click("#deal-button")
    expect(page.locator("#deal-panel")).to_have_attribute("data-state", "ok")
    assert _dealt_on_page(page)["stock"] == [card.to_json() for card in state.stock]
    expect(page.locator("#deal-verdict")).to_contain_text("Commitment OK")

    changed_seed = {**record, "seed": SEEDS[2].hex()}
    assert _paste_and_deal(page, changed_seed) == "refused"
    expect(page.locator("#deal-verdict")).to_contain_text("not the commitment")
    assert page.locator("#deal-json").text_content() == ""  # nothing dealt from a bad seed

    changed_commitment = {**record, "commitment": "ab" * 32}
    assert _paste_and_deal(page, changed_commitment) == "refused"
    expect(page.locator("#deal-sections dd")).to_have_count(0)

    assert _paste_and_deal(page, record) == "ok"  # and the unchanged one still deals
