"""Coloretto's bots (design 1.5), reading only their seat's view: ``choose``, the game's bot, and
``greedy_bot``, the simple player it must beat (``bench.games`` plays both).

Both value a row by the change it makes to their own ``score_collection`` and look one card
ahead before they take one. ``choose`` also places a drawn card where it helps the opponents
still in the round least, and before it draws instead of taking a row it plays the table out to
its next turn a few times (``DEALS``): a card it cannot see drawn for itself and placed, then
every opponent still in the round taking a row or drawing as ``greedy_bot`` would; drawing must
be worth more on average than the row it could take now. Waiting for a fuller row pays against
patient players only as long as they leave that row alone, which ``greedy_bot``'s look-ahead
never asks (``python -m bench.games --game coloretto``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
from app.rules.coloretto.game import view
from app.rules.coloretto.scoring import score_collection
from app.rules.coloretto.state import State
from app.rules.rng import Rng

DEALS = 8
"""Play-outs to the bot's next turn per decision to draw or take a row."""

OPPONENT_WEIGHT = 1.5
"""Placing a card: how much the opponents' (mean) best row gain counts against the bot's own."""

# --- the bot (design 1.5) ----------------------------------------------------------------------

_Hand = dict[str, int]
"""A collection as the bot sees it: colour counts plus ``"joker"`` and ``"plus2"`` counts."""


_Rows = list[tuple[str, ...]]


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The game's bot (see the module docstring): it takes its best row once that is worth at
    least what drawing is expected to leave it on its next turn, and places a drawn card where
    its own best row gains most against the opponents still in the round."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    bot = _BotView.read(view)
    rows = list(bot.rows)
    if view["phase"] == "place":
        assert bot.drawn is not None
        values = [
            bot.place_value(rows, bot.open_rows, bot.active, action["row"], bot.drawn)
            for action in legal
        ]
        return best_of(legal, values, rng)
    draws = [action for action in legal if action["type"] == "draw"]
    takes = [action for action in legal if action["type"] == "take_row"]
    gains: list[float] = [bot.gain(bot.me, rows[action["row"]]) for action in takes]
    if not takes:
        return draws[0]
    if not draws:
        return best_of(takes, gains, rng)
    if bot.active == (bot.me,):
        waiting = bot.lookahead(bot.me, rows, bot.open_rows)
    else:
        waiting, rng = bot.next_turn_value(rng)
    return best_of(takes, gains, rng) if max(gains) >= waiting else draws[0]


