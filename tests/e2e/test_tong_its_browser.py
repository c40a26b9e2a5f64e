"""Tong-its in the browser on a phone-sized screen (390 px), Ada against two bots: her first turns
step by step (the draw, a meld exposed from the suggestions, a card laid off on a lit meld, the
discard; each checked in the log and in the hand's size), then the hand to its end and its
record verified; the options set on the create form shown at the table; and a 13-card hand,
full melds and a long discard pile drawn from the rules' own states without sideways
scrolling."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.rules.tong_its import apply, legal_actions, log, new_game, to_act, view
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

_TABLE_PARTS = (".ti-cards", ".ti-table", ".ti-piles", ".ti-bar")
"""The parts of the table that must fit the screen's width."""

_HAND_CARD = ".ti-cards [data-card]"
_PICKABLE = ".ti-cards button[data-card]"
_DRAW = ".ti-turn button.ti-draw:not([disabled])"
_TAKE = ".ti-turn button.ti-take:not([disabled])"
_SUGGESTION = "button[data-suggest]"
_EXPOSE = ".ti-bar button.ti-expose:not([disabled])"
_DISCARD = ".ti-bar button.ti-discard:not([disabled])"
_FITS = ".ti-cards button.can-lay-off"
_LIT_MELD = "button.ti-meld.is-lit:not([disabled])"
_FIGHT = ".ti-answer button.ti-fight:not([disabled])"
_SCREENSHOTS = "/tmp/tong_its_phone"

_SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


def _card_text(card: str) -> str:
    """A wire card as the page writes it: "10D" -> "10♦" (static/js/games/tong_its/cards.js)."""
    return f"{card[:-1]}{_SUIT_SYMBOL[card[-1]]}"


def _points(card: str) -> int:
    """rules/tong-its.md, Basics: A = 1, 2-10 face value, J/Q/K = 10."""
    return _POINTS.get(card[:-1]) or int(card[:-1])


def _hand(page: Page) -> list[str]:
    return [card.get_attribute("data-card") or "" for card in page.locator(_HAND_CARD).all()]


def _hand_title(page: Page) -> int:
    title = page.locator(".ti-hand-title").inner_text()
    held = re.fullmatch(r"Your hand \((\d+)\)", title)
    assert held, title
    return int(held.group(1))


def _my_log_line(page: Page, kind: str, text: str) -> None:
    """The log has Ada's line of that kind saying ``text`` (a card is drawn, exposed or
    discarded once: the line is this move's, whatever the bots did since)."""
    expect(page.locator(f"#log li.log-{kind}", has_text=text)).to_have_count(1)


def _act(page: Page, button: Any) -> None:
    """Click an action's button and wait for the state it brings."""
    version = table_state(page)["v"]
    button.click()
    wait_for_new_state(page, version)


def _answer_a_call(page: Page) -> None:
    """Fight a called draw, after checking the counts the prompt gives: Ada's own, and the
    number of cards the caller holds (the same as the caller's entry at the table)."""
    panel = page.locator(".ti-answer")
    expect(panel).to_contain_text("Fight or fold?")
    caller = re.match(r"(.+?) called a draw", panel.inner_text())
    assert caller, panel.inner_text()
    held = panel.locator(".ti-caller-cards").inner_text()
    seat = page.locator(".ti-seat", has=page.locator(".ti-seat-name", has_text=caller.group(1)))
    expect(seat.locator(".ti-held")).to_have_text(held)
    assert re.fullmatch(r"\d+", panel.locator(".ti-my-count").inner_text())
    page.locator(_FIGHT).click()
    # The others answer at the same time: a bot's answer may be shown before Ada's lands, with
    # her buttons still there (any new state ends the page's wait, static/js/pages/table.js
    # act). Her answer has landed once the panel stops asking her: the hand goes on to the
    # others' answers, or it is over.
    page.wait_for_function(
        "() => !document.querySelector('.ti-answer.is-mine') &&"
        " (document.querySelector('#table').dataset.over === '1' ||"
        " document.querySelector('.ti-answer')?.textContent.includes('You chose to fight.'))"
    )


