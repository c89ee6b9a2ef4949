"""The static layer of the map: labels, terrain, coasts and rivers on a character grid.

Everything here depends only on the set-up, so :func:`static_layer` builds it once per
(layout, zoom, colour) and caches it; :func:`monuments_tui.ui.map_render.render_map`
copies the grid and draws the pieces on the copy.
"""

from __future__ import annotations

import functools

from rich.text import Span, Text

from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import CIVS
from monuments_tui.rules.layout import Layout, layout_for
from monuments_tui.ui.map_geometry import Geometry, geometry, hex_id_of, row_letter
from monuments_tui.ui.map_style import CIV_LETTERS, PALETTES, PRODUCTION_LETTER, Palette

__all__ = ["Grid", "bare_layout", "static_layer"]

MINI_RULER = (1, 5, 10, 15, 20, 25, 28)
"""The column numbers written above the mini map (two columns' room for each)."""

# Hex classes used for drawing.
LAND, WATER, LIGHT_BLUE, OUT = "land", "water", "lb", "out"


class Grid:
    """A mutable grid of characters and styles, turned into Text lines at the end."""

    __slots__ = ("chars", "styles", "width")

    def __init__(self, chars: list[list[str]], styles: list[list[str | None]], width: int):
        self.chars = chars
        self.styles = styles
        self.width = width

    @classmethod
    def blank(cls, width: int, height: int) -> Grid:
        return cls([[" "] * width for _ in range(height)], [[None] * width for _ in range(height)], width)

    def copy(self) -> Grid:
        return Grid([row[:] for row in self.chars], [row[:] for row in self.styles], self.width)

    def put(self, x: int, y: int, text: str, style: str | None = None) -> None:
        chars, styles = self.chars[y], self.styles[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                chars[x + i] = ch
                styles[x + i] = style

    def fill(self, x: int, y: int, w: int, h: int, ch: str, style: str | None) -> None:
        for yy in range(y, y + h):
            self.put(x, yy, ch * w, style)

    def lines(self) -> list[Text]:
        return [self.line(y) for y in range(len(self.chars))]

    def line(self, y: int) -> Text:
        """Row `y` as a Text, a span for each run of styled characters."""
        spans = []
        start = 0
        for text, style in self.runs(y):
            if style is not None:
                spans.append(Span(start, start + len(text), style))
            start += len(text)
        return Text("".join(self.chars[y]), spans=spans, no_wrap=True, end="")

    def runs(self, y: int) -> list[tuple[str, str | None]]:
        """Row `y` as runs of characters drawn in one style (None: no style of its own)."""
        chars, styles = self.chars[y], self.styles[y]
        out = []
        start = 0
        current = styles[0] if styles else None
        for i, st in enumerate(styles):
            if st is not current:
                out.append(("".join(chars[start:i]), current))
                start, current = i, st
        if styles:
            out.append(("".join(chars[start:]), current))
        return out

    def same_row(self, other: Grid, y: int) -> bool:
        """Row `y` looks the same in both grids."""
        return self.chars[y] == other.chars[y] and self.styles[y] == other.styles[y]


def _hex_class(hex_id: str, layout: Layout) -> str:
    if hex_id in layout.land or hex_id in layout.monuments:
        return LAND
    if hex_id in layout.water:
        return WATER
    if load_board().hexes[hex_id].light_blue:
        return LIGHT_BLUE
    return OUT


@functools.cache
def bare_layout() -> Layout:
    """Everything that can be in play: the map without a game (all four continents, abundance)."""
    return layout_for(CIVS, "abundance")


# Box-drawing characters by the directions a coast line leaves a vertex: (up, down, left, right).
_BOX = {
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "─",
    (0, 0, 0, 1): "─",
    (1, 1, 0, 0): "│",
    (0, 0, 1, 1): "─",
    (1, 0, 1, 0): "┘",
    (1, 0, 0, 1): "└",
    (0, 1, 1, 0): "┐",
    (0, 1, 0, 1): "┌",
    (1, 0, 1, 1): "┴",
    (0, 1, 1, 1): "┬",
    (1, 1, 1, 0): "┤",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 1): "┼",
}


def _edge_kind(a: str | None, b: str | None, classes: dict[str, str]) -> str:
    """What is drawn on the edge between hexes a and b (either may be off the grid)."""
    ca = classes.get(a, OUT) if a else None
    cb = classes.get(b, OUT) if b else None
    if a and b and ca == LAND and cb == LAND:  # a hex off the grid is never land (ca, cb None)
        return "river" if load_board().is_river(a, b) else "inland"
    if ca == LAND or cb == LAND:
        return "coast"
    if ca == cb == LIGHT_BLUE:
        return "lb"
    if ca == cb == OUT:
        return "out"
    return "none"


