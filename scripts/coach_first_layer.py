"""Follow the coach's first hint at every decision of the `monuments learn` game (Greece
against the heuristic bot, abundance) and report the round of the learner's first layer.

    .venv/bin/python scripts/coach_first_layer.py [SEEDS] [ITERATIONS] [ROUNDS]

SEEDS (default 10) seeded games, the coach searching ITERATIONS (default 200) iterations
a hint (so the run replays), each game played until Greece's first layer or round ROUNDS
(default 20). docs/search-bot.md records the runs.
"""

from __future__ import annotations

import random
import statistics
import sys

from monuments_tui.ai.coach_search import search_hints
from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.ai.search import Budget
from monuments_tui.rules import decide, fold, new_game, parse_command
from monuments_tui.ui.tutorial import learning_config


def first_layer(seed: int, iterations: int, rounds: int) -> int | None:
    """The round Greece built its first layer following the coach, or None by round `rounds`."""
    state = new_game(learning_config(seed))
    rnd = random.Random(seed)
    budget = Budget(iterations=iterations, seconds=None)
    while state.phase != "over" and state.round <= rounds:
        if state.players[0].layers:
            return state.round
        assert state.pending is not None
        if state.pending.seat == 0:
            command = parse_command(search_hints(state, budget)[0].command)
        else:
            command = heuristic_bot(state, rnd)
        state = fold(state, decide(state, command))
    return state.round if state.players[0].layers else None


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    found = []
    for seed in range(1, seeds + 1):
        at = first_layer(seed, iterations, rounds)
        found.append(at)
        print(f"seed {seed}: first layer in round {at}" if at else f"seed {seed}: none by round {rounds}", flush=True)
    built = [r for r in found if r is not None]
    if built:
        print(f"{len(built)} of {seeds} built it; median round {statistics.median(built)}, latest {max(built)}")


if __name__ == "__main__":
    main()
