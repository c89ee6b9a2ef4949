"""The map pane: the world map with a hex cursor, panning and zoom.

``MapView`` draws the map of :func:`monuments_tui.ui.map_render.render_map` with the
Line API (a :class:`~textual.scroll_view.ScrollView`), so only the visible lines are
turned into strips, straight from the map's character grid (`map_grid`), and a map
larger than the pane scrolls. The column numbers and row
letters stay pinned at the top and left while the map scrolls under them, and the view
follows the cursor.

Until the player picks a zoom (z), the map takes the largest zoom that shows all the land
in play in the pane (`fitting_zoom`): the overview in large terminals, the middle zoom at
120x40, the mini map (the whole board) in small ones. The sea beyond the land may pan; a
view that can hold the land opens on it, centred.

The map's grid is drawn once per (state, zoom, colour) without a cursor; the cursor
is drawn at display time, so moving it costs a line or three, not a whole map. A new
state keeps the strips of the rows that look the same and repaints only the others. The
legend is a panel of its own (`widgets.legend_panel`): L asks for it with `LegendRequested`.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from monuments_tui.rules.board import load_board
from monuments_tui.rules.state import GameState
from monuments_tui.ui.map_geometry import ZOOMS, geometry, hex_at, hex_region
from monuments_tui.ui.map_render import land_region, map_grid
from monuments_tui.ui.map_static import Grid
from monuments_tui.ui.map_style import CURSOR_CLOSE, CURSOR_OPEN
from monuments_tui.ui.theme import MAP_TONES, tone_classes, tones_of

__all__ = ["MapView"]

_PLAIN_CURSOR = Style(reverse=True, bold=True)
_PLAIN_CHANGED = Style(underline=True, bold=True)


class _Frame(NamedTuple):
    """What every line of one paint of the map shares."""

    width: int
    left: int
    """Columns pinned at the left (row letters)."""
    top: int
    """Lines pinned at the top (column numbers)."""
    sx: int
    sy: int
    cursor: tuple[int, int, int, int]
    """The cursor's region on the map (x, y, width, height), its brackets included."""
    changed: tuple[tuple[int, int, int, int], ...]
    """The regions of the hexes the last step changed."""
    brackets: bool
    base: Style
    margin: int
    """Blank columns left of a map narrower than the pane."""


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
    MapView.-middle {
        overflow-x: hidden;  /* all the land is in view; the cursor pans to the sea beyond */
    }
    MapView > .map-view--changed {
        background: $warning 45%;
        text-style: bold underline;
    }
    """

    COMPONENT_CLASSES = {"map-view--cursor", "map-view--changed"} | tone_classes(MAP_TONES)
    """The cursor here; the map's tones in the app's stylesheet (they use its theme variables)."""

    BINDINGS = [
        Binding("left", "cursor('W')", "Move cursor", key_display="←↑↓→", show=True),
        Binding("right", "cursor('E')", "Cursor east", show=False),
        Binding("up", "cursor('N')", "Cursor north", show=False),
        Binding("down", "cursor('S')", "Cursor south", show=False),
        Binding("enter", "activate", "Add hex", show=False),  # the help says it; the replay has no line to add to
        Binding("z", "toggle_zoom", "Zoom"),
        Binding("L,shift+l", "toggle_legend", "Legend"),
    ]
    """The map's keys, the only ones it keeps from the command line: every other letter typed on the
    map is typed into the line (no command word starts with z or a capital L; h, k, l and i start
    hint, keep, layer and info, so the map binds none of them)."""

    state: reactive[GameState | None] = reactive(None, always_update=True, init=False, repaint=False)
    """The game shown; None shows the bare world map."""
    cursor: reactive[str] = reactive("F19", init=False)
    """The selected hex id (canonical upper case)."""
    zoom: reactive[str] = reactive("overview", init=False)
    """One of ZOOMS: "mini", "middle", "overview" or "detail"."""
    viewer: reactive[int | None] = reactive(None, init=False)
    """The seat looking at the map (reserved for hidden information)."""
    use_color: reactive[bool] = reactive(True, init=False)
    """False renders the map without colours."""
    changed: reactive[frozenset[str]] = reactive(frozenset(), init=False)
    """The hexes the last step changed, marked until the next step (`ui.map_changes`): in a
    highlight, underlined so that they read without colour too."""

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

    class LegendRequested(Message):
        """L on the map: show or hide the legend (the board holds it)."""

    def __init__(
        self,
        state: GameState | None = None,
        *,
        cursor: str = "F19",
        zoom: str | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._grid: Grid | None = None
        self._run_styles: dict[Style, dict[str, Style]] = {}
        """The style of each of the map's style names, on each base style of the pane (with `_tones`)."""
        self._strips: dict[int, Strip] = {}
        self._tones: Theme | None = None
        self._frame: _Frame | None = None
        self._centred = True
        """The view was last scrolled to centre the cursor (and stays so through a change of size)."""
        self.set_reactive(MapView.state, state)
        self.set_reactive(MapView.cursor, load_board().normalise(cursor) or "F19")
        self.fit_zoom = zoom not in ZOOMS
        """No zoom was chosen: take the largest that shows all the land (until z picks one)."""
        self.fit_limit = ZOOMS[-1]
        """The largest zoom the map takes by itself (the compact layout keeps the mini map)."""
        self.set_reactive(MapView.zoom, zoom if zoom in ZOOMS else "overview")
        self.set_class(self.zoom == "middle", "-middle")
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
        if self.is_mounted and self.content_region.area:
            self.refit()  # another set-up has its land elsewhere
        self._redraw_changed_rows()

    def watch_viewer(self) -> None:
        self._invalidate()

    def watch_use_color(self) -> None:
        self._invalidate()

    def watch_changed(self) -> None:
        self.refresh()  # the marks are drawn at display time, as the cursor is

    def watch_zoom(self) -> None:
        self.set_class(self.zoom == "middle", "-middle")
        self._invalidate()
        self._update_virtual_size()
        self.call_after_refresh(self.scroll_to_cursor, center=True)

    def watch_cursor(self, old: str, new: str) -> None:
        self.refresh()
        self.scroll_to_cursor()
        self.post_message(self.HexSelected(self, new))

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
        """The next zoom, smallest after largest: mini, middle, overview, detail (the choice then stays)."""
        self.fit_zoom = False
        self.zoom = ZOOMS[(ZOOMS.index(self.zoom) + 1) % len(ZOOMS)]

    def action_toggle_legend(self) -> None:
        """Ask for the legend (or to hide it)."""
        self.post_message(self.LegendRequested())

    def fitting_zoom(self) -> str:
        """The largest zoom that shows all the land in play in the pane under its pinned labels (the
        sea beyond may pan), by the room the pane has; the mini map, the whole board, if none does."""
        view = self.content_region.size  # scroll bars included: a map that fits has none
        fits = ZOOMS[0]
        for zoom in ZOOMS[1 : ZOOMS.index(self.fit_limit) + 1]:
            g = geometry(zoom)
            x0, y0, x1, y1 = land_region(self.state, zoom)
            width, height = view.width, view.height
            if g.width > width and zoom != "middle":  # the map pans sideways: its scroll bar takes lines
                height -= self.styles.scrollbar_size_horizontal
            if g.height > height:
                width -= self.styles.scrollbar_size_vertical
            if x1 - x0 + g.left <= width and y1 - y0 + g.top <= height:
                fits = zoom
        return fits

    def action_activate(self) -> None:
        """Post HexActivated for the cursor hex."""
        self.post_message(self.HexActivated(self, self.cursor))

    # ------------------------------------------------------------------ mouse

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
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

    def map_offset_x(self) -> int:
        """Blank columns left of a map narrower than the pane (it is centred)."""
        return max(0, (self._viewport().width - geometry(self.zoom).width) // 2)

    def _to_map(self, x: int, y: int) -> tuple[int, int]:
        """Viewport cell -> map cell."""
        x -= self.map_offset_x()
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
        width = view.width
        height = view.height
        sx, sy = self.scroll_offset
        if center:
            sx = (x0 + x1 - width) // 2
            sy = (y0 + y1 - height) // 2
            lx0, ly0, lx1, ly1 = land_region(self.state, self.zoom)
            if lx1 - lx0 + left <= width and ly1 - ly0 + top <= height:  # all the land in view, centred
                sx = (lx0 + lx1 - left - width) // 2
                sy = (ly0 + ly1 - top - height) // 2
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
            self.scroll_to(sx, sy, animate=False, force=True)

    def on_resize(self, event: events.Resize) -> None:
        self.refit()
        self.call_after_refresh(self.scroll_to_cursor, center=self._centred)

    def refit(self) -> None:
        """Take the fitting zoom again, unless the player chose one."""
        if self.fit_zoom:
            self.zoom = self.fitting_zoom()

    def on_mount(self) -> None:
        self.call_after_refresh(self.scroll_to_cursor, center=True)

    # ------------------------------------------------------------------ rendering

    def _invalidate(self) -> None:
        self._grid = None
        self._strips = {}
        self.refresh()

    def _redraw_changed_rows(self) -> None:
        """A new state: draw the map again, but keep the strips of the rows that look the same
        and repaint only the others (a step changes a few hexes, not the world)."""
        old = self._grid
        if old is None or not self.display:
            self._invalidate()  # nothing drawn to keep, or nothing shown: drawn when next shown
            return
        self._grid = None
        new = self._map_grid()
        if len(new.chars) != len(old.chars):
            self._invalidate()
            return
        changed = {y for y in range(len(new.chars)) if not new.same_row(old, y)}
        self._strips = {y: strip for y, strip in self._strips.items() if y not in changed}
        for y in changed:
            row = self._viewport_row(y)
            if row is not None:
                self.refresh(Region(0, row, self._viewport().width, 1))

    def _viewport_row(self, map_y: int) -> int | None:
        """Where map line `map_y` is shown in the pane (None: scrolled out of sight)."""
        _, top = self._frozen()
        row = map_y if map_y < top else map_y - round(self.scroll_offset.y)
        return row if (map_y < top or row >= top) and 0 <= row < self._viewport().height else None

    def notify_style_update(self) -> None:
        """The theme or CSS changed: rebuild strips (their base style)."""
        super().notify_style_update()
        self._strips = {}
        self._tones = None
        self._run_styles = {}

    def _map_grid(self) -> Grid:
        if self._grid is None:
            self._grid = map_grid(self.state, self.zoom, color=self.use_color, viewer=self.viewer)
        return self._grid

    def _map_strip(self, y: int, base: Style) -> Strip:
        """Map line y as a strip on the pane's `base` style (made when first shown, then kept until the row changes)."""
        strip = self._strips.get(y)
        if strip is None:
            runs = self._map_grid().runs(y)
            plain = "".join(text for text, _ in runs)
            if all(name is None for _, name in runs):
                segments = [Segment(plain)]  # as a line of text without spans draws
            else:
                # As the line's Text would draw on the pane's style: each run on `base`, its own on top.
                styles = self._run_styles.setdefault(base, {})
                segments = [
                    Segment(text, base if name is None else self._run_style(styles, name, base)) for text, name in runs
                ]
            strip = Strip(segments, cell_len(plain))
            self._strips[y] = strip
        return strip

    def _run_style(self, styles: dict[str, Style], name: str, base: Style) -> Style:
        """The style a run named `name` is drawn in on `base`, under the map's tones (kept in `styles`)."""
        if name in styles:
            return styles[name]
        if self._tones is None:
            self._tones = tones_of(self, MAP_TONES)
        console = self.app.console
        with console.use_theme(self._tones):
            style = base + console.get_style(name, default=Style.null())
        styles[name] = style
        return style

    def _cursor_strip(self, strip: Strip, brackets: bool) -> Strip:
        """The cursor hex's part of a line, in one uniform highlight (reverse video without colour).

        With `brackets` the strip spans the gap columns either side too, drawn as "[" and "]"
        (the mini map: one character is too little to see a highlight on).
        """
        if brackets:
            text = strip.text
            strip = Strip([Segment(CURSOR_OPEN + text[1:-1] + CURSOR_CLOSE)], strip.cell_length)
        if not self.use_color:
            return strip.apply_style(_PLAIN_CURSOR)
        style = self.get_component_rich_style("map-view--cursor")
        return Strip([Segment(text, style) for text, _, _ in strip], strip.cell_length)

    def _changed_strip(self, strip: Strip) -> Strip:
        """A changed hex's part of a line: highlighted over its own colours, underlined without colour."""
        style = self.get_component_rich_style("map-view--changed") if self.use_color else _PLAIN_CHANGED
        return Strip([Segment(text, (own or Style.null()) + style) for text, own, _ in strip], strip.cell_length)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame = self._frame_now()  # what every line of this paint shares, worked out once
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _frame_now(self) -> _Frame:
        left, top = self._frozen()
        cx, cy, cw, ch = hex_region(self.zoom, self.cursor)
        brackets = self.zoom == "mini"
        if brackets:
            cx, cw = cx - 1, cw + 2
        sx, sy = self.scroll_offset
        width = self._viewport().width
        changed = tuple(hex_region(self.zoom, h) for h in sorted(self.changed) if h in load_board().hexes)
        return _Frame(
            width, left, top, sx, sy, (cx, cy, cw, ch), changed, brackets, self.rich_style, self.map_offset_x()
        )

    def render_line(self, y: int) -> Strip:
        f = self._frame or self._frame_now()
        width, left, top, sx, base = f.width, f.left, f.top, f.sx, f.base
        if width <= 0:
            return Strip.blank(0)
        rows = len(self._map_grid().chars)
        map_y = y if y < top else y + f.sy
        if 0 <= map_y < rows:
            strip = self._map_strip(map_y, base)
            for hx, hy, hw, hh in f.changed:
                if hy <= map_y < hy + hh:
                    a, b, c = strip.divide([hx, hx + hw, strip.cell_length])
                    strip = Strip.join([a, self._changed_strip(b), c])
            cx, cy, cw, ch = f.cursor
            if cy <= map_y < cy + ch:
                a, b, c = strip.divide([cx, cx + cw, strip.cell_length])
                strip = Strip.join([a, self._cursor_strip(b, f.brackets), c])
            if left:
                strip = Strip.join([strip.crop(0, left), strip.crop_extend(sx + left, sx + width, base)])
            else:
                strip = strip.crop_extend(sx, sx + width, base)
        else:
            strip = Strip.blank(width, base)
        if f.margin:
            strip = Strip.join([Strip.blank(f.margin, base), strip]).crop(0, width)
        return strip
