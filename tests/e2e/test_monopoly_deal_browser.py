"""Monopoly Deal in the browser on a phone-sized screen (390 px). Ada against a bot, the table
created from the create form with both options set: her first turns step by step (a property
placed, a card banked, the turn ended, each checked in the log, her sets and her bank), then
the match to its end, played through the page's buttons only, and its record verified. Then
five players drawn from the rules' own states at 390 px without sideways scrolling: a table
full of sets, a rent with its amounts, a payment picker and a Just Say No prompt."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.rules.kit import indefinite
from app.rules.monopoly_deal import (
    State,
    apply,
    choose,
    legal_actions,
    log,
    new_game,
    rent_owed,
    to_act,
    view,
)
from app.rules.rng import Rng
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

_TABLE_PARTS = (".md-cards", ".md-table", ".md-picker", ".md-turn", ".md-info", ".md-seat")
"""The parts of the table that must fit the screen's width."""

_PICKABLE = ".md-cards button[data-card]"
_PLAY = ".md-picker button.md-play:not([disabled])"
_END = ".md-turn button.md-end:not([disabled])"
_ACCEPT = ".md-prompt button.md-accept:not([disabled])"
_PAY_ALL = ".md-pay button.md-pay-all:not([disabled])"
_PAY_CARD = ".md-pay button.md-pay-card:not([disabled])"
_SCREENSHOTS = "/tmp/monopoly_deal_phone"
_NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def _colour(card: str) -> str:
    """property-dark_blue-1 -> "dark blue", as the page writes a colour."""
    return card.split("-")[1].replace("_", " ")


def _hand(page: Page) -> list[str]:
    return [
        card.get_attribute("data-card") or ""
        for card in page.locator(".md-cards [data-card]").all()
    ]


def _act(page: Page, button: Any) -> None:
    """Click an action's button and wait for the state it brings."""
    version = table_state(page)["v"]
    button.click()
    wait_for_new_state(page, version)


def _pick(page: Page, card: str) -> None:
    page.locator(f".md-cards button[data-card='{card}']").click()
    expect(page.locator(".md-picker")).to_be_visible()


def _my_bank(page: Page) -> int:
    text = page.locator(".md-seat.is-you .md-bank-total").inner_text()
    total = re.fullmatch(r"Bank (\d+)M", text.strip())
    assert total, text
    return int(total.group(1))


def _answer_or_pay(page: Page) -> bool:
    """Accept an action aimed at Ada (the prompt says what it is), pay a debt (everything when
    that is allowed, else the first card offered), discard the first card: True if done."""
    if page.locator(_ACCEPT).count():
        expect(page.locator(".md-prompt .md-question")).to_contain_text(re.compile(r"Just Say No"))
        _act(page, page.locator(_ACCEPT))
        return True
    if page.locator(".md-pay.is-mine").count():
        expect(page.locator(".md-pay")).to_contain_text("You owe")
        all_button = page.locator(_PAY_ALL)
        _act(page, all_button if all_button.count() else page.locator(_PAY_CARD).first)
        return True
    if page.locator(".md-discard.is-mine").count():
        expect(page.locator(".md-discard")).to_contain_text("Discard down to 7: tap a card")
        page.locator(_PICKABLE).first.click()
        _act(page, page.locator(_PLAY, has_text="Discard it"))
        return True
    return False


def _play_one_move(page: Page) -> None:
    """A simple player: answer and pay as above; place a property or wild, else bank money,
    while plays are left; else end the turn."""
    if _answer_or_pay(page):
        return
    hand = [
        card for card in _hand(page) if page.locator(f"{_PICKABLE}[data-card='{card}']").count()
    ]
    for prefix in ("property-", "wild-", "money-"):
        card = next((card for card in hand if card.startswith(prefix)), None)
        if card is not None:
            _pick(page, card)
            plays = page.locator(_PLAY)
            if plays.count():
                _act(page, plays.first)
                return
            page.locator(".md-picker button.md-cancel").click()
    _act(page, page.locator(_END))


