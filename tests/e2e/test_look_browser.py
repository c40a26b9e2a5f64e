"""How the table looks (issue 25): dark mode follows the system unless ``<html data-theme>``
forces a theme, every text on a game's pieces and table keeps a WCAG contrast of 4.5:1 (3:1 for
large text) in the dark, and a replay draws its cards at full contrast although none can be
clicked."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import WAIT_MS
from tests.e2e.helpers import open_table_with_bots, watch_for_refusals

pytestmark = pytest.mark.browser

# Relative luminance and contrast after WCAG 2.1 (1.4.3 and the definitions of "relative
# luminance" and "contrast ratio"): text is measured against the colours under it. Text in a
# disabled control or faded on purpose (opacity below 1) is exempt, as WCAG exempts inactive
# controls; words for screen readers only (1 px, clipped) are skipped.
_CONTRAST = """(root) => {
    const channels = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
    const linear = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    const ratio = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
    };
    // The colours under the text, nearest first, down to the first opaque one, then laid over
    // each other (alpha compositing).
    const background = (node) => {
        const layers = [];
        const add = (colour) => {
            if (colour.length < 3 || colour[3] === 0) return false;
            layers.push(colour.length === 3 ? [...colour, 1] : colour);
            return layers[layers.length - 1][3] >= 0.99;
        };
        // An overlay (a ::before, or an absolutely placed sibling such as the chip under a
        // space's number) is under the text only if it covers the middle of the text's box: a
        // colour band along a card's top edge is not under the words below it.
        const box = node.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        const inside = (left, top, width, height) => x >= left && x <= left + width && y >= top && y <= top + height;
        const coversBefore = (at, before) => {
            const outer = at.getBoundingClientRect();
            return inside(outer.left + parseFloat(before.left), outer.top + parseFloat(before.top),
                parseFloat(before.width), parseFloat(before.height));
        };
        let done = false;
        for (let at = node; at && !done; at = at.parentElement) {
            const before = getComputedStyle(at, "::before");
            if (before.content !== "none" && before.position === "absolute" && coversBefore(at, before)) {
                done = add(channels(before.backgroundColor));
            }
            if (!done) done = add(channels(getComputedStyle(at).backgroundColor));
            const siblings = at.parentElement ? [...at.parentElement.children].filter((other) => other !== at) : [];
            for (const sibling of siblings) {
                if (done) break;
                const style = getComputedStyle(sibling);
                const area = sibling.getBoundingClientRect();
                if (style.position === "absolute" && inside(area.left, area.top, area.width, area.height)) {
                    done = add(channels(style.backgroundColor));
                }
            }
        }
        if (!done) layers.push([255, 255, 255, 1]);
        let [r, g, b] = layers.pop();
        for (const [lr, lg, lb, la] of layers.reverse()) {
            [r, g, b] = [lr * la + r * (1 - la), lg * la + g * (1 - la), lb * la + b * (1 - la)];
        }
        return [r, g, b];
    };
    const exempt = (node) => {
        for (let at = node; at; at = at.parentElement) {
            if (Number(getComputedStyle(at).opacity) < 1 || at.matches(":disabled")) return true;
        }
        return false;
    };
    const found = [];
    for (const node of document.querySelectorAll(root)) {
        for (const element of [node, ...node.querySelectorAll("*")]) {
            const own = [...element.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
            if (!own) continue;
            const box = element.getBoundingClientRect();
            if (box.width <= 1 || box.height <= 1 || exempt(element)) continue;
            const style = getComputedStyle(element);
            if (style.visibility === "hidden") continue;
            const size = parseFloat(style.fontSize);
            const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
            const measured = ratio(channels(style.color).slice(0, 3), background(element));
            if (measured < (large ? 3 : 4.5)) {
                found.push(`${element.parentElement.className} > ${element.className || element.tagName}: "${element.textContent.trim().slice(0, 24)}" ${measured.toFixed(2)}`);
            }
        }
    }
    return found;
}"""

_BACKGROUND_LUMINANCE = """() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g) || []).map(Number);
    const linear = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}"""


def _page(browser: Browser, base_url: str, scheme: Any) -> Page:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, color_scheme=scheme
    )
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def _assert_readable(page: Page) -> None:
    found: list[str] = page.evaluate(_CONTRAST, "#board, .table-status")
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
    assert refusals == []  # the art is built with DOM calls and classes: nothing inline


def test_data_theme_dark_forces_dark_on_a_light_system(browser: Browser, base_url: str) -> None:
    page = _page(browser, base_url, "light")
    page.goto("/")
    assert page.evaluate(_BACKGROUND_LUMINANCE) > 0.8
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    assert page.evaluate(_BACKGROUND_LUMINANCE) < 0.03
    text = page.evaluate("getComputedStyle(document.body).color")
    assert text != "rgb(29, 33, 39)"  # the light theme's ink would vanish on the dark page


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


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("coloretto", 3), ("da_vinci_code", 2), ("elements", 3), ("manhattan", 2),
        ("master_of_rules", 3), ("monopoly_deal", 2), ("monster_tcg", 2), ("poison", 3),
        ("sequence_numbers", 2), ("werewolf", 5),
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
