"""One person and two bots play Poison in the browser: one turn step by step, then to the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    open_table_with_bots,
    play_to_the_end,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser

_ENABLED_CARD = "#board button[data-card]:not([disabled])"
_ENABLED_PLAY = "#board button[data-action]:not([disabled])"
_ORDER = ["Ada", "Bot 3", "Bot 2"]
"""rules/poison.md, Setup: play passes to the right, seat - 1: Ada (seat 0), then seat 2, seat 1."""


def _open_table_with_bots(page: Page, options: dict[str, str] | None = None) -> None:
    """Sign in, create a 3-player Poison table (options set on the form), seat two bots, start."""
    open_table_with_bots(page, game="poison", players=3, options=options)


def _check_the_direction_of_play(page: Page) -> None:
    """The table says play passes to the right and who is next, and lists the players in that
    order, from Ada, one under the other on a phone (the tests' viewport is 390 px wide)."""
    board = page.locator("#board")
    expect(board.locator(".po-direction")).to_contain_text("Play passes to the right")
    expect(board.locator(".po-direction")).to_contain_text(f"next: {_ORDER[1]}")  # Ada to act
    tiles = board.locator(".po-order .po-player")
    expect(tiles).to_have_count(3)
    assert [tiles.nth(step).get_attribute("data-seat") for step in range(3)] == ["0", "2", "1"]
    for step, name in enumerate(_ORDER):
        expect(tiles.nth(step).locator(".po-player-name")).to_have_text(name)
    expect(tiles.nth(1)).to_contain_text("next")
    expect(board.locator(".po-order .po-arrow")).to_have_count(3)  # 2 to the next, 1 back round
    expect(board.locator(".po-loop")).to_contain_text(f"After {_ORDER[2]}, Ada plays again")
    boxes = [tiles.nth(step).bounding_box() for step in range(3)]
    assert all(box is not None for box in boxes)
    tops = [box["y"] for box in boxes if box is not None]
    assert tops == sorted(tops) and len(set(tops)) == 3  # a column: next is below


def _check_the_log_follows_the_order(page: Page) -> None:
    """Every play in the log is by the player after the previous one's (one round: the order
    never restarts)."""
    lines = page.locator("#log li.log-card_played").all_inner_texts()
    players = [line.split(" played ")[0] for line in lines]
    assert len(players) >= 3 and "Ada" in players
    for before, after in zip(players, players[1:], strict=False):
        assert _ORDER.index(after) == (_ORDER.index(before) + 1) % 3, players


def _play_one_card(page: Page) -> None:
    """Pick the first card that may be played, then the first cauldron that takes it."""
    version = table_state(page)["v"]
    page.locator(_ENABLED_CARD).first.click()
    page.locator(_ENABLED_PLAY).first.click()
    wait_for_new_state(page, version)


def _play_to_the_end(page: Page) -> None:
    # 16 cards per player and round, at most 3 rounds.
    play_to_the_end(page, _play_one_card, limit=400)


def _check_the_end_and_the_record(page: Page) -> None:
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("fewest penalty points")
    expect(outcome).to_contain_text("Ada")
    expect(outcome.locator(".po-score-table").first).to_be_visible()  # the collected cards
    verify_from_the_outcome(page)


def test_one_turn_then_the_whole_match(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    _open_table_with_bots(page)

    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1", "the match ended before Ada's first turn"
    hand = page.locator(".po-hand")
    expect(hand).to_contain_text("Your hand (16)")  # Setup: 3 players get 16 cards each
    # Before a card is picked no cauldron offers a play.
    expect(page.locator(_ENABLED_PLAY)).to_have_count(0)
    _check_the_direction_of_play(page)

    # Pick a card: it is marked, and the cauldrons that take it offer "Play here" with the
    # total the play would make.
    card = page.locator(_ENABLED_CARD).first
    code = card.get_attribute("data-card")
    assert code is not None
    card.click()
    expect(page.locator("#board button[data-card][aria-pressed='true']")).to_have_count(1)
    play = page.locator(_ENABLED_PLAY).first
    expect(play).to_contain_text(re.compile(r"Play here\s*\u2192 \d+"))
    expect(play).to_have_attribute("data-action", re.compile(rf'"card":\s*"{code}"'))
    version = table_state(page)["v"]
    play.click()
    wait_for_new_state(page, version)

    # The play is in the log and in the latest-play line; Ada holds one card fewer.
    expect(page.locator("#log li", has_text="Ada played").first).to_be_visible()
    expect(hand).to_contain_text("Your hand (15)")
    expect(page.locator(".po-news").first).to_contain_text("played")
    # Back to Ada: Bot 3 (to her right) played, then Bot 2.
    assert wait_for_my_turn_or_the_end(page)["myturn"] == "1"
    _check_the_log_follows_the_order(page)

    _play_to_the_end(page)
    _check_the_end_and_the_record(page)


def test_published_options_from_the_create_form(browser: Browser, base_url: str) -> None:
    """Neutral cauldrons, boiling over above 13, one round per player, open piles: set on the
    create form, shown on the table, played to the end (3 rounds)."""
    page = new_page(browser, base_url)
    _open_table_with_bots(
        page,
        {"cauldrons": "neutral", "overflow_at": "14", "rounds": "per_player", "collected": "open"},
    )
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    board = page.locator("#board")
    expect(board).to_contain_text("Round 1 of 3")
    expect(board).to_contain_text("Neutral cauldrons")
    expect(board.locator(".po-total-max").first).to_have_text("/ 14")
    _play_to_the_end(page)
    outcome = page.locator("#outcome")
    expect(outcome).to_contain_text("Round 3")
    _check_the_end_and_the_record(page)
