"""Session benchmark: undo from the nearest snapshot against a fold from the start, side by side.

Run: .venv/bin/python tests/bench/bench_session.py

Plays one seeded random game of `steps` commands in a teaching session (no file), then
times, at the end of the game: the state one step back folded from the nearest snapshot
(what undo does) against the same state folded from the start (what undo would cost
without snapshots); a session undo + redo with their fsynced journal records; one
command (decide, fsynced record, fold); and a full load (every command decided again). Machines here are shared and noisy, so only
the ratios measured in the same run mean much.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from timing import best_of  # tests/bench/timing.py: the scripts run from this folder

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, fold, legal_commands


def main(steps: int = 3000) -> None:
    config = GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity", seed=1)
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        s = GameSession.new(config, teaching=True, saves_dir=Path(tmp))
        play = 0.0
        for _ in range(steps):
            if s.state.pending is None:
                break
            command = rnd.choice(legal_commands(s.state))
            t = time.perf_counter()
            s.execute(command)
            play += time.perf_counter() - t
        play /= len(s.history())
        timeline = s._timeline
        n = len(timeline.steps)

        def undo_redo():
            s.undo()
            s.redo()

        def from_start():
            fold(timeline.initial, [e for st in timeline.steps[: n - 1] for e in st.events])

        session_undo = best_of(undo_redo)
        memory = GameSession.new(config, autosave=False)
        t = time.perf_counter()
        for step in timeline.steps:
            memory.execute(step.command)
        no_file = (time.perf_counter() - t) / n
        snap = best_of(lambda: timeline.state_at(n - 1))
        full = best_of(from_start)
        load = best_of(lambda: GameSession.load(s.path), rounds=3)
        size = s.path.stat().st_size
        s.close()
    print(f"steps in the line            {n} (4 seats), file {size / 1024:.0f} KiB")
    print(f"execute (decide+fsync+fold)  {play * 1e3:.2f} ms/command")
    print(f"execute without a file       {no_file * 1e3:.2f} ms/command (decide+fold; the rest is the fsync)")
    print(f"undo state from snapshot     {snap * 1e3:.3f} ms (fold from the nearest snapshot)")
    print(f"undo state from the start    {full * 1e3:.3f} ms (fold of every event)")
    print(f"from start / from snapshot   {full / snap:.1f}x")
    print(f"session undo + redo          {session_undo * 1e3:.2f} ms (2 journal records, each fsynced)")
    print(f"load with full validation    {load * 1e3:.0f} ms ({load / n * 1e3:.2f} ms/step)")


if __name__ == "__main__":
    main()
