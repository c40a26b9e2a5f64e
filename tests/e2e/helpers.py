"""Steps the browser tests share: sign in, read the table's test hooks, wait for a new state."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.e2e.conftest import new_page

SETTLED = """() => {
    const table = document.querySelector('#table');
    return table !== null && table.dataset.v !== undefined && table.dataset.v !== '' &&
        (table.dataset.over === '1' || table.dataset.myturn === '1' || table.dataset.turn !== '');
}"""
"""A state is shown: whose turn it is, or the end (``#table`` data, static/js/pages/table.js)."""


def sign_in(page: Page, name: str) -> None:
    """Sign in on a page that shows the name form (home or an invite link)."""
    page.fill("#name", name)
    page.click("#sign-in")


def table_state(page: Page) -> dict[str, Any]:
    """The ``#table`` data attributes: v, turn, you, myturn and over."""
    state: dict[str, Any] = page.eval_on_selector("#table", "t => ({...t.dataset})")
    return state


def wait_for_new_state(page: Page, version: str) -> None:
    """Wait until the table shows a state other than ``version``."""
    page.wait_for_function("v => document.querySelector('#table').dataset.v !== v", arg=version)


def wait_for_my_turn_or_the_end(page: Page) -> dict[str, Any]:
    """Others (bots, friends) move by themselves: wait until it is my turn or the match is over."""
    page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t.dataset.v !== '' && (t.dataset.myturn === '1' || t.dataset.over === '1'); }"
    )
    return table_state(page)


def watch_for_refusals(page: Page) -> list[str]:
    """The console lines in which Chromium reports something the content security policy
    refused (a script, a style attribute, a connection), each after the page's address; the
    list fills as the page runs."""
    refused: list[str] = []

    def check(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(f"{page.url}: {message.text}")

    page.on("console", check)
    return refused


def no_sideways_scrolling(page: Page, selectors: Sequence[str]) -> None:
    """Nothing is wider than the screen: the page itself and every element matching one of
    ``selectors`` (the parts of a game's table)."""
    widths = page.evaluate(
        "(selectors) => [document.documentElement.scrollWidth, window.innerWidth,"
        " ...selectors.map((selector) => Math.max(0, ...[...document.querySelectorAll(selector)]"
        ".map((node) => node.getBoundingClientRect().right)))]",
        list(selectors),
    )
    assert all(width <= widths[1] for width in [widths[0], *widths[2:]]), widths


def play_to_the_end(page: Page, play_one_move: Callable[[Page], object], *, limit: int) -> None:
    """Play ``play_one_move`` on each of my turns until the end; others' turns are awaited."""
    for _ in range(limit):
        page.wait_for_function(SETTLED)
        state = table_state(page)
        if state["over"] == "1":
            return
        if state["myturn"] == "1":
            play_one_move(page)
        else:
            wait_for_new_state(page, state["v"])
    raise AssertionError("the match did not end")


def take_or_first_move(page: Page) -> None:
    """Take a row or card when offered (keeps rounds short), else the first enabled move."""
    version = table_state(page)["v"]
    take = page.locator('button[data-action*="take"]:not([disabled])')
    moves = page.locator("button[data-action]:not([disabled])")
    (take.first if take.count() else moves.first).click()
    wait_for_new_state(page, version)


def play_alone_to_the_end(page: Page, *, limit: int = 400) -> None:
    """With bots in every other seat, play ``take_or_first_move`` until the end."""
    play_to_the_end(page, take_or_first_move, limit=limit)


def verify_from_the_outcome(page: Page) -> None:
    """Follow the final result's link to the record and check that the match verifies."""
    page.click("#outcome a[href*='/record']")  # it may carry the table's watch code
    page.wait_for_url(re.compile(r"/record(\?watch=[^&]+)?$"))
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_text("Verified", exact=False)).to_be_visible()


