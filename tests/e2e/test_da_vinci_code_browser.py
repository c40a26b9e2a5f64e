"""One person and a bot play Da Vinci Code in the browser: one guess round, then to the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    open_table_with_bots,
    play_to_the_end,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
)

pytestmark = pytest.mark.browser

_ENABLED_ACTION = "button[data-action]:not([disabled])"
_ENABLED_TILE = "button[data-tile]:not([disabled])"
_STOP = "#board button.dvc-stop:not([disabled])"
_SLOT = "#board button.dvc-slot:not([disabled])"
_GUESS_LINES = ".dvc-guesses li"


def _open_table_with_a_bot(page: Page, *, jokers: bool = False) -> None:
    """Sign in, create a 2-player Da Vinci Code table, seat a bot and start."""
    options = {"jokers": "on", "opening": "random"} if jokers else None
    open_table_with_bots(page, game="da_vinci_code", players=2, options=options)


def _guess_first_tile(page: Page) -> None:
    """Pick the first opponent tile that may be guessed, then the first number on the pad."""
    page.locator(_ENABLED_TILE).first.click()
    pad = page.locator("#number-pad")
    expect(pad).to_be_visible()
    pad.locator(_ENABLED_ACTION).first.click()


def _stop(page: Page) -> None:
    """Stop after a correct guess: a numbered tile goes to its sorted place at once; a joker's
    "Stop and hide my joker" opens the places between the row's tiles, and the first is taken."""
    stop = page.locator(_STOP)
    hides_joker = stop.get_attribute("data-action") is None
    stop.click()
    if hides_joker:
        slot = page.locator(_SLOT).first
        expect(slot).to_have_attribute("data-action", re.compile(r'"type":\s*"stop"'))
        slot.click()


def _play_one_move(page: Page) -> None:
    """One legal move through the board: stop when offered, else the first enabled action
    (draw, reveal, place the joker), else a guess on the first tile with the first number."""
    version = table_state(page)["v"]
    stop = page.locator(_STOP)
    actions = page.locator(f"#board {_ENABLED_ACTION}")
    if stop.count():
        _stop(page)
    elif actions.count():
        actions.first.click()
    else:
        _guess_first_tile(page)
    wait_for_new_state(page, version)


def _play_to_the_end(page: Page) -> None:
    # At most 26 tiles are revealed, at least one per turn.
    play_to_the_end(page, _play_one_move, limit=300)


def _check_the_end_and_the_record(page: Page) -> None:
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("wins")
    expect(outcome).to_contain_text("Ada")
    expect(outcome.locator(".dvc-tile").first).to_be_visible()  # every row, as the end shows it
    verify_from_the_outcome(page)


def test_a_guess_round_with_a_bot_then_the_whole_match(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    _open_table_with_a_bot(page)

    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1", "the bot ended the match in its first turn"

    # Draw: one of the two draw buttons (black or white).
    draw = page.locator("#board button[data-action*='\"draw\"']:not([disabled])")
    expect(draw.first).to_contain_text(re.compile(r"Draw (black|white) \(\d+\)"))
    draw.first.click()
    wait_for_new_state(page, state["v"])
    expect(page.locator(".dvc-drawn")).to_be_visible()  # Ada sees her new tile

    # Guess: pick the bot's tile, then a number on the pad.
    earlier = page.locator(_GUESS_LINES).count()
    tile = page.locator(_ENABLED_TILE).first
    target = tile.get_attribute("data-target")
    assert target is not None and target != table_state(page)["you"]
    tile.click()
    expect(tile).to_have_attribute("aria-pressed", "true")
    number = page.locator(f"#number-pad {_ENABLED_ACTION}").first
    expect(number).to_have_attribute("data-action", re.compile(r'"type":\s*"guess"'))
    before_guess = table_state(page)["v"]
    number.click()
    wait_for_new_state(page, before_guess)

    # The result is in the guess history and in the log, worded "correct" or "wrong".
    mine = page.locator(_GUESS_LINES).nth(earlier)
    expect(mine).to_contain_text("Ada guessed")
    expect(mine).to_contain_text(re.compile(r"\b(correct|wrong)\b"))
    logged = page.locator("#log li.log-guessed", has_text="Ada guessed").first
    expect(logged).to_contain_text(re.compile(r"\b(correct|wrong)\b"))
    if "correct" in (mine.text_content() or ""):
        expect(page.locator("#board")).to_contain_text("Correct!")
        version = table_state(page)["v"]
        _stop(page)
        wait_for_new_state(page, version)

    _play_to_the_end(page)
    _check_the_end_and_the_record(page)


def test_jokers_and_a_random_opening_play_to_the_end(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    _open_table_with_a_bot(page, jokers=True)

    state = wait_for_my_turn_or_the_end(page)
    assert state["myturn"] == "1"
    page.locator(f"#board {_ENABLED_ACTION}").first.click()  # draw
    wait_for_new_state(page, state["v"])
    page.locator(_ENABLED_TILE).first.click()
    expect(page.locator("#number-pad")).to_contain_text("Joker")  # jokers may be guessed

    _play_to_the_end(page)
    _check_the_end_and_the_record(page)
