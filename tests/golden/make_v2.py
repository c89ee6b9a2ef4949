"""Write the format-2 golden saves: typed random draws and the AI's narration as data.

Run once, and commit the result. These files are contracts for format 2: never run this
again to rewrite them (a change of the rules that breaks one is a change to describe, not
a golden to regenerate); a new format gets its own script.

    .venv/bin/python tests/golden/make_v2.py
"""

from __future__ import annotations

import random
from pathlib import Path

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, events as ev

HERE = Path(__file__).parent


def play(name: str, config: GameConfig, seats: tuple[str, ...], turns: int, *, battle: bool = False) -> None:
    """Play `config` with bots for at least `turns` turns (and a finished battle, if asked)."""
    out = HERE / name
    if out.exists():
        raise SystemExit(f"{out} exists: golden saves are never rewritten")
    s = GameSession.new(config, seats=seats, path=out, title=f"golden v2 {name}")
    rnd = random.Random(2026)
    fought = not battle
    while s.state.pending is not None and (not fought or sum(p.turns for p in s.state.players) < turns):
        events = s.execute(s.bot_command(rnd))
        fought = fought or any(isinstance(e, ev.BattleEnded) for e in events)
    s.close()
    print(out.name, len(s.history()), "steps")


def teaching(name: str) -> None:
    """A two-player game in teaching mode that takes back rolls and draws, and redoes some."""
    out = HERE / name
    if out.exists():
        raise SystemExit(f"{out} exists: golden saves are never rewritten")
    config = GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=11)
    s = GameSession.new(config, seats=("random", "random"), path=out, teaching=True, title="golden v2 teaching")
    rnd = random.Random(7)
    for round_ in range(4):
        for _ in range(25):
            s.execute(s.bot_command(rnd))
        for _ in range(3):
            s.undo()
        s.redo()
        if round_ % 2:
            s.redo()
    s.close()
    print(out.name, len(s.history()), "steps")


def main() -> None:
    play(
        "v2_two-players.jsonl",
        GameConfig(civs=("greece", "egypt"), mode="abundance", seed=21),
        ("random", "heuristic"),
        14,
    )
    play(
        "v2_four-players-battles.jsonl",
        GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity", seed=4),
        ("heuristic", "random", "random", "random"),
        12,
        battle=True,
    )
    for level in ("easy", "normal", "hard", "insane"):
        play(f"v2_solo-{level}.jsonl", GameConfig(civs=("maya", "inca"), seed=5, solo=level), ("ai", "heuristic"), 24)
    teaching("v2_teaching-undo-redo.jsonl")


if __name__ == "__main__":
    main()
