"""The heuristic bot: plays toward monument layers, land, production, quests, and fights when it pays.

It plays only legal commands (those `legal_commands` lists) through the public rules API,
like a person at the keyboard. Each decision looks one step ahead: every legal command is
applied (`decide` + `fold`) and the resulting position rated by `evaluate`, a fast sum of
what the game rewards: built layers, progress toward the next layer (land hexes,
resources of the types it needs, workers to sacrifice), land, resources, workers,
towns that can grow, upgraded cards, quests, military power, bonus cards.

Choosing which card to play looks a little further: each playable card is played and its
action finished greedily step by step, and the card whose action ends in the best
position is played. Random outcomes are not peeked at: an attack is rated by its
expected result from the two sides' power (never by the dice `decide` would roll), and
Draw quest cards by what quests are worth on average.

Bots draw their own tie-breaks from a private `random.Random`, never from the game's
generator.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache

from monuments_tui.ai.bots import BOTS
from monuments_tui.rules import commands as cmd
from monuments_tui.rules import pending as pd
from monuments_tui.rules.content import load_content
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import apply_in_place
from monuments_tui.rules.legal import candidate_commands, legal_commands
from monuments_tui.rules.pieces import layer_cost
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import controlled_land
from monuments_tui.rules.quests import check_quest
from monuments_tui.rules.state import GameState, copy_state

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
MAX_ROLLOUT = 8
"""Steps of an action the card-choice rollout plays greedily."""


@cache
def _bonus_points(card: str) -> float:
    c = load_content().common_by_id[card]
    return BONUS_VALUE.get(c.effect, 0.0) * (c.vp if c.effect == "vp" else c.amount)


@cache
def _quest(q: str):
    return load_content().quest_by_id[q]


def evaluate(state: GameState, seat: int) -> float:
    """How good `state` is for `seat`: higher is better. Fast (no lookahead).

    The main term is the estimated number of turns until the next monument layer can be
    built (`turns_to_layer`); the rest is what the score card counts and what helps later.
    """
    p = state.players[seat]
    layers = p.layers
    land = controlled_land(state, seat)
    totals = _totals(state, seat)
    workers = sum(1 for u in state.units.values() if u.owner == seat and u.kind == "worker")
    potential = _attack_potential(state, seat)
    value = LAYER * layers
    if layers < 5:
        value -= TURN * turns_to_layer(state, seat, land, totals, potential)
    value += 2.0 * len(land) + 0.4 * sum(totals.values()) + 1.0 * workers
    for b in state.buildings.values():
        if b.owner == seat and not b.damaged:
            value += BUILDING_VALUE.get(b.kind, 0.0)
    value += sum(UPGRADE_VALUE.get(c, 2.5) for c in p.green)
    value += sum(_bonus_points(c) for c in p.bonuses)
    value += 0.6 * military_power(state, seat)
    value += potential
    for q in p.completed:
        value += 3.0 * _quest(q).vp
    for q in p.quests:
        quest = _quest(q)
        if not check_quest(state, seat, q):
            value += 2.5 * quest.vp
        else:
            value += 1.0 * quest.penalty + 0.3 * quest.vp
    # Rivals' land counts against us (what an attack takes away).
    value -= 1.0 * _rivals_land(state, seat)
    return value


def _totals(state: GameState, seat: int) -> Counter:
    """The resources `seat` controls, by type (as `resource_totals`, without its ordering)."""
    places = {u.ferry or u.hex for u in state.units.values() if u.owner == seat and u.kind == "worker"}
    totals: Counter = Counter()
    for place in places:
        on = state.resources.get(place)
        if on:
            totals.update(on)
    return totals


def _rivals_land(state: GameState, seat: int) -> int:
    """How many land hexes the other players control, together (as `controlled_land` counts)."""
    from monuments_tui.rules.queries import CONTROLLERS_OF_LAND, layout

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
    `_attack_potential`, when the caller has it already."""
    from monuments_tui.rules.actions.production import production_on
    from monuments_tui.rules.board import load_board
    from monuments_tui.rules.queries import bonus_amount, worker_moves

    p = state.players[seat]
    need = layer_cost(p.layers + 1, state.config.options.layer4_workers)
    board = load_board()
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
    towns = [b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town" and not b.damaged]
    ready = [h for h in towns if here[h] >= 2]
    land_gap = max(0, need.hexes - len(land))
    unit_gap = max(0, need.hexes + need.workers - controllers, need.workers - workers)
    wanted = Counter({r: n for r, n in need.cost.items() if n > 0})
    discount = (1 if "monument" in p.green else 0) + bonus_amount(state, seat, "monument_discount")
    for _ in range(discount):
        if sum(wanted.values()) > 1:
            wanted[max(wanted, key=lambda r: (wanted[r] - totals[r], r))] -= 1
    turns = 1.0  # playing the Monument card
    if unit_gap:
        setup = 0.0

        def fill(h: str) -> float:
            """Turns until `h` holds 2 of our workers: walking a second one there."""
            if here[h] >= 2:
                return 0.0
            d = min((_walk(state, h, o) for o in here if o != h), default=5)
            return (1.0 + 0.5 * (min(3, d) - 1)) * (2 if here[h] == 0 else 1)

        if not towns:
            # Build a town where 2 workers are, or can most easily be brought together.
            setup = 1.0 + min((fill(h) for h in here if h in board_land(state)), default=2.0)
            wanted.update(TOWN_COST)
        elif not ready:
            setup = min(fill(t) for t in towns)
        per_turn = 2 if ("populate" in p.green and len(ready) >= 2) else 1
        turns += setup + unit_gap / per_turn
    if land_gap:
        slots = (3 if "movement" in p.green else 2) + bonus_amount(state, seat, "movement_units")
        step = worker_moves(state, seat)
        reach, free = _spare_reach(state, seat)
        walks = sorted(free.values())[:land_gap]
        # Each hex is one unit's move of `step` hexes; the walks give the bot a way to
        # rate a step toward free land that is still out of reach this turn.
        turns += (sum(-(-d // step) for d in walks) + land_gap - len(walks)) / slots
        if len(walks) < land_gap:
            # Land beyond reach on foot: units already afloat sail on; every other hex costs
            # a fresh ferry trip, or an attack on a rival's land.
            overseas = land_gap - len(walks)
            afloat, fresh = _ferry_trips(state, seat, reach, set(free))
            fresh = min(fresh, _conquest(state, seat, potential))
            trips = sorted(afloat)[:overseas]
            turns += overseas * 0.5 + sum(trips) + (overseas - len(trips)) * fresh
    latent = _latent_resources(state, seat)
    short = {r: max(0.0, n - totals[r] - 0.5 * latent[r]) for r, n in wanted.items()}
    if any(v > 0 for v in short.values()):
        best: dict[str, int] = {}
        for h in land:
            r = board.hex(h).resource
            if short.get(r, 0) > 0:
                best[r] = max(best.get(r, 0), production_on(state, seat, h)[0])
        rate = 1 if ("trade" in p.green or bonus_amount(state, seat, "trade_rate")) else 2
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
        parallel = 1.5 if "production" not in p.green else 2.0
        turns += cost / parallel
    return turns


@cache
def _distance(a: str, b: str) -> int:
    from monuments_tui.rules.board import load_board

    return load_board().distance(a, b)


def _latent_resources(state: GameState, seat: int) -> Counter:
    """Resources on hexes with no unit at all, next to a hex with our worker."""
    from monuments_tui.rules.board import load_board

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


@cache
def _land_graph(civs: tuple[str, ...], mode: str) -> tuple[dict[str, tuple[str, ...]], frozenset, frozenset]:
    """Land (and monument) hexes in play with their land neighbours, and the river edges."""
    from monuments_tui.rules.board import layout_for, load_board

    board = load_board()
    lay = layout_for(civs, mode)
    walk = lay.land | lay.monuments
    graph = {h: tuple(n for n in board.neighbours(h) if n in walk) for h in walk}
    rivers = frozenset(e for e in board.rivers if all(h in walk for h in e))
    return graph, rivers, lay.monuments


def board_land(state: GameState) -> frozenset[str]:
    from monuments_tui.rules.queries import layout

    return layout(state).land


def _conquest(state: GameState, seat: int, potential: float | None = None) -> float:
    """Turns until we can take a rival's land hex by attack: the military allowance first, then
    a unit that can attack, then standing next to a rival's land hex held weakly enough."""
    from monuments_tui.rules.queries import has_military_allowance

    if not has_military_allowance(state, seat):
        return 5.0
    if potential is None:
        potential = _attack_potential(state, seat)
    odds = potential / 3.0  # the best odds of winning an attack now
    if odds > 0:
        return 2.0 - odds
    fighters = any(u.owner == seat and (u.kind in ("army", "air") or u.weapon) for u in state.units.values())
    return 2.5 if fighters else 3.5


def _walk(state: GameState, a: str, b: str, limit: int = 4) -> int:
    """Steps a worker walks from `a` to `b` over land, crossing rivers only by bridges
    (pieces in the way are ignored); `limit` + 1 if farther."""
    if a == b:
        return 0
    graph, rivers, _ = _land_graph(tuple(state.config.civs), state.config.mode)
    if a not in graph or b not in graph:
        return limit + 1
    bridges = {frozenset((x.a, x.b)) for x in state.bridges.values()}
    seen = {a}
    frontier = [a]
    for depth in range(1, limit + 1):
        nxt = []
        for h in frontier:
            for n in graph[h]:
                if n in seen:
                    continue
                edge = frozenset((h, n))
                if edge in rivers and edge not in bridges:
                    continue
                if n == b:
                    return depth
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return limit + 1


def _ferry_trips(state: GameState, seat: int, reach: dict[str, int], on_foot: set[str]) -> tuple[list[float], float]:
    """Turns until our units land, by ferry, on free land beyond reach on foot (`on_foot`):
    one trip for each of our units afloat, sailing on, and the cheapest fresh trip for a
    spare worker (`reach`: its steps to each land hex).

    A movement slot is about half a turn; a ferry sails 2 water hexes a slot with
    passengers, 1 empty. A fresh trip: the spare worker walks to a coast hex, a ferry is
    there (docked already, sailed there empty, or built for a turn), the worker boards and
    sails on. Ferries on lakes go nowhere; ferries other players hold cannot be used."""
    from monuments_tui.rules.queries import worker_moves

    targets = frozenset(h for h in _far_land(state, seat) if h not in on_foot)
    if not targets:
        return [], 4.0  # no free land anywhere: only conquest is left
    nearest = _nearest_target(targets)

    def to_land(h: str) -> float:
        return 0.5 * ((nearest[h] + 1) // 2)

    sea, coastal = _waters(tuple(state.config.civs), state.config.mode)
    step = worker_moves(state, seat)
    coast = {h: 0.5 * -(-d // step) for h, d in reach.items() if h in coastal}
    riders: dict[str, list[int]] = {}
    afloat_at: dict[str, set[int]] = {}  # who is on each water hex (navies, ferries' passengers)
    ashore_at: dict[str, set[int]] = {}
    for u in state.units.values():
        if u.ferry:
            riders.setdefault(u.ferry, []).append(u.owner)
        else:
            ashore_at.setdefault(u.hex, set()).add(u.owner)
        afloat_at.setdefault(u.hex, set()).add(u.owner)
    afloat: list[float] = []
    docked: dict[str, float] = {}  # coast hex -> turns until a ferry is there
    for fid, f in state.ferries.items():
        if f.water not in sea:
            continue  # a lake: it goes nowhere
        aboard = riders.get(fid, [])
        if seat in aboard:
            afloat += [to_land(f.water)] * aboard.count(seat)
            continue
        # A ferry is held by whoever is on its water or on the land it is docked at [l.254].
        controllers = afloat_at.get(f.water, set()) | (ashore_at.get(f.land, set()) if f.land else set())
        if aboard or (controllers and seat not in controllers):
            continue
        if f.land is not None and f.land in coast:
            docked[f.land] = 0.0
        for h in coast:
            docked[h] = min(docked.get(h, 9.0), 0.5 * max(1, _distance(f.water, h)))
    best = 6.0
    for h, walk in coast.items():
        ferry = min(docked.get(h, 9.0), 1.0)  # building a new ferry takes a turn
        best = min(best, walk + ferry + 0.5 + to_land(h))
    return afloat, best


@cache
def _waters(civs: tuple[str, ...], mode: str) -> tuple[frozenset[str], frozenset[str]]:
    """The sea hexes in play (water that is not a lake), and the land hexes on their coast."""
    from monuments_tui.rules.board import layout_for, load_board

    board = load_board()
    lay = layout_for(civs, mode)
    sea = frozenset(w for w in lay.water if not board.hex(w).lake)
    graph, _, _ = _land_graph(civs, mode)
    return sea, frozenset(h for h in graph if any(w in sea for w in board.neighbours(h)))


@lru_cache(maxsize=1024)
def _nearest_target(targets: frozenset[str]) -> dict[str, int]:
    """Hex distance from every hex of the map to the nearest of `targets`."""
    from monuments_tui.rules.board import load_board

    return {h: min(_distance(h, t) for t in targets) for h in load_board().hexes}


def _far_land(state: GameState, seat: int) -> list[str]:
    """Land hexes in play that no unit holds and no rival has a piece on (where ferries may
    carry our workers)."""
    graph, _, monuments = _land_graph(tuple(state.config.civs), state.config.mode)
    taken = {u.hex for u in state.units.values()} | {b.hex for b in state.buildings.values() if b.owner != seat}
    return [h for h in graph if h not in taken and h not in monuments]


WALK_LIMIT = 6
"""How far (in steps) the bot looks for free land its workers can walk to."""


def _spare_reach(state: GameState, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """Where our spare workers can walk: the fewest steps from any of them to each land hex,
    and the free land hexes (no unit, no rival's piece) they would fill, each with the
    steps of the worker sent there (one hex per worker, nearest pairs first).

    A spare worker is one its hex does not need to stay held: all of them on the monument
    hex (which is not land), all but 1 elsewhere. Monuments and rivers are respected;
    rivals' hexes block the way."""
    from monuments_tui.rules.queries import monument_hex

    graph, _, monuments = _land_graph(tuple(state.config.civs), state.config.mode)
    home = monument_hex(state, seat)
    blocked = set(monuments - {home})
    held: set[str] = set()
    here: Counter = Counter()
    for u in state.units.values():
        if u.owner != seat:
            blocked.add(u.hex)
        elif u.ferry is None:
            held.add(u.hex)
            if u.kind == "worker":
                here[u.hex] += 1
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
        for h, d in _walk_distances(src, *key).items():
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
def _walk_distances(src: str, civs: tuple[str, ...], mode: str, blocked: frozenset, bridges: frozenset) -> dict[str, int]:
    """Steps from `src` to each land hex within `WALK_LIMIT`, around `blocked` hexes, crossing
    rivers only by `bridges` (cached: within one decision only our own pieces move)."""
    graph, rivers, _ = _land_graph(civs, mode)
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


def _attack_potential(state: GameState, seat: int) -> float:
    """Rivals' land next to our armies, air forces and armed workers: what an attack could take,
    by the odds of winning it (B28, B29). Only fighters whose hex stays held count."""
    from monuments_tui.rules.battle import attack_power, defence_fighters, defender_of
    from monuments_tui.rules.board import load_board

    ours = [u for u in state.units.values() if u.owner == seat and u.kind in ("worker", "army", "air")]
    held = Counter(u.hex for u in ours if u.ferry is None)
    # A fighter that alone holds its hex gains no land by moving in: it only trades one for another.
    fighters = [u for u in ours if (u.kind in ("army", "air") or u.weapon) and (u.ferry or held[u.hex] > 1)]
    if not fighters:
        return 0.0
    board = load_board()
    graph, _, monuments = _land_graph(tuple(state.config.civs), state.config.mode)
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


def _after(state: GameState, command: cmd.Command) -> GameState | None:
    try:
        events = decide(state, command)
    except RuleViolation:
        return None
    new = copy_state(state)
    for e in events:
        apply_in_place(new, e)
    return new


def _attack_value(state: GameState, seat: int, c: cmd.Attack) -> float:
    """The expected gain of an attack from both sides' power, without peeking at the dice."""
    from monuments_tui.rules.actions.attack import resolve_attackers
    from monuments_tui.rules.battle import attack_power, defence_fighters, defender_of

    defender, _ = defender_of(state, seat, c.target)
    if defender is None:
        return -1e9
    try:
        units = resolve_attackers(state, seat, c.attackers)
    except RuleViolation:
        return -1e9
    power = sum(attack_power(state, seat, u, c.target)[0] for u in units)
    defence = sum(f.power for f in defence_fighters(state, defender, c.target))
    p_win = win_chance(power, defence)
    held = 4.0 if c.target in controlled_land(state, defender) else 1.5
    loss = 1.8 * sum(u.kind != "worker" for u in units) * (1 - p_win) + 0.5 * defence * 0.3
    # Moving in empties a hex whose only holders were the attackers: no land is gained then.
    attacking = {u.id for u in units}
    left_empty = sum(
        1 for h in {u.hex for u in units}
        if h in controlled_land(state, seat)
        and not any(v.owner == seat and v.hex == h and v.id not in attacking and v.kind in ("worker", "army", "air") for v in state.units.values())
    )
    gain = 6.0 + held + 1.5 * defence - (6.0 + held) * min(1, left_empty) * (1.0 if len(units) == 1 else 0.5)
    return evaluate(state, seat) + p_win * gain - loss


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


def _prune(state: GameState, seat: int, candidates: list[cmd.Command]) -> list[cmd.Command]:
    """Drop candidates that only repeat another's effect: a carried load unless the mover is the
    last worker leaving resources behind, and a trade on more than one hex per (give, get)."""
    out = []
    trades: set[tuple[str, str]] = set()
    wanted = _wanted(state, seat) if any(isinstance(c, cmd.Trade) for c in candidates) else Counter()
    totals = _totals(state, seat) if wanted else Counter()
    for c in candidates:
        if isinstance(c, cmd.Move) and c.carry:
            here = sum(1 for u in state.units.values() if u.owner == seat and u.kind == "worker" and u.hex == c.src and u.ferry is None)
            if here > 1:
                continue
        elif isinstance(c, cmd.Trade):
            # Trade only a surplus for a resource still wanted (no trading back and forth).
            if totals[c.give] <= wanted[c.give] or totals[c.get] >= wanted[c.get]:
                continue
            if (c.give, c.get) in trades:
                continue
            if _after(state, c) is None:
                continue
            trades.add((c.give, c.get))
        out.append(c)
    return out


MOVES_RATED = 12
"""Moves rated in full per movement step (the most promising by a quick look)."""


def _quick_moves(state: GameState, seat: int, candidates: list[cmd.Command]) -> list[cmd.Command]:
    """Keep every ferry command and the moves of the `MOVES_RATED` most promising (unit, from,
    to) trips: a spare worker onto free land, off a crowded hex, toward a town that needs a
    second worker; never leaving a hex empty for nothing (a quick look, no rules applied)."""
    from monuments_tui.rules.queries import monument_hex

    moves = [c for c in candidates if isinstance(c, cmd.Move)]
    trips = {(c.piece, c.src, c.dst) for c in moves}
    if len(trips) <= MOVES_RATED:
        return candidates
    here: Counter = Counter()
    taken: set[str] = set()
    for u in state.units.values():
        taken.add(u.hex)
        if u.owner == seat and u.ferry is None:
            here[u.hex] += 1
    for b in state.buildings.values():
        if b.owner != seat:
            taken.add(b.hex)
    towns = {b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town"}
    home = monument_hex(state, seat)
    graph, _, monuments = _land_graph(tuple(state.config.civs), state.config.mode)

    def quick(trip: tuple[str, str, str]) -> tuple[float, tuple[str, str, str]]:
        _, src, dst = trip
        keep = 0 if src == home else 2 if src in towns else 1
        score = 0.0
        if dst in graph and dst not in taken and dst not in monuments:
            score += 3.0
        if here[src] > keep:
            score += 1.5
        elif here[src] == 1:
            score -= 2.0
        if dst in towns and here[dst] < 2:
            score += 2.0
        if dst in monuments:
            score -= 2.0
        score += 0.5 * sum(1 for n in graph.get(dst, ()) if n not in taken and n not in monuments)
        return score, trip

    keep = set(sorted(trips, key=quick, reverse=True)[:MOVES_RATED])
    return [c for c in candidates if not isinstance(c, cmd.Move) or (c.piece, c.src, c.dst) in keep]


def _wanted(state: GameState, seat: int) -> Counter:
    """Resources wanted now: the next layer's cost, and a town's if there is none yet."""
    p = state.players[seat]
    wanted: Counter = Counter()
    if p.layers < 5:
        wanted.update({r: n for r, n in layer_cost(p.layers + 1, state.config.options.layer4_workers).cost.items() if n > 0})
    if not any(b.owner == seat and b.kind == "town" and not b.damaged for b in state.buildings.values()):
        wanted.update(TOWN_COST)
    return wanted


def _options(state: GameState, seat: int) -> list[tuple[cmd.Command, GameState | None]]:
    """The legal commands now (pruned), each with the state it leads to (None for attacks,
    which are rated without their dice)."""
    out = []
    candidates = candidate_commands(state)
    if isinstance(state.pending, pd.MovementStep):
        candidates = _quick_moves(state, seat, candidates)
    for c in _prune(state, seat, candidates):
        after = _after(state, c)
        if after is None:
            continue
        out.append((c, None if isinstance(c, cmd.Attack) else after))
    return out


def greedy_step(state: GameState, seat: int, rnd: random.Random) -> cmd.Command:
    """The legal command whose one-step result rates best (ties broken by `rnd`)."""
    options = _options(state, seat)
    if not options:
        return rnd.choice(legal_commands(state))
    if len(options) == 1:
        return options[0][0]
    best: list[cmd.Command] = []
    top = None
    for c, after in options:
        s = _attack_value(state, seat, c) if after is None else evaluate(after, seat)
        if top is None or s > top + 1e-9:
            top, best = s, [c]
        elif abs(s - top) <= 1e-9:
            best.append(c)
    return rnd.choice(best)


def _rollout(state: GameState, seat: int, rnd: random.Random) -> float:
    """Finish the action under way greedily and rate where it ends."""
    s = state
    for _ in range(MAX_ROLLOUT):
        p = s.pending
        if p is None or p.seat != seat or isinstance(p, (pd.ChooseAction, pd.AfterAction)) or s.phase == "over":
            break
        if isinstance(p, (pd.KeepQuests, pd.AssignDamage, pd.MoveIn, pd.Retreat)):
            break
        options = _options(s, seat)
        if not options:
            break
        best = None
        for c, after in options:
            v = _attack_value(s, seat, c) if after is None else evaluate(after, seat)
            if best is None or v > best[0]:
                best = (v, c, after)
        if best[2] is None:  # an attack: its expected value ends the rollout
            return best[0]
        s = best[2]
    return evaluate(s, seat)


QUEST_CARD_VALUE = 2.5
"""Playing Draw quest cards: what a kept quest is worth on average, before seeing it."""
NEXT_TURN = 0.8
"""Weight of next turn's best play when choosing between playing a card and taking back."""


def _opened(state: GameState, seat: int, card: str) -> GameState | None:
    """The state after playing `card` from hand, its action opened (None if it cannot open).

    Uses the card's own opening rule; the play itself is checked with `decide` before the
    bot commits to it (see `choose_action`)."""
    from monuments_tui.rules.actions.turn import FIRST_TURN_CARDS, card_opening

    if state.players[seat].turns == 1 and card not in FIRST_TURN_CARDS:
        return None
    try:
        events = card_opening(state, seat, card)
    except RuleViolation:
        return None
    new = copy_state(state)
    for e in events:
        apply_in_place(new, e)
    return new


def _gains(state: GameState, seat: int, cards: list[str], base: float, rnd: random.Random) -> dict[str, float]:
    """How much playing each of `cards` now would improve the position (those that open)."""
    out: dict[str, float] = {}
    for card in cards:
        if card == "quest":
            if _after(state, cmd.PlayCard(card)) is not None:
                out[card] = QUEST_CARD_VALUE if len(state.players[seat].quests) < 2 else 0.2
            continue
        after = _opened(state, seat, card)
        if after is None:
            continue
        out[card] = _rollout(after, seat, rnd) - base
    return out


def choose_action(state: GameState, seat: int, rnd: random.Random) -> cmd.Command:
    """Turn in a quest if one is done; else play a card or take the discard pile back.

    Each card is rated by the position its action ends in. Playing card X is worth its
    gain plus (discounted) the best gain left in hand for the next turn; taking back is
    worth the best gain of all ten cards next turn.
    """
    candidates = candidate_commands(state)
    for c in candidates:
        if isinstance(c, cmd.TurnInQuest) and _after(state, c) is not None:
            return c
    base = evaluate(state, seat)
    player = state.players[seat]
    can_take_back = bool(player.discard) and _after(state, cmd.TakeBack()) is not None
    hand = _gains(state, seat, sorted(set(player.hand)), base, rnd)
    ranked = sorted(hand.items(), key=lambda kv: (-kv[1], kv[0]))
    while ranked and _after(state, cmd.PlayCard(ranked[0][0])) is None:
        ranked.pop(0)  # opens, but the rules find nothing it could do (B59)
    if not ranked:
        return cmd.TakeBack() if can_take_back else greedy_step(state, seat, rnd)
    best_card, best_gain = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    play_value = best_gain + NEXT_TURN * max(second, 0.0)
    if can_take_back and best_gain < 6.0:
        held = copy_state(state)
        held.players[seat].hand = player.hand + player.discard
        held.players[seat].discard = []
        extra = _gains(held, seat, sorted(set(player.discard) - set(player.hand)), base, rnd)
        everything = max([*hand.values(), *extra.values(), 0.0])
        if NEXT_TURN * everything > play_value:
            return cmd.TakeBack()
    return cmd.PlayCard(best_card)


def start_resource(state: GameState, seat: int, rnd: random.Random) -> cmd.Command:
    """A starting resource next to the monument, of a type the first layer needs and not yet placed [l.162]."""
    from monuments_tui.rules.board import load_board
    from monuments_tui.rules.queries import monument_hex

    board = load_board()
    home = monument_hex(state, seat)
    need = layer_cost(1, state.config.options.layer4_workers).cost
    placed = Counter(r for h, on in state.resources.items() for r, n in on.items() for _ in range(n) if board.distance(h, home) <= 1)

    def score(c: cmd.PlaceStartResource) -> tuple:
        d = board.distance(c.hex, home)
        river = board.is_river(c.hex, home) if d == 1 else True
        wanted = need.get(c.resource, 0) - placed[c.resource]
        return (-d, not river, wanted > 0, wanted, rnd.random())

    return max(legal_commands(state), key=score)


def heuristic_bot(state: GameState, rnd: random.Random) -> cmd.Command:
    """The heuristic bot's command for the decision now pending."""
    seat = state.pending.seat
    if isinstance(state.pending, pd.ChooseAction):
        return choose_action(state, seat, rnd)
    if isinstance(state.pending, pd.PlaceStartResource):
        return start_resource(state, seat, rnd)
    if seat == state.config.ai_seat:
        return cmd.AiAct()
    return greedy_step(state, seat, rnd)


BOTS["heuristic"] = heuristic_bot
