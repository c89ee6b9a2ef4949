"""The pure map renderer: every hex where it belongs, pieces, edges, and no colour mode."""

from __future__ import annotations

import random
import re

import pytest

from monuments_tui.rules import GameConfig, decide, legal_commands, new_game
from monuments_tui.rules.board import load_board
from monuments_tui.rules.evolve import apply_in_place
from monuments_tui.rules.layout import layout_for
from monuments_tui.rules.state import Bridge, Building, Ferry, Unit, copy_state
from monuments_tui.ui.map_geometry import ZOOMS, geometry, hex_at, hex_region, map_size
from monuments_tui.ui.map_legend import legend_lines
from monuments_tui.ui.map_render import render_map

BOARD = load_board()


def mid_game():
    """Greece + Egypt, scarcity, with pieces of every kind placed by hand."""
    state = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=1))
    state.units = {
        "u1": Unit("u1", 0, "worker", "E19"),
        "u2": Unit("u2", 0, "worker", "E19", weapon=True),
        "u3": Unit("u3", 0, "worker", "E19"),
        "u4": Unit("u4", 0, "army", "E20"),
        "u5": Unit("u5", 1, "worker", "I19"),
        "u6": Unit("u6", 1, "navy", "G19"),
        "u7": Unit("u7", 0, "worker", "E21", ferry="ferry9"),
        "u8": Unit("u8", 0, "army", "E21", ferry="ferry9"),
        "u9": Unit("u9", 1, "air", "H20"),
        "u10": Unit("u10", 1, "worker", "I20", weapon=True, horse=True),
    }
    state.buildings = {
        "b1": Building("b1", 0, "town", "E19"),
        "b2": Building("b2", 0, "fort", "E20", damaged=True),
        "b3": Building("b3", 1, "factory", "I20"),
    }
    state.bridges = {"B3": Bridge("B3", "D19", "E19", 0), "B4": Bridge("B4", "E18", "E19", 0)}
    state.ferries = {"ferry9": Ferry("ferry9", "E21", "E20", 0), "ferry10": Ferry("ferry10", "G18", None, 1)}
    state.resources = {"E19": {"wood": 2, "sheep": 1}, "E20": {"metal": 1}, "I19": {"food": 3}}
    state.players[0].layers = 3
    return state


def plain(lines) -> list[str]:
    return [line.plain for line in lines]


def cell_text(lines: list[str], zoom: str, hex_id: str) -> list[str]:
    """The content lines of one hex."""
    x, y, w, h = hex_region(zoom, hex_id)
    return [lines[y + i][x : x + w] for i in range(h)]


@pytest.mark.parametrize("zoom", ZOOMS)
def test_lines_have_the_map_size(zoom):
    lines = render_map(mid_game(), "E19", zoom)
    width, height = map_size(zoom)
    assert len(lines) == height
    assert {line.cell_len for line in lines} == {width}


def test_overview_fits_a_wide_terminal():
    width, height = map_size("overview")
    assert 100 <= width <= 150
    assert height <= 35


def test_detail_shows_every_hex_id_in_its_own_cell():
    lines = plain(render_map(mid_game(), None, "detail"))
    layout = layout_for(("greece", "egypt"), "scarcity")
    for hex_id in BOARD.hexes:
        first = cell_text(lines, "detail", hex_id)[0]
        assert first.startswith(hex_id), (hex_id, first)
    text = "\n".join(lines)
    for hex_id in layout.in_play:
        assert re.search(rf"(?<![A-Z0-9]){hex_id}(?![0-9])", text), hex_id


def test_detail_shows_production_of_land_in_play():
    lines = plain(render_map(mid_game(), None, "detail"))
    assert cell_text(lines, "detail", "D18")[0] == "D18 food "
    assert cell_text(lines, "detail", "C18")[0] == "C18 metal"
    assert cell_text(lines, "detail", "C8")[0].startswith("C8")  # a lake out of play with Maya


