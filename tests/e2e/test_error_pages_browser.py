"""Pages that cannot be shown (issue 25): an unknown address, a malformed id and a match one may
not see answer a page with a heading saying what went wrong and a way home, never the API's
JSON; a replay refused to a watcher shows the refusal alone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import sign_in


def _start_a_table(browser: Browser, base_url: str) -> tuple[Any, dict[str, Any], int]:
    """Ada's Coloretto table with two bots, started; her page, the lobby and the match id."""
    host = new_page(browser, base_url)
    host.goto("/")
    sign_in(host, "Ada")
    expect(host.locator("#create")).to_be_visible()
    lobby: dict[str, Any] = host.request.post(
        "/api/lobbies", data={"game": "coloretto", "players": 3, "spectators": True}
    ).json()
    for _ in range(2):
        host.request.post(f"/api/lobbies/{lobby['id']}/bots", data={})
    match_id = host.request.post(f"/api/lobbies/{lobby['id']}/start").json()["match_id"]
    return host, lobby, match_id


@pytest.mark.parametrize("path", ["/no/such/page", "/match/abc", "/lobby/x", "/match/-1/replay"])
def test_an_address_that_names_no_page_is_a_page_saying_so(
    browser: Browser, base_url: str, path: str
) -> None:
    page = new_page(browser, base_url)
    page.goto("/")
    sign_in(page, "Ada")
    answer = page.goto(path)
    assert answer is not None and answer.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    expect(page).to_have_title("Page not found · Parlor")
    expect(page.locator("main")).not_to_contain_text('"detail"')
    page.get_by_role("link", name="Back to the home page").click()
    page.wait_for_url(f"{base_url}/")


def test_a_match_one_may_not_see_is_no_such_match(browser: Browser, base_url: str) -> None:
    _host, _lobby, match_id = _start_a_table(browser, base_url)
    eve = new_page(browser, base_url)
    eve.goto("/")
    sign_in(eve, "Eve")
    expect(eve.locator("#create")).to_be_visible()
    answer = eve.goto(f"/match/{match_id}")  # no watch link: as if there were no such match
    assert answer is not None and answer.status == 404
    expect(eve.get_by_role("heading", level=1)).to_have_text("Page not found")
    expect(eve.locator("main")).to_contain_text("No such match.")
    expect(eve.get_by_role("link", name="Back to the home page")).to_be_visible()


def test_a_replay_refused_to_a_watcher_shows_the_refusal_alone(
    browser: Browser, base_url: str
) -> None:
    """Eve holds the watch link, so the page opens, but only players replay a match: she reads
    why, under a heading that says so, with no "Loading…" and no step buttons beside it."""
    _host, lobby, match_id = _start_a_table(browser, base_url)
    eve = new_page(browser, base_url)
    eve.goto("/")
    sign_in(eve, "Eve")
    expect(eve.locator("#create")).to_be_visible()
    watch = lobby["watch_url"].rsplit("/", 1)[1]
    answer = eve.goto(f"/match/{match_id}/replay?watch={watch}")
    assert answer is not None and answer.status == 200
    refusal = "Only the players of a match can replay it."
    expect(eve.locator("#replay-message")).to_have_text(refusal)
    expect(eve.get_by_role("heading", level=1)).to_have_text("Replay not available")
    expect(eve).to_have_title("Replay not available · Parlor")
    expect(eve.get_by_text("Loading…")).to_be_hidden()
    expect(eve.locator("#replay button:visible")).to_have_count(0)
    expect(eve.locator("#slider")).to_be_hidden()
