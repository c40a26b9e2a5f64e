"""The header's colour theme toggle and the table's sound toggle are remembered (issue 25): the
theme is on <html data-theme> already when the body is parsed on the next page (before first
paint, static/js/theme-early.js), and absent again when back to following the system."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots

pytestmark = pytest.mark.browser

# The theme as the body starts: what the page looks like when it is first painted.
_THEME_AT_BODY = """
new MutationObserver((records, observer) => {
    if (!document.body) return;
    window.themeAtBody = document.documentElement.dataset.theme || "none";
    observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


def test_the_theme_is_chosen_remembered_and_there_before_the_body(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url)
    page.context.add_init_script(_THEME_AT_BODY)
    page.goto("/")
    html = page.locator("html")
    toggle = page.locator("#theme-toggle")
    expect(html).not_to_have_attribute("data-theme", "light")
    assert page.evaluate("document.documentElement.dataset.theme") is None
    toggle.click()
    expect(html).to_have_attribute("data-theme", "light")
    toggle.click()
    expect(html).to_have_attribute("data-theme", "dark")
    expect(toggle).to_have_attribute("aria-label", "Theme: dark (change)")
    assert page.evaluate("localStorage.getItem('parlor.theme')") == "dark"

    page.goto("/history")  # another page of the site
    expect(html).to_have_attribute("data-theme", "dark")
    assert page.evaluate("window.themeAtBody") == "dark"
    expect(page.locator("#theme-toggle")).to_have_attribute("aria-label", "Theme: dark (change)")

    page.locator("#theme-toggle").click()  # back to the system's
    assert page.evaluate("document.documentElement.dataset.theme") is None
    page.reload()
    assert page.evaluate("window.themeAtBody") == "none"


def test_the_sound_toggle_is_off_at_first_and_remembered(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="uno", players=2)
    sound = page.locator("#sound-toggle")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    page.locator("#sound-toggle").click()
    page.reload()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
