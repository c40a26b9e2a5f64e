"""Monster Duel in the browser on a phone-sized screen (390 px), Ada against a bot: the deck
chosen at the table (the bot's stays hidden until the start), the face-down setup, her first
turns step by step (an energy attached to a lit creature, a Basic benched, an attack with its
damage previewed, each checked in the log), then the match to its end through the page's
buttons only, and its record verified; the decks fixed and the half decks set on the create
form; and full benches drawn from the rules' own states without sideways scrolling."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.rules.monster_tcg import DECKS, apply, choose, legal_actions, log, new_game, to_act, view
from app.rules.rng import Rng
from tests.e2e.conftest import new_page
from tests.e2e.helpers import (
    no_sideways_scrolling,
    open_table_with_bots,
    play_to_the_end,
    render_state,
    sign_in,
    table_state,
    verify_from_the_outcome,
    wait_for_my_turn_or_the_end,
    wait_for_new_state,
    watch_for_refusals,
)

pytestmark = pytest.mark.browser

_TABLE_PARTS = (".mt-board", ".mt-hand", ".mt-turn", ".mt-info", ".mt-news", ".mt-bench")
"""The parts of the table that must fit the screen's width."""

_PLAYABLE = ".mt-cards button[data-card].is-playable"
_PLAY = ".mt-picker button.mt-play:not([disabled])"
_LIT = "button.mt-creature.is-lit:not([disabled])"
_ATTACK = "button.mt-attack-go:not([disabled])"
_END = "button.mt-end-turn:not([disabled])"
_DONE = "button.mt-setup-done:not([disabled])"
_SCREENSHOTS = "/tmp/monster_tcg_phone"


def _act(page: Page, button: Any) -> None:
    """Click an action's button and wait for the state it brings."""
    version = table_state(page)["v"]
    button.click()
    wait_for_new_state(page, version)


def _playable(page: Page, kind: str) -> str | None:
    """The first card of ``kind`` ("energy", "creature", "trainer") Ada may play now."""
    card = page.locator(f"{_PLAYABLE}.mt-k-{kind}").first
    return card.get_attribute("data-card") if card.count() else None


def _my_log_line(page: Page, kind: str, text: str | re.Pattern[str]) -> None:
    expect(page.locator(f"#log li.log-{kind}", has_text=text).last).to_be_visible()


def _set_up(page: Page) -> None:
    """Setup (rules/monster-tcg.md, Setup): no extra cards, the first Basic as the active
    creature, one more on the bench if there is one, Done."""
    extra = page.locator("button.mt-draw-extra[data-action*='\"count\":0']")
    if extra.count():
        _act(page, extra)
    card = _playable(page, "creature")
    assert card is not None, "a hand after mulligans always holds a Basic"
    page.locator(f"{_PLAYABLE}[data-card='{card}']").first.click()
    _act(page, page.locator(_PLAY, has_text="Place it as your active creature"))
    expect(page.locator(".mt-side.is-you .mt-active")).to_have_attribute("data-slot", "0")
    bench = _playable(page, "creature")
    if bench is not None:
        page.locator(f"{_PLAYABLE}[data-card='{bench}']").first.click()
        _act(page, page.locator(_PLAY, has_text="Place it on the bench"))
    _act(page, page.locator(_DONE))


def _attach_energy(page: Page) -> bool:
    """Tap an energy card, then the lit active creature: True if attached."""
    energy = _playable(page, "energy")
    if energy is None:
        return False
    page.locator(f"{_PLAYABLE}[data-card='{energy}']").first.click()
    lit = page.locator(f"{_LIT}[data-slot='0']")
    if not lit.count():
        page.locator(".mt-picker button.mt-cancel").click()
        return False
    action = json.loads(lit.get_attribute("data-action") or "{}")
    assert action == {"type": "attach", "card": energy, "slot": 0}
    _act(page, lit)
    return True


