"""Where bots think (issue 27): a strong bot's search takes up to ``bot_think_ms`` of CPU, which
on the event loop would hold every other table's moves for as long, so it runs in a worker
process (``app.workers.WorkerPool``, ``bot_workers`` of them); easy and normal bots decide in
well under a millisecond (bench.games) and stay on the loop. A bot sees only its seat: the
worker is given that seat's view and legal actions, never the state.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from app.config import Settings
from app.rules import GAMES, Action
from app.rules.rng import Rng
from app.rules.search import choose, searchable
from app.workers import WorkerPool

logger = logging.getLogger(__name__)

THINK_MS = Settings.model_fields["bot_think_ms"].default
"""CPU time a strong bot searches for one move unless set (``BOT_THINK_MS``)."""

STAND_IN_LEVEL = "normal"
"""How a stand-in plays a late or away player's seat (issue 27: normal)."""


class Thinker:
    """Chooses bots' actions: a strong bot's in a worker process, within ``think_ms`` of CPU."""

    def __init__(self, *, workers: int, think_ms: int) -> None:
        self.think_ms = think_ms
        self._pool = WorkerPool(workers, preload=[__name__])

    async def choose(
        self,
        game: str,
        level: str,
        view: dict[str, Any],
        legal: list[Action],
        *,
        seat: int,
        rng: Rng,
    ) -> Action:
        """The action of a bot of ``level`` at ``seat``, from its own view and legal actions."""
        rules = GAMES[game]
        if level != "strong" or not searchable(rules) or len(legal) < 2:
            return choose(rules, level, view, legal, seat=seat, rng=rng, out_of_time=_never)
        try:
            return await self._pool.run(think, game, view, legal, seat, rng, self.think_ms)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): this once, the normal bot plays.
            logger.warning(
                "a bot's worker stopped; the %s bot at seat %s plays as normal", game, seat
            )
            return rules.bot(view, legal, rng)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned)."""
        self._pool.close()


def think(
    game: str, view: dict[str, Any], legal: list[Action], seat: int, rng: Rng, think_ms: int
) -> Action:
    """A strong bot's search, in a worker, within ``think_ms`` of this process's CPU."""
    return choose(
        GAMES[game], "strong", view, legal, seat=seat, rng=rng, out_of_time=cpu_budget(think_ms)
    )


def cpu_budget(think_ms: int) -> Callable[[], bool]:
    """A search's clock (``out_of_time``, asked before each playout) from now on: out of time
    once another playout as long as the last would pass ``think_ms`` of this process's CPU, so
    that the budget is kept, not overrun by one playout (10-30 ms in some games)."""
    started = last = time.process_time()

    def out_of_time() -> bool:
        nonlocal last
        now = time.process_time()
        playout, last = now - last, now
        return (now - started + playout) * 1000 >= think_ms

    return out_of_time


def _never() -> bool:
    return True  # only a strong bot asks, and it never gets here
