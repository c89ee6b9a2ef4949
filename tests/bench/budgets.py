"""The budgets table: each row a ratio measured side by side in one run, against its target.

A row is a function decorated with `budget(...)` in one of `ROW_MODULES`; it takes
`smoke` (True: one quick round, only to show it runs) and returns a `Measured`. To add a
row, write such a function in a module of this folder and list the module here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

ROW_MODULES = (
    "tests.bench.engine_budgets",
    "tests.bench.startup_budget",
    "tests.bench.app_budgets",
    "tests.bench.screen_budget",
    "tests.bench.simulate_budget",
    "tests.bench.bot_budgets",
    "tests.bench.search_budgets",
)
"""Modules whose `budget` functions are rows of the table, in the table's order."""


@dataclass(frozen=True)
class Measured:
    """A measured ratio, and the figures it came from (in words, for the table)."""

    ratio: float
    detail: str = ""


@dataclass(frozen=True)
class Budget:
    """One row: what the player waits for, and the most (or least) its ratio may be."""

    name: str
    limit: float
    at_least: bool
    """True when the ratio must reach `limit` (a speed-up); False when it must stay under."""
    measure: Callable[[bool], Measured]

    @property
    def target(self) -> str:
        return f"{'>=' if self.at_least else '<='} {self.limit:g}x"

    def met(self, ratio: float) -> bool:
        return ratio >= self.limit if self.at_least else ratio <= self.limit


BUDGETS: list[Budget] = []


def budget(name: str, *, at_most: float | None = None, at_least: float | None = None):
    """Register the decorated measuring function as the row `name` of the table."""
    if (at_most is None) == (at_least is None):
        raise ValueError(f"budget {name!r}: give exactly one of at_most and at_least")

    def register(measure: Callable[[bool], Measured]) -> Callable[[bool], Measured]:
        limit = at_least if at_least is not None else at_most
        assert limit is not None
        BUDGETS.append(Budget(name, limit, at_least is not None, measure))
        return measure

    return register


def load_rows() -> list[Budget]:
    """Every registered row (importing `ROW_MODULES` registers them)."""
    for module in ROW_MODULES:
        importlib.import_module(module)
    return BUDGETS


@dataclass(frozen=True)
class Result:
    budget: Budget
    measured: Measured | None
    error: str = ""

    @property
    def met(self) -> bool:
        return self.measured is not None and self.budget.met(self.measured.ratio)


def run(rows: list[Budget], smoke: bool, progress: Callable[[str], None] = lambda _: None) -> list[Result]:
    """Measure each row; a row that fails is reported as failed, and the others still run."""
    results = []
    for row in rows:
        progress(row.name)
        try:
            results.append(Result(row, row.measure(smoke)))
        except Exception as exc:  # noqa: BLE001  (one broken benchmark must not hide the rest)
            results.append(Result(row, None, f"{type(exc).__name__}: {exc}"))
    return results


def table(results: list[Result], smoke: bool) -> str:
    """The results as a Markdown table: budget, target, measured, met, and the figures."""
    lines = ["| budget | target | measured | met | figures |", "|---|---|---|---|---|"]
    for r in results:
        if r.measured is None:
            lines.append(f"| {r.budget.name} | {r.budget.target} | failed | no | {r.error} |")
            continue
        met = "(smoke)" if smoke else ("yes" if r.met else "NO")
        lines.append(f"| {r.budget.name} | {r.budget.target} | {r.measured.ratio:.2f}x | {met} | {r.measured.detail} |")
    return "\n".join(lines)
