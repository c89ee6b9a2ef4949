"""The start-up row: the title screen, against a bare Textual app with as many widgets.

Each side is a new Python process, timed from its start to its exit, that runs its app
headless at 160x50 and exits once the first screen is up (`pilot.pause()`: mounted and
idle). The Monuments side starts as `monuments` does, on a saves folder holding the
shipped examples, and reports how many widgets its screen has; the bare app composes
that many `Static`s. Both pay the interpreter and Textual, so the ratio is what the
game adds.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.bench.budgets import Measured, budget

ROOT = Path(__file__).resolve().parents[2]

_HARNESS = """
import sys

async def shown(pilot):
    await pilot.pause()
    print(len(pilot.app.screen.query("*")), type(pilot.app.screen).__name__)
    pilot.app.exit()

if sys.argv[1] == "monuments":
    from monuments_tui.cli import main  # noqa: F401  (what the `monuments` command imports first)
    from monuments_tui.ui.app import MonumentsApp

    app = MonumentsApp(saves_dir=sys.argv[2])
else:
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            for i in range(int(sys.argv[2])):
                yield Static(f"widget {i}")

    app = Bare()
app.run(headless=True, size=(160, 50), auto_pilot=shown)
"""


def _timed(*args: str) -> tuple[float, str]:
    """Seconds from the start of a child process running the harness to its exit, and what it printed."""
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _HARNESS, *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - t, done.stdout.strip()


@budget("start-up to the title screen vs a bare Textual app", at_most=1.2)
def startup(smoke: bool) -> Measured:
    with tempfile.TemporaryDirectory() as saves:
        for example in (ROOT / "saves" / "examples").glob("*.jsonl"):
            shutil.copy(example, saves)
        _, shown = _timed("monuments", saves)  # a first run warms the file cache for both
        widgets, screen = shown.split()
        if screen != "TitleScreen":
            raise RuntimeError(f"the app opened {screen}, not the title screen")
        best_game = best_bare = float("inf")
        for _ in range(1 if smoke else 5):
            best_game = min(best_game, _timed("monuments", saves)[0])
            best_bare = min(best_bare, _timed("bare", widgets)[0])
    return Measured(
        best_game / best_bare, f"{best_game * 1e3:.0f} ms against {best_bare * 1e3:.0f} ms, {widgets} widgets"
    )
