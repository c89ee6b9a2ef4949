"""Bot benchmark: ratios measured side by side in one run (not part of the test run).

Run: .venv/bin/python tests/bench/bench_bots.py [--smoke] [--old PATH]

1. Seconds per event of heuristic bots' games, this tree against a checkout of 0.3.0
   (`git worktree add --detach /tmp/v030 0f49a0c`): the same seeded games, each version
   in its own process (PYTHONPATH), alternating, the least CPU time of each kept.
   Target: this tree at least 5x faster per event (issue 21, point 3).
2. The cost of one heuristic decision on the positions of a seeded game, as multiples
   of a random move, one `evaluate` and `legal_commands`.

The runner's rows are in `bot_budgets.py` (per event) and `simulate_budget.py` (`--jobs 2`).
Machines here are shared and noisy, so only the ratios mean much.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

try:  # run as a script from this folder
    from timing import best_of
except ModuleNotFoundError:  # imported by the budgets table (`bot_budgets`)
    from tests.bench.timing import best_of

from monuments_tui.ai.bots import get_bot
from monuments_tui.ai.evaluate import evaluate
from monuments_tui.rules import GameConfig, decide, fold, legal_commands, new_game

ROOT = Path(__file__).resolve().parents[2]
OLD = Path(os.environ.get("MONUMENTS_OLD", "/tmp/v030"))
"""A checkout of 0.3.0 (commit 0f49a0c) to measure against."""
SPEEDUP_TARGET = 5.0

GAMES = [
    # civilisations, mode, seed, rounds
    (["greece", "egypt"], "abundance", 5, 60),
    (["maya", "inca"], "scarcity", 6, 60),
    (["greece", "egypt", "inca"], "abundance", 7, 30),
    (["greece", "egypt", "maya", "inca"], "scarcity", 8, 20),
]
"""The games both versions play: every seat a heuristic bot."""
SET_UPS = {2: ("greece", "egypt"), 3: ("greece", "egypt", "inca"), 4: ("greece", "egypt", "maya", "inca")}
"""The civilisations of each player count [Set-up, l.120]."""
SMOKE_GAMES = [(["greece", "egypt"], "abundance", 5, 3)]

_CHILD = """
import json, sys, time
from monuments_tui.rules import GameConfig
try:
    from monuments_tui.cli.simulate import play_game
except ModuleNotFoundError:  # 0.3.0, before the sub-commands moved into cli/
    from monuments_tui.simulate import play_game
cpu = events = commands = 0
for civs, mode, seed, rounds in json.loads(sys.argv[1]):
    config = GameConfig(civs=tuple(civs), mode=mode, seed=seed)
    started = time.process_time()
    result = play_game(config, [sys.argv[2]] * len(civs), seed * 7919, rounds)
    cpu += time.process_time() - started
    events += result["events"]
    commands += result["steps"]
print(json.dumps({"cpu": cpu, "events": events, "commands": commands}))
"""


def play_in(root: Path, games: list, bot: str = "heuristic") -> dict:
    """CPU seconds, events and commands of `games` played by `bot` with the code in `root`, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(games), bot],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


VERSIONS = {"0.3.0": "heuristic", "heuristic": "heuristic", "heuristic-exact": "heuristic-exact"}
"""What is timed, and its bot: 0.3.0's heuristic bot (from `OLD`), and this tree's two."""


def per_event(smoke: bool = False, rounds: int = 2) -> dict:
    """Seconds per event of each of `VERSIONS` on the same games, alternating (the least of
    `rounds` each), and each one's speed-up on 0.3.0."""
    games = SMOKE_GAMES if smoke else GAMES
    best: dict[str, dict] = {}
    for _ in range(1 if smoke else rounds):
        for name, bot in VERSIONS.items():
            run = play_in(OLD if name == "0.3.0" else ROOT, games, bot)
            run["per_event"] = run["cpu"] / max(run["events"], 1)
            if name not in best or run["per_event"] < best[name]["per_event"]:
                best[name] = run
    for run in best.values():
        run["speedup"] = best["0.3.0"]["per_event"] / run["per_event"]
    return best


def decision_ratios(rounds: int = 3, positions_rounds: int = 40) -> dict:
    """One heuristic decision against a random move, `evaluate` and `legal_commands`, per position."""
    states = positions(positions_rounds)
    heuristic, random_bot = get_bot("heuristic"), get_bot("random")
    think = best_of(lambda: [heuristic(s, random.Random(2)) for s in states], rounds)
    pick = best_of(lambda: [random_bot(s, random.Random(2)) for s in states], rounds)
    rate = best_of(lambda: [evaluate(s, s.pending.seat) for s in states], rounds)
    legal = best_of(lambda: [legal_commands(s) for s in states], rounds)
    return {"positions": len(states), "think": think, "pick": pick, "rate": rate, "legal": legal}


def positions(rounds: int = 40) -> list:
    """The decisions of a seeded heuristic game's first `rounds` rounds."""
    bot = get_bot("heuristic")
    rnd = random.Random(1)
    state = new_game(GameConfig(civs=("greece", "egypt"), mode="abundance", seed=1))
    out = []
    while state.phase != "over" and state.round <= rounds:
        out.append(state)
        state = fold(state, decide(state, bot(state, rnd)))
    return out


def main() -> None:
    global OLD
    smoke = "--smoke" in sys.argv
    if "--old" in sys.argv:
        OLD = Path(sys.argv[sys.argv.index("--old") + 1])
    if not (OLD / "monuments_tui").is_dir():
        sys.exit(f"no checkout of 0.3.0 at {OLD}: run `git worktree add --detach {OLD} 0f49a0c`, or pass --old PATH")
    speed = per_event(smoke)
    print(f"heuristic bots' games, seconds per event (target: >= {SPEEDUP_TARGET:g}x 0.3.0's)")
    for name, run in speed.items():
        print(
            f"  {name:<15} {run['cpu']:7.2f} s CPU  {run['commands']:5d} commands  {run['events']:6d} events"
            f"  {run['per_event'] * 1e3:.3f} ms/event  {run['speedup']:.2f}x"
        )
    print()
    r = decision_ratios(rounds=1 if smoke else 3, positions_rounds=2 if smoke else 40)
    n = r["positions"]
    print(f"positions                 {n}")
    print(f"heuristic decision        {r['think'] / n * 1e3:.2f} ms")
    print(f"random decision           {r['pick'] / n * 1e3:.2f} ms")
    print(f"evaluate                  {r['rate'] / n * 1e3:.3f} ms")
    print(f"heuristic / random        {r['think'] / r['pick']:.0f}x")
    print(f"heuristic / evaluate      {r['think'] / r['rate']:.0f}x (ratings one decision is worth)")
    print(f"heuristic / legal         {r['think'] / r['legal']:.0f}x")


if __name__ == "__main__":
    main()
