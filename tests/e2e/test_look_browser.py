"""How the table looks (issue 25): dark mode follows the system unless ``<html data-theme>``
forces a theme, every text on a game's pieces and table keeps a WCAG contrast of 4.5:1 (3:1 for
large text) in the dark, and a replay draws its cards at full contrast although none can be
clicked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import WAIT_MS
from tests.e2e.helpers import open_table_with_bots, render_state, sign_in, watch_for_refusals

pytestmark = pytest.mark.browser

_FIXTURES = Path(__file__).parent.parent / "js" / "fixtures"

# Relative luminance and contrast after WCAG 2.1 (1.4.3 and the definitions of "relative
# luminance" and "contrast ratio"): text is measured against the colours under it. Text in a
# disabled control or faded on purpose (opacity below 1) is exempt, as WCAG exempts inactive
# controls; words for screen readers only (1 px, clipped) are skipped.
_CONTRAST = (Path(__file__).parent / "contrast.js").read_text()


_BACKGROUND_LUMINANCE = """() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const [r, g, b] = (colour.match(/[\\d.]+/g) || []).map(Number);
    const linear = (c) => {
        c /= 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}"""


def _page(browser: Browser, base_url: str, scheme: Literal["dark", "light"]) -> Page:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, color_scheme=scheme
    )
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def _assert_readable(page: Page, root: str = "#board, .table-status") -> None:
    found: list[str] = page.evaluate(_CONTRAST, root)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", ["uno", "tong_its"])
def test_dark_mode_follows_the_system_and_keeps_every_text_readable(
    browser: Browser, base_url: str, game: str
) -> None:
    page = _page(browser, base_url, "dark")
    refusals = watch_for_refusals(page)
    open_table_with_bots(page, game=game, players=3)
    pieces = page.locator(".uno-card" if game == "uno" else ".ti-card:not(.ti-back)")
    expect(pieces.first).to_be_visible()
    assert page.evaluate(_BACKGROUND_LUMINANCE) < 0.03  # a dark page: #15171c
    # Pieces carry their own art (SVG from lib/pieces.js) and keep their words.
    assert page.locator("#board svg.pc-back-art").count() >= 1  # the game's own back
    _assert_readable(page)
    # The attribute wins over the system: "light" forces light, removing it follows dark again.
    page.evaluate("document.documentElement.dataset.theme = 'light'")
    assert page.evaluate(_BACKGROUND_LUMINANCE) > 0.8
    _assert_readable(page)
    page.evaluate("delete document.documentElement.dataset.theme")
    assert page.evaluate(_BACKGROUND_LUMINANCE) < 0.03
    page.goto("/history")  # the other pages follow the same tokens
    expect(page.locator("#matches")).not_to_contain_text("Loading")
    _assert_readable(page, "body")
    assert refusals == []  # the art is built with DOM calls and classes: nothing inline


def test_data_theme_dark_forces_dark_on_a_light_system(browser: Browser, base_url: str) -> None:
    page = _page(browser, base_url, "light")
    page.goto("/")
    assert page.evaluate(_BACKGROUND_LUMINANCE) > 0.8
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    assert page.evaluate(_BACKGROUND_LUMINANCE) < 0.03
    text = page.evaluate("getComputedStyle(document.body).color")
    assert text != "rgb(29, 33, 39)"  # the light theme's ink would vanish on the dark page
    _assert_readable(page, "body")  # the header, the sign-in form, the list of games


def test_replay_draws_cards_at_full_contrast_though_none_is_clickable(
    browser: Browser, base_url: str
) -> None:
    page = _page(browser, base_url, "light")
    open_table_with_bots(page, game="uno", players=3)
    expect(page.locator("#table")).not_to_have_attribute("data-v", "")
    page.goto(f"{page.url}/replay")
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    cards = page.locator("#board button.uno-card")
    expect(cards.first).to_be_visible()
    assert cards.count() == 7  # the hand dealt to Ada, drawn as she saw it
    # Not clickable, yet not faded: every card and everything on it at opacity 1.
    faded = page.evaluate(
        """() => [...document.querySelectorAll("#board button.uno-card")]
            .flatMap((card) => [card, ...card.querySelectorAll("*")])
            .map((node) => getComputedStyle(node).opacity).filter((value) => value !== "1")"""
    )
    assert faded == []
    assert page.locator("#board button.uno-card:not([disabled])").count() == 0
    _assert_readable(page, "body")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    _assert_readable(page, "body")


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("coloretto", 3),
        ("da_vinci_code", 2),
        ("elements", 3),
        ("manhattan", 2),
        ("master_of_rules", 3),
        ("monopoly_deal", 2),
        ("monster_tcg", 2),
        ("poison", 3),
        ("sequence_numbers", 2),
        ("werewolf", 5),
    ],
)
def test_every_game_is_readable_in_the_dark(
    browser: Browser, base_url: str, game: str, players: int
) -> None:
    page = _page(browser, base_url, "dark")
    open_table_with_bots(page, game=game, players=players)
    expect(page.locator("#table")).not_to_have_attribute("data-v", "")
    expect(page.locator("#board > *").first).to_be_visible()
    _assert_readable(page)
    page.evaluate("document.documentElement.dataset.theme = 'light'")
    _assert_readable(page)


@pytest.mark.parametrize(
    ("game", "fixture"),
    [
        *[("monster_tcg", name) for name in ("setup", "deck", "play", "promote", "end")],
        ("werewolf", "day"),
        ("werewolf", "big"),
    ],
)
def test_fixed_frames_are_readable_in_the_dark(
    browser: Browser, base_url: str, game: str, fixture: str
) -> None:
    """The frames made by hand for the renderers' unit tests (tests/js/fixtures): states a
    game started with bots does not reach at once (attacks with missing energy, a day's vote)."""
    page = _page(browser, base_url, "dark")
    page.goto("/")
    frames = json.loads((_FIXTURES / game / f"{fixture}.json").read_text())["frames"]
    names = [f"Player {seat + 1}" for seat in range(18)]
    for name, frame in frames.items():
        render_state(page, game, frame, names)
        found: list[str] = page.evaluate(_CONTRAST, "main")
        assert found == [], f"{name}: " + "\n".join(found)


def test_the_lobby_and_verify_pages_are_readable_in_the_dark(
    browser: Browser, base_url: str
) -> None:
    page = _page(browser, base_url, "dark")
    page.goto("/")
    sign_in(page, "Ada")
    page.select_option("#game", "coloretto")
    page.click("#create")
    page.wait_for_url("**/lobby/*")
    expect(page.locator("button[data-add-bot]").first).to_be_visible()
    _assert_readable(page, "body")
    page.goto("/verify")
    expect(page.locator("#record-file")).to_be_attached()
    _assert_readable(page, "body")
