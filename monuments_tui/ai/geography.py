"""Where the heuristic bot's workers can get to: walking distances over land (rivers,
bridges, monuments and rivals' pieces respected), the free land its spare workers would
fill, and the turns a ferry trip to land beyond reach on foot would take.

These are estimates for rating positions, not rules: the rules core decides what is
legal. Everything that depends only on the map and the set-up is cached; what depends on
where the pieces stand is worked out once per arrangement of them, with the rest of the
rating's board terms (`board_terms`, `PiecesMemo`).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache, lru_cache
from typing import TypeVar

from monuments_tui.rules.board import load_board
from monuments_tui.rules.layout import layout_for
from monuments_tui.rules.piece_index import units_by_hex
from monuments_tui.rules.queries import layout, monument_hex, worker_moves
from monuments_tui.rules.state import GameState

V = TypeVar("V")


@cache
def distance(a: str, b: str) -> int:
    """Hexes between `a` and `b` on the grid, whatever lies between (cached)."""
    return load_board().distance(a, b)


def adjacency() -> dict[str, tuple[str, ...]]:
    """Every hex of the map with its neighbours (`Board.adjacency`)."""
    return load_board().adjacency


@cache
def hex_resources() -> dict[str, str | None]:
    """Every hex of the map with the resource it produces (None for none)."""
    board = load_board()
    return {h: board.hex(h).resource for h in board.hexes}


@cache
def land_graph(
    civs: tuple[str, ...], mode: str
) -> tuple[dict[str, tuple[str, ...]], frozenset[frozenset[str]], frozenset[str]]:
    """Land (and monument) hexes in play with their land neighbours, and the river edges."""
    board = load_board()
    lay = layout_for(civs, mode)
    walk = lay.land | lay.monuments
    graph = {h: tuple(n for n in board.neighbours(h) if n in walk) for h in walk}
    rivers = frozenset(e for e in board.rivers if all(h in walk for h in e))
    return graph, rivers, lay.monuments


class PiecesMemo(dict[tuple[object, ...], V]):
    """Results cached by where the pieces stand (and whatever else they depend on), forgotten
    all at once when there are too many: a game only comes back to a few arrangements of its pieces."""

    def __init__(self, size: int = 4096) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: tuple[object, ...], value: V) -> None:
        """Remember `value` under `key`."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value


def board_land(state: GameState) -> frozenset[str]:
    """The producing land hexes in play in this game's set-up."""
    return layout(state).land


WALK_LIMIT = 6
UNREACHED = 99.0
"""Turns to a target that cannot be reached at all (more than any estimate is worth)."""
"""How far (in steps) the bot looks for free land its workers can walk to."""


def walk_steps(state: GameState, a: str, b: str, limit: int = 4) -> int:
    """Steps a worker walks from `a` to `b` over land, crossing rivers only by bridges
    (pieces in the way are ignored); `limit` + 1 if farther (`limit` at most `WALK_LIMIT`)."""
    if a == b:
        return 0
    civs, mode = tuple(state.config.civs), state.config.mode
    graph, _, _ = land_graph(civs, mode)
    if a not in graph or b not in graph:
        return limit + 1
    bridges = frozenset(frozenset((x.a, x.b)) for x in state.bridges.values())
    steps = walk_distances(a, civs, mode, frozenset(), bridges).get(b, WALK_LIMIT + 1)
    return steps if steps <= limit else limit + 1


