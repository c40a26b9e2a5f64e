"""The replay viewer (issue 9): step through a finished match and switch whose eyes to use."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots, play_alone_to_the_end


def test_step_through_a_finished_match_and_switch_viewpoint(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="coloretto", players=3)
    match_path = page.url.split("/match/", 1)[1]
    play_alone_to_the_end(page)

    page.goto(f"/match/{match_path}/replay")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", "0")
    steps = int(replay.get_attribute("data-steps") or "0")
    assert steps > 10
    expect(page.locator("#step-text")).to_contain_text("before the first move")
    page.click("#next")
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.locator("#step-text")).to_contain_text(":")  # "<name>: <move>"
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "2")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(steps))
    expect(page.locator("#outcome")).to_be_visible()
    # Through another seat's eyes, then the public view; the step is kept.
    page.select_option("#viewpoint", "1")
    expect(replay).to_have_attribute("data-seat", "1")
    expect(replay).to_have_attribute("data-step", str(steps))
    page.select_option("#viewpoint", "public")
    expect(replay).to_have_attribute("data-seat", "public")
    page.select_option("#viewpoint", "everyone")  # all hands: one board per seat
    expect(replay).to_have_attribute("data-seat", "everyone")
    expect(page.locator("#hands [data-hand]")).to_have_count(3)
    page.select_option("#viewpoint", "public")
    page.click("#first")
    expect(replay).to_have_attribute("data-step", "0")
    # The address keeps the viewpoint and step: a link another player can open.
    page.click("#next")
    shared = page.url
    assert "eyes=public" in shared and "step=1" in shared
    page.goto(shared)
    expect(replay).to_have_attribute("data-seat", "public")
    expect(replay).to_have_attribute("data-step", "1")
    assert page.locator("#board button:not([disabled])").count() == 0  # nothing playable
