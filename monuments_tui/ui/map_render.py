"""The world map as lines of text: a pure function of the game state.

``render_map(state, cursor, zoom)`` returns one :class:`rich.text.Text` per screen line.
It imports rich but never textual, so it can be tested, benchmarked and printed without
an app. ``docs/map-legend.md`` describes every symbol; :func:`legend_lines` returns the
same legend for the app to show.

Geometry. The board is 15 rows x 28 columns of pointy-top hexes in odd-r layout (odd
rows sit half a hex to the right). Each hex is drawn as a rectangle of ``content_w``
characters by ``content_h`` lines; the rectangles are laid out like bricks, so every
edge of a hex is a stretch of the rectangle's outline:

* the column of gap characters to the left of a hex is its edge with the west neighbour;
* in detail zoom, the separator line above a row is split into segments: over its left
  half a hex borders its north-west neighbour, over its right half its north-east one.

Rivers, bridges, coasts and docked ferries are drawn on those edges. Nothing is told by
colour alone: every symbol is a character, and colour only adds tints.

Speed: the parts that depend only on the set-up (labels, terrain, coasts, rivers) are
built once per (layout, zoom, colour) and copied; each call then writes the pieces,
resources, bridges, ferries and monuments, and turns the grid into styled runs.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Span, Text

from monuments_tui.rules.board import CIVS, Layout, layout_for, load_board

if TYPE_CHECKING:
    from monuments_tui.rules.state import GameState

__all__ = [
    "CIV_COLOURS",
    "CIV_LETTERS",
    "ZOOMS",
    "Geometry",
    "geometry",
    "hex_at",
    "hex_region",
    "legend_lines",
    "map_size",
    "render_map",
]

ZOOMS = ("overview", "detail")
"""The two zoom levels."""

CIV_LETTERS = {"greece": "G", "egypt": "E", "maya": "M", "inca": "I"}
"""The letter that marks each civilisation's pieces on the map."""

CIV_COLOURS = {"greece": "#4da6ff", "egypt": "#ffa726", "maya": "#e066ff", "inca": "#ff5252"}
"""Each civilisation's colour (an extra: the letter always says whose piece it is)."""

PRODUCTION_LETTER = {"wood": "W", "food": "F", "metal": "M", "sheep": "S"}
RESOURCE_ORDER = ("wood", "food", "metal", "sheep")
BUILDING_LETTER = {"town": "T", "fort": "F", "factory": "X", "workshop": "K", "farm": "R"}
DIRECTION_ARROW = {"W": "←", "E": "→", "NW": "↖", "NE": "↗", "SW": "↙", "SE": "↘"}

# Hex classes used for drawing.
LAND, WATER, LIGHT_BLUE, OUT = "land", "water", "lb", "out"


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Geometry:
    """Where each hex sits on the text grid for one zoom level."""

    zoom: str
    content_w: int
    """Characters of a hex's own text, per line."""
    content_h: int
    """Lines of a hex's own text."""
    step: int
    """Columns from one hex to the next in a row (content + one gap column)."""
    odd_offset: int
    """How far odd rows are shifted right (half a hex)."""
    sep: int
    """Separator lines between rows (0 or 1); edges between rows are drawn there."""
    left: int
    """Width of the row-label margin on the left."""
    right: int
    """Width of the row-label margin on the right."""
    top: int
    """Header lines above the map (column numbers)."""
    rows: int
    cols: int

    @property
    def row_h(self) -> int:
        return self.content_h + self.sep

    @property
    def width(self) -> int:
        return self.left + self.odd_offset + self.cols * self.step + 1 + self.right

    @property
    def height(self) -> int:
        return self.top + self.rows * self.row_h + self.sep

    def row_offset(self, row: int) -> int:
        return self.odd_offset if row % 2 else 0

    def gap_x(self, row: int, col: int) -> int:
        """The x of the gap column to the left of a hex (its west edge)."""
        return self.left + self.row_offset(row) + col * self.step

    def content_x(self, row: int, col: int) -> int:
        return self.gap_x(row, col) + 1

    def content_y(self, row: int) -> int:
        return self.top + self.sep + row * self.row_h

    def cell(self, row: int, x: int) -> tuple[int, bool]:
        """The column in `row` under screen column `x`, and whether `x` is its west gap."""
        rel = x - self.left - self.row_offset(row)
        col, within = divmod(rel, self.step)
        return col, within == 0