def open_table_with_bots(
    page: Page,
    *,
    game: str,
    players: int,
    options: dict[str, str] | None = None,
    series: str | None = None,
    fill_form: Callable[[Page], None] | None = None,
) -> None:
    """Sign in as Ada, create a table (options set on the form: "on"/"off" for a checkbox, else
    the choice's value; ``fill_form`` for controls that are no select), fill every other seat
    with a bot, start, and wait for the table."""
    page.goto("/")
    sign_in(page, "Ada")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for key, value in (options or {}).items():
        control = page.locator(f"#option-{key}")  # drawn once the game's renderer has loaded
        if value in ("on", "off"):
            control.set_checked(value == "on")
        else:
            control.select_option(value)
    if fill_form is not None:
        fill_form(page)
    if series is not None:
        page.select_option("#series", series)
    page.click("#create")
    page.wait_for_url("**/lobby/*")
    add_bot = page.locator("button[data-add-bot]")
    expect(add_bot).to_have_count(players - 1)  # the lobby has drawn its free seats
    for remaining in range(players - 2, -1, -1):
        add_bot.first.click()
        expect(add_bot).to_have_count(remaining)
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    page.wait_for_url("**/match/*")


_CREATE_TABLE = """async ({ table, bot }) => {
    const post = (url, body) => fetch(url, {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})
        .then((r) => r.json());
    const lobby = await post("/api/lobbies", table);
    await post(`/api/lobbies/${lobby.id}/bots`, bot);
    return lobby;
}"""


def create_table(page: Page, *, bot_seat: int | None = None, **table: Any) -> dict[str, Any]:
    """As the signed-in host of ``page``, open a table through the API (``table``: the create
    request, e.g. game, players, turn_seconds) with one bot, in ``bot_seat`` or the lowest free
    seat; the lobby. The form offers no such table (a bot in a chosen seat, an 8 s timer)."""
    bot = {} if bot_seat is None else {"seat": bot_seat}
    lobby: dict[str, Any] = page.evaluate(_CREATE_TABLE, {"table": table, "bot": bot})
    return lobby


def start_with_a_friend(
    host: Page, browser: Browser, base_url: str, lobby: dict[str, Any], name: str
) -> Page:
    """``name`` opens the table's invite link in a browser of their own and signs in; then the
    host starts the match from the lobby. Returns the friend's page; both are at the table."""
    friend: Page = new_page(browser, base_url)
    friend.goto(f"/join/{lobby['invite_code']}")
    sign_in(friend, name)
    friend.wait_for_url("**/lobby/*")
    host.goto(f"/lobby/{lobby['id']}")
    expect(host.locator("#start")).to_be_enabled()
    host.click("#start")
    host.wait_for_url("**/match/*")
    friend.wait_for_url("**/match/*")
    return friend


_RENDER = """async ({ game, state, names }) => {
    const href = `/static/css/games/${game}.css`;
    if (!document.querySelector(`link[href='${href}']`)) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        const loaded = new Promise((resolve) => { link.onload = resolve; });
        document.head.append(link);
        await loaded;
    }
    const renderer = await import(`/static/js/games/${game}.js`);
    let root = document.querySelector("#game-root");
    if (!root) {
        root = document.createElement("div");
        root.id = "game-root";
        document.querySelector("main").replaceChildren(root);
    }
    window.sent = [];
    const act = (action) => window.sent.push(action);
    renderer.render(root, state, { act, names, you: state.view.you ?? null });
}"""


def render_state(page: Page, game: str, state: dict[str, Any], names: list[str]) -> None:
    """Draw one frame of ``game`` (``{"view", "legal", "log"}``, seen by ``view["you"]``) with
    its renderer and stylesheet on a page with a ``<main>`` (the home page), in place of the page;
    a second call draws the next frame over it. The actions it sends go to ``window.sent``."""
    page.evaluate(_RENDER, {"game": game, "state": state, "names": names})
