"""The Da Vinci Code bot (design 1.5): it deduces hidden numbers from its own view only.

Every tile face is an integer *key*: ``2 * number + colour`` for numbered tiles (so keys sort
exactly like tiles, black before white on equal numbers) and ``24 + colour`` for the jokers.
For each opponent row the bot counts every assignment of still-unseen keys to the row's hidden
tiles that respects the colours, the ascending order of the numbered tiles (jokers sit anywhere)
and the wrong guesses recorded on each tile; the share of assignments giving a tile a key is the
bot's probability for that guess. A key that is certain for one tile is struck from every other
row, and the counting repeats until nothing changes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.da_vinci_code.components import COLOURS, JOKER, NUMBERS
from app.rules.rng import Rng

_JOKER_KEY = 2 * len(NUMBERS)
"""Keys 24 and 25 are the black and the white joker."""

CONTINUE_ODDS = 0.5
"""After a correct guess, guess again only when the best guess is at least this likely: a wrong
guess puts the bot's drawn tile face up (or costs one of its tiles when the pool is empty)."""
WINNING_ODDS = 0.34
"""The lower bar when a correct guess would knock out the last opponent and win at once."""

_Options = list[list[int]]
"""Per position of a row: the keys its tile may still have (one key when it is known)."""

# --- the bot (design 1.5) ----------------------------------------------------------------------


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The bot's action for ``view``: the most likely guess, stopping when the odds get poor;
    the fuller colour to draw; the widest gap for a joker; the least telling tile to reveal."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    table = _Table.read(view)
    phase = view["phase"]
    if phase == "draw":
        return _choose_draw(view, legal)
    if phase == "place_joker":
        return _choose_joker_place(table, legal)
    if phase == "reveal":
        return _choose_reveal(table, legal)
    return _choose_guess(table, legal, rng)


def _choose_draw(view: Mapping[str, Any], legal: list[Action]) -> Action:
    """Draw from the colour with more tiles left: more numbers fit a tile of that colour, so
    it is harder to guess once in the row."""
    return max(legal, key=lambda action: view["pool"][action["colour"]])


def _choose_guess(table: _Table, legal: list[Action], rng: Rng) -> Action:
    """The guess most likely to be right; stop instead (when allowed) if it is not likely
    enough to be worth risking the drawn tile."""
    odds = table.opponent_odds()
    guesses = [action for action in legal if action["type"] == "guess"]
    scored: list[tuple[float, int]] = []
    for action in guesses:
        tile = table.tiles[action["tile"]]
        chance = odds.get(action["tile"], {}).get(_key(tile["colour"], action["number"]), 0.0)
        scored.append((round(chance, 9), -table.hidden_count(action["target"])))
    best = max(scored)
    action = best_of(guesses, scored, rng)
    stops = [action for action in legal if action["type"] == "stop"]
    if stops:
        wins = table.hidden_count(action["target"]) == 1 and table.players_in() == 2
        if best[0] < (WINNING_ODDS if wins else CONTINUE_ODDS):
            # A numbered tile has one place to stop at; a joker is hidden in the widest gap.
            return stops[0] if len(stops) == 1 else _choose_joker_place(table, stops)
    return action


def _choose_joker_place(table: _Table, legal: list[Action]) -> Action:
    """Put the joker where the numbers around it leave the widest gap, so that it looks like
    an ordinary tile with many possible numbers (ties: nearest the middle)."""
    row = table.rows[table.me]
    keys = [_key(tile["colour"], tile["number"]) for tile in row]

    def gap(index: int) -> tuple[int, float]:
        left = max((key for key in keys[:index] if key < _JOKER_KEY), default=-1)
        right = min((key for key in keys[index:] if key < _JOKER_KEY), default=_JOKER_KEY)
        return right - left, -abs(index - len(row) / 2)

    return max(legal, key=lambda action: gap(action["index"]))


def _choose_reveal(table: _Table, legal: list[Action]) -> Action:
    """Reveal the tile that leaves the other tiles of the row most uncertain to the opponents
    (the entropy of the public odds of the bot's own row after the reveal)."""
    row = table.rows[table.me]
    public = table.public_unseen()

    def remaining(action: Action) -> float:
        options = []
        for tile in row:
            colour = COLOURS.index(tile["colour"])
            if tile["revealed"] or tile["id"] == action["tile"]:
                options.append([_key(tile["colour"], tile["number"])])
            else:
                options.append(
                    [key for key in public if key % 2 == colour and key not in table.wrong(tile)]
                )
        odds = _marginals(options)
        return sum(
            -sum(p * math.log(p) for p in position.values() if p > 0)
            for position, tile in zip(odds, row, strict=True)
            if not tile["revealed"] and tile["id"] != action["tile"]
        )

    return max(legal, key=remaining)


