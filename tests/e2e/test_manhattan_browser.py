"""Manhattan in the browser on a phone-sized screen: the round's pieces chosen with the control,
then a card, a lit site and a piece; the building shows on the board from the player's side and
in the log; a match with bots to the end and its record verified; the six-round variant set on
the create form. The orientation is checked from the west side with the table's renderer drawing
states from the rules."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.rules.manhattan import apply, board_site, legal_actions, log, new_game, to_act, view
from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    no_sideways_scrolling,
    open_table_with_bots,
    play_to_the_end,
    render_state,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
    watch_for_refusals,
)

pytestmark = pytest.mark.browser

_TABLE_PARTS = (".mh-board",)
"""The parts of the table that must fit the screen's width."""

_CHOOSER = ".mh-choose"
_MORE = ".mh-choose button[data-more]:not([disabled])"
_TAKE = ".mh-choose button.mh-choose-send"
_PLAYABLE_CARD = ".mh-hand button[data-card][data-playable='1']"
_LIT_SITE = ".mh-board button.mh-site"
_HEIGHT = ".mh-build button[data-action]:not([disabled])"
_DISCARD = ".mh-pieces-row button.mh-discard:not([disabled])"
_SCREENSHOTS = "/tmp/manhattan_4_players_phone"


def _choose_pieces(page: Page) -> None:
    """Count out the round's pieces with "+" (the first height that still takes one), then take
    them."""
    more = page.locator(_MORE)
    while more.count():
        more.first.click()
    page.locator(_TAKE).click()


def _build(page: Page) -> dict[str, Any]:
    """The first playable card on its first lit site, with the first piece that may go there
    (or, when no build is possible, the first card played to set the first piece aside)."""
    discard = page.locator(".mh-turn", has_text="No build is possible")
    card = page.locator(_PLAYABLE_CARD).first
    card.click()
    if discard.count():
        button = page.locator(_DISCARD).first
    else:
        site = page.locator(_LIT_SITE).first
        if site.get_attribute("data-action") is None:  # several pieces may go there: choose one
            site.click()
            button = page.locator(_HEIGHT).first
        else:
            button = site
    action: dict[str, Any] = json.loads(button.get_attribute("data-action") or "{}")
    button.click()
    return action


def _play_one_move(page: Page) -> None:
    version = table_state(page)["v"]
    if page.locator(_CHOOSER).count():
        _choose_pieces(page)
    else:
        _build(page)
    wait_for_new_state(page, version)


def _play_to_the_end(page: Page) -> None:
    # 24 pieces each and a choice per round: 28 or 30 moves of Ada's, the bots' in between.
    play_to_the_end(page, _play_one_move, limit=400)


def test_the_first_turns_step_by_step_then_to_the_end_at_four(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url)  # 390 x 844, a phone
    refused = watch_for_refusals(page)  # stacks and score bars are sized through the CSSOM
    open_table_with_bots(page, game="manhattan", players=4)
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    board = page.locator("#board")
    expect(board.locator(".mh-site")).to_have_count(54)
    expect(board.locator(".mh-info")).to_contain_text("Round 1 of 4")
    expect(board.locator(".mh-player")).to_have_count(4)
    no_sideways_scrolling(page, _TABLE_PARTS)

    # Choose: only a full set of 6 within the supply may be taken; the choice is then public.
    chooser = page.locator(_CHOOSER)
    expect(chooser).to_contain_text("choose this round's 6 pieces")
    take = page.locator(_TAKE)
    expect(take).to_be_disabled()
    for height, count in ((1, 3), (2, 2), (4, 1)):
        for _ in range(count):
            chooser.locator(f"button[data-more='{height}']").click()
    expect(chooser.locator(".mh-choose-total")).to_have_text("6 of 6 chosen")
    expect(chooser.locator("button[data-more]:not([disabled])")).to_have_count(0)
    expect(take).to_be_enabled()
    assert json.loads(take.get_attribute("data-action") or "{}") == {
        "type": "choose_pieces",
        "pieces": [3, 2, 0, 1],
    }
    take.click()
    expect(page.locator("#log li", has_text="Ada chose this round's pieces").first).to_be_visible()
    ada = board.locator(".mh-player[data-seat='0']")
    expect(ada).to_contain_text("Supply:")
    expect(ada.locator(".mh-player-pieces").first.locator(".mh-count")).to_have_text(
        ["1\u00d73", "2\u00d72", "4\u00d71"]
    )

    # Build: a card lights its site (the card's own cell, Ada reading from the south) in every
    # city that takes one of her pieces; then the site, then the piece.
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    expect(page.locator(_LIT_SITE)).to_have_count(0)
    card = page.locator(_PLAYABLE_CARD).first
    cell = card.get_attribute("data-cell")
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    lit = page.locator(_LIT_SITE)
    expect(lit.first).to_be_visible()
    assert 1 <= lit.count() <= 6
    for index in range(lit.count()):
        expect(lit.nth(index)).to_have_attribute("data-cell", cell or "")
    expect(lit.first).to_have_attribute("title", re.compile(r"^City \d, .*: (empty|.*building)"))
    # Looked at by hand: what the phone shows once a card is picked, then the whole page.
    page.screenshot(path=f"{_SCREENSHOTS}_picked.png")
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky strip at its place in a full page
    page.screenshot(path=f"{_SCREENSHOTS}_page.png", full_page=True)
    site = lit.first
    city = site.get_attribute("data-city")
    shown = site.locator(".mh-height")
    height_before = int(shown.text_content() or "0") if shown.count() else 0
    if site.get_attribute("data-action") is None:
        site.click()
        panel = page.locator(".mh-build")
        expect(panel).to_be_in_viewport()
        expect(panel).to_contain_text(re.compile(r"empty site|your building|you take it"))
        piece = page.locator(_HEIGHT).first
    else:
        piece = site
    action = json.loads(piece.get_attribute("data-action") or "{}")
    assert action["type"] == "build" and str(action["city"]) == city
    version = table_state(page)["v"]
    piece.click()
    wait_for_new_state(page, version)

    # The building at the card's cell of that city holds Ada's piece (in her colour and mark
    # unless a bot, building at once after her, took it since), and the log says so.
    built = board.locator(f".mh-city[data-city='{city}'] .mh-site[data-cell='{cell}']")
    expect(built.locator(".mh-stack .mh-storey.mh-seat-0").first).to_be_attached()
    height = int(built.locator(".mh-height").text_content() or "0")
    assert height >= height_before + action["storeys"]
    expect(built).to_have_attribute("aria-label", re.compile(r"Ada's building|\bA \d"))
    where = f"in city {int(city or '0') + 1}"
    expect(page.locator("#log li.log-built", has_text="Ada played").first).to_contain_text(where)
    drawn = page.locator("#log li.log-card_drawn", has_text="Ada drew a card (")
    expect(drawn.first).to_be_visible()  # her own draw: its cell for her eyes
    no_sideways_scrolling(page, _TABLE_PARTS)

    _play_to_the_end(page)
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text(re.compile(r"wins|share the win"))
    expect(outcome.locator(".mh-final-table th", has_text="R4")).to_have_count(1)
    expect(board.locator(".mh-scoring .mh-round").first).to_contain_text("Round 4")
    assert refused == []
    verify_from_the_outcome(page)


