"""Sending a seat's link (issue 25, static/js/lib/share.js): the system share sheet where the
browser has one (navigator.share), else the clipboard with a toast that says so; never a
window.prompt. The host makes the link from a seat's menu at the table."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.e2e.conftest import WAIT_MS
from tests.e2e.helpers import open_table_with_bots, wait_for_my_turn_or_the_end

pytestmark = pytest.mark.browser

_NO_SHARE = "delete Navigator.prototype.share;"
_FAKE_SHARE = """
window.shared = [];
Navigator.prototype.share = function (data) {
    window.shared.push(data);
    return Promise.resolve();
};
"""


def _host(browser: Browser, base_url: str, script: str) -> tuple[Page, list[str]]:
    """Ada's page with ``script`` run first, and the dialogs it opens (each dismissed)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    context.set_default_timeout(WAIT_MS)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(script)
    page: Page = context.new_page()
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    return page, dialogs


def _invite_a_bots_seat(page: Page) -> str:
    open_table_with_bots(page, game="coloretto", players=3)
    # The bots wait for Ada: the player strip stops scrolling to whoever is to move (on a
    # phone it follows the turn, and a click while it jumps can land beside the button; CI,
    # under load: the menu never opened).
    assert wait_for_my_turn_or_the_end(page)["over"] == "0"
    opener = page.get_by_role("button", name="Seat options for Bot 2")
    opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    page.locator("#seat-menu").get_by_role("button", name="Invite someone").click()
    link = page.locator("#seat-invite-link")
    expect(link).to_contain_text("/seat/")
    return link.inner_text()


def test_without_a_share_sheet_the_link_is_copied_and_that_is_said(
    browser: Browser, base_url: str
) -> None:
    page, dialogs = _host(browser, base_url, _NO_SHARE)
    link = _invite_a_bots_seat(page)
    expect(page.locator("#notices")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert dialogs == []


def test_the_share_sheet_gets_the_link_where_there_is_one(browser: Browser, base_url: str) -> None:
    page, dialogs = _host(browser, base_url, _FAKE_SHARE)
    link = _invite_a_bots_seat(page)
    page.wait_for_function("window.shared.length === 1")
    shared = page.evaluate("window.shared[0]")
    assert shared["url"] == link, shared
    assert "Bot 2" in shared["text"], shared
    expect(page.locator("#notices")).not_to_contain_text("Link copied")
    assert dialogs == []