def _first_turns(page: Page) -> None:
    """Ada's first two turns, each move checked in the log and on her table."""
    for _ in range(2):
        if wait_for_my_turn_or_the_end(page)["over"] == "1":
            return
        while _answer_or_pay(page):  # the bot's actions aimed at Ada come first
            if wait_for_my_turn_or_the_end(page)["over"] == "1":
                return
        expect(page.locator(".md-turn.is-mine")).to_contain_text("Your turn: 3 plays left.")
        hand = _hand(page)
        expect(page.locator(".md-hand-title")).to_have_text(f"Your hand ({len(hand)})")
        turn_start = page.locator("#log li.log-turn_start").last
        expect(turn_start).to_contain_text(re.compile(r"^Ada's turn: drew [25] cards \("))

        property_card = next((card for card in hand if card.startswith("property-")), None)
        if property_card:
            _pick(page, property_card)
            place = page.locator(_PLAY)
            expect(place).to_have_text(f"Place it as {_colour(property_card)}")
            action = json.loads(place.get_attribute("data-action") or "{}")
            assert action == {
                "type": "place",
                "card": property_card,
                "colour": property_card.split("-")[1],
            }
            _act(page, place)
            expect(page.locator("#log li.log-place").last).to_have_text(
                f"Ada placed {indefinite(_colour(property_card) + ' property')}."  # an orange
            )
            mine = page.locator(f".md-seat.is-you .md-set [data-card='{property_card}']")
            expect(mine).to_have_count(1)
            if table_state(page)["over"] == "1":
                return  # her third set: the match is over
            expect(page.locator(".md-turn.is-mine")).to_contain_text("2 plays left")

        money_card = next((card for card in _hand(page) if card.startswith("money-")), None)
        if money_card:
            before = _my_bank(page)
            _pick(page, money_card)
            value = int(money_card.split("-")[1])
            bank = page.locator(_PLAY)
            expect(bank).to_have_text(f"Bank it ({value}M)")
            _act(page, bank)
            expect(page.locator("#log li.log-bank").last).to_have_text(f"Ada banked {value}M.")
            assert _my_bank(page) == before + value

        no_sideways_scrolling(page, _TABLE_PARTS)
        held = len(_hand(page))
        expect(page.locator(_END)).to_have_text(
            "End turn (then discard down to 7)" if held > 7 else "End turn"
        )
        ended = page.locator("#log li.log-end_turn", has_text="Ada ended their turn.")
        before = ended.count()
        _act(page, page.locator(_END))
        expect(ended).to_have_count(before + 1)  # the bot may have played on since


def test_the_first_turns_step_by_step_then_to_the_end(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)  # 390 x 844, a phone
    refused = watch_for_refusals(page)
    options = {"buildings": "seed", "deck": "extended"}
    open_table_with_bots(page, game="monopoly_deal", players=2, options=options)
    wait_for_my_turn_or_the_end(page)
    info = page.locator("#board .md-info")
    expect(info).to_contain_text("Buildings: not on utilities")  # option "seed"
    # Deck: 108 cards (option "extended"), 5 dealt to each of 2, then every card drawn since
    # (turn starts and Pass Go, as the log counts them).
    drawn = sum(
        int(count)
        for line in page.locator("#log li").all_inner_texts()
        for count in re.findall(r"(?:turn: drew|Pass Go and drew) (\d+) cards?", line)
    )
    expect(info).to_contain_text(f"Draw pile: {108 - 10 - drawn}")
    expect(page.locator(".md-seat")).to_have_count(2)
    page.screenshot(path=f"{_SCREENSHOTS}_first_turn.png", full_page=True)

    _first_turns(page)
    play_to_the_end(page, _play_one_move, limit=1500)

    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome.locator(".outcome-winners")).to_have_text(re.compile(r"wins!|share the win!"))
    scores = [int(cell) for cell in outcome.locator("table.scores td.num").all_inner_texts()]
    assert len(scores) == 2 and max(scores) <= 3, scores
    expect(page.locator("#log li.log-win")).to_have_count(1)
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_end.png", full_page=True)
    assert refused == []
    verify_from_the_outcome(page)
    moves = page.locator("#record-actions tr td:nth-child(3)")
    expect(moves.filter(has_text=re.compile(r"^Place an? .+ property$")).first).to_be_visible()


# ---- five players on a phone, drawn from the rules' states -------------------------------------


def _frame(state: State, seat: int) -> dict[str, Any]:
    return {"view": view(state, seat), "legal": legal_actions(state, seat), "log": log(state, seat)}


def _five_players_until(done: Callable[[State], bool]) -> State:
    """The first state of five seeded matches among bots (the rules' bot in every seat) for
    which ``done(state)`` holds: the seeds are tried in order, so the state is always the same."""
    rng = Rng(b"monopoly deal browser".ljust(32, b"."), "bots")
    for match in range(20):
        seed = f"monopoly deal phone {match}".encode().ljust(32, b".")
        state = new_game(players=5, seed=seed, options={})
        while not done(state):
            if state.phase == "over":
                break
            (seat,) = to_act(state)
            state = apply(state, seat, choose(view(state, seat), legal_actions(state, seat), rng))
        else:
            return state
    raise AssertionError("no match among bots reached the state wanted")