@functools.cache
def geometry(zoom: str) -> Geometry:
    """The geometry of a zoom level ("overview" or "detail")."""
    board = load_board()
    if zoom == "overview":
        return Geometry(zoom, 3, 2, 4, 2, 0, 2, 2, 1, board.rows, board.cols)
    if zoom == "detail":
        return Geometry(zoom, 9, 3, 10, 5, 1, 3, 3, 1, board.rows, board.cols)
    raise ValueError(f"unknown zoom {zoom!r}: choose {' or '.join(ZOOMS)}")


def map_size(zoom: str) -> tuple[int, int]:
    """Width and height in cells of the whole rendered map."""
    g = geometry(zoom)
    return g.width, g.height


def _row_letter(row: int) -> str:
    return chr(ord("A") + row)


def _hex_id(row: int, col: int) -> str:
    return f"{_row_letter(row)}{col + 1}"


def hex_at(zoom: str, x: int, y: int) -> str | None:
    """The hex drawn at map cell (x, y), or None outside the grid.

    A hex owns its content, the gap column to its left and (in detail zoom) the
    separator line above it, so every point of the map belongs to one hex.
    """
    g = geometry(zoom)
    if y < g.top:
        return None
    row = (y - g.top) // g.row_h
    if row >= g.rows:
        row = g.rows - 1 if y < g.height else -1
    if row < 0:
        return None
    col, _ = g.cell(row, x)
    if x < g.left or x >= g.width - g.right:
        return None
    col = min(max(col, 0), g.cols - 1)
    return _hex_id(row, col)


def hex_region(zoom: str, hex_id: str) -> tuple[int, int, int, int]:
    """The content rectangle (x, y, width, height) of a hex on the map."""
    g = geometry(zoom)
    h = load_board().hex(hex_id)
    return g.content_x(h.row, h.col), g.content_y(h.row), g.content_w, g.content_h


# --------------------------------------------------------------------------- styles


@dataclass(frozen=True)
class _Palette:
    label: Style | None
    land_bg: Style | None
    land_id: Style | None
    water_id: Style | None
    lake: Style | None
    light_blue: Style | None
    out: Style | None
    coast: Style | None
    cargo: Style | None
    river: Style | None
    bridge: Style | None
    ferry: Style | None
    resource: Style | None
    production: dict[str, Style | None]
    civ: dict[str, Style | None]


def _palette(color: bool) -> _Palette:
    if not color:
        return _Palette(
            *([None] * 13),
            production=dict.fromkeys(PRODUCTION_LETTER),
            civ=dict.fromkeys(CIVS),
        )
    land = Style(bgcolor="#2a3323")
    return _Palette(
        label=Style(color="#8a8a8a"),
        land_bg=land,
        land_id=land + Style(color="#e8e8e8"),
        water_id=Style(color="#5a7a9a"),
        lake=Style(color="#5fa8d3"),
        light_blue=Style(color="#6f9fc0", dim=True),
        out=Style(color="#5e5e5e"),
        coast=Style(color="#b08d57"),
        cargo=Style(color="#d8d8d8"),
        river=land + Style(color="#3fa9f5", bold=True),
        bridge=land + Style(color="#e0c080", bold=True),
        ferry=Style(color="#f0f0f0", bold=True),
        resource=land + Style(color="#d8d8d8"),
        production={
            "wood": land + Style(color="#7fb24a"),
            "food": land + Style(color="#d9c56b"),
            "metal": land + Style(color="#a8a8b8"),
            "sheep": land + Style(color="#c6e6a8"),
        },
        civ={civ: Style(color=colour, bold=True) for civ, colour in CIV_COLOURS.items()},
    )


