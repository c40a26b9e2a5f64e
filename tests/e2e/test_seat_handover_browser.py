"""The host hands a seat to someone new (issue 16, Privacy): whoever takes it sees its hand, so
its player is told on their page, and the table's chat keeps the line (static/js/pages/table.js)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import create_table, sign_in, start_with_a_friend


def test_the_seats_player_is_told_when_the_host_hands_it_over(
    browser: Browser, base_url: str
) -> None:
    ada = new_page(browser, base_url)
    ada.goto("/")
    sign_in(ada, "Ada")
    expect(ada.locator("#create")).to_be_visible()
    lobby = create_table(ada, game="coloretto", players=3)  # Ada 0, a bot 1, Ben 2
    ben = start_with_a_friend(ada, browser, base_url, lobby, "Ben")
    expect(ben.locator("#table")).to_have_attribute("data-you", "2")

    # The host's menu for Ben's seat: the link it makes is shown there (and shared or copied).
    ada.locator("#players li").filter(has_text="Ben").get_by_role(
        "button", name="Seat options for Ben"
    ).click()
    ada.locator("#seat-menu").get_by_role("button", name="Invite someone").click()
    made = "The host made a link that hands seat 3 (Ben) to someone new."
    expect(ben.locator("#notices")).to_contain_text(f"Your seat: {made}")
    expect(ben.locator("#chat li.chat-notice")).to_have_text([made])
    expect(ada.locator("#chat li.chat-notice")).to_have_text([made])
    link = ada.locator("#seat-invite-link").inner_text()
    assert "/seat/" in link, link

    cy = new_page(browser, base_url)
    cy.goto(link)
    sign_in(cy, "Cy")
    cy.click("#seat-take")
    cy.wait_for_url("**/match/*")
    expect(cy.locator("#table")).to_have_attribute("data-you", "2")
    took = "Cy took seat 3 from Ben with the host's link."
    expect(ben.locator("#notices")).to_contain_text(f"Your seat: {took}")
    expect(ben.locator("#table")).to_have_attribute("data-you", "")  # Ben watches now
    expect(cy.locator("#chat li.chat-notice")).to_have_text([made, took])  # the table's log
    for page in (ada, ben, cy):
        page.context.close()
