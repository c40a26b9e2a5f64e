"""Werewolf in the browser on a phone-sized screen (390 px), Ada with four bots. The table is
created from the create form with a role set of its own (Cupid instead of the Witch) and every
other option away from its default. Night 1 and day 1 step by step: the phase and its clock,
Ada's role, the chat channels she may read (the werewolves' only for a werewolf), the night
panel or her night move, "ready", standing for Sheriff, the election and the vote; then the
match to its end through the page's buttons, and its record verified. Then eighteen players
drawn from the rules' own states at 390 px without sideways scrolling: a night and a day vote.

Ada's role is dealt from the match's secret seed, so the steps check what every role shows
and then what hers does; each of her moves is what the game's bot would choose from her view,
clicked on the page.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.rules.base import Action
from app.rules.bots import bots_move
from app.rules.rng import Rng
from app.rules.werewolf import GAME, apply, choose, legal_actions, log, new_game, to_act, view
from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    SETTLED,
    no_sideways_scrolling,
    open_table_with_bots,
    play_to_the_end,
    render_state,
    table_state,
    verify_from_the_outcome,
    wait_for_new_state,
    watch_for_refusals,
)

pytestmark = pytest.mark.browser

_TABLE_PARTS = (".ww-ring", ".ww-phase", ".ww-panel", ".ww-notes", ".chat-tabs")
"""The parts of the table that must fit the screen's width."""
_SCREENSHOTS = "/tmp/werewolf_phone"
_OPTIONS = {
    "night_seconds": "30",
    "discussion_seconds": "60",
    "vote_seconds": "30",
    "reveal": "end",
    "dead_see": "public",
    "potions": "single",
}


def _cupid_instead_of_the_witch(page: Page) -> None:
    page.check("#option-roles-custom")
    page.fill("#option-roles-witch", "0")
    page.fill("#option-roles-cupid", "1")
    expect(page.locator("#option-roles-villager")).to_have_text("2")


def _frame(page: Page) -> dict[str, Any]:
    """What the server shows Ada now (her own view, through her cookie)."""
    match_id = page.url.split("/match/")[1].split("?")[0]
    frame: dict[str, Any] = page.request.get(f"/api/matches/{match_id}").json()
    return frame


def _play_the_bots_move(page: Page) -> None:
    """Click the button of the move the game's bot would choose from Ada's view."""
    state = table_state(page)
    frame = _frame(page)
    if str(frame["seq"]) != state["v"] or not frame["legal"]:
        return  # the page is behind the server or Ada has nothing to do: the caller waits
    action = choose(frame["view"], frame["legal"], Rng(bytes(32), f"ada {frame['seq']}"))
    button = page.locator(
        f"#board button[data-action='{json.dumps(action, separators=(',', ':'))}']"
    )
    expect(button.first).to_be_enabled()
    button.first.click()
    wait_for_new_state(page, state["v"])


def _wait_for_step(page: Page, step: str) -> dict[str, Any]:
    """Ada's frame once the match is at ``step`` (or over), waiting through the page."""
    for _ in range(200):
        page.wait_for_function(SETTLED)
        version = table_state(page)["v"]
        frame = _frame(page)
        if frame["outcome"] is not None or frame["view"]["step"] == step:
            return frame
        wait_for_new_state(page, version)
    raise AssertionError(f"the match never reached {step}")