_PALETTES = {True: _palette(True), False: _palette(False)}
_REVERSE = Style(reverse=True)


# --------------------------------------------------------------------------- the static layer


class _Grid:
    """A mutable grid of characters and styles, turned into Text lines at the end."""

    __slots__ = ("chars", "styles", "width")

    def __init__(self, chars: list[list[str]], styles: list[list[Style | None]], width: int):
        self.chars = chars
        self.styles = styles
        self.width = width

    @classmethod
    def blank(cls, width: int, height: int) -> _Grid:
        return cls([[" "] * width for _ in range(height)], [[None] * width for _ in range(height)], width)

    def copy(self) -> _Grid:
        return _Grid([row[:] for row in self.chars], [row[:] for row in self.styles], self.width)

    def put(self, x: int, y: int, text: str, style: Style | None = None) -> None:
        chars, styles = self.chars[y], self.styles[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                chars[x + i] = ch
                styles[x + i] = style

    def fill(self, x: int, y: int, w: int, h: int, ch: str, style: Style | None) -> None:
        for yy in range(y, y + h):
            self.put(x, yy, ch * w, style)

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles):
            plain = "".join(chars)
            spans = []
            start = 0
            current = styles[0] if styles else None
            for i, st in enumerate(styles):
                if st is not current:
                    if current is not None:
                        spans.append(Span(start, i, current))
                    start, current = i, st
            if current is not None:
                spans.append(Span(start, len(styles), current))
            out.append(Text(plain, spans=spans, no_wrap=True, end=""))
        return out


def _hex_class(hex_id: str, layout: Layout) -> str:
    if hex_id in layout.land or hex_id in layout.monuments:
        return LAND
    if hex_id in layout.water:
        return WATER
    if load_board().hexes[hex_id].light_blue:
        return LIGHT_BLUE
    return OUT


@functools.cache
def _bare_layout() -> Layout:
    """Everything that can be in play: the map without a game (all four continents, abundance)."""
    return layout_for(CIVS, "abundance")


# Box-drawing characters by the directions a coast line leaves a vertex: (up, down, left, right).
_BOX = {
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "─", (0, 0, 0, 1): "─",
    (1, 1, 0, 0): "│", (0, 0, 1, 1): "─",
    (1, 0, 1, 0): "┘", (1, 0, 0, 1): "└", (0, 1, 1, 0): "┐", (0, 1, 0, 1): "┌",
    (1, 0, 1, 1): "┴", (0, 1, 1, 1): "┬", (1, 1, 1, 0): "┤", (1, 1, 0, 1): "├",
    (1, 1, 1, 1): "┼",
}


def _edge_kind(a: str | None, b: str | None, classes: dict[str, str]) -> str:
    """What is drawn on the edge between hexes a and b (either may be off the grid)."""
    ca = classes.get(a, OUT) if a else None
    cb = classes.get(b, OUT) if b else None
    if ca == LAND and cb == LAND:
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


def _edge_style(kind: str, pal: _Palette) -> Style | None:
    return {
        "coast": pal.coast,
        "river": pal.river,
        "lb": pal.light_blue,
        "out": pal.out,
        "inland": pal.land_bg,
    }.get(kind)


def _neighbour_id(row: int, col: int, rows: int, cols: int) -> str | None:
    if 0 <= row < rows and 0 <= col < cols:
        return _hex_id(row, col)
    return None


