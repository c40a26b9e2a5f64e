"""Leaving a match from the table: a bot takes the seat and the page turns into a spectator's."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots


def test_leave_the_match_and_watch_the_bots_finish(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="coloretto", players=3)
    page.wait_for_function("() => document.querySelector('#table').dataset.you === '0'")
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave this match?"
    page.click("#leave-match")
    table = page.locator("#table")
    expect(table).to_have_attribute("data-you", "")  # now a spectator
    expect(page.locator("#leave-match")).to_be_hidden()
    expect(table).to_have_attribute("data-over", "1", timeout=60_000)  # three bots finish it
    expect(page.locator("#outcome")).to_be_visible()
