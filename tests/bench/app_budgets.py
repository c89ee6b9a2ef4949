"""Rows of the app: a typed command + Enter to the updated screen, the log's cost per step, the map's draw.

The first and last are budgets in milliseconds (issue 21, point 4): their ratio is the
median over the budget, so 1.00x is the budget itself. Every time is CPU time
(`time.process_time`: what other programs take on a busy machine is left out), measured
directly, without the pilot's idle waits: what runs synchronously from the moment the app
gets the input to the moment the compositor has painted every widget that changed
(`paint_changes`, what Textual does on its next idle, done at once).

The long game is the 0.3.0 golden save of four players (1,852 commands, `tests/golden/`,
read only); the map is drawn at the end of today's 4-player example (`saves/examples/`).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import msgspec
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widget import Widget

from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import Step, load_save
from monuments_tui.rules import format_command
from monuments_tui.saves.format import Header
from tests.bench.budgets import Measured, budget

ROOT = Path(__file__).resolve().parents[2]
LONG_GAME = ROOT / "tests" / "golden" / "v1_0.3.0_four-players-scarcity.jsonl"
EXAMPLE = ROOT / "saves" / "examples" / "four-players-scarcity.jsonl"
SIZE = (160, 50)


@cache
def _game(path: Path) -> tuple[Header, tuple[Step, ...]]:
    """The save's header (with the rules it goes on under: a 0.3.0 game keeps its own) and its steps."""
    save, rebuilt = load_save(path)
    return save.header, tuple(rebuilt.timeline.steps)


def _steps(path: Path) -> tuple[Step, ...]:
    return _game(path)[1]


def _session(path: Path, at: int) -> GameSession:
    """The game of `path` after its first `at` steps, every seat a person's and every hand open
    (teaching mode: no curtain between seats, no bot to wait for), writing no file."""
    header, steps = _game(path)
    header = msgspec.structs.replace(header, seats=("human",) * len(header.seats), teaching=True)
    return GameSession.from_steps(header, list(steps[:at]), autosave=False)


def paint_changes(screen: Screen) -> None:
    """Paint now what the screen's next idle would: the layout if a widget asked for one, then every
    widget marked for a repaint (Textual's `Widget._check_refresh`, `Screen._on_layout` and
    `Screen._on_timer_update`, without their messages)."""
    for widget in screen.walk_children(Widget):
        if widget._layout_required:
            widget._layout_required = False
            child: Widget = widget
            for ancestor in widget.ancestors:
                if not isinstance(ancestor, Widget):
                    break
                ancestor._clear_arrangement_cache()
                screen._layout_widgets.setdefault(ancestor, set()).add(child)
                if not ancestor.styles.auto_dimensions:
                    break
                child = ancestor
            screen._layout_required = True
        if widget._repaint_required:
            widget._repaint_required = False
            if widget.display:
                screen._dirty_widgets.add(widget)
    screen._on_timer_update()