@functools.cache
def _static(layout_key: tuple, zoom: str, color: bool) -> _Grid:
    """Labels, terrain, coasts and rivers: everything that depends only on the set-up."""
    layout = _bare_layout() if layout_key == ("bare",) else layout_for(layout_key[0], layout_key[1])
    board = load_board()
    g = geometry(zoom)
    pal = _PALETTES[color]
    grid = _Grid.blank(g.width, g.height)
    classes = {hid: _hex_class(hid, layout) for hid in board.hexes}

    # Column numbers (aligned on the even rows) and row letters.
    for col in range(g.cols):
        label = str(col + 1)
        grid.put(g.content_x(0, col), 0, label.center(g.content_w).rstrip(), pal.label)
    for row in range(g.rows):
        y = g.content_y(row) + (g.content_h - 1) // 2
        grid.put(0, y, _row_letter(row), pal.label)
        grid.put(g.width - 1, y, _row_letter(row), pal.label)

    # Cells.
    for h in board.hexes.values():
        x, y = g.content_x(h.row, h.col), g.content_y(h.row)
        kind = classes[h.id]
        if zoom == "overview":
            _static_overview_cell(grid, x, y, h, kind, layout, pal)
        else:
            _static_detail_cell(grid, x, y, h, kind, layout, pal)

    # West edges of every cell (gap columns), and the trailing gap of each row.
    for row in range(g.rows):
        for col in range(g.cols + 1):
            a = _neighbour_id(row, col - 1, g.rows, g.cols)
            b = _neighbour_id(row, col, g.rows, g.cols)
            kind = _edge_kind(a, b, classes)
            if zoom == "overview" and kind in ("coast", "river"):
                kind = "inland" if kind == "river" else "none"
            ch = _edge_char(kind, vertical=True)
            grid.fill(g.gap_x(row, col), g.content_y(row), 1, g.content_h, ch, _edge_style(kind, pal))

    if g.sep:
        for row in range(-1, g.rows):
            _static_separator(grid, g, row, classes, pal)
    return grid


def _static_overview_cell(grid: _Grid, x: int, y: int, h, kind: str, layout: Layout, pal: _Palette) -> None:
    if kind == LAND:
        grid.fill(x, y, 3, 2, " ", pal.land_bg)
        if h.monument_of:
            civ = h.monument_of
            grid.put(x, y, "@" + CIV_LETTERS[civ], (pal.land_bg + pal.civ[civ]) if pal.civ[civ] else None)
        else:
            grid.put(x, y, PRODUCTION_LETTER[h.resource], pal.production[h.resource])
    elif kind == WATER:
        if h.lake:
            grid.fill(x, y, 3, 2, "≈", pal.lake)
    elif kind == LIGHT_BLUE:
        grid.fill(x, y, 3, 2, "░", pal.light_blue)
    else:
        grid.fill(x, y, 3, 2, "·", pal.out)


def _static_detail_cell(grid: _Grid, x: int, y: int, h, kind: str, layout: Layout, pal: _Palette) -> None:
    w = 9
    if kind == LAND:
        grid.fill(x, y, w, 3, " ", pal.land_bg)
        grid.put(x, y, h.id, pal.land_id)
        if h.monument_of:
            civ = h.monument_of
            grid.put(x + len(h.id) + 1, y, "@" + CIV_LETTERS[civ], (pal.land_bg + pal.civ[civ]) if pal.civ[civ] else None)
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


def _static_separator(grid: _Grid, g: Geometry, row: int, classes: dict[str, str], pal: _Palette) -> None:
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
        up = side == "up" and vertical == "coast"
        down = side == "down" and vertical == "coast"
        lc, rc = left == "coast", right == "coast"
        if up or down or lc or rc:
            ch = _BOX[(int(up), int(down), int(lc), int(rc))]
            grid.put(x, y, ch, pal.coast)
        elif "river" in (left, right, vertical) and {left, right, vertical} <= {"river", "inland"}:
            grid.put(x, y, "~", pal.river)
        elif left == right and left in ("lb", "out", "inland"):
            grid.put(x, y, _edge_char(left, False), _edge_style(left, pal))


# --------------------------------------------------------------------------- dynamic content


def _direction(board, water: str, land: str) -> str:
    """Compass direction from a water hex to an adjacent land hex."""
    a, b = board.hexes[water], board.hexes[land]
    if a.row == b.row:
        return "E" if b.col > a.col else "W"
    vertical = "N" if b.row < a.row else "S"
    # In odd-r layout the neighbour straight "left" in the grid is west of centre for even rows.
    shift = 0.5 if a.row % 2 else 0.0
    other = 0.5 if b.row % 2 else 0.0
    return vertical + ("E" if b.col + other > a.col + shift else "W")


