"""Bot levels in the browser (issue 27): the host chooses "strong" in the lobby, fills the
empty seats, and plays a Coloretto match against the strong bots to the verified end (they
think in the server's worker processes, briefly in tests: tests/conftest.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import play_alone_to_the_end, sign_in, verify_from_the_outcome

pytestmark = pytest.mark.browser


def test_a_match_against_strong_bots(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    page.goto("/")
    sign_in(page, "Ada")
    page.select_option("#game", "coloretto")
    page.select_option("#players", "3")
    page.click("#create")
    page.wait_for_url("**/lobby/*")
    page.select_option("#bot-level", "strong")
    page.click("#fill-bots")
    expect(page.locator("#seats .badge--bot")).to_have_text(["strong bot", "strong bot"])
    expect(page.locator("#bot-tools")).to_be_hidden()  # no seat left to fill
    page.click("#start")
    page.wait_for_url("**/match/*")
    play_alone_to_the_end(page)
    verify_from_the_outcome(page)
