"""Record the golden replays: ``python -m tests.rules.replays``.

Run it after bumping a game's rules version on purpose (``GameRules.version``: a change would
replay an old record differently) and after adding a game or a player count, then review the
diff and commit it with the change. It records every file that is missing or carries another
version than its game's code and leaves the others alone, so it never papers over a change made
without a bump; to re-record a file anyway (say, the file format changed), delete it first.
Files that no game asks for any more are removed.

Each match is played by the game's own bot, every decision seeded from the match seed as the
server does (``bot_rng``), so the matches end the way real ones do.
"""

from __future__ import annotations

import hashlib
from typing import Any

from app.rules import GAMES, GameRules
from app.rules.base import Action
from app.rules.bots import bots_move
from app.rules.rng import Rng, bot_rng
from tests.rules.golden import REPLAYS, Golden, Slot, load, path, rows, slots

# The options the wire harness plays, so that both change every option the same way.
from tests.security.secrets import changed_options

MAX_ACTIONS = 1000
"""A bot match this long is re-dealt with another seed: goldens stay small and quick."""


def _play(rules: GameRules[Any], slot: Slot, seed: bytes) -> Golden | None:
    """The bots' match from ``seed``, or None when it does not end within ``MAX_ACTIONS``."""
    options = rules.check_options(
        slot.players, changed_options(rules.slug) if slot.changed_options else {}
    )
    state = rules.new_game(
        players=slot.players, seed=seed, options=options, start_seat=slot.start_seat
    )
    # When several seats may act, which one moves first is drawn from the seed too.
    order = Rng(seed, "golden-order")
    actions: list[tuple[int | None, Action]] = []
    states = [state]
    while (outcome := rules.outcome(state)) is None:
        if len(actions) == MAX_ACTIONS:
            return None
        # As on a table of bots (``bots_move``): a timed phase runs out once no bot in it has
        # a move that changes anything.
        seats = sorted(rules.to_act(state))
        if seats:
            first, order = order.choice(seats)
            seats = [first, *(seat for seat in seats if seat != first)]

        def choose(seat: int, state: Any = state, step: int = len(actions)) -> Action:
            legal = rules.legal_actions(state, seat)
            return rules.bot(rules.view(state, seat), legal, bot_rng(seed, seat=seat, seq=step))

        seat, action, state = bots_move(rules, state, seats, choose)
        actions.append((seat, action))
        states.append(state)
    return Golden(
        slug=rules.slug,
        version=rules.version,
        players=slot.players,
        options=options,
        seed=seed,
        start_seat=slot.start_seat,
        actions=actions,
        rows=list(rows(rules, states, slot.players)),
        outcome=outcome.to_json(),
    )


def record(rules: GameRules[Any], slot: Slot) -> Golden:
    """The slot's match from the first seed (of a fixed sequence) whose match ends in time."""
    attempt = 0
    while True:
        seed = hashlib.sha256(f"golden:{rules.slug}:{slot.name}:{attempt}".encode()).digest()
        golden = _play(rules, slot, seed)
        if golden is not None:
            return golden
        attempt += 1


def main() -> None:
    """Record every golden file that is missing or at another version than its game, remove
    those no game asks for, and report what changed."""
    for file in REPLAYS.glob("*/*.json"):
        rules = GAMES.get(file.parent.name)
        if rules is None or file.stem not in {slot.name for slot in slots(rules)}:
            file.unlink()
            print(f"removed {file.relative_to(REPLAYS)}")  # noqa: T201 (the command's report)
    for slug, rules in sorted(GAMES.items()):
        (REPLAYS / slug).mkdir(exist_ok=True)
        for slot in slots(rules):
            file = path(slug, slot.name)
            if not file.exists() or load(file).version != rules.version:
                file.write_text(record(rules, slot).to_text())
                print(f"recorded {file.relative_to(REPLAYS)} at version {rules.version}")  # noqa: T201


if __name__ == "__main__":
    main()