def _edge_char(kind: str, vertical: bool) -> str:
    return {
        "coast": "│" if vertical else "─",
        "river": "~",
        "lb": "░",
        "out": "·",
    }.get(kind, " ")


def _edge_style(kind: str, pal: Palette) -> str | None:
    return {
        "coast": pal.coast,
        "river": pal.river,
        "lb": pal.light_blue,
        "out": pal.out,
        "inland": pal.land_bg,
    }.get(kind)


def _neighbour_id(row: int, col: int, rows: int, cols: int) -> str | None:
    if 0 <= row < rows and 0 <= col < cols:
        return hex_id_of(row, col)
    return None


@functools.cache
def static_layer(layout_key: tuple, zoom: str, color: bool) -> Grid:
    """Labels, terrain, coasts and rivers: everything that depends only on the set-up."""
    layout = bare_layout() if layout_key == ("bare",) else layout_for(layout_key[0], layout_key[1])
    board = load_board()
    g = geometry(zoom)
    pal = PALETTES[color]
    grid = Grid.blank(g.width, g.height)
    classes = {hid: _hex_class(hid, layout) for hid in board.hexes}

    # Column numbers (aligned on the even rows; on the mini map every fifth, as a ruler) and row letters.
    for col in range(g.cols):
        label = str(col + 1)
        if g.content_w == 1 and col + 1 not in MINI_RULER:
            continue
        grid.put(g.content_x(0, col), 0, label.center(g.content_w).rstrip(), pal.label)
    for row in range(g.rows):
        y = g.content_y(row) + (g.content_h - 1) // 2
        grid.put(0, y, row_letter(row), pal.label)
        grid.put(g.width - 1, y, row_letter(row), pal.label)

    # Cells.
    for h in board.hexes.values():
        x, y = g.content_x(h.row, h.col), g.content_y(h.row)
        kind = classes[h.id]
        if zoom == "mini":
            _static_mini_cell(grid, x, y, h, kind, pal)
        elif zoom == "middle":
            _static_middle_cell(grid, x, y, h, kind, pal)
        elif zoom == "overview":
            _static_overview_cell(grid, x, y, h, kind, layout, pal)
        else:
            _static_detail_cell(grid, x, y, h, kind, layout, pal)

    # West edges of every cell (gap columns), and the trailing gap of each row.
    for row in range(g.rows):
        for col in range(g.cols + 1):
            a = _neighbour_id(row, col - 1, g.rows, g.cols)
            b = _neighbour_id(row, col, g.rows, g.cols)
            kind = _edge_kind(a, b, classes)
            if zoom != "detail" and kind in ("coast", "river"):
                kind = "inland" if kind == "river" else "none"
            ch = _edge_char(kind, vertical=True)
            grid.fill(g.gap_x(row, col), g.content_y(row), 1, g.content_h, ch, _edge_style(kind, pal))

    if zoom in ("mini", "middle"):
        for h in board.hexes.values():
            if h.monument_of and classes[h.id] == LAND:
                grid.put(g.gap_x(h.row, h.col), g.content_y(h.row), "@", pal.civ_on_land[h.monument_of])
    if g.sep:
        for row in range(-1, g.rows):
            _static_separator(grid, g, row, classes, pal)
    return grid


def _static_mini_cell(grid: Grid, x: int, y: int, h, kind: str, pal: Palette) -> None:
    """One character: the production in lower case on land (the pieces' letters are upper case)."""
    if kind == LAND:
        if h.monument_of:  # "@" in the gap before it (drawn with the gaps): its cell shows the layers or pieces
            grid.put(x, y, " ", pal.land_bg)
        else:
            grid.put(x, y, PRODUCTION_LETTER[h.resource].lower(), pal.production[h.resource])
    elif kind == WATER:
        grid.put(x, y, "≈" if h.lake else " ", pal.lake if h.lake else None)
    elif kind == LIGHT_BLUE:
        grid.put(x, y, "░", pal.light_blue)
    else:
        grid.put(x, y, "·", pal.out)


def _static_middle_cell(grid: Grid, x: int, y: int, h, kind: str, pal: Palette) -> None:
    """Three characters on one line: the production in lower case on land (the pieces' letters are
    upper case); a monument's "@" is in the gap before it, its layers drawn with the pieces."""
    if kind == LAND:
        grid.put(x, y, "   ", pal.land_bg)
        if not h.monument_of:
            grid.put(x, y, PRODUCTION_LETTER[h.resource].lower(), pal.production[h.resource])
    elif kind == WATER:
        if h.lake:
            grid.put(x, y, "≈≈≈", pal.lake)
    elif kind == LIGHT_BLUE:
        grid.put(x, y, "░░░", pal.light_blue)
    else:
        grid.put(x, y, "···", pal.out)


