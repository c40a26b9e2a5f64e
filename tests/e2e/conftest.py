"""Browser fixtures: the system Chromium (the live server is ``base_url`` in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


WAIT_MS = 20_000
"""How long a step or an ``expect`` waits for the page at most. Playwright's ``expect`` waits
5 s by default, which a loaded CI machine (two cores, a browser and the server) overruns; a
passing test waits no longer for it."""
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """The system Chromium (Playwright's own browser download is not used)."""
    assert CHROMIUM.exists(), "install Chromium: apt-get install -y chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def new_page(browser: Browser, base_url: str) -> Any:
    """A page in a fresh browser context (its own cookies: another person)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


@pytest.fixture(autouse=True)
def _close_pages(browser: Browser) -> Iterator[None]:
    """Close every page a test opened once it ends: a table left open keeps its socket, its
    clock and its animations running in the shared browser (and the server's bots playing),
    which slowed every later test of a run."""
    yield
    for context in browser.contexts:
        context.close()
