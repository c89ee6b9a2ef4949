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


def side_by_side(a: Callable[[], object], b: Callable[[], object], rounds: int = 7) -> tuple[float, float]:
    """Seconds per call of `a` and of `b`, each the fastest of `rounds`, the two taken in
    turns so that both meet the same moments of a busy machine."""
    best_a = best_b = float("inf")
    for _ in range(rounds):
        best_a = min(best_a, best_of(a, rounds=1))
        best_b = min(best_b, best_of(b, rounds=1))
    return best_a, best_b
