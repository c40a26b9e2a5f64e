"""The table on a phone (issue 25), at 390x844: the pinned player strip and turn banner take
under a fifth of the screen with 10 UNO players or 4 Master of Rules players (they took 528 px
and about 260 px), the board and hand get at least 60 % of it, the strip is one row that
scrolls sideways, the host's per-seat controls wait behind a menu, the site header's links
fit on one line, and cards played in quick succession never widen the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    open_table_with_bots,
    table_state,
    take_or_first_move,
    wait_for_my_turn_or_the_end,
)

pytestmark = pytest.mark.browser

_PHONE_HEIGHT = 844
_SCREENSHOTS = "/tmp/parlor-phone"

_MEASURE = """() => {
    const rect = (node) => node.getBoundingClientRect();
    const strip = document.querySelector("#players");
    const entries = [...strip.querySelectorAll("li")].map(rect);
    const header = document.querySelector(".site-header");
    const shown = "a, button:not([hidden]), .header-user:not([hidden])";
    const links = [...header.querySelectorAll(shown)];
    const middle = (node) => Math.round(rect(node).top + rect(node).height / 2);
    return {
        pinned: rect(document.querySelector(".table-status")).height,
        rows: new Set(entries.map((entry) => Math.round(entry.top))).size,
        entries: entries.length,
        scrolls: strip.scrollWidth > strip.clientWidth,
        header: rect(header).height,
        headerRows: new Set(links.map(middle)).size,
        pageWidth: document.documentElement.scrollWidth,
    };
}"""


def _measure(page: Page) -> dict[str, Any]:
    page.wait_for_function(SETTLED)
    measured: dict[str, Any] = page.evaluate(_MEASURE)
    return measured


def _check_pinned_part(page: Page, *, players: int) -> dict[str, Any]:
    measured = _measure(page)
    assert measured["entries"] == players, measured
    assert measured["rows"] == 1, measured  # one row, however many players
    assert measured["pinned"] < 0.2 * _PHONE_HEIGHT, measured
    assert measured["headerRows"] == 1 and measured["header"] < 56, measured
    assert measured["pageWidth"] <= 390, measured  # the strip scrolls, not the page
    return measured


_BOARD_ON_SCREEN = """() => {
    // The part of the viewport the board (UNO draws the hand in it) covers, below what is
    // pinned over it (the sticky strip and banner), now and with the board scrolled to the top.
    const board = document.querySelector("#board");
    const pinned = () => document.querySelector(".table-status").getBoundingClientRect().bottom;
    const covered = () => {
        const rect = board.getBoundingClientRect();
        const top = Math.max(rect.top, window.scrollY > 0 ? pinned() : 0);
        return Math.max(0, Math.min(rect.bottom, innerHeight) - top) / innerHeight;
    };
    const firstScreen = covered();
    window.scrollTo(0, window.scrollY + board.getBoundingClientRect().top
        - document.querySelector(".table-status").getBoundingClientRect().height);
    const scrolled = covered();
    window.scrollTo(0, 0);
    return { firstScreen, scrolled };
}"""


def test_ten_uno_players_leave_the_board_the_screen(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="uno", players=10)
    measured = _check_pinned_part(page, players=10)
    assert measured["scrolls"], measured
    # Issue 25's acceptance: the board and hand get at least 60 % of a 390x844 screen, on the
    # first screen and once scrolled to them under the pinned strip.
    board = page.evaluate(_BOARD_ON_SCREEN)
    assert board["firstScreen"] >= 0.6 and board["scrolled"] >= 0.6, board
    page.screenshot(path=f"{_SCREENSHOTS}-uno10.png")

    # The host's controls for a seat: one menu button per other seat, none in the strip itself.
    strip = page.locator("#players")
    expect(strip.get_by_role("button", name="Invite someone")).to_have_count(0)
    menus = strip.locator("button.seat-menu-button")
    expect(menus).to_have_count(9)
    menu = page.locator("#seat-menu")
    expect(menu).to_be_hidden()
    last = menus.last
    last.scroll_into_view_if_needed()
    last.click()
    expect(last).to_have_attribute("aria-expanded", "true")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("button", name="Invite someone")).to_be_visible()
    expect(menu.get_by_role("button", name="Hand to a bot")).to_have_count(0)  # a bot already
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(last).to_have_attribute("aria-expanded", "false")


def test_four_master_of_rules_players_leave_the_board_the_screen(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="master_of_rules", players=4)
    _check_pinned_part(page, players=4)
    page.screenshot(path=f"{_SCREENSHOTS}-mor4.png")


_WATCH_THE_WIDTH = """() => {
    // The page's widest on every animation frame from now on (window.widest).
    window.widest = 0;
    const sample = () => {
        window.widest = Math.max(window.widest, document.documentElement.scrollWidth);
        requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
}"""


def test_cards_played_in_quick_succession_never_widen_the_page(
    browser: Browser, base_url: str
) -> None:
    """Nine bots play cards faster than a card's flight to the pile (320 ms, lib/motion.js):
    a card still flying when the next lands under it sets off again from where it is seen,
    and the page never scrolls sideways. Its flights used to add up (composite "add") and
    carry cards under the top one up to ~310 px past the 390 px screen (the page 476-704 px
    wide here; 511 px in a run of the test above, a card caught on its way)."""
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="uno", players=10)
    page.wait_for_function(SETTLED)
    page.evaluate(_WATCH_THE_WIDTH)
    first = int(table_state(page)["v"])
    for _ in range(3):  # three of Ada's turns: the nine bots play between them
        if wait_for_my_turn_or_the_end(page)["over"] == "1":
            break
        take_or_first_move(page)
    assert int(table_state(page)["v"]) - first >= 10  # the bots did play in between
    widest = page.evaluate("() => window.widest")
    assert widest <= 390, widest
