"""Engine benchmark: ratios measured side by side in one run (not part of the test run).

Run: .venv/bin/python tests/bench/bench_engine.py

It plays the same seeded random game prefix and reports, per step, the cost of
`legal_commands` against `decide` + `fold`, and of folding events one `evolve` at a time
(a copy per event) against `fold` (one copy per command). Machines here are shared and
noisy, so only the ratios mean much.
"""

from __future__ import annotations

import random

from timing import best_of  # tests/bench/timing.py: the scripts run from this folder

from monuments_tui.rules import GameConfig, decide, evolve, fold, legal_commands, new_game


def main(steps: int = 300, rounds: int = 5) -> None:
    rnd = random.Random(1)
    state = new_game(GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity", seed=1))
    positions = []
    for _ in range(steps):
        if state.phase == "over":
            break
        command = rnd.choice(legal_commands(state))
        positions.append((state, command))
        state = fold(state, decide(state, command))

    def timed(fn) -> float:
        return best_of(fn, rounds)

    legal = timed(lambda: [legal_commands(s) for s, _ in positions])
    step = timed(lambda: [fold(s, decide(s, c)) for s, c in positions])
    one_by_one = timed(lambda: [_evolve_each(s, decide(s, c)) for s, c in positions])
    n = len(positions)
    print(f"positions            {n}")
    print(f"legal_commands       {legal / n * 1e3:.2f} ms/position")
    print(f"decide + fold        {step / n * 1e3:.2f} ms/command")
    print(f"legal / step ratio   {legal / step:.1f}x")
    print(f"evolve each / fold   {one_by_one / step:.2f}x")


def _evolve_each(state, events):
    for e in events:
        state = evolve(state, e)
    return state


if __name__ == "__main__":
    main()
