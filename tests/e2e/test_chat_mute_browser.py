"""Chat: mute a person, for yourself (issue 25). Their lines are hidden on the muting reader's
page only (and still after a reload), with a note that counts them; the table's notices stay."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import create_table, sign_in, start_with_a_friend


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-send")


def test_a_muted_persons_lines_are_hidden_for_the_reader_only(
    browser: Browser, base_url: str
) -> None:
    ada = new_page(browser, base_url)
    ada.goto("/")
    sign_in(ada, "Ada")
    expect(ada.locator("#create")).to_be_visible()
    lobby = create_table(ada, game="coloretto", players=3)
    ben = start_with_a_friend(ada, browser, base_url, lobby, "Ben")
    expect(ben.locator("#table")).to_have_attribute("data-you", "2")
    say(ben, "first of many")
    bens_line = ada.locator("#chat li").filter(has_text="first of many")
    expect(bens_line).to_be_visible()
    bens_line.hover()
    bens_line.get_by_role("button", name="Mute Ben").click()
    expect(bens_line).to_be_hidden()
    expect(ada.locator("#chat-muted")).to_contain_text("Ben muted: 1 line hidden")

    say(ben, "second")
    expect(ada.locator("#chat-muted")).to_contain_text("Ben muted: 2 lines hidden")
    say(ada, "I can still talk")
    expect(ben.locator("#chat li").filter(has_text="I can still talk")).to_be_visible()
    expect(ben.locator("#chat li").filter(has_text="second")).to_be_visible()  # Ben's own page

    ada.reload()  # remembered for this match
    expect(ada.locator("#chat li").filter(has_text="I can still talk")).to_be_visible()
    expect(ada.locator("#chat li").filter(has_text="second")).to_be_hidden()
    ada.locator("#chat-muted").get_by_role("button", name="show").click()
    expect(ada.locator("#chat li").filter(has_text="second")).to_be_visible()
    ada.locator("#chat-muted").get_by_role("button", name="unmute").click()
    expect(ada.locator("#chat-muted")).to_be_hidden()
    expect(ada.locator("#chat li").filter(has_text="first of many")).to_be_visible()
    for page in (ada, ben):
        page.context.close()