def _turn_step_by_step(page: Page) -> None:
    """One of Ada's turns, each move checked in the log and the hand's size: draw (unless the
    dealer's first turn), expose the first suggested meld, lay off a card that fits, discard
    the highest card. Stops where the hand ends (a Tong-its or a called draw)."""
    if page.locator(".ti-answer").count():
        _answer_a_call(page)
        return
    if page.locator(_DRAW).count():
        before = _hand(page)
        assert _hand_title(page) == len(before)
        expect(page.locator(".ti-turn button.ti-call")).to_have_count(1)  # enabled or not
        _act(page, page.locator(_DRAW))
        after = _hand(page)
        assert len(after) == len(before) + 1
        (drawn,) = set(after) - set(before)
        _my_log_line(page, "drew", f"Ada drew from the stock ({_card_text(drawn)}).")
        no_sideways_scrolling(page, _TABLE_PARTS)  # the 13-card hand
    else:
        expect(page.locator(".ti-turn")).to_contain_text("Your first turn as dealer")

    suggestion = page.locator(_SUGGESTION).first
    if suggestion.count():
        cards = (suggestion.get_attribute("data-suggest") or "").split("-")
        before = _hand(page)
        suggestion.click()
        picked = page.locator(".ti-cards button[data-card][aria-pressed='true']")
        expect(picked).to_have_count(len(cards))
        expose = page.locator(_EXPOSE)
        action = json.loads(expose.get_attribute("data-action") or "{}")
        assert action == {"type": "expose", "cards": cards, "secret": False}
        _act(page, expose)
        shown = " ".join(map(_card_text, cards))
        _my_log_line(page, "exposed", f"Ada exposed {shown} (meld ")
        if table_state(page)["over"] == "1":
            return  # the meld emptied the hand: Tong-its
        assert _hand(page) == [card for card in before if card not in cards]
        expect(
            page.locator(f".ti-seat[data-seat='0'] .ti-meld[aria-label$='{shown}']")
        ).to_have_count(1)

    fitting = page.locator(_FITS).first
    if fitting.count():
        card = fitting.get_attribute("data-card") or ""
        size = _hand_title(page)
        fitting.click()
        lit = page.locator(_LIT_MELD).first
        expect(lit).to_be_visible()
        action = json.loads(lit.get_attribute("data-action") or "{}")
        assert action["type"] == "lay_off" and action["card"] == card
        _act(page, lit)
        _my_log_line(page, "laid_off", f"Ada laid off {_card_text(card)} on")
        if table_state(page)["over"] == "1":
            return
        assert _hand_title(page) == size - 1 and card not in _hand(page)

    held = _hand(page)
    highest = max(held, key=_points)
    page.locator(f".ti-cards button[data-card='{highest}']").click()
    discard = page.locator(_DISCARD)
    expect(discard).to_have_text(f"Discard {_card_text(highest)}")
    _act(page, discard)
    _my_log_line(page, "discarded", f"Ada discarded {_card_text(highest)}.")
    if table_state(page)["over"] == "0":
        assert _hand_title(page) == len(held) - 1


def _play_one_move(page: Page) -> None:
    """Fight a call; take the discard into a meld when offered, else draw; expose the first
    suggested meld; lay off the first card that fits; else discard the highest card."""
    if page.locator(".ti-answer button").count():
        _answer_a_call(page)
    elif page.locator(_TAKE).count():
        _act(page, page.locator(_TAKE).first)
    elif page.locator(_DRAW).count():
        _act(page, page.locator(_DRAW))
    elif page.locator(_SUGGESTION).count():
        page.locator(_SUGGESTION).first.click()
        _act(page, page.locator(_EXPOSE))
    elif page.locator(_FITS).count():
        page.locator(_FITS).first.click()
        _act(page, page.locator(_LIT_MELD).first)
    else:
        highest = max(_hand(page), key=_points)
        page.locator(f".ti-cards button[data-card='{highest}']").click()
        _act(page, page.locator(_DISCARD))


