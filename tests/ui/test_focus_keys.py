"""Pilot test: Esc goes from the command line to the map and from anywhere else back to the
command line, and the key bar names where it goes now."""

from __future__ import annotations

from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.widgets.map_view import MapView
from tests.ui.helpers import screen_text, wait_for
from tests.ui.test_compact_panes import after_set_up, open_game


async def test_esc_is_named_for_where_it_goes(tmp_path):
    session = after_set_up(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_game(pilot)
        line = screen.command_line.input
        await wait_for(pilot, lambda: line.has_focus)
        await wait_for(pilot, lambda: "esc Map" in screen_text(app).splitlines()[-1])
        await pilot.press("f7")  # a pane takes the focus
        await pilot.pause()
        assert not line.has_focus
        assert "esc Command line" in screen_text(app).splitlines()[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert line.has_focus and "esc Map" in screen_text(app).splitlines()[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(screen.focused, MapView)
        assert "esc Command line" in screen_text(app).splitlines()[-1]
