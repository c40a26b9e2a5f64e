"""Worker processes for the pure-Python work that must not hold the event loop: replays,
checks and records of matches (``app.matches.review``) and strong bots' searches
(``app.matches.thinking``).

The rules are pure Python: in a thread they would hold the interpreter lock as the event loop's
own code does, so they run in other processes, at a lower CPU priority (on a busy machine the
event loop, every table's moves, runs first), forked from a fork server that imported the
pool's modules once: a worker starts in milliseconds and shares that memory.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import select
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")

WORKER_NICENESS = 10
"""How much lower a worker's CPU priority is than the server's."""


class WorkerPool:
    """``workers`` processes that run functions of the ``preload`` modules; a pool whose worker
    died (killed, out of memory) is replaced for the next job."""

    def __init__(self, workers: int, *, preload: Sequence[str]) -> None:
        self.workers = workers
        self._preload = list(preload)
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(self._preload)
        return ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
        )

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (function and arguments are pickled); raises
        ``BrokenProcessPool`` if the worker died, after replacing the pool."""
        pool = self._pool
        try:
            # Submitting may start a worker process: that waits in a thread, not on the loop.
            job = await asyncio.to_thread(pool.submit, function, *args)
            return await asyncio.wrap_future(job)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers (a job under way is abandoned)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def _worker_start(server: int) -> None:
    os.nice(WORKER_NICENESS)
    # A server that is killed runs no shutdown, and a worker waiting for jobs would wait for
    # ever (it holds both ends of its job queue, so it never sees the queue end): it follows
    # the server out instead.
    threading.Thread(target=_exit_with, args=(server,), daemon=True).start()


def _exit_with(server: int) -> None:
    try:
        watched = os.pidfd_open(server)
    except ProcessLookupError:
        os._exit(0)
    select.select([watched], [], [])  # readable once the server has exited
    os._exit(0)
