"""Undo by consent in the browser (issue 25): Ada places a card, asks to take it back from
the bar under the banner, Bo agrees on his page, and Ada has her drawn card in hand again;
the chat keeps the request and the answer (static/js/lib/undo.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    create_table,
    sign_in,
    start_with_a_friend,
    table_state,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser


def _click(page: Page, selector: str) -> None:
    version = table_state(page)["v"]
    page.locator(f"{selector}:not([disabled])").first.click()
    wait_for_new_state(page, version)


def _take_turn(page: Page) -> None:
    """A Coloretto turn (rules/coloretto.md): draw and place, or take a row when no draw."""
    if page.locator('button[data-action*="draw"]:not([disabled])').count():
        _click(page, 'button[data-action*="draw"]')
        _click(page, 'button[data-action*="place_card"]')
    else:
        _click(page, 'button[data-action*="take_row"]')


def _ada_and_bo_at_adas_turn(browser: Browser, base_url: str) -> tuple[Page, Page]:
    """Ada's table with Bo and a bot, played on until it is Ada's turn."""
    ada = new_page(browser, base_url)
    ada.goto("/")
    sign_in(ada, "Ada")
    expect(ada.locator("#create")).to_be_visible()
    # Ada 0, Bo 1, a bot 2: Ada's turn is followed by Bo's.
    lobby = create_table(ada, game="coloretto", players=3, bot_seat=2)
    bo = start_with_a_friend(ada, browser, base_url, lobby, "Bo")
    for _ in range(10):  # at most a round of others' turns before Ada's
        ada.wait_for_function(SETTLED)
        state = table_state(ada)  # whose turn, and the version it was read at, at once
        if state["myturn"] == "1":
            break
        if state["turn"] == "1":
            expect(bo.locator("#table")).to_have_attribute("data-myturn", "1")
            _take_turn(bo)
        else:
            wait_for_new_state(ada, state["v"])  # the bot's move
    return ada, bo


def test_a_move_taken_back_with_the_tables_consent(browser: Browser, base_url: str) -> None:
    ada, bo = _ada_and_bo_at_adas_turn(browser, base_url)
    _click(ada, 'button[data-action*="draw"]')
    expect(ada.locator("#undo")).to_be_hidden()  # a draw shows a card: no taking it back
    drawn = ada.locator("#board").inner_text()
    _click(ada, 'button[data-action*="place_card"]')
    ask = ada.get_by_role("button", name="Take back my last move")
    ask.click()
    expect(ada.locator("#undo")).to_contain_text("waiting for Bo")
    expect(bo.locator("#undo")).to_contain_text("Ada asks to take back their last move.")
    bo.get_by_role("button", name="Take it back").click()
    expect(ada.locator("#table")).to_have_attribute("data-myturn", "1")
    expect(ada.locator("#undo")).to_be_hidden()
    expect(bo.locator("#undo")).to_be_hidden()
    assert ada.locator("#board").inner_text() == drawn  # her drawn card to place again
    expect(ada.locator("#chat li.chat-notice")).to_have_text(
        ["Ada asks to take back their last move.", "Bo agreed to take back Ada's move."]
    )


def test_a_request_the_table_refuses_leaves_the_move_standing(
    browser: Browser, base_url: str
) -> None:
    """Bo presses "Keep it": Ada's card stays where she placed it, the turn stays Bo's, the bar
    goes from both pages (a move refused once is not asked again) and the chat says so."""
    ada, bo = _ada_and_bo_at_adas_turn(browser, base_url)
    _click(ada, 'button[data-action*="draw"]')
    _click(ada, 'button[data-action*="place_card"]')
    placed = ada.locator("#board").inner_text()
    version = table_state(ada)["v"]
    ada.get_by_role("button", name="Take back my last move").click()
    expect(bo.locator("#undo")).to_contain_text("Ada asks to take back their last move.")
    bo.get_by_role("button", name="Keep it").click()
    expect(ada.locator("#chat li.chat-notice")).to_have_text(
        ["Ada asks to take back their last move.", "Bo refused: Ada's move stands."]
    )
    expect(ada.locator("#undo")).to_be_hidden()
    expect(bo.locator("#undo")).to_be_hidden()
    expect(ada.get_by_role("button", name="Take back my last move")).to_have_count(0)
    expect(bo.locator("#table")).to_have_attribute("data-myturn", "1")
    expect(ada.locator("#table")).to_have_attribute("data-myturn", "0")
    assert table_state(ada)["v"] == version  # no move was taken back
    assert ada.locator("#board").inner_text() == placed