def test_five_players_fit_a_phone(browser: Browser, base_url: str) -> None:
    """A table of five with sets on every side: nothing is wider than 390 px; a rent card
    shows what it collects for each colour and with Double the Rent, a payment shows what is
    still owed, and a Just Say No prompt says what it answers."""
    page = new_page(browser, base_url)
    page.goto("/")
    refused = watch_for_refusals(page)

    def full_table(state: State) -> bool:
        seen = view(state, 0)
        return state.phase == "play" and sum(len(sets) for sets in seen["sets"]) >= 12

    state = _five_players_until(full_table)
    seat = state.turn
    render_state(page, "monopoly_deal", _frame(state, seat), _NAMES)
    expect(page.locator(".md-seat")).to_have_count(5)
    expect(page.locator(".md-seat").first).to_have_class(re.compile(r"\bis-you\b"))
    seen = view(state, seat)
    complete = sum(1 for sets in seen["sets"] for group in sets if group["complete"])
    expect(page.locator(".md-set.is-complete")).to_have_count(complete)
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_five.png", full_page=True)

    # A rent card: before it is played, the picker shows what it collects (design 1.4
    # rent_owed for the best set of the colour), and twice that with a Double the Rent.
    def renting(state: State) -> bool:
        return state.phase == "play" and any(
            action["type"] == "rent" and action["doubles"]
            for action in legal_actions(state, state.turn)
        )

    state = _five_players_until(renting)
    seat = state.turn
    legal = legal_actions(state, seat)
    rent = next(action for action in legal if action["type"] == "rent" and action["doubles"])
    base = max(
        rent_owed(group.colour, len(group.cards), group.house is not None, group.hotel is not None)
        for group in state.sets[seat]
        if group.colour == rent["colour"]
    )
    render_state(page, "monopoly_deal", _frame(state, seat), _NAMES)
    page.locator(f".md-cards button[data-card='{rent['card']}']").click()
    page.locator(".md-picker button[data-kind='rent']").click()
    picker = page.locator(".md-picker")
    colours = picker.locator(".md-step[data-field='colour'] button")
    if colours.count():  # a choice of colours first: each says its rent
        colours.filter(has_text=f"{rent['colour'].replace('_', ' ')}: {base}M").click()
    expect(picker.locator(".md-step[data-field='doubles']")).to_contain_text(f"No double: {base}M")
    expect(picker.locator(".md-step[data-field='doubles']")).to_contain_text(
        f"Double the Rent (+1 play): {2 * base}M"
    )
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_rent.png", full_page=True)
    picker.locator(".md-step[data-field='doubles'] button").nth(1).click()
    if not page.evaluate("() => window.sent.length"):  # a wild rent: then whom to charge
        picker.locator(".md-step[data-field='target'] button.md-play").first.click()
    sent = page.evaluate("() => window.sent")
    assert len(sent) == 1 and sent[0] in legal and len(sent[0]["doubles"]) == 1, sent

    # A payment by the seat that owes: what it owes, the cards it may pay with.
    def paying(state: State) -> bool:
        return state.phase == "pay" and state.pending is not None and not state.pending.paid

    state = _five_players_until(paying)
    debt = state.pending
    assert debt is not None  # paying
    payer = debt.target
    render_state(page, "monopoly_deal", _frame(state, payer), _NAMES)
    pay = page.locator(".md-pay.is-mine")
    expect(pay).to_contain_text(f"You owe {_NAMES[debt.actor]} {debt.amount}M for ")
    expect(pay.locator(".md-owed")).to_have_text(f"{debt.owed}M")
    pays = [action for action in legal_actions(state, payer) if action["type"] == "pay"]
    expect(page.locator(".md-pay button.md-pay-card")).to_have_count(len(pays))
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_pay.png", full_page=True)

    # A response window: the prompt says the action and whose; Accept and Just Say No.
    state = _five_players_until(lambda state: state.phase == "respond")
    (responder,) = to_act(state)
    render_state(page, "monopoly_deal", _frame(state, responder), _NAMES)
    expect(page.locator(".md-prompt .md-question")).to_have_text(
        re.compile(r"^.+'s .+ on .+: Just Say No( back)?\?$")
    )
    expect(page.locator(".md-prompt button.md-accept")).to_be_enabled()
    expect(page.locator(".md-prompt button.md-say-no")).to_have_count(1)
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_prompt.png", full_page=True)
    assert refused == []
