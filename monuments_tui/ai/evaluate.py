"""How good a position is for a seat, as the heuristic bot sees it (`evaluate`).

The main term is the estimated number of turns until the seat's next monument layer can
be built (`turns_to_layer`); the rest is what the score card counts and what helps
later: land, resources, workers, buildings, upgraded cards, bonuses, quests, military
power and the land an attack could take. Random outcomes are rated by their odds
(`win_chance`), never by the dice the rules would roll.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache

from monuments_tui.ai.geography import (
    PiecesMemo,
    board_land,
    ferry_trips,
    land_graph,
    pieces_key,
    spare_reach,
    walk_steps,
)
from monuments_tui.rules.actions.production import production_on
from monuments_tui.rules.battle import attack_power, defence_fighters, defender_of
from monuments_tui.rules.board import load_board
from monuments_tui.rules.card_types import Resource
from monuments_tui.rules.content import load_content
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
from monuments_tui.rules.quests import check_quest
from monuments_tui.rules.state import GameState

BONUS_VALUE = {
    "military_allowance": 3.0,
    "worker_move": 4.0,
    "worker_carry": 1.5,
    "movement_units": 4.0,
    "production_hexes": 5.0,
    "building_discount": 1.5,
    "upgrade_discount": 1.5,
    "trade_rate": 3.0,
    "populate_one": 3.0,
    "monument_discount": 5.0,
    "quest_draw": 0.5,
    "fort_power": 0.5,
    "vp": 3.0,
}
"""What each common bonus effect is worth to the bot, in evaluation points (vp cards: per VP)."""
UPGRADE_VALUE = {
    "production": 6.0,
    "populate": 5.0,
    "movement": 4.0,
    "monument": 4.0,
    "trade": 3.0,
    "upgrade": 2.5,
    "build": 2.0,
    "quest": 1.5,
    "train": 1.5,
    "attack": 1.5,
}
"""What an upgraded card is worth: its VP plus how much better the green side plays."""
TOWN_COST = {"sheep": 1, "food": 2}
"""A town's cost [Buildings, l.248]."""
LAYER = 400.0
"""A built layer, in evaluation points: more than all the turns the next layer can take (`TURN` each), so a layer that can be built always is."""
TURN = 10.0
"""A turn saved toward the next layer, in evaluation points."""
BUILDING_VALUE = {"town": 3.0, "factory": 2.0, "fort": 1.5}
"""Buildings beyond what they do for the next layer (score lines, defence, later use)."""


@cache
def bonus_points(card: str) -> float:
    """What holding common bonus `card` is worth to the bot (`BONUS_VALUE`)."""
    c = load_content().common_by_id[card]
    return BONUS_VALUE.get(c.effect, 0.0) * (c.vp if c.effect == "vp" else c.amount)


@cache
def quest_card(q: str):
    """The quest card with id `q`."""
    return load_content().quest_by_id[q]


def evaluate(state: GameState, seat: int) -> float:
    """How good `state` is for `seat`: higher is better. Fast (no lookahead).

    The main term is the estimated number of turns until the next monument layer can be
    built (`turns_to_layer`); the rest is what the score card counts and what helps later.
    """
    p = state.players[seat]
    layers = p.layers
    land = controlled_land(state, seat)
    totals = resource_counts(state, seat)
    workers = sum(1 for u in state.units.values() if u.owner == seat and u.kind == "worker")
    potential = attack_potential(state, seat)
    value = LAYER * layers
    if layers < 5:
        value -= TURN * turns_to_layer(state, seat, land, totals, potential)
    value += 2.0 * len(land) + 0.4 * sum(totals.values()) + 1.0 * workers
    for b in state.buildings.values():
        if b.owner == seat and not b.damaged:
            value += BUILDING_VALUE.get(b.kind, 0.0)
    value += sum(UPGRADE_VALUE.get(c, 2.5) for c in p.green)
    value += sum(bonus_points(c) for c in p.bonuses)
    value += 0.6 * military_power(state, seat)
    value += potential
    for q in p.completed:
        value += 3.0 * quest_card(q).vp
    for q in p.quests:
        quest = quest_card(q)
        # A kept quest whose tasks hold now is nearly its VP; an unmet one risks its penalty.
        if not check_quest(state, seat, q):
            value += 2.5 * quest.vp
        else:
            value += 1.0 * quest.penalty + 0.3 * quest.vp
    # Rivals' land counts against us (what an attack takes away).
    value -= 1.0 * rivals_land(state, seat)
    return value