def _unit_counts(units: Iterable) -> str:
    """Digit-letter counts: workers (w), of them armed (s) or mounted (h); armies, navies, air forces."""
    c: Counter = Counter()
    for u in units:
        if u.kind == "worker":
            c["w"] += 1
            c["s"] += u.weapon
            c["h"] += u.horse
        elif u.kind == "army":
            c["a"] += 1
        elif u.kind == "navy":
            c["n"] += 1
        elif u.kind == "air":
            c["p"] += 1
    return "".join(f"{c[k]}{k}" for k in "wshanp" if c[k])


def _resource_text(on: dict[str, int] | None) -> str:
    if not on:
        return ""
    return "".join(f"{r[0]}{on[r]}" for r in RESOURCE_ORDER if on.get(r))


def _building_text(buildings: Iterable, mark_damage: bool = True) -> str:
    """Building letters; a damaged one is lower case (and followed by "!" in detail)."""
    out = []
    for b in buildings:
        letter = BUILDING_LETTER.get(b.kind, "?")
        out.append((letter.lower() + ("!" if mark_damage else "")) if b.damaged else letter)
    return "".join(out)


@dataclass
class _HexContent:
    units: dict[int, list] | None = None  # seat -> units not aboard a ferry
    buildings: dict[int, list] | None = None
    ferries: list | None = None


def _index_state(state: GameState) -> dict[str, _HexContent]:
    """Group units, buildings and ferries by hex (one pass over each)."""
    out: dict[str, _HexContent] = {}
    for u in state.units.values():
        if u.ferry is not None:
            continue
        hc = out.setdefault(u.hex, _HexContent())
        if hc.units is None:
            hc.units = {}
        hc.units.setdefault(u.owner, []).append(u)
    for b in state.buildings.values():
        hc = out.setdefault(b.hex, _HexContent())
        if hc.buildings is None:
            hc.buildings = {}
        hc.buildings.setdefault(b.owner, []).append(b)
    for f in state.ferries.values():
        hc = out.setdefault(f.water, _HexContent())
        if hc.ferries is None:
            hc.ferries = []
        hc.ferries.append(f)
    return out


def _flow(tokens: list[tuple[str, Style | None, bool]], width: int, lines: int) -> list[list[tuple[str, Style | None]]]:
    """Lay tokens out on `lines` lines of `width`: separated by a space unless glued.

    A token glued to the previous one follows it without a space when it fits. When the
    tokens overflow, the last line ends with "…"; the inspector shows everything.
    """
    out: list[list[tuple[str, Style | None]]] = [[]]
    used = 0
    overflow = False
    for text, style, glued in tokens:
        if len(text) > width:
            text = text[: width - 1] + "…"
        sep = 0 if (glued or used == 0) else 1
        if used + sep + len(text) > width:
            if len(out) == lines:
                overflow = True
                break
            out.append([])
            used, sep = 0, 0
        if sep:
            out[-1].append((" ", None))
        out[-1].append((text, style))
        used += sep + len(text)
    if overflow:
        last = out[-1]
        length = sum(len(t) for t, _ in last)
        while last and length > width - 1:
            t, st = last.pop()
            length -= len(t)
            room = width - 1 - length
            if room > 0 and t.strip():
                last.append((t[:room], st))
                length += room
        last.append(("…", None))
    return out


def _civ_style(pal: _Palette, civ: str, base: Style | None) -> Style | None:
    st = pal.civ.get(civ)
    if st is None:
        return None
    return base + st if base is not None else st