@dataclass(frozen=True)
class _BotView:
    """The parts of a view the bots reason about, and the row gains worked out from them (kept
    for the rest of the decision)."""

    me: int
    players: int
    table: tuple[int, ...]
    colours: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    open_rows: tuple[int, ...]
    hands: tuple[_Hand, ...]
    active: tuple[int, ...]
    drawn: str | None
    unseen: _Hand
    gains: dict[tuple[int, tuple[str, ...]], int] = field(default_factory=dict, compare=False)
    scores: dict[int, int] = field(default_factory=dict, compare=False)
    """Per seat, its collection's score now (``gain`` asks for it again and again)."""

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
            players=len(hands),
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
        key = (seat, tuple(sorted(cards)))
        if key not in self.gains:
            hand = self.hands[seat]
            grown = dict(hand)
            for card in cards:
                grown[card] = grown.get(card, 0) + 1
            if seat not in self.scores:
                self.scores[seat] = self.score(hand)
            self.gains[key] = self.score(grown) - self.scores[seat]
        return self.gains[key]

    def best_row_gain(
        self, seat: int, rows: Sequence[Sequence[str]], open_rows: Sequence[int]
    ) -> int:
        """What ``seat`` gains by taking its best non-empty open row."""
        return max((self.gain(seat, rows[row]) for row in open_rows if rows[row]), default=0)

    def placed(self, rows: _Rows, row: int, card: str) -> _Rows:
        """The rows with ``card`` added to ``row``."""
        return [cards + (card,) if index == row else cards for index, cards in enumerate(rows)]

    def lookahead(self, seat: int, rows: _Rows, open_rows: Sequence[int]) -> float:
        """The best row gain ``seat`` expects after drawing one more card (of those the bot
        cannot see) and placing it where it helps ``seat`` most."""
        room = [row for row in open_rows if len(rows[row]) < ROW_SIZE]
        total = sum(self.unseen.values())
        if not room or total == 0:
            return float("-inf")
        expected = 0.0
        for card, count in self.unseen.items():
            outcomes = (
                self.best_row_gain(seat, self.placed(rows, row, card), open_rows) for row in room
            )
            expected += count * max(outcomes)
        return expected / total

    def place_value(
        self, rows: _Rows, open_rows: Sequence[int], active: Sequence[int], row: int, card: str
    ) -> float:
        """Placing ``card`` in ``row``: the bot's best row afterwards, less ``OPPONENT_WEIGHT``
        times the mean best row of the opponents still in the round."""
        after = self.placed(rows, row, card)
        value: float = self.best_row_gain(self.me, after, open_rows)
        others = [seat for seat in active if seat != self.me]
        if others:
            theirs = sum(self.best_row_gain(seat, after, open_rows) for seat in others)
            value -= OPPONENT_WEIGHT * theirs / len(others)
        return value

    def next_turn_value(self, rng: Rng) -> tuple[float, Rng]:
        """What drawing now is expected to leave the bot on its next turn, over ``DEALS``
        play-outs: the drawn card placed by ``place_value``, then each opponent still in the
        round, in turn order (clockwise), taking its best row or drawing and placing as
        ``greedy_bot`` would; then the better of the bot's best row and its own look-ahead
        (a row with room may grow again)."""
        cards = [card for card, count in self.unseen.items() for _ in range(count)]
        if not cards:
            return float("-inf"), rng
        total = 0.0
        for _ in range(DEALS):
            rows, open_rows, active = list(self.rows), list(self.open_rows), list(self.active)
            card, rng = rng.choice(cards)
            rows = self._place_best(rows, open_rows, active, card)
            for step in range(1, self.players):
                seat = (self.me + step) % self.players
                if seat not in active:
                    continue
                room = any(len(rows[row]) < ROW_SIZE for row in open_rows)
                full = [row for row in open_rows if rows[row]]
                best = self.best_row_gain(seat, rows, open_rows)
                if full and (not room or best >= self.lookahead(seat, rows, open_rows)):
                    taken = max(full, key=lambda row: self.gain(seat, rows[row]))
                    open_rows.remove(taken)
                    active.remove(seat)
                elif room:
                    card, rng = rng.choice(cards)
                    rows, rng = self._greedy_place(seat, rows, open_rows, card, rng)
            value = float(self.best_row_gain(self.me, rows, open_rows))
            if any(len(rows[row]) < ROW_SIZE for row in open_rows):
                value = max(value, self.lookahead(self.me, rows, open_rows))
            total += value
        return total / DEALS, rng

    def _place_best(self, rows: _Rows, open_rows: list[int], active: list[int], card: str) -> _Rows:
        """The rows after the bot places ``card`` by ``place_value`` (the first best row)."""
        room = [row for row in open_rows if len(rows[row]) < ROW_SIZE]
        row = max(room, key=lambda row: self.place_value(rows, open_rows, active, row, card))
        return self.placed(rows, row, card)

    def _greedy_place(
        self, seat: int, rows: _Rows, open_rows: list[int], card: str, rng: Rng
    ) -> tuple[_Rows, Rng]:
        """The rows after ``seat`` places ``card`` as ``greedy_bot`` does (the rng drawing among
        equally good rows, as ``best_of`` does: a card nobody wants lands anywhere)."""
        room = [row for row in open_rows if len(rows[row]) < ROW_SIZE]
        values = [self.best_row_gain(seat, self.placed(rows, row, card), open_rows) for row in room]
        row, rng = rng.choice(
            [row for row, value in zip(room, values, strict=True) if value == max(values)]
        )
        return self.placed(rows, row, card), rng


def rollout(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The strong bot's playout policy (``GameRules.rollout``): ``greedy_bot`` on the drawn
    state's view. The normal bot's own look-ahead (``DEALS`` play-outs of the table a turn)
    left the search 6 playouts a decision at 5 players."""
    return greedy_bot(view(state, seat), legal, rng)


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
    rows = list(bot.rows)
    if view["phase"] == "place":
        assert bot.drawn is not None
        drawn = bot.drawn
        gains = [
            bot.best_row_gain(bot.me, bot.placed(rows, action["row"], drawn), bot.open_rows)
            for action in legal
        ]
        return best_of(legal, gains, rng)
    draws = [action for action in legal if action["type"] == "draw"]
    takes = [action for action in legal if action["type"] == "take_row"]
    gains = [bot.gain(bot.me, rows[action["row"]]) for action in takes]
    if takes and (not draws or max(gains) >= bot.lookahead(bot.me, rows, bot.open_rows)):
        return best_of(takes, gains, rng)
    return draws[0]
