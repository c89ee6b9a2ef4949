"""The map pane: the world map with a hex cursor, panning, zoom and a legend.

``MapView`` draws the lines of :func:`monuments_tui.ui.map_render.render_map` with the
Line API (a :class:`~textual.scroll_view.ScrollView`), so only the visible lines are
turned into strips and a map larger than the pane scrolls. The column numbers and row
letters stay pinned at the top and left while the map scrolls under them, and the view
follows the cursor.

The map itself is rendered once per (state, zoom, colour) without a cursor; the cursor
is drawn at display time, so moving it costs a line or three, not a whole map.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from rich.theme import Theme
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monuments_tui.rules.board import load_board
from monuments_tui.rules.state import GameState
from monuments_tui.ui.map_geometry import ZOOMS, geometry, hex_at, hex_region
from monuments_tui.ui.map_legend import legend_lines
from monuments_tui.ui.map_render import render_map
from monuments_tui.ui.theme import MAP_TONES, tone_classes, tones_of

__all__ = ["MapView"]

_PLAIN_CURSOR = Style(reverse=True, bold=True)
_LEGEND_TITLE = "MAP LEGEND  (L closes)"


class MapView(ScrollView, can_focus=True):
    """The world map with a cursor on one hex.

    Set ``state`` after every change of the game; set ``cursor`` (or call
    :meth:`select`) to move the cursor from outside. Every cursor move posts
    :class:`MapView.HexSelected`.
    """

    DEFAULT_CSS = """
    MapView {
        background: $surface;
        scrollbar-size: 1 1;
    }
    MapView > .map-view--cursor {
        background: $accent;
        color: $background;
        text-style: bold;
    }
    MapView > .map-view--legend {
        background: $panel;
        color: $foreground;
    }
    MapView > .map-view--legend-title {
        background: $panel;
        color: $accent;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES = {"map-view--cursor", "map-view--legend", "map-view--legend-title"} | tone_classes(MAP_TONES)
    """The cursor and legend here; the map's tones in the app's stylesheet (they use its theme variables)."""

    BINDINGS = [
        Binding("left,h", "cursor('W')", "Move cursor", key_display="←↑↓→", show=True),
        Binding("right,l", "cursor('E')", "Cursor east", show=False),
        Binding("up,k", "cursor('N')", "Cursor north", show=False),
        Binding("down,j", "cursor('S')", "Cursor south", show=False),
        Binding("z", "toggle_zoom", "Zoom"),
        Binding("L,shift+l", "toggle_legend", "Legend"),
        Binding("enter", "activate", "Choose hex", show=False),
    ]

    state: reactive[GameState | None] = reactive(None, always_update=True, init=False)
    """The game shown; None shows the bare world map."""
    cursor: reactive[str] = reactive("F19", init=False)
    """The selected hex id (canonical upper case)."""
    zoom: reactive[str] = reactive("overview", init=False)
    """"overview" or "detail"."""
    show_legend: reactive[bool] = reactive(False, init=False)
    """Whether the legend panel covers the right of the pane."""
    viewer: reactive[int | None] = reactive(None, init=False)
    """The seat looking at the map (reserved for hidden information)."""
    use_color: reactive[bool] = reactive(True, init=False)
    """False renders the map without colours."""

    class HexMessage(Message):
        """A message about one hex of this map."""

        def __init__(self, map_view: MapView, hex_id: str) -> None:
            super().__init__()
            self.map_view = map_view
            self.hex_id = hex_id

        @property
        def control(self) -> MapView:
            return self.map_view

    class HexSelected(HexMessage):
        """The cursor moved to a hex (keys, mouse, or a new ``cursor`` value)."""

    class HexActivated(HexMessage):
        """Enter on the cursor hex, or a double click on a hex."""

    def __init__(
        self,
        state: GameState | None = None,
        *,
        cursor: str = "F19",
        zoom: str = "overview",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._lines: list[Text] | None = None
        self._strips: dict[int, Strip] = {}
        self._legend: list[Strip] | None = None
        self._legend_key: tuple | None = None
        self._tones: Theme | None = None
        self._centred = True
        """The view was last scrolled to centre the cursor (and stays so through a change of size)."""
        self.set_reactive(MapView.state, state)
        self.set_reactive(MapView.cursor, load_board().normalise(cursor) or "F19")
        self.set_reactive(MapView.zoom, zoom if zoom in ZOOMS else "overview")
        self._update_virtual_size()

    # ------------------------------------------------------------------ public

    def select(self, hex_id: str) -> None:
        """Move the cursor to `hex_id` (any case); unknown ids are ignored."""
        canonical = load_board().normalise(hex_id)
        if canonical is not None:
            self.cursor = canonical

    # ------------------------------------------------------------------ reactives

    def validate_cursor(self, value: str) -> str:
        canonical = load_board().normalise(value) if isinstance(value, str) else None
        return canonical if canonical is not None else self.cursor

    def validate_zoom(self, value: str) -> str:
        return value if value in ZOOMS else self.zoom

    def watch_state(self) -> None:
        self._invalidate()

    def watch_viewer(self) -> None:
        self._invalidate()

    def watch_use_color(self) -> None:
        self._invalidate()

    def watch_zoom(self) -> None:
        self._invalidate()
        self._update_virtual_size()
        self.call_after_refresh(self.scroll_to_cursor, center=True)

    def watch_cursor(self, old: str, new: str) -> None:
        self.refresh()
        self.scroll_to_cursor()
        self.post_message(self.HexSelected(self, new))

    def watch_show_legend(self) -> None:
        self.refresh()
        self.scroll_to_cursor()

    # ------------------------------------------------------------------ actions

    def action_cursor(self, direction: str) -> None:
        """Move the cursor: W/E along the row, N/S to the row above/below, same column."""
        board = load_board()
        h = board.hexes[self.cursor]
        row, col = h.row, h.col
        if direction == "W":
            col -= 1
        elif direction == "E":
            col += 1
        elif direction == "N":
            row -= 1
        elif direction == "S":
            row += 1
        row = min(max(row, 0), board.rows - 1)
        col = min(max(col, 0), board.cols - 1)
        self.cursor = f"{chr(ord('A') + row)}{col + 1}"

    def action_toggle_zoom(self) -> None:
        """Switch between the overview and the detail view."""
        self.zoom = "detail" if self.zoom == "overview" else "overview"

    def action_toggle_legend(self) -> None:
        """Show or hide the legend."""
        self.show_legend = not self.show_legend

    def action_activate(self) -> None:
        """Post HexActivated for the cursor hex."""
        self.post_message(self.HexActivated(self, self.cursor))

    # ------------------------------------------------------------------ mouse

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if self._legend_width() and offset.x >= self._viewport().width - self._legend_width():
            return  # a click on the legend panel
        x, y = self._to_map(offset.x, offset.y)
        hex_id = hex_at(self.zoom, x, y)
        if hex_id is None:
            return
        event.stop()
        self.focus()
        self.cursor = hex_id
        if event.chain >= 2:
            self.post_message(self.HexActivated(self, hex_id))

    # ------------------------------------------------------------------ geometry

    def _viewport(self) -> Size:
        return self.scrollable_content_region.size

    def _frozen(self) -> tuple[int, int]:
        """Columns and lines pinned at the left and top (row letters, column numbers)."""
        g = geometry(self.zoom)
        view = self._viewport()
        left = g.left if view.width >= g.left + 2 * g.step else 0
        top = g.top if view.height >= g.top + 2 * g.row_h else 0
        return left, top

    def _to_map(self, x: int, y: int) -> tuple[int, int]:
        """Viewport cell -> map cell."""
        left, top = self._frozen()
        sx, sy = self.scroll_offset
        return (x if x < left else x + sx), (y if y < top else y + sy)

    def _update_virtual_size(self) -> None:
        g = geometry(self.zoom)
        self.virtual_size = Size(g.width, g.height)

    def scroll_to_cursor(self, center: bool = False) -> None:
        """Scroll so that the cursor hex (with a margin) is in view, below the pinned labels."""
        view = self._viewport()
        if view.width <= 0 or view.height <= 0:
            return
        self._centred = center
        g = geometry(self.zoom)
        left, top = self._frozen()
        x, y, w, h = hex_region(self.zoom, self.cursor)
        # A margin of one gap column and the separator lines around the hex.
        x0, x1 = x - 1 - left, x + w + 1
        y0, y1 = y - g.sep - top, y + h + g.sep
        width = view.width - self._legend_width()
        if width < w + 2:
            width = view.width
        height = view.height
        sx, sy = self.scroll_offset
        if center:
            sx = (x0 + x1 - width) // 2
            sy = (y0 + y1 - height) // 2
        if x1 > sx + width:
            sx = x1 - width
        if x0 < sx:
            sx = x0
        if y1 > sy + height:
            sy = y1 - height
        if y0 < sy:
            sy = y0
        sx = min(max(sx, 0), max(self.max_scroll_x, 0))
        sy = min(max(sy, 0), max(self.max_scroll_y, 0))
        if (sx, sy) != tuple(self.scroll_offset):
            self.scroll_to(sx, sy, animate=False)

    def on_resize(self, event: events.Resize) -> None:
        self._legend = None
        self.call_after_refresh(self.scroll_to_cursor, center=self._centred)

    def on_mount(self) -> None:
        self.call_after_refresh(self.scroll_to_cursor, center=True)

    # ------------------------------------------------------------------ rendering

    def _invalidate(self) -> None:
        self._lines = None
        self._strips = {}
        self.refresh()

    def notify_style_update(self) -> None:
        """The theme or CSS changed: rebuild strips (their base style) and the legend."""
        super().notify_style_update()
        self._strips = {}
        self._legend = None
        self._tones = None

    def _map_lines(self) -> list[Text]:
        if self._lines is None:
            self._lines = render_map(self.state, None, self.zoom, color=self.use_color, viewer=self.viewer)
            self._strips = {}
        return self._lines

    def _map_strip(self, y: int) -> Strip:
        """Map line y as a strip (made when first shown, then kept until the map changes)."""
        strip = self._strips.get(y)
        if strip is None:
            line = self._map_lines()[y]
            if self._tones is None:
                self._tones = tones_of(self, MAP_TONES)
            console = self.app.console
            with console.use_theme(self._tones):
                segments = list(line.render(console))
            strip = Strip(segments, line.cell_len).apply_style(self.rich_style)
            self._strips[y] = strip
        return strip

    def _legend_shape(self) -> tuple[int, int]:
        """Columns of the legend and the width of one column, for the current viewport.

        The legend goes in one column when the pane is tall enough, else in as many
        columns as needed if they leave some map visible, else one column cut short.
        """
        view = self._viewport()
        body = len(legend_lines())
        col_w = max(len(line) for line in legend_lines()) + 2
        rows = max(view.height - 1, 1)
        columns = -(-body // rows)
        if columns > 1 and columns * col_w + 1 > view.width - 20:
            columns = 1
        return columns, col_w

    def _legend_width(self) -> int:
        if not self.show_legend:
            return 0
        columns, col_w = self._legend_shape()
        return max(0, min(columns * col_w + 1, self._viewport().width))

    def _legend_strips(self) -> list[Strip]:
        """The legend panel: one strip per viewport line."""
        view = self._viewport()
        width = self._legend_width()
        key = (view.width, view.height, width)
        if self._legend is not None and self._legend_key == key:
            return self._legend
        style = self.get_component_rich_style("map-view--legend")
        title_style = self.get_component_rich_style("map-view--legend-title")
        columns, col_w = self._legend_shape()
        body = legend_lines()
        rows = max(view.height - 1, 0)
        if columns == 1 and len(body) > rows:
            shown = max(rows - 1, 0)
            more = f"… {len(body) - shown} more lines: enlarge the pane, or see the help"
            body = (body[:shown] + [more]) if rows else []
        lines = [Text.assemble(("│", style), (" " + _LEGEND_TITLE, title_style))]
        for r in range(rows):
            parts = [("│", style)]
            for c in range(columns):
                i = c * rows + r
                cell = body[i] if i < len(body) else ""
                parts.append((" " + cell.ljust(col_w - 1), style))
            lines.append(Text.assemble(*parts))
        strips = []
        for text in lines[: view.height]:
            text.truncate(width)
            rendered = Strip(list(text.render(self.app.console)), text.cell_len)
            strips.append(rendered.crop_extend(0, width, style))
        self._legend = strips
        self._legend_key = key
        return strips

    def _cursor_strip(self, strip: Strip) -> Strip:
        """The cursor hex's part of a line, in one uniform highlight (reverse video without colour)."""
        if not self.use_color:
            return strip.apply_style(_PLAIN_CURSOR)
        style = self.get_component_rich_style("map-view--cursor")
        return Strip([Segment(text, style) for text, _, _ in strip], strip.cell_length)

    def render_line(self, y: int) -> Strip:
        view = self._viewport()
        width = view.width
        if width <= 0:
            return Strip.blank(0)
        lines = self._map_lines()
        left, top = self._frozen()
        sx, sy = self.scroll_offset
        map_y = y if y < top else y + sy
        base = self.rich_style
        if 0 <= map_y < len(lines):
            strip = self._map_strip(map_y)
            cx, cy, cw, ch = hex_region(self.zoom, self.cursor)
            if cy <= map_y < cy + ch:
                a, b, c = strip.divide([cx, cx + cw, strip.cell_length])
                strip = Strip.join([a, self._cursor_strip(b), c])
            if left:
                strip = Strip.join([strip.crop(0, left), strip.crop_extend(sx + left, sx + width, base)])
            else:
                strip = strip.crop_extend(sx, sx + width, base)
        else:
            strip = Strip.blank(width, base)
        legend_w = self._legend_width()
        if legend_w:
            legend = self._legend_strips()
            panel = (
                legend[y]
                if y < len(legend)
                else Strip.blank(legend_w, self.get_component_rich_style("map-view--legend"))
            )
            strip = Strip.join([strip.crop(0, width - legend_w), panel])
        return strip
