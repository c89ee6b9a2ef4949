"""The start-up row: the title screen, against a bare Textual app with as many widgets.

Each side is a new Python process, timed (CPU time) from its start to its exit, that runs
its app headless at 160x50 and exits once the first screen is up (`pilot.pause()`: mounted
and idle). The Monuments side starts as `monuments` does (`cli.main`: its checks, then the
app; only `App.run` is told to run headless), on a saves folder holding the shipped
examples, and reports its screen's widgets by their Textual kind (`OptionList`,
`Footer`...). The bare app composes one of each kind that needs no arguments, `Static`s for
the rest, and as many key bindings as the title's footer shows keys; the row checks that
both sides end up with the same number of widgets of each kind, footer keys included. Both
pay the interpreter, Textual and its widgets' modules (both from bytecode, as installed), so
the ratio is what the game adds: its modules, its stylesheet, its screen.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.bench.budgets import Measured, budget

ROOT = Path(__file__).resolve().parents[2]

_HARNESS = """
import importlib, json, sys

def textual_kind(widget):
    base = next(c for c in type(widget).__mro__ if c.__module__.startswith("textual."))
    return base.__module__ + ":" + base.__name__

async def shown(pilot):
    await pilot.pause()
    widgets = list(pilot.app.screen.query("*"))
    print(json.dumps([type(pilot.app.screen).__name__, [textual_kind(w) for w in widgets]]))
    pilot.app.exit()

if sys.argv[1] == "monuments":
    from textual.app import App

    run = App.run
    App.run = lambda app, **_: run(app, headless=True, size=(160, 50), auto_pilot=shown)
    from monuments_tui.cli.main import main

    main(["--saves", sys.argv[2]])  # as the `monuments` command starts: its checks, then the app
else:
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Static

    kinds = json.loads(sys.argv[2])
    footer_keys = sum(1 for kind in kinds if kind.endswith(":FooterKey"))
    others = [kind for kind in kinds if not kind.endswith(":FooterKey")]

    def bare_widget(kind):
        module, name = kind.split(":")
        try:
            return getattr(importlib.import_module(module), name)()
        except TypeError:  # a kind that needs arguments: a Static stands in for it
            return None

    class Bare(App):
        # a footer shows a key per action bound: as many as the game shows (the palette's key is one)
        BINDINGS = [Binding(f"f{i + 2}", f"key({i})", f"Key {i}") for i in range(footer_keys - 1)]

        def compose(self):
            made = [w for w in map(bare_widget, dict.fromkeys(others)) if w is not None]
            yield from made
            for i in range(len(others) - len(made)):
                yield Static(f"widget {i}")

        def action_key(self, i):
            pass

    Bare().run(headless=True, size=(160, 50), auto_pilot=shown)
"""


def _timed(bytecode: str, *args: str) -> tuple[float, str]:
    """CPU seconds a child process running the harness takes from its start to its exit
    (CPU time: what other programs on a busy machine take is left out), and what it printed.

    Its modules' bytecode is kept in the folder `bytecode`, for both sides alike: an installed
    copy of the game has its bytecode as Textual has, even where PYTHONDONTWRITEBYTECODE is set.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPYCACHEPREFIX": bytecode}
    before = _children_cpu()
    done = subprocess.run(
        [sys.executable, "-c", _HARNESS, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return _children_cpu() - before, done.stdout.strip()


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


@budget("start-up to the title screen vs a bare Textual app", at_most=1.2)
def startup(smoke: bool) -> Measured:
    with tempfile.TemporaryDirectory() as saves, tempfile.TemporaryDirectory() as bytecode:
        for example in (ROOT / "saves" / "examples").glob("*.jsonl"):
            shutil.copy(example, saves)
        # a first run of each side writes its bytecode and warms the file cache
        first, shown = _timed(bytecode, "monuments", saves)
        screen, kinds = json.loads(shown)
        if screen != "TitleScreen":
            raise RuntimeError(f"the app opened {screen}, not the title screen")
        bare_first, bare_shown = _timed(bytecode, "bare", json.dumps(kinds))
        _same_widgets(kinds, json.loads(bare_shown)[1])
        best_game, best_bare = (first, bare_first) if smoke else (float("inf"),) * 2
        for _ in range(0 if smoke else 5):
            best_game = min(best_game, _timed(bytecode, "monuments", saves)[0])
            best_bare = min(best_bare, _timed(bytecode, "bare", json.dumps(kinds))[0])
    kinds_used = len(set(kinds))
    return Measured(
        best_game / best_bare,
        f"{best_game * 1e3:.0f} ms against {best_bare * 1e3:.0f} ms, {len(kinds)} widgets of {kinds_used} Textual kinds"
        " on both sides",
    )


def _same_widgets(game: list[str], bare: list[str]) -> None:
    """The comparison is fair only if the bare app shows as many widgets of each Textual kind."""
    if Counter(game) != Counter(bare):
        raise RuntimeError(
            f"the bare app shows {sorted(Counter(bare).items())}, the game {sorted(Counter(game).items())}"
        )
