"""The bots' row: the heuristic bot's seconds per event against 0.3.0's (issue 21, point 3).

Both versions play the same seeded games (`bench_bots.GAMES`, every seat a heuristic bot),
each in a fresh process with its own code, in turns, the least CPU time of each kept. The
heuristic bot rates fewer options than 0.3.0's and so plays other moves (docs/balance.md,
"The bots"): the ratio is taken per event, as the games differ in length. Without a
checkout of 0.3.0 (`bench_bots.OLD`) a smoke run times this tree against itself, only to
show the row works; a full run says how to make one.
"""

from __future__ import annotations

from tests.bench import bench_bots
from tests.bench.budgets import Measured, budget


@budget("bots: heuristic bot, seconds per event, 0.3.0 / now", at_least=bench_bots.SPEEDUP_TARGET)
def heuristic_per_event(smoke: bool) -> Measured:
    old = bench_bots.OLD
    if not (old / "monuments_tui").is_dir():
        if not smoke:
            raise FileNotFoundError(f"no checkout of 0.3.0 at {old}: `git worktree add --detach {old} 0f49a0c`")
        bench_bots.OLD = bench_bots.ROOT  # smoke: the row runs, its figure means nothing
    try:
        speed = bench_bots.per_event(smoke)
    finally:
        bench_bots.OLD = old
    then, now, exact = speed["0.3.0"], speed["heuristic"], speed["heuristic-exact"]
    return Measured(
        now["speedup"],
        f"{then['per_event'] * 1e3:.2f} ms against {now['per_event'] * 1e3:.2f} ms an event, {now['events']} events;"
        f" heuristic-exact (0.4.0's full look) {exact['speedup']:.2f}x",
    )
