"""The static world map: its hexes, their geometry, and the set-up table it holds.

The rulebook's map is a missing picture (rules review B4), so the map is data:
``monuments_tui/data/world.json``, described in ``docs/map.md``. This module loads it
once, validates it, and answers geometric questions (ids, neighbours, rivers,
distances); which hexes are in play for a configuration is ``rules.layout``. It is
pure: no terminal or UI code, and the only file it reads is the packaged JSON.

Grid: pointy-top hexes in "odd-r" offset layout (odd rows are shifted right by half a
hex). A hex id is the row letter (A = top row) followed by the 1-based column, e.g.
``"D7"``. Every grid cell is a hex; most are sea.

What the engine must remember:

* Whether a hex is land, water or out of play depends on the game configuration, so ask
  the ``Layout`` from ``rules.layout.layout_for``, not the :class:`Hex`. In particular the
  overlay hex (island 7) describes its island side but is water when island 7 is not in
  play, and lakes leave play with their continent.
* The monument hex is neither land nor water: it produces nothing and does not count as
  a land hex (Build a layer of your monument, l.272, l.276).
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from typing import Literal, get_args

import msgspec

from monuments_tui.rules.content import CIVS

Mode = Literal["abundance", "scarcity"]
"""The two game modes; they differ only in the islands in play [Set-up, l.112-144]."""
MODES: tuple[str, ...] = get_args(Mode)

__all__ = [
    "CONTINENTS",
    "MODES",
    "Mode",
    "HOME_REGION",
    "ISLAND_REGIONS",
    "Board",
    "Hex",
    "is_island_region",
    "load_board",
]

HOME_REGION = {
    "greece": "europe",
    "egypt": "africa",
    "maya": "north_america",
    "inca": "south_america",
}
"""Each civilisation's home continent (Story, l.105-108)."""

CONTINENTS = tuple(HOME_REGION[civ] for civ in CIVS)
"""The four continent region names, in civilisation order."""

ISLAND_REGIONS = (
    "madagascar",
    "greenland_bottom",
    "greenland_top",
    "uk",
    "easter_island",
    "hawaii",
    "cuba",
    "island7",
)
"""Island regions the set-up table can switch on. Greenland is two regions because
3-player games use only its bottom half (Set-up, l.136; rules review B6)."""

TERRAINS = ("forest", "fields", "mountain", "pasture", "monument", "sea", "lake")
"""Cosmetic terrain names. Only ``resource`` matters to the rules (rules review B5)."""

_TERRAIN_OF_RESOURCE = {"wood": "forest", "food": "fields", "metal": "mountain", "sheep": "pasture"}

# Offsets of the six neighbours in odd-r layout, for even and odd rows: W, E, NW, NE, SW, SE.
_EVEN_ROW_STEPS = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD_ROW_STEPS = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))

# Accepts "d7", " D 07 " and the like; the column is read as a number.
_ID_PATTERN = re.compile(r"^\s*([A-Za-z])\s*0*([0-9]{1,4})\s*$")


class Hex(msgspec.Struct, frozen=True):
    """One cell of the world grid, as printed on the board.

    For the overlay hex the fields describe the island side; whether it is land in a
    given game is decided by ``rules.layout.layout_for``.
    """

    id: str
    """Upper-case id: row letter + 1-based column, e.g. ``"D7"``."""
    row: int
    """0-based row; row 0 is the top row ``A``."""
    col: int
    """0-based column."""
    terrain: str
    """Cosmetic terrain name, one of :data:`TERRAINS`."""
    resource: str | None
    """What the hex produces; ``None`` for sea, lakes and monument hexes (Story, l.116)."""
    region: str
    """A continent (e.g. ``"europe"``), an island region (e.g. ``"uk"``) or ``"sea"``.
    Lakes carry the region of their continent."""
    island: int | None = None
    """The island's number in the rulebook (1-7), for island hexes."""
    monument_of: str | None = None
    """The civilisation whose monument stands here, for the four monument hexes."""
    light_blue: bool = False
    """Light-blue border: no piece may ever enter or pass it (Movement, l.225; B9)."""
    lake: bool = False
    """A lake: a water hex inside or against a continent (Build a building, Ferry, l.254)."""
    overlay: bool = False
    """The island-7 overlay hex: sea unless island 7 is in play (Set-up, l.136; B7)."""
    name: str = ""
    """Display name of an island or lake, e.g. ``"Madagascar"``; empty elsewhere."""


class _HexRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One hex as written in world.json (row and column come from the id)."""

    id: str
    terrain: str
    region: str
    resource: str | None = None
    island: int | None = None
    monument_of: str | None = None
    light_blue: bool = False
    lake: bool = False
    overlay: bool = False
    name: str = ""


class _SetupRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The island regions in play for one pairing of civilisations, per mode."""

    civs: list[str]
    source: str
    abundance: list[str]
    scarcity: list[str]


