"""Rows of `monuments simulate`: `--jobs 2` against `--jobs 1`, for 2, 3 and 4 players.

Each row plays the same seeded games of heuristic bots with 1 and then 2 processes, in
turns (`TURNS` times), and keeps the least wall time of each. Wall time is what the player
waits for, but the machine is shared, so the row also gives the CPU seconds a game took
with each (equal CPU means the pool loses no work: the wall ratio is then what the
machine's other load leaves to the second process), the cores each run got (CPU over wall
time), the machine's load average, and games a minute per core (60 / CPU seconds a game).
Games stop at `ROUNDS` rounds so that a row takes seconds.
"""

from __future__ import annotations

import os
import resource
import time
from typing import Literal

from monuments_tui.cli.simulate import simulate
from monuments_tui.rules.card_types import Civ
from tests.bench.budgets import Measured, budget

SET_UPS: dict[int, tuple[Civ, ...]] = {
    2: ("greece", "egypt"),
    3: ("greece", "egypt", "inca"),
    4: ("greece", "egypt", "maya", "inca"),
}
"""The civilisations of each player count [Set-up, l.120]."""
GAMES = 8
"""Games per run: an even share for each of the two processes."""
ROUNDS = 40
"""Each game stops after this many rounds (heuristic bots' games often last 60)."""
TURNS = 5
"""Runs of each: the least wall time of five is the one a busy neighbour disturbed least."""


def _cpu(who: Literal[0, -1]) -> float:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


def _run(players: int, jobs: int, games: int, rounds: int) -> tuple[float, float]:
    """Wall seconds of one `simulate` run, and the CPU seconds a game took in it."""
    who = resource.RUSAGE_SELF if jobs == 1 else resource.RUSAGE_CHILDREN
    cpu, started = _cpu(who), time.perf_counter()
    report = simulate(SET_UPS[players], "abundance", games, 11, ["heuristic"] * players, rounds, jobs=jobs)
    wall = time.perf_counter() - started
    if report["rule_errors"]:
        raise RuntimeError(f"simulate found rule errors: {report['errors']}")
    return wall, (_cpu(who) - cpu) / games


def scaling(players: int, smoke: bool) -> Measured:
    """`--jobs 2` against `--jobs 1` for `players` players, measured in turns."""
    games, rounds, turns = (2, 2, 1) if smoke else (GAMES, ROUNDS, TURNS)
    wall = {1: float("inf"), 2: float("inf")}
    cpu = {1: float("inf"), 2: float("inf")}
    for _ in range(turns):
        for jobs in (1, 2):
            w, c = _run(players, jobs, games, rounds)
            wall[jobs], cpu[jobs] = min(wall[jobs], w), min(cpu[jobs], c)
    load = os.getloadavg()[0]
    got = {jobs: games * cpu[jobs] / wall[jobs] for jobs in (1, 2)}  # the cores the machine left each run
    return Measured(
        wall[1] / wall[2],
        f"{wall[1]:.1f} s against {wall[2]:.1f} s for {games} games of {rounds} rounds;"
        f" CPU a game {cpu[1]:.2f} s (1 job), {cpu[2]:.2f} s (2 jobs); {60 / cpu[2]:.0f} games a minute per core;"
        f" cores it got {got[1]:.2f} (1 job), {got[2]:.2f} (2 jobs); load {load:.1f} on {os.cpu_count()} cores",
    )


for _players in SET_UPS:
    budget(f"simulate --jobs 2 vs --jobs 1, {_players} players", at_least=1.8)(
        lambda smoke, players=_players: scaling(players, smoke)
    )
