"""The parts of the heuristic bot's rating that depend only on where the pieces stand
(and on the players' cards): land held, workers, buildings, military power, what an
attack could take, rivals' land, and the worker and land terms of `turns_to_layer`.

Rollouts rate thousands of positions a game, but most options of a step leave the
pieces where they were (producing, trading, upgrading), and the rest meet the same few
arrangements again. `board_terms` works these terms out once per arrangement and keeps
them for the whole game (`PiecesMemo`), keyed by everything they read: the pieces
themselves (every field of every unit, building, bridge and ferry), each player's layers,
bonus cards and ability and whether Movement and Populate are upgraded (the only upgrades
read: `unit_turns`, `land_turns`), the seat and the game's configuration.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set as AbstractSet
from functools import cache
from typing import NamedTuple

import msgspec

from monuments_tui.ai.geography import (
    PiecesMemo,
    adjacency,
    board_land,
    ferry_trips,
    land_graph,
    spare_reach,
    walk_steps,
)
from monuments_tui.rules.battle import attack_power, defence_fighters, defender_of
from monuments_tui.rules.piece_index import units_of_seat
from monuments_tui.rules.pieces import LayerCost, layer_cost
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import (
    CONTROLLERS_OF_LAND,
    bonus_amount,
    controlled_land,
    has_military_allowance,
    layout,
    worker_moves,
)
from monuments_tui.rules.state import GameState, board_fact

BUILDING_VALUE = {"town": 3.0, "factory": 2.0, "fort": 1.5}
"""Buildings beyond what they do for the next layer (score lines, defence, later use)."""


class LayerTerms(NamedTuple):
    """The terms of `turns_to_layer` that depend only on the pieces."""

    units: float
    """Turns to populate the workers the layer lacks (`unit_turns`)."""
    town_first: bool
    """No town yet, and workers lacking: a town's cost joins the resources wanted."""
    land: tuple[float, float | None] | None
    """Turns walking onto free land and beyond reach (`land_turns`); None if no land is short."""


class BoardTerms(NamedTuple):
    """What a seat's rating reads from the pieces (`board_terms`); never to be changed."""

    land: AbstractSet[str]
    """The land hexes the seat controls (`controlled_land`)."""
    workers: int
    buildings: tuple[float, ...]
    """`BUILDING_VALUE` of each of the seat's undamaged buildings, in the state's order."""
    military: int
    potential: float
    """`attack_potential`."""
    rivals: int
    """`rivals_land`."""
    worker_places: AbstractSet[str]
    """Where the seat's workers stand or sail: the places whose resources it controls."""
    latent_places: AbstractSet[str]
    """Hexes with no unit at all, next to a hex with the seat's worker (`latent_resources`)."""
    layer: LayerTerms | None
    """The pieces' part of `turns_to_layer` (None once all 5 layers are built)."""


_encode = msgspec.msgpack.Encoder().encode
_TERMS: PiecesMemo[BoardTerms] = PiecesMemo(
    1024
)  # a decision meets a few dozen arrangements; later decisions rarely come back to older ones


def board_terms(state: GameState, seat: int) -> BoardTerms:
    """`seat`'s `BoardTerms` in `state`, worked out once per arrangement of the pieces and cards."""
    cards = tuple(
        [(p.layers, "movement" in p.green, "populate" in p.green, tuple(p.bonuses), p.ability) for p in state.players]
    )
    key = (board_fact(state, "pieces bytes", _pieces_bytes), cards, seat, state.config)
    terms = _TERMS.get(key)
    if terms is None:
        terms = _board_terms(state, seat)
        _TERMS.keep(key, terms)
    return terms


def _pieces_bytes(state: GameState, _key: str) -> bytes:
    """Every field of every unit, building, bridge and ferry, encoded: the pieces' part of
    `board_terms`'s key, worked out once for all the states that share their pieces."""
    return _encode((state.units, state.buildings, state.bridges, state.ferries))


def forget_board_terms() -> None:
    """Drop every cached `BoardTerms` (for tests that compare with a fresh computation)."""
    _TERMS.clear()