class _WorldFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The schema of world.json."""

    format: int
    notes: list[str]
    rows: int
    cols: int
    hexes: list[_HexRecord]
    rivers: list[tuple[str, str]]
    setups: dict[str, _SetupRecord]


def _hex_id(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


class Board:
    """The static world map: every hex, the rivers, and grid geometry.

    Get the shared instance with :func:`load_board`; treat it as read-only.

    Attributes:
        hexes: Every hex of the grid by upper-case id, in row-major order.
        rows: Number of rows (row letters ``A`` onwards).
        cols: Number of columns (numbered from 1).
        rivers: River edges, each the frozenset of the two land hex ids it separates.
        setups: The set-up table: for each allowed pairing key, the island regions of
            each mode (read by ``rules.layout``).
    """

    __slots__ = ("_grid", "_monuments", "_neighbours", "cols", "hexes", "rivers", "rows", "setups")

    def __init__(
        self,
        hexes: dict[str, Hex],
        rows: int,
        cols: int,
        rivers: frozenset[frozenset[str]],
        setups: dict[str, dict[str, tuple[str, ...]]],
    ) -> None:
        self.hexes = hexes
        self.rows = rows
        self.cols = cols
        self.rivers = rivers
        self.setups = setups
        self._grid = {(h.row, h.col): h.id for h in hexes.values()}
        self._monuments = {h.monument_of: h.id for h in hexes.values() if h.monument_of}
        # Neighbours are asked for constantly (movement, AI search), so compute them once.
        self._neighbours = {h.id: self._compute_neighbours(h.row, h.col) for h in hexes.values()}

    def _compute_neighbours(self, row: int, col: int) -> tuple[str, ...]:
        steps = _ODD_ROW_STEPS if row % 2 else _EVEN_ROW_STEPS
        cells = sorted(
            (row + dr, col + dc) for dr, dc in steps if 0 <= row + dr < self.rows and 0 <= col + dc < self.cols
        )
        return tuple(self._grid[cell] for cell in cells)

    def normalise(self, text: str) -> str | None:
        """Return the canonical id for a typed hex id, or ``None`` if there is no such hex.

        Args:
            text: A hex id in any case, e.g. ``"d7"``; surrounding spaces and leading
                zeros in the column are ignored.

        Returns:
            The upper-case id, e.g. ``"D7"``, or ``None``.
        """
        if not isinstance(text, str):
            return None
        if text in self.hexes:  # fast path: ids from the engine are already canonical
            return text
        match = _ID_PATTERN.match(text)
        if match is None:
            return None
        hex_id = f"{match.group(1).upper()}{int(match.group(2))}"
        return hex_id if hex_id in self.hexes else None

    def hex(self, hex_id: str) -> Hex:
        """Return the hex with this id (case-insensitive).

        Raises:
            KeyError: if there is no such hex; the message says what ids look like.
        """
        found = self.hexes.get(hex_id) if isinstance(hex_id, str) else None
        if found is not None:  # fast path: ids from the engine are already canonical
            return found
        canonical = self.normalise(hex_id)
        if canonical is None:
            last_row = chr(ord("A") + self.rows - 1)
            raise KeyError(
                f"no hex {hex_id!r} on the map: a hex id is a row letter A-{last_row} "
                f"followed by a column 1-{self.cols}, e.g. 'D7'"
            )
        return self.hexes[canonical]

    @property
    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Every hex id with its neighbours (`neighbours`), for searches that ask hex after
        hex with ids already canonical. Never to be changed."""
        return self._neighbours

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """Return the ids of the hexes sharing an edge with this one, of any terrain.

        Returns:
            Up to six ids in grid order (by row, then column), including sea,
            light-blue and out-of-play hexes; filter with a ``rules.layout.Layout``.
        """
        return self._neighbours[self.hex(hex_id).id]

    def shared_edge(self, a: str, b: str) -> bool:
        """Return whether hexes ``a`` and ``b`` are adjacent (share an edge); an id that is
        not on the map has no edges, so a command naming one is refused, never an error."""
        a_id, b_id = self.normalise(a), self.normalise(b)
        return a_id is not None and b_id is not None and b_id in self.neighbours(a_id)

    def is_river(self, a: str, b: str) -> bool:
        """Return whether a river runs along the edge between ``a`` and ``b``.

        Workers and armies need a bridge or a ferry to cross it (Movement, l.221).
        Hexes that are not adjacent have no edge, so this is ``False`` for them.
        """
        return frozenset((self.hex(a).id, self.hex(b).id)) in self.rivers

    def distance(self, a: str, b: str) -> int:
        """Return the number of steps between two hexes on the grid, ignoring terrain."""
        ha, hb = self.hex(a), self.hex(b)
        # Convert odd-r offset coordinates to cube coordinates, where distance is easy.
        ax = ha.col - (ha.row - (ha.row & 1)) // 2
        bx = hb.col - (hb.row - (hb.row & 1)) // 2
        dx, dz = ax - bx, ha.row - hb.row
        return max(abs(dx), abs(dz), abs(dx + dz))

    def monument_hex(self, civ: str) -> str:
        """Return the id of a civilisation's monument hex.

        Raises:
            ValueError: if ``civ`` is not one of :data:`CIVS`.
        """
        return self._monuments[check_civ(civ)]

    def __repr__(self) -> str:
        return f"Board({self.rows} rows x {self.cols} cols, {len(self.rivers)} river edges)"


