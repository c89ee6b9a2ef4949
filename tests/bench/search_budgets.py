"""The search bot's rows (issue 44, point 7): its iterations against listing the legal commands,
its time per decision against its think time, and what keeping the tree saves.

Each is a ratio measured side by side in one run; the absolute figures (iterations a
second, the median and 90th percentile of a decision's time) are in the row's words.
"""

from __future__ import annotations

import random
import statistics
import time

from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.ai.search import Budget, Search
from monuments_tui.ai.search_bot import DEFAULT_SECONDS, SearchBot
from monuments_tui.rules import GameConfig, decide, fold, legal_commands, new_game
from monuments_tui.rules.pending import ChooseAction
from monuments_tui.rules.state import GameState
from tests.bench.budgets import Measured, budget
from tests.bench.timing import side_by_side


def mid_game(steps: int = 160) -> GameState:
    """A two-player game after `steps` decisions of the heuristic bot, at the start of a turn."""
    state, rnd = new_game(GameConfig(civs=("greece", "egypt"), seed=5)), random.Random(5)
    for _ in range(steps):
        state = fold(state, decide(state, heuristic_bot(state, rnd)))
    while not isinstance(state.pending, ChooseAction):
        state = fold(state, decide(state, heuristic_bot(state, rnd)))
    return state


@budget("search: 100 iterations from a mid-game position / one legal_commands", at_most=250.0)
def iterations(smoke: bool) -> Measured:
    """At least 1,000 iterations a second (the issue's 2,000-4,000 nodes in a second or two),
    with `legal_commands` of this turn-start position about 0.4 ms, is at most about 250x."""
    state = mid_game()
    seat = state.pending.seat
    n = 10 if smoke else 100
    timed = side_by_side(
        lambda: Search(seat, random.Random(1)).run(state, Budget(iterations=n, seconds=None)),
        lambda: legal_commands(state),
        rounds=2 if smoke else 5,
    )
    per_second = n / timed.a
    return Measured(
        timed.ratio * 100 / n, f"{per_second:.0f} iterations a second; legal_commands {timed.b * 1e3:.1f} ms"
    )


@budget("search: time per decision at the default budget, 90th percentile / think time", at_most=1.1)
def decision_time(smoke: bool) -> Measured:
    seconds = 0.05 if smoke else DEFAULT_SECONDS
    bot = SearchBot(Budget(seconds=seconds))
    state, rnd = mid_game(), random.Random(2)
    times: list[float] = []
    wanted = 3 if smoke else 30
    for _ in range(20 * wanted):  # the search bot's decisions, the heuristic bot's between them
        if state.phase == "over" or len(times) == wanted:
            break
        started = time.perf_counter()
        command = bot(state, rnd) if state.pending.seat == 0 else heuristic_bot(state, rnd)
        if state.pending.seat == 0:
            times.append(time.perf_counter() - started)
        state = fold(state, decide(state, command))
    if not times:
        return Measured(float("inf"), "the search bot had no decision to make")
    times.sort()
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return Measured(
        p90 / seconds,
        f"{len(times)} decisions at {seconds:g} s: median {statistics.median(times):.3f} s, p90 {p90:.3f} s",
    )


@budget("search: the root's visits with the tree kept / without, a turn's later steps", at_least=1.2)
def tree_kept(smoke: bool) -> Measured:
    n = 10 if smoke else 200
    kept, fresh = SearchBot(Budget(iterations=n, seconds=None)), SearchBot(Budget(iterations=n, seconds=None))
    state, rnd = mid_game(), random.Random(3)
    with_tree = without = 0
    for _ in range(6 if smoke else 40):
        if state.phase == "over":
            break
        if state.pending.seat != 0:
            state = fold(state, decide(state, heuristic_bot(state, rnd)))
            continue
        reused = kept.reused
        command = kept(state, random.Random(4))
        fresh._kept.clear()  # noqa: SLF001 (the same search, never from a kept tree)
        fresh(state, random.Random(4))
        if kept.reused > reused and kept.last is not None and fresh.last is not None:
            with_tree += kept.last.root.visits
            without += fresh.last.root.visits
        state = fold(state, decide(state, command))
    if not without:
        return Measured(1.0, "no decision went on from a kept tree")
    return Measured(with_tree / without, f"{with_tree} against {without} visits at the root, {n} iterations each")


@budget("coach: time to its first answer at its default budget / its think time", at_most=1.2)
def coach_answer(smoke: bool) -> Measured:
    from monuments_tui.ai.coach_search import COACH_SECONDS, search_hints  # noqa: PLC0415 (a row of its own)

    seconds = 0.05 if smoke else COACH_SECONDS
    state = mid_game()
    times = []
    for _ in range(1 if smoke else 5):
        started = time.perf_counter()
        found = search_hints(state, Budget(seconds=seconds))
        times.append(time.perf_counter() - started)
        assert found, "the coach found no move"
    worst = max(times)
    return Measured(
        worst / seconds,
        f"{len(times)} hints at {seconds:g} s: median {statistics.median(times):.3f} s, worst {worst:.3f} s",
    )
