"""Helpers shared by every kind of test."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from synchronous test code, on a thread of its own: the
    test's thread may already run an event loop (Playwright's sync API does)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result()
