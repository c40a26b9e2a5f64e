"""Moves animate (issue 25, static/js/lib/motion.js): a card Ada plays in UNO travels to the
pile (an animation of the card's own identity starts, running), a step of its replay animates
too, a Coloretto row Ada takes goes to her collection, and with reduced motion asked for by the
system nothing animates over the same moves."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import WAIT_MS
from tests.e2e.helpers import (
    open_table_with_bots,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
)
from tests.e2e.uno_moves import play_one_move

pytestmark = pytest.mark.browser

# Every element.animate() call the page makes, with the piece's identity and the animation's
# state as it starts (installed before the page's own scripts run).
_RECORD_ANIMATIONS = """
window.flips = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    window.flips.push({ id: this.getAttribute("data-flip"), state: animation.playState });
    return animation;
};
"""


def _page(browser: Browser, base_url: str, *, reduced: bool) -> Page:
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": 390, "height": 844},
        reduced_motion="reduce" if reduced else "no-preference",
    )
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(_RECORD_ANIMATIONS)
    page: Page = context.new_page()
    return page


def _play_until_a_card_is_played(page: Page) -> tuple[str, int]:
    """Ada's turns: draw (or pass) until a card can be played, then play it; its identity and
    the version of the state she played it in."""
    for _ in range(30):
        state: dict[str, Any] = wait_for_my_turn_or_the_end(page)
        assert state["over"] == "0", "the hand ended before Ada could play a card"
        played = play_one_move(page)
        if played:
            return played, int(state["v"])
    raise AssertionError("Ada never had a card to play")


def test_a_played_card_travels_to_the_pile(browser: Browser, base_url: str) -> None:
    page = _page(browser, base_url, reduced=False)
    open_table_with_bots(page, game="uno", players=2)
    played, _ = _play_until_a_card_is_played(page)
    assert played.startswith("uno:"), played
    # The card on the pile started from its old place in the hand: its animation ran.
    page.wait_for_function("id => window.flips.some((flip) => flip.id === id)", arg=played)
    flips = page.evaluate("window.flips")
    assert {"id": played, "state": "running"} in flips, flips

    # The replay draws one step at a time with the same pieces: a step forward animates.
    page.goto(f"{page.url}/replay")
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    for step in range(1, 8):
        page.click("#next")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
        if page.evaluate("window.flips.length"):
            break
    assert page.evaluate("window.flips.every((flip) => flip.id.startsWith('uno:'))")
    assert page.evaluate("window.flips.length") > 0


def test_a_taken_coloretto_row_goes_to_the_takers_collection(
    browser: Browser, base_url: str
) -> None:
    page = _page(browser, base_url, reduced=False)
    open_table_with_bots(page, game="coloretto", players=3)
    take = page.locator('button[data-action*="take_row"]:not([disabled])')
    for _ in range(30):
        state = wait_for_my_turn_or_the_end(page)
        assert state["over"] == "0"
        if take.count():
            page.evaluate("window.flips = []")
            take.first.click()
            wait_for_new_state(page, state["v"])
            you = state["you"]
            # Each colour count Ada's collection gained starts at the row she took.
            page.wait_for_function(
                "you => window.flips.some((flip) => flip.id.startsWith(`co:c${you}:`))", arg=you
            )
            return
        page.locator("#board button[data-action]:not([disabled])").first.click()
        wait_for_new_state(page, state["v"])
    raise AssertionError("Ada never had a row to take")


def _play_until_the_bot_has_moved(page: Page, moved_at: int) -> None:
    """Ada moved in state ``moved_at`` (her move made state ``moved_at + 1``); she moves on
    while her turn comes straight back (a Skip, Reverse or Draw Two at two players) until a
    state past her own move's is shown: the bot's."""
    for _ in range(30):
        state = wait_for_my_turn_or_the_end(page)
        if int(state["v"]) > moved_at + 1:
            return
        assert state["over"] == "0", "the hand ended before the bot moved"
        moved_at = int(state["v"])
        play_one_move(page)
    raise AssertionError("the bot never moved")


def test_reduced_motion_moves_nothing(browser: Browser, base_url: str) -> None:
    page = _page(browser, base_url, reduced=True)
    open_table_with_bots(page, game="uno", players=2)
    _, played_at = _play_until_a_card_is_played(page)
    _play_until_the_bot_has_moved(page, played_at)  # the bot's answer is drawn too
    assert page.evaluate("window.flips") == []
