"""Manhattan's bots (design 1.5), reading only their seat's view: ``choose``, the game's bot, and
``greedy_bot``, the simple player it must beat (``bench.games`` plays both); and ``appraise``,
what ``choose`` makes of a position, for the strong bot's look-ahead (``search.look_ahead``).

``choose`` weighs every build by what the board would be worth at the round's scoring, for
itself against the others: each building counts as likely kept by its owner only as far as no
seat still to play this round could top it, which needs a chosen piece tall enough (public) and a
card for that site from its own side of the table (the bot counts the cards it cannot see: 5 per
cell, less its own hand and the played cards). City majorities and the tallest building are
discounted the same way; buildings that no other seat could ever top (no piece left tall enough)
are worth more for the rounds still to come. The bot compares its total (scores so far and the
board's worth) with the others' mean and their leader's.

It chooses its tallest pieces first: tall buildings early are hard to top, hold the tallest
building's 3 points, and score again every round (``python -m bench.games --game manhattan``:
against greedy players that spread their pieces evenly this wins clearly more often than
spreading them evenly too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.manhattan.buildings import (
    BUILDING_POINTS,
    MAJORITY_POINTS,
    TALLEST_POINTS,
    owner,
    score_round,
    storeys_of,
)
from app.rules.manhattan.components import (
    CARDS,
    CARDS_PER_CELL,
    CITIES,
    HEIGHTS,
    SITES,
    board_site,
    cell_of,
    cell_seen,
)
from app.rules.rng import Rng

Board = dict[tuple[int, int], tuple[tuple[int, int], ...]]

ATTENTION = 0.5
"""The chance that a seat able to top a building this round (a tall enough piece and a card
for it) does so: it has other things to do with its turns."""
FUTURE = 0.3
"""What a building that nobody can ever top is worth for each later round's scoring, against
1 for this round's."""
EXPOSED = 0.1
"""The same for a building some other seat could still top in a later round."""


# --- reading the view --------------------------------------------------------------------------


def read_board(view: Mapping[str, Any]) -> Board:
    """The board of a view as the named helpers take it: ``(city, site)`` -> pieces."""
    return {
        (city, site): tuple((piece["seat"], piece["storeys"]) for piece in pieces)
        for city, sites in enumerate(view["cities"])
        for site, pieces in enumerate(sites)
        if pieces
    }


def build_site(view: Mapping[str, Any], action: Action) -> tuple[int, int]:
    """The ``(city, site)`` the viewer's build ``action`` goes on."""
    return action["city"], board_site(view["sides"][view["you"]], cell_of(action["card"]))


def after_build(board: Board, view: Mapping[str, Any], action: Action) -> Board:
    """The board once the viewer has played the build ``action``."""
    key = build_site(view, action)
    return {**board, key: board.get(key, ()) + ((view["you"], action["storeys"]),)}


