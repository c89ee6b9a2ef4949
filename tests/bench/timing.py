"""Timing for the benchmarks: the best of several rounds, which is the least disturbed by
other work on a shared machine."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], rounds: int = 7, number: int = 1) -> float:
    """Seconds per call of `fn`: the fastest of `rounds` rounds of `number` calls each."""
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t) / number)
    return best