def test_pieces_resources_and_buildings_on_the_right_hex():
    lines = plain(render_map(mid_game(), None, "detail"))
    e19 = " ".join(cell_text(lines, "detail", "E19")[1:])
    assert "w2s1" in e19  # 2 wood, 1 sheep lying there
    assert "G:3w1s" in e19  # 3 Greek workers, 1 armed
    assert "T" in e19  # a town
    e20 = " ".join(cell_text(lines, "detail", "E20")[1:])
    assert "m1" in e20 and "G:1a" in e20 and "f!" in e20  # damaged fort
    i20 = " ".join(cell_text(lines, "detail", "I20")[1:])
    assert "E:1w1s1h" in i20 and "X" in i20
    assert "E:1n" in " ".join(cell_text(lines, "detail", "G19"))
    assert "E:1p" in " ".join(cell_text(lines, "detail", "H20"))
    i19 = " ".join(cell_text(lines, "detail", "I19"))
    assert "f3" in i19 and "E:1w" in i19


def test_monument_layers():
    lines = plain(render_map(mid_game(), None, "detail"))
    assert cell_text(lines, "detail", "F19")[0] == "F19 @G L3"
    assert cell_text(lines, "detail", "H19")[0] == "H19 @E L0"
    overview = plain(render_map(mid_game(), None, "overview"))
    assert cell_text(overview, "overview", "F19")[0] == "@G3"


def test_ferries_docked_and_at_sea_with_passengers():
    lines = plain(render_map(mid_game(), None, "detail"))
    e21 = " ".join(cell_text(lines, "detail", "E21"))
    assert "f9←:G1w1a" in e21  # docked to the west (E20), a Greek worker and army aboard
    assert "f10" in " ".join(cell_text(lines, "detail", "G18"))
    # The shore edge between E20 and E21 carries the ferry mark.
    g = geometry("detail")
    x = g.gap_x(4, 20)  # west edge of E21
    y = g.content_y(4)
    assert lines[y + 1][x] == "F"


def edge_segment(lines: list[str], upper: str, lower: str) -> str:
    """The stretch of separator line between a hex and its neighbour in the row below."""
    g = geometry("detail")
    a, b = BOARD.hexes[upper], BOARD.hexes[lower]
    ax, bx = g.content_x(a.row, a.col), g.content_x(b.row, b.col)
    start, end = max(ax, bx), min(ax, bx) + g.content_w
    return lines[g.content_y(b.row) - 1][start:end]


def test_rivers_and_bridges_on_edges():
    g = geometry("detail")
    lines = plain(render_map(mid_game(), None, "detail"))
    # I18-I19: a river on a west/east edge (gap column), three lines tall.
    x = g.gap_x(8, 18)
    assert [lines[g.content_y(8) + i][x] for i in range(3)] == ["~", "~", "~"]
    # E18-E19: bridged west/east edge.
    x = g.gap_x(4, 18)
    assert [lines[g.content_y(4) + i][x] for i in range(3)] == ["~", "=", "~"]
    # D19-E19: bridged edge on the separator line between rows D and E.
    assert edge_segment(lines, "D19", "E19") == "~==~"
    # D19-E20: plain river between rows D and E.
    assert edge_segment(lines, "D19", "E20") == "~~~~"
    # Without the bridge there is no "=" anywhere.
    state = mid_game()
    state.bridges = {}
    assert "=" not in "".join(plain(render_map(state, None, "detail")))


def test_every_river_of_the_board_is_drawn():
    g = geometry("detail")
    state = new_game(GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="abundance", seed=1))
    lines = plain(render_map(state, None, "detail"))
    for edge in BOARD.rivers:
        a, b = (BOARD.hexes[h] for h in sorted(edge, key=lambda h: (BOARD.hexes[h].row, BOARD.hexes[h].col)))
        if a.row == b.row:
            x = g.gap_x(a.row, b.col)
            assert lines[g.content_y(a.row) + 1][x] == "~", edge
        else:
            assert set(edge_segment(lines, a.id, b.id)) == {"~"}, edge


