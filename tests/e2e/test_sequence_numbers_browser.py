"""One person and a bot play Sequence Numbers in the browser on a phone-sized screen: picking a
card lights up its spaces, then the match is played to the end and its record verified. The
choice of which five form a sequence (4-6 players) is played on the table's renderer with a
hand-written state from the rules."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.rules.sequence_numbers import apply, legal_actions, log, new_game, view
from app.rules.sequence_numbers.lines import WINDOW_AT
from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    open_table_with_bots,
    play_to_the_end,
    render_state,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser

_PLAYABLE_CARD = "button[data-card][data-playable='1']"
_LIT_SPACE = ".sn-board button[data-action]:not([disabled]), .sn-board button[data-choose]"
_HAND_ACTION = ".sn-hand button[data-action]:not([disabled])"  # exchange a dead card, or pass


def _open_table_with_a_bot(page: Page) -> None:
    """Sign in, create a 2-player Sequence Numbers table, seat a bot and start."""
    open_table_with_bots(page, game="sequence_numbers", players=2)


def _answer(card: str) -> int | None:
    """The answer of an equation card ("12+12", "15-3"); None for Plus and Minus."""
    match = re.fullmatch(r"(\d+)([+-])(\d+)", card)
    if match is None:
        return None
    left, right = int(match[1]), int(match[3])
    return left + right if match[2] == "+" else left - right


def _play_one_move(page: Page) -> None:
    """Exchange a dead card or pass when that is offered, else the first playable card on its
    first lit space (declaring the first five offered when the sequence is to be chosen)."""
    version = table_state(page)["v"]
    special = page.locator(_HAND_ACTION)
    if special.count():
        special.first.click()
    else:
        page.locator(_PLAYABLE_CARD).first.click()
        page.locator(_LIT_SPACE).first.click()
        declare = page.locator(".sn-choose button.sn-declare")
        if declare.count():
            declare.click()
    wait_for_new_state(page, version)


def _play_to_the_end(page: Page) -> None:
    play_to_the_end(page, _play_one_move, limit=300)  # at most 96 chips and a few passes each


def test_pick_a_card_then_a_lit_space_and_play_to_the_end(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)  # 390px wide
    _open_table_with_a_bot(page)
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1", "the bot ended the match in its first turn"

    # The 10x10 board fits the phone's width: no sideways scrolling.
    expect(page.locator(".sn-board .sn-cell")).to_have_count(100)
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth,"
        " document.querySelector('.sn-board').getBoundingClientRect().right]"
    )
    assert widths[0] <= widths[1] and widths[2] <= widths[1]

    # Five cards in hand (rules/sequence-numbers.md: 5 each with 2 players), shown as equations,
    # a repeated card once with its count; nothing lit before a card is picked.
    counts = page.locator(".sn-hand button[data-card]").evaluate_all(
        "buttons => buttons.map(b => Number(b.dataset.count))"
    )
    assert sum(counts) == 5 and all(count >= 1 for count in counts)
    expect(page.locator(_LIT_SPACE)).to_have_count(0)
    card_button = page.locator(_PLAYABLE_CARD).first
    card = card_button.get_attribute("data-card")
    assert card is not None
    card_button.click()
    expect(card_button).to_have_attribute("aria-pressed", "true")
    lit = page.locator(_LIT_SPACE)
    expect(lit.first).to_be_visible()
    answer = _answer(card)
    for index in range(lit.count()):
        action = json.loads(lit.nth(index).get_attribute("data-action") or "{}")
        if card == "minus":
            assert action["type"] == "remove"
        else:
            assert action["type"] == "place" and action["card"] == card
        if answer is not None:  # an equation goes only on a space showing its answer
            assert lit.nth(index).locator(".sn-num").text_content() == str(answer)

    # Place the chip: the move is logged and a chip of Ada's colour lies on that space.
    target = lit.first
    action = json.loads(target.get_attribute("data-action") or "{}")
    target.click()
    wait_for_new_state(page, state["v"])
    expect(page.locator("#log li", has_text="Ada played").first).to_be_visible()
    if action["type"] == "place":
        cell = page.locator(".sn-board .sn-cell").nth(action["row"] * 10 + action["col"])
        expect(cell.locator(".sn-chip--blue, .sn-chip--green")).to_have_count(1)

    _play_to_the_end(page)
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text(re.compile(r"wins|draw"))
    expect(outcome.locator(".sn-team")).to_have_count(2)
    verify_from_the_outcome(page)


def _run_of_six() -> Any:
    """rules/sequence-numbers.md, Sequences and winning, [SEED-SILENT]: 4 players, blue (Ada,
    seat 0) holds row 3 at columns 1, 2, 4, 5 and 7-9 (0-based 0, 1, 3, 4, 6-8) and 12 + 12,
    whose answer 24 is printed at row 3, column 6: a chip there makes a run of six, and Ada
    chooses which five form the sequence (columns 5-9 keep 1-5 free for a second one)."""
    state = new_game(players=4, seed=b"sequence numbers browser".ljust(32, b"."), options={})
    chips: list[int | None] = [None] * 100
    for col in (0, 1, 3, 4, 6, 7, 8):
        chips[20 + col] = 0
    filler = ("5+5", "6+6", "7+7")
    hands = (("12+12", *filler), filler + ("8+8",), filler + ("8+8",), filler + ("8+8",))
    return replace(state, chips=tuple(chips), hands=hands, turn=0)


def test_choose_which_five_form_the_sequence_on_a_phone(browser: Browser, base_url: str) -> None:
    """After picking the space, the player picks which five: each way is shown on the board,
    and "Place and declare" sends the placement with the chosen five, which the rules accept."""
    state = _run_of_six()
    page = new_page(browser, base_url)  # 390px wide
    page.goto("/")
    frame = {"view": view(state, 0), "legal": legal_actions(state, 0), "log": log(state, 0)}
    render_state(page, "sequence_numbers", frame, ["Ada", "Bo", "Cy", "Di"])
    page.locator("button[data-card='12+12']").click()
    choose = page.locator(".sn-board button[data-choose='2,5']")
    expect(choose).to_be_visible()
    # The other space showing 24 completes nothing: it places at once.
    expect(page.locator(".sn-board button[data-action]:not([disabled])")).to_have_count(1)
    expect(page.locator(".sn-choose")).to_have_count(0)
    choose.click()
    chooser = page.locator(".sn-choose")
    expect(chooser).to_be_in_viewport()
    ways = chooser.locator("button[data-way]")
    expect(ways).to_have_text(["Row 3, columns 4\u20138", "Row 3, columns 5\u20139"])
    expect(ways.first).to_have_attribute("aria-pressed", "true")
    outlined = page.locator(".sn-board .sn-cell.is-declared")
    cells = page.locator(".sn-board .sn-cell")
    expect(outlined).to_have_count(5)
    expect(cells.nth(23)).to_have_class(re.compile(r"\bis-declared\b"))
    ways.nth(1).click()
    expect(ways.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(cells.nth(23)).not_to_have_class(re.compile(r"\bis-declared\b"))
    expect(cells.nth(28)).to_have_class(re.compile(r"\bis-declared\b"))
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1]  # no sideways scrolling on the phone

    chooser.locator("button.sn-declare").click()
    sent = page.evaluate("() => window.sent")
    assert sent == [
        {"type": "place", "card": "12+12", "row": 2, "col": 5,
         "declare": [[[2, col] for col in range(4, 9)]]}
    ]  # fmt: skip
    after = apply(state, 0, sent[0])
    assert after.sequences == ((0, WINDOW_AT[tuple((2, col) for col in range(4, 9))]),)