def test_night_and_day_one_step_by_step_then_to_the_end(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)  # 390 x 844, a phone
    refused = watch_for_refusals(page)
    open_table_with_bots(
        page, game="werewolf", players=5, options=_OPTIONS, fill_form=_cupid_instead_of_the_witch
    )
    page.wait_for_function(SETTLED)
    frame = _frame(page)
    me = frame["view"]
    assert me["options"]["roles"] == {"werewolf": 1, "seer": 1, "cupid": 1, "villager": 2}
    assert me["options"]["reveal"] == "end" and me["options"]["night_seconds"] == 30
    role = me["role"]
    assert role in ("werewolf", "seer", "cupid", "villager")
    # The log tells everyone of the deal and of night 1 (the bots act at once: a villager's
    # night may be over before the page shows it).
    log_lines = page.locator("#log li")
    expect(log_lines.filter(has_text="The roles were dealt to 5 players")).to_have_count(1)
    expect(log_lines.filter(has_text="Night 1 falls")).to_have_count(1)
    board = page.locator("#board")
    if frame["outcome"] is None:
        # The chat channels Ada may read now, as tabs: the werewolves' only for a werewolf.
        labels = {"day": "Village", "werewolves": "Werewolves", "dead": "The dead"}
        expect(page.locator("#chat-tabs .chat-tab")).to_have_text(
            [labels[channel] for channel in frame["channels"]]
        )
        assert ("werewolves" in frame["channels"]) == (role == "werewolf")
    if me["step"] == "night":
        # Ada has a night move (only a role that has one keeps the night waiting for her).
        assert frame["legal"] and role in ("werewolf", "seer", "cupid")
        expect(board.locator(".ww-phase-title")).to_contain_text("Night 1")
        expect(board.locator(".ww-phase [data-clock]")).to_have_count(1)
        page.screenshot(path=f"{_SCREENSHOTS}_night.png", full_page=True)
        while frame["view"]["step"] == "night" and frame["legal"]:
            _play_the_bots_move(page)  # the Seer looks, the wolf points, Cupid names two lovers
            frame = _frame(page)

    # Day 1, if Ada lived through the night: a line in the village chat, ready, the election.
    frame = _wait_for_step(page, "discussion")
    if frame["outcome"] is None and frame["view"]["alive"][me["you"]]:
        expect(board.locator(".ww-phase-title")).to_contain_text("Day 1")
        expect(log_lines.filter(has_text="Day 1 dawns")).to_have_count(1)
        page.locator("#chat-tabs .chat-tab", has_text="Village").click()
        page.fill("#chat-text", "Good morning, village")
        page.click("#chat-send")
        expect(page.locator("#chat li").filter(has_text="Good morning, village")).to_be_visible()
        page.locator("#board button.ww-ready").click()
        frame = _wait_for_step(page, "candidacy")
        if frame["outcome"] is None and frame["legal"]:
            page.locator("#board button.ww-stand").click()
            frame = _wait_for_step(page, "election")
        if frame["outcome"] is None and frame["legal"]:
            _play_the_bots_move(page)  # a vote for a candidate
    page.screenshot(path=f"{_SCREENSHOTS}_day.png", full_page=True)

    play_to_the_end(page, _play_the_bots_move, limit=400)
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    final = _frame(page)
    side = final["outcome"]["detail"]["side"]
    said = {"village": "The village wins!", "werewolves": "The werewolves win!"}
    said |= {"lovers": "The lovers win!", "piper": "The Piper wins!"}
    expect(outcome.locator(".outcome-winners")).to_have_text(said[side])
    # reveal "end": every role is shown now, Ada's among them.
    assert None not in final["view"]["roles"] and final["view"]["roles"][me["you"]] == role
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_end.png", full_page=True)
    assert refused == []
    verify_from_the_outcome(page)


# ---- eighteen players on a phone, drawn from the rules' states --------------------------------


def _eighteen_until(step: str) -> tuple[Any, int]:
    """The first state at ``step`` of a seeded match of 18 bots, and a living seat to see it."""
    seed = b"werewolf on a phone".ljust(32, b".")
    state = new_game(players=18, seed=seed, options={})
    rng = Rng(seed, "bots")
    while state.step != step:

        def bot(seat: int, state: Any = state) -> Action:
            return choose(view(state, seat), legal_actions(state, seat), rng)

        # As at a table of bots (bots_move): a pack holding its pointing lets the clock run.
        _, _, state = bots_move(GAME, state, sorted(to_act(state)), bot)
    seat = next(seat for seat in range(18) if state.alive[seat] and legal_actions(state, seat))
    return state, seat


@pytest.mark.parametrize("step", ["night", "vote"])
def test_eighteen_players_fit_a_phone(browser: Browser, base_url: str, step: str) -> None:
    page = new_page(browser, base_url)
    page.goto("/")
    state, seat = _eighteen_until(step)
    if step == "vote":  # half the table has voted: the tally is at its longest
        for voter in sorted(to_act(state))[:9]:
            if voter != seat:
                state = apply(state, voter, legal_actions(state, voter)[0])
    frame = {
        "view": view(state, seat),
        "legal": legal_actions(state, seat),
        "log": log(state, seat),
    }
    frame["clock"] = {
        "remaining_ms": 30_000,
        "phase": state.phase,
        "host_may_end": False,
        "seats": [],
    }
    names = [f"Player {index + 1}" for index in range(18)]
    render_state(page, "werewolf", frame, names)
    expect(page.locator(".ww-place")).to_have_count(18)
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_18_{step}.png", full_page=True)