def evaluation_terms(state: GameState, seat: int) -> dict[str, float]:
    """`evaluate` split into its named terms (they add up to it), for the coach to say why a move
    is good. Kept beside `evaluate`, which stays a plain sum for speed; a test checks they agree."""
    p = state.players[seat]
    land = controlled_land(state, seat)
    totals = resource_counts(state, seat)
    potential = attack_potential(state, seat)
    terms = {
        "layers": LAYER * p.layers,
        "next layer": -TURN * turns_to_layer(state, seat, land, totals, potential) if p.layers < 5 else 0.0,
        "land": 2.0 * len(land),
        "resources": 0.4 * sum(totals.values()),
        "workers": 1.0 * sum(1 for u in state.units.values() if u.owner == seat and u.kind == "worker"),
        "buildings": sum(
            BUILDING_VALUE.get(b.kind, 0.0) for b in state.buildings.values() if b.owner == seat and not b.damaged
        ),
        "upgrades": sum(UPGRADE_VALUE.get(c, 2.5) for c in p.green),
        "bonuses": sum(bonus_points(c) for c in p.bonuses),
        "military": 0.6 * military_power(state, seat),
        "attack": potential,
        "quests done": sum(3.0 * quest_card(q).vp for q in p.completed),
        "quests": 0.0,
        "rivals' land": -1.0 * rivals_land(state, seat),
    }
    for q in p.quests:
        quest = quest_card(q)
        terms["quests"] += 2.5 * quest.vp if not check_quest(state, seat, q) else 1.0 * quest.penalty + 0.3 * quest.vp
    return terms


def resource_counts(state: GameState, seat: int) -> Counter:
    """The resources `seat` controls, by type (as `resource_totals`, without its ordering)."""
    places = {u.ferry or u.hex for u in state.units.values() if u.owner == seat and u.kind == "worker"}
    totals: Counter = Counter()
    for place in places:
        on = state.resources.get(place)
        if on:
            totals.update(on)
    return totals


def rivals_land(state: GameState, seat: int) -> int:
    """How many land hexes the other players control, together (as `controlled_land` counts)."""
    land = layout(state).land
    held = {
        (u.owner, u.hex)
        for u in state.units.values()
        if u.owner != seat and u.kind in CONTROLLERS_OF_LAND and u.ferry is None and u.hex in land
    }
    return len(held)


def turns_to_layer(
    state: GameState, seat: int, land: set[str], totals: Counter, potential: float | None = None
) -> float:
    """Estimated turns until `seat` can build its next layer: new workers (a town first,
    filled with 2 workers), moves onto free land (a bridge or ferry first when none is in
    reach), resources (produced or traded), and the Monument card itself. `potential` is
    `attack_potential`, when the caller has it already."""
    need = layer_cost(state.players[seat].layers + 1, state.config.options.layer4_workers)
    wanted = _wanted_resources(state, seat, need.cost, totals)
    turns = 1.0  # playing the Monument card
    turns += _unit_turns(state, seat, need, wanted)
    land_gap = max(0, need.hexes - len(land))
    if land_gap:
        walking, overseas = _land_turns(state, seat, land_gap, potential)
        turns += walking
        if overseas is not None:
            turns += overseas
    turns += _resource_turns(state, seat, land, totals, wanted)
    return turns


def _wanted_resources(state: GameState, seat: int, cost: Mapping[Resource, int], totals: Counter) -> Counter:
    """The layer's resources less the Monument discount, taken off where we are shortest."""
    wanted = Counter({r: n for r, n in cost.items() if n > 0})
    discount = (1 if "monument" in state.players[seat].green else 0) + bonus_amount(state, seat, "monument_discount")
    for _ in range(discount):
        if sum(wanted.values()) > 1:
            wanted[max(wanted, key=lambda r: (wanted[r] - totals[r], r))] -= 1
    return wanted


