"""The card helpers every card game shares (``app/rules/cards.py``), on hand-worked hands."""

from __future__ import annotations

import pytest

from app.rules.cards import count_by, draw_top, without, without_one


def test_count_by_lists_the_given_order_first_then_first_appearance() -> None:
    counts = count_by(["b", "a", "c", "a", "b", "a"], order=["c", "a"])
    assert list(counts.items()) == [("c", 1), ("a", 3), ("b", 2)]


def test_draw_top_takes_index_zero_and_refuses_an_empty_deck() -> None:
    assert draw_top(("top", "next")) == ("top", ("next",))
    with pytest.raises(ValueError):
        draw_top(())


def test_without_takes_out_distinct_cards_and_keeps_the_order() -> None:
    # Tong-its / Elements hands hold each card once.
    assert without(("5H", "7S", "KD", "2C"), ["KD", "5H"]) == ("7S", "2C")
    assert without(("5H",), []) == ("5H",)


def test_without_one_takes_out_a_single_copy() -> None:
    # Monster Duel hands hold copies: playing one Fire Energy leaves the other.
    hand = ("fire-energy", "cinder-pup", "fire-energy")
    assert without_one(hand, "fire-energy") == ("cinder-pup", "fire-energy")
    with pytest.raises(ValueError):
        without_one(hand, "water-energy")
