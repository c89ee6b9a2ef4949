"""Tests for the world map data and the pure board module.

Line numbers (l.N) refer to ``monuments-rulebook.txt``; B-numbers refer to the rules
review (``rules-review.md``), whose resolutions fill the gaps the missing map leaves.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterable

import pytest

from monuments_tui.rules import board as board_module
from monuments_tui.rules.board import (
    CONTINENTS,
    HOME_REGION,
    ISLAND_REGIONS,
    Board,
    is_island_region,
    load_board,
)
from monuments_tui.rules.config import MODES
from monuments_tui.rules.content import CIVS, RESOURCES
from monuments_tui.rules.layout import Layout, layout_for, setup_key

ALL_ISLANDS = frozenset(ISLAND_REGIONS) - {"island7"}

# The rulebook's set-up lists, written out here independently of world.json
# (Set-up, l.122-144; top/bottom Greenland per B6; island 7 per B7).
RULEBOOK_ISLANDS = {
    ("greece", "egypt"): {
        "abundance": {"madagascar", "greenland_bottom", "greenland_top", "uk"},
        "scarcity": {"madagascar", "greenland_bottom", "greenland_top"},
    },
    ("maya", "inca"): {
        "abundance": {"greenland_bottom", "greenland_top", "easter_island", "hawaii", "cuba"},
        "scarcity": {"greenland_bottom", "greenland_top", "easter_island", "hawaii"},
    },
    ("greece", "egypt", "inca"): {
        "abundance": {"madagascar", "greenland_bottom", "uk", "cuba", "easter_island", "island7"},
        "scarcity": {"madagascar", "greenland_bottom", "uk", "cuba", "easter_island"},
    },
    ("greece", "egypt", "maya", "inca"): {
        "abundance": ALL_ISLANDS | {"island7"},
        "scarcity": set(ALL_ISLANDS),
    },
}
CONFIGS = [(civs, mode) for civs in RULEBOOK_ISLANDS for mode in MODES]
CONFIG_IDS = [f"{'+'.join(civs)}-{mode}" for civs, mode in CONFIGS]

# Island land hexes in play per configuration; docs/map.md shows the same table.
ISLAND_HEXES = {
    (("greece", "egypt"), "abundance"): 7,
    (("greece", "egypt"), "scarcity"): 5,
    (("maya", "inca"), "abundance"): 9,
    (("maya", "inca"), "scarcity"): 6,
    (("greece", "egypt", "inca"), "abundance"): 10,
    (("greece", "egypt", "inca"), "scarcity"): 9,
    (("greece", "egypt", "maya", "inca"), "abundance"): 14,
    (("greece", "egypt", "maya", "inca"), "scarcity"): 13,
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def region_hexes(board: Board, region: str) -> list[str]:
    return [h.id for h in board.hexes.values() if h.region == region]


def producing(board: Board, region: str) -> list[str]:
    return [h for h in region_hexes(board, region) if board.hexes[h].resource is not None]


def islands_in_play(board: Board, layout: Layout) -> dict[int, list[str]]:
    """The land hexes in play of each island, by island number (Greenland's halves are one)."""
    islands: dict[int, list[str]] = {}
    for hex_id in layout.land:
        if board.hex(hex_id).island is not None:
            islands.setdefault(board.hex(hex_id).island, []).append(hex_id)
    return islands


def reachable_by_land(board: Board, start: str, land: set[str]) -> set[str]:
    """Hexes of ``land`` a worker reaches from ``start`` without crossing a river."""
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for there in board.neighbours(here):
            if there in land and there not in seen and not board.is_river(here, there):
                seen.add(there)
                todo.append(there)
    return seen - {start}


def river_crossings(board: Board, start: str, land: set[str]) -> dict[str, int]:
    """Fewest river edges a worker must bridge to reach each hex of ``land`` (0-1 BFS)."""
    best = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in board.neighbours(here):
            if there not in land:
                continue
            cost = 1 if board.is_river(here, there) else 0
            if best[here] + cost < best.get(there, len(land) + 1):
                best[there] = best[here] + cost
                if cost:
                    todo.append(there)
                else:
                    todo.appendleft(there)
    return best


def water_gap(board: Board, sources: Iterable[str], targets: Iterable[str], water: set[str]) -> int | None:
    """Fewest water hexes crossed from a ``sources`` hex to a ``targets`` hex (0 if adjacent)."""
    targets = set(targets)
    dist: dict[str, int] = {}
    todo: deque[str] = deque()
    for src in sources:
        for there in board.neighbours(src):
            if there in targets:
                return 0
            if there in water and there not in dist:
                dist[there] = 1
                todo.append(there)
    while todo:
        here = todo.popleft()
        for there in board.neighbours(here):
            if there in targets:
                return dist[here]
            if there in water and there not in dist:
                dist[there] = dist[here] + 1
                todo.append(there)
    return None


# --- Continents ---------------------------------------------------------------------


@pytest.mark.parametrize("civ", CIVS)
def test_continent_has_nine_resource_hexes_and_one_monument(board: Board, civ: str) -> None:
    """Story, l.116: every continent's mainland has 9 producing hexes and 1 monument hex."""
    region = HOME_REGION[civ]
    assert len(producing(board, region)) == 9
    monuments = [h for h in region_hexes(board, region) if board.hexes[h].monument_of]
    assert monuments == [board.monument_hex(civ)]
    assert board.hex(monuments[0]).monument_of == civ
    assert board.hex(monuments[0]).resource is None


@pytest.mark.parametrize("civ", CIVS)
def test_continent_is_contiguous(board: Board, civ: str) -> None:
    """Rules review B4: a continent's 10 hexes (9 land + monument) form one landmass."""
    region = HOME_REGION[civ]
    hexes = set(producing(board, region)) | {board.monument_hex(civ)}
    seen, todo = {board.monument_hex(civ)}, [board.monument_hex(civ)]
    while todo:
        here = todo.pop()
        for there in board.neighbours(here):
            if there in hexes and there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == hexes


@pytest.mark.parametrize("civ", CIVS)
def test_three_land_hexes_reachable_from_monument_without_a_bridge(board: Board, civ: str) -> None:
    """Player set-up, l.162: "the 3 hexes you can reach from your monument hex without
    building a bridge". They are the monument's neighbours; the rest lies behind 1-2
    rivers (B4)."""
    region = HOME_REGION[civ]
    monument = board.monument_hex(civ)
    land = set(producing(board, region))
    start = reachable_by_land(board, monument, land)
    assert len(start) == 3
    assert all(board.shared_edge(monument, h) for h in start)
    crossings = river_crossings(board, monument, land)
    behind = {h: n for h, n in crossings.items() if h in land - start}
    assert len(behind) == 6
    assert set(behind.values()) <= {1, 2}


def test_rivers_make_different_bridge_puzzles(board: Board) -> None:
    """Rules review B4: the six far hexes lie behind 1-2 rivers. The map varies it:
    the Incas have a region two bridges away; Greece, Egypt and the Maya have all six one
    bridge away (Europe's in one region, after the balance change recorded in docs/map.md)."""
    deepest = {}
    for civ in CIVS:
        land = set(producing(board, HOME_REGION[civ]))
        deepest[civ] = max(river_crossings(board, board.monument_hex(civ), land).values())
    assert deepest == {"greece": 1, "egypt": 1, "maya": 1, "inca": 2}


@pytest.mark.parametrize("civ", CIVS)
def test_starting_hexes_offer_varied_resources(board: Board, civ: str) -> None:
    """Player set-up, l.162: players put starting resources on the 3 hexes next to the
    monument, and layer 1 costs 1 wood and 1 sheep (Monument costs, l.171), so those
    hexes are all different and include a forest and a pasture."""
    monument = board.monument_hex(civ)
    start = reachable_by_land(board, monument, set(producing(board, HOME_REGION[civ])))
    kinds = [board.hex(h).resource for h in start]
    assert len(set(kinds)) == 3
    assert {"wood", "sheep"} <= set(kinds)


@pytest.mark.parametrize("civ", CIVS)
def test_continent_has_two_or_three_of_each_resource(board: Board, civ: str) -> None:
    """Rules review B4: 2-3 hexes of each resource per continent (layer 2 already needs
    all four, Monument costs l.172)."""
    counts = Counter(board.hex(h).resource for h in producing(board, HOME_REGION[civ]))
    assert set(counts) == set(RESOURCES)
    assert all(2 <= n <= 3 for n in counts.values())


def test_continents_vary_their_signature_resource(board: Board) -> None:
    """Rules review B4: resource mixes are varied by civilisation."""
    signatures = []
    for civ in CIVS:
        counts = Counter(board.hex(h).resource for h in producing(board, HOME_REGION[civ]))
        signatures.append(counts.most_common(1)[0][0])
    assert sorted(signatures) == sorted(RESOURCES)


def test_continents_do_not_touch(board: Board) -> None:
    """Set-up, l.120: an absent continent cannot be entered, so every continent must be
    a separate landmass (no walking from one to another)."""
    owner = {h.id: h.region for h in board.hexes.values() if h.region in CONTINENTS}
    for hex_id, region in owner.items():
        for there in board.neighbours(hex_id):
            assert owner.get(there, region) == region


# --- Rivers and lakes ---------------------------------------------------------------


def test_rivers_run_between_adjacent_land_hexes_of_one_continent(board: Board) -> None:
    """Movement, l.221 and Bridge, l.252: rivers separate land hexes; a bridge spans one."""
    assert board.rivers
    for edge in board.rivers:
        a, b = sorted(edge)
        assert board.shared_edge(a, b)
        assert board.hex(a).resource and board.hex(b).resource
        assert board.hex(a).region == board.hex(b).region
        assert board.hex(a).region in CONTINENTS
        assert board.is_river(a, b) and board.is_river(b.lower(), a.lower())


def test_is_river_is_false_off_the_river_edges(board: Board) -> None:
    """Movement, l.221: only marked edges are rivers."""
    assert not board.is_river("A1", "O28")
    monument = board.monument_hex("greece")
    assert not any(board.is_river(monument, n) for n in board.neighbours(monument))


def test_lakes_are_water_enclosed_by_their_continent(board: Board) -> None:
    """Ferry, l.254 and B10: a lake is a water hex of a continent, without a resource."""
    lakes = [h for h in board.hexes.values() if h.lake]
    assert lakes
    for lake in lakes:
        assert lake.terrain == "lake" and lake.resource is None
        assert lake.region in CONTINENTS
        assert all(board.hex(n).region == lake.region for n in board.neighbours(lake.id))
        assert all(board.hex(n).resource for n in board.neighbours(lake.id))


# --- Grid geometry ------------------------------------------------------------------


def test_grid_is_complete_and_sized_like_a_world_map(board: Board) -> None:
    """Rules review B4: one hex-grid file; every cell is a hex."""
    assert 14 <= board.rows <= 16 and 26 <= board.cols <= 30
    assert len(board.hexes) == board.rows * board.cols
    for h in board.hexes.values():
        assert h.id == f"{chr(ord('A') + h.row)}{h.col + 1}"


def test_neighbours_are_symmetric_and_follow_odd_r(board: Board) -> None:
    """The grid is pointy-top odd-r: odd rows sit half a hex to the right."""
    for hex_id in board.hexes:
        near = board.neighbours(hex_id)
        assert len(near) == len(set(near)) <= 6
        assert hex_id not in near
        for other in near:
            assert hex_id in board.neighbours(other)
            assert board.shared_edge(hex_id, other)
            assert board.distance(hex_id, other) == 1
    assert board.neighbours("B2") == ("A2", "A3", "B1", "B3", "C2", "C3")
    assert board.neighbours("C2") == ("B1", "B2", "C1", "C3", "D1", "D2")
    assert board.neighbours("A1") == ("A2", "B1")


def test_distance_matches_steps_on_the_grid(board: Board) -> None:
    """distance() is the number of steps between hexes, whatever the terrain."""
    for source in ("A1", "H14", "O28", "B27"):
        steps = {source: 0}
        todo = deque([source])
        while todo:
            here = todo.popleft()
            for there in board.neighbours(here):
                if there not in steps:
                    steps[there] = steps[here] + 1
                    todo.append(there)
        assert all(board.distance(source, h) == n for h, n in steps.items())
        assert all(board.distance(h, source) == n for h, n in steps.items())


def test_ids_round_trip_case_insensitively(board: Board) -> None:
    """Hex ids are typed by players (ui-sketch); any case must work."""
    for hex_id in board.hexes:
        assert hex_id == hex_id.upper()
        assert board.normalise(hex_id.lower()) == hex_id
        assert board.hex(hex_id.lower()).id == hex_id
    assert board.normalise(" d07 ") == "D7"
    assert board.shared_edge("d7", "D8")
    for bad in ("", "Z1", "A0", "A99", "7D", "DD7", "A-1"):
        assert board.normalise(bad) is None
    with pytest.raises(KeyError, match="row letter A-O"):
        board.hex("z99")


# --- Set-up table -------------------------------------------------------------------


@pytest.mark.parametrize(("civs", "mode"), CONFIGS, ids=CONFIG_IDS)
def test_setup_regions_match_the_rulebook(board: Board, civs: tuple[str, ...], mode: str) -> None:
    """Set-up, l.120-144: the civilisations' continents plus the listed islands are in
    play; every other continent and island is out (B8)."""
    layout = layout_for(civs, mode)
    expected_islands = RULEBOOK_ISLANDS[civs][mode]
    assert set(layout.island_regions) == expected_islands
    regions_in_play = {board.hex(h).region for h in layout.land | layout.monuments}
    assert regions_in_play == {HOME_REGION[c] for c in civs} | expected_islands
    assert layout.monuments == {board.monument_hex(c) for c in civs}
    for h in board.hexes.values():
        absent_region = h.region != "sea" and h.region not in regions_in_play
        if absent_region and not (h.overlay and h.id in layout.water):
            assert h.id not in layout.in_play, h.id


@pytest.mark.parametrize(("civs", "mode"), CONFIGS, ids=CONFIG_IDS)
def test_layout_partitions_the_hexes_in_play(board: Board, civs: tuple[str, ...], mode: str) -> None:
    """A hex in play is exactly one of land, water or monument."""
    layout = layout_for(civs, mode)
    assert layout.land | layout.water | layout.monuments == layout.in_play
    assert not layout.land & layout.water
    assert not (layout.land | layout.water) & layout.monuments
    assert all(board.hex(h).resource for h in layout.land)
    assert all(board.hex(h).resource is None or board.hex(h).overlay for h in layout.water)


def test_lakes_leave_play_with_their_continent(board: Board) -> None:
    """Set-up, l.120 and B10: the lake of an absent continent cannot be entered."""
    great_lakes = next(h.id for h in board.hexes.values() if h.lake and h.region == "north_america")
    assert great_lakes in layout_for(("maya", "inca"), "scarcity").water
    assert great_lakes not in layout_for(("greece", "egypt"), "abundance").in_play


@pytest.mark.parametrize("civs", [("egypt", "greece"), ("INCA", "maya"), "greece+egypt"])
def test_setup_key_is_canonical(civs) -> None:
    """Set-up, l.120: order and case of the civilisations do not matter."""
    assert setup_key(civs) in {"greece+egypt", "maya+inca"}
    assert setup_key(("inca", "egypt", "greece")) == "greece+egypt+inca"
    assert setup_key(CIVS[::-1]) == "greece+egypt+maya+inca"


@pytest.mark.parametrize(
    "civs",
    [
        ("greece", "maya"),
        ("greece", "inca"),
        ("egypt", "maya"),
        ("egypt", "inca"),
        ("greece", "egypt", "maya"),
        ("greece", "maya", "inca"),
        ("egypt", "maya", "inca"),
        ("greece",),
        (),
        ("greece", "greece"),
        ("greece", "rome"),
    ],
)
def test_pairings_the_rulebook_does_not_allow_are_rejected(civs: tuple[str, ...]) -> None:
    """Set-up, l.120: 2 players use Greece+Egypt or Maya+Inca; 3 players always use
    Greece, Egypt and the Incas; 4 players use all four."""
    with pytest.raises(ValueError):
        setup_key(civs)
    with pytest.raises(ValueError):
        layout_for(civs, "abundance")


def test_unknown_mode_is_rejected() -> None:
    """Story, l.110: the modes are Abundance and Scarcity."""
    with pytest.raises(ValueError, match="abundance"):
        layout_for(("greece", "egypt"), "plenty")
    assert layout_for(("greece", "egypt"), "Scarcity") is layout_for(("egypt", "greece"), "scarcity")


@pytest.mark.parametrize(("civs", "mode"), CONFIGS, ids=CONFIG_IDS)
def test_overlay_hex_is_island_7_only_when_created(board: Board, civs: tuple[str, ...], mode: str) -> None:
    """Set-up, l.136 and l.142, B7: island 7 is created in 3- and 4-player Abundance;
    otherwise its hex is plain sea, still in play."""
    overlay = [h for h in board.hexes.values() if h.overlay]
    assert len(overlay) == 1
    hex7 = overlay[0]
    assert hex7.region == "island7" and hex7.island == 7 and hex7.resource
    layout = layout_for(civs, mode)
    if "island7" in RULEBOOK_ISLANDS[civs][mode]:
        assert hex7.id in layout.land and hex7.id not in layout.water
    else:
        assert hex7.id in layout.water and hex7.id not in layout.land


# --- Islands ------------------------------------------------------------------------


def test_islands_have_numbers_names_and_resources(board: Board) -> None:
    """Set-up, l.124-144 and Story, l.116: islands 1-7 produce resources."""
    numbers = {}
    for region in ISLAND_REGIONS:
        hexes = [board.hex(h) for h in region_hexes(board, region)]
        assert hexes, region
        assert all(h.resource and h.name for h in hexes)
        numbers[region] = {h.island for h in hexes}
        assert is_island_region(region)
    assert numbers == {
        "madagascar": {1},
        "greenland_bottom": {2},
        "greenland_top": {2},
        "uk": {3},
        "easter_island": {4},
        "hawaii": {5},
        "cuba": {6},
        "island7": {7},
    }
    assert not any(is_island_region(r) for r in (*CONTINENTS, "sea"))


def test_greenland_halves_form_one_island(board: Board) -> None:
    """Rules review B6: Greenland is one island split into a bottom and a top half."""
    bottom = region_hexes(board, "greenland_bottom")
    top = region_hexes(board, "greenland_top")
    assert any(board.shared_edge(b, t) for b in bottom for t in top)
    assert max(board.hex(h).row for h in top) < max(board.hex(h).row for h in bottom)


@pytest.mark.parametrize(("civs", "mode"), CONFIGS, ids=CONFIG_IDS)
def test_scarcity_is_short_of_land_and_abundance_has_enough(civs: tuple[str, ...], mode: str) -> None:
    """Story, l.112-114: in Abundance everyone can find the land they need without
    fighting; Scarcity offers fewer islands, so fights for the 12th land hex (l.278; the
    monument hex does not count, l.276) become likelier.

    Abundance offers at least 12 land hexes per player plus one spare. Scarcity offers
    fewer than Abundance, and at most one spare hex for the whole table: Greece + Egypt
    are one short, Maya + Inca and three players have exactly 12 each, and four players
    one spare (Hawaii's two hexes, chosen for Maya + Inca balance; docs/map.md).
    """
    layout = layout_for(civs, mode)
    players = len(civs)
    assert len(layout.land) == 9 * players + ISLAND_HEXES[(civs, mode)]
    if mode == "abundance":
        assert len(layout.land) >= 12 * players + 1
    else:
        assert len(layout.land) < len(layout_for(civs, "abundance").land)
        assert len(layout.land) <= 12 * players + 1
        if civs == ("greece", "egypt"):
            assert len(layout.land) < 12 * players


@pytest.mark.parametrize("mode", MODES)
def test_maya_and_inca_each_have_twelve_land_hexes_near_home(board: Board, mode: str) -> None:
    """Balance (docs/balance.md): with Maya + Inca, each side finds 12 land hexes on its
    continent or on islands at most 2 water hexes off its coast and nearer to it than to
    the rival's (Greenland's halves count as one island), so neither reaches its 12th
    hex unopposed while the other cannot: in Scarcity exactly 12 each. When the Maya
    alone had 12 within reach, they won 62% of 500 Scarcity games."""
    layout = layout_for(("maya", "inca"), mode)
    water = set(layout.water)
    home = {civ: producing(board, HOME_REGION[civ]) for civ in ("maya", "inca")}
    near: dict[str, int] = {civ: len(hexes) for civ, hexes in home.items()}
    for hexes in islands_in_play(board, layout).values():
        gaps = {civ: water_gap(board, coast, hexes, water) for civ, coast in home.items()}
        closer = min(gaps, key=lambda civ: gaps[civ])
        if gaps[closer] <= 2 and gaps["maya"] != gaps["inca"]:
            near[closer] += len(hexes)
    if mode == "scarcity":
        assert near == {"maya": 12, "inca": 12}
    else:
        assert min(near.values()) >= 12


def test_islands_sit_within_ferry_reach_of_a_continent(board: Board) -> None:
    """Rules review B4: islands lie 1-3 water hexes off the nearest continent coast, so a
    loaded ferry (2 moves, l.254) or a navy (2 moves, l.315) reaches them."""
    water = {h.id for h in board.hexes.values() if h.terrain == "sea" and not h.light_blue}
    for region in ISLAND_REGIONS:
        targets = region_hexes(board, region)
        gaps = [
            water_gap(board, producing(board, continent), targets, water - set(targets)) for continent in CONTINENTS
        ]
        nearest = min(g for g in gaps if g is not None)
        assert 1 <= nearest <= 3, (region, gaps)


@pytest.mark.parametrize(("civs", "mode"), CONFIGS, ids=CONFIG_IDS)
def test_islands_in_play_are_reachable_from_a_continent_in_play(board: Board, civs: tuple[str, ...], mode: str) -> None:
    """Set-up, l.120-144 and B51: every island in play can be reached through water in
    play from a home continent in play, within 4 water hexes (the widest crossing is
    Europe to Greenland). Greenland's halves count as one island: a worker walks from
    one to the other."""
    layout = layout_for(civs, mode)
    sources = [h for h in layout.land if board.hex(h).region in {HOME_REGION[c] for c in civs}]
    islands = islands_in_play(board, layout)
    assert {board.hex(h).region for hs in islands.values() for h in hs} == set(layout.island_regions)
    for number, targets in islands.items():
        gap = water_gap(board, sources, targets, set(layout.water))
        assert gap is not None and 1 <= gap <= 4, (number, gap)


# --- Water --------------------------------------------------------------------------


def test_light_blue_hexes_are_water_and_never_in_play(board: Board) -> None:
    """Movement, l.225 and B9: nothing may move on or over a light-blue hex."""
    light = [h for h in board.hexes.values() if h.light_blue]
    assert len(light) >= 6
    assert all(h.terrain == "sea" and h.region == "sea" and h.resource is None for h in light)
    for civs, mode in CONFIGS:
        assert not {h.id for h in light} & layout_for(civs, mode).in_play


@pytest.mark.parametrize(("civs", "mode"), CONFIGS, ids=CONFIG_IDS)
def test_sea_in_play_is_one_body_of_water(board: Board, civs: tuple[str, ...], mode: str) -> None:
    """B51: navies move through connected water; light-blue hexes must not cut the
    oceans apart, so every sea hex in play is reachable from every other."""
    layout = layout_for(civs, mode)
    sea = {h for h in layout.water if not board.hex(h).lake}
    start = next(iter(sorted(sea)))
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for there in board.neighbours(here):
            if there in sea and there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == sea


# --- Loading ------------------------------------------------------------------------


def test_board_and_layouts_are_cached() -> None:
    """The map is static: load it once, share it."""
    assert load_board() is load_board()
    assert isinstance(layout_for(("greece", "egypt"), "abundance"), Layout)
    assert layout_for(("greece", "egypt"), "abundance") is layout_for(["egypt", "greece"], "abundance")


def test_monument_hex_rejects_unknown_civilisations(board: Board) -> None:
    """Story, l.103-108: four civilisations in the core game."""
    assert board.monument_hex("Greece") == board.monument_hex("greece")
    with pytest.raises(ValueError, match="unknown civilisation"):
        board.monument_hex("rome")


def _world_json() -> dict:
    import importlib.resources

    raw = (importlib.resources.files("monuments_tui") / "data" / "world.json").read_text()
    return json.loads(raw)


def test_world_json_validation_catches_bad_rivers_and_terrain() -> None:
    """A broken map must fail loudly at load, not mid-game."""
    world = _world_json()
    world["rivers"].append(["A1", "O28"])
    with pytest.raises(ValueError, match="river"):
        board_module._decode_world(json.dumps(world).encode())
    world = _world_json()
    land = next(h for h in world["hexes"] if h.get("resource") == "wood")
    land["terrain"] = "mountain"
    with pytest.raises(ValueError, match="wood"):
        board_module._decode_world(json.dumps(world).encode())
