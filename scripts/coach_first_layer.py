"""Follow the coach's first hint at every decision of the `monuments learn` game (Greece
against the heuristic bot, abundance): the round of the learner's first layer, and whether
the game ends with a fifth layer.

    .venv/bin/python scripts/coach_first_layer.py [SEEDS] [ITERATIONS] [ROUNDS] [FIRST]

SEEDS (default 10) seeded games from seed FIRST (default 1), the coach searching
ITERATIONS (default 1,000, the coach's own) iterations a hint (so the run replays), each game played to its end or to round ROUNDS (default
100). Each seed prints the round of Greece's first layer, the round the game ended, the
layers each seat built and each seat's score. docs/search-bot.md records the runs.
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import NamedTuple

from monuments_tui.ai.coach_search import COACH_ITERATIONS, search_hints
from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.ai.search import Budget
from monuments_tui.rules import decide, fold, new_game, parse_command, score
from monuments_tui.ui.tutorial import learning_config


class Followed(NamedTuple):
    first_layer: int | None
    """The round of the learner's first layer (None: not built)."""
    last_round: int
    over: bool
    """The game ended (a fifth layer was built and the round played out)."""
    layers: tuple[int, ...]
    scores: tuple[int, ...]
    """Each seat's score where the game stopped (the winner's is the highest)."""


def follow(seed: int, iterations: int, rounds: int) -> Followed:
    """The learn game of `seed`, the learner following the coach, to its end or round `rounds`."""
    state = new_game(learning_config(seed))
    rnd = random.Random(seed)
    budget = Budget(iterations=iterations, seconds=None)
    first: int | None = None
    while state.phase != "over" and state.round <= rounds:
        assert state.pending is not None
        if state.pending.seat == 0:
            command = parse_command(search_hints(state, budget)[0].command)
        else:
            command = heuristic_bot(state, rnd)
        state = fold(state, decide(state, command))
        if first is None and state.players[0].layers:
            first = state.round
    totals = tuple(b.total for b in score(state))
    return Followed(first, state.round, state.phase == "over", tuple(p.layers for p in state.players), totals)


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else COACH_ITERATIONS
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    first_seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    found = []
    for seed in range(first_seed, first_seed + seeds):
        f = follow(seed, iterations, rounds)
        found.append(f)
        layer = f"first layer in round {f.first_layer}" if f.first_layer else "no first layer"
        end = f"game over in round {f.last_round}" if f.over else f"stopped at round {rounds}"
        layers, scores = "-".join(map(str, f.layers)), "-".join(map(str, f.scores))
        print(f"seed {seed}: {layer}; {end}; layers {layers}; score {scores}", flush=True)
    built = [f.first_layer for f in found if f.first_layer is not None]
    if built:
        print(f"{len(built)} of {seeds} built it; median round {statistics.median(built)}, latest {max(built)}")
    ended = [f for f in found if f.over]
    print(f"{len(ended)} of {seeds} games ended with a fifth layer", end="")
    print(f"; median last round {statistics.median(f.last_round for f in ended)}" if ended else "")
    won = sum(f.scores[0] > max(f.scores[1:]) for f in found)
    print(f"the learner (following the coach) ahead on points in {won} of {seeds}")


if __name__ == "__main__":
    main()
