"""The last move, visible: the hexes the last step changed are marked on the map until the next
step (highlighted, and underlined so that they read without colour), and the log follows the
newest step in every layout, a pane shown again after being hidden included."""

from __future__ import annotations

from rich.style import Style

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.map_changes import changed_hexes
from monuments_tui.ui.map_geometry import hex_region
from monuments_tui.ui.widgets.log_pane import LogPane
from monuments_tui.ui.widgets.map_view import MapView
from tests.helpers import game, run
from tests.ui.helpers import type_command, wait_for
from tests.ui.test_compact_panes import open_game, show


def test_a_move_changes_the_hex_left_and_the_hex_entered():
    before = game()
    after = run(before, "play movement")
    assert changed_hexes(before, after) == frozenset()  # a card played: nothing on the map moved
    moved = run(after, next(t for t in ("move w F19 E19", "move w F19 F18") if _legal(after, t)))
    assert {"F19"} < changed_hexes(after, moved)
    assert len(changed_hexes(after, moved)) == 2
    assert changed_hexes(None, moved) == frozenset()


def _legal(state, text) -> bool:
    from monuments_tui.rules import format_command, legal_commands

    return text in [format_command(c) for c in legal_commands(state)]


def set_up_game(tmp_path) -> GameSession:
    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "human"), saves_dir=tmp_path, teaching=True
    )
    session.close()
    return session


async def test_the_map_marks_what_the_last_step_changed_until_the_next(tmp_path):
    session = set_up_game(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_game(pilot)
        m = screen.query_one(MapView)
        await type_command(pilot, screen.legal_texts[0])  # keep a starting quest: nothing on the map
        assert m.changed == frozenset()
        start = next(t for t in screen.legal_texts if t.startswith("start "))
        await type_command(pilot, start)
        hex_id = start.split()[-1]
        assert m.changed == frozenset({hex_id})
        x, y, w, _ = hex_region(m.zoom, hex_id)
        m.use_color = False
        await pilot.pause()
        strip = m._changed_strip(m._map_strip(y, Style.null()).crop(x, x + w))
        assert all(style is not None and style.underline for _, style, _ in strip)  # without colour too
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert m.changed == frozenset()  # the step before (keeping a quest) changed nothing on the map


async def test_the_log_shown_again_after_being_hidden_shows_the_newest_step(tmp_path):
    session = set_up_game(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        await show(pilot, "log")  # seen during the set-up, then hidden
        await show(pilot, "map")
        for _ in range(6):
            await type_command(pilot, screen.legal_texts[0])
        await wait_for(pilot, lambda: len(screen.session.history()) >= 6)
        await show(pilot, "log")
        await pilot.pause()
        log = screen.query_one(LogPane)
        newest = screen.session.history()[-1]
        text = "\n".join(s.text for s in log.lines)
        assert newest.text in text
        assert log.scroll_offset.y >= log.max_scroll_y - 1  # at the newest step
