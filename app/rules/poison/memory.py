"""What Poison's table knows from the round's plays (rules/poison.md, Hidden information): every
card goes into a cauldron face up and a boil-over names its taker, so the plays (the view's
``played``) tell what each collected pile holds and what no hand can hold any more. The bots'
guesses of the hidden hands (``determinize``, the normal bot's look-ahead) are dealt from here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.poison.checks import colour_of, takes
from app.rules.poison.components import CAULDRONS, DECK, sort_key, value_of
from app.rules.rng import Rng

Plays = Sequence[Mapping[str, Any]]
"""A round's plays in order, each as the log's ``card_played`` entry: ``seat``, ``card``,
``cauldron`` and ``taken`` (how many cards the play took, 0 if it did not boil over)."""


def taken_in_round(plays: Plays, players: int) -> tuple[tuple[str, ...], ...]:
    """Per seat, the cards it took in a round with these plays, in the order taken: a play that
    boils over takes what its cauldron held before it (Turn)."""
    pots: list[list[str]] = [[] for _ in range(CAULDRONS)]
    taken: list[list[str]] = [[] for _ in range(players)]
    for play in plays:
        pot = pots[play["cauldron"]]
        if play["taken"]:
            taken[play["seat"]] += pot
            pot.clear()
        pot.append(play["card"])
    return tuple(tuple(cards) for cards in taken)


def lacked_cards(
    plays: Plays, mode: str, threshold: int, players: int
) -> tuple[frozenset[str], ...]:
    """Per seat, the cards it does not hold: a player boils a cauldron over only with no safe
    play (a safe one costs nothing), so at each of its boil-overs every card it held would have
    boiled over wherever it could go (Turn, Cauldrons); no card comes into a hand during a
    round, so it holds none of the cards that would have been safe then."""
    pots: list[list[str]] = [[] for _ in range(CAULDRONS)]
    lacking: list[set[str]] = [set() for _ in range(players)]
    for play in plays:
        if play["taken"]:
            totals = [sum(value_of(card) for card in pot) for pot in pots]
            colours = [colour_of(mode, index, pot) for index, pot in enumerate(pots)]
            lacking[play["seat"]].update(
                card
                for card in _KINDS
                if any(
                    takes(colours, index, card) and totals[index] + value_of(card) < threshold
                    for index in range(CAULDRONS)
                )
            )
        pot = pots[play["cauldron"]]
        if play["taken"]:
            pot.clear()
        pot.append(play["card"])
    return tuple(frozenset(cards) for cards in lacking)


_KINDS = sorted(set(DECK), key=sort_key)
"""Every distinct card."""


def unplayed(hand: Sequence[str], plays: Plays, rng: Rng) -> tuple[list[str], Rng]:
    """The cards neither in ``hand`` nor played this round, shuffled: the other hands and the
    cards set aside hold them."""
    left = Counter(DECK)
    left.subtract([*hand, *(play["card"] for play in plays)])
    shuffled, rng = rng.shuffle(sorted(left.elements(), key=sort_key))
    return list(shuffled), rng


def deal_hands(
    cards: list[str], counts: Mapping[int, int], lacking: Sequence[frozenset[str]]
) -> dict[int, tuple[str, ...]]:
    """Hands of ``counts[seat]`` cards for the seats in ``counts``, taken from the front of the
    shuffled ``cards`` (and removed from it): each seat gets only cards it may hold
    (``lacked_cards``), the seats that lack the most served first; a seat left too few of them
    (a player who boiled over on purpose) gets any."""
    hands: dict[int, tuple[str, ...]] = {}
    for seat in sorted(counts, key=lambda seat: -len(lacking[seat])):
        allowed = [index for index, card in enumerate(cards) if card not in lacking[seat]]
        if len(allowed) < counts[seat]:
            allowed = list(range(len(cards)))
        chosen = allowed[: counts[seat]]
        hands[seat] = tuple(sorted((cards[index] for index in chosen), key=sort_key))
        for index in reversed(chosen):
            del cards[index]
    return hands
