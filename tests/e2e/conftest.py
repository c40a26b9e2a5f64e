"""Browser fixtures: Parlor served by uvicorn in a thread, and the system Chromium."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, sync_playwright

from app.config import Settings
from app.main import create_app

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


class _Server(uvicorn.Server):
    """A uvicorn server that says when it is ready to accept connections."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.ready.set()


@pytest.fixture(scope="session")
def base_url(settings: Settings) -> Iterator[str]:
    """The URL of a live Parlor on a free local port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    server = _Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    assert server.ready.wait(timeout=30), "the server did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


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
    context.set_default_timeout(20_000)
    return context.new_page()
