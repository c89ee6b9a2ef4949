"""The middle zoom in the app: at 120x40 the map shows every land hex with its resources and
pieces, a click inspects a hex, the last move is marked; the zoom follows the room the map pane
has through changes of size and layout."""

from __future__ import annotations

from rich.style import Style

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.rules.layout import layout_for
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.map_geometry import hex_region
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import InspectorPane
from tests.ui.helpers import settle, type_command
from tests.ui.test_compact_panes import open_game


def hot_seat(tmp_path, civs=("greece", "egypt")) -> GameSession:
    session = GameSession.new(
        GameConfig(civs=civs, seed=3), seats=("human",) * len(civs), saves_dir=tmp_path, teaching=True
    )
    session.close()
    return session


def on_screen(m: MapView, hex_id: str) -> tuple[int, int] | None:
    """Where a hex's text starts in the pane (column, line), or None when it is scrolled out of sight."""
    x, y, w, h = hex_region(m.zoom, hex_id)
    sx, sy = m.scroll_offset
    left, top = m._frozen()
    view = m.scrollable_content_region.size
    vx, vy = x - sx + m.map_offset_x(), y - sy
    if vx < left or vx + w > view.width or vy < top or vy + h > view.height:
        return None
    return vx, vy


def shown_text(m: MapView) -> list[str]:
    return [m.render_line(y).text for y in range(m.scrollable_content_region.height)]


async def test_at_120x40_the_map_shows_every_land_hex_with_its_pieces_and_a_click_inspects_one(tmp_path):
    for civs in (("greece", "egypt"), ("greece", "egypt", "maya", "inca")):
        session = hot_seat(tmp_path / "-".join(civs), civs)
        app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot)
            m = screen.query_one(MapView)
            assert m.zoom == "middle", civs
            layout = layout_for(session.state.config.civs, session.state.config.mode)
            hidden = [h for h in sorted(layout.land | layout.monuments) if on_screen(m, h) is None]
            assert hidden == [], civs  # every land hex and monument in sight at once
            text = shown_text(m)
            for seat, p in enumerate(session.state.players):  # each civilisation's starting workers, on its monument
                home = _monument(session, p.civ)
                n = sum(1 for u in session.state.units.values() if u.hex == home and u.owner == seat)
                col, line = on_screen(m, home)
                assert n and text[line][col - 1 : col + 3] == f"@0{p.civ[0].upper()}{n}", (civs, p.civ)
            target = _monument(session, "inca" if len(civs) > 2 else "egypt")
            col, line = on_screen(m, target)
            await pilot.click(MapView, offset=(col + 1 + 1, line + 1))  # the pane's border, then the hex
            await pilot.pause()
            assert m.cursor == target
            assert screen.query_one(InspectorPane).plain.startswith(target)


def _monument(session: GameSession, civ: str) -> str:
    from monuments_tui.rules.board import load_board

    return load_board().monument_hex(civ)


async def test_the_middle_zoom_marks_the_last_move(tmp_path):
    session = hot_seat(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot)
        m = screen.query_one(MapView)
        await type_command(pilot, screen.legal_texts[0])  # keep a starting quest
        start = next(t for t in screen.legal_texts if t.startswith("start "))
        await type_command(pilot, start)  # a starting resource on a hex
        await settle(pilot)
        hex_id = start.split()[-1]
        assert m.zoom == "middle" and m.changed == frozenset({hex_id})
        col, line = on_screen(m, hex_id)
        assert shown_text(m)[line][col + 1] == "1"  # the resource just placed, on the land's line
        x, y, w, _ = hex_region(m.zoom, hex_id)
        m.use_color = False
        await pilot.pause()
        strip = m._changed_strip(m._map_strip(y, Style.null()).crop(x, x + w))
        assert all(style is not None and style.underline for _, style, _ in strip)  # marked without colour too


async def test_the_zoom_follows_the_room_through_changes_of_layout(tmp_path):
    session = hot_seat(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_game(pilot)
        m = screen.query_one(MapView)
        seen = []
        for size in ((160, 50), (120, 40), (80, 24), (120, 40), (160, 50), (100, 30)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            seen.append(m.zoom)
            layout = layout_for(session.state.config.civs, session.state.config.mode)
            if m.zoom != "mini":
                assert all(on_screen(m, h) for h in layout.land), size  # the land in sight after each change
        assert seen == ["overview", "middle", "mini", "middle", "overview", "middle"]


async def test_the_side_panes_start_at_their_top_after_any_change_of_size_or_layout(tmp_path):
    from monuments_tui.ui.widgets.board import Board
    from monuments_tui.ui.widgets.panes import HandPane, PlayersPane, QuestsPane

    session = hot_seat(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_game(pilot)
        board = screen.query_one(Board)
        panes = [screen.query_one(kind) for kind in (InspectorPane, HandPane, PlayersPane, QuestsPane)]
        for size in ((160, 44), (120, 40), (80, 24), (120, 40), (160, 50), (100, 30), (100, 34)):
            for pane in panes:
                pane.scroll_to(y=pane.max_scroll_y, animate=False, immediate=True)  # read down to the end
            scrolled = [pane.id for pane in panes if pane.scroll_offset.y]
            await pilot.resize_terminal(*size)
            await settle(pilot)
            if board.compact:  # one pane at a time: each shown starts at its top
                for pane in panes:
                    board.pane = str(pane.id)
                    await settle(pilot)
                    assert pane.scroll_offset.y == 0, (size, pane.id)
                board.pane = "map"
            else:
                assert [pane.id for pane in panes if pane.scroll_offset.y] == [], (size, scrolled)
            assert scrolled or board.compact, size  # something was scrolled down before the change