def test_out_of_play_and_light_blue_hexes_look_different():
    lines = plain(render_map(mid_game(), None, "detail"))
    # D7 is North America: out of play with Greece + Egypt.
    assert set("".join(cell_text(lines, "detail", "D7")[1:])) == {"·"}
    # A1 is light blue: never in play.
    assert set("".join(cell_text(lines, "detail", "A1")[1:])) == {"░"}
    # C5 is sea in play: blank.
    assert "".join(cell_text(lines, "detail", "C5")[1:]).strip() == ""
    # B15 (the UK) is out of play in scarcity; J15 (island 7) is plain sea.
    assert "·" in "".join(cell_text(lines, "detail", "B15"))
    assert "metal" not in cell_text(lines, "detail", "J15")[0]
    overview = plain(render_map(mid_game(), None, "overview"))
    assert cell_text(overview, "overview", "D7") == ["···", "···"]
    assert cell_text(overview, "overview", "A1") == ["░░░", "░░░"]
    assert cell_text(overview, "overview", "C5") == ["   ", "   "]


def test_overview_cells():
    lines = plain(render_map(mid_game(), None, "overview"))
    assert cell_text(lines, "overview", "E19") == ["W3T", "G3 "]
    assert cell_text(lines, "overview", "E20") == ["M1f", "G1 "]
    assert cell_text(lines, "overview", "E21") == ["<F>", "G2 "]
    assert cell_text(lines, "overview", "D18") == ["F  ", "   "]
    assert cell_text(lines, "overview", "J18") == ["≈≈≈", "≈≈≈"]


def test_no_colour_mode_has_no_style():
    for zoom in ZOOMS:
        for line in render_map(mid_game(), None, zoom, color=False):
            assert not line.spans
            assert not line.style


def test_no_colour_cursor_is_reverse_video_only():
    lines = render_map(mid_game(), "e19", "overview", color=False)
    styled = [span for line in lines for span in line.spans]
    assert styled and all(str(span.style) == "reverse" for span in styled)


def test_colour_mode_styles_the_civs():
    lines = render_map(mid_game(), None, "detail", color=True)
    x, y, w, h = hex_region("detail", "E19")
    line = lines[y + 2]
    token = line.plain.index("G:3w1s")
    styles = [span.style for span in line.spans if span.start <= token < span.end]
    assert styles == ["tone.map-civ-greece-land"]  # Greece's tone on land: the stylesheet colours it


def test_cursor_is_reverse_video_on_its_cell():
    lines = render_map(mid_game(), "I19", "detail")
    x, y, w, h = hex_region("detail", "I19")
    for i in range(h):
        line = lines[y + i]
        for col in (x, x + w - 1):
            style = line.get_style_at_offset(_console(), col)
            assert style.reverse
        assert not line.get_style_at_offset(_console(), x + w + 1).reverse


def _console():
    from rich.console import Console

    return Console(width=400)


def test_bare_map_without_state():
    for zoom in ZOOMS:
        lines = plain(render_map(None, None, zoom))
        assert lines
    lines = plain(render_map(None, None, "detail"))
    assert cell_text(lines, "detail", "D7")[0] == "D7 sheep "  # all continents shown


def test_crowded_hex_is_cut_with_an_ellipsis_inside_its_cell():
    state = mid_game()
    for i in range(12):
        state.units[f"x{i}"] = Unit(f"x{i}", i % 2, ("worker", "army", "air")[i % 3], "D18", weapon=bool(i % 2))
    state.buildings["b9"] = Building("b9", 1, "town", "D18", damaged=True)
    state.resources["D18"] = {"wood": 3, "food": 2, "metal": 1, "sheep": 4}
    lines = plain(render_map(state, None, "detail"))
    cell = cell_text(lines, "detail", "D18")
    assert cell[2].endswith("…")
    # The neighbours' cells are untouched.
    assert cell_text(lines, "detail", "D19")[0] == "D19 sheep"
    assert len(lines[0]) == map_size("detail")[0]


@pytest.mark.parametrize("zoom", ZOOMS)
def test_hex_at_inverts_hex_region(zoom):
    for hex_id in BOARD.hexes:
        x, y, w, h = hex_region(zoom, hex_id)
        assert hex_at(zoom, x, y) == hex_id
        assert hex_at(zoom, x + w - 1, y + h - 1) == hex_id
    assert hex_at(zoom, 0, 0) is None
    assert hex_at(zoom, -5, -5) is None
    assert hex_at(zoom, 10_000, 10_000) is None


