"""The Special card: bridges until the AI has 2, then ferries until 2, then a military unit by
the D6, with a weapon for a worker once the card is upgraded. Training a unit is also the AI's
layer-4 bonus [l.542] (`monument`).

The text's reading is the default; what 0.3.0 did instead is kept behind three rule options
(`solo_bridges_open_land`, `solo_unit_cost`, `solo_workers_kept`, docs/rules-decisions.md).

[Solo rules, Special, l.480-496; review B76]
"""

from __future__ import annotations

import heapq

from monuments_tui.rules import events as ev
from monuments_tui.rules.actions.build import placement_events
from monuments_tui.rules.board import load_board
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.queries import (
    layout,
    monument_hex,
    occupied_by_other,
    resource_totals,
    units_of,
    workers_on_land,
)
from monuments_tui.rules.reach import can_enter
from monuments_tui.rules.removals import worker_removal_events
from monuments_tui.rules.solo.context import AiContext, PlayerDistance
from monuments_tui.rules.solo.measures import empty_player_land, home_land, island_targets, nearest, sea_targets
from monuments_tui.rules.solo.shared import amounts, is_green, spend
from monuments_tui.rules.solo.tables import load_solo
from monuments_tui.rules.state import MILITARY, GameState, MilitaryKind, Unit

Why = dict[str, object]
"""Who trains a unit, for the log: `{"card": "special"}` or `{"layer": n}` (a layer bonus)."""


def built_by(state: GameState, seat: int, kind: str) -> int:
    pieces = state.bridges if kind == "bridge" else state.ferries
    return sum(1 for p in pieces.values() if p.builder == seat)


def crossings(state: GameState, seat: int, extra: frozenset[str] | None = None) -> int:
    """How hard the AI's home continent is to reach: for each of its land hexes, the fewest
    unbridged rivers an AI worker must cross to get there (other players' hexes block),
    summed. A bridge "makes it easiest to reach the rest of the continent" [l.482] when it
    lowers this sum. `extra` is a bridge to assume."""

    board = load_board()
    home = home_land(state, seat) | {monument_hex(state, seat)}
    bridged = {frozenset((b.a, b.b)) for b in state.bridges.values()}
    if extra is not None:
        bridged.add(extra)

    dist = {}
    heap = [(0, h) for h in sorted({u.hex for u in units_of(state, seat, "worker") if u.ferry is None} & home)]
    while heap:
        d, h = heapq.heappop(heap)
        if h in dist:
            continue
        dist[h] = d
        for n in board.neighbours(h):
            if n in home and n not in dist and not occupied_by_other(state, n, seat):
                step = 1 if board.is_river(h, n) and frozenset((h, n)) not in bridged else 0
                heapq.heappush(heap, (d + step, n))
    return sum(dist.get(h, 5) for h in home_land(state, seat))


def continent_open(state: GameState, seat: int) -> bool:
    """True if bridges (anyone's) already join all of the AI's home continent to its monument:
    with `solo_bridges_open_land` (0.3.0) its bridge step is then done and Special goes on to ferries."""
    board = load_board()
    home = home_land(state, seat) | {monument_hex(state, seat)}
    bridged = {frozenset((b.a, b.b)) for b in state.bridges.values()}
    seen = {monument_hex(state, seat)}
    todo = list(seen)
    while todo:
        h = todo.pop()
        for n in board.neighbours(h):
            if n in home and n not in seen and (not board.is_river(h, n) or frozenset((h, n)) in bridged):
                seen.add(n)
                todo.append(n)
    return home <= seen


def bridge_sites(state: GameState, seat: int) -> list[tuple[str, str]]:
    """River edges on the AI's home continent with no bridge: (AI-worker side, other side)."""
    board = load_board()
    home = home_land(state, seat) | {monument_hex(state, seat)}
    bridged = {frozenset((b.a, b.b)) for b in state.bridges.values()}
    out = []
    for a in sorted(home):
        for b in board.neighbours(a):
            if b in home and board.is_river(a, b) and frozenset((a, b)) not in bridged:
                out.append((a, b))
    return out


