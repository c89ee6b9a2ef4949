"""The benchmark command runs: `python -m tests.bench --smoke` prints a row for every budget.

Smoke mode measures one quick round of each, so this checks only that every benchmark
works and is reported, never the figures (docs/performance.md: they are measured apart).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.budgets import Budget, Measured, Result, load_rows, table

ROOT = Path(__file__).resolve().parents[1]


def test_the_smoke_run_prints_every_row_and_exits_cleanly():
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench", "--smoke"], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and "---" not in line][1:]
    names = [r.name for r in load_rows()]
    assert len(rows) == len(names) >= 4
    for name, row in zip(names, rows, strict=True):
        assert row.startswith(f"| {name} |"), row
        assert "failed" not in row, row


def test_a_row_that_fails_is_reported_and_a_missed_budget_says_no():
    def broken(smoke: bool) -> Measured:
        raise RuntimeError("no save to load")

    slow = Budget("slow thing", 3.0, False, lambda smoke: Measured(4.0))
    fast = Budget("speed-up", 1.8, True, lambda smoke: Measured(2.0))
    results = [
        Result(slow, Measured(4.0)),
        Result(fast, Measured(2.0)),
        Result(Budget("broken", 1, False, broken), None, "RuntimeError: no save to load"),
    ]
    text = table(results, smoke=False)
    assert "| slow thing | <= 3x | 4.00x | NO |" in text
    assert "| speed-up | >= 1.8x | 2.00x | yes |" in text
    assert "| broken | <= 1x | failed | no | RuntimeError: no save to load |" in text


def test_the_game_screens_bare_copy_is_styled_as_the_game_but_runs_none_of_its_code():
    """The game-screen row's stand-ins: named and styled as the game's widgets, over the same
    Textual widget, with none of the game's methods (`tests/bench/screen_budget.py`)."""
    from textual.scroll_view import ScrollView

    from monuments_tui.ui.widgets.panes import HandPane, TextPane
    from tests.bench.screen_budget import stand_in

    bare = stand_in(HandPane)
    assert bare.__name__ == "HandPane" and bare is not HandPane
    assert [c.__name__ for c in bare.__mro__[:3]] == ["HandPane", "TextPane", "ScrollView"]
    assert issubclass(bare, ScrollView) and not issubclass(bare, TextPane)
    assert bare.__mro__[1].DEFAULT_CSS == TextPane.DEFAULT_CSS
    assert bare.__mro__[1].COMPONENT_CLASSES == TextPane.COMPONENT_CLASSES
    assert bare.can_focus and not hasattr(bare, "show") and not hasattr(bare, "set_text")


def test_the_instruction_count_is_read_from_cachegrinds_summary():
    """`tests/bench/instructions.py` reads Valgrind's summary line, and says so when there is none."""
    from tests.bench.instructions import instructions_in

    summary = "==8380== \n==8380== I   refs:      15,180,119,792\n"
    assert instructions_in(summary) == 15_180_119_792
    with pytest.raises(ValueError, match="no instruction count"):
        instructions_in("valgrind: command not found")
