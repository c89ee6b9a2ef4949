"""Write the example games in saves/examples/, played by the bots.

    .venv/bin/python scripts/make_examples.py [NAME ...]

Each example is a complete game, played by the bots until the game ends, written in the
save format of `monuments_tui.saves.format`. `tests/test_examples.py` loads and validates every
one of them, so run this again whenever the save format or the rules change. The seeds
were picked so that each game ends within the round limit and shows what it is meant to
show (the four-player game has battles); if a change of the rules or the bots makes one
of them run too long, the script says so and you pick another seed.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from monuments_tui.cli.simulate import play_game
from monuments_tui.rules import GameConfig
from monuments_tui.saves.format import read_save
from monuments_tui.saves.journal import write_game

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
ROUND_LIMIT = 400


class Example:
    def __init__(self, name: str, title: str, config: GameConfig, bots: tuple[str, ...], battles: bool = False):
        self.name, self.title, self.config, self.bots, self.battles = name, title, config, bots, battles


EXAMPLES_TO_MAKE = (
    Example(
        "two-players.jsonl",
        "Example: Greece against Egypt, Abundance, both played by the heuristic bot",
        GameConfig(civs=("greece", "egypt"), mode="abundance", seed=1),
        ("heuristic", "heuristic"),
    ),
    Example(
        "four-players-scarcity.jsonl",
        "Example: four players, Scarcity, with battles (Greece: heuristic bot; Egypt, Maya, Inca: random bots)",
        GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="scarcity", seed=4),
        ("heuristic", "random", "random", "random"),
        battles=True,
    ),
    Example(
        "solo-hard.jsonl",
        "Example: solo on Hard, the AI deck (Maya) against the heuristic bot (Inca)",
        GameConfig(civs=("maya", "inca"), mode="abundance", seed=3, solo="hard"),
        ("ai", "heuristic"),
    ),
)


def make(example: Example, directory: Path) -> Path:
    """Play one example to its end and write it as `directory/example.name`."""
    with tempfile.TemporaryDirectory() as scratch:
        result = play_game(example.config, list(example.bots), example.config.seed, ROUND_LIMIT, save_dir=scratch)
        if result["error"] or not result["finished"]:
            raise SystemExit(
                f"{example.name}: the game did not end in {ROUND_LIMIT} rounds ({result['error']}); pick another seed"
            )
        if example.battles and not result["state"].battles:
            raise SystemExit(f"{example.name}: no battle was fought; pick another seed")
        # Same game, written again with its title (simulate's own title names the bots and seed).
        save = read_save(result["save"])
        records = [(r.seat, r.command, r.events) for r in save.records]
        written = write_game(scratch, example.config, example.bots, records, title=example.title)
        target = directory / example.name
        shutil.copyfile(written, target)
    return target


def main(names: list[str]) -> int:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for example in EXAMPLES_TO_MAKE:
        if names and example.name not in names:
            continue
        path = make(example, EXAMPLES)
        print(f"wrote {path.relative_to(EXAMPLES.parent.parent)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