def test_six_rounds_of_four_from_the_create_form(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    open_table_with_bots(page, game="manhattan", players=2, options={"rounds": "6"})
    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    board = page.locator("#board")
    expect(board.locator(".mh-info")).to_contain_text("Round 1 of 6")
    expect(page.locator(_CHOOSER)).to_contain_text("choose this round's 4 pieces")
    expect(page.locator("#log li.log-game_started")).to_contain_text("6 rounds of 4 pieces")
    _play_to_the_end(page)
    outcome = page.locator("#outcome")
    expect(outcome.locator(".mh-final-table th", has_text="R6")).to_have_count(1)
    verify_from_the_outcome(page)


_NAMES = ["Ada", "Bo", "Cy"]


def _frame(state: Any, seat: int) -> dict[str, Any]:
    return {"view": view(state, seat), "legal": legal_actions(state, seat), "log": log(state, seat)}


def test_the_board_is_drawn_from_the_west_side(browser: Browser, base_url: str) -> None:
    """3 players: Bo (seat 1) sits on side 1, the west (Orientation). His board is turned: three
    rows of two cities, city 3 (0-based 2) at the far left; his card's cell is where he builds,
    and the same building is at another cell for Ada (side 0)."""
    state = new_game(players=3, seed=b"manhattan browser".ljust(32, b"."), options={})
    while state.phase == "choose":  # everyone takes 6 one-storey pieces
        (seat,) = to_act(state)
        state = apply(state, seat, {"type": "choose_pieces", "pieces": [6, 0, 0, 0]})
    while (seat := next(iter(to_act(state)))) != 1:  # the others build their first legal move
        state = apply(state, seat, legal_actions(state, seat)[0])
    page = new_page(browser, base_url)
    page.goto("/")
    render_state(page, "manhattan", _frame(state, 1), _NAMES)
    cities = page.locator(".mh-city")
    order = [cities.nth(place).get_attribute("data-city") for place in range(6)]
    assert order == ["2", "5", "1", "4", "0", "3"]  # the east cities (2, 5) are his far row
    no_sideways_scrolling(page, _TABLE_PARTS)

    card = page.locator("button[data-card]").first
    cell = int(card.get_attribute("data-cell") or "-1")
    card.click()
    site = page.locator(_LIT_SITE).first  # one height only (all his pieces are 1-storey)
    assert site.get_attribute("data-cell") == str(cell)
    assert site.get_attribute("data-site") == str(board_site(1, cell))
    site.click()
    sent = page.evaluate("() => window.sent")
    assert len(sent) == 1 and sent[0]["type"] == "build" and sent[0]["storeys"] == 1
    after = apply(state, 1, sent[0])
    city = sent[0]["city"]

    render_state(page, "manhattan", _frame(after, 1), _NAMES)
    mine = page.locator(f".mh-city[data-city='{city}'] .mh-site[data-cell='{cell}']")
    expect(mine).to_have_class(re.compile(r"\bmh-seat-1\b.*\bis-last\b"))
    render_state(
        page, "manhattan", _frame(after, 0), _NAMES
    )  # Ada's side: the same site, her own cell for it
    site_index = board_site(1, cell)
    theirs = page.locator(f".mh-city[data-city='{city}'] .mh-site[data-site='{site_index}']")
    expect(theirs).to_have_attribute("data-cell", str(site_index))  # from side 0: cell = site
    expect(theirs).to_have_class(re.compile(r"\bmh-seat-1\b"))
