"""A page whose connection the server closes shows "Reconnecting…", comes back by itself and the
match continues (issue 10)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.conftest import LiveServer
from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots, table_state, wait_for_new_state

_MY_TURN = "() => document.querySelector('#table').dataset.myturn === '1'"


def test_the_page_reconnects_and_play_goes_on(browser: Browser, live_server: LiveServer) -> None:
    page = new_page(browser, live_server.url)
    open_table_with_bots(page, game="coloretto", players=3)
    page.wait_for_function(_MY_TURN)
    before = table_state(page)["v"]
    expect(page.locator("#conn")).to_have_text("Connected")

    live_server.call(live_server.app.state.hub.disconnect)  # as at a server restart: code 1012
    expect(page.locator("#conn")).to_have_text("Reconnecting…")
    expect(page.locator("#conn")).to_have_text("Connected")  # backoff 0.5 s, then resync

    page.wait_for_function(_MY_TURN)
    assert table_state(page)["v"] == before  # nothing moved while it was my turn
    page.locator("button[data-action]:not([disabled])").first.click()
    wait_for_new_state(page, before)  # the move went through the new connection
