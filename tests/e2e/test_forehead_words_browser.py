"""Forehead words in the browser on phone-sized screens (390 px).

Two people and two bots, two on each side (Ada and a bot against Bo and a bot): each sees every
word but their own ("?"); a line that would give away Bo's word is refused and shown to Ada
alone, while her next line, her emote and her right guess reach the table; she eliminates Bo,
whose word is revealed to him, who may then talk in the channel of the eliminated; the match
ends (the bots or the clock) and its record verifies. Then a table opened from the create form
(themes, time limit) with Ada and three bots, where Ada guesses wrong and is out (unless the
bots, a whole team of them, ended the match first). Then ten
players drawn from the rules' own states, a call being voted on, fitting the screen.

The bots chat as fast as the server's pacing lets them, and may put themselves (or, after a
right guess, a person) out before the pages show anything: each step is taken while its
players are still in, and the end is reached whatever the bots did.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, TimeoutError as PlaywrightTimeoutError, expect

from app.rules.forehead_words import apply, legal_actions, log, new_game, view
from app.rules.forehead_words.words import Word, says
from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    create_table,
    no_sideways_scrolling,
    open_table_with_bots,
    render_state,
    start_with_a_friend,
    verify_from_the_outcome,
    watch_for_refusals,
)

pytestmark = pytest.mark.browser

_TABLE_PARTS = (".fw-head", ".fw-side", ".fw-feed", ".fw-bar", ".fw-say", ".fw-guess")
"""The parts of the table that must fit the screen's width."""
_SCREENSHOTS = "/tmp/forehead_words_phone"
_END = 120_000
"""How long the end may take, in ms: the bots, or the one-minute clock."""


def _frame(page: Page) -> dict[str, Any]:
    """What the server shows this page's player now (their own view, through their cookie)."""
    match_id = page.url.split("/match/")[1].split("?")[0]
    frame: dict[str, Any] = page.request.get(f"/api/matches/{match_id}").json()
    return frame


def _on(frame: dict[str, Any], *seats: int) -> bool:
    """The match runs and every one of ``seats`` is still in."""
    return frame["outcome"] is None and all(frame["view"]["alive"][seat] for seat in seats)


def _word(card: dict[str, Any]) -> Word:
    return Word(**card)


def _add_bot(page: Page, lobby_id: int, seat: int) -> None:
    page.evaluate(
        """async ({ id, seat }) => { await fetch(`/api/lobbies/${id}/bots`, {method: "POST",
            headers: {"Content-Type": "application/json"}, body: JSON.stringify({ seat })}); }""",
        {"id": lobby_id, "seat": seat},
    )


def _wait_for_the_end(page: Page) -> None:
    over = "() => document.querySelector('#table').dataset.over === '1'"
    page.wait_for_function(over, timeout=_END)
    expect(page.locator("#outcome")).to_be_visible()


