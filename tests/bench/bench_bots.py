"""Bot benchmark: ratios measured side by side in one run (not part of the test run).

Run: .venv/bin/python tests/bench/bench_bots.py

It plays a seeded two-player game between heuristic bots for some rounds and keeps every
position where a bot had to decide. On those same positions it then times, by turns
(best of several rounds each), the heuristic bot's decision, the random bot's decision,
one `evaluate` of the position, and `legal_commands`. The heuristic bot's cost is
reported as multiples of the others: how much its look-ahead costs over a random legal
move, and how many position ratings one decision is worth. Machines here are shared and
noisy, so only the ratios mean much.
"""

from __future__ import annotations

import random

from timing import best_of  # tests/bench/timing.py: the scripts run from this folder

from monuments_tui.ai.bots import get_bot
from monuments_tui.ai.evaluate import evaluate
from monuments_tui.rules import GameConfig, decide, fold, legal_commands, new_game


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


def main(rounds: int = 3) -> None:
    states = positions()
    heuristic, random_bot = get_bot("heuristic"), get_bot("random")

    def timed(fn) -> float:
        return best_of(fn, rounds)

    think = timed(lambda: [heuristic(s, random.Random(2)) for s in states])
    pick = timed(lambda: [random_bot(s, random.Random(2)) for s in states])
    rate = timed(lambda: [evaluate(s, s.pending.seat) for s in states])
    legal = timed(lambda: [legal_commands(s) for s in states])
    n = len(states)
    print(f"positions                 {n}")
    print(f"heuristic decision        {think / n * 1e3:.2f} ms")
    print(f"random decision           {pick / n * 1e3:.2f} ms")
    print(f"evaluate                  {rate / n * 1e3:.3f} ms")
    print(f"legal_commands            {legal / n * 1e3:.3f} ms")
    print(f"heuristic / random        {think / pick:.0f}x")
    print(f"heuristic / evaluate      {think / rate:.0f}x (ratings one decision is worth)")
    print(f"heuristic / legal         {think / legal:.0f}x")


if __name__ == "__main__":
    main()
