"""The Coloretto bot (design 1.5): greedy on its own score, it reads only its view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.coloretto.components import (
    CARDS_PER_COLOUR,
    JOKER,
    JOKERS,
    PLUS_TWO,
    PLUS_TWOS,
    ROW_SIZE,
)
from app.rules.coloretto.scoring import score_collection
from app.rules.rng import Rng

# --- the bot (design 1.5) ----------------------------------------------------------------------

_Hand = dict[str, int]
"""A collection as the bot sees it: colour counts plus ``"joker"`` and ``"plus2"`` counts."""


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A greedy bot that reads only its view: it values rows by the change in its own
    ``score_collection``, takes a row once it is worth more than waiting, and places drawn cards
    where they help itself and hurt the opponents still in the round most."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    bot = _BotView.read(view)
    if view["phase"] == "place":
        return best_of(legal, [bot.place_value(action["row"]) for action in legal], rng)
    draws = [action for action in legal if action["type"] == "draw"]
    takes = [action for action in legal if action["type"] == "take_row"]
    gains: list[float] = [bot.gain(bot.me, bot.rows[action["row"]]) for action in takes]
    if takes and (not draws or max(gains) >= bot.waiting_value()):
        return best_of(takes, gains, rng)
    return draws[0]


@dataclass(frozen=True)
class _BotView:
    """The parts of a view the bot reasons about."""

    me: int
    table: tuple[int, ...]
    colours: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    open_rows: tuple[int, ...]
    hands: tuple[_Hand, ...]
    active: tuple[int, ...]
    drawn: str | None
    unseen: _Hand

    @classmethod
    def read(cls, view: Mapping[str, Any]) -> _BotView:
        """Pick the bot's inputs out of a view (nothing else is available to it)."""
        colours = tuple(view["colours"])
        hands = tuple(
            {**c["colours"], JOKER: c["jokers"], PLUS_TWO: c["plus_twos"]}
            for c in view["collections"]
        )
        rows = tuple(tuple(row["cards"]) for row in view["rows"])
        unseen: _Hand = dict.fromkeys(colours, CARDS_PER_COLOUR)
        unseen.update({JOKER: JOKERS, PLUS_TWO: PLUS_TWOS})
        seen = [card for row in rows for card in row]
        seen += [] if view["drawn"] is None else [view["drawn"]]
        for hand in hands:
            seen += [card for card, count in hand.items() for _ in range(count)]
        for card in seen:
            unseen[card] -= 1
        return cls(
            me=view["you"],
            table=tuple(view["score_table"]),
            colours=colours,
            rows=rows,
            open_rows=tuple(i for i, row in enumerate(view["rows"]) if row["taken_by"] is None),
            hands=hands,
            active=tuple(
                seat for seat, c in enumerate(view["collections"]) if c["row_taken"] is None
            ),
            drawn=view["drawn"],
            unseen={card: count for card, count in unseen.items() if count > 0},
        )

    def score(self, hand: _Hand) -> int:
        """The hand's best score."""
        counts = {colour: hand.get(colour, 0) for colour in self.colours}
        return score_collection(counts, hand.get(JOKER, 0), hand.get(PLUS_TWO, 0), table=self.table)

    def gain(self, seat: int, cards: Sequence[str]) -> int:
        """How much taking ``cards`` would change ``seat``'s score."""
        hand = self.hands[seat]
        grown = dict(hand)
        for card in cards:
            grown[card] = grown.get(card, 0) + 1
        return self.score(grown) - self.score(hand)

    def best_row_gain(self, seat: int, rows: Sequence[Sequence[str]]) -> int:
        """What ``seat`` gains by taking its best non-empty open row."""
        gains = [self.gain(seat, rows[row]) for row in self.open_rows if rows[row]]
        return max(gains, default=0)

    def place_value(self, row: int) -> float:
        """Placing the drawn card in ``row``: the bot's best row afterwards, minus half of what
        the opponents still in the round could get from their best rows afterwards."""
        assert self.drawn is not None
        rows = list(self.rows)
        rows[row] = rows[row] + (self.drawn,)
        value: float = self.best_row_gain(self.me, rows)
        others = [seat for seat in self.active if seat != self.me]
        if others:
            value -= 0.5 * sum(self.best_row_gain(seat, rows) for seat in others) / len(others)
        return value

    def waiting_value(self) -> float:
        """What drawing instead of taking a row is worth to the bot, in its own points.

        The last seat in a round keeps every row to itself, so it looks one card ahead. With
        opponents still in, the rows the bot likes may be gone by its next turn, so it only waits
        while the best row is worth little and there is still room to grow it.
        """
        rows_with_room = [row for row in self.open_rows if len(self.rows[row]) < ROW_SIZE]
        if self.active == (self.me,):
            return self._lookahead(rows_with_room)
        room = sum(ROW_SIZE - len(self.rows[row]) for row in rows_with_room)
        others = len(self.active) - 1
        # Each opponent still in is likely to take one of the better rows first.
        return 3.0 if room > others else 1.0

    def _lookahead(self, rows_with_room: Sequence[int]) -> float:
        """The expected best-row gain after drawing one more card and placing it well."""
        total = sum(self.unseen.values())
        if total == 0:
            return float("-inf")
        expected = 0.0
        for card, count in self.unseen.items():
            outcomes = []
            for row in rows_with_room:
                rows = list(self.rows)
                rows[row] = rows[row] + (card,)
                outcomes.append(self.best_row_gain(self.me, rows))
            expected += count * max(outcomes)
        return expected / total


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player, the one ``choose`` must beat (``bench.games``), looking one card ahead
    for itself only: it takes the row that raises its own score most (``score_collection``: its
    3 best colours count, the others less, jokers and "+2" cards, rules/coloretto.md, Scoring)
    unless drawing looks better: the best row gain it expects after one more card (of those it
    cannot see), placed where it helps it most; it places a drawn card where its own best row
    is worth the most afterwards. It ignores what the others could take."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    bot = _BotView.read(view)
    if view["phase"] == "place":
        drawn = (bot.drawn,) if bot.drawn is not None else ()
        gains = [
            bot.best_row_gain(
                bot.me,
                [
                    cards + drawn if row == action["row"] else cards
                    for row, cards in enumerate(bot.rows)
                ],
            )
            for action in legal
        ]
        return best_of(legal, gains, rng)
    draws = [action for action in legal if action["type"] == "draw"]
    takes = [action for action in legal if action["type"] == "take_row"]
    gains = [bot.gain(bot.me, bot.rows[action["row"]]) for action in takes]
    rows_with_room = [row for row in bot.open_rows if len(bot.rows[row]) < ROW_SIZE]
    if takes and (not draws or max(gains) >= bot._lookahead(rows_with_room)):
        return best_of(takes, gains, rng)
    return draws[0]
