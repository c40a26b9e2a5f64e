"""Tong-its's bots (design 1.5), reading only their seat's view: ``choose``, the game's bot, and
``greedy_bot``, the simple player it must beat (``bench.games`` plays both).

``choose`` values a hand by what it would count at the end (``melds.deadwood``: the least points
left over by the hidden melds), plus almost a point for each unseen card that would turn two of
its left-over cards into a meld (worth less as the stock runs out). Each decision compares the
hands it leads to (rules/tong-its.md, sections named below):

* Tong-its first (Ways a hand ends): when lay-offs, melds and at most one discard can empty the
  hand this turn (a search over the cards that fit exposed melds), it plays that out.
* The draw (Normal turn 1): the top discard is taken when the hand it leaves, with its meld
  exposed and a bonus for owning an exposed meld, is worth more than the mean, over the unseen
  cards, of drawing that card and discarding the best one.
* Exposing (Normal turn 2): hidden melds already count nothing, and an exposed meld takes the
  others' lay-offs, which lower their counts and stop its owner calling (Normal turn 3). So the
  first meld waits until an opponent could call before the bot's next turn (it owns an exposed
  meld and nobody laid off on it since its last turn) or the stock is nearly out: without one
  the bot would fold at once and be burned. It then exposes one meld, the one fewest unseen
  cards fit, and every set of four it holds face down (a secret four takes no lay-off and earns
  its bonus). With ``hand_count: "all"`` every card in hand counts, so it exposes every meld.
  Waiting wins clearly more often against greedy players (``bench.games``) than exposing at once.
* Lay-offs (Normal turn 3) whenever they do not make the hand worse; one that blocks an opponent
  from calling earns a little.
* The discard (Normal turn 4): the card whose loss leaves the best hand, less the chance that
  the next seat holds two cards that meld with it (it would take it).
* Calling a draw (Ways a hand ends): with a count of 0-2, or when its chance of a count lower
  than every opponent able to fight is at least even; at once when none can (they all fold).
  An opponent's count is modelled from its hand size and the unseen cards' mean points.
* Answering a call: fight unless the chance of beating the caller is below about 1 in 7 (a fold
  loses surely; a lost fight costs 1 chip more: Payments).

``python -m bench.games --game tong_its`` measures both bots (the module's constants were tuned
there).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import erf, sqrt
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.rng import Rng
from app.rules.tong_its.components import (
    DECK,
    PLAYERS,
    RANKS,
    SUITS,
    Card,
    hand_points,
    parse_card,
    points,
)
from app.rules.tong_its.melds import best_melds, deadwood, extend, fits, hand_melds, is_set

POTENTIAL = 0.9
"""What one unseen card that would make a meld of two left-over cards is worth, in points, while
the stock is full (scaled down as it runs out: fewer draws are left to find it)."""
EXPOSED = 12.0
"""What owning an exposed meld is worth, in points (calling, fighting, not being burned)."""
LAY_OFF_TARGET = 0.5
"""The cost, in points, of each unseen card that could be laid off on a meld the bot exposes
(a lay-off on its meld stops it calling on its next turn)."""
FEED = 6.0
"""The cost, in points, of a discard the next seat surely takes (scaled by the chance that it
holds two cards that meld with it)."""
BLOCK = 1.0
"""The worth, in points, of laying off on the meld of an opponent not yet blocked (it may not
call on its next turn)."""
SHARE = 0.85
SHARE_SPREAD = 0.2
"""An opponent's count is likely its hand size times the unseen cards' mean points times a share
of about ``SHARE`` (its hidden melds count nothing and it sheds its high cards), give or take
``SHARE_SPREAD`` (measured over bench games against greedy players and the bot itself)."""
CALL_CHANCE = 0.5
"""The bot calls a draw when its chance of the lowest count (``_Table.beats``) is at least this."""
FOLD_CHANCE = 0.12
"""The bot folds a called draw when its chance of beating the caller is below this: a fold
loses 2 chips, a lost fight 3, a won fight gains at least 4 (Payments), so fighting pays from
about 1 in 7."""
SURE = 2
"""Rule-of-thumb counts low enough to call or fight whatever the others hold."""
STOCK = 15
"""The stock after the deal (Deal)."""
LAST_DRAWS = 3
"""With this many stock cards or fewer the bot exposes its first meld whatever the others hold:
the hand may end at any turn, and a seat without one is burned (Stock exhausted)."""
TOLERANCE = 0.25
"""How much worse (in points) a hand may get by exposing a meld the bot means to expose."""


# --- reading the view --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Exposed:
    """An exposed meld as the view shows it: its index, owner and cards (``None``: another
    seat's secret four)."""

    index: int
    owner: int
    cards: tuple[Card, ...] | None
    secret: bool


@dataclass(frozen=True)
class _Table:
    """What the bot reads from its view once per decision, and the hand values it works out
    (kept for the rest of the decision)."""

    seat: int
    hand: tuple[Card, ...]
    count_all: bool
    """Option ``hand_count: "all"``: every card in hand counts."""
    melds: tuple[_Exposed, ...]
    unseen: frozenset[Card]
    """The cards the bot cannot see: the other hands, the stock, face-down or buried cards."""
    hand_sizes: tuple[int, ...]
    stock: int
    caller: int | None
    top: Card | None
    blocked: tuple[bool, ...]
    _values: dict[frozenset[Card], float] = field(default_factory=dict)

    @classmethod
    def read(cls, view: Mapping[str, Any]) -> _Table:
        hand = tuple(_cards(view["hand"] or ()))
        melds = tuple(
            _Exposed(
                index=index,
                owner=meld["owner"],
                cards=None if meld["cards"] is None else tuple(_cards(meld["cards"])),
                secret=meld["secret"],
            )
            for index, meld in enumerate(view["melds"])
        )
        top = None if view["discard_top"] is None else parse_card(view["discard_top"])
        seen = set(hand)
        for meld in melds:
            seen.update(meld.cards or ())
        seen.update(_cards(view["discards"] or ()))
        if top is not None:
            seen.add(top)
        return cls(
            seat=int(view["you"]),
            hand=hand,
            count_all=view["options"]["hand_count"] == "all",
            melds=melds,
            unseen=frozenset(DECK) - seen,
            hand_sizes=tuple(view["hand_sizes"]),
            stock=view["stock"],
            caller=view["caller"],
            top=top,
            blocked=tuple(view["blocked"]),
        )

    # --- who owns what ---

    def owns_meld(self, seat: int) -> bool:
        return any(meld.owner == seat for meld in self.melds)

    def threatened(self) -> bool:
        """Whether an opponent may call a draw before the bot's next turn (it owns an exposed
        meld and nobody laid off on it since its last turn), or the stock is nearly out."""
        return self.stock <= LAST_DRAWS or any(
            self.owns_meld(seat) and not self.blocked[seat]
            for seat in range(PLAYERS)
            if seat != self.seat
        )

    def targets(self) -> list[tuple[Card, ...]]:
        """The exposed melds a card may be laid off on (not secret fours)."""
        return [meld.cards for meld in self.melds if meld.cards is not None and not meld.secret]

    # --- valuing hands ---

    def value(self, cards: Iterable[Card]) -> float:
        """How good a hand is to hold after the turn: minus its deadwood, plus the unseen cards
        that would meld two of its left-over cards."""
        key = frozenset(cards)
        if key not in self._values:
            hand = tuple(key)
            melded = {card for meld in best_melds(hand) for card in meld}
            left = [card for card in hand if card not in melded]
            # Fewer draws are left to find the outs as the stock runs out.
            weight = POTENTIAL * min(1.0, self.stock / STOCK + 0.2)
            self._values[key] = -deadwood(hand) + weight * _outs(left, self.unseen)
        return self._values[key]

    def feed(self, card: Card) -> float:
        """The cost of discarding ``card``: the chance that the next seat holds two unseen cards
        that meld with it (it would take it, Normal turn 1), times ``FEED``."""
        nearby = [
            (rank, card.suit)
            for rank in (card.rank - 2, card.rank - 1, card.rank + 1, card.rank + 2)
        ]
        kin = sum(Card(card.rank, suit) in self.unseen for suit in SUITS)
        pairs = kin * (kin - 1) / 2
        for low, high in ((0, 1), (1, 2), (2, 3)):
            pairs += all(Card(*nearby[at]) in self.unseen for at in (low, high))
        chance = self.hand_sizes[(self.seat + 1) % PLAYERS] / max(1, len(self.unseen))
        return FEED * pairs * chance * chance

    def best_discard(self, cards: Sequence[Card]) -> float:
        """The value of ``cards`` once the best card is discarded (``value`` less ``feed``)."""
        return max(self.value(_less(cards, (card,))) - self.feed(card) for card in cards)

    def fit_count(self, meld: Sequence[Card]) -> int:
        """How many unseen cards could be laid off on ``meld``."""
        return sum(fits(card, meld) for card in self.unseen)

    def beats(self, seat: int, count: int, *, tie: bool) -> float:
        """The chance that ``seat``'s count is above ``count`` (or equal, with ``tie``): its
        size times the unseen cards' mean points, times a share spread normally around
        ``SHARE`` (every card counts with ``hand_count: "all"``)."""
        mean = hand_points(self.unseen) / max(1, len(self.unseen))
        full = max(1.0, self.hand_sizes[seat] * mean)
        share = 1.0 if self.count_all else SHARE
        # The normal's chance of lying above the count (half a point lower with ``tie``).
        edge = (count - (0.5 if tie else -0.5)) / full
        return 0.5 * (1.0 - erf((edge - share) / (SHARE_SPREAD * sqrt(2.0))))


def _cards(texts: Iterable[str]) -> list[Card]:
    cards = [parse_card(text) for text in texts]
    return [card for card in cards if card is not None]


def _less(cards: Iterable[Card], gone: Iterable[Card]) -> tuple[Card, ...]:
    out = set(gone)
    return tuple(card for card in cards if card not in out)


def _outs(left: Sequence[Card], unseen: frozenset[Card]) -> int:
    """The unseen cards that would make a meld of two left-over cards: the other cards of a
    pair's rank, the ends of two suited neighbours, the middle of a suited gap of one."""
    outs = 0
    for index, first in enumerate(left):
        for second in left[index + 1 :]:
            if first.rank == second.rank:
                outs += sum(
                    Card(first.rank, suit) in unseen
                    for suit in SUITS
                    if suit not in (first.suit, second.suit)
                )
            elif first.suit == second.suit:
                low, high = sorted((first.rank, second.rank))
                if high - low == 1:
                    wanted: tuple[int, ...] = (low - 1, high + 1)
                elif high - low == 2:
                    wanted = (low + 1,)
                else:
                    continue
                outs += sum(rank in RANKS and Card(rank, first.suit) in unseen for rank in wanted)
    return outs


# --- Tong-its: emptying the hand this turn -----------------------------------------------------


def _lay_offs(
    hand: Sequence[Card], targets: Sequence[tuple[Card, ...]]
) -> list[tuple[tuple[Card, int], ...]]:
    """Every set of hand cards that can be laid off on ``targets`` in turn, each as one chain
    ``(card, target index)`` in playing order (a card may fit only once another is laid off);
    the empty chain first. A card that fits two melds is tried on each, but each set of cards
    is kept once."""
    found: dict[frozenset[Card], tuple[tuple[Card, int], ...]] = {}

    def grow(chain: tuple[tuple[Card, int], ...], melds: list[tuple[Card, ...]]) -> None:
        laid = frozenset(card for card, _ in chain)
        if laid in found:
            return
        found[laid] = chain
        for card in hand:
            if card in laid:
                continue
            for index, meld in enumerate(melds):
                if fits(card, meld):
                    grown = list(melds)
                    grown[index] = extend(meld, card)
                    grow((*chain, (card, index)), grown)

    grow((), list(targets))
    return list(found.values())


def tong_its_plan(
    hand: Sequence[Card], targets: Sequence[tuple[Card, ...]]
) -> tuple[tuple[tuple[Card, int], ...], tuple[tuple[Card, ...], ...], Card | None] | None:
    """A way to empty ``hand`` this turn (Ways a hand ends, Tong-its): lay-offs on ``targets``
    in order, melds of the cards left, and the last card to discard (``None``: the melds empty
    the hand); ``None`` when there is none."""
    for chain in _lay_offs(hand, targets):
        rest = _less(hand, (card for card, _ in chain))
        if not rest:
            return chain, (), None
        if deadwood(rest) == 0:
            return chain, best_melds(rest), None
        for card in sorted(rest, key=points, reverse=True):
            left = _less(rest, (card,))
            if deadwood(left) == 0:
                return chain, best_melds(left), card
    return None


def _tong_its_step(table: _Table, legal: list[Action]) -> Action | None:
    """The first action of a Tong-its this turn, if there is one."""
    targets = [meld for meld in table.melds if meld.cards is not None and not meld.secret]
    plan = tong_its_plan(table.hand, [meld.cards or () for meld in targets])
    if plan is None:
        return None
    chain, melds, last = plan
    if chain:
        card, index = chain[0]
        step: Action = {"type": "lay_off", "card": card.to_json(), "meld": targets[index].index}
        return step if step in legal else None
    for meld in melds:
        cards = [card.to_json() for card in meld]
        for secret in (True, False):
            step = {"type": "expose", "cards": cards, "secret": secret}
            if step in legal:
                return step
    if last is not None:
        step = {"type": "discard", "card": last.to_json()}
        return step if step in legal else None
    return None


# --- the game's bot ----------------------------------------------------------------------------


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The game's bot (the module docstring says how it plays)."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    table = _Table.read(view)
    kinds = {action["type"] for action in legal}
    if "fight" in kinds:
        return {"type": "fight"} if _fights(table, view["count"]) else {"type": "fold"}
    if view["phase"] == "draw":
        return _choose_draw(table, view["count"], legal, rng)
    return _choose_meld(table, legal, rng)


def _fights(table: _Table, count: int) -> bool:
    """Fight a called draw unless the count is hopeless against the caller's (a tie goes to
    the fighter: Ways a hand ends, Call a draw)."""
    caller = table.caller if table.caller is not None else (table.seat + 1) % PLAYERS
    return count <= SURE or table.beats(caller, count, tie=True) >= FOLD_CHANCE


def _calls(table: _Table, count: int) -> bool:
    """Call a draw: nobody can fight, or the count is likely lower than every fighter's (a tie
    goes to the fighter)."""
    chance = 1.0
    for seat in range(PLAYERS):
        if seat != table.seat and table.owns_meld(seat):
            chance *= table.beats(seat, count, tie=False)
    return count <= SURE or chance >= CALL_CHANCE


def _choose_draw(table: _Table, count: int, legal: list[Action], rng: Rng) -> Action:
    """Call, take the top discard, or draw from the stock (Normal turn 1)."""
    call: Action = {"type": "call_draw"}
    if call in legal and _calls(table, count):
        return call
    takes = [action for action in legal if action["type"] == "take_discard"]
    draw: Action = {"type": "draw"}
    if not takes or table.top is None:
        return draw if draw in legal else best_of(legal, [0] * len(legal), rng)
    targets = table.targets()
    values: list[float] = []
    for action in takes:
        cards = _cards(action["cards"])
        meld = tuple(sorted((*cards, table.top)))
        rest = _less(table.hand, cards)
        if tong_its_plan(rest, [*targets, meld]) is not None:
            return action
        values.append(table.best_discard(rest) + EXPOSED - LAY_OFF_TARGET * table.fit_count(meld))
    if draw not in legal:
        return best_of(takes, values, rng)
    owned = table.owns_meld(table.seat)
    drawn = []
    for card in sorted(table.unseen):  # a fixed order: float sums do not depend on hashing
        held = (*table.hand, card)
        bonus = EXPOSED if owned or hand_melds(held) else 0.0
        drawn.append(table.best_discard(held) + bonus)
    if max(values) > sum(drawn) / max(1, len(drawn)):
        return best_of(takes, [round(value, 6) for value in values], rng)
    return draw


def _choose_meld(table: _Table, legal: list[Action], rng: Rng) -> Action:
    """After the draw: Tong-its if it can, else lay off, expose, then discard (Normal turn 2-4)."""
    step = _tong_its_step(table, legal)
    if step is not None:
        return step
    hand = table.hand
    now = table.best_discard(hand)
    lay_offs = [action for action in legal if action["type"] == "lay_off"]
    if lay_offs:
        blocked = [seat for seat in range(PLAYERS) if table.blocked[seat]]
        values = []
        for action in lay_offs:
            card = parse_card(action["card"])
            assert card is not None  # the rules list only cards in hand
            owner = table.melds[action["meld"]].owner
            values.append(
                table.best_discard(_less(hand, (card,)))
                + (BLOCK if owner not in (table.seat, *blocked) else 0.0)
            )
        if max(values) >= now - 1e-9:
            return best_of(lay_offs, [round(value, 6) for value in values], rng)
    exposes = [action for action in legal if action["type"] == "expose"]
    # The first meld waits until an opponent could call before the bot's next turn: until then
    # it would only take the others' lay-offs, which lower their counts and block the bot.
    first = not table.owns_meld(table.seat) and table.threatened()
    wanted = []
    for action in exposes:
        cards = _cards(action["cards"])
        value = table.best_discard(_less(hand, cards))
        if value < now - TOLERANCE:
            continue  # the meld's cards do better in other melds or as outs
        if action["secret"] or table.count_all or first:
            outs = 0 if action["secret"] else table.fit_count(cards)
            four = len(cards) == 4 and is_set(cards)
            # A set of four goes face down (its bonus, and nobody lays off on it).
            if not four or action["secret"]:
                wanted.append((action, (action["secret"], -outs, round(value, 6))))
    if wanted:
        return best_of([action for action, _ in wanted], [key for _, key in wanted], rng)
    discards = [action for action in legal if action["type"] == "discard"]
    values = []
    for action in discards:
        card = parse_card(action["card"])
        assert card is not None  # the rules list only cards in hand
        values.append(round(table.value(_less(hand, (card,))) - table.feed(card), 6))
    return best_of(discards, values, rng)


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player: it calls a draw whenever it may, takes the top discard whenever it can
    (the biggest meld), exposes every meld as soon as it can (the biggest first, face up), lays
    off whenever it can, discards its highest card, and always fights."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    for kind in ("fight", "call_draw"):
        if {"type": kind} in legal:
            return {"type": kind}
    for kind in ("take_discard", "expose"):
        melds = [action for action in legal if action["type"] == kind and not action.get("secret")]
        if melds:
            return best_of(melds, [len(action["cards"]) for action in melds], rng)
    lay_offs = [action for action in legal if action["type"] == "lay_off"]
    if lay_offs:
        return best_of(lay_offs, [0] * len(lay_offs), rng)
    discards = [action for action in legal if action["type"] == "discard"]
    if discards:
        values = [points(parse_card(action["card"]) or Card(0, "S")) for action in discards]
        return best_of(discards, values, rng)
    return best_of(legal, [0] * len(legal), rng)
