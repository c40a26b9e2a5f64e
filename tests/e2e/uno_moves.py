"""The UNO table's controls as the browser tests find them, and one move a simple player
makes (static/js/games/uno.js: a playable coloured card carries its action, a black card is
picked first and played from the colour picker)."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.e2e.helpers import table_state, wait_for_new_state

CARD = ".uno-hand button[data-action]:not([disabled])"
WILD = ".uno-hand button[data-wild]:not([disabled])"
PICK = ".uno-picker button[data-action]:not([disabled])"
CALL = "button.uno-call[data-action]:not([disabled])"
CATCH = "button.uno-catch[data-action]:not([disabled])"
MOVE = "#board button[data-action]:not([disabled]):not(.uno-catch)"


def play_one_move(page: Page) -> str:
    """Say UNO! when the button is there, else play the first playable card (a wild with the
    first colour offered), else the first other move (draw, keep, take the cards); never a
    catch. The identity (``data-flip``) of the card played, or "" when none was."""
    version = table_state(page)["v"]
    played = ""
    if page.locator(CALL).count():
        # "UNO!" is offered only down to one card, or with two cards just before playing one
        # (the hand's title ends in its size, in brackets of the page's language).
        held = page.locator(".uno-mine-title").inner_text()
        assert re.search(r"[(（][12][)）]", held), held
        page.locator(CALL).click()
    elif page.locator(CARD).count():
        played = str(page.locator(CARD).first.get_attribute("data-flip"))
        page.locator(CARD).first.click()
    elif page.locator(WILD).count():
        played = str(page.locator(WILD).first.get_attribute("data-flip"))
        page.locator(WILD).first.click()
        page.locator(PICK).first.click()
    else:
        page.locator(MOVE).first.click()
    wait_for_new_state(page, version)
    return played