def test_legend_lists_every_symbol():
    text = "\n".join(legend_lines())
    for symbol in (
        "~",
        "=",
        "░",
        "·",
        "≈",
        "@G",
        "G:3w1s",
        "T F X",
        "t! f! x!",
        "a n p",
        "f12↗",
        "w2f1",
        "K workshop",
        "R farm",
        "#",
        "<F>",
    ):
        assert symbol in text, symbol


@pytest.mark.parametrize(
    "civs", [("greece", "egypt"), ("maya", "inca"), ("greece", "egypt", "inca"), ("greece", "egypt", "maya", "inca")]
)
def test_real_games_render_in_both_zooms(civs):
    state = new_game(GameConfig(civs=civs, mode="abundance", seed=3))
    rnd = random.Random(3)
    for _ in range(120):
        if state.phase == "over":
            break
        events = decide(state, rnd.choice(legal_commands(state)))
        state = copy_state(state)
        for event in events:
            apply_in_place(state, event)
    for zoom in ZOOMS:
        for color in (True, False):
            lines = render_map(state, "A1", zoom, color=color)
            assert len({line.cell_len for line in lines}) == 1


def test_ferry_cargo_is_drawn_aboard_not_on_the_hex_with_the_same_name():
    state = mid_game()
    state.ferries = {"ferry12": Ferry("ferry12", "G18", None, 1)}
    state.units["u11"] = Unit("u11", 1, "worker", "G18", ferry="ferry12")
    state.resources["ferry12"] = {"wood": 1}  # cargo of ferry12, not resources on hex F12
    lines = plain(render_map(state, None, "detail"))
    g18 = cell_text(lines, "detail", "G18")
    assert g18[1].rstrip() == "f12:E1w" and g18[2].rstrip() == "(w1)"  # wrapped, cargo below
    assert "w1" not in " ".join(cell_text(lines, "detail", "F12"))
    overview = plain(render_map(state, None, "overview"))
    assert cell_text(overview, "overview", "F12") == ["   ", "   "]
    assert cell_text(overview, "overview", "G18") == ["<F>", "E1 "]


def mini_cell(lines: list[str], hex_id: str) -> str:
    """A hex on the mini map with the gap columns either side: "@3 " for a monument with 3 layers."""
    x, y, _, _ = hex_region("mini", hex_id)
    return lines[y][x - 1 : x + 2]


def test_the_mini_map_shows_the_whole_board_in_80_columns_one_character_a_hex():
    width, height = map_size("mini")
    assert width <= 78 - 2 and height <= 16  # inside a bordered pane of an 80x24 terminal's compact layout
    lines = plain(render_map(mid_game(), None, "mini", color=False))
    assert [mini_cell(lines, h)[1] for h in ("E19", "E20", "I19", "H20")] == ["G", "G", "E", "E"]
    assert mini_cell(lines, "E21")[1] == "o"  # ferry9, on water
    assert mini_cell(lines, "D18")[1] == "f" and mini_cell(lines, "J18")[1] == "≈"  # food land; a lake
    assert mini_cell(lines, "A1")[1] == "░" and mini_cell(lines, "D7")[1] == "·" and mini_cell(lines, "C5") == "   "
    f19 = mini_cell(lines, "F19")
    assert f19[:2] == "@3"  # Greece's monument: "@" in the gap before it, the 3 layers built in its cell
    assert lines[0].split() == ["1", "5", "10", "15", "20", "25", "28"]
    assert [line[0] for line in lines[1:]] == [chr(ord("A") + r) for r in range(15)]


def test_the_mini_map_marks_a_hex_shared_by_civilisations_and_brackets_the_cursor():
    state = mid_game()
    state.units["u11"] = Unit("u11", 1, "army", "E19")
    lines = render_map(state, "e19", "mini", color=False)
    assert mini_cell(plain(lines), "E19") == "[*]"
    x, y, _, _ = hex_region("mini", "E19")
    assert all(str(span.style) == "reverse" for span in lines[y].spans)  # no colour: reverse video only
    assert [(s.start, s.end) for s in lines[y].spans] == [(x - 1, x + 2)]


