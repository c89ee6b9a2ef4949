"""The MapView widget driven by a pilot: cursor keys, clicks, zoom, legend, panning, resizing."""

from __future__ import annotations

from textual.app import App, ComposeResult

from monuments_tui.rules import GameConfig, new_game
from monuments_tui.rules.state import Unit
from monuments_tui.ui.map_geometry import ZOOMS, hex_region, map_size
from monuments_tui.ui.widgets.map_view import MapView


def game():
    state = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=1))
    state.units = {"u1": Unit("u1", 0, "worker", "E19"), "u2": Unit("u2", 1, "army", "I19")}
    return state


class MapApp(App):
    """A tiny app holding only the map; it records the map's messages."""

    def __init__(self, state=None, cursor="E19", zoom="overview"):
        super().__init__()
        self.map_state = state
        self.start_cursor = cursor
        self.start_zoom = zoom
        self.selected: list[str] = []
        self.activated: list[str] = []
        self.legend_requests = 0

    def compose(self) -> ComposeResult:
        yield MapView(self.map_state, cursor=self.start_cursor, zoom=self.start_zoom)

    def on_mount(self) -> None:
        self.query_one(MapView).focus()

    def on_map_view_hex_selected(self, message: MapView.HexSelected) -> None:
        self.selected.append(message.hex_id)

    def on_map_view_hex_activated(self, message: MapView.HexActivated) -> None:
        self.activated.append(message.hex_id)

    def on_map_view_legend_requested(self, message: MapView.LegendRequested) -> None:
        self.legend_requests += 1


def visible_text(view: MapView) -> list[str]:
    return [view.render_line(y).text for y in range(view.scrollable_content_region.height)]


async def test_arrow_keys_move_the_cursor_and_post_hex_selected():
    app = MapApp(game())
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.press("right")
        assert view.cursor == "E20"
        await pilot.press("left", "left")
        assert view.cursor == "E18"
        await pilot.press("up")  # the row above, same column
        assert view.cursor == "D18"
        await pilot.press("down", "down")
        assert view.cursor == "F18"
        await pilot.pause()
        assert app.selected == ["E20", "E19", "E18", "D18", "E18", "F18"]


async def test_the_map_binds_no_letter_a_typed_word_starts_with():
    # h, k, l and i start hint, keep, layer and info: typed on the map they go to the command line
    app = MapApp(game(), cursor="F19")
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.press("h", "j", "k", "l", "i")
        assert view.cursor == "F19" and app.selected == []
        keys = {key for binding in MapView.BINDINGS for key in binding.key.split(",")}
        assert keys == {"left", "right", "up", "down", "enter", "z", "L", "shift+l"}


async def test_cursor_stops_at_the_edges_of_the_grid():
    app = MapApp(game(), cursor="A1")
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.press("up", "left")
        assert view.cursor == "A1"
        view.cursor = "O28"
        await pilot.press("down", "right")
        assert view.cursor == "O28"


async def test_enter_posts_hex_activated():
    app = MapApp(game())
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert app.activated == ["E19"]


async def test_click_selects_the_hex_under_the_pointer():
    app = MapApp(game())
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        assert tuple(view.scroll_offset) == (0, 0)  # the overview fits: no scrolling
        x, y, w, h = hex_region("overview", "I19")
        assert await pilot.click(MapView, offset=(view.map_offset_x() + x + 1, y + 1))
        assert view.cursor == "I19"
        await pilot.pause()
        assert app.selected[-1] == "I19"
        x, y, w, h = hex_region("overview", "C5")
        assert await pilot.double_click(MapView, offset=(view.map_offset_x() + x, y))
        await pilot.pause()
        assert view.cursor == "C5"
        assert app.activated == ["C5"]


async def test_z_cycles_the_zooms_and_l_asks_for_the_legend():
    app = MapApp(game())
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.press("z")
        assert view.zoom == "detail"
        assert view.virtual_size.width == map_size("detail")[0]
        await pilot.press("z")
        assert view.zoom == "mini" and view.virtual_size.width == map_size("mini")[0]
        await pilot.press("z")
        assert view.zoom == "middle" and view.virtual_size.width == map_size("middle")[0]
        await pilot.press("z")
        assert view.zoom == "overview"
        await pilot.press("L")
        await pilot.pause()
        assert app.legend_requests == 1  # the board that holds the map shows the legend panel


