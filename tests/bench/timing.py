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
    """CPU seconds per call of `a` and of `b`, each the fastest of `rounds`, the two taken in
    turns. CPU time (`time.process_time`) leaves out the time other programs hold the cores,
    which on a busy shared machine is most of the noise in wall-clock time."""
    best_a = best_b = float("inf")
    for _ in range(rounds):
        best_a = min(best_a, _cpu(a))
        best_b = min(best_b, _cpu(b))
    return best_a, best_b


def _cpu(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t
