"""Helpers for driving the real app with Textual's pilot."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable

from monuments_tui.ui.app import MonumentsApp

_SVG_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[\w-]+-line-(\d+)\)">([^<]*)</text>'
)
_CELL_WIDTH = 12.2
"""How wide one terminal cell is in Rich's SVG export (0.61 of its 20-pixel font)."""


def screen_text(app: MonumentsApp) -> str:
    """The screen as plain text, one line per row (what a player reads), from the app's screenshot."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, line, text in _SVG_TEXT.findall(app.export_screenshot()):
        col = round(float(x) / _CELL_WIDTH)
        row = rows[int(line)]
        for i, ch in enumerate(html.unescape(text).replace("\xa0", " ")):
            if 0 <= col + i < width:
                row[col + i] = ch
    return "\n".join("".join(row) for row in rows)


async def wait_for(pilot, condition: Callable[[], bool], timeout: float = 120.0, step: float = 0.02) -> None:
    """Pause until `condition()` holds (bots and workers run in the background). The test waits
    on the condition, however busy the machine; `timeout` (wall time) only stops a hang."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise AssertionError(f"condition not met after {timeout} s")
        await pilot.pause(step)


def owes_nothing(app) -> bool:
    """The app's screen has drawn all it owes: no message waits in a queue, no repaint is
    pending, and no callback waits for one (`call_after_refresh`: a log scrolled to its end,
    a map to its cursor)."""
    screen = app.screen
    pumps = [app, *screen.walk_children(with_self=True)]
    return (
        all(pump._message_queue.empty() for pump in pumps)
        and not screen._callbacks
        and not (screen._dirty_widgets or screen._layout_required or screen._scroll_required)
        and not screen._repaint_required
    )


async def settle(pilot) -> None:
    """Pause until the screen owes nothing (`owes_nothing`), however slowly the machine runs:
    what a test reads of the screen then is what the player finally sees."""
    await pilot.pause()
    await wait_for(pilot, lambda: owes_nothing(pilot.app))


async def type_command(pilot, text: str) -> None:
    """Type a command into the command line and press Enter."""
    from monuments_tui.ui.widgets.command_line import CommandInput

    inp = pilot.app.screen.query_one(CommandInput)
    inp.focus()
    inp.value = text
    inp.cursor_position = len(text)
    await pilot.press("enter")
    await pilot.pause()