def _unit_turns(state: GameState, seat: int, need: LayerCost, wanted: Counter) -> float:
    """Turns to populate the workers the layer lacks (a town first, whose cost joins
    `wanted`, and 2 workers in it); 0 when the seat has the units already."""
    here: Counter = Counter()
    controllers = workers = 0
    for u in state.units.values():
        if u.owner != seat:
            continue
        if u.kind in ("worker", "army", "air"):
            controllers += 1
        if u.kind == "worker":
            workers += 1
            if u.ferry is None:
                here[u.hex] += 1
    unit_gap = max(0, need.hexes + need.workers - controllers, need.workers - workers)
    if not unit_gap:
        return 0.0
    towns = [b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town" and not b.damaged]
    ready = [h for h in towns if here[h] >= 2]

    def fill(h: str) -> float:
        """Turns until `h` holds 2 of our workers: walking a second one there."""
        if here[h] >= 2:
            return 0.0
        d = min((walk_steps(state, h, o) for o in here if o != h), default=5)
        return (1.0 + 0.5 * (min(3, d) - 1)) * (2 if here[h] == 0 else 1)

    setup = 0.0
    if not towns:
        # Build a town where 2 workers are, or can most easily be brought together.
        setup = 1.0 + min((fill(h) for h in here if h in board_land(state)), default=2.0)
        wanted.update(TOWN_COST)
    elif not ready:
        setup = min(fill(t) for t in towns)
    per_turn = 2 if ("populate" in state.players[seat].green and len(ready) >= 2) else 1
    return setup + unit_gap / per_turn


def _land_turns(state: GameState, seat: int, land_gap: int, potential: float | None) -> tuple[float, float | None]:
    """Turns to move onto `land_gap` more hexes: walks to free land in reach, then (None
    when every hex is in reach) the sea crossings or conquests for the rest."""
    slots = (3 if "movement" in state.players[seat].green else 2) + bonus_amount(state, seat, "movement_units")
    step = worker_moves(state, seat)
    routes = _routes(state, seat, step)
    walks = routes.walks[:land_gap]
    # Each hex is one unit's move of `step` hexes; the walks give the bot a way to
    # rate a step toward free land that is still out of reach this turn.
    walking = (sum(-(-d // step) for d in walks) + land_gap - len(walks)) / slots
    if len(walks) >= land_gap:
        return walking, None
    # Land beyond reach on foot: units already afloat sail on; every other hex costs
    # a fresh ferry trip, or an attack on a rival's land.
    overseas = land_gap - len(walks)
    afloat, fresh = routes.ferry_trips(state)
    fresh = min(fresh, conquest_turns(state, seat, potential))
    trips = afloat[:overseas]
    return walking, overseas * 0.5 + sum(trips) + (overseas - len(trips)) * fresh


class _Routes:
    """Where a seat's spare workers can walk to (`spare_reach`), and (when first asked) its ferry
    trips beyond (`ferry_trips`): both depend only on where the pieces stand."""

    def __init__(self, state: GameState, seat: int, step: int) -> None:
        self.seat, self.step = seat, step
        self.reach, self.free = spare_reach(state, seat)
        self.walks = sorted(self.free.values())
        self._trips: tuple[list[float], float] | None = None

    def ferry_trips(self, state: GameState) -> tuple[list[float], float]:
        """Turns of each trip afloat (shortest first), and of the cheapest fresh trip."""
        if self._trips is None:
            afloat, fresh = ferry_trips(state, self.seat, self.reach, set(self.free))
            self._trips = sorted(afloat), fresh
        return self._trips


_ROUTES = PiecesMemo()


def _routes(state: GameState, seat: int, step: int) -> _Routes:
    """`seat`'s routes in `state` (the worker's `step` counts for the coast), cached by where the pieces stand."""
    key = (pieces_key(state), seat, step)
    routes = _ROUTES.get(key)
    if routes is None:
        routes = _Routes(state, seat, step)
        _ROUTES.keep(key, routes)
    return routes


def _resource_turns(state: GameState, seat: int, land: set[str], totals: Counter, wanted: Counter) -> float:
    """Turns to gather the resources still short (latent ones count half): produced
    where our land yields them, traded otherwise."""
    latent = latent_resources(state, seat)
    short = {r: max(0.0, n - totals[r] - 0.5 * latent[r]) for r, n in wanted.items()}
    if not any(v > 0 for v in short.values()):
        return 0.0
    green = state.players[seat].green
    board = load_board()
    best: dict[str, int] = {}
    for h in land:
        r = board.hex(h).resource
        if r is not None and short.get(r, 0) > 0:  # a hex without a resource gives nothing to trade
            best[r] = max(best.get(r, 0), production_on(state, seat, h)[0])
    rate = 1 if ("trade" in green or bonus_amount(state, seat, "trade_rate")) else 2
    surplus = sum(max(0, n - wanted.get(r, 0)) for r, n in totals.items())
    cost = 0.0
    for r, n in short.items():
        if n <= 0:
            continue
        if best.get(r, 0) > 0:
            cost += n / best[r]
        else:
            trade = 0.5 if surplus >= rate * n else 1.0
            cost += n * trade
    parallel = 1.5 if "production" not in green else 2.0
    return cost / parallel


def latent_resources(state: GameState, seat: int) -> Counter:
    """Resources on hexes with no unit at all, next to a hex with our worker."""
    board = load_board()
    occupied = {u.hex for u in state.units.values()}
    mine = {u.hex for u in state.units.values() if u.owner == seat and u.kind == "worker" and u.ferry is None}
    out: Counter = Counter()
    for h, on in state.resources.items():
        if h in occupied or h not in board.hexes:
            continue
        if any(n in mine for n in board.neighbours(h)):
            out.update(on)
    return out


def wanted_resources(state: GameState, seat: int) -> Counter:
    """Resources wanted now: the next layer's cost, and a town's if there is none yet."""
    p = state.players[seat]
    wanted: Counter = Counter()
    if p.layers < 5:
        wanted.update(
            {r: n for r, n in layer_cost(p.layers + 1, state.config.options.layer4_workers).cost.items() if n > 0}
        )
    if not any(b.owner == seat and b.kind == "town" and not b.damaged for b in state.buildings.values()):
        wanted.update(TOWN_COST)
    return wanted


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
    held = Counter(u.hex for u in ours if u.ferry is None)
    # A fighter that alone holds its hex gains no land by moving in: it only trades one for another.
    fighters = [u for u in ours if (u.kind in ("army", "air") or u.weapon) and (u.ferry or held[u.hex] > 1)]
    if not fighters:
        return 0.0
    board = load_board()
    graph, _, monuments = land_graph(tuple(state.config.civs), state.config.mode)
    power: Counter = Counter()
    for u in fighters:
        for n in board.neighbours(u.hex):
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