def _turn_step_by_step(page: Page) -> None:
    """One of Ada's turns, each move checked in the log: attach an energy to her active
    creature, bench a Basic, then attack with the first attack she can pay for (its previewed
    damage is what the log says it dealt), else end the turn."""
    if _attach_energy(page):
        _my_log_line(page, "attach", re.compile(r"^Ada attached .+ Energy to "))
        expect(page.locator(".mt-turn.mt-play")).to_contain_text("Energy attached this turn.")
    basic = _playable(page, "creature")
    if basic is not None and page.locator(f"{_PLAYABLE}[data-card='{basic}']").count():
        page.locator(f"{_PLAYABLE}[data-card='{basic}']").first.click()
        put = page.locator(_PLAY, has_text="Put it on the bench")
        if put.count():
            before = page.locator(".mt-side.is-you .mt-benched").count()
            _act(page, put)
            expect(page.locator(".mt-side.is-you .mt-benched")).to_have_count(before + 1)
            _my_log_line(page, "bench", re.compile(r"^Ada put .+ on the bench\.$"))
        else:
            page.locator(".mt-picker button.mt-cancel").click()
    attack = page.locator(_ATTACK).first
    if attack.count():
        row = page.locator(".mt-attack.is-ready").first
        previewed = re.match(r"(\d+|No) damage", row.locator(".mt-preview-damage").inner_text())
        assert previewed, row.inner_text()
        flips = "on heads" in row.inner_text()
        _act(page, attack)
        attacked = page.locator("#log li.log-attack").filter(has_text=re.compile(r"^Ada"))
        if attacked.count() and not flips and previewed.group(1) != "No":
            expect(attacked.last).to_contain_text(f"{previewed.group(1)} damage")
        return
    if page.locator(".mt-attack").count():  # the first player's first turn, or no energy yet
        expect(page.locator(".mt-attack").first).to_contain_text(re.compile(r"Not now|Missing"))
    _act(page, page.locator(_END))


def _play_one_move(page: Page) -> None:
    """A simple player: promote or search when asked, attack when it can, attach an energy,
    bench a Basic, else end the turn."""
    if page.locator(".mt-promote").count() and page.locator(_LIT).count():
        _act(page, page.locator(_LIT).first)
    elif page.locator(".mt-search button[data-action]:not([disabled])").count():
        _act(page, page.locator(".mt-search button[data-action]:not([disabled])").first)
    elif page.locator(_ATTACK).count():
        _act(page, page.locator(_ATTACK).first)
    elif _attach_energy(page):
        pass
    elif (basic := _playable(page, "creature")) is not None and _bench(page, basic):
        pass
    else:
        _act(page, page.locator(_END))


def _bench(page: Page, card: str) -> bool:
    page.locator(f"{_PLAYABLE}[data-card='{card}']").first.click()
    put = page.locator(_PLAY, has_text="Put it on the bench")
    if not put.count():
        page.locator(".mt-picker button.mt-cancel").click()
        return False
    _act(page, put)
    return True


def _check_the_end(page: Page, prizes: int) -> None:
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(page.locator("#log li.log-win")).to_have_count(1)
    expect(page.locator(".mt-turn")).to_contain_text(f"(of {prizes})")
    no_sideways_scrolling(page, _TABLE_PARTS)


def test_the_first_turns_step_by_step_then_to_the_end(browser: Any, base_url: str) -> None:
    page = new_page(browser, base_url)  # 390 x 844, a phone
    refused = watch_for_refusals(page)
    open_table_with_bots(page, game="monster_tcg", players=2, options={"deck_size": "30"})
    wait_for_my_turn_or_the_end(page)
    # rules/monster-tcg.md, Decks: each player picks one before the match, hidden from the other.
    decks = page.locator(".mt-deck")
    expect(decks).to_have_count(len(DECKS))
    expect(page.locator(".mt-deck-title")).to_have_text([deck.title for deck in DECKS])
    no_sideways_scrolling(page, _TABLE_PARTS)
    _act(page, page.locator("button.mt-choose-deck", has_text="Storm Surge"))
    wait_for_my_turn_or_the_end(page)
    # Both chose: the decks are revealed at once and the setup begins (7 cards each).
    _my_log_line(page, "decks", re.compile(r"^The decks: Ada plays Storm Surge and Bot"))
    expect(page.locator(".mt-turn.mt-setup")).to_contain_text("face down")
    page.screenshot(path=f"{_SCREENSHOTS}_setup.png", full_page=True)
    _set_up(page)
    # Both are done: the creatures are turned face up (the table drew the first player).
    state = wait_for_my_turn_or_the_end(page)
    _my_log_line(page, "setup", re.compile(r"^Ada's creatures are turned face up: "))
    expect(page.locator(".mt-side:not(.is-you) .mt-active.is-down")).to_have_count(0)
    for _ in range(2):  # Ada's first two turns, move by move
        if state["over"] == "1":
            break
        if page.locator(".mt-turn.mt-play.is-mine").count():
            _turn_step_by_step(page)
        else:
            _play_one_move(page)  # a promotion between turns
        no_sideways_scrolling(page, _TABLE_PARTS)
        state = wait_for_my_turn_or_the_end(page)
    page.screenshot(path=f"{_SCREENSHOTS}_turn.png", full_page=True)
    # The bot's draws are told without their cards.
    for line in page.locator("#log li.log-draw").all_inner_texts():
        assert line.startswith("Ada drew") or re.fullmatch(r"Bot \w+ drew a card\.", line), line

    play_to_the_end(page, _play_one_move, limit=600)
    _check_the_end(page, prizes=3)
    # Coin flips (rules/monster-tcg.md: from the match RNG) are told as they happen.
    for line in page.locator("#log li.log-coin").all_inner_texts():
        assert re.search(r"flipped a coin .+: (Heads|Tails)", line), line
    page.screenshot(path=f"{_SCREENSHOTS}_end.png", full_page=True)
    assert refused == []
    verify_from_the_outcome(page)
    # The record names every move in words (describeAction), both deck choices among them.
    moves = page.locator("#record-actions tr td:nth-child(3)")
    expect(moves.filter(has_text=re.compile(r"^Choose the .+ deck$"))).to_have_count(2)


