"""The 8 AI action cards: each card's commands, tried from the top, with its priorities.

[Solo rules, l.452-549; review B74-B81, B84, B85]

Each resolver takes an `AiContext` (the private state of the AI's turn) and returns
what happened:

* "done": a command of the card was carried out; the card is discarded.
* "nothing": no command could be carried out (l.455, l.457).
* "set_aside": the card sets itself aside and the next card is drawn (l.494, l.512).
* "reshuffled": the card went back into a new draw pile (l.502, l.549).
* "battle": the AI attacked; the battle goes on with its own decisions (l.547).

Resolvers narrate what they do: the command applied or why it was skipped, and the
choice made.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from msgspec.structs import replace

from monuments_tui.rules import commands as cmd
from monuments_tui.rules import events as ev
from monuments_tui.rules import pending as pd
from monuments_tui.rules.actions.build import placement_events
from monuments_tui.rules.removals import worker_removal_events
from monuments_tui.rules.actions.populate import new_worker_events
from monuments_tui.rules.actions.quest_cards import draw_quest_events
from monuments_tui.rules.board import load_board
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import (
    controlled_land,
    controlled_water,
    layout,
    monument_hex,
    occupied_by_other,
    owners_at,
    resource_totals,
    units_of,
    worker_moves,
    workers_on_land,
)
from monuments_tui.rules.quests import deck_for_layers
from monuments_tui.rules.reach import can_enter, reachable
from monuments_tui.rules.solo.context import AiContext, PlayerDistance, distance, human_seat, narrate_list
from monuments_tui.rules.solo.deck import card_name, draw_pile_reshuffle, full_reshuffle
from monuments_tui.rules.solo.tables import ai_layer, layer_bonus, load_solo
from monuments_tui.rules.state import MILITARY, GameState, Unit

HEX_BUILDINGS = ("town", "fort", "factory")
KEEP_WORKERS = 3
"""The AI never trains away its last 3 workers: with fewer it could not fill a town (2 workers)
and keep a hex, and Population could never give it workers again. Training them is never
best for the AI (l.424), so then the unit cannot be trained (B76: the step cannot be done)."""
UNIT_NAMES = {"navy": "navy", "army": "army", "air": "air force", "worker": "worker"}
HOME = {"greece": "europe", "egypt": "africa", "maya": "north_america", "inca": "south_america"}

Resolver = Callable[[AiContext], str]
RESOLVERS: dict[str, Resolver] = {}


def resolver(card: str) -> Callable[[Resolver], Resolver]:
    def register(fn: Resolver) -> Resolver:
        RESOLVERS[card] = fn
        return fn

    return register


def is_green(t: AiContext, card: str) -> bool:
    """Has the AI upgraded `card` (its upgraded cards are its player's green list, B75)?"""
    return card in t.state.players[t.seat].green


# -- shared measures ---------------------------------------------------------------------------
def home_land(state: GameState, seat: int) -> set[str]:
    """In-play land hexes of the AI's home continent."""
    board = load_board()
    region = HOME[state.players[seat].civ]

    return {h for h in layout(state).land if board.hex(h).region == region}


def island_targets(state: GameState, seat: int) -> set[str]:
    """Island land hexes in play that no other player holds."""
    board = load_board()

    return {h for h in layout(state).land if board.hex(h).island is not None and not occupied_by_other(state, h, seat)}


def empty_player_land(state: GameState, seat: int) -> set[str]:
    """Empty land hexes on the human's home continent."""
    board = load_board()

    region = HOME[state.players[human_seat(state, seat)].civ]
    return {h for h in layout(state).land if board.hex(h).region == region and not owners_at(state, h)}


def sea_targets(state: GameState, seat: int) -> set[str]:
    """Where navies and air forces head: islands, unless the AI's ferries carry workers there;
    then empty hexes on the player's continent [Movement, l.474; Special, l.490]."""
    ferrying = any(u.owner == seat and u.kind == "worker" and u.ferry for u in state.units.values())
    targets = empty_player_land(state, seat) if ferrying else island_targets(state, seat)
    return targets or island_targets(state, seat) or empty_player_land(state, seat)


def nearest(hex_id: str, targets: set[str]) -> int:
    return min((distance(hex_id, h) for h in targets), default=20)


def towns_held(state: GameState, seat: int) -> int:
    """How well the AI's towns hold 2 workers each (2 per full town) [Movement, l.471]."""
    total = 0
    for b in state.buildings.values():
        if b.owner == seat and b.kind == "town":
            total += min(2, len(workers_on_land(state, seat, b.hex)))
    return total


def position_score(state: GameState, seat: int) -> float:
    """A plain measure of the AI's board position, used where a card names no priority."""

    land = len(controlled_land(state, seat))
    res = sum(resource_totals(state, seat).values())
    return 100 * land + 20 * military_power(state, seat) + 10 * res + len(units_of(state, seat))


def movement_scorer(t: AiContext) -> Callable[[GameState, cmd.Command], float]:
    """Movement's priorities, in order [l.471-474]: every town holds 2 workers; spread out to
    control the most hexes; move closest to the player; navies and air forces to islands
    (or to the player's continent once ferries carry workers)."""
    seat = t.seat
    near = PlayerDistance(t.state, seat)
    targets = sea_targets(t.state, seat)
    land_targets = island_targets(t.state, seat) | empty_player_land(t.state, seat)

    home = monument_hex(t.state, seat)

    def score(after: GameState, c: cmd.Command) -> float:
        land = len(controlled_land(after, seat))
        water = len(controlled_water(after, seat))
        res = sum(resource_totals(after, seat).values())
        closeness = 0
        heading = 0
        afloat = 0
        idle = 0
        worker_hexes = set()
        for u in after.units.values():
            if u.owner != seat:
                continue
            if u.kind in ("navy", "air"):
                heading += nearest(u.hex, targets)
            elif u.ferry is not None:
                afloat += 8 - min(8, nearest(u.hex, land_targets))
            elif u.hex == home:
                idle += 1  # spread out: the monument hex is no land [l.276]
            else:
                closeness += near(u.hex)[0]
                worker_hexes.add(u.hex)
        # Ferries wait where AI workers can board them; an empty ferry adrift helps nobody.
        ferries = 0
        for f in after.ferries.values():
            aboard = any(u.ferry == f.id for u in after.units.values())
            if f.builder == seat and not aboard:
                ferries += 1 if f.land in worker_hexes else -1
        return (10000 * towns_held(after, seat) + 100 * land + 30 * res + 20 * water + 10 * afloat
                + 5 * ferries - 2 * heading - closeness - 5 * idle)

    return score


def move_units(t: AiContext, slots: int, why: str) -> bool:
    """Move up to `slots` units as the Movement card does, by its priorities. True if any moved."""
    step = pd.MovementStep(t.seat, green=slots > 2, slots=slots)
    done = t.run_steps(step, movement_scorer(t))
    if not done:
        t.say(f"{why}: no unit can move.")
        return False

    t.say(f"{why}: " + "; ".join(format_command(c) for c, _ in done) + ".")
    return True


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def spend(t: AiContext, n: int) -> list[ev.Event] | None:
    """Pay any `n` resources by the AI's priorities, or None if it controls fewer (B76)."""
    return t.pay_any(n)


def paid_text(events: list[ev.Event]) -> str:
    parts = [f"{e.n} {e.resource} from {e.hex}" for e in events if isinstance(e, ev.ResourcesSpent)]
    return narrate_list(parts) or "nothing"


# -- Production [l.463-465] ----------------------------------------------------------------------
@resolver("production")
def production(t: AiContext) -> str:
    """Produce on up to 2 (green 3) hexes that produce the most resources; the type does not matter."""
    green = is_green(t, "production")
    seat = t.seat
    step = pd.ProductionStep(seat, green=green, left=3 if green else 2)

    def score(after: GameState, c: cmd.Command) -> float:
        return sum(sum(v.values()) for v in after.resources.values())

    done = t.run_steps(step, score)
    if not done:
        t.say("Production: no hex of the AI can produce.")
        return "nothing"
    parts = []
    for c, evs in done:
        got = sum(e.n for e in evs if isinstance(e, ev.ResourcesGained))
        parts.append(f"{got} on {c.hex}")
    t.say(f"Production: produces {narrate_list(parts)}.")
    return "done"


# -- Movement [l.467-474] --------------------------------------------------------------------------
@resolver("movement")
def movement(t: AiContext) -> str:
    """Move up to 2 (green 3) units by the Movement priorities."""
    slots = 3 if is_green(t, "movement") else 2
    return "done" if move_units(t, slots, "Movement") else "nothing"


# -- Population [l.476-478] ------------------------------------------------------------------------
def new_worker_reach(state: GameState, seat: int, hex_id: str) -> tuple[int, int]:
    """How easily a new worker on `hex_id` reaches land the AI does not control:
    (hexes it reaches within its moves, minus the steps to the nearest one)."""

    mine = controlled_land(state, seat)
    far = reachable(state, seat, "worker", hex_id, 6)
    free = {h: d for h, d in far.items() if h in home_land(state, seat) | island_targets(state, seat) and h not in mine}
    moves = worker_moves(state, seat)
    return sum(1 for d in free.values() if d <= moves), -min(free.values(), default=9)


@resolver("population")
def population(t: AiContext) -> str:
    """A worker into a town with 2 AI workers (green: up to 2 towns), where it best reaches new land."""
    green = is_green(t, "population")
    seat = t.seat
    step = pd.PopulateStep(seat, green=green, left=2 if green else 1)

    def score(after: GameState, c: cmd.Command) -> float:
        if not isinstance(c, cmd.Populate):
            return 0.0
        a, b = new_worker_reach(after, seat, c.hex)
        return 100 * a + b

    done = t.run_steps(step, score, keep_going=lambda best, stop: True)
    if not done:
        t.say("Population: no AI town holds 2 workers (or no worker is left).")
        return "nothing"
    t.say(f"Population: a new worker in the town on {narrate_list([c.hex for c, _ in done])}.")
    return "done"


# -- Special [l.480-496] -------------------------------------------------------------------------------
def built_by(state: GameState, seat: int, kind: str) -> int:
    pieces = state.bridges if kind == "bridge" else state.ferries
    return sum(1 for p in pieces.values() if p.builder == seat)


def crossings(state: GameState, seat: int, extra: frozenset | None = None) -> int:
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
    then its bridge step is done and Special goes on to ferries."""
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


def build_special_piece(t: AiContext, piece: str) -> str | None:
    """Build a bridge or ferry for any 1 resource where it helps most; None if it cannot now."""
    seat = t.seat
    state = t.state
    sites = bridge_sites(state, seat) if piece == "bridge" else ferry_sites(state, seat)
    legal = []
    for a, b in sites:
        for hex_id, to in ((a, b), (b, a)) if piece == "bridge" else ((a, b),):
            try:
                placement_events(state, seat, piece, hex_id, to)
            except Exception:  # noqa: BLE001 - RuleViolation: not a legal site now
                continue
            legal.append((hex_id, to))
    if not legal:
        return None
    if piece == "bridge":
        before = crossings(state, seat)

        def gain(site) -> int:
            a, b = site
            return before - crossings(state, seat, extra=frozenset((a, b)))

        legal = [site for site in legal if gain(site) > 0]
        if not legal:
            return None  # no bridge here would open any of the continent (best for the AI: wait)

        def score(site):
            return (gain(site), -nearest(site[0], {monument_hex(state, seat)}))
    else:
        targets = island_targets(state, seat) or empty_player_land(state, seat)
        workers = {u.hex for u in units_of(state, seat, "worker") if u.ferry is None}

        def score(site):
            return (-nearest(site[1], targets), -nearest(site[0], workers))

    pay = spend(t, load_solo().costs[piece])
    if pay is None:
        return None
    site = t.best(legal, score)
    t.add(*pay)
    t.add(*placement_events(t.state, seat, piece, *site))
    return f"builds a {piece} between {site[0]} and {site[1]}, paying {paid_text(pay)}"


def unit_rolls(t: AiContext, why: str) -> str | None:
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
        value = t.roll_d6(why)
        rolls.append(value)
        kind = table[value]
        if kind in possible:
            break
    if len(rolls) > 1:
        t.say(f"{why}: rolled {', '.join(map(str, rolls))} (rerolled types it cannot train) → {UNIT_NAMES[kind]}.")
    else:
        t.say(f"{why}: rolled {rolls[0]} → {UNIT_NAMES[kind]}.")
    return kind


def place_unit(t: AiContext, kind: str, pay: list[ev.Event]) -> str | None:
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

    def score(o):
        w, where = o
        alone = len(workers_on_land(state, seat, w.hex)) == 1
        keeps = 0 if alone and (kind == "navy" or sum(state.resources.get(w.hex, {}).values())) else 1
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


def train_unit(t: AiContext, why: str, cost: int) -> str | None:
    """Train a military unit by the D6 table for any `cost` resources; a sentence, or None if it cannot."""
    seat = t.seat
    if cost and sum(resource_totals(t.state, seat).values()) < cost:
        t.say(f"{why}: the AI controls fewer than {cost} resources.")
        return None
    if len([w for w in units_of(t.state, seat, "worker") if w.ferry is None]) <= KEEP_WORKERS:
        t.say(f"{why}: the AI keeps its last {KEEP_WORKERS} workers to hold a town and grow (best for the AI, l.424).")
        return None
    kind = unit_rolls(t, why)
    if kind is None:
        t.say(f"{why}: no military unit can be trained (none left, or only air forces before layer 3).")
        return None
    pay = spend(t, cost) if cost else []
    if pay is None:
        return None
    where = place_unit(t, kind, pay)
    if where is None:
        t.say(f"{why}: no worker can become a {UNIT_NAMES[kind]} here.")
        return None
    paid = f", paying {paid_text(pay)}" if pay else ""
    return f"trains {_a(UNIT_NAMES[kind])} on {where}{paid}"


@resolver("special")
def special(t: AiContext) -> str:
    """Bridges until 2, then ferries until 2, then a military unit by the D6 [l.482-496]."""
    seat = t.seat
    solo = load_solo()
    bridges, ferries = built_by(t.state, seat, "bridge"), built_by(t.state, seat, "ferry")
    if bridges < solo.max_bridges and not continent_open(t.state, seat):
        done = build_special_piece(t, "bridge")
        if done is None:
            t.say(
                f"Special: the AI has built {bridges} bridge(s) but cannot build a useful one now "
                "(it needs a resource, and a worker by a river that still cuts off part of its continent)."
            )
            return "nothing"
        t.say(f"Special: {done}.")
        return "done"
    if ferries < solo.max_ferries and ferry_sites(t.state, seat):
        done = build_special_piece(t, "ferry")
        if done is None:
            t.say(f"Special: the AI has built {ferries} ferry(ies) but cannot build one now (it needs a resource and a worker on a shore).")
            return "nothing"
        t.say(f"Special: {done}.")
        return "done"
    supply = t.state.players[seat].supply
    if not any(supply.get(k, 0) > 0 for k in MILITARY):
        t.say("Special: the AI has its bridges, ferries and every military unit on the board: the card is set aside.")
        return "set_aside"
    done = train_unit(t, "Special", solo.costs["unit"])
    if done is None:
        return "nothing"
    if is_green(t, "special"):
        armed = _hand_weapon(t)
        done += f", and arms the worker on {armed}" if armed else " (no weapon could be handed out)"
    t.say(f"Special: {done}.")
    return "done"


# -- Upgrade a card [l.498-502] ---------------------------------------------------------------------------
@resolver("upgrade")
def upgrade(t: AiContext) -> str:
    """Upgrade Movement, Production, Population, Special in turn, free (B75); then move one unit and reshuffle."""
    seat = t.seat
    order = load_solo().upgrade_order
    target = next((c for c in order if not is_green(t, c)), None)
    if target is not None:
        t.add(ev.CardUpgraded(seat, target))
        ai = t.ai
        where = "draw pile" if target in ai.draw else "set aside" if target in ai.set_aside else "discard pile"
        t.say(f"Upgrade a card: upgrades {card_name(target)} (in the {where}) for free.")
        if target in ai.draw:
            new, rng, notes = draw_pile_reshuffle(t.state, seat, ai, t.state.rng)
            t.set_ai(new, rng)
            for n in notes:
                t.say(n)
        return "done"
    t.say("Upgrade a card: all four cards are upgraded, so the second command: move one unit, then reshuffle.")
    move_units(t, 1, "Upgrade a card")
    reshuffle_all(t, "upgrade")
    return "reshuffled"


def reshuffle_all(t: AiContext, card: str) -> None:
    """Shuffle the discard pile, the draw pile and `card` into a new draw pile [l.502, l.549]."""
    new, rng, notes = full_reshuffle(t.state, t.seat, t.ai, t.state.rng, extra=(card,))
    t.set_ai(replace(new, card=card), rng)
    for n in notes:
        t.say(n)


# -- Build a building [l.504-512] ----------------------------------------------------------------------------
def building_sites(t: AiContext, kind: str) -> list[str]:
    """Hexes where the AI may place a `kind` building now."""
    out = []
    for h in sorted({u.hex for u in units_of(t.state, t.seat, "worker") if u.ferry is None}):
        try:
            placement_events(t.state, t.seat, kind, h, None)
        except Exception:  # noqa: BLE001 - RuleViolation: not a legal site
            continue
        out.append(h)
    return out


def site_score(t: AiContext, kind: str) -> Callable[[str], tuple]:
    """The placement priorities of each building [l.508]."""
    seat = t.seat
    state = t.state
    board = load_board()
    near = PlayerDistance(state, seat)
    count = lambda h: len(workers_on_land(state, seat, h))  # noqa: E731
    if kind == "town":

        empty = {h for h in layout(state).land if not owners_at(state, h)}
        return lambda h: (count(h) >= 2, sum(1 for e in empty if distance(h, e) <= 2), -near(h)[0])
    if kind == "fort":
        return lambda h: tuple(-x for x in near(h))
    have = {board.hex(b.hex).resource for b in state.buildings.values() if b.owner == seat and b.kind == "factory"}
    wanted = [r for r in ("metal", "wood") if r not in have] or ["metal", "wood"]
    return lambda h: (count(h) == 1, board.hex(h).resource in wanted, board.hex(h).resource in ("metal", "wood"), -near(h)[0])


def place_building(t: AiContext, kind: str, pay: list[ev.Event]) -> str | None:
    sites = building_sites(t, kind)
    if not sites:
        return None
    where = t.best(sites, site_score(t, kind))
    t.add(*pay)
    t.add(*placement_events(t.state, t.seat, kind, where, None))
    return where


@resolver("build")
def build(t: AiContext) -> str:
    """No building yet: a town. Some: roll 1-3 town, 4-5 fort, 6 factory (reroll a type none is left of).
    All built: set aside. Any 2 resources [l.506-512]."""
    seat = t.seat
    supply = t.state.players[seat].supply
    on_board = [b for b in t.state.buildings.values() if b.owner == seat and b.kind in HEX_BUILDINGS]
    cost = load_solo().costs["building"]
    if not on_board:
        pay = spend(t, cost)
        if pay is None:
            t.say(f"Build a building: a first town needs any {cost} resources; the AI has fewer.")
            return "nothing"
        where = place_building(t, "town", pay)
        if where is None:
            t.say("Build a building: no hex with an AI worker can take a town.")
            return "nothing"
        t.say(f"Build a building: the AI's first town, on {where}, paying {paid_text(pay)}.")
        return "done"
    left = [k for k in HEX_BUILDINGS if supply.get(k, 0) > 0]
    if not left:
        t.say("Build a building: all AI buildings are on the board: the card is set aside.")
        return "set_aside"
    pay = spend(t, cost)
    if pay is None:
        t.say(f"Build a building: a building needs any {cost} resources; the AI has fewer.")
        return "nothing"
    table = load_solo().build_d6
    rolls = []
    while True:
        value = t.roll_d6("Build a building")
        rolls.append(value)
        if table[value] in left:
            break
    kind = table[value]
    rolled = ", ".join(map(str, rolls))
    where = place_building(t, kind, pay)
    if where is None:
        t.say(f"Build a building: rolled {rolled} → {kind}, but no hex with an AI worker can take one.")
        return "nothing"
    t.say(f"Build a building: rolled {rolled} → a {kind} on {where}, paying {paid_text(pay)}.")
    return "done"


# -- Draw quest card [l.514-516] -------------------------------------------------------------------------------------
@resolver("quest")
def quest(t: AiContext) -> str:
    """Draw 1 quest from the deck of the AI's monument level, unseen, onto its quest stack."""

    seat = t.seat
    deck = deck_for_layers(t.state.players[seat].layers)
    events, drawn = draw_quest_events(t.state, seat, deck, 1)
    if not drawn:
        t.say(f"Draw quest card: the {deck} quest deck is empty.")
        return "nothing"
    t.add(*events)
    t.add(ev.QuestsKept(seat, deck, tuple(drawn), ()))
    t.say(f"Draw quest card: the AI draws a quest from the {deck} deck, face down.")
    return "done"


# -- Build your Monument [l.518-549] -----------------------------------------------------------------------------------
def sacrifice_order(t: AiContext, n: int) -> list[Unit]:
    """Workers to sacrifice [l.545]: from town hexes with more than 2 workers, then from hexes
    without a town with more than 1, then from the hexes closest to the AI's towns."""
    seat = t.seat
    state = t.state
    picked: list[Unit] = []
    for _ in range(n):
        workers = [u for u in units_of(state, seat, "worker") if u not in picked]
        towns = {b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town"}

        def left(h):
            return sum(1 for u in workers if u.hex == h and u.ferry is None)

        def score(u: Unit):
            here = left(u.hex)
            town = u.hex in towns
            tier = 2 if (town and here > 2) else 1 if (not town and here > 1) else 0
            return (tier, -nearest(u.hex, towns) if towns else 0, not u.weapon, not u.horse)

        w = t.best(workers, score, "sacrifice tie-break")
        picked.append(w)
    return picked


def layer_bonus_events(t: AiContext, layer: int) -> str:
    """The AI's personal bonus for `layer` [l.538-543; B77]; returns what it got, in words."""

    seat = t.seat
    bonus = layer_bonus(layer)
    if bonus.bonus == "worker_move":
        return "all its workers now move 1 more"
    if bonus.bonus == "workers":
        placed = []
        for _ in range(bonus.amount):
            if t.state.players[seat].supply.get("worker", 0) < 1:
                break
            towns = sorted({b.hex for b in t.state.buildings.values() if b.owner == seat and b.kind == "town" and not b.damaged})
            where = t.best(towns, lambda h: new_worker_reach(t.state, seat, h)) if towns else monument_hex(t.state, seat)
            t.add(*new_worker_events(t.state, seat, where))
            placed.append(where)
        return f"{len(placed)} new worker(s) on {narrate_list(placed)}" if placed else "no worker left to place"
    if bonus.bonus == "resources":
        board = load_board()
        placed = []
        for _ in range(bonus.amount):
            hexes = sorted({u.hex for u in units_of(t.state, seat, "worker") if u.ferry is None and u.hex in t.land()})
            hexes = [h for h in hexes if t.room(h) > 0 and t.state.bank.get(board.hex(h).resource, 0) > 0]
            if not hexes:
                break
            where = t.best(hexes, lambda h: t.room(h))
            t.add(ev.ResourcesGained(where, board.hex(where).resource, 1))
            placed.append(f"{board.hex(where).resource} on {where}")
        return narrate_list(placed) if placed else "no room for its 3 resources"
    if bonus.bonus == "special_unit":
        done = train_unit(t, f"Layer-{layer} bonus", 0)
        return done or "no military unit could be placed"
    return ""


@resolver("monument")
def monument(t: AiContext) -> str:
    """1. Build the next layer by the difficulty table. 2. Else attack, if stronger. 3. Else move one unit and reshuffle."""
    seat = t.seat
    player = t.state.players[seat]
    level = t.ai.difficulty
    if player.layers < 5:
        need = ai_layer(level, player.layers + 1)
        land = len(controlled_land(t.state, seat))
        res = sum(resource_totals(t.state, seat).values())
        workers = len(units_of(t.state, seat, "worker"))
        if land >= need.hexes and res >= need.resources and workers >= need.workers:
            build_layer(t, need)
            return "done"
        short = []
        if land < need.hexes:
            short.append(f"{land}/{need.hexes} land hexes")
        if res < need.resources:
            short.append(f"{res}/{need.resources} resources")
        if workers < need.workers:
            short.append(f"{workers}/{need.workers} workers")
        t.say(f"Build your Monument: layer {need.layer} needs more: {narrate_list(short)}.")
    else:
        t.say("Build your Monument: the monument is complete.")
    result = attack(t)
    if result is not None:
        return result
    move_units(t, 1, "Build your Monument (third command)")
    reshuffle_all(t, "monument")
    return "reshuffled"


def build_layer(t: AiContext, need) -> None:
    """Pay any resources, sacrifice workers, build the layer, discard a random common bonus, take the AI bonus."""
    seat = t.seat
    pay = spend(t, need.resources) or []
    t.add(*pay)

    lost = []
    for w in sacrifice_order(t, need.workers):
        lost.append(w.hex)
        t.add(*worker_removal_events(t.state, t.state.units[w.id], "sacrificed"))
    t.add(ev.LayerBuilt(seat, need.layer))
    if need.layer == 5 and not t.state.final_round:
        t.add(ev.FinalRoundBegan(seat))
    sacrificed = f", sacrificing workers from {narrate_list(lost)}" if lost else ""
    t.say(f"Build your Monument: builds layer {need.layer}, paying {paid_text(pay)}{sacrificed}.")
    pile = list(t.state.common_piles.get(str(need.layer), []))
    if pile:
        k = t.random_index(len(pile), "AI common bonus")
        if need.layer == 5:
            t.add(ev.CommonBonusTaken(pile[k], 5, seat))
            t.say(f"The AI takes a random Layer-5 card: {pile[k]}.")
        else:
            t.add(ev.CommonBonusTaken(pile[k], need.layer, None))
            t.say(f"The AI discards a random Layer-{need.layer} common bonus: {pile[k]}.")
    if need.layer < 5:
        got = layer_bonus_events(t, need.layer)
        t.say(f"AI layer-{need.layer} bonus: {got}.")


def attack(t: AiContext) -> str | None:
    """Attack the player where the AI commits more power than the defence (B41), as the green
    Attack card; among such hexes, the largest margin [l.547]. None if it cannot."""
    seat = t.seat
    step = pd.AttackStep(seat, green=True)
    best = None
    for c in t.candidates(step):
        got = t.try_rule(step, c)
        if got is None:
            continue
        began = next((e for e in got if isinstance(e, ev.BattleBegan)), None)
        if began is None:
            continue
        b = began.battle
        margin = b.attack_power - b.defence_power
        if margin <= 0:
            continue
        key = (margin, b.attack_power, -len(c.attackers))
        if best is None or key > best[0]:
            best = (key, c, got, b)
    if best is None:
        t.say("Build your Monument: no attack where the AI is stronger than the player's defence.")
        return None
    _, c, got, b = best

    t.say(
        f"Build your Monument: attacks {b.target} with power {b.attack_power} against {b.defence_power} "
        f"({format_command(c)}); the AI rolls {sum(b.attack_pips)}, the player {sum(b.defence_pips)}."
    )
    t.discard_current("attacks")
    t.add(*got)
    return "battle"