def _board_terms(state: GameState, seat: int) -> BoardTerms:
    p = state.players[seat]
    land = controlled_land(state, seat)
    potential = attack_potential(state, seat)
    return BoardTerms(
        land=land,
        workers=sum(1 for u in state.units.values() if u.owner == seat and u.kind == "worker"),
        buildings=tuple(
            BUILDING_VALUE.get(b.kind, 0.0) for b in state.buildings.values() if b.owner == seat and not b.damaged
        ),
        military=military_power(state, seat),
        potential=potential,
        rivals=rivals_land(state, seat),
        worker_places=worker_places(state, seat),
        latent_places=latent_places(state, seat),
        layer=layer_terms(state, seat, land, potential) if p.layers < 5 else None,
    )


def layer_terms(state: GameState, seat: int, land: AbstractSet[str], potential: float | None) -> LayerTerms:
    """The pieces' part of `turns_to_layer` for `seat`'s next layer (`land`: the land it
    controls; `potential`: `attack_potential`, if known)."""
    need = layer_cost(state.players[seat].layers + 1, state.config.options.layer4_workers)
    units, town_first = unit_turns(state, seat, need)
    land_gap = max(0, need.hexes - len(land))
    return LayerTerms(units, town_first, land_turns(state, seat, land_gap, potential) if land_gap else None)


def worker_places(state: GameState, seat: int) -> set[str]:
    """Where `seat`'s workers stand, or the ferry they are aboard."""
    return {u.ferry or u.hex for u in state.units.values() if u.owner == seat and u.kind == "worker"}


def latent_places(state: GameState, seat: int) -> set[str]:
    """Hexes with no unit at all next to a hex with `seat`'s worker (neighbours are symmetric)."""
    neighbours = adjacency()
    occupied = {u.hex for u in state.units.values()}
    mine = {u.hex for u in state.units.values() if u.owner == seat and u.kind == "worker" and u.ferry is None}
    return {n for h in mine for n in neighbours[h] if n not in occupied}


def rivals_land(state: GameState, seat: int) -> int:
    """How many land hexes the other players control, together (as `controlled_land` counts)."""
    land = layout(state).land
    held = {
        (u.owner, u.hex)
        for u in state.units.values()
        if u.owner != seat and u.kind in CONTROLLERS_OF_LAND and u.ferry is None and u.hex in land
    }
    return len(held)