def _check_the_end(page: Page) -> None:
    """The final result gives the winner (or a void hand), the chips and every payment with
    its reason; the table reveals every hand."""
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome.locator(".outcome-winners")).to_have_text(
        re.compile(r"wins by Tong-its|wins the called draw|stock ran out|void hand")
    )
    scores = [int(cell) for cell in outcome.locator("table.scores td.num").all_inner_texts()]
    assert len(scores) == 3 and sum(scores) == 0, scores  # chips change hands
    payments = outcome.locator(".ti-payments li")
    if payments.count():
        expect(payments.first).to_have_text(
            re.compile(r"^.+ pays \d+ chips? to .+: (ante|secret four)")
        )
    expect(outcome.locator(".ti-hands-end li")).to_have_count(3)
    expect(page.locator("#log li.log-hand_over")).to_contain_text("Hand over:")
    expect(page.locator(".ti-seat .ti-final-count")).to_have_count(3)
    no_sideways_scrolling(page, _TABLE_PARTS)


def test_the_first_turns_step_by_step_then_to_the_end(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)  # 390 x 844, a phone
    refused = watch_for_refusals(page)
    open_table_with_bots(page, game="tong_its", players=3)
    state = wait_for_my_turn_or_the_end(page)
    board = page.locator("#board")
    expect(board.locator(".ti-seat")).to_have_count(3)
    dealt = page.locator("#log li.log-dealt")
    expect(dealt).to_contain_text("15 cards in the stock")
    if state["over"] == "0":
        dealer = re.match(r"(.+?) dealt the cards", dealt.inner_text())
        assert dealer
        # rules/tong-its.md, Deal: 13 cards to the dealer, 12 to the others.
        dealt_to_ada = 13 if dealer.group(1) == "Ada" else 12
        if page.locator(_DRAW).count() or dealer.group(1) == "Ada":
            assert _hand_title(page) == dealt_to_ada
        no_sideways_scrolling(page, _TABLE_PARTS)
        page.screenshot(path=f"{_SCREENSHOTS}_first_turn.png", full_page=True)

    for _ in range(2):  # Ada's first two turns, move by move
        if wait_for_my_turn_or_the_end(page)["over"] == "1":
            break
        _turn_step_by_step(page)
        # The bots' draws are told without their cards.
        for line in page.locator("#log li.log-drew").all_inner_texts():
            assert line.startswith("Ada drew from the stock (") or re.fullmatch(
                r".+ drew from the stock\.", line
            ), line

    play_to_the_end(page, _play_one_move, limit=200)
    _check_the_end(page)
    page.screenshot(path=f"{_SCREENSHOTS}_end.png", full_page=True)
    assert refused == []
    verify_from_the_outcome(page)
    # The record names every move in words (describeAction), the deal's first one included.
    moves = page.locator("#record-actions tr td:nth-child(3)")
    # The dealer (13 cards, no draw) may open by laying a secret four (rules/tong-its.md, Melds).
    first = re.compile(r"^(Draw from the stock|Expose |Discard |Lay .+ face down)")
    expect(moves.first).to_have_text(first)
    expect(
        moves.filter(has_text=re.compile(r"^Discard [0-9AJQK]+[\u2660\u2665\u2666\u2663]$")).first
    ).to_be_visible()


