"""A timed table in the browser (issue 10): the clock shows, a missed turn is played by a
stand-in and marked in the log, and one click takes the seat back."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import create_table, sign_in, start_with_a_friend

_PLAY_IN_TIME = """() => {
    let seen = null, since = 0;
    setInterval(() => {
        const table = document.querySelector('#table');
        if (table.dataset.myturn !== '1') return;
        if (table.dataset.v !== seen) { seen = table.dataset.v; since = Date.now(); return; }
        const move = document.querySelector('button[data-action]:not([disabled])');
        if (move && Date.now() - since > 800) move.click();
    }, 100);
}"""
"""Ben's page plays his turns by itself, 0.8 s into each (his clock has 8 s): he never misses,
and the match moves slowly enough for Ada to take her seat back while it runs."""


def test_the_clock_a_stand_in_and_taking_the_seat_back(browser: Browser, base_url: str) -> None:
    ada = new_page(browser, base_url)
    ada.goto("/")
    sign_in(ada, "Ada")
    # The home form sends the table's timer settings; the lobby shows them.
    ada.select_option("#turn-seconds", "30")
    ada.select_option("#stand-in-after", "1")
    ada.click("#create")
    ada.wait_for_url("**/lobby/*")
    expect(ada.locator("#lobby-summary")).to_contain_text(
        "turn timer 0:30 (a stand-in keeps the seat at once)"
    )

    # The form offers timers from 30 s: an 8 s one is short for the test and long enough for a
    # page on a loaded machine to move in time. Ada 0, a bot 1, and a seat for Ben.
    lobby = create_table(ada, game="coloretto", players=3, turn_seconds=8, stand_in_after=1)
    ben = start_with_a_friend(ada, browser, base_url, lobby, "Ben")
    ben.evaluate(_PLAY_IN_TIME)

    # Someone is on the clock, and every page shows it counting down.
    expect(ada.locator("#players [data-clock]")).to_have_count(1)
    # Ada does nothing: her clock runs out, a stand-in plays her turn (marked in the log), and
    # with stand_in_after=1 it keeps her seat until she takes it back.
    expect(ada.locator("#take-back")).to_be_visible(timeout=30_000)
    marked = ada.locator("#log .log-stand-in").filter(has_text="played by a stand-in for Ada")
    expect(marked.first).to_be_visible()
    expect(ada.locator("#players .is-you")).to_contain_text("stand-in")
    ada.click("#take-back")
    # From now on her page plays in time too: otherwise her next 8-second clock could run out
    # (and a stand-in take her seat again) before a loaded machine has shown her the seat back.
    ada.evaluate(_PLAY_IN_TIME)
    expect(ada.locator("#take-back")).to_have_count(0)
    expect(ada.locator("#players .is-you")).not_to_contain_text("stand-in")