def _piece_tokens(state: GameState, hc: _HexContent, pal: _Palette, base: Style | None) -> list:
    tokens = []
    seats = set(hc.units or ()) | set(hc.buildings or ())
    for seat in sorted(seats):
        civ = state.players[seat].civ
        letter = CIV_LETTERS.get(civ, "?")
        style = _civ_style(pal, civ, base)
        counts = _unit_counts((hc.units or {}).get(seat, ()))
        builds = _building_text((hc.buildings or {}).get(seat, ()))
        if counts:
            tokens.append((f"{letter}:{counts}", style, False))
            if builds:
                tokens.append((builds, style, False))
        elif builds:
            tokens.append((f"{letter}:{builds}", style, False))
    return tokens


def ferry_label(ferry_id: str) -> str:
    """How a ferry is named on the map: "f12" for ferry12 (lower case, so never a hex id)."""
    return "f" + ferry_id.removeprefix("ferry")


def _ferry_tokens(state: GameState, ferry, passengers: dict[str, list], pal: _Palette, board) -> list:
    head = ferry_label(ferry.id)
    if ferry.land is not None:
        head += DIRECTION_ARROW[_direction(board, ferry.water, ferry.land)]
    tokens = [(head, pal.ferry, False)]
    aboard = passengers.get(ferry.id, [])
    if aboard:
        by_seat: dict[int, list] = {}
        for u in aboard:
            by_seat.setdefault(u.owner, []).append(u)
        for i, seat in enumerate(sorted(by_seat)):
            civ = state.players[seat].civ
            text = CIV_LETTERS.get(civ, "?") + _unit_counts(by_seat[seat])
            tokens.append(((":" if i == 0 else "") + text, _civ_style(pal, civ, None), True))
    cargo = _resource_text(state.resources.get(ferry.id))
    if cargo:
        tokens.append((f"({cargo})", pal.cargo, True))
    return tokens


def _layout_key(state: GameState | None) -> tuple:
    if state is None:
        return ("bare",)
    return (tuple(state.config.civs), state.config.mode)


def _layout(state: GameState | None) -> Layout:
    if state is None:
        return _bare_layout()
    return _cached_layout(tuple(state.config.civs), state.config.mode)


@functools.cache
def _cached_layout(civs: tuple[str, ...], mode: str) -> Layout:
    return layout_for(civs, mode)


def render_map(
    state: GameState | None,
    cursor: str | None = None,
    zoom: str = "overview",
    *,
    color: bool = True,
    viewer: int | None = None,
) -> list[Text]:
    """Draw the world map with the state's pieces, as one Text per screen line.

    Args:
        state: The game; None draws the bare world map (no pieces).
        cursor: A hex id (any case) drawn in reverse video, or None.
        zoom: "overview" (the whole world in about 120 x 31 cells) or "detail" (each
            hex 9 x 3 with its id, production, resources and pieces).
        color: False gives plain text with no style at all (except the cursor's
            reverse video, which is not a colour).
        viewer: The seat looking at the map. Everything drawn is public, so this only
            reserves the place for hidden information.

    Returns:
        Lines of equal width (see :func:`map_size`), without newlines.
    """
    g = geometry(zoom)
    pal = _PALETTES[bool(color)]
    grid = _static(_layout_key(state), zoom, bool(color)).copy()
    if state is not None:
        _draw_state(grid, g, state, pal)
    if cursor:
        board = load_board()
        hid = board.normalise(cursor)
        if hid is not None:
            x, y, w, h = hex_region(zoom, hid)
            for yy in range(y, y + h):
                styles = grid.styles[yy]
                for xx in range(x, x + w):
                    st = styles[xx]
                    styles[xx] = _REVERSE if st is None else st + _REVERSE
    return grid.lines()


