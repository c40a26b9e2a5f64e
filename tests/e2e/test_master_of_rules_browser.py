"""One person and bots play Master of Rules in the browser: the first deal checked step by
step (places and dummies, plays, takes from the display, the check), then the whole match to
the final result and a verified record."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    open_table_with_bots,
    play_to_the_end,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser

_HAND = ".mor-hand button[data-action]:not([disabled])"
_DISPLAY = ".mor-display button[data-action]:not([disabled])"


def _open_table_with_bots(page: Page, players: int) -> None:
    """Sign in, create a Master of Rules table, fill every other seat with a bot and start."""
    open_table_with_bots(page, game="master_of_rules", players=players)


def _play_one_move(page: Page) -> str:
    """Take from the display when a take is due, else play the first playable card; returns
    what was clicked ("take" or "play")."""
    version = table_state(page)["v"]
    take = page.locator(_DISPLAY)
    if take.count():
        take.first.click()
        kind = "take"
    else:
        page.locator(_HAND).first.click()
        kind = "play"
    wait_for_new_state(page, version)
    return kind


def _play_to_the_end(page: Page) -> None:
    play_to_the_end(page, _play_one_move, limit=200)  # 12 deals, at most 4 moves a deal for Ada


def _check_the_end_and_the_record(page: Page) -> None:
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text(re.compile(r"wins|share the win"))
    expect(outcome).to_contain_text("Ada")
    expect(outcome.locator(".mor-piles-table")).to_be_visible()
    verify_from_the_outcome(page)


def test_one_deal_step_by_step_then_the_whole_three_player_match(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url)
    _open_table_with_bots(page, 3)

    # Five places around the table; with 3 players places 4 and 5 are the two dummies.
    board = page.locator("#board")
    expect(board.locator(".mor-place")).to_have_count(5)
    dummies = board.locator(".mor-place.is-dummy")
    expect(dummies).to_have_count(2)
    expect(dummies.nth(0)).to_contain_text("Dummy")
    expect(board.locator(".mor-place.is-you")).to_contain_text("Ada")
    expect(board).to_contain_text("Deal 1 of 12")

    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    expect(board.locator(".mor-turn.is-mine")).to_contain_text("Lap 1")
    expect(board.locator(".mor-hand button.mor-card")).to_have_count(4)
    expect(board.locator(".mor-hand button.mor-rule")).to_have_count(3)

    # Lap 1: play a card; it lies face up at Ada's place.
    mine = board.locator(".mor-place.is-you .mor-played")
    assert _play_one_move(page) == "play"
    expect(
        mine.locator(".mor-card:not(.mor-card--empty), .mor-rule:not(.mor-rule--empty)")
    ).to_have_count(1)
    # Then a card of the same type from the display, unless it was the only choice.
    if table_state(page)["myturn"] == "1":
        expect(board.locator(".mor-display.is-taking")).to_be_visible()
        assert _play_one_move(page) == "take"
    expect(board.locator(".mor-hand button.mor-card")).to_have_count(4)
    expect(board.locator(".mor-hand button.mor-rule")).to_have_count(3)

    # Lap 2: dummy 1 has its number and rule card; Ada plays the other type.
    state = wait_for_my_turn_or_the_end(page)
    expect(board.locator(".mor-turn.is-mine")).to_contain_text("Lap 2")
    first_dummy = board.locator(".mor-place[data-place='3']")
    expect(first_dummy.locator(".mor-card:not(.mor-card--empty)")).to_have_count(1)
    expect(first_dummy.locator(".mor-rule:not(.mor-rule--empty)")).to_have_count(1)
    expect(first_dummy).to_contain_text("Blocks its type")
    while table_state(page)["myturn"] == "1" and "Deal 1 of" in (board.text_content() or ""):
        _play_one_move(page)
        page.wait_for_function(SETTLED)

    # The check of deal 1: every place with its cards, a result per player and why.
    check = board.locator(".mor-check")
    expect(check).to_contain_text("Check of deal 1", timeout=20_000)
    expect(check.locator("tbody tr")).to_have_count(5)
    expect(check.locator("tr.is-dummy")).to_have_count(2)
    expect(check.locator(".mor-result").first).to_contain_text(re.compile("fulfilled|failed"))
    expect(check.locator(".mor-why").first).not_to_be_empty()
    expect(board.locator(".mor-piles-table tbody tr")).to_have_count(3)
    expect(page.locator("#log")).to_contain_text("Deal 1 checked")

    _play_to_the_end(page)
    _check_the_end_and_the_record(page)


@pytest.mark.parametrize("players", [4, 5])
def test_a_match_with_bots_plays_to_the_end(browser: Browser, base_url: str, players: int) -> None:
    page = new_page(browser, base_url)
    _open_table_with_bots(page, players)
    expect(page.locator("#board .mor-place.is-dummy")).to_have_count(5 - players)
    _play_to_the_end(page)
    _check_the_end_and_the_record(page)