def ferry_sites(state: GameState, seat: int) -> list[tuple[str, str]]:
    """Shore edges of the AI's home continent (land hex, sea hex) with no ferry docked."""
    board = load_board()

    lay = layout(state)
    docked = {(f.land, f.water) for f in state.ferries.values()}
    out = []
    for a in sorted(home_land(state, seat)):
        for w in board.neighbours(a):
            if w in lay.water and not board.hex(w).lake and (a, w) not in docked:
                out.append((a, w))
    return out


def build_special_piece(t: AiContext, piece: str) -> ev.AiReported | None:
    """Build a bridge or ferry for any 1 resource where it helps most; None if it cannot now."""
    seat = t.seat
    state = t.state
    sites = bridge_sites(state, seat) if piece == "bridge" else ferry_sites(state, seat)
    legal = []
    for a, b in sites:
        for hex_id, to in ((a, b), (b, a)) if piece == "bridge" else ((a, b),):
            try:
                placement_events(state, seat, piece, hex_id, to)
            except RuleViolation:  # not a legal site now
                continue
            legal.append((hex_id, to))
    if not legal:
        return None
    if piece == "bridge":
        before = crossings(state, seat)

        def gain(site: tuple[str, str]) -> int:
            a, b = site
            return before - crossings(state, seat, extra=frozenset((a, b)))

        if state.config.options.solo_bridges_open_land:
            legal = [site for site in legal if gain(site) > 0]
            if not legal:
                return None  # 0.3.0: no bridge here would open any of the continent, so wait

        def score(site: tuple[str, str]) -> tuple[int, int]:
            return (gain(site), -nearest(site[0], {monument_hex(state, seat)}))
    else:
        targets = island_targets(state, seat) or empty_player_land(state, seat)
        workers = {u.hex for u in units_of(state, seat, "worker") if u.ferry is None}

        def score(site: tuple[str, str]) -> tuple[int, int]:
            return (-nearest(site[1], targets), -nearest(site[0], workers))

    pay = spend(t, load_solo().costs[piece])
    if pay is None:
        return None
    site = t.best(legal, score)
    t.add(*pay)
    t.add(*placement_events(t.state, seat, piece, *site))
    return ev.AiReported(seat, "piece_built", kind=piece, hexes=site, paid=amounts(pay))


def unit_rolls(t: AiContext, why: Why) -> MilitaryKind | None:
    """Roll the D6 for a military unit: 1-2 air force, 3-4 navy, 5-6 army [l.488]; reroll a type
    with none left in supply, or an air force before layer 3 (B76). None if no type is possible."""
    seat = t.seat
    supply = t.state.players[seat].supply
    layers = t.state.players[seat].layers
    table = load_solo().special_d6
    possible = {k for k in MILITARY if supply.get(k, 0) > 0 and (k != "air" or layers >= 3)}
    if not possible:
        return None
    rolls = []
    while True:
        value = t.roll_d6("unit_type")
        rolls.append(value)
        kind = table[value]
        if kind in possible:
            break
    t.report("unit_rolled", rolls=tuple(rolls), kind=kind, **why)
    return kind


def place_unit(t: AiContext, kind: MilitaryKind, pay: list[ev.Event]) -> str | None:
    """Pay, then replace the best AI worker with a `kind` unit [l.488-490]; returns where, or None
    (nothing paid) if no worker can become one.

    Navies and air forces go close to islands (or to empty hexes on the player's
    continent when ferries carry workers there); armies close to the player. Workers are
    taken from hexes where others stay first, so the AI keeps its land and resources.
    """

    seat = t.seat
    state = t.state
    board = load_board()
    lay = layout(state)
    near = PlayerDistance(state, seat)
    targets = sea_targets(state, seat)
    options: list[tuple[Unit, str]] = []
    for w in units_of(state, seat, "worker"):
        if w.ferry is not None or w.hex not in lay.land:
            continue
        if kind == "navy":
            for n in board.neighbours(w.hex):
                if n in lay.water and can_enter(state, seat, "navy", n):
                    options.append((w, n))
        else:
            options.append((w, w.hex))
    if not options:
        return None

    def score(o: tuple[Unit, str]) -> tuple[int, int, bool, bool]:
        w, where = o
        alone = len(workers_on_land(state, seat, w.hex)) == 1
        keeps = 0 if alone and (kind == "navy" or sum(state.resources.get(w.hex, {}).values()) > 0) else 1
        aim = -near(where)[0] if kind == "army" else -nearest(where, targets)
        return (keeps, aim, not w.weapon, not w.horse)

    w, where = t.best(options, score)
    t.add(*pay)
    w = t.state.units[w.id]
    uid = f"u{t.state.next_id}"
    t.add(*worker_removal_events(t.state, w, "trained", weapon_to_bank=not w.weapon))
    t.add(ev.UnitPlaced(Unit(uid, seat, kind, where)))
    if w.weapon:
        _hand_weapon(t, reassign=True)
    return where


