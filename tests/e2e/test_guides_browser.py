"""Issue 25, learning and lobby, in Chromium: the games' gallery before a name is picked, every
rules page's first turn drawn by the game's own renderer, "Fill empty seats with bots", and a
signed-out visitor taken back to the link they followed once they have picked a name."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from app.rules import GAMES
from tests.e2e.conftest import new_page
from tests.e2e.helpers import no_sideways_scrolling, sign_in, watch_for_refusals

pytestmark = pytest.mark.browser

# The class each renderer gives its board (static/js/games/<slug>.js): the demo is drawn by the
# game's own renderer, not the generic fallback.
BOARD = {
    "coloretto": ".co",
    "da_vinci_code": ".dvc",
    "elements": ".el",
    "forehead_words": ".fw",
    "manhattan": ".mh",
    "master_of_rules": ".mor",
    "monopoly_deal": ".md",
    "monster_tcg": ".mt",
    "poison": ".po",
    "sequence_numbers": ".sn",
    "tong_its": ".ti",
    "uno": ".uno",
    "werewolf": ".ww",
}


def test_the_gallery_and_every_rules_page_before_a_name(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    refused = watch_for_refusals(page)
    page.goto("/")
    expect(page.locator("#signin-panel")).to_be_visible()
    cards = page.locator(".gallery-card")
    expect(cards).to_have_count(len(GAMES))
    uno = page.locator(".gallery-card[data-game='uno']")
    expect(uno).to_be_visible()
    expect(uno).to_contain_text("2\u201310 players")
    # Every picture is drawn (an SVG that failed to load has no natural width).
    page.wait_for_function(
        "() => [...document.querySelectorAll('.gallery-art')]"
        ".every((img) => img.complete && img.naturalWidth > 0)"
    )
    no_sideways_scrolling(page, [".gallery-card"])  # a phone-sized screen

    assert set(BOARD) == set(GAMES)
    for slug, board in BOARD.items():
        page.goto(f"/games/{slug}")
        demo = page.locator("#demo-board")
        expect(demo).to_have_attribute("data-drawn", "1")
        expect(demo.locator(board)).to_be_visible()
        expect(demo.locator(".message--error")).to_have_count(0)
        # Read-only: whatever the renderer offers is disabled.
        assert demo.locator("button:not([disabled])").count() == 0, slug
        expect(page.locator(".guide-text")).to_contain_text("Goal")
        no_sideways_scrolling(page, [".guide-text", ".guide-demo"])

    # "Open a table" from a rules page: the game is already chosen once a name is picked.
    page.goto("/games/poison")
    page.click("#open-table")
    page.wait_for_url(re.compile(r"/\?game=poison"))
    sign_in(page, "Ada")
    expect(page.locator("#create-form")).to_be_visible()
    expect(page.locator("#game")).to_have_value("poison")
    expect(page.locator("#option-cauldrons")).to_be_visible()  # Poison's own options drawn
    # An option that matters at another player count only is not offered.
    page.select_option("#game", "sequence_numbers")
    page.select_option("#players", "2")
    teams = page.locator("#option-six_player_teams")
    expect(page.locator("#option-plus_cards")).to_be_visible()
    expect(teams).to_be_hidden()
    page.select_option("#players", "6")
    expect(teams).to_be_visible()
    # Manhattan's 6 rounds (2-3 players) picked at 3, then a 4th player: the table plays 4.
    page.select_option("#game", "manhattan")
    page.select_option("#players", "3")
    page.select_option("#option-rounds", "6")
    page.select_option("#players", "4")
    expect(page.locator("#option-rounds")).to_be_hidden()
    page.click("#create")
    page.wait_for_url("**/lobby/*")
    expect(page.locator("#lobby-options")).to_have_text("4 rounds of 6 pieces each.")
    assert refused == []


def test_fill_with_bots_and_back_to_a_link_after_picking_a_name(
    browser: Browser, base_url: str
) -> None:
    host = new_page(browser, base_url)
    host.goto("/")
    sign_in(host, "Ada")
    # "Play" in the gallery picks the game in the form.
    host.click(".gallery-card[data-game='uno'] a[data-pick]")
    expect(host.locator("#game")).to_have_value("uno")
    host.select_option("#players", "6")
    host.click("#create")
    host.wait_for_url("**/lobby/*")
    expect(host.locator("#lobby-options")).to_contain_text("One hand.")
    expect(host.locator("#rules-link")).to_have_attribute("href", "/games/uno")
    expect(host.locator("button[data-add-bot]")).to_have_count(5)
    host.click("#fill-bots")  # one click, not five
    expect(host.locator("button[data-add-bot]")).to_have_count(0)
    expect(host.locator("#seats .badge--bot")).to_have_count(5)
    expect(host.locator("#fill-bots")).to_be_hidden()
    watch = host.locator("#watch-link").inner_text()
    expect(host.locator("#start")).to_be_enabled()
    host.click("#start")
    host.wait_for_url("**/match/*")
    match_path = re.sub(r"^https?://[^/]+", "", host.url)

    # Someone who has never been here follows the watch link: first a name, then the table.
    guest = new_page(browser, base_url)
    guest.goto(watch)
    guest.wait_for_url(re.compile(r"/\?next="))
    expect(guest.locator("#signin-panel")).to_be_visible()
    sign_in(guest, "Ben")
    guest.wait_for_url(re.compile(re.escape(match_path) + r"\?watch="))
    expect(guest.locator("#table")).not_to_have_attribute("data-v", "")
    expect(guest.locator("#rules-panel summary")).to_have_text("How to play UNO")

    # The host's own record link, followed from a browser that has no name yet.
    stranger = new_page(browser, base_url)
    stranger.goto(f"{match_path}/record")
    sign_in(stranger, "Cy")
    stranger.wait_for_url(re.compile(re.escape(match_path) + r"/record$"))


_OPEN_WITH_BOTS = """async ({ game, players }) => {
    const post = (url, body) => fetch(url, {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})
        .then((r) => r.json());
    const lobby = await post("/api/lobbies", {game, players});
    await post(`/api/lobbies/${lobby.id}/bots`, {fill: true});
    return (await post(`/api/lobbies/${lobby.id}/start`, {})).match_id;
}"""


def test_every_tables_rules_panel_explains_its_game(browser: Browser, base_url: str) -> None:
    """At the table of each game (its fewest players, bots in the other seats), "How to play"
    opens on the game's own guide, with a link to its rules page."""
    page = new_page(browser, base_url)
    page.goto("/")
    sign_in(page, "Ada")
    expect(page.locator("#create-form")).to_be_visible()  # signed in
    for slug, rules in GAMES.items():
        match_id = page.evaluate(_OPEN_WITH_BOTS, {"game": slug, "players": rules.min_players})
        page.goto(f"/match/{match_id}")
        panel = page.locator("#rules-panel")
        summary = panel.locator("summary")
        expect(summary).to_have_text(f"How to play {rules.title}")
        expect(panel.locator(".guide-text")).to_be_hidden()  # folded until asked for
        summary.click()
        expect(panel.locator(".guide-text h3").first).to_have_text("Goal")
        expect(panel.locator(f"a[href='/games/{slug}']")).to_be_visible()
