"""At a table with friends (issue 25): the host of a table without a turn timer is offered to
hand a seat to a bot once its person has been away a while, and that person, coming back, reads
on the page that their seat went to a bot (static/js/pages/table.js)."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import Browser, expect

from tests.conftest import LiveServer
from tests.e2e.conftest import new_page
from tests.e2e.helpers import create_table, sign_in, start_with_a_friend


def test_the_host_is_offered_to_hand_an_away_seat_to_a_bot(
    browser: Browser, base_url: str, live_server: LiveServer
) -> None:
    ada = new_page(browser, base_url)
    ada.goto("/")
    sign_in(ada, "Ada")
    expect(ada.locator("#create")).to_be_visible()
    lobby = create_table(ada, game="coloretto", players=3)  # no timer: Ada 0, a bot 1, Ben 2
    ben = start_with_a_friend(ada, browser, base_url, lobby, "Ben")
    expect(ben.locator("#table")).to_have_attribute("data-you", "2")
    table_url = ben.url
    match_id = int(table_url.rstrip("/").split("/")[-1])

    ben.goto("/")  # Ben walks away from the table: his socket closes
    expect(ada.locator("#players li").filter(has_text="Ben")).to_contain_text("offline")
    # Just gone: no offer yet (the setting's three minutes have not passed).
    expect(ada.locator("#away-offers")).to_be_hidden()

    hub = live_server.app.state.hub

    def away_for_ten_minutes() -> None:
        live = hub.peek(match_id)
        live.offline_since[2] = live.offline_since[2] - timedelta(minutes=10)
        hub.publish(live)  # the table part changed: every page gets it

    live_server.call(away_for_ten_minutes)
    offer = ada.locator("#away-offers .away-offer")
    expect(offer).to_have_text("Ben has been away for 10 minutes. Hand Ben\u2019s seat to a bot")
    ada.once("dialog", lambda dialog: dialog.accept())
    offer.get_by_role("button", name="Hand Ben\u2019s seat to a bot").click()
    expect(ada.locator("#players li").filter(has_text="Bot 3")).to_contain_text("bot")
    expect(ada.locator("#away-offers")).to_be_hidden()

    ben.goto(table_url)  # Ben comes back: he is told on the page, not only by a notice
    expect(ben.locator("#table")).to_have_attribute("data-you", "")
    expect(ben.locator("#seat-lost")).to_have_text(
        "The host handed your seat to a bot: you are watching now."
    )
    for page in (ada, ben):
        page.context.close()
