"""Write the v1 golden save: a short seeded game with a quest draw, undo, redo and a teaching switch.

Run once per format version and commit the result; a shipped golden file is never
rewritten (except, before the first release, when the rules change the shape of events):

    .venv/bin/python tests/golden/make_v1.py
"""

from __future__ import annotations

import random
from pathlib import Path

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, events as ev, legal_commands

OUT = Path(__file__).parent / "v1_greece-egypt_scarcity_s7.jsonl"


def main() -> None:
    OUT.unlink(missing_ok=True)
    config = GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=7)
    s = GameSession.new(config, seats=("human", "random"), path=OUT, title="golden v1")
    rnd = random.Random(2026)
    drew = False
    while not drew or sum(p.turns for p in s.state.players) < 8:
        events = s.execute(rnd.choice(legal_commands(s.state)))
        drew = drew or any(isinstance(e, ev.QuestsDealt) for e in events)
    s.set_teaching(True)
    s.undo()
    s.undo()
    s.redo()
    s.execute(rnd.choice(legal_commands(s.state)))  # a new line: the second undone step stays taken back
    for _ in range(6):
        s.execute(rnd.choice(legal_commands(s.state)))
    s.close()
    print(OUT, len(s.history()), "steps")


if __name__ == "__main__":
    main()
