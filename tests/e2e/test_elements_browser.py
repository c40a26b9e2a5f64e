"""One person and two bots play Elements in the browser: a face-down placement, one auction
(a bid shown with its strength in words, then a pass), then the whole 3-player match."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    open_table_with_bots,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser

_ENABLED = ":not([disabled])"
_PLACE = f"#board button[data-action*='place_card']{_ENABLED}"
_BID = f"#board .el-hand button[data-action*='\"bid\"']{_ENABLED}"
_PASS = f"""#board button[data-action='{{"type":"pass"}}']{_ENABLED}"""
_KEEP = f"""#board button[data-action='{{"type":"keep_hand"}}']{_ENABLED}"""
_DECIDED = "#log li.log-auction_won, #log li.log-auction_unsold"


def _open_table_with_two_bots(page: Page) -> None:
    """Sign in, create a 3-player Elements table, seat two bots and start."""
    open_table_with_bots(page, game="elements", players=3)


def _place_first_card(page: Page) -> None:
    """Phase 1: pick the first hand card, then the first free colour."""
    page.locator("#board button[data-card]").first.click()
    page.locator(_PLACE).first.click()


def _play_one_move(page: Page) -> None:
    """One cheap legal move: place a card, pass in auctions, keep the hand in the refill."""
    version = table_state(page)["v"]
    if page.locator(_PASS).count():
        page.locator(_PASS).click()
    elif page.locator(_KEEP).count():
        page.locator(_KEEP).click()
    else:
        _place_first_card(page)
    wait_for_new_state(page, version)


def test_one_auction_then_the_whole_match(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    _open_table_with_two_bots(page)

    # Phase 1: while Ada places, the cards placed before hers show as backs; the colour
    # buttons wait for a picked card.
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    expect(page.locator("#board .el-turn")).to_contain_text("Place a card face down")
    taken = page.locator("#board .el-slot.is-face_down")
    expect(taken.locator(".el-card.is-back")).to_have_count(taken.count())
    expect(taken.locator(".el-card-value")).to_have_count(0)
    expect(page.locator(_PLACE)).to_have_count(0)
    picked = page.locator("#board button[data-card]").first
    card = picked.get_attribute("data-card")
    assert card is not None and re.fullmatch(r"(red|yellow|green|blue|purple)-\d+", card)
    picked.click()
    expect(picked).to_have_attribute("aria-pressed", "true")
    slot = page.locator(_PLACE).first
    expect(slot).to_have_attribute("data-action", re.compile(rf'"card":\s*"{card}"'))
    slot.click()
    wait_for_new_state(page, state["v"])
    colour, value = card.split("-")
    # Ada's own log names her card; the others' logs do not (tests/rules/test_elements.py).
    expect(page.locator("#log li.log-card_placed", has_text="Ada placed")).to_contain_text(
        f"{colour} {value} face down"
    )

    # Phase 2: Ada's first auction turn (lap 1): she plays one card.
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    auction = page.locator("#board .el-auction")
    expect(auction).to_be_visible()
    expect(auction).to_contain_text("Lap 1 of 3")
    decided = page.locator(_DECIDED).count()
    bid = page.locator(_BID).first
    expect(bid).to_have_attribute("title", re.compile(r"^Play \w+ \d+: your bid becomes single"))
    bid.click()
    wait_for_new_state(page, state["v"])
    expect(page.locator("#log li.log-bid", has_text="Ada played")).to_have_count(1)

    # Ada passes whenever it is her turn again in this auction: her card stays in, shown with
    # its strength in words. The auction ends with a winner (Ada played a card).
    for _ in range(10):
        page.wait_for_function(
            "([selector, count]) => document.querySelectorAll(selector).length > count"
            " || document.querySelector('#table').dataset.myturn === '1'",
            arg=[_DECIDED, decided],
        )
        if page.locator(_DECIDED).count() > decided:
            break
        state = table_state(page)
        mine = page.locator("#board .el-bid.is-you")
        expect(mine.locator(".el-card")).to_have_count(1)
        expect(mine.locator(".el-bid-words")).to_have_text(
            re.compile(r"single (red|yellow|green|blue|purple) \d+")
        )
        page.locator(_PASS).click()
        wait_for_new_state(page, state["v"])
    result = page.locator(_DECIDED).nth(decided)
    expect(result).to_contain_text(
        re.compile(r"wins \w+ \d+ \(\d+ points?\) with (single|pair|three|four) ")
    )

    # The rest of the match, to the final scores and a verified record.
    for _ in range(400):  # 3 rounds: 3 placements, at most ~30 auction turns, a refill each
        page.wait_for_function(SETTLED)
        state = table_state(page)
        if state["over"] == "1":
            break
        if state["myturn"] == "1":
            _play_one_move(page)
        else:
            wait_for_new_state(page, state["v"])
    else:
        pytest.fail("the match did not end")

    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("Ada")
    expect(outcome).to_contain_text(re.compile(r"wins!|share the win!"))
    expect(outcome.locator("th", has_text="R3")).to_be_visible()  # one round per player
    verify_from_the_outcome(page)