def _cpu_ms(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1e3


# -- a typed command + Enter ---------------------------------------------------------------------
async def _typed_commands(at: int, count: int) -> list[float]:
    """CPU ms of each of `count` commands typed at step `at`: from the command line's submitted text
    (`GameScreen.play_text`: the session decides, records and folds it, `refresh_all` hands each pane
    its part of the view) to the end of the compositor's paint of the widgets that changed."""
    from monuments_tui.ui.app import MonumentsApp
    from monuments_tui.ui.screens.game import GameScreen

    session = _session(LONG_GAME, at)
    texts = [format_command(s.command) for s in _steps(LONG_GAME)[at : at + count]]
    app = MonumentsApp(saves_dir=None)
    times = []
    async with app.run_test(size=SIZE) as pilot:
        screen = GameScreen(session)
        await app.push_screen(screen)
        await pilot.pause()
        for text in texts:

            def typed(text: str = text) -> None:
                if not screen.play_text(text):
                    raise RuntimeError(f"the game refused {text!r}: {screen.command_line.message}")
                paint_changes(screen)

            times.append(_cpu_ms(typed))
            await pilot.pause()  # the rest of the loop's work (scrolling the log to its end) is untimed
    return times


@budget("typed command + Enter to the updated screen, 160x50, 1,500 steps (median / 50 ms)", at_most=1.0)
def typed_command(smoke: bool) -> Measured:
    at, count = (200, 2) if smoke else (1500, 40)
    times = asyncio.run(_typed_commands(at, count))
    median = statistics.median(times)
    return Measured(
        median / 50,
        f"median {median:.1f} ms (fastest {min(times):.1f}, slowest {max(times):.1f}) over {count} commands "
        f"from step {at}, CPU time from the submitted text to the painted screen",
    )


# -- the log ---------------------------------------------------------------------------------------
async def _log_steps(at: int, count: int) -> list[float]:
    """CPU ms the log takes for each of `count` steps played from step `at`: the game tree and the
    teaching marks it folds in, and the log pane's `show` (what `refresh_all` gives the log)."""
    from monuments_tui.ui.log_marks import TeachingMarks
    from monuments_tui.ui.widgets.board import _ViewerOf
    from monuments_tui.ui.widgets.log_pane import LogPane

    class LogApp(App):
        def compose(self) -> ComposeResult:
            yield LogPane()

    session = _session(LONG_GAME, at)
    names = [p.civ.capitalize() for p in session.state.players]
    viewer_of = _ViewerOf(None, True)
    marks = TeachingMarks()
    times = []
    app = LogApp()
    async with app.run_test(size=(121, 12)) as pilot:
        log = app.query_one(LogPane)

        def shown() -> None:
            steps = session.history()
            tree = session.tree()
            log.show(steps, names, viewer_of, session.seats, tree, marks(session.records(), steps, 0), ())

        shown()
        await pilot.pause()
        for step in _steps(LONG_GAME)[at : at + count]:
            session.execute(step.command)
            times.append(_cpu_ms(shown))
            await pilot.pause()
    return times


@budget("log: cost of a step at the end vs at the start of a long game", at_most=1.5)
def log_step(smoke: bool) -> Measured:
    count, late = (3, 300) if smoke else (30, 1800)
    start = statistics.median(asyncio.run(_log_steps(60, count)))
    end = statistics.median(asyncio.run(_log_steps(late, count)))
    return Measured(end / start, f"{end:.2f} ms a step at step {late:,} against {start:.2f} ms at step 60 (medians)")


# -- the map ---------------------------------------------------------------------------------------
async def _map_draws(rounds: int, zoom: str = "detail", size: tuple[int, int] = SIZE) -> list[float]:
    """CPU ms of drawing the whole map in `zoom` afresh (as for a new zoom or theme): the map's lines,
    each visible line's strip, and the compositor's paint, at the end of the 4-player example."""
    from monuments_tui.ui.widgets.map_view import MapView

    session = _session(EXAMPLE, len(_steps(EXAMPLE)))

    class MapApp(App):
        def compose(self) -> ComposeResult:
            yield MapView(session.state, zoom=zoom)

    app = MapApp()
    times = []
    async with app.run_test(size=size) as pilot:
        view = app.query_one(MapView)
        await pilot.pause()
        for _ in range(rounds):

            def draw() -> None:
                view._invalidate()
                paint_changes(app.screen)

            times.append(_cpu_ms(draw))
            await pilot.pause()
    return times


@budget("4-player map drawn afresh, detail zoom, 160x50 (median / 20 ms)", at_most=1.0)
def map_draw(smoke: bool) -> Measured:
    rounds = 2 if smoke else 30
    times = asyncio.run(_map_draws(rounds))
    median = statistics.median(times)
    return Measured(median / 20, f"median {median:.1f} ms over {rounds} draws (fastest {min(times):.1f})")


@budget("4-player map drawn afresh, middle zoom, 120x40 (median / 20 ms)", at_most=1.0)
def middle_map_draw(smoke: bool) -> Measured:
    rounds = 2 if smoke else 30
    times = asyncio.run(_map_draws(rounds, "middle", (120, 40)))
    median = statistics.median(times)
    return Measured(median / 20, f"median {median:.1f} ms over {rounds} draws (fastest {min(times):.1f})")
