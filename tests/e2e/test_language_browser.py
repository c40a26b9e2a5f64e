"""The site in the reader's language (issue 26): a browser that asks for Japanese gets the pages
in Japanese (``Accept-Language``), the header's switcher turns them into Hungarian (POST
/api/session/locale, then the page again), and the choice stays on the next page; the header
with the switcher still fits on one line of a phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import WAIT_MS
from tests.e2e.helpers import sign_in

pytestmark = pytest.mark.browser

_HEADER = """() => {
    const rect = (node) => node.getBoundingClientRect();
    const header = document.querySelector(".site-header");
    const shown = "a, button:not([hidden]), select, .header-user:not([hidden])";
    const parts = [...header.querySelectorAll(shown)].filter((node) => rect(node).width > 0);
    return {
        rows: new Set(parts.map((node) => Math.round(rect(node).top + rect(node).height / 2))).size,
        height: rect(header).height,
        right: Math.max(...parts.map((node) => rect(node).right)),
        pageWidth: document.documentElement.scrollWidth,
    };
}"""


def _japanese_phone(browser: Browser, base_url: str) -> Page:
    """A phone whose browser asks for Japanese (Playwright's locale sets Accept-Language)."""
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, locale="ja-JP"
    )
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def _check_header_fits(page: Page) -> None:
    measured: dict[str, Any] = page.evaluate(_HEADER)
    assert measured["rows"] == 1 and measured["height"] < 56, measured
    assert measured["right"] <= 390 and measured["pageWidth"] <= 390, measured


def test_japanese_from_the_browser_then_hungarian_from_the_switcher(
    browser: Browser, base_url: str
) -> None:
    page = _japanese_phone(browser, base_url)
    page.goto("/")
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "ja")
    expect(page.locator("h1")).to_have_text("友だちとボードゲームを遊ぼう")
    expect(page.locator("#sign-in")).to_have_text("続ける")
    switcher = page.locator("#language")
    expect(switcher).to_have_value("ja")

    sign_in(page, "Hanako")
    expect(page.locator("#create")).to_have_text("テーブルを作る")
    expect(page.locator("#header-user-name")).to_have_text("Hanako")
    # Written by the page's script from the island's catalog (lib/theme.js).
    expect(page.locator("#theme-toggle")).to_have_attribute(
        "aria-label", "テーマ：システムに合わせる（切り替え）"
    )
    _check_header_fits(page)

    with page.expect_navigation():
        switcher.select_option("hu")
    expect(html).to_have_attribute("lang", "hu")
    expect(page.locator("h1")).to_have_text("Társasozz a barátaiddal")
    expect(page.locator("#create")).to_have_text("Asztal létrehozása")
    expect(page.locator("#language")).to_have_value("hu")
    expect(page.locator("#theme-toggle")).to_have_attribute(
        "aria-label", "Téma: a rendszert követi (váltás)"
    )
    _check_header_fits(page)

    # The next page too, though the browser still asks for Japanese: the lang cookie wins.
    page.goto("/history")
    expect(html).to_have_attribute("lang", "hu")
    expect(page.locator("h1")).to_have_text("Játszmáim")
    expect(page.locator("#matches")).to_contain_text("Még nincs játszmád.")
    expect(page.locator("#language")).to_have_value("hu")
