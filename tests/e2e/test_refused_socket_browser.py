"""A table page whose socket the server refuses says why and what to do, and stops retrying
(issue 16): before, every refusal reached the browser as close code 1006, and the page showed
"Reconnecting…" for ever, trying again every 10 s. The page's clock is Playwright's, so a minute
of retries is run through in an instant."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import open_table_with_bots, sign_in

_RETRIES = 60_000
"""Milliseconds of page time run through after a refusal: six retries at the longest backoff."""


_UNKNOWN_MATCH = """
new MutationObserver((_records, observer) => {
  const island = document.getElementById("page-data");
  if (!island || !/"match_id": \\d+/.test(island.textContent)) return;
  island.textContent = island.textContent.replace(/"match_id": \\d+/, '"match_id": 2000000000');
  observer.disconnect();
}).observe(document, { childList: true, subtree: true, characterData: true });
"""
"""Rewrites the page's data island (templates/base.html) as the parser adds it."""


def _counting_sockets(page: Page) -> list[str]:
    """The URLs of the sockets the page opens from now on."""
    opened: list[str] = []
    page.on("websocket", lambda socket: opened.append(socket.url))
    return opened


def _refused_for_good(page: Page, code: int, reason: str, opened: list[str]) -> None:
    """The banner shows the server's sentence and the status is "Disconnected"; a minute later
    the page has opened no other socket."""
    expect(page.locator("#table")).to_have_attribute("data-refused", str(code))
    expect(page.locator("#banner")).to_contain_text(reason)
    expect(page.locator("#conn")).to_have_text("Disconnected")
    sockets = len(opened)
    page.clock.run_for(_RETRIES)
    expect(page.locator("#conn")).to_have_text("Disconnected")
    assert len(opened) == sockets, opened


def test_logging_out_elsewhere_shows_sign_in_and_no_retries(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url)
    page.clock.install()
    opened = _counting_sockets(page)
    open_table_with_bots(page, game="coloretto", players=3)
    expect(page.locator("#conn")).to_have_text("Connected")
    # The same browser logs out in another tab (its cookie is shared): the socket is closed 4401.
    assert page.request.post("/api/session/logout").status == 204
    _refused_for_good(page, 4401, "You signed out", opened)
    link = page.locator("#banner a")
    expect(link).to_have_text("Sign in on the home page")
    expect(link).to_have_attribute("href", "/")
    assert page.locator("button[data-action]:not([disabled])").count() == 0


def test_an_unknown_match_says_so_and_links_home(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    page.clock.install()
    open_table_with_bots(page, game="coloretto", players=3)
    expect(page.locator("#conn")).to_have_text("Connected")
    # The page of a match the server does not know by the time its socket connects: its data
    # island names another match before the page's module reads it. (A page fulfilled by
    # Playwright instead may not open a socket to a local address at all.)
    page.add_init_script(_UNKNOWN_MATCH)
    opened = _counting_sockets(page)
    page.reload()
    _refused_for_good(page, 4404, "No such match.", opened)
    assert opened == [f"{base_url.replace('http', 'ws')}/ws/matches/2000000000"]
    expect(page.locator("#banner a")).to_have_text("Back to the home page")


def test_a_table_without_spectators_tells_a_stranger_to_ask_the_host(
    browser: Browser, base_url: str
) -> None:
    host = new_page(browser, base_url)
    host.goto("/")
    sign_in(host, "Ada")
    expect(host.locator("#create")).to_be_visible()
    lobby: dict[str, Any] = host.request.post(
        "/api/lobbies", data={"game": "coloretto", "players": 3, "spectators": False}
    ).json()
    for _ in range(2):
        host.request.post(f"/api/lobbies/{lobby['id']}/bots", data={})
    match_id = host.request.post(f"/api/lobbies/{lobby['id']}/start").json()["match_id"]

    eve = new_page(browser, base_url)
    eve.clock.install()
    eve.goto("/")
    sign_in(eve, "Eve")
    expect(eve.locator("#create")).to_be_visible()
    opened = _counting_sockets(eve)
    eve.goto(lobby["watch_url"])  # the table's watch link: on to /match/{id}?watch=...
    eve.wait_for_url(f"**/match/{match_id}?watch=*")
    _refused_for_good(eve, 4403, "This table does not let others watch.", opened)
    expect(eve.locator("#banner")).to_contain_text("Ask the table's host")
