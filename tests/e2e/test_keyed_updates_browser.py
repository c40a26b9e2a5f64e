"""A frame that does not change a part of the table leaves that part's nodes in the page (issue
17): a presence frame (someone starts watching) redraws only the player strip, so the button
Ada holds the pointer down on is still the same node when she lets go, and the click lands
(before, every frame rebuilt the board and such a click was lost); a move appends its log line
and keeps the rows and the earlier lines."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, ElementHandle, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import sign_in, table_state, wait_for_new_state

pytestmark = pytest.mark.browser

_CONNECTED = "e => e.isConnected"


def _signed_in(browser: Browser, base_url: str, name: str) -> Page:
    """A browser of its own, signed in as ``name``, on the home page."""
    page: Page = new_page(browser, base_url)
    page.goto("/")
    sign_in(page, name)
    expect(page.locator("#create")).to_be_visible()
    return page


def _coloretto_with_two_bots(ada: Page) -> dict[str, Any]:
    """Ada's 3-player Coloretto table, two bots seated, started: the lobby (with watch_url)."""
    lobby: dict[str, Any] = ada.request.post(
        "/api/lobbies", data={"game": "coloretto", "players": 3}
    ).json()
    for _ in range(2):
        ada.request.post(f"/api/lobbies/{lobby['id']}/bots", data={})
    lobby["match_id"] = ada.request.post(f"/api/lobbies/{lobby['id']}/start").json()["match_id"]
    return lobby


def _center(handle: ElementHandle) -> tuple[float, float]:
    """Where the pointer goes to press the element (it must still be on the page)."""
    box = handle.bounding_box()
    assert box is not None, "the button is no longer on the page"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_presence_frame_keeps_the_button_under_the_pointer(
    browser: Browser, base_url: str
) -> None:
    ada = _signed_in(browser, base_url, "Ada")
    lobby = _coloretto_with_two_bots(ada)
    ada.goto(f"/match/{lobby['match_id']}")
    # On Ada's turn nobody else moves: only the frames the test causes arrive.
    ada.wait_for_function("() => document.querySelector('#table').dataset.myturn === '1'")
    version = table_state(ada)["v"]
    button = ada.locator("#board button[data-action]:not([disabled])").first.element_handle()
    row = ada.locator("#board .co-row").first.element_handle()
    me = ada.locator("#players li.is-you").element_handle()
    first_line = ada.locator("#log li").first.element_handle()
    lines = ada.locator("#log li").count()
    button.scroll_into_view_if_needed()
    ada.mouse.move(*_center(button))
    ada.mouse.down()  # the press begins, and focuses the button

    eve = _signed_in(browser, base_url, "Eve")
    eve.goto(lobby["watch_url"])  # Eve watches: a presence frame for Ada's page
    expect(ada.locator("#players")).to_contain_text("Watching: Eve")

    assert table_state(ada)["v"] == version  # no state came in between
    for handle in (button, row, me, first_line):
        assert handle.evaluate(_CONNECTED), handle
    assert button.evaluate("b => document.activeElement === b && !b.disabled")
    # The strip may have grown a line: follow the button, still pressed, then let go.
    ada.mouse.move(*_center(button))
    ada.mouse.up()
    wait_for_new_state(ada, version)  # the click landed: Ada's move was played

    # The move's state keeps what it did not replace: the rows and the earlier log lines.
    expect(ada.locator("#log li")).not_to_have_count(lines)
    assert row.evaluate(_CONNECTED)
    assert ada.locator("#log li").first.evaluate("(line, before) => line === before", first_line)
