"""Run every budget and print the table: `.venv/bin/python -m tests.bench [--smoke] [--only TEXT]`.

Exits 1 if a row failed to run, or (outside smoke mode) if a budget is not met.
"""

from __future__ import annotations

import argparse
import sys

from tests.bench.budgets import load_rows, run, table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="one quick round each: checks only that every row runs")
    parser.add_argument("--only", default="", help="run only the rows whose name contains this text")
    args = parser.parse_args(argv)
    rows = [r for r in load_rows() if args.only.lower() in r.name.lower()]
    results = run(rows, args.smoke, progress=lambda name: print(f"measuring: {name}", file=sys.stderr, flush=True))
    print(table(results, args.smoke))
    failed = any(r.measured is None for r in results)
    missed = not args.smoke and not all(r.met for r in results)
    return 1 if failed or missed else 0


if __name__ == "__main__":
    sys.exit(main())