def _hand_weapon(t: AiContext, reassign: bool = False) -> str | None:
    """A weapon to the unarmed AI worker closest to the player [l.492]; None if no worker or weapon."""
    seat = t.seat
    near = PlayerDistance(t.state, seat)
    unarmed = [u for u in units_of(t.state, seat, "worker") if not u.weapon]
    if not unarmed or (not reassign and t.state.bank.get("weapon", 0) < 1):
        if reassign:
            t.add(ev.BankChanged("weapon", 1))
        return None
    w = t.best(unarmed, lambda u: tuple(-x for x in near(u.hex)))
    if not reassign:
        t.add(ev.BankChanged("weapon", -1))
    t.add(ev.UnitEquipped(w.id, "weapon", True))
    return w.hex


def train_unit(t: AiContext, why: Why, cost: int) -> bool:
    """Train a military unit by the D6 table for any `cost` resources; False if it cannot.
    `why` names the card or the layer bonus doing it, for the log.

    The unit replaces a worker [l.488]: with no worker on land there is nothing to replace, so
    the command cannot be done (l.454-455). The `solo_workers_kept` option keeps that many back.
    """
    seat = t.seat
    if cost and sum(resource_totals(t.state, seat).values()) < cost:
        t.report("train_poor", count=cost, **why)
        return False
    on_land = [w for w in units_of(t.state, seat, "worker") if w.ferry is None]
    kept = t.state.config.options.solo_workers_kept
    if kept and len(on_land) <= kept:
        t.report("train_keeps_workers", count=kept, **why)
        return False
    if not on_land:
        t.report("train_no_worker", **why)
        return False
    kind = unit_rolls(t, why)
    if kind is None:
        t.report("train_no_type", **why)
        return False
    pay = spend(t, cost) if cost else []
    if pay is None:
        return False
    where = place_unit(t, kind, pay)
    if where is None:
        t.report("train_no_site", kind=kind, **why)
        return False
    t.report("trained", kind=kind, hexes=(where,), paid=amounts(pay), **why)
    return True


def special(t: AiContext) -> str:
    """Bridges until 2, then ferries until 2, then a military unit by the D6 [l.482-496]."""
    seat = t.seat
    solo = load_solo()
    options = t.state.config.options
    bridges, ferries = built_by(t.state, seat, "bridge"), built_by(t.state, seat, "ferry")
    opened = options.solo_bridges_open_land and continent_open(t.state, seat)
    if bridges < solo.max_bridges and not opened:
        done = build_special_piece(t, "bridge")
        if done is None:
            t.report("bridge_not_useful" if options.solo_bridges_open_land else "bridge_not_possible", count=bridges)
            return "nothing"
        t.add(done)
        return "done"
    if ferries < solo.max_ferries and ferry_sites(t.state, seat):
        done = build_special_piece(t, "ferry")
        if done is None:
            t.report("ferry_not_possible", count=ferries)
            return "nothing"
        t.add(done)
        return "done"
    supply = t.state.players[seat].supply
    if not any(supply.get(k, 0) > 0 for k in MILITARY):
        t.report("special_all_placed")
        return "set_aside"
    if not train_unit(t, {"card": "special"}, options.solo_unit_cost):
        return "nothing"
    if is_green(t, "special"):
        armed = _hand_weapon(t)
        if armed:
            t.report("armed", hexes=(armed,))
        else:
            t.report("armed_nobody")
    return "done"