# --- what the bot knows ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Table:
    """The parts of a view the bot reasons about."""

    me: int
    jokers: bool
    rows: tuple[tuple[dict[str, Any], ...], ...]
    eliminated: tuple[bool, ...]
    tiles: dict[int, dict[str, Any]]
    seen: frozenset[int]
    """Keys of every tile whose number the bot sees: its own, its drawn one, all revealed."""
    wrong_guesses: dict[int, frozenset[int]]
    """Per tile id: the keys guessed wrongly on it (from the public list of guesses)."""

    @classmethod
    def read(cls, view: Mapping[str, Any]) -> _Table:
        """Pick the bot's inputs out of a view (nothing else is available to it)."""
        rows = tuple(tuple(row) for row in view["rows"])
        tiles = {tile["id"]: tile for row in rows for tile in row}
        shown = [tile for row in rows for tile in row if tile["number"] is not None]
        drawn = view["drawn"]
        if drawn is not None and drawn["number"] is not None:
            shown.append(drawn)
            tiles[drawn["id"]] = drawn
        wrong: dict[int, set[int]] = {}
        for guess in view["guesses"]:
            if not guess["correct"] and guess["tile"] in tiles:
                colour = tiles[guess["tile"]]["colour"]
                wrong.setdefault(guess["tile"], set()).add(_key(colour, guess["number"]))
        return cls(
            me=view["you"],
            jokers=view["jokers"],
            rows=rows,
            eliminated=tuple(view["eliminated"]),
            tiles=tiles,
            seen=frozenset(_key(tile["colour"], tile["number"]) for tile in shown),
            wrong_guesses={tile: frozenset(keys) for tile, keys in wrong.items()},
        )

    def all_keys(self) -> list[int]:
        """Every tile face of this game."""
        jokers = [_JOKER_KEY, _JOKER_KEY + 1] if self.jokers else []
        return list(range(_JOKER_KEY)) + jokers

    def public_unseen(self) -> list[int]:
        """Keys no opponent can rule out from public information (nothing revealed)."""
        revealed = {
            _key(tile["colour"], tile["number"])
            for row in self.rows
            for tile in row
            if tile["revealed"]
        }
        return [key for key in self.all_keys() if key not in revealed]

    def wrong(self, tile: Mapping[str, Any]) -> frozenset[int]:
        """Keys already guessed wrongly on ``tile``."""
        return self.wrong_guesses.get(tile["id"], frozenset())

    def hidden_count(self, seat: int) -> int:
        """How many tiles of ``seat``'s row lie face down."""
        return sum(not tile["revealed"] for tile in self.rows[seat])

    def players_in(self) -> int:
        """How many players still have hidden tiles."""
        return self.eliminated.count(False)

    def opponent_odds(self) -> dict[int, dict[int, float]]:
        """Per hidden opponent tile: the probability of each key, counted row by row, with keys
        certain in one tile struck from every other tile until nothing changes."""
        unseen = [key for key in self.all_keys() if key not in self.seen]
        struck: dict[int, set[int]] = {}
        targets = [
            seat
            for seat in range(len(self.rows))
            if seat != self.me and not self.eliminated[seat] and self.hidden_count(seat)
        ]
        while True:
            odds: dict[int, dict[int, float]] = {}
            for seat in targets:
                row = self.rows[seat]
                options = [self._options(tile, unseen, struck) for tile in row]
                for tile, position in zip(row, _marginals(options), strict=True):
                    if not tile["revealed"]:
                        odds[tile["id"]] = position
            certain = {
                next(iter(position)): tile_id
                for tile_id, position in odds.items()
                if len(position) == 1
            }
            changed = False
            for key, owner in certain.items():
                for other, position in odds.items():
                    if other != owner and key in position:
                        struck.setdefault(other, set()).add(key)
                        changed = True
            if not changed:
                return odds

    def _options(
        self, tile: Mapping[str, Any], unseen: Sequence[int], struck: Mapping[int, set[int]]
    ) -> list[int]:
        """The keys one tile of an opponent's row may have."""
        if tile["number"] is not None:
            return [_key(tile["colour"], tile["number"])]
        colour = COLOURS.index(tile["colour"])
        ruled_out = self.wrong(tile) | struck.get(tile["id"], set())
        return [key for key in unseen if key % 2 == colour and key not in ruled_out]


# --- counting assignments ----------------------------------------------------------------------


def _key(colour: str, number: int | str) -> int:
    """The key of a tile face (see the module docstring)."""
    shade = COLOURS.index(colour)
    if number == JOKER:
        return _JOKER_KEY + shade
    assert isinstance(number, int)
    return 2 * number + shade


