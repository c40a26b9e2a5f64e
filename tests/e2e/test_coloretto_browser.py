"""Two people in two browsers and one bot play a whole Coloretto match (issue: foundation)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    sign_in,
    table_state,
    verify_from_the_outcome,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser


def _take_turn(page: Page) -> None:
    """Click one enabled action: take a row when offered (short rounds), else the first one."""
    version = table_state(page)["v"]
    buttons = page.locator("button[data-action]:not([disabled])")
    take = page.locator('button[data-action*="take_row"]:not([disabled])')
    (take.first if take.count() else buttons.first).click()
    wait_for_new_state(page, version)


def test_two_browsers_and_a_bot_play_to_the_final_scores(browser: Browser, base_url: str) -> None:
    ada, ben = new_page(browser, base_url), new_page(browser, base_url)

    ada.goto("/")
    sign_in(ada, "Ada")
    ada.select_option("#game", "coloretto")
    ada.select_option("#players", "3")
    ada.click("#create")
    ada.wait_for_url("**/lobby/*")
    invite = ada.locator("#invite-link")
    expect(invite).to_contain_text("/join/")
    link = invite.inner_text().strip()

    ben.goto(link)
    # The invite page names the game, the host and the seats left (issue 25).
    expect(ben.locator("#invite-summary")).to_have_text(
        "Ada invites you to play Coloretto (3 players). 2 seats left."
    )
    sign_in(ben, "Ben")
    ben.wait_for_url("**/lobby/*")
    expect(ada.locator("#seats")).to_contain_text("Ben")  # Ada's lobby page has seen Ben arrive

    ada.locator("button[data-add-bot]").first.click()
    expect(ada.locator("#start")).to_be_enabled()
    ada.click("#start")
    ada.wait_for_url("**/match/*")
    ben.wait_for_url("**/match/*")  # the lobby sends every member to the table

    pages = {ada: "Ada", ben: "Ben"}
    reloaded = False
    for _ in range(400):  # a 3-player game has about 64 cards: well under 400 human turns
        ada.wait_for_function(SETTLED)
        state = table_state(ada)
        if state["over"] == "1":
            break
        if state["myturn"] == "1":
            if not reloaded and int(state["v"]) >= 6:
                # Reloading the page puts Ada back at the same state, still her turn.
                ada.reload()
                ada.wait_for_function(SETTLED)
                assert table_state(ada)["v"] == state["v"] and table_state(ada)["myturn"] == "1"
                reloaded = True
            _take_turn(ada)
            continue
        # Ada waits: either Ben is to act, or the bot is about to move.
        ben.wait_for_function(
            "v => Number(document.querySelector('#table').dataset.v) >= Number(v)", arg=state["v"]
        )
        if table_state(ben)["myturn"] == "1" and table_state(ben)["v"] == state["v"]:
            _take_turn(ben)
        else:
            ada.wait_for_function(
                "v => document.querySelector('#table').dataset.v !== v", arg=state["v"]
            )
    else:
        pytest.fail("the match did not end")
    assert reloaded

    for page in pages:
        expect(page.locator("#outcome")).to_be_visible()
        page.wait_for_function("() => document.querySelector('#table').dataset.over === '1'")
        for name in pages.values():
            expect(page.locator("#outcome")).to_contain_text(name)

    # The record verifies in the browser.
    verify_from_the_outcome(ada)
