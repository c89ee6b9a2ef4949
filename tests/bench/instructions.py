"""Instructions, not seconds: the bots' and the validated load's work counted by Valgrind.

Run: .venv/bin/python tests/bench/instructions.py [--smoke] [--old PATH]

The budgets are time ratios (`python -m tests.bench`), and on a shared 2-core machine
one run differs from the next by a fifth. Cachegrind counts the instructions a process
runs, the same on every run of the same code and inputs whatever else the machine does
(with `PYTHONHASHSEED=0`), so these figures say whether a change did less work:

1. Instructions per event of the heuristic bots' games (`bench_bots.GAMES`): this tree's
   `heuristic` and `heuristic-exact` against 0.3.0's `heuristic` (a checkout at `--old`,
   `git worktree add --detach /tmp/v030 0f49a0c`).
2. A validated load of the 4-player example against a replay of its journal (`timeline.rebuild`).

Each child is counted beside a twin that does none of its work (the same imports and
set-up), and the difference kept. A count is not a time: two runs' time ratio also
depends on how many instructions each gets through a cycle, and so far the time ratios
have run lower than these (0.3.0 spent much of its time copying states in msgpack's C
code; a replay folds recorded events). Under Valgrind a process runs some 50 times
slower: the full run takes about two minutes, two children at a time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench import bench_bots  # noqa: E402 - the path above makes the tree importable

EXAMPLE = ROOT / "saves" / "examples" / "four-players-scarcity.jsonl"
LOADS = 3
"""Validated loads (and replays) counted in one child."""

_GAMES_CHILD = bench_bots._CHILD
"""The bots row's own child: it plays `argv[1]`'s games with bot `argv[2]` and prints their events."""

_LOAD_CHILD = """
import json, sys
from monuments_tui.saves.format import read_save
from monuments_tui.game.timeline import rebuild
save = read_save(sys.argv[1])
loads, validate = int(sys.argv[2]), sys.argv[3] == "validate"
rebuild(save.header, save.records, save.path, validate=validate)  # imports and the content's caches
for _ in range(loads):
    rebuild(save.header, save.records, save.path, validate=validate)
print(json.dumps({"commands": len(save.records)}))
"""

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions_in(valgrind_output: str) -> int:
    """The instruction count Cachegrind reports in its summary ("I refs: 1,234")."""
    found = _REFS.search(valgrind_output)
    if found is None:
        raise ValueError(f"no instruction count in Valgrind's output: {valgrind_output[-300:]!r}")
    return int(found.group(1).replace(",", ""))


def counted(root: Path, child: str, *args: str) -> tuple[int, dict]:
    """Instructions of `child` run with `args` by this venv's Python on the code in `root`, and what it printed."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        + [sys.executable, "-c", child, *args],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return instructions_in(out.stderr), json.loads(out.stdout)


def main() -> None:
    smoke = "--smoke" in sys.argv
    old = bench_bots.OLD
    if "--old" in sys.argv:
        old = Path(sys.argv[sys.argv.index("--old") + 1])
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: `apt-get install valgrind`")
    if not (old / "monuments_tui").is_dir():
        if not smoke:
            sys.exit(
                f"no checkout of 0.3.0 at {old}: run `git worktree add --detach {old} 0f49a0c`, or pass --old PATH"
            )
        old = ROOT  # smoke: the rows run, the 0.3.0 figure means nothing
    games = json.dumps(bench_bots.SMOKE_GAMES if smoke else bench_bots.GAMES)
    loads = "1" if smoke else str(LOADS)
    path = str(EXAMPLE)
    jobs: dict[str, tuple[Path, str, tuple[str, ...]]] = {  # the longest first: two run at a time
        "0.3.0": (old, _GAMES_CHILD, (games, "heuristic")),
        "heuristic": (ROOT, _GAMES_CHILD, (games, "heuristic")),
        "heuristic-exact": (ROOT, _GAMES_CHILD, (games, "heuristic-exact")),
        "validate": (ROOT, _LOAD_CHILD, (path, loads, "validate")),
        "replay": (ROOT, _LOAD_CHILD, (path, loads, "replay")),
        # the same children doing none of the work: their imports and set-up, taken off
        "0.3.0 idle": (old, _GAMES_CHILD, ("[]", "heuristic")),
        "idle": (ROOT, _GAMES_CHILD, ("[]", "heuristic")),
        "validate idle": (ROOT, _LOAD_CHILD, (path, "0", "validate")),
        "replay idle": (ROOT, _LOAD_CHILD, (path, "0", "replay")),
    }
    with ThreadPoolExecutor(2) as pool:
        runs = {name: pool.submit(counted, root, child, *args) for name, (root, child, args) in jobs.items()}
        got = {name: run.result() for name, run in runs.items()}

    def work(name: str, idle: str) -> int:
        return got[name][0] - got[idle][0]

    then = work("0.3.0", "0.3.0 idle") / max(got["0.3.0"][1]["events"], 1)
    print(f"instructions per event of heuristic bots' games (bench_bots.{'SMOKE_GAMES' if smoke else 'GAMES'})")
    print(f"  {'0.3.0':<15} {then / 1e3:8.0f}k  ({got['0.3.0'][1]['events']} events)")
    for bot in ("heuristic", "heuristic-exact"):
        now = work(bot, "idle") / max(got[bot][1]["events"], 1)
        print(f"  {bot:<15} {now / 1e3:8.0f}k  ({got[bot][1]['events']} events): {then / now:.2f}x fewer than 0.3.0's")
    validated, replay = work("validate", "validate idle"), work("replay", "replay idle")
    print(
        f"validated load of {EXAMPLE.name}: {validated / int(loads) / 1e6:.1f}M instructions against"
        f" {replay / int(loads) / 1e6:.1f}M for its replay, {validated / replay:.2f}x"
    )


if __name__ == "__main__":
    main()