async def test_without_a_chosen_zoom_the_map_takes_the_largest_that_shows_all_the_land():
    app = MapApp(game(), zoom=None)
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.pause()
        assert view.zoom == "overview"  # 119 x 31 cells fit
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert view.zoom == "middle"  # Greece and Egypt's land, a line a row, fits 80 columns
        text = "\n".join(visible_text(view))
        assert all(f"{row} " in text for row in "ABCDEFGHIJKLM")  # every row with land in sight
        await pilot.resize_terminal(44, 24)  # too narrow for the land at three characters a hex
        await pilot.pause()
        assert view.zoom == "mini"
        view.fit_limit = "mini"  # the compact layout keeps the mini map (the board sets this)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert view.zoom == "mini"
        text = "\n".join(visible_text(view))
        assert "A" in text and "O" in text and "28" in text  # every row and the last column in sight
        assert tuple(view.scroll_offset) == (0, 0)
        view.fit_limit = "detail"
        await pilot.press("z")  # a zoom chosen by the player stays through changes of size
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        assert view.zoom == "middle" and not view.fit_zoom
        await pilot.press("z")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert view.zoom == "overview"


async def test_the_mini_map_brackets_the_cursor_without_colour():
    app = MapApp(game(), cursor="E19", zoom="mini")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(MapView)
        view.use_color = False
        await pilot.pause()
        x, y, w, h = hex_region("mini", "E19")
        line = view.render_line(y).text[view.map_offset_x() :]
        assert line[x - 1 : x + 2] == "[G]"  # the Greek worker, the brackets in the gaps either side
        await pilot.press("right")
        await pilot.pause()
        line = view.render_line(y).text[view.map_offset_x() :]
        assert line[x - 1 : x + 2] == " G[" and line[x + 3] == "]"  # E20: metal land


async def test_detail_zoom_pans_to_keep_the_cursor_visible():
    app = MapApp(game(), cursor="A1", zoom="detail")
    async with app.run_test(size=(60, 20)) as pilot:
        view = app.query_one(MapView)
        await pilot.pause()
        for _ in range(20):
            await pilot.press("right")
        for _ in range(8):
            await pilot.press("down")
        await pilot.pause()
        assert view.cursor == "I21"
        sx, sy = view.scroll_offset
        assert sx > 0 and sy > 0
        text = "\n".join(visible_text(view))
        assert "I21" in text
        # The row letters and column numbers stay pinned at the left and top.
        lines = visible_text(view)
        assert lines[0].lstrip().split()[0].isdigit()
        assert any(line.startswith("I ") for line in lines)


async def test_the_cursor_is_drawn_highlighted():
    app = MapApp(game(), cursor="E19")
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.pause()
        x, y, w, h = hex_region("overview", "E19")
        x += view.map_offset_x()  # the map is centred in the pane
        strip = view.render_line(y)
        cells = strip.crop(x, x + w)
        assert cells.text == "W  "  # the hex's own text is kept: wood land
        assert all(seg.style and (seg.style.bgcolor or seg.style.reverse) for seg in cells)


async def test_setting_the_state_and_cursor_from_outside():
    app = MapApp(None, cursor="F19")
    async with app.run_test(size=(130, 40)) as pilot:
        view = app.query_one(MapView)
        await pilot.pause()
        assert visible_text(view)  # the bare world map
        view.state = game()
        view.select("i19")
        await pilot.pause()
        assert view.cursor == "I19"
        assert app.selected[-1] == "I19"
        view.select("nowhere")
        view.cursor = "Z99"
        await pilot.pause()
        assert view.cursor == "I19"
        view.use_color = False
        await pilot.pause()
        assert visible_text(view)


async def test_tiny_and_odd_sizes_never_crash():
    app = MapApp(game(), zoom="detail")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(MapView)
        await pilot.press("L")
        for width, height in ((1, 1), (2, 1), (5, 3), (12, 4), (30, 6), (200, 70), (3, 40), (120, 2)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.press("right", "down", "z", "left", "up")
            await pilot.pause()
            visible_text(view)
        await pilot.press("L")
        await pilot.resize_terminal(4, 2)
        await pilot.pause()
        await pilot.press("z", "down")
        visible_text(view)


async def test_each_map_row_is_drawn_as_its_line_of_text_would_draw_in_every_zoom_and_colour():
    # The view turns the grid's runs into segments itself (the map's draw, issue 21, point 4);
    # they must be what rich makes of the same line as a Text on the pane's style.
    from monuments_tui.ui.map_render import map_grid
    from monuments_tui.ui.theme import MAP_TONES, tones_of

    state = game()
    app = MapApp(state)
    async with app.run_test(size=(130, 40)):
        view = app.query_one(MapView)
        base = view.rich_style
        console = app.console
        for zoom in ZOOMS:
            for color in (True, False):
                view.zoom, view.use_color = zoom, color
                view._invalidate()
                grid = map_grid(state, zoom, color=color)
                drew_unstyled = False
                for y in range(len(grid.chars)):
                    line = grid.line(y)
                    line.style = base
                    with console.use_theme(tones_of(view, MAP_TONES)):
                        expected = list(line.render(console))
                    strip = view._map_strip(y, base)
                    assert list(strip) == expected, (zoom, color, y)
                    assert strip.cell_length == line.cell_len
                    drew_unstyled |= not line.spans
                assert drew_unstyled or color, "a plain map has rows without any style"
