"""A person and bots play UNO in the browser: one turn with a bot, then a 3-player match to 100
with options chosen on the create form, played to the end (trying a wrong catch when one is
offered) and verified from its record."""

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
from tests.e2e.uno_moves import CARD, CATCH, PICK, WILD, play_one_move

pytestmark = pytest.mark.browser


def _open_table(page: Page, *, players: int, options: dict[str, str] | None = None) -> None:
    """Sign in, create an UNO table (options chosen on the form), fill it with bots, start."""
    open_table_with_bots(page, game="uno", players=players, options=options)


def _hand_size(page: Page) -> int:
    held = re.search(r"Your hand \((\d+)\)", page.locator(".uno-mine-title").inner_text())
    assert held, "the hand's title shows its size"
    return int(held.group(1))


def _try_a_wrong_catch(page: Page) -> bool:
    """Catch the bot offered as a target, if any (the bots always call UNO in time, so the
    catch is wrong): Ada draws 2 (rules/uno.md, House rule 5, text 1). Whether it was tried."""
    catch = page.locator(CATCH)
    if not catch.count():
        return False
    # Only the player whose play just left them one or two cards may be caught.
    target = catch.first.locator("xpath=ancestor::article[@data-seat]")
    held = int(target.locator(".uno-count").inner_text().split()[0])
    assert held in (1, 2), held
    version, before = table_state(page)["v"], _hand_size(page)
    catch.first.click()
    wait_for_new_state(page, version)
    expect(page.locator("#log")).to_contain_text("Ada draws 2 for a wrong catch")
    assert _hand_size(page) == before + 2
    expect(page.locator(CATCH)).to_have_count(0)  # a catch closes the window
    return True


def test_one_turn_with_a_bot(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    _open_table(page, players=2)
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1", "the bot ended the hand before Ada's first turn"

    expect(page.locator("#banner")).to_contain_text("Your turn")
    expect(page.locator(".uno-card--top")).to_be_visible()
    expect(page.locator(".uno-mine-title")).to_contain_text(re.compile(r"Your hand \(\d+\)"))
    # With 7 cards or more there is nothing to call, and nobody is down to two cards or fewer
    # to catch: no such buttons.
    expect(page.locator(".uno-call")).to_have_count(0)
    expect(page.locator(".uno-catch")).to_have_count(0)
    # Every enabled card button carries a legal play of a card in the hand.
    for action in page.locator(CARD).evaluate_all("bs => bs.map(b => b.dataset.action)"):
        assert re.fullmatch(r'\{"type":"play","card":"(red|yellow|green|blue):\w+"\}', action)

    before = page.locator("#log li").count()
    if page.locator(CARD).count():
        card = page.locator(CARD).first
        name = card.get_attribute("title") or ""
        card.click()
        wait_for_new_state(page, state["v"])
        expect(page.locator("#log")).to_contain_text(f"Ada played {name}")
    elif page.locator(WILD).count():
        page.locator(WILD).first.click()
        picker = page.locator(".uno-picker")
        expect(picker.locator("button[data-action]")).to_have_count(4)
        picker.get_by_role("button", name="Blue").click()
        wait_for_new_state(page, state["v"])
        expect(page.locator("#log")).to_contain_text("named blue")
    elif page.get_by_role("button", name="Draw a card").count():
        page.get_by_role("button", name="Draw a card").click()
        wait_for_new_state(page, state["v"])
        expect(page.locator(".uno-status")).to_contain_text("You drew")
        expect(page.locator("#log")).to_contain_text("Ada drew 1 card: ")
    elif page.locator(PICK).count():
        # The first card turned up is a Wild and Ada starts: she names its colour (rules/uno.md,
        # other first cards). A CI run drew this deal.
        page.locator(PICK).filter(has_text="Blue").click()
        wait_for_new_state(page, state["v"])
        expect(page.locator("#board")).to_contain_text("Colour: blue")
    else:
        # The bot led a +2 or +4 that Ada cannot stack: her move is to take the cards (a
        # +2 is 2, a +4 is 4; rules/uno.md, draw cards). A CI run drew this deal.
        take = page.get_by_role("button", name=re.compile(r"^Take [24] cards$"))
        expect(take).to_have_count(1)
        take.click()
        wait_for_new_state(page, state["v"])
        expect(page.locator("#log")).to_contain_text(re.compile(r"Ada took [24] cards"))
    assert page.locator("#log li").count() > before


def test_a_three_player_match_with_options_to_the_end(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    options = {"scoring": "official", "stack_draw_two": "off", "target": "100"}
    _open_table(page, players=3, options=options)
    tried = False  # one wrong catch per match is enough (most matches to 100 offer one)
    for _ in range(1000):
        page.wait_for_function(SETTLED)
        state = table_state(page)
        if state["over"] == "1":
            break
        if state["myturn"] == "1":
            tried = tried or _try_a_wrong_catch(page)
            play_one_move(page)
        else:
            wait_for_new_state(page, state["v"])
    else:
        pytest.fail("the match did not end")

    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("wins")
    expect(outcome).to_contain_text("Official scoring")
    expect(outcome.locator(".uno-hands")).to_contain_text("out +")
    verify_from_the_outcome(page)