def test_the_options_from_the_create_form(browser: Browser, base_url: str) -> None:
    """Every card counts, only the top discard is shown, a Tong-its bonus of 3."""
    page = new_page(browser, base_url)
    options = {"hand_count": "all", "discard_pile": "top", "tong_its_bonus": "3"}
    open_table_with_bots(page, game="tong_its", players=3, options=options)
    state = wait_for_my_turn_or_the_end(page)
    info = page.locator("#board .ti-info")
    expect(info).to_contain_text("Hand count: every card in hand")
    expect(info).to_contain_text("Tong-its bonus: 3 chips")
    if state["over"] == "0":
        # The count is every card's points (option "all"): the sum over the hand shown.
        count = page.locator(".ti-count strong").inner_text()
        assert int(count) == sum(map(_points, _hand(page)))
    for _ in range(2):  # the pile shows its top card only, whatever its size
        if wait_for_my_turn_or_the_end(page)["over"] == "1":
            break
        assert page.locator(".ti-pile .ti-card").count() <= 1
        if page.locator(".ti-discards .ti-top").count():
            expect(page.locator(".ti-discards")).to_contain_text(
                re.compile(r"Discards \(\d+\): top")
            )
        _play_one_move(page)
    play_to_the_end(page, _play_one_move, limit=200)
    _check_the_end(page)
    tong_its = page.locator("#outcome .ti-payments li", has_text="Tong-its bonus")
    if tong_its.count():  # the hand ended by Tong-its: the bonus is the option's 3 a loser
        expect(tong_its.first).to_contain_text("Tong-its bonus 3")
    verify_from_the_outcome(page)


_NAMES = ["Ada", "Bo", "Cy"]


def _frame(state: Any, seat: int) -> dict[str, Any]:
    return {
        "view": view(state, seat),
        "legal": legal_actions(state, seat),
        "log": log(state, seat),
        "you": seat,
    }


def _greedy(state: Any, seat: int) -> dict[str, Any]:
    """Expose and lay off all it can, take a discard into a meld, else draw; never call: the
    table fills up with melds and the pile grows."""
    actions = legal_actions(state, seat)
    for kind in ("expose", "lay_off", "take_discard", "draw"):
        for action in actions:
            if action["type"] == kind and not action.get("secret"):
                return action
    return next(action for action in reversed(actions) if action["type"] == "discard")


def test_a_full_hand_and_table_fit_a_phone(browser: Browser, base_url: str) -> None:
    """The dealer's 13 cards wrap in the hand; later, with melds on the table and the pile
    grown, a picked card lights its melds: nothing is wider than 390 px."""
    state = new_game(players=3, seed=b"tong-its browser".ljust(32, b"."), options={})
    (dealer,) = to_act(state)
    page = new_page(browser, base_url)
    page.goto("/")
    render_state(page, "tong_its", _frame(state, dealer), _NAMES)
    expect(page.locator(_HAND_CARD)).to_have_count(13)
    no_sideways_scrolling(page, _TABLE_PARTS)
    rows = page.evaluate(
        "() => new Set([...document.querySelectorAll('.ti-cards [data-card]')]"
        ".map((card) => Math.round(card.getBoundingClientRect().top))).size"
    )
    assert rows == 2, rows  # 13 cards of 2.45rem wrap onto two rows at 390 px
    page.locator("button[data-sort='rank']").click()
    ranks = [card[:-1] for card in _hand(page)]
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert ranks == sorted(ranks, key=order.index)

    while state.phase != "over" and len(view(state, 0)["melds"]) < 4:
        (seat,) = to_act(state)
        state = apply(state, seat, _greedy(state, seat))
    while state.phase != "over":  # on to a turn with a card that fits a meld, or the end
        (seat,) = to_act(state)
        if any(action["type"] == "lay_off" for action in legal_actions(state, seat)):
            break
        state = apply(state, seat, _greedy(state, seat))
    assert state.phase != "over", "the seed gives a lay-off before the end"
    render_state(page, "tong_its", _frame(state, seat), _NAMES)
    page.locator(_FITS).first.click()
    expect(page.locator(_LIT_MELD).first).to_be_visible()
    no_sideways_scrolling(page, _TABLE_PARTS)
    page.screenshot(path=f"{_SCREENSHOTS}_lay_off.png", full_page=True)
    page.locator(_LIT_MELD).first.click()
    sent = page.evaluate("() => window.sent")
    assert len(sent) == 1 and sent[0]["type"] == "lay_off"
    state = apply(state, seat, sent[0])
    render_state(page, "tong_its", _frame(state, seat), _NAMES)
    no_sideways_scrolling(page, _TABLE_PARTS)
