"""Helpers for driving the real app with Textual's pilot."""

from __future__ import annotations

from collections.abc import Callable

from monuments_tui.ui.app import MonumentsApp


def screen_text(app: MonumentsApp) -> str:
    """The screen as plain text, one line per row (what a player reads)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def wait_for(pilot, condition: Callable[[], bool], timeout: float = 10.0, step: float = 0.02) -> None:
    """Pause until `condition()` holds (bots and workers run in the background)."""
    waited = 0.0
    while not condition():
        if waited >= timeout:
            raise AssertionError(f"condition not met after {timeout} s")
        await pilot.pause(step)
        waited += step


async def type_command(pilot, text: str) -> None:
    """Type a command into the command line and press Enter."""
    from monuments_tui.ui.widgets.command_line import CommandInput

    inp = pilot.app.screen.query_one(CommandInput)
    inp.focus()
    inp.value = text
    inp.cursor_position = len(text)
    await pilot.press("enter")
    await pilot.pause()
