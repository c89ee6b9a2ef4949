"""The world map as lines of text: a pure function of the game state.

``render_map(state, cursor, zoom)`` returns one :class:`rich.text.Text` per screen line.
It imports rich but never textual, so it can be tested, benchmarked and printed without
an app. This module draws the pieces, resources, bridges, ferries and monuments; its
siblings hold the rest: ``map_geometry`` (where each hex sits, hit-testing),
``map_style`` (symbols and palettes), ``map_static`` (the cached static layer) and
``map_legend`` (the legend).

Speed: the parts that depend only on the set-up (labels, terrain, coasts, rivers) are
built once per (layout, zoom, colour) and copied; each call then writes the pieces,
resources, bridges, ferries and monuments, and turns the grid into styled runs.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import Resource
from monuments_tui.rules.layout import Layout, layout_for
from monuments_tui.ui.map_geometry import Geometry, geometry, hex_region, land_box
from monuments_tui.ui.map_static import Grid, bare_layout, static_layer
from monuments_tui.ui.map_style import (
    BUILDING_LETTER,
    CIV_LETTERS,
    CURSOR_CLOSE,
    CURSOR_OPEN,
    DIRECTION_ARROW,
    MIDDLE_CROWD,
    MINI_CROWD,
    MINI_FERRY,
    PALETTES,
    RESOURCE_ORDER,
    REVERSE,
    Palette,
)

if TYPE_CHECKING:
    from monuments_tui.rules.state import GameState

__all__ = ["land_region", "map_grid", "render_map"]


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


def _resource_text(on: Mapping[Resource, int] | None) -> str:
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


def _flow(tokens: list[tuple[str, str | None, bool]], width: int, lines: int) -> list[list[tuple[str, str | None]]]:
    """Lay tokens out on `lines` lines of `width`: separated by a space unless glued.

    A token glued to the previous one follows it without a space when it fits. When the
    tokens overflow, the last line ends with "…"; the inspector shows everything.
    """
    out: list[list[tuple[str, str | None]]] = [[]]
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


def _civ_style(pal: Palette, civ: str, base: str | None) -> str | None:
    """The civilisation's tone, on the land's background when `base` is the land's."""
    return pal.civ_on_land.get(civ) if base is not None else pal.civ.get(civ)


def _piece_tokens(state: GameState, hc: _HexContent, pal: Palette, base: str | None) -> list:
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


def _ferry_tokens(state: GameState, ferry, passengers: dict[str, list], pal: Palette, board) -> list:
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
        return bare_layout()
    return _cached_layout(tuple(state.config.civs), state.config.mode)


@functools.cache
def _cached_layout(civs: tuple[str, ...], mode: str) -> Layout:
    return layout_for(civs, mode)


def land_region(state: GameState | None, zoom: str) -> tuple[int, int, int, int]:
    """The map cells (x0, y0, x1, y1; the ends excluded) of the land and monuments in play in
    the state's set-up (None: every land that can be in play): what a view must show whole to
    show the game, the sea beyond it may pan."""
    return _land_region(_layout_key(state), zoom)


@functools.cache
def _land_region(layout_key: tuple, zoom: str) -> tuple[int, int, int, int]:
    layout = bare_layout() if layout_key == ("bare",) else _cached_layout(*layout_key)
    return land_box(zoom, layout.land | layout.monuments)


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
        zoom: "mini" (the whole world in 62 x 16 cells, one character a hex),
            "middle" (119 x 16, each hex 3 characters on one line: its letter or resources,
            and its pieces), "overview" (about 120 x 31 cells) or "detail" (each hex 9 x 3 with its id,
            production, resources and pieces).
        color: False gives plain text with no style at all (except the cursor's
            reverse video, which is not a colour).
        viewer: The seat looking at the map. Everything drawn is public, so this only
            reserves the place for hidden information.

    Returns:
        Lines of equal width (see :func:`monuments_tui.ui.map_geometry.map_size`),
        without newlines.
    """
    g = geometry(zoom)
    grid = map_grid(state, zoom, color=color, viewer=viewer)
    if cursor:
        board = load_board()
        hid = board.normalise(cursor)
        if hid is not None:
            x, y, w, h = hex_region(zoom, hid)
            if g.zoom == "mini":
                x, w = _bracket(grid, x, y, w)
            lines = grid.lines()
            for line in lines[y : y + h]:
                line.stylize(REVERSE, x, x + w)
            return lines
    return grid.lines()


def map_grid(state: GameState | None, zoom: str = "overview", *, color: bool = True, viewer: int | None = None) -> Grid:
    """The world map with the state's pieces (None: the bare map) as a character grid, with no
    cursor: what `render_map` turns into lines, for a view that turns only the lines it shows.
    `viewer` as for `render_map`."""
    grid = static_layer(_layout_key(state), zoom, bool(color)).copy()
    if state is not None:
        _draw_state(grid, geometry(zoom), state, PALETTES[bool(color)])
    return grid


def _bracket(grid: Grid, x: int, y: int, w: int) -> tuple[int, int]:
    """Put the mini map's cursor brackets in the gap columns around a hex: "[G]" reads without colour too."""
    grid.put(x - 1, y, CURSOR_OPEN)
    grid.put(x + w, y, CURSOR_CLOSE)
    return x - 1, w + 2