def spare_reach(state: GameState, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """Where our spare workers can walk: the fewest steps from any of them to each land hex,
    and the free land hexes (no unit, no rival's piece) they would fill, each with the
    steps of the worker sent there (one hex per worker, nearest pairs first).

    A spare worker is one its hex does not need to stay held: all of them on the monument
    hex (which is not land), all but 1 elsewhere. Monuments and rivers are respected;
    rivals' hexes block the way."""
    graph, _, monuments = land_graph(tuple(state.config.civs), state.config.mode)
    home = monument_hex(state, seat)
    blocked = set(monuments - {home})
    held: set[str] = set()
    here: dict[str, int] = {}
    for u in state.units.values():
        if u.owner != seat:
            blocked.add(u.hex)
        elif u.ferry is None:
            held.add(u.hex)
            if u.kind == "worker":
                here[u.hex] = here.get(u.hex, 0) + 1
    for b in state.buildings.values():
        if b.owner != seat:
            blocked.add(b.hex)
    spares = {h: n - (0 if h == home else 1) for h, n in here.items() if h in graph}
    spares = {h: n for h, n in spares.items() if n > 0}
    bridges = frozenset(frozenset((b.a, b.b)) for b in state.bridges.values())
    key = (tuple(state.config.civs), state.config.mode, frozenset(blocked), bridges)
    reach: dict[str, int] = {}
    pairs = []
    for src in spares:
        for h, d in walk_distances(src, *key).items():
            if d < reach.get(h, WALK_LIMIT + 1):
                reach[h] = d
            if d and h not in held and h not in monuments:
                pairs.append((d, h, src))
    free: dict[str, int] = {}
    for d, h, src in sorted(pairs):
        if h not in free and spares[src] > 0:
            free[h] = d
            spares[src] -= 1
    return reach, free


@lru_cache(maxsize=8192)
def walk_distances(
    src: str, civs: tuple[str, ...], mode: str, blocked: frozenset[str], bridges: frozenset[frozenset[str]]
) -> dict[str, int]:
    """Steps from `src` to each land hex within `WALK_LIMIT`, around `blocked` hexes, crossing
    rivers only by `bridges` (cached: within one decision only our own pieces move)."""
    graph, rivers, _ = land_graph(civs, mode)
    out = {src: 0}
    frontier = [src]
    for depth in range(1, WALK_LIMIT + 1):
        nxt = []
        for h in frontier:
            for n in graph[h]:
                if n in out or n in blocked:
                    continue
                edge = frozenset((h, n))
                if edge in rivers and edge not in bridges:
                    continue
                out[n] = depth
                nxt.append(n)
        frontier = nxt
    return out


def far_land(state: GameState, seat: int) -> list[str]:
    """Land hexes in play that no unit holds and no rival has a piece on (where ferries may
    carry our workers)."""
    graph, _, monuments = land_graph(tuple(state.config.civs), state.config.mode)
    taken = {u.hex for u in state.units.values()} | {b.hex for b in state.buildings.values() if b.owner != seat}
    return [h for h in graph if h not in taken and h not in monuments]


def ferry_trips(state: GameState, seat: int, reach: dict[str, int], on_foot: set[str]) -> tuple[list[float], float]:
    """Turns until our units land, by ferry, on free land beyond reach on foot (`on_foot`):
    one trip for each of our units afloat, sailing on, and the cheapest fresh trip for a
    spare worker (`reach`: its steps to each land hex).

    A movement slot is about half a turn; a ferry sails 2 water hexes a slot with
    passengers, 1 empty. A fresh trip: the spare worker walks to a coast hex, a ferry is
    there (docked already, sailed there empty, or built for a turn), the worker boards and
    sails on. Ferries on lakes go nowhere; ferries other players hold cannot be used. A
    ferry lands only on the coast, so only free land on the sea's coast is a target, and the
    way there is over the sea."""
    civs, mode = tuple(state.config.civs), state.config.mode
    sea, coastal = waters(civs, mode)
    targets = frozenset(h for h in far_land(state, seat) if h not in on_foot and h in coastal)
    if not targets:
        return [], 4.0  # no free land on any coast: only conquest is left
    to_land = sailing_turns(civs, mode, targets)
    launch = launch_turns(civs, mode, targets)
    step = worker_moves(state, seat)
    coast = {h: 0.5 * -(-d // step) for h, d in reach.items() if h in coastal}
    by_hex = units_by_hex(state)  # ferry passengers stand in the ferry's water hex

    afloat: list[float] = []
    # Coast hex -> turns until a ferry leaves it with our worker aboard, boarding excluded:
    # building one there takes a turn.
    trip = {h: 1.0 + launch[h] for h in coast}
    stranded = 6.0  # turns for a passenger whose sea reaches no target: land and walk back
    for fid, f in state.ferries.items():
        if f.water not in sea:
            continue  # a lake: it goes nowhere
        on_water = by_hex.get(f.water, ())
        aboard = [u.owner for u in on_water if u.ferry == fid]
        if seat in aboard:
            afloat += [to_land.get(f.water, stranded)] * aboard.count(seat)
            continue
        # A ferry is held by whoever is on its water or on the land it is docked at [l.254].
        controllers = {u.owner for u in on_water} | ({u.owner for u in by_hex.get(f.land, ())} if f.land else set())
        if aboard or (controllers and seat not in controllers):
            continue
        if f.land in coast:
            trip[f.land] = min(trip[f.land], to_land.get(f.water, stranded))
        for h in coast:
            trip[h] = min(trip[h], 0.5 * max(1, distance(f.water, h)) + launch[h])
    best = 6.0
    for h, walk in coast.items():
        best = min(best, walk + 0.5 + trip[h])
    return afloat, best


@cache
def waters(civs: tuple[str, ...], mode: str) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """The sea hexes in play (water that is not a lake), and the land hexes on their coast
    with their sea neighbours."""
    board = load_board()
    lay = layout_for(civs, mode)
    sea = frozenset(w for w in lay.water if not board.hex(w).lake)
    graph, _, _ = land_graph(civs, mode)
    coastal = {h: tuple(w for w in board.neighbours(h) if w in sea) for h in graph}
    return sea, {h: ws for h, ws in coastal.items() if ws}


@lru_cache(maxsize=1024)
def sailing_turns(civs: tuple[str, ...], mode: str, targets: frozenset[str]) -> dict[str, float]:
    """Turns a ferry with passengers takes from each sea hex to land them on the nearest of
    `targets`: 2 movement points a slot, a slot being half a turn, one point a sea hex and one
    to land [Movement, l.221; Ferry, l.254]. Sea hexes from which no target can be reached
    over the sea are left out."""
    return {w: 0.5 * ((d + 1) // 2) for w, d in landing_points(civs, mode, targets).items()}


@lru_cache(maxsize=1024)
def landing_points(civs: tuple[str, ...], mode: str, targets: frozenset[str]) -> dict[str, int]:
    """Movement points a ferry needs from each sea hex to land on the nearest of `targets`
    (coast hexes): 1 from a sea hex next to one, and 1 more for each sea hex sailed on the way
    (a breadth-first search over the sea, from all of them at once)."""
    sea, coastal = waters(civs, mode)
    return _breadth_first({w for t in targets for w in coastal.get(t, ())}, 1, sea)


@lru_cache(maxsize=1024)
def launch_turns(civs: tuple[str, ...], mode: str, targets: frozenset[str]) -> dict[str, float]:
    """For each coast hex: the sailing turns to `targets` of a ferry pushed off it, from its
    best sea neighbour."""
    to_land = sailing_turns(civs, mode, targets)
    _, coastal = waters(civs, mode)
    return {h: min(to_land.get(w, UNREACHED) for w in ws) for h, ws in coastal.items()}


@lru_cache(maxsize=1024)
def nearest_target(targets: frozenset[str]) -> dict[str, int]:
    """Hex distance from every hex of the map to the nearest of `targets` (a breadth-first
    search from all of them at once: the map is a full grid, so steps are hex distance)."""
    return _breadth_first(targets, 0)


def _breadth_first(start: AbstractSet[str], first: int, through: AbstractSet[str] | None = None) -> dict[str, int]:
    """Steps to every hex from the nearest of `start` (each `first`), going only through
    hexes of `through` (every hex, if None)."""
    neighbours = adjacency()
    frontier = sorted(start)
    out = dict.fromkeys(frontier, first)
    depth = first
    while frontier:
        depth += 1
        nxt = []
        for h in frontier:
            for n in neighbours[h]:
                if n not in out and (through is None or n in through):
                    out[n] = depth
                    nxt.append(n)
        frontier = nxt
    return out