def unit_turns(state: GameState, seat: int, need: LayerCost) -> tuple[float, bool]:
    """Turns to populate the workers the layer lacks (a town first, and 2 workers in it);
    0 when the seat has the units already. And whether a town must be built first (its
    cost joins the resources wanted)."""
    here: dict[str, int] = {}  # our workers on each hex, afloat ones left out
    controllers = workers = 0
    for u in units_of_seat(state, seat):
        if u.kind in ("worker", "army", "air"):
            controllers += 1
        if u.kind == "worker":
            workers += 1
            if u.ferry is None:
                here[u.hex] = here.get(u.hex, 0) + 1
    # The land is checked before the sacrifice [l.292-295; docs/rules-decisions.md], so the
    # workers holding the layer's hexes may be the ones sacrificed: 3 workers make layer 1.
    # Later, a land-holder sacrificed leaves a hex the next, larger layer needs again (self-play
    # stalls without this): those layers plan their sacrifice beyond the land.
    spare = need.workers if state.players[seat].layers > 0 else 0
    unit_gap = max(0, need.hexes + spare - controllers, need.workers - workers)
    if not unit_gap:
        return 0.0, False
    towns = [b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town" and not b.damaged]
    ready = [h for h in towns if here.get(h, 0) >= 2]

    def fill(h: str) -> float:
        """Turns until `h` holds 2 of our workers: walking a second one there."""
        n = here.get(h, 0)
        if n >= 2:
            return 0.0
        d = min((walk_steps(state, h, o) for o in here if o != h), default=5)
        return (1.0 + 0.5 * (min(3, d) - 1)) * (2 if n == 0 else 1)

    setup = 0.0
    if not towns:
        # Build a town where 2 workers are, or can most easily be brought together.
        setup = 1.0 + min((fill(h) for h in here if h in board_land(state)), default=2.0)
    elif not ready:
        setup = min(fill(t) for t in towns)
    per_turn = 2 if ("populate" in state.players[seat].green and len(ready) >= 2) else 1
    return setup + unit_gap / per_turn, not towns


def land_turns(state: GameState, seat: int, land_gap: int, potential: float | None) -> tuple[float, float | None]:
    """Turns to move onto `land_gap` more hexes: walks to free land in reach, then (None
    when every hex is in reach) the sea crossings or conquests for the rest."""
    slots = (3 if "movement" in state.players[seat].green else 2) + bonus_amount(state, seat, "movement_units")
    step = worker_moves(state, seat)
    reach, free = spare_reach(state, seat)
    walks = sorted(free.values())[:land_gap]
    # Each hex is one unit's move of `step` hexes; the walks give the bot a way to
    # rate a step toward free land that is still out of reach this turn.
    walking = (sum(-(-d // step) for d in walks) + land_gap - len(walks)) / slots
    if len(walks) >= land_gap:
        return walking, None
    # Land beyond reach on foot: units already afloat sail on; every other hex costs
    # a fresh ferry trip, or an attack on a rival's land.
    overseas = land_gap - len(walks)
    afloat, fresh = ferry_trips(state, seat, reach, set(free))
    fresh = min(fresh, conquest_turns(state, seat, potential))
    trips = sorted(afloat)[:overseas]
    return walking, overseas * 0.5 + sum(trips) + (overseas - len(trips)) * fresh


def conquest_turns(state: GameState, seat: int, potential: float | None = None) -> float:
    """Turns until we can take a rival's land hex by attack: the military allowance first, then
    a unit that can attack, then standing next to a rival's land hex held weakly enough."""
    if not has_military_allowance(state, seat):
        return 5.0
    if potential is None:
        potential = attack_potential(state, seat)
    odds = potential / 3.0  # the best odds of winning an attack now
    if odds > 0:
        return 2.0 - odds
    fighters = any(u.owner == seat and (u.kind in ("army", "air") or u.weapon) for u in state.units.values())
    return 2.5 if fighters else 3.5


def attack_potential(state: GameState, seat: int) -> float:
    """Rivals' land next to our armies, air forces and armed workers: what an attack could take,
    by the odds of winning it (B28, B29). Only fighters whose hex stays held count."""
    ours = [u for u in state.units.values() if u.owner == seat and u.kind in ("worker", "army", "air")]
    armed = [u for u in ours if u.kind in ("army", "air") or u.weapon]
    if not armed:
        return 0.0
    held = Counter(u.hex for u in ours if u.ferry is None)
    # A fighter that alone holds its hex gains no land by moving in: it only trades one for another.
    fighters = [u for u in armed if u.ferry or held[u.hex] > 1]
    if not fighters:
        return 0.0
    neighbours = adjacency()
    graph, _, monuments = land_graph(tuple(state.config.civs), state.config.mode)
    power: Counter[str] = Counter()
    for u in fighters:
        for n in neighbours[u.hex]:
            if n in graph and n not in monuments:
                power[n] += attack_power(state, seat, u, n)[0]
    value = 0.0
    for target, pw in power.items():
        if pw <= 0:
            continue
        defender, _ = defender_of(state, seat, target)
        if defender is None:
            continue
        defence = sum(f.power for f in defence_fighters(state, defender, target))
        value = max(value, 3.0 * win_chance(pw, defence))
    return value


@cache
def win_chance(attack: int, defence: int) -> float:
    """Chance that `attack` special dice roll at least 1 pip and more than `defence` dice (B28, B29)."""
    faces = (0, 0, 0, 1, 1, 2)

    def dist(n: int) -> dict[int, float]:
        d = {0: 1.0}
        for _ in range(min(n, 10)):
            nd: dict[int, float] = {}
            for s, pr in d.items():
                for f in faces:
                    nd[s + f] = nd.get(s + f, 0.0) + pr / 6
            d = nd
        return d

    a, b = dist(attack), dist(defence)
    return sum(pa * pb for sa, pa in a.items() for sb, pb in b.items() if sa >= 1 and sa > sb)