def test_the_mini_map_without_colour_tells_land_from_water_by_letters():
    state = new_game(GameConfig(civs=("greece", "egypt"), mode="abundance", seed=1))
    lines = plain(render_map(state, None, "mini", color=False))
    layout = layout_for(("greece", "egypt"), "abundance")
    for hex_id in layout.land:
        assert mini_cell(lines, hex_id)[1] not in " ≈░·", hex_id
    for hex_id in layout.water:
        assert mini_cell(lines, hex_id)[1] in " ≈o", hex_id


def middle_cell(lines: list[str], hex_id: str) -> str:
    """A hex of the middle zoom with the gap column before it: "@3G1" for a monument with 3 layers
    and a Greek unit on it."""
    x, y, w, _ = hex_region("middle", hex_id)
    return lines[y][x - 1 : x + w]


def test_the_middle_zoom_shows_resources_and_pieces_of_every_hex_on_one_line():
    lines = plain(render_map(mid_game(), None, "middle", color=False))
    assert len(lines) == 16  # the column numbers and a line a row of hexes
    assert middle_cell(lines, "E19") == " 3G3"  # 3 resources, 3 Greek units (the land letter gives way)
    assert middle_cell(lines, "E20") == " 1G1"  # 1 metal and a Greek army (and its damaged fort)
    assert middle_cell(lines, "I19") == " 3E1"
    assert middle_cell(lines, "I20") == " wE1"  # wood land, an Egyptian worker and factory, no resource
    assert middle_cell(lines, "E21") == " oG2"  # ferry9 with a Greek worker and army aboard
    assert middle_cell(lines, "G18") == " o  " and middle_cell(lines, "G19") == "  E1"  # a ferry; a navy
    assert middle_cell(lines, "F19") == "@3  " and middle_cell(lines, "H19") == "@0  "  # the monuments
    assert middle_cell(lines, "D18") == " f  " and middle_cell(lines, "J18") == " ≈≈≈"  # food land; a lake
    assert middle_cell(lines, "A1") == " ░░░" and middle_cell(lines, "D7") == " ···"
    assert lines[0].split()[:3] == ["1", "2", "3"] and lines[0].split()[-1] == "28"
    assert [line[0] for line in lines[1:]] == [chr(ord("A") + r) for r in range(15)]


def test_the_middle_zoom_names_buildings_without_units_and_crowds():
    state = mid_game()
    state.resources = {}
    state.units = {u.id: u for u in state.units.values() if u.hex not in ("E20", "F19")}
    state.units["u11"] = Unit("u11", 0, "worker", "F19")
    state.units["u12"] = Unit("u12", 1, "army", "E19")
    lines = plain(render_map(state, None, "middle", color=False))
    assert middle_cell(lines, "E20") == " mGf"  # a damaged Greek fort alone: its letter in lower case
    assert middle_cell(lines, "F19") == "@3G1"  # the monument's layers, then the piece on it
    assert middle_cell(lines, "E19") == " wGE"  # Greece and Egypt share the hex: both letters
    four = new_game(GameConfig(civs=("greece", "egypt", "maya", "inca"), mode="abundance", seed=1))
    four.units = {f"u{seat}": Unit(f"u{seat}", seat, "army", "E19") for seat in range(3)}
    assert middle_cell(plain(render_map(four, None, "middle", color=False)), "E19") == " w*3"  # three civilisations


def test_the_middle_zoom_shows_all_the_land_of_every_set_up_in_a_120x40_map_pane():
    from monuments_tui.ui.map_render import land_region

    for civs in (
        ("greece", "egypt"),
        ("maya", "inca"),
        ("greece", "egypt", "inca"),
        ("greece", "egypt", "maya", "inca"),
    ):
        state = new_game(GameConfig(civs=civs, mode="abundance", seed=1))
        x0, y0, x1, y1 = land_region(state, "middle")
        assert x1 - x0 + 2 <= 82 and y1 - y0 + 1 <= 16, civs  # the pane at 120x40: 82 x 16 under its border
        lines = plain(render_map(state, None, "middle", color=False))
        layout = layout_for(civs, "abundance")
        for hex_id in layout.land:  # every land hex shows its letter
            x, y, w, _ = hex_region("middle", hex_id)
            assert x0 <= x and x + w <= x1 and lines[y][x] in "wfms", (civs, hex_id)
