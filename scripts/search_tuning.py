"""Two tunings of the search bot against each other (`monuments tournament` on paired deals).

    .venv/bin/python scripts/search_tuning.py A B [DEALS] [ITERATIONS] [PLAYERS]

A and B are tunings written as `explore=0.2,scale=512,widen=1.5,playout=0` (each key
optional: the rest are `ai.search.TUNED`'s). Both bots search ITERATIONS (default 100)
iterations a decision, so the games replay; DEALS (default 8) deals are each played with
the seats swapped. PLAYERS defaults to greece,egypt. docs/search-bot.md lists the runs.
"""

from __future__ import annotations

import sys

from monuments_tui.ai import bots
from monuments_tui.ai.search import TUNED, Budget, Tuning
from monuments_tui.ai.search_bot import SearchBot
from monuments_tui.cli.tournament import format_tournament, tournament


def tuning(text: str) -> Tuning:
    fields: dict[str, float | int] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        fields[key] = int(value) if key == "playout" else float(value)
    return TUNED._replace(**fields)  # type: ignore[arg-type]


def main() -> None:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    a, b = sys.argv[1], sys.argv[2]
    deals = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    iterations = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    civs = tuple(sys.argv[5].split(",")) if len(sys.argv) > 5 else ("greece", "egypt")
    names = [f"A[{a}]", f"B[{b}]"]
    for name, text in zip(names, (a, b), strict=True):
        bots.BOTS[name] = SearchBot(Budget(iterations=iterations, seconds=None), tuning(text))
    print(format_tournament(tournament(civs, "abundance", deals, 1, names, max_turns=100)))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