def test_two_people_and_two_bots_to_the_end(browser: Browser, base_url: str) -> None:
    ada = new_page(browser, base_url)
    refused = watch_for_refusals(ada)
    ada.goto("/")
    ada.fill("#name", "Ada")
    ada.click("#sign-in")
    expect(ada.locator("#create")).to_be_visible()
    lobby = create_table(
        ada, bot_seat=2, game="forehead_words", players=4, options={"time_limit": 60}
    )
    _add_bot(ada, lobby["id"], 3)
    bo = start_with_a_friend(ada, browser, base_url, lobby, "Bo")  # seat 1: the other team
    for page in (ada, bo):
        page.wait_for_function(SETTLED)
    seen_by_bo = _frame(bo)
    assert seen_by_bo["view"]["teams"] == [0, 1, 0, 1]
    ada_word = seen_by_bo["view"]["words"][0]
    bo_word = _frame(ada)["view"]["words"][1]
    assert ada_word is not None and bo_word is not None
    # Each sees every word but their own, which is "?".
    if _on(_frame(ada), 0, 1):
        expect(ada.locator(".fw-you .fw-word-text")).to_have_text("?")
        assert _frame(ada)["view"]["words"][0] is None
        expect(ada.locator(".fw-seat[data-seat='1'] .fw-word-text")).to_have_text(bo_word["text"])
        expect(bo.locator(".fw-seat[data-seat='0'] .fw-word-text")).to_have_text(ada_word["text"])
        expect(bo.locator(".fw-you .fw-word-text")).to_have_text("?")
        # No chat channel while in: the table says the lines are the game's moves.
        expect(ada.locator("#chat-none")).to_be_visible()
        expect(ada.locator("#chat-form")).to_be_hidden()
        ada.screenshot(path=f"{_SCREENSHOTS}_start.png", full_page=True)

    # A line holding Bo's word is refused: Ada alone reads it, and why; it reaches nobody.
    giveaway = f"Do you {bo_word['phrase'] or bo_word['text']}"
    if _on(_frame(ada), 0, 1) and not says(giveaway, _word(ada_word)):
        ada.fill("#fw-say-text", giveaway)
        ada.click("#fw-say-send")
        refusal = ada.locator(".fw-refused")
        expect(refusal).to_contain_text("That would give away a word.")
        expect(refusal).to_contain_text(giveaway)
        expect(ada.locator("#fw-say-text")).to_have_value(giveaway)  # kept, to be rewritten
        # A line Ada may say goes to everyone, Bo included; the refused one never did.
        ada.fill("#fw-say-text", "Hello team, any questions?")
        ada.click("#fw-say-send")
        line = bo.locator(".fw-feed .fw-line", has_text="Hello team, any questions?")
        expect(line).to_have_count(1)
        expect(ada.locator("#fw-say-text")).to_have_value("")
        expect(ada.locator(".fw-refused")).to_have_count(0)
        expect(bo.locator(".fw-feed")).not_to_contain_text(giveaway)
        expect(bo.locator("#log")).not_to_contain_text(giveaway)

    # An emote of the bar that is not Ada's own action: tapped, named, then done.
    frame = _frame(ada)
    if _on(frame, 0):
        emote = next(key for key in frame["view"]["bar"] if key != ada_word["emote"])
        ada.locator(f".fw-emote[data-emote='{emote}']").click()
        expect(ada.locator(".fw-emote-picked")).to_be_visible()
        done = ada.locator(f".fw-emote-go button[data-action*='{emote}']")
        done.click()
        expect(ada.locator(".fw-feed .fw-event--emote").last).to_be_visible()

    # Ada guesses her word right and eliminates Bo, whose word is revealed to him.
    if _on(_frame(ada), 0, 1):
        ada.locator(".fw-guess summary").click()
        ada.fill("#fw-guess-text", ada_word["text"])
        ada.click("#fw-guess-send")
        choose = ada.locator(".fw-prompt--choose")
        expect(choose).to_contain_text(ada_word["text"])
        ada.screenshot(path=f"{_SCREENSHOTS}_choose.png", full_page=True)
        target = ada.locator(".fw-eliminate[data-action*='\"target\":1']")
        if _on(_frame(ada), 1):
            target.click()
            expect(bo.locator(".fw-you .fw-word-text")).to_have_text(bo_word["text"])
            expect(bo.locator(".fw-you .fw-out-badge")).to_be_visible()
            expect(ada.locator(".fw-feed .fw-event--eliminated").last).to_contain_text(
                bo_word["text"]
            )
            if _frame(bo)["outcome"] is None:
                # Out, Bo talks in the channel of the eliminated (Ada, still in, has none).
                expect(bo.locator("#chat-tabs .chat-tab")).to_have_text(["Eliminated"])
                expect(bo.locator("#chat-none")).to_be_hidden()
                bo.fill("#chat-text", "Out already!")
                bo.click("#chat-send")
                expect(bo.locator("#chat li", has_text="Out already!")).to_be_visible()
                expect(ada.locator("#chat-form")).to_be_hidden()
                bo.screenshot(path=f"{_SCREENSHOTS}_out.png", full_page=True)

    _wait_for_the_end(ada)
    final = _frame(ada)
    words = final["outcome"]["detail"]["words"]
    assert words[0] == ada_word and words[1] == bo_word
    rows = ada.locator("#outcome .fw-final tbody tr")
    expect(rows).to_have_count(4)
    expect(ada.locator("#outcome .fw-final")).to_contain_text(ada_word["text"])
    no_sideways_scrolling(ada, _TABLE_PARTS)
    ada.screenshot(path=f"{_SCREENSHOTS}_end.png", full_page=True)
    assert refused == []
    verify_from_the_outcome(ada)


def _six_themes(page: Page) -> None:
    for theme in ("arts",):
        page.uncheck(f"#option-themes-{theme}")