def _draw_state(grid: _Grid, g: Geometry, state: GameState, pal: _Palette) -> None:
    board = load_board()
    layout = _layout(state)
    index = _index_state(state)
    passengers: dict[str, list] = {}
    for u in state.units.values():
        if u.ferry is not None:
            passengers.setdefault(u.ferry, []).append(u)
    layers = {board.monument_hex(p.civ): (p.civ, p.layers) for p in state.players}

    # Resources are keyed by hex, or by ferry id ("ferry12") for a ferry's cargo.
    lying = {place: on for place, on in state.resources.items() if place not in state.ferries}
    hexes_to_draw = set(index) | set(lying) | set(layers)
    for hid in hexes_to_draw:
        h = board.hexes.get(hid)
        if h is None:
            continue
        hc = index.get(hid, _HexContent())
        land = hid in layout.land or hid in layout.monuments
        base = pal.land_bg if land else None
        x, y = g.content_x(h.row, h.col), g.content_y(h.row)
        if g.zoom == "overview":
            _draw_overview_cell(grid, x, y, state, hid, hc, layers.get(hid), pal, base, lying)
            continue
        if hid in layers:
            civ, n = layers[hid]
            grid.put(x + len(hid) + 1, y, f"@{CIV_LETTERS[civ]} L{n}", _civ_style(pal, civ, base))
        tokens: list = []
        res = _resource_text(lying.get(hid))
        if res:
            tokens.append((res, pal.resource, False))
        tokens += _piece_tokens(state, hc, pal, base)
        for ferry in sorted(hc.ferries or (), key=lambda f: _num(f.id)):
            tokens += _ferry_tokens(state, ferry, passengers, pal, board)
        if not tokens:
            continue
        lines = _flow(tokens, g.content_w, g.content_h - 1)
        for i, parts in enumerate(lines):
            yy = y + 1 + i
            grid.put(x, yy, " " * g.content_w, base)
            xx = x
            for text, style in parts:
                grid.put(xx, yy, text, style if style is not None else base)
                xx += len(text)

    if g.sep:
        for bridge in state.bridges.values():
            _draw_edge(grid, g, bridge.a, bridge.b, "bridge", pal)
        for ferry in state.ferries.values():
            if ferry.land is not None:
                _draw_edge(grid, g, ferry.water, ferry.land, "ferry", pal, label=ferry_label(ferry.id))


def _num(piece_id: str) -> int:
    digits = piece_id.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    return int(digits) if digits.isdigit() else 0


def _draw_overview_cell(grid, x, y, state, hid, hc: _HexContent, layer, pal, base, lying) -> None:
    # Line 1: production letter, resources total, buildings (or the monument's layers;
    # or ferries on water). Line 2: whose pieces stand here.
    if layer is not None:
        civ, n = layer
        grid.put(x + 2, y, str(n), _civ_style(pal, civ, base))
    else:
        total = sum(lying.get(hid, {}).values())
        if total:
            grid.put(x + 1, y, str(total) if total < 10 else "+", pal.resource)
        builds = [b for seat in sorted(hc.buildings or {}) for b in hc.buildings[seat]]
        if len(builds) == 1:
            owner_civ = state.players[builds[0].owner].civ
            grid.put(x + 2, y, _building_text(builds, False), _civ_style(pal, owner_civ, base))
        elif builds:
            grid.put(x + 2, y, "#", base)
    if hc.ferries:
        n = len(hc.ferries)
        grid.put(x, y, "<F>" if n == 1 else f"<F{min(n, 9)}", pal.ferry)
    seats = sorted(set(hc.units or ()) | set(hc.buildings or ()))
    for f in hc.ferries or ():
        for u in state.units.values():
            if u.ferry == f.id and u.owner not in seats:
                seats.append(u.owner)
    if not seats:
        return
    if len(seats) == 1:
        seat = seats[0]
        civ = state.players[seat].civ
        n = len((hc.units or {}).get(seat, ()))
        n += sum(1 for f in hc.ferries or () for u in state.units.values() if u.ferry == f.id and u.owner == seat)
        text = CIV_LETTERS[civ] + (str(n) if n else "")
        grid.put(x, y + 1, text[:3], _civ_style(pal, civ, base))
    else:
        for i, seat in enumerate(seats[:3]):
            civ = state.players[seat].civ
            grid.put(x + i, y + 1, CIV_LETTERS[civ], _civ_style(pal, civ, base))