def _draw_state(grid: Grid, g: Geometry, state: GameState, pal: Palette) -> None:
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
        if g.zoom == "mini":
            _draw_mini_cell(grid, x, y, state, hc, layers.get(hid), pal, base)
            continue
        if g.zoom == "middle":
            total = sum(lying.get(hid, {}).values())
            aboard = [u for f in hc.ferries or () for u in passengers.get(f.id, ())]
            _draw_middle_cell(grid, x, y, state, hc, aboard, layers.get(hid), pal, base, total)
            continue
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


def _draw_mini_cell(grid, x, y, state, hc: _HexContent, layer, pal, base) -> None:
    """One character: the letter of the civilisation whose pieces stand here ("*" for several), "o" a
    ferry; on a monument (its "@" is in the gap before it) the layers built, unless pieces stand there."""
    seats = sorted(set(hc.units or ()) | set(hc.buildings or ()))
    if layer is not None and not seats:
        civ, n = layer
        grid.put(x, y, str(n) if n < 10 else "+", _civ_style(pal, civ, base))
    elif len(seats) == 1:
        civ = state.players[seats[0]].civ
        grid.put(x, y, CIV_LETTERS[civ], _civ_style(pal, civ, base))
    elif seats:
        grid.put(x, y, MINI_CROWD, base)
    elif hc.ferries:
        grid.put(x, y, MINI_FERRY, pal.ferry)


def _count(n: int) -> str:
    """A count in one character: "+" from 10 on (the inspector gives the number)."""
    return str(n) if n < 10 else "+"


def _draw_middle_cell(grid, x, y, state, hc: _HexContent, aboard: list, layer, pal, base, total: int) -> None:
    """Three characters on one line. Land shows its letter (w f m s, static), then the resources
    lying there ("w2"); where pieces stand, the pieces take the last two characters and the
    resources, if any, the land letter's place ("2G3"). A monument (its "@" in the gap before it)
    shows its layers, then the pieces on it ("@3G1"); water a ferry's "o", then the pieces aboard
    and around it."""
    pieces = _middle_pieces(state, hc, aboard, pal, base)
    if layer is not None:
        civ, n = layer
        grid.put(x, y, _count(n), _civ_style(pal, civ, base))
    elif hc.ferries:
        grid.put(x, y, MINI_FERRY, pal.ferry)
    elif pieces and total:
        grid.put(x, y, _count(total), pal.resource)
    if pieces:
        xx = x + 1
        for text, style in pieces:
            grid.put(xx, y, text, style)
            xx += len(text)
    elif total:
        grid.put(x + 1, y, _count(total), pal.resource)


def _middle_pieces(state, hc: _HexContent, aboard: list, pal, base) -> list[tuple[str, str | None]]:
    """Two characters for the pieces on a hex: one civilisation's letter and its units ("G3"), or
    its building where it has no unit ("GT"; "G#" for several); two civilisations' letters ("GE");
    "*" and the number of civilisations for more. Nothing where no piece stands."""
    units = hc.units or {}
    buildings = hc.buildings or {}
    seats = sorted(set(units) | set(buildings) | {u.owner for u in aboard})
    if not seats:
        return []
    if len(seats) > 2:
        return [(MIDDLE_CROWD + _count(len(seats)), base)]
    styled = []
    for seat in seats:
        civ = state.players[seat].civ
        styled.append((CIV_LETTERS[civ], _civ_style(pal, civ, base)))
    if len(seats) == 2:
        return styled
    seat = seats[0]
    n = len(units.get(seat, ())) + sum(1 for u in aboard if u.owner == seat)
    builds = buildings.get(seat, ())
    second = _count(n) if n else (_building_text(builds, False) if len(builds) == 1 else "#")
    letter, style = styled[0]
    return [(letter + second, style)]


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
        by_seat = hc.buildings or {}
        builds = [b for seat in sorted(by_seat) for b in by_seat[seat]]
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


def _draw_edge(grid: Grid, g: Geometry, a: str, b: str, what: str, pal: Palette, label: str = "") -> None:
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
