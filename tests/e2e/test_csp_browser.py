"""Every page works under the content security policy (issue 16): Chromium reports no violation
on the home, lobby, table, record, replay, history, verify, deal (/verify/deal), error, join and
seat pages."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots, sign_in, watch_for_refusals
from tools import verify_deal

pytestmark = pytest.mark.browser


def test_every_page_keeps_to_the_policy(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    violations = watch_for_refusals(page)
    # Home and lobby (open_table_with_bots visits both), then the table; Poison's meters are
    # sized by script (static/js/games/poison.js), which the policy must not refuse.
    open_table_with_bots(page, game="poison", players=3)
    table = page.locator("#table")
    expect(table).not_to_have_attribute("data-v", "")
    expect(page.locator(".po-meter-fill").first).to_be_attached()
    table_url = page.url
    page.goto(f"{table_url}/replay")  # a player's own replay, while the match runs
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")

    page.goto(table_url)
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave this match?"
    page.click("#leave-match")  # bots finish it: its record opens
    expect(table).to_have_attribute("data-over", "1", timeout=60_000)
    page.click("#outcome a[href*='/record']")  # with the table's watch code: Ada left
    page.wait_for_url("**/record?watch=*")
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_text("Verified", exact=False)).to_be_visible()
    # The record's link to the deal page (issue 29) carries the watch code; the page fetches the
    # record and deals it in the browser, as the standalone script does.
    page.click("#deal-link")
    page.wait_for_url("**/verify/deal?match=*&watch=*")
    expect(page.locator("#deal-panel")).to_have_attribute("data-state", "ok")
    record = json.loads(page.input_value("#record-text"))
    shown = json.loads(page.locator("#deal-json").text_content() or "")
    assert shown["deal"] == verify_deal.deal(record, verify_deal.check_record(record))
    page.goto("/history")
    expect(page.locator("#matches")).not_to_contain_text("Loading")
    page.goto("/verify")
    expect(page.locator("#record-file")).to_be_attached()
    page.goto("/match/999999999")  # the error page
    expect(page.locator(".error-page")).to_be_visible()

    guest = new_page(browser, base_url)  # someone new follows links that lead nowhere
    violations += watch_for_refusals(guest)
    guest.goto("/join/no-such-code")
    sign_in(guest, "Ben")  # a POST from the page itself: its Origin must pass (Referrer-Policy)
    expect(guest.locator("#join-error")).to_be_visible()
    guest.goto("/seat/no-such-code")
    expect(guest.locator("#seat-error")).to_be_visible()
    assert violations == []
