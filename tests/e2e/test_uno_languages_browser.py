"""A UNO match against a bot played to the end in Japanese, and one in Hungarian (issue 26): the
page says its language, and what the UNO renderer writes (the turn hints, the status line, the
buttons, every log line and the final result) is the translation from locale/<lang>/uno.po, with
no English UNO sentence left. The page's chrome (the pages domain) is not asserted here."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, expect

from app.config import ROOT
from tests.e2e.conftest import WAIT_MS
from tests.e2e.helpers import (
    SETTLED,
    open_table_with_bots,
    table_state,
    wait_for_new_state,
)
from tests.e2e.uno_moves import play_one_move

pytestmark = pytest.mark.browser

_PARAMETER = re.compile(r"\\\{[A-Za-z_]+\\\}")


def _pattern(text: str) -> re.Pattern[str]:
    """A message as a regular expression: its parameters stand for any text."""
    return re.compile(_PARAMETER.sub(".+?", re.escape(text)), re.DOTALL)


@cache
def _messages(locale: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """UNO's messages in ``locale``: (the English forms, the translated forms) of each."""
    path = ROOT / "locale" / locale / "uno.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=locale.replace("-", "_"))
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)
        texts = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        found.append((tuple(map(str, ids)), tuple(str(text) for text in texts if text)))
    return tuple(found)


def _translated(locale: str, *english: str) -> list[re.Pattern[str]]:
    """The translations of the given English ids (all of UNO's messages if none is given)."""
    return [
        _pattern(text)
        for ids, texts in _messages(locale)
        if not english or ids[0] in english
        for text in texts
    ]


def _english(locale: str) -> list[re.Pattern[str]]:
    """UNO's English sentences that read as English (a word of three letters or more besides the
    parameters) and that the language writes otherwise."""
    patterns = []
    for ids, texts in _messages(locale):
        for english in ids:
            words = re.sub(r"\{[A-Za-z_]+\}", "", english)
            if english in texts or not re.search(r"[A-Za-z]{3,}", words):
                continue
            patterns.append(_pattern(english))
    return patterns


def _is_one_of(text: str, patterns: list[re.Pattern[str]]) -> bool:
    return any(pattern.fullmatch(text.strip()) for pattern in patterns)


def _check_my_turn(page: Page, locale: str) -> None:
    """On Ada's turn: the hint under the banner, the status line and the buttons that are not
    cards are UNO's messages in ``locale``."""
    catalog = _translated(locale)
    hint = page.locator("#banner .banner-hint")
    if hint.count():
        text = hint.first.inner_text()
        assert _is_one_of(text, catalog), f"turn hint not from uno.po ({locale}): {text!r}"
    status = page.locator(".uno-status").inner_text()
    assert _is_one_of(status, catalog), f"status not from uno.po ({locale}): {status!r}"
    buttons = page.locator(".uno-calls button, .uno-pile button, .uno-picker button")
    for label in buttons.all_inner_texts():
        assert _is_one_of(label, catalog), f"button not from uno.po ({locale}): {label!r}"


@pytest.mark.parametrize("locale", ["ja", "hu"])
def test_a_uno_match_in_another_language(browser: Browser, base_url: str, locale: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    context.set_default_timeout(WAIT_MS)
    context.add_cookies([{"name": "lang", "value": locale, "url": base_url}])
    page = context.new_page()
    open_table_with_bots(page, game="uno", players=2)
    assert page.locator("html").get_attribute("lang") == locale

    turns = 0
    for _ in range(600):
        page.wait_for_function(SETTLED)
        state = table_state(page)
        if state["over"] == "1":
            break
        if state["myturn"] == "1":
            if turns < 40:  # enough turns to see the hints, not every one of a long hand
                _check_my_turn(page, locale)
            turns += 1
            play_one_move(page)
        else:
            wait_for_new_state(page, state["v"])
    else:
        pytest.fail("the match did not end")

    # Every log line is a UNO sentence of the language, none is left in English.
    log = page.locator("#log li")
    expect(log.first).to_be_visible()
    lines = log.all_text_contents()
    catalog, english = _translated(locale), _english(locale)
    for line in lines:
        assert _is_one_of(line, catalog), f"log line not from uno.po ({locale}): {line!r}"
        assert not _is_one_of(line, english), f"English log line ({locale}): {line!r}"
    # The lines of each kind are the translations of that kind's sentences.
    kinds = {
        "hand_started": _translated(
            locale,
            "Hand {hand}: {dealer} deals 7 cards each; the first card is {card}.",
            "Hand {hand}: {dealer} deals 7 cards each; the first card is {card}. (A Wild Draw "
            "Four turned up went back into the pile.)",
        ),
        "played": _translated(
            locale,
            "{player} played {card}.",
            "{player} played {card}. One card left!",
            "{player} played {card} and named {colour}.",
            "{player} played {card} and named {colour}. One card left!",
        ),
        "hand_over": _translated(locale, "Hand {hand} is over. {summary}"),
    }
    for kind, patterns in kinds.items():
        texts = page.locator(f"#log li.log-{kind}").all_text_contents()
        assert texts, f"no {kind} line in the log"
        assert all(_is_one_of(text, patterns) for text in texts), (kind, texts)
    # A card drawn (or taken, or drawn as a penalty): the translated sentence of its reason; Ada's
    # own draws name the cards, in the language too.
    reason = re.compile(r"\{player\} (drew \{count\} card|took \{count\} card|draws \{count\} )")
    reasons = [ids[0] for ids, _ in _messages(locale) if reason.match(ids[0])]
    assert len(reasons) == 16, reasons
    drawn = _translated(locale, *reasons)
    for text in page.locator("#log li.log-drew").all_text_contents():
        assert _is_one_of(text, drawn), f"draw line not from uno.po ({locale}): {text!r}"
        assert not re.search(r"\b(Red|Yellow|Green|Blue|Wild|Skip|Reverse|Draw Two)\b", text), text

    # The final result: UNO's part of the panel is translated.
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    seed_scoring = _translated(
        locale,
        "Seed scoring: every loser pays the winner the value of their own hand (numbers at face "
        "value, actions 20, wild cards 50).",
    )
    assert _is_one_of(outcome.locator("p.muted").first.inner_text(), seed_scoring)
    expect(outcome).not_to_contain_text("Seed scoring")
    hands = outcome.locator(".uno-hands")
    if hands.count():
        hand_column = _translated(locale, "Hand")
        assert _is_one_of(hands.locator("thead th").first.inner_text(), hand_column)
        expect(outcome.locator(".uno-hands-title")).not_to_contain_text("Hand by hand")
        expect(hands).not_to_contain_text("out +")
    context.close()
