"""A 2-game Coloretto sum played in the browser with bots, then the table's standings (issue 9)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots, play_alone_to_the_end


def test_a_two_game_sum_then_the_standings(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="coloretto", players=3, series="sum:2")
    first_match = page.url

    play_alone_to_the_end(page)
    page.click("#rematch")  # "Play again": the second game of the sum
    page.wait_for_url(lambda url: url != first_match and "/match/" in url)
    play_alone_to_the_end(page)

    page.get_by_role("link", name="Table and standings").click()
    page.wait_for_url("**/lobby/*")
    evening = page.locator("#evening-panel")
    expect(evening).to_be_visible()
    expect(page.locator("#series-text")).to_contain_text("Series over after 2 games")
    expect(page.locator("#standings tbody tr")).to_have_count(3)
    expect(page.locator("#table-matches li")).to_have_count(2)
    expect(page.locator("#rematch")).to_have_text("Play again")