def _guess_wrong(page: Page) -> None:
    """Ada guesses wrong: she is out, and her word is revealed to her."""
    expect(page.locator(".fw-head [data-clock]")).to_have_count(1, timeout=5000)
    page.locator(".fw-guess summary").click(timeout=5000)
    page.fill("#fw-guess-text", "certainly not my word", timeout=5000)
    page.click("#fw-guess-send", timeout=5000)
    mine = page.locator(".fw-you .fw-word-text")
    expect(mine).not_to_have_text("?")
    word = _frame(page)["view"]["words"][0]
    expect(mine).to_have_text(word["text"])
    out = page.locator(".fw-feed .fw-event--eliminated", has_text="guessed wrong")
    expect(out).to_be_visible()


def test_from_the_create_form_a_wrong_guess_puts_ada_out(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    refused = watch_for_refusals(page)
    open_table_with_bots(
        page,
        game="forehead_words",
        players=4,
        options={"time_limit": "60", "language": "en"},
        fill_form=_six_themes,
    )
    page.wait_for_function(SETTLED)
    frame = _frame(page)
    assert frame["view"]["options"]["themes"] == ["class", "drill", "show", "ktv", "dinner", "pe"]
    assert frame["view"]["options"]["time_limit"] == 60
    try:
        _guess_wrong(page)
    except (PlaywrightTimeoutError, AssertionError):  # a click's timeout, or an expect's
        if _on(_frame(page), 0):
            raise  # else the bots were quicker: Ada's team or the other is out already
    _wait_for_the_end(page)
    expect(page.locator("#outcome .outcome-winners")).to_have_text(
        re.compile(r"Team [12] wins|draw", re.IGNORECASE)
    )
    no_sideways_scrolling(page, _TABLE_PARTS)
    assert refused == []
    verify_from_the_outcome(page)


# ---- ten players on a phone, drawn from the rules' states --------------------------------------


def test_ten_players_and_a_vote_fit_a_phone(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    page.goto("/")
    # The first of these seeds that deals a judged word (about one word in ten is one).
    seeds = (f"forehead words on a phone {n}".encode().ljust(32, b".") for n in range(100))
    states = (new_game(players=10, seed=seed, options={"judged": True}) for seed in seeds)
    state = next(one for one in states if any(word.kind == "judged" for word in one.words))
    for turn in range(40):
        seat = turn % 10
        state = apply(state, seat, {"type": "say", "text": f"Line {turn} from a long, long chat"})
    # A judged word's wearer says a line; an opponent calls it.
    wearer = next(seat for seat in range(10) if state.words[seat].kind == "judged")
    state = apply(state, wearer, {"type": "say", "text": "My favourite singer is on the radio"})
    caller = (wearer + 1) % 10
    call = {"type": "call", "line": len(state.lines) - 1}
    assert call in legal_actions(state, caller)
    state = apply(state, caller, call)
    voter = next(seat for seat in state.vote.voters)  # type: ignore[union-attr]
    frame = {
        "view": view(state, voter),
        "legal": legal_actions(state, voter),
        "log": log(state, voter),
        # The server's clock frame while a vote runs beside the time limit (app/matches/frames.py
        # clock: the timer due first, and every timer running).
        "clock": {
            "remaining_ms": 20_000,
            "phase": "vote-1",
            "host_may_end": False,
            "seats": [],
            "timers": [
                {"phase": "vote-1", "deadline": None, "remaining_ms": 20_000},
                {"phase": "time", "deadline": None, "remaining_ms": 480_000},
            ],
        },
    }
    names = [f"Player number {index + 1}" for index in range(10)]
    render_state(page, "forehead_words", frame, names)
    expect(page.locator(".fw-seat")).to_have_count(10)
    expect(page.locator(".fw-prompt--vote button[data-action]")).to_have_count(2)
    expect(page.locator(".fw-you .fw-word-text")).to_have_text("?")
    # Both timers count down side by side: the vote's 20 s and the match's 8 minutes left.
    expect(page.locator('.fw-clock.is-vote [data-clock="vote-1"]')).to_have_text("0:20")
    expect(page.locator('.fw-clock:not(.is-vote) [data-clock="time"]')).to_have_text("8:00")
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_10_vote.png", full_page=True)
    page.locator(".fw-prompt--vote button.btn--primary").click()
    assert page.evaluate("window.sent") == [{"type": "vote", "yes": True}]
