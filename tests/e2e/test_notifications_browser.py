""" "Your turn" notifications (issue 25) with a fake Notification API: the player opts in with
"Notify me", hides the tab, and when the turn comes back a notification says so; when the
browser denies permission none is shown and the page says why (static/js/lib/notifications.js).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots, table_state, wait_for_new_state

pytestmark = pytest.mark.browser

_FAKE = """(answer) => {
    // The browser's permission prompt answers `answer`; every notification made is recorded.
    window.madeNotifications = [];
    class FakeNotification {
        static permission = "default";
        static async requestPermission() {
            FakeNotification.permission = answer;
            return answer;
        }
        constructor(title, options) {
            window.madeNotifications.push({ title, body: options && options.body });
        }
        close() {}
    }
    window.Notification = FakeNotification;
    // Hiding the tab: document.hidden as the page's test says, then the event browsers send.
    window.tabHidden = false;
    Object.defineProperty(document, "hidden", { configurable: true, get: () => window.tabHidden });
    window.hideTab = () => {
        window.tabHidden = true;
        document.dispatchEvent(new Event("visibilitychange"));
    };
}"""

_MY_TURN = "() => document.querySelector('#table').dataset.myturn === '1'"


def _table_with_fake_notifications(browser: Browser, base_url: str, answer: str) -> Page:
    page: Page = new_page(browser, base_url)
    page.add_init_script(script=f"({_FAKE})({answer!r})")
    open_table_with_bots(page, game="coloretto", players=3)
    page.wait_for_function(_MY_TURN)
    return page


def _click(page: Page, selector: str) -> None:
    version = table_state(page)["v"]
    page.locator(f"{selector}:not([disabled])").first.click()
    wait_for_new_state(page, version)


def _play_a_turn_and_wait_for_the_next(page: Page) -> None:
    """A Coloretto turn (draw and place, or take a row), then the bots', until Ada's again."""
    if page.locator('button[data-action*="draw"]:not([disabled])').count():
        _click(page, 'button[data-action*="draw"]')
        _click(page, 'button[data-action*="place_card"]')
    else:
        _click(page, 'button[data-action*="take_row"]')
    page.wait_for_function(_MY_TURN)


def _notifications(page: Page) -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = page.evaluate("() => window.madeNotifications")
    return made


def test_a_hidden_tab_is_told_when_the_turn_comes(browser: Browser, base_url: str) -> None:
    page = _table_with_fake_notifications(browser, base_url, "granted")
    toggle = page.get_by_role("button", name="Notify me")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.evaluate("() => window.hideTab()")
    _play_a_turn_and_wait_for_the_next(page)
    page.wait_for_function("() => window.madeNotifications.length > 0")
    assert _notifications(page) == [{"title": "Your turn", "body": "Coloretto · Parlor"}]


def test_a_denied_permission_shows_no_notification_and_says_so(
    browser: Browser, base_url: str
) -> None:
    page = _table_with_fake_notifications(browser, base_url, "denied")
    toggle = page.get_by_role("button", name="Notify me")
    toggle.click()
    expect(page.locator("#notices")).to_contain_text(
        "Notifications are not allowed for this site: the browser said no."
    )
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.evaluate("() => window.hideTab()")
    _play_a_turn_and_wait_for_the_next(page)  # the turn came back to a hidden tab
    assert _notifications(page) == []