def choose_evenly(view: Mapping[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The choice of pieces closest to an even share of the supply over the rounds left."""
    supply: list[int] = view["supply"][view["you"]]
    per_round: int = view["pieces_per_round"]
    share = [count * per_round / max(1, sum(supply)) for count in supply]
    values = [
        -sum(abs(count - wanted) for count, wanted in zip(action["pieces"], share, strict=True))
        for action in legal
    ]
    return best_of(legal, values, rng)


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player: pieces chosen evenly over the rounds; the build that gains it the most
    points if the round were scored now (``score_round``), the smallest piece on ties; a discard
    sets its smallest piece aside."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    kind = legal[0]["type"]
    if kind == "choose_pieces":
        return choose_evenly(view, legal, rng)
    if kind == "discard":
        return best_of(legal, [-action["storeys"] for action in legal], rng)
    seat: int = view["you"]
    players: int = view["players"]
    board = read_board(view)
    now = score_round(board, players)[seat]
    values = [
        (score_round(after_build(board, view, action), players)[seat] - now, -action["storeys"])
        for action in legal
    ]
    return best_of(legal, values, rng)


# --- the game's bot ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Building:
    """One building as the bot weighs it (``_Table.building``)."""

    top: int
    """Its owner."""
    kept: float
    """The chance that its owner still owns it at this round's scoring: a seat still to play
    this round may top it if it has a piece tall enough and a card for the site."""
    height: int
    points: float
    """What it may bring its owner: this round's point as far as it is kept, and the later
    rounds' less surely (``FUTURE`` if no other seat has a piece left tall enough to top it,
    else ``EXPOSED``)."""


@dataclass(frozen=True)
class _Table:
    """What the bot reads from its view once per decision, and what it works out from it (the
    chances it computes are kept for the rest of the decision)."""

    seat: int
    players: int
    sides: list[int]
    turns: list[int]
    """Per seat, its turns left this round once the bot has played."""
    tallest_piece: list[int]
    """Per seat, its tallest piece left this round (0: none)."""
    tallest_ever: list[int]
    """Per seat, its tallest piece left in the game, chosen or in the supply (0: none)."""
    unseen: list[int]
    """Per cell, the cards of that cell the bot cannot see (in other hands or the draw pile)."""
    unseen_total: int
    hand_counts: list[int]
    scores: list[int]
    later_rounds: int
    """Scorings after this round's."""
    _cards: dict[tuple[int, frozenset[int]], float] = field(default_factory=dict)
    _buildings: dict[tuple[int, int, tuple[tuple[int, int], ...]], _Building] = field(
        default_factory=dict
    )

    @classmethod
    def read(cls, view: Mapping[str, Any]) -> _Table:
        seat: int = view["you"]
        players: int = view["players"]
        chosen = [pieces or [0] * len(HEIGHTS) for pieces in view["chosen"]]
        turns = [sum(pieces) for pieces in chosen]
        turns[seat] -= 1
        seen = [card["id"] for card in view["hand"]] + [card["id"] for card in view["played"]]
        unseen = [CARDS_PER_CELL] * SITES
        for card in seen:
            unseen[cell_of(card)] -= 1
        return cls(
            seat=seat,
            players=players,
            sides=list(view["sides"]),
            turns=turns,
            tallest_piece=[_tallest(pieces) for pieces in chosen],
            tallest_ever=[
                _tallest([a + b for a, b in zip(pieces, left, strict=True)])
                for pieces, left in zip(chosen, view["supply"], strict=True)
            ],
            unseen=unseen,
            unseen_total=CARDS - len(seen),
            hand_counts=list(view["hand_counts"]),
            scores=list(view["scores"]),
            later_rounds=view["rounds"] - view["round"],
        )

    def reach(self, seat: int, sites: Iterable[int]) -> float:
        """The chance that ``seat`` holds, or draws before its last turn this round, a card for
        one of ``sites`` (read from its side): hypergeometric over the cards the bot cannot
        see (the bot's own hand is known exactly)."""
        cells = frozenset(cell_seen(self.sides[seat], site) for site in sites)
        key = (seat, cells)
        if key not in self._cards:
            wanted = sum(self.unseen[cell] for cell in cells)
            looks = min(self.unseen_total, self.hand_counts[seat] + max(0, self.turns[seat] - 1))
            missing = 1.0
            for index in range(looks):
                missing *= max(0, self.unseen_total - wanted - index) / (self.unseen_total - index)
            self._cards[key] = 1.0 - missing
        return self._cards[key]

    def building(self, city: int, site: int, pieces: tuple[tuple[int, int], ...]) -> _Building:
        """What ``worth`` needs of one building, worked out once per decision: a decision
        weighs every build, and each changes one building of the board."""
        key = (city, site, pieces)
        if key not in self._buildings:
            top = owner(pieces)
            assert top is not None
            storeys = [storeys_of(pieces, seat) for seat in range(self.players)]
            kept = 1.0
            for other in range(self.players):
                if other in (top, self.seat) or not self.turns[other]:
                    continue
                if storeys[other] + self.tallest_piece[other] >= storeys[top]:
                    kept *= 1.0 - ATTENTION * self.reach(other, (site,))
            never_topped = all(
                storeys[other] + self.tallest_ever[other] < storeys[top]
                for other in range(self.players)
                if other != top
            )
            future = FUTURE if never_topped else EXPOSED
            self._buildings[key] = _Building(
                top=top,
                kept=kept,
                height=sum(storeys),
                points=BUILDING_POINTS * (kept + future * self.later_rounds),
            )
        return self._buildings[key]

    def weigh(self, board: Board) -> _Weighed:
        """Every building of ``board`` weighed (``building``), and what ``worth`` sums of them:
        a build changes one building, so the others' sums are worked out once a decision."""
        buildings = {key: self.building(*key, pieces) for key, pieces in board.items()}
        points = [0.0] * self.players
        by_city: list[dict[int, _Building]] = [{} for _ in range(CITIES)]
        for (city, site), building in buildings.items():
            points[building.top] += building.points
            by_city[city][site] = building
        return _Weighed(
            buildings=buildings,
            points=tuple(points),
            cities=tuple(by_city),
            majorities=tuple(self.majority(city) for city in by_city),
            ranked=tuple(sorted(buildings.values(), key=lambda building: -building.height)),
        )

    def majority(self, city: Mapping[int, _Building]) -> tuple[int, float] | None:
        """The seat leading a ``city`` (its buildings by site) and what its majority may
        bring it: as far as its buildings are kept and, one ahead only, no seat one behind
        builds on an empty site; None if nobody leads alone."""
        owned: list[list[float]] = [[] for _ in range(self.players)]
        for building in city.values():
            owned[building.top].append(building.kept)
        counts = [len(kept) for kept in owned]
        most = max(counts)
        if most == 0 or counts.count(most) > 1:
            return None
        leader = counts.index(most)
        margin = most - max(count for seat, count in enumerate(counts) if seat != leader)
        kept = 1.0
        for chance in owned[leader]:
            kept *= chance
        if margin > 1:
            kept = 1.0 - (1.0 - kept) ** margin
        else:
            empty = [site for site in range(SITES) if site not in city]
            for other in range(self.players):
                if other != leader and other != self.seat and self.turns[other]:
                    if counts[other] == most - 1 and empty:
                        kept *= 1.0 - ATTENTION * self.reach(other, empty)
        return leader, MAJORITY_POINTS * kept

    def worth(self, weighed: _Weighed, place: tuple[int, int], built: _Building) -> list[float]:
        """Per seat, the points it may expect at this round's scoring and, less surely, at the
        later ones from the board ``weighed`` once ``built`` stands at ``place``."""
        worth = list(weighed.points)
        replaced = weighed.buildings.get(place)
        if replaced is not None:
            worth[replaced.top] -= replaced.points
        worth[built.top] += built.points
        city, site = place
        for index, majority in enumerate(weighed.majorities):
            if index == city:
                majority = self.majority({**weighed.cities[city], site: built})
            if majority is not None:
                worth[majority[0]] += majority[1]
        tallest = _tallest_building(weighed.ranked, built)
        if tallest is not None:
            worth[tallest.top] += TALLEST_POINTS * tallest.kept
        return worth

    def worth_as_it_stands(self, weighed: _Weighed) -> list[float]:
        """Per seat, what the board ``weighed`` may bring it with no more building (``worth``
        without a build)."""
        worth = list(weighed.points)
        for majority in weighed.majorities:
            if majority is not None:
                worth[majority[0]] += majority[1]
        tallest = _tallest_building(weighed.ranked)
        if tallest is not None:
            worth[tallest.top] += TALLEST_POINTS * tallest.kept
        return worth

    def value(self, worth: Sequence[float]) -> float:
        """How good a board is for the bot from what it is worth to each seat (``worth``): its
        total (score and the board's worth) less half the others' mean and half their leader's."""
        totals = [score + points for score, points in zip(self.scores, worth, strict=True)]
        others = [totals[seat] for seat in range(self.players) if seat != self.seat]
        return totals[self.seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


@dataclass(frozen=True)
class _Weighed:
    """A board as the bot weighs it once a decision (``_Table.weigh``)."""

    buildings: dict[tuple[int, int], _Building]
    points: tuple[float, ...]
    """Per seat, its buildings' points."""
    cities: tuple[dict[int, _Building], ...]
    """Per city, its buildings by site."""
    majorities: tuple[tuple[int, float] | None, ...]
    """Per city, its leader and what the majority may bring it (``_Table.majority``)."""
    ranked: tuple[_Building, ...]
    """The buildings, tallest first."""


def _tallest_building(
    ranked: Sequence[_Building], built: _Building | None = None
) -> _Building | None:
    """The tallest building once ``built`` stands, or of the board as it stands (``ranked``:
    the board's buildings, tallest first); None if two or more are the tallest, or none stands.
    The building ``built`` replaces, if any, was shorter, so it never decides."""
    if built is not None and (not ranked or built.height > ranked[0].height):
        return built
    if not ranked:
        return None
    rival = ranked[0]
    tied = built is not None and built.height == rival.height
    if tied or ranked[1:2] and ranked[1].height == rival.height:
        return None
    return rival


def _tallest(pieces: Sequence[int]) -> int:
    """The tallest height of which ``pieces`` (counts per height) holds one; 0 for none."""
    return max((height for height, count in zip(HEIGHTS, pieces, strict=True) if count), default=0)


def choose_tallest(legal: list[Action], rng: Rng) -> Action:
    """The choice of pieces with the most storeys."""
    values = [
        sum(height * count for height, count in zip(HEIGHTS, action["pieces"], strict=True))
        for action in legal
    ]
    return best_of(legal, values, rng)


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The game's bot: its tallest pieces first; the build whose board is worth the most
    against the others (``_Table.value``), the smallest piece on ties; a discard sets the
    smallest piece aside."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    kind = legal[0]["type"]
    if kind == "choose_pieces":
        return choose_tallest(legal, rng)
    if kind == "discard":
        return best_of(legal, [-action["storeys"] for action in legal], rng)
    values = build_values(view, legal)
    ranked = [(value, -action["storeys"]) for value, action in zip(values, legal, strict=True)]
    return best_of(legal, ranked, rng)


def build_values(view: Mapping[str, Any], builds: list[Action]) -> list[float]:
    """What each of the viewer's ``builds`` is worth to it (``_Table.value`` of the board after
    it, rounded so that equal boards tie)."""
    table = _Table.read(view)
    board = read_board(view)
    weighed = table.weigh(board)
    values = []
    for action in builds:
        place = build_site(view, action)
        built = table.building(*place, board.get(place, ()) + ((table.seat, action["storeys"]),))
        values.append(round(table.value(table.worth(weighed, place, built)), 6))
    return values


def appraise(view: Mapping[str, Any], legal: list[Action]) -> float:
    """How good the viewer's position is as ``choose`` weighs boards (``GameRules.appraise``):
    its best build's value when it is to build, else the value of the board as it stands."""
    if legal and legal[0]["type"] == "build":
        return max(build_values(view, legal))
    table = _Table.read(view)
    return table.value(table.worth_as_it_stands(table.weigh(read_board(view))))
