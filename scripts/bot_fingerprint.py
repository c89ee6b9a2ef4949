"""A fingerprint of the heuristic bot's play: a hash of every command it chooses in six
seeded games cut short (two to four players, both modes, and solo), with their CPU time.

    .venv/bin/python scripts/bot_fingerprint.py [BOT]     (BOT: heuristic, or heuristic-exact)

A change meant only to make the bot faster must print the same hash before and after.
Run both versions side by side (e.g. one from a copy of the tree with PYTHONPATH) on
this shared machine and compare the CPU times.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time

import msgspec

from monuments_tui.ai.bots import get_bot
from monuments_tui.cli.simulate import game_configs
from monuments_tui.rules import decide, fold, new_game
from monuments_tui.rules.commands import AiAct

GAMES = (
    # civilisations, mode, solo level, games, rounds
    (("greece", "egypt"), "abundance", None, 2, 60),
    (("maya", "inca"), "scarcity", None, 1, 60),
    (("greece", "egypt", "inca"), "abundance", None, 1, 40),
    (("greece", "egypt", "maya", "inca"), "scarcity", None, 1, 30),
    (("greece", "egypt"), "abundance", "hard", 1, 60),
)


def main() -> None:
    encode = msgspec.json.Encoder().encode
    digest = hashlib.sha256()
    bot = get_bot(sys.argv[1] if len(sys.argv) > 1 else "heuristic")
    started = time.process_time()
    for civs, mode, solo, games, rounds in GAMES:
        for g, config in enumerate(game_configs(civs, mode, games, 5, solo, True)):
            rnd = random.Random(100 + g)
            state = new_game(config)
            steps = 0
            while state.phase != "over" and state.round <= rounds:
                command = AiAct() if solo and state.pending.seat == 0 else bot(state, rnd)
                state = fold(state, decide(state, command))
                digest.update(encode(command))
                steps += 1
            print(f"{'+'.join(civs):<28} {mode:<9} {solo or '':<6} {steps:4d} commands, round {state.round}")
    print(f"hash {digest.hexdigest()[:16]}   CPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