def _static_overview_cell(grid: Grid, x: int, y: int, h, kind: str, layout: Layout, pal: Palette) -> None:
    if kind == LAND:
        grid.fill(x, y, 3, 2, " ", pal.land_bg)
        if h.monument_of:
            civ = h.monument_of
            grid.put(x, y, "@" + CIV_LETTERS[civ], pal.civ_on_land[civ])
        else:
            grid.put(x, y, PRODUCTION_LETTER[h.resource], pal.production[h.resource])
    elif kind == WATER:
        if h.lake:
            grid.fill(x, y, 3, 2, "≈", pal.lake)
    elif kind == LIGHT_BLUE:
        grid.fill(x, y, 3, 2, "░", pal.light_blue)
    else:
        grid.fill(x, y, 3, 2, "·", pal.out)


def _static_detail_cell(grid: Grid, x: int, y: int, h, kind: str, layout: Layout, pal: Palette) -> None:
    w = 9
    if kind == LAND:
        grid.fill(x, y, w, 3, " ", pal.land_bg)
        grid.put(x, y, h.id, pal.land_id)
        if h.monument_of:
            civ = h.monument_of
            grid.put(x + len(h.id) + 1, y, "@" + CIV_LETTERS[civ], pal.civ_on_land[civ])
        else:
            grid.put(x + len(h.id) + 1, y, h.resource, pal.production[h.resource])
    elif kind == WATER:
        grid.put(x, y, h.id, pal.water_id)
        if h.lake:
            grid.put(x + len(h.id) + 1, y, "lake", pal.lake)
            grid.fill(x, y + 1, w, 2, "≈", pal.lake)
    elif kind == LIGHT_BLUE:
        grid.fill(x, y, w, 3, "░", pal.light_blue)
        grid.put(x, y, h.id, pal.light_blue)
    else:
        grid.fill(x, y, w, 3, "·", pal.out)
        grid.put(x, y, h.id, pal.out)


def _static_separator(grid: Grid, g: Geometry, row: int, classes: dict[str, str], pal: Palette) -> None:
    """The separator line below `row` (row -1: the line above the first row)."""
    y = g.content_y(row + 1) - 1 if row >= 0 else g.top
    kinds: list[str | None] = [None] * g.width
    # Vertices: where a gap column of the row above or below meets this line.
    verts: list[tuple[str, str | None, str | None] | None] = [None] * g.width
    for x in range(g.left, g.width - g.right):
        up_col, up_gap = g.cell(row, x) if row >= 0 else (0, False)
        dn_col, dn_gap = g.cell(row + 1, x) if row + 1 < g.rows else (0, False)
        up = _neighbour_id(row, up_col, g.rows, g.cols) if row >= 0 else None
        dn = _neighbour_id(row + 1, dn_col, g.rows, g.cols) if row + 1 < g.rows else None
        if row >= 0 and up_gap:
            verts[x] = ("up", _neighbour_id(row, up_col - 1, g.rows, g.cols), up)
            continue
        if row + 1 < g.rows and dn_gap:
            verts[x] = ("down", _neighbour_id(row + 1, dn_col - 1, g.rows, g.cols), dn)
            continue
        kind = _edge_kind(up, dn, classes)
        kinds[x] = kind
        grid.put(x, y, _edge_char(kind, vertical=False), _edge_style(kind, pal))
    # Vertices: join the lines on either side, and the gap column above or below.
    for x in range(g.left, g.width - g.right):
        v = verts[x]
        if v is None:
            continue
        side, a, b = v
        left = kinds[x - 1] if x - 1 >= 0 else None
        right = kinds[x + 1] if x + 1 < g.width else None
        vertical = _edge_kind(a, b, classes)
        coast_up = side == "up" and vertical == "coast"
        coast_down = side == "down" and vertical == "coast"
        lc, rc = left == "coast", right == "coast"
        if coast_up or coast_down or lc or rc:
            ch = _BOX[(int(coast_up), int(coast_down), int(lc), int(rc))]
            grid.put(x, y, ch, pal.coast)
        elif "river" in (left, right, vertical) and {left, right, vertical} <= {"river", "inland"}:
            grid.put(x, y, "~", pal.river)
        elif left == right and left in ("lb", "out", "inland"):
            grid.put(x, y, _edge_char(left, False), _edge_style(left, pal))
