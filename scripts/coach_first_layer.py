"""Follow the coach's first hint at every decision of the `monuments learn` game (Greece
against the heuristic bot, abundance): the round of the learner's first layer, and whether
the game ends with a fifth layer.

    .venv/bin/python scripts/coach_first_layer.py [SEEDS] [ITERATIONS] [ROUNDS]

SEEDS (default 10) seeded games, the coach searching ITERATIONS (default 100) iterations
a hint (so the run replays), each game played to its end or to round ROUNDS (default
100). Each seed prints the round of Greece's first layer, the round the game ended and
the layers each seat built. docs/search-bot.md records the runs.
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import NamedTuple

from monuments_tui.ai.coach_search import search_hints
from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.ai.search import Budget
from monuments_tui.rules import decide, fold, new_game, parse_command
from monuments_tui.ui.tutorial import learning_config


class Followed(NamedTuple):
    first_layer: int | None
    """The round of the learner's first layer (None: not built)."""
    last_round: int
    over: bool
    """The game ended (a fifth layer was built and the round played out)."""
    layers: tuple[int, ...]


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
    return Followed(first, state.round, state.phase == "over", tuple(p.layers for p in state.players))


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    found = []
    for seed in range(1, seeds + 1):
        f = follow(seed, iterations, rounds)
        found.append(f)
        layer = f"first layer in round {f.first_layer}" if f.first_layer else "no first layer"
        end = f"game over in round {f.last_round}" if f.over else f"stopped at round {rounds}"
        print(f"seed {seed}: {layer}; {end}; layers {'-'.join(map(str, f.layers))}", flush=True)
    built = [f.first_layer for f in found if f.first_layer is not None]
    if built:
        print(f"{len(built)} of {seeds} built it; median round {statistics.median(built)}, latest {max(built)}")
    ended = [f for f in found if f.over]
    print(f"{len(ended)} of {seeds} games ended with a fifth layer", end="")
    print(f"; median last round {statistics.median(f.last_round for f in ended)}" if ended else "")


if __name__ == "__main__":
    main()