def test_the_options_from_the_create_form(browser: Any, base_url: str) -> None:
    """The host fixes both decks (no deck phase) and plays half decks: 3 prizes each."""
    page = new_page(browser, base_url)
    page.goto("/")
    options = {"deck_size": "30", "deck_1": "ember", "deck_2": "tide"}
    open_table_with_bots(page, game="monster_tcg", players=2, options=options)
    wait_for_my_turn_or_the_end(page)
    _my_log_line(page, "decks", "Ember Storm")
    _my_log_line(page, "decks", "Tide and Thorn")
    expect(page.locator(".mt-info")).to_contain_text("Ada 0/3")
    _set_up(page)
    play_to_the_end(page, _play_one_move, limit=600)
    _check_the_end(page, prizes=3)
    verify_from_the_outcome(page)


def test_the_create_form_lists_the_rules_decks(browser: Any, base_url: str) -> None:
    """The form's deck choices (the renderer's OPTIONS) are the rules' decks, by id and title."""
    page = new_page(browser, base_url)
    page.goto("/")
    sign_in(page, "Ada")
    page.select_option("#game", "monster_tcg")
    for key in ("deck_1", "deck_2"):
        # drawn once the game's renderer has loaded
        expect(page.locator(f"#option-{key} option")).to_have_count(len(DECKS) + 1)
        shown = page.locator(f"#option-{key} option").evaluate_all(
            "options => options.map((option) => [option.value, option.textContent])"
        )
        expected = [[deck.id, deck.title] for deck in DECKS]
        assert shown == [["choose", "Each player chooses"], *expected]


_NAMES = ["Ada", "Bo"]


def _frame(state: Any, seat: int) -> dict[str, Any]:
    return {"view": view(state, seat), "legal": legal_actions(state, seat), "log": log(state, seat)}


def test_full_benches_fit_a_phone(browser: Any, base_url: str) -> None:
    """Bots play a match until both benches are full (or the end), its frames drawn at 390 px:
    nothing is wider than the screen, and a creature tapped shows its full card."""
    seed = b"monster browser".ljust(32, b".")
    state = new_game(players=2, seed=seed, options={})
    page = new_page(browser, base_url)
    page.goto("/")
    most = -1
    for step in range(3000):
        if not to_act(state):
            break
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        benching = [action for action in legal if action["type"] in ("bench", "place_bench")]
        action = benching[0] if benching else choose(view(state, seat), legal, Rng(seed, str(step)))
        state = apply(state, seat, action)
        benches = [len(player["bench"]) for player in view(state, 0)["players"]]
        if min(benches) > most and view(state, 0)["phase"] == "play":
            most = min(benches)
            render_state(page, "monster_tcg", _frame(state, 0), _NAMES)
            no_sideways_scrolling(page, _TABLE_PARTS)
        if most == 5:
            break
    assert most >= 3, most
    creature = page.locator(".mt-side.is-you button.mt-creature").first
    creature.click()
    expect(page.locator(".mt-detail")).to_contain_text("HP")
    no_sideways_scrolling(page, (*_TABLE_PARTS, ".mt-detail"))
    page.screenshot(path=f"{_SCREENSHOTS}_benches.png", full_page=True)
