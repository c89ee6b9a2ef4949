"""Replay stepping benchmark: the cost of one step in the first and in the last tenth of a
four-player game, side by side in one run (not part of the test run).

Run: .venv/bin/python tests/bench/bench_replay.py

Opens `saves/examples/four-players-scarcity.jsonl` in the replay screen (headless, 160x50)
and times a step forward and a step back: the screen's own action (the replay folds one
step, the board redraws, the move list moves its highlight) and the refresh that follows,
then the replay's cursor alone. The move list renders every step once when the replay
opens; a step only moves its highlight, so the last tenth should cost what the first does
(a ratio near 1.0). For comparison it times what each step used to do as well, the log
rebuilt from every earlier step, against the move list's highlight alone. Machines here
are shared and noisy, so only the ratios mean much.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from tempfile import TemporaryDirectory

from timing import best_of  # tests/bench/timing.py: the scripts run from this folder

from monuments_tui.game.replay import Replay
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.widgets.board import _ViewerOf
from monuments_tui.ui.widgets.panes import LogPane

SAMPLE = 30
"""Steps timed in a row on the screen (each with a refresh): a sample of a tenth of the game."""
FOUR = Path(__file__).parent.parent.parent / "saves" / "examples" / "four-players-scarcity.jsonl"


async def _screen_steps(pilot, screen, start: int, count: int, delta: int) -> float:
    """Seconds per step of `count` steps by `delta` from `start`, each with the refresh it causes."""
    screen.replay.goto(start)
    screen.redraw()
    await pilot.pause()
    t = time.perf_counter()
    for _ in range(count):
        screen.action_step(delta)
        await pilot.pause()
    return (time.perf_counter() - t) / count


async def screen_costs(tenth: int, sample: int = SAMPLE, rounds: int = 3) -> dict[str, float]:
    """The best of `rounds` samples of `sample` steps at the start of each tenth, the cases interleaved
    so that a busy moment of the machine does not fall on one of them only."""
    with TemporaryDirectory() as tmp:
        app = MonumentsApp(start="replay", file=FOUR, saves_dir=tmp)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            screen = app.screen
            end = len(screen.replay.steps)
            cases = (
                ("forward, first tenth", 0, 1),
                ("forward, last tenth", end - tenth, 1),
                ("back, first tenth", tenth, -1),
                ("back, last tenth", end, -1),
            )
            out = {name: float("inf") for name, _, _ in cases}
            for _ in range(rounds):
                for name, start, delta in cases:
                    out[name] = min(out[name], await _screen_steps(pilot, screen, start, sample, delta))
            out |= await _log_costs(pilot, screen, tenth, sample)
            return out


async def _log_costs(pilot, screen, tenth: int, sample: int) -> dict[str, float]:
    """The part a step used to rebuild, the log of every earlier step (a LogPane given
    `steps[:position]`, its lines cached), against the move list moving its highlight."""
    log = LogPane(id="bench-log")
    await screen.mount(log)
    steps, names = screen.replay.steps, screen.names()
    viewer = _ViewerOf(None, True)
    moves = screen.moves
    end = len(steps)
    out = {}
    for name, start in (("first tenth", 0), ("last tenth", end - tenth)):
        log.show(steps[: start + sample], names, viewer)  # fill the cache of rendered lines
        await pilot.pause()
        t = time.perf_counter()
        for position in range(start, start + sample):
            log.show(steps[:position], names, viewer)
        out[f"old log, {name}"] = (time.perf_counter() - t) / sample
        t = time.perf_counter()
        for position in range(start, start + sample):
            moves.follow(position)
        out[f"move list, {name}"] = (time.perf_counter() - t) / sample
    await log.remove()
    return out


def cursor_costs(tenth: int) -> dict[str, float]:
    r = Replay.open(FOUR)
    end = len(r.steps)

    def walk(start: int, delta: int):
        def run():
            r.goto(start)
            for _ in range(tenth):
                r.goto(r.position + delta)

        return run

    return {
        "forward, first tenth": best_of(walk(0, 1), rounds=5) / tenth,
        "forward, last tenth": best_of(walk(end - tenth, 1), rounds=5) / tenth,
        "back, first tenth": best_of(walk(tenth, -1), rounds=5) / tenth,
        "back, last tenth": best_of(walk(end, -1), rounds=5) / tenth,
    }


def main() -> None:
    steps = len(Replay.open(FOUR).steps)
    tenth = steps // 10
    t = time.perf_counter()
    screen = asyncio.run(screen_costs(tenth))
    total = time.perf_counter() - t
    cursor = cursor_costs(tenth)
    print(f"game                          {FOUR.name}: {steps} steps, a tenth = {tenth} steps")
    print(f"benchmark run                 {total:.1f} s")
    for what, costs in (("replay screen", screen), ("replay cursor", cursor)):
        for way in ("forward", "back"):
            first, last = costs[f"{way}, first tenth"], costs[f"{way}, last tenth"]
            print(
                f"{what} {way:<8} first tenth {first * 1e3:7.3f} ms/step · last tenth {last * 1e3:7.3f} ms/step"
                f" · last/first {last / first:.2f}"
            )

    for what in ("old log", "move list"):
        first, last = screen[f"{what}, first tenth"], screen[f"{what}, last tenth"]
        print(
            f"{what:<13} per step   first tenth {first * 1e3:7.3f} ms/step · last tenth {last * 1e3:7.3f} ms/step"
            f" · last/first {last / first:.2f}"
        )


if __name__ == "__main__":
    main()
