"""Where each hex sits on the text grid of the map, and which hex is under a cell.

Geometry. The board is 15 rows x 28 columns of pointy-top hexes in odd-r layout (odd
rows sit half a hex to the right). Each hex is drawn as a rectangle of ``content_w``
characters by ``content_h`` lines; the rectangles are laid out like bricks, so every
edge of a hex is a stretch of the rectangle's outline:

* the column of gap characters to the left of a hex is its edge with the west neighbour;
* in detail zoom, the separator line above a row is split into segments: over its left
  half a hex borders its north-west neighbour, over its right half its north-east one.

Rivers, bridges, coasts and docked ferries are drawn on those edges. :func:`hex_at` and
:func:`hex_region` turn map cells into hexes and back (the widget's hit-testing).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from monuments_tui.rules.board import load_board

__all__ = [
    "ZOOMS",
    "Geometry",
    "geometry",
    "hex_at",
    "hex_id_of",
    "hex_region",
    "land_box",
    "map_size",
    "row_letter",
]

ZOOMS = ("mini", "middle", "overview", "detail")
"""The zoom levels, smallest first: "mini" (the whole board in 62 x 16 cells, one character a
hex, for 80-column terminals), "middle" (each hex 3 characters on one line: 119 x 16, the
land of any set-up in at most 71 x 14), "overview" (each hex 3 x 2: 119 x 31) and "detail"
(each hex 9 x 3, panned)."""


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
    """The geometry of a zoom level (one of ZOOMS)."""
    board = load_board()
    if zoom == "mini":
        return Geometry(zoom, 1, 1, 2, 1, 0, 2, 2, 1, board.rows, board.cols)
    if zoom == "middle":
        return Geometry(zoom, 3, 1, 4, 2, 0, 2, 2, 1, board.rows, board.cols)
    if zoom == "overview":
        return Geometry(zoom, 3, 2, 4, 2, 0, 2, 2, 1, board.rows, board.cols)
    if zoom == "detail":
        return Geometry(zoom, 9, 3, 10, 5, 1, 3, 3, 1, board.rows, board.cols)
    raise ValueError(f"unknown zoom {zoom!r}: choose {' or '.join(ZOOMS)}")


def map_size(zoom: str) -> tuple[int, int]:
    """Width and height in cells of the whole rendered map."""
    g = geometry(zoom)
    return g.width, g.height


def row_letter(row: int) -> str:
    """The letter of a grid row: A for row 0."""
    return chr(ord("A") + row)


def hex_id_of(row: int, col: int) -> str:
    """The id of the hex at grid row `row`, column `col` (both from 0): "A1" for (0, 0)."""
    return f"{row_letter(row)}{col + 1}"


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
    return hex_id_of(row, col)


def hex_region(zoom: str, hex_id: str) -> tuple[int, int, int, int]:
    """The content rectangle (x, y, width, height) of a hex on the map."""
    g = geometry(zoom)
    h = load_board().hex(hex_id)
    return g.content_x(h.row, h.col), g.content_y(h.row), g.content_w, g.content_h


def land_box(zoom: str, hex_ids: Iterable[str]) -> tuple[int, int, int, int]:
    """The map cells (x0, y0, x1, y1; the ends excluded) that hold these hexes: their content,
    the gap columns either side and (in detail zoom) the separator lines around them.

    The map view asks whether the land of a set-up fits its pane with this: the sea beyond
    it may pan, the land may not."""
    g = geometry(zoom)
    board = load_board()
    cells = [board.hexes[h] for h in hex_ids]
    if not cells:
        return g.left, g.top, g.width - g.right, g.height
    x0 = min(g.gap_x(h.row, h.col) for h in cells)
    x1 = max(g.gap_x(h.row, h.col) + g.step for h in cells) + 1
    y0 = min(g.content_y(h.row) for h in cells) - g.sep
    y1 = max(g.content_y(h.row) + g.content_h for h in cells) + g.sep
    return x0, y0, x1, y1