def _step(state: tuple[int, int], key: int) -> tuple[int, int] | None:
    """Append ``key`` to a row prefix whose last numbered key and used jokers are ``state``;
    ``None`` when it breaks the ascending order or repeats a joker."""
    last, jokers = state
    if key >= _JOKER_KEY:
        bit = 1 << (key - _JOKER_KEY)
        return None if jokers & bit else (last, jokers | bit)
    return None if key <= last else (key, jokers)


def _marginals(options: _Options) -> list[dict[int, float]]:
    """Per position, the share of valid assignments (ascending numbered keys; each joker at
    most once) giving it each key, by a forward and a backward count. If no assignment is
    valid (the bot's knowledge is inconsistent), each position's options count equally."""
    forward: list[dict[tuple[int, int], int]] = [{(-1, 0): 1}]
    for keys in options:
        reached: dict[tuple[int, int], int] = {}
        for state, ways in forward[-1].items():
            for key in keys:
                after = _step(state, key)
                if after is not None:
                    reached[after] = reached.get(after, 0) + ways
        forward.append(reached)
    backward: list[dict[tuple[int, int], int]] = [{} for _ in options]
    backward.append(dict.fromkeys(forward[-1], 1))
    for position in range(len(options) - 1, -1, -1):
        later = backward[position + 1]
        for state in forward[position]:
            total = 0
            for key in options[position]:
                after = _step(state, key)
                if after is not None:
                    total += later.get(after, 0)
            backward[position][state] = total
    assignments = backward[0].get((-1, 0), 0)
    if assignments == 0:
        return [{key: 1 / len(keys) for key in keys} for keys in options]
    result = []
    for position, keys in enumerate(options):
        later = backward[position + 1]
        counts: dict[int, int] = {}
        for state, ways in forward[position].items():
            for key in keys:
                after = _step(state, key)
                if after is not None and later.get(after, 0):
                    counts[key] = counts.get(key, 0) + ways * later[after]
        result.append({key: count / assignments for key, count in counts.items()})
    return result


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player that judges each hidden tile on its own: its number is one of its
    colour's faces that the player cannot see anywhere (its own row, its drawn tile, every
    revealed tile), not guessed wrongly on it, and between the nearest numbers shown left and
    right of it in its row (rows ascend, black before white; rules/da-vinci-code.md, Setup),
    each equally likely. It makes the guess with the highest chance and guesses again only
    while that chance is at least ``CONTINUE_ODDS``. It draws from the colour with more tiles
    left; a tile to reveal and a joker's place are chosen at random. Ties are broken with the
    rng."""
    if not legal:
        raise ValueError("the bot needs at least one legal action")
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "draw":
        return best_of(legal, [view["pool"][action["colour"]] for action in legal], rng)
    if phase in ("place_joker", "reveal"):
        return best_of(legal, [0] * len(legal), rng)
    guesses = [action for action in legal if action["type"] == "guess"]
    chances = _greedy_chances(view)
    values = [chances.get(action["tile"], {}).get(action["number"], 0.0) for action in guesses]
    stops = [action for action in legal if action["type"] == "stop"]
    if stops and max(values) < CONTINUE_ODDS:
        return best_of(stops, [0] * len(stops), rng)
    return best_of(guesses, values, rng)


def _greedy_chances(view: Mapping[str, Any]) -> dict[int, dict[int | str, float]]:
    """Per hidden tile of another player: each number it may have, with its chance (one over
    the count of numbers it may have, see ``greedy_bot``)."""
    shown = [tile for row in view["rows"] for tile in row if tile["number"] is not None]
    drawn = view["drawn"]
    if drawn is not None and drawn["number"] is not None:
        shown.append(drawn)
    seen = {_key(tile["colour"], tile["number"]) for tile in shown}
    wrong: dict[int, set[int | str]] = {}
    for guess in view["guesses"]:
        if not guess["correct"]:
            wrong.setdefault(guess["tile"], set()).add(guess["number"])
    faces: list[int | str] = [*NUMBERS, *([JOKER] if view["jokers"] else [])]
    chances: dict[int, dict[int | str, float]] = {}
    for seat, row in enumerate(view["rows"]):
        if seat == view["you"]:
            continue
        known = [
            None if tile["number"] in (None, JOKER) else _key(tile["colour"], tile["number"])
            for tile in row
        ]
        for index, tile in enumerate(row):
            if tile["number"] is not None:
                continue
            low = max((key for key in known[:index] if key is not None), default=-1)
            high = min((key for key in known[index:] if key is not None), default=_JOKER_KEY)
            options = [
                face
                for face in faces
                if face not in wrong.get(tile["id"], set())
                and _key(tile["colour"], face) not in seen
                and (face == JOKER or low < _key(tile["colour"], face) < high)
            ]
            chances[tile["id"]] = {face: 1 / len(options) for face in options}
    return chances
