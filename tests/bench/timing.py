"""Timing for the benchmarks: the best of several rounds, which is the least disturbed by
other work on a shared machine, and ratios taken within a round (`side_by_side`)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import NamedTuple


def best_of(fn: Callable[[], object], rounds: int = 7, number: int = 1) -> float:
    """Seconds per call of `fn`: the fastest of `rounds` rounds of `number` calls each."""
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t) / number)
    return best


class SideBySide(NamedTuple):
    """Two callables timed in turns: the fastest CPU seconds of each, and their ratio."""

    a: float
    b: float
    ratio: float
    """The median, over the rounds, of `a`'s time over `b`'s time in the same round."""


def side_by_side(a: Callable[[], object], b: Callable[[], object], rounds: int = 7) -> SideBySide:
    """`a` and `b` timed in turns, `rounds` times each, in CPU seconds per call.

    CPU time (`time.process_time`) leaves out the time other programs hold the cores, which
    on a busy shared machine is most of the noise in wall-clock time. What remains (a
    neighbour slowing the caches and the clock) comes and goes over seconds, so the ratio
    is taken within each round, where both calls meet the same machine, and the median of
    those is given: the fastest of each alone may come from different moments.
    """
    times_a: list[float] = []
    times_b: list[float] = []
    for _ in range(rounds):
        times_a.append(_cpu(a))
        times_b.append(_cpu(b))
    ratios = [x / y if y > 0 else float("inf") for x, y in zip(times_a, times_b, strict=True)]
    return SideBySide(min(times_a), min(times_b), statistics.median(ratios))


def _cpu(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t