def check_civ(civ: str) -> str:
    """The civilisation's name, normalised; ValueError naming the four for any other."""
    name = civ.strip().lower() if isinstance(civ, str) else civ
    if name not in CIVS:
        raise ValueError(f"unknown civilisation {civ!r}: choose from {', '.join(CIVS)}")
    return name


def _decode_world(raw: bytes) -> Board:
    """Decode and validate world.json; raise ValueError on any inconsistency."""
    try:
        world = msgspec.json.decode(raw, type=_WorldFile)
    except msgspec.DecodeError as error:
        raise ValueError(f"world.json is malformed: {error}") from error
    expected = [_hex_id(r, c) for r in range(world.rows) for c in range(world.cols)]
    ids = [rec.id for rec in world.hexes]
    if ids != expected:
        raise ValueError("world.json must list every grid cell once, in row-major order")
    hexes: dict[str, Hex] = {}
    for index, rec in enumerate(world.hexes):
        row, col = divmod(index, world.cols)
        _validate_record(rec)
        hexes[rec.id] = Hex(
            id=rec.id,
            row=row,
            col=col,
            terrain=rec.terrain,
            resource=rec.resource,
            region=rec.region,
            island=rec.island,
            monument_of=rec.monument_of,
            light_blue=rec.light_blue,
            lake=rec.lake,
            overlay=rec.overlay,
            name=rec.name,
        )
    monuments = sorted(h.monument_of for h in hexes.values() if h.monument_of)
    if monuments != sorted(CIVS):
        raise ValueError(f"world.json needs exactly one monument per civilisation, has {monuments}")
    rivers = frozenset(frozenset(edge) for edge in world.rivers)
    setups: dict[str, dict[str, tuple[str, ...]]] = {}
    for key, setup in world.setups.items():
        if key != "+".join(setup.civs):
            raise ValueError(f"set-up key {key!r} does not match its civs {setup.civs}")
        for region in (*setup.abundance, *setup.scarcity):
            if region not in ISLAND_REGIONS:
                raise ValueError(f"set-up {key!r} names unknown island region {region!r}")
        setups[key] = {"abundance": tuple(setup.abundance), "scarcity": tuple(setup.scarcity)}
    board = Board(hexes, world.rows, world.cols, rivers, setups)
    for edge in rivers:
        if len(edge) != 2 or not board.shared_edge(*edge):
            raise ValueError(f"river {sorted(edge)} is not an edge between two adjacent hexes")
        if any(board.hexes[x].resource is None or board.hexes[x].overlay for x in edge):
            raise ValueError(f"river {sorted(edge)} must run between two land hexes")
    return board


def _validate_record(rec: _HexRecord) -> None:
    """Check that one hex record is self-consistent."""
    if rec.terrain not in TERRAINS:
        raise ValueError(f"{rec.id}: unknown terrain {rec.terrain!r}")
    if rec.resource is not None and _TERRAIN_OF_RESOURCE.get(rec.resource) != rec.terrain:
        raise ValueError(f"{rec.id}: {rec.resource!r} does not come from {rec.terrain!r}")
    if rec.resource is None and rec.terrain not in ("sea", "lake", "monument"):
        raise ValueError(f"{rec.id}: a {rec.terrain} hex must produce a resource")
    if (rec.terrain == "monument") != (rec.monument_of is not None):
        raise ValueError(f"{rec.id}: monument terrain and monument_of must go together")
    if rec.lake != (rec.terrain == "lake"):
        raise ValueError(f"{rec.id}: lake flag and lake terrain must go together")
    if rec.region not in ("sea", *CONTINENTS, *ISLAND_REGIONS):
        raise ValueError(f"{rec.id}: unknown region {rec.region!r}")
    if rec.light_blue and (rec.terrain != "sea" or rec.region != "sea"):
        raise ValueError(f"{rec.id}: light-blue hexes must be sea")
    if (rec.island is not None) != is_island_region(rec.region):
        raise ValueError(f"{rec.id}: island number and island region must go together")
    if rec.overlay != (rec.region == "island7"):
        raise ValueError(f"{rec.id}: only the island-7 hex is an overlay")


@functools.cache
def load_board() -> Board:
    """Return the world map, loaded from the packaged world.json on first use.

    Returns:
        The shared :class:`Board`; the same object on every call.

    Raises:
        ValueError: if world.json is malformed (a packaging or editing error).
    """
    raw = (importlib.resources.files("monuments_tui") / "data" / "world.json").read_bytes()
    return _decode_world(raw)


def is_island_region(region: str) -> bool:
    """Return whether ``region`` names an island region (including ``"island7"``)."""
    return region in ISLAND_REGIONS
