"""Steps the browser tests share: sign in, read the table's test hooks, wait for a new state."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

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