def _draw_edge(grid: _Grid, g: Geometry, a: str, b: str, what: str, pal: _Palette, label: str = "") -> None:
    """Draw a bridge or a docked ferry on the edge between hexes a and b (detail zoom)."""
    board = load_board()
    ha, hb = board.hexes.get(a), board.hexes.get(b)
    if ha is None or hb is None or not board.shared_edge(a, b):
        return
    if ha.row == hb.row:
        west = ha if ha.col < hb.col else hb
        x = g.gap_x(west.row, west.col + 1)
        y = g.content_y(west.row)
        if what == "bridge":
            grid.put(x, y + 1, "=", pal.bridge)
        else:
            grid.put(x, y + 1, "F", pal.ferry)
        return
    upper, lower = (ha, hb) if ha.row < hb.row else (hb, ha)
    y = g.content_y(lower.row) - 1
    # The segment is where both hexes' content columns overlap on the separator line.
    ux, lx = g.content_x(upper.row, upper.col), g.content_x(lower.row, lower.col)
    start, end = max(ux, lx), min(ux, lx) + g.content_w
    if end <= start:
        return
    width = end - start
    if what == "bridge":
        text = "~" + "=" * (width - 2) + "~" if width > 2 else "=" * width
        grid.put(start, y, text, pal.bridge)
    else:
        text = label if len(label) <= width else "F"
        grid.put(start + (width - len(text)) // 2, y, text, pal.ferry)


# --------------------------------------------------------------------------- legend


LEGEND: tuple[tuple[str, str], ...] = (
    ("", "HEXES"),
    ("D7 wood", "hex id and what it produces (detail zoom)"),
    ("W F M S", "land producing wood, food, metal, sheep (overview)"),
    ("w2f1", "resources lying there: 2 wood, 1 food (w f m s)"),
    ("@G L3", "Greece's monument with 3 layers (overview: @G3)"),
    ("(blank)", "sea in play"),
    ("≈", "lake: only a ferry built on its shore sails it"),
    ("░", "light blue: never in play"),
    ("·", "out of play in this set-up"),
    ("", "EDGES (detail zoom)"),
    ("│ ─ ┌ ┘", "coast"),
    ("~", "river: workers and armies need a bridge or ferry"),
    ("~==~  =", "bridge over the river"),
    ("f12  F", "ferry12 docked on this shore"),
    ("", "PIECES: the civ letter, then counts"),
    ("G E M I", "Greece, Egypt, Maya, Inca (each in its colour)"),
    ("G:3w1s", "3 Greek workers, 1 of them armed (s)"),
    ("1h", "... 1 of them with a horse"),
    ("a n p", "armies, navies, air forces: G:2a1p"),
    ("T F X", "town, fort, factory (K workshop, R farm)"),
    ("t! f! x!", "the same building, damaged"),
    ("…", "more than fits: the inspector lists it all"),
    ("", "OVERVIEW"),
    ("W3T", "wood land, 3 resources on it, a town"),
    ("t  #", "a damaged town; several buildings"),
    ("G3  GE", "line 2: 3 Greek units; pieces of G and E"),
    ("<F>  <F2", "a ferry; two ferries"),
    ("", "FERRIES (detail zoom)"),
    ("f12", "ferry12 at sea (type ferry12 or f12)"),
    ("f12↗", "docked against the land to the north-east"),
    (" ", "(← → ↖ ↗ ↙ ↘ point at the shore)"),
    (":G1w1a", "passengers: 1 Greek worker, 1 army"),
    ("(w1)", "resources aboard"),
    ("", "KEYS (map focused)"),
    ("←↑↓→ hjkl", "move the cursor; a click selects a hex"),
    ("z", "overview / detail"),
    ("L", "this legend"),
    ("enter", "choose the hex (or double click)"),
)


def legend_lines() -> list[str]:
    """Every map symbol with its meaning, as plain text lines."""
    width = max(len(sym) for sym, _ in LEGEND if sym)
    lines = []
    for sym, meaning in LEGEND:
        if not sym:
            lines.append(meaning)  # a section heading
        else:
            lines.append(f"  {sym.ljust(width)}  {meaning}")
    return lines
