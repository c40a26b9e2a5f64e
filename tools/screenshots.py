"""Screenshots of every game's table, at 1280x800 and 390x844, for docs/screenshots/.

Run by hand (not part of the test suite), from the repository with the dev environment:

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--games uno,coloretto]
        [--locale zh-Hans]   # pictures named <game>-<viewport>-<locale>.png

It serves Parlor on a throwaway SQLite database in a temporary folder, and for each game has
Ada open a table, fill the other seats with bots, start, play a few moves (the first move her
page offers) and photograph the table as she sees it: her own seat's view, as any player's
browser receives it, so no hidden card is in a picture. The deal is seeded from the game's name,
so the pictures change only when the game or its look does. Needs the system Chromium
(``apt-get install chromium``), as the browser tests do.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import secrets
import socket
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.db import migrate  # noqa: E402
from app.i18n import LOCALES  # noqa: E402
from app.main import create_app  # noqa: E402
from app.matches import service as match_service  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
PLAYERS = {
    "coloretto": 4,
    "da_vinci_code": 3,
    "elements": 4,
    "forehead_words": 6,
    "manhattan": 3,
    "master_of_rules": 4,
    "monopoly_deal": 3,
    "monster_tcg": 2,
    "poison": 4,
    "sequence_numbers": 2,
    "tong_its": 3,
    "uno": 4,
    "werewolf": 7,
}
"""Each game at a common table size."""
MOVES = 3
"""Ada's moves before the picture: a few in, so the board is not the bare deal."""
STEPS = 4
"""Clicks one move may take (a card, then a place for it)."""
STEP_MS = 2_000
WAIT_MS = 15_000

# A state is drawn. (Not "whose turn": Werewolf keeps even that secret at night.)
_SETTLED = """() => {
    const t = document.querySelector('#table');
    return t !== null && t.dataset.v !== '';
}"""
_MY_TURN_OR_END = """() => {
    const t = document.querySelector('#table');
    return t.dataset.v !== '' && (t.dataset.myturn === '1' || t.dataset.over === '1');
}"""


class _SeededSecrets:
    """``secrets`` for the match service with the seed and the first seat drawn from a fixed
    string: the same game gives the same deal each run (every other use passes through)."""

    def __init__(self) -> None:
        self.name = "screenshots"

    def token_bytes(self, count: int) -> bytes:
        return hashlib.sha256(self.name.encode()).digest()[:count]

    def randbelow(self, bound: int) -> int:
        """Who starts, from the same string."""
        return int.from_bytes(self.token_bytes(8), "big") % bound

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


class _Server(uvicorn.Server):
    """A uvicorn server that says when it accepts connections."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.ready.set()


def _serve(data_dir: Path) -> tuple[str, _Server]:
    settings = Settings(
        data_dir=data_dir,
        bot_delay=0,
        bot_think_ms=20,
        secret_key="screenshots-" + "x" * 32,
    )
    migrate(settings)
    app = create_app(settings)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = _Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True).start()
    if not server.ready.wait(timeout=30):
        raise SystemExit("the server did not start")
    return f"http://127.0.0.1:{port}", server


def _start_match(page: Page, game: str) -> int:
    """Ada's table for ``game`` with bots in every other seat, started; the match id."""
    lobby = page.request.post("/api/lobbies", data={"game": game, "players": PLAYERS[game]})
    lobby_id = lobby.json()["id"]
    page.request.post(f"/api/lobbies/{lobby_id}/bots", data={"fill": True})
    started = page.request.post(f"/api/lobbies/{lobby_id}/start").json()
    match_id: int = started["match_id"]
    return match_id


def _play_a_few_moves(page: Page) -> None:
    """Ada's first offered move, a few times; a move made of steps (a card, then where it
    goes) takes a few clicks. A game whose move needs more (a count, a phase's clock) is
    photographed where it stands."""
    for _ in range(MOVES):
        try:
            page.wait_for_function(_MY_TURN_OR_END, timeout=WAIT_MS)
        except Exception:
            return
        table = page.locator("#table")
        if table.get_attribute("data-over") == "1":
            return
        version = table.get_attribute("data-v")
        for _step in range(STEPS):
            offered = page.locator("#board button[data-action]:not([disabled])")
            if offered.count() == 0:
                return
            offered.first.click()
            try:
                page.wait_for_function(
                    "v => document.querySelector('#table').dataset.v !== v",
                    arg=version,
                    timeout=STEP_MS,
                )
                break
            except Exception:
                continue  # a step of the move, drawn on the page only: the next one
        else:
            return


def _photograph(
    browser: Browser, base_url: str, game: str, out: Path, locale: str = "en"
) -> list[Path]:
    width, height = VIEWPORTS["desktop"]
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        reduced_motion="reduce",  # no card caught halfway along its path
        color_scheme="light",
    )
    # The language the header's switcher would have chosen (app/i18n.py: the lang cookie).
    context.add_cookies([{"name": "lang", "value": locale, "url": base_url}])
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.goto("/")
    page.fill("#name", "Ada")
    page.click("#sign-in")
    page.locator("#create").wait_for()
    match_id = _start_match(page, game)
    page.goto(f"/match/{match_id}")
    try:
        page.wait_for_function(_SETTLED)
    except Exception:
        # A table that never draws a state would give a picture of "Loading…": say so instead.
        print(f"{game}: the table drew no state; no picture", file=sys.stderr)
        context.close()
        return []
    _play_a_few_moves(page)
    saved = []
    for name, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_function(_SETTLED)
        path = out / (f"{game}-{name}.png" if locale == "en" else f"{game}-{name}-{locale}.png")
        page.screenshot(path=str(path))  # the viewport only: what the first screen shows
        saved.append(path)
    context.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--games", default=",".join(PLAYERS), help="comma-separated slugs")
    parser.add_argument("--locale", default="en", choices=LOCALES, help="the pages' language")
    args = parser.parse_args()
    games = [game for game in args.games.split(",") if game]
    unknown = sorted(set(games) - set(PLAYERS))
    if unknown:
        raise SystemExit(f"no such game: {', '.join(unknown)}")
    args.out.mkdir(parents=True, exist_ok=True)
    seeded = _SeededSecrets()
    setattr(match_service, "secrets", seeded)  # noqa: B010 (the module does not export it)
    with tempfile.TemporaryDirectory() as data_dir:
        base_url, server = _serve(Path(data_dir))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in games:
                seeded.name = f"screenshots {game}"
                for path in _photograph(browser, base_url, game, args.out, args.locale):
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
            browser.close()
        server.should_exit = True


if __name__ == "__main__":
    main()
