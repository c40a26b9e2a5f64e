"""Monopoly Deal's position score for the strong bot's playouts (``GameRules.evaluate``): each
seat's chance to win from its table, the race of rules/monopoly-deal.md, Winning (complete sets
of 3 different colours win).

A seat's provisional score counts, in complete sets (``_score``):

* each colour it has complete: 1 (``COMPLETE``);
* its best incomplete colours, as many as would make four with the complete ones: the share of
  the set each holds (``NEAR``), and a colour one card short again (``ONE_SHORT``): a fourth
  colour counts as a spare, since a Deal Breaker or a payment can take a set away;
* houses and hotels, the bank (up to ``BANK_CAP`` M: Paying, debts are paid from the table, so
  money shields properties) and the hand (cards to play) a little.

``win_chance`` turns the scores into chances with ``SPREAD``. The weights and the spread were
fitted (a logistic regression) on 18 000 positions of 600 two-player games between normal bots,
who play the playouts, against who won: complete colours explain most of it, the rest adds a
little.
"""

from __future__ import annotations

from app.rules.kit import win_chance
from app.rules.monopoly_deal.components import CARDS, SET_SIZE, SETS_TO_WIN
from app.rules.monopoly_deal.state import PropertySet, State

COMPLETE = 1.0
NEAR = 0.25
"""Per incomplete colour counted, times the share of its set held (2 of 3 cards: 0.17)."""
ONE_SHORT = 0.2
"""An incomplete colour one card short: one Sly Deal, wild or draw from complete."""
BUILDING = 0.08
BANK = 0.015
BANK_CAP = 10
"""Each M in the bank up to ``BANK_CAP``: beyond it the table pays most rents anyway."""
HAND = 0.05
SPREAD = 0.87
"""How far the scores may still move: a complete colour's lead is about 3 to 1."""


def evaluate(state: State, seat: int) -> float:
    """What a position is worth to ``seat`` (``GameRules.evaluate``): its chance to win from
    every table's score; 1 or 0 once the match is over (won, shared or lost)."""
    if state.result is not None:
        return 1.0 if seat in state.result.winners else 0.0
    scores = [
        _score(sets, state.banks[owner], len(state.hands[owner]))
        for owner, sets in enumerate(state.sets)
    ]
    return win_chance(scores, seat, spread=SPREAD)


def _score(sets: tuple[PropertySet, ...], bank: tuple[str, ...], hand: int) -> float:
    """One table's provisional score in complete sets (the module docstring)."""
    best: dict[str, int] = {}
    for group in sets:
        best[group.colour] = max(best.get(group.colour, 0), len(group.cards))
    complete = sum(cards >= SET_SIZE[colour] for colour, cards in best.items())
    shares = sorted(
        (
            (cards / SET_SIZE[colour], SET_SIZE[colour] - cards == 1)
            for colour, cards in best.items()
            if cards < SET_SIZE[colour]
        ),
        reverse=True,
    )[: max(0, SETS_TO_WIN + 1 - complete)]  # a fourth colour: a spare set
    buildings = sum(len(group.buildings) for group in sets)
    money = sum(CARDS[card].value for card in bank)
    return (
        COMPLETE * complete
        + sum(NEAR * share + ONE_SHORT * short for share, short in shares)
        + BUILDING * buildings
        + BANK * min(money, BANK_CAP)
        + HAND * hand
    )
