"""Where a piece or resource granted by a personal bonus may go, and the candidates for it.

[Build a layer of your monument, l.288; Weapons, l.327; Components, l.82, l.93;
B16, B17, B50, B52, B65, B67, B68]

`place_events` checks one placement and returns its events; `placement_candidates`
lists the sensible `Place` commands for an item, and `first_placement` / `can_place`
find one that is legal. The `PlaceStep` rules that use them are in `actions/personal_bonus.py`.
"""

from __future__ import annotations

from collections.abc import Iterator

from monuments_tui.rules import commands as cmd, events as ev, pending as pd
from monuments_tui.rules.actions.build import placement_events
from monuments_tui.rules.actions.populate import new_worker_events
from monuments_tui.rules.actions.train import unit_from_worker
from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import RESOURCES
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.queries import (
    building_usable,
    layout,
    monument_hex,
    units_at,
    units_of,
)
from monuments_tui.rules.resource_placement import check_resource_placement
from monuments_tui.rules.state import HEX_BUILDINGS, MILITARY, GameState

BONUS_RULE = "Build a layer of your monument, l.288"
LAND_BUILDINGS = HEX_BUILDINGS
EDGE_BUILDINGS = ("bridge", "ferry")


# -- placing what a bonus grants ------------------------------------------------------------
def worker_destinations(state: GameState, seat: int) -> list[str]:
    """Where a granted worker goes: your usable towns, or your monument hex if you have none (B65)."""
    towns = sorted(
        {b.hex for b in state.buildings.values() if b.owner == seat and b.kind == "town" and building_usable(state, b)}
    )
    return towns or [monument_hex(state, seat)]


def place_events(
    state: GameState, seat: int, item: pd.Placement, hex_id: str, to: str | None
) -> tuple[list[ev.Event], tuple[pd.Placement, ...]]:
    """Check one placement and return its events, plus anything it adds to place next.

    Resources go on a hex producing them with your worker, within 5 and the bank (B52);
    workers in a usable town of yours, or your monument hex if you have none (B65); a
    building, free, where the Build card could put it; a unit replaces one of your
    workers (a navy goes on a water hex next to it), needs no allowance (B68), an air
    force only from layer 3 (B67), and comes from the set-aside pool if the supply has
    none (B16); a weapon goes to an unarmed worker [l.288, l.327].

    Raises:
        RuleViolation: saying why it cannot go there.
    """
    what = item.what
    player = state.players[seat]
    if to is not None and what not in EDGE_BUILDINGS and what != "navy":
        raise RuleViolation(f"a {what} goes on one hex", BONUS_RULE, f"Write: place {what} {hex_id}.")
    if what in RESOURCES:
        resource = check_resource_placement(
            state, seat, what, hex_id, need_worker=True, must_match=True, rule=BONUS_RULE
        )
        return [ev.ResourcesGained(hex_id, resource, 1)], ()
    if what == "worker":
        if player.supply.get("worker", 0) < 1:
            raise RuleViolation("you have no worker left in your supply", "Components, l.93 (B65)")
        places = worker_destinations(state, seat)
        if hex_id not in places:
            raise RuleViolation(
                f"a new worker cannot go on {hex_id}",
                f"{BONUS_RULE}: in a town you control, or on your monument hex if you have no town (B65)",
                f"Place it on: {', '.join(places)}.",
            )
        return new_worker_events(state, seat, hex_id), ()
    if what == "weapon":
        return _weapon_events(state, seat, item, hex_id), ()
    if what in MILITARY:
        return _unit_events(state, seat, what, hex_id, to)
    if what in LAND_BUILDINGS or what in EDGE_BUILDINGS:
        unlock: list[ev.Event] = []
        if what in LAND_BUILDINGS and player.supply.get(what, 0) < 1 and player.set_aside.get(what, 0) > 0:
            unlock = [ev.SupplyChanged(seat, what, 1, from_set_aside=True)]
        return unlock + placement_events(fold(state, unlock), seat, what, hex_id, to), ()
    raise RuleViolation(f"{what!r} cannot be placed", BONUS_RULE)


def _weapon_events(state: GameState, seat: int, item: pd.Placement, hex_id: str) -> list[ev.Event]:
    worker = next((u for u in units_at(state, hex_id, seat) if u.kind == "worker" and not u.weapon), None)
    if worker is None:
        raise RuleViolation(f"you have no unarmed worker on {hex_id}", "Weapons, l.327: one weapon per worker")
    events: list[ev.Event] = []
    if item.source != "reassign":
        if state.config.options.bank_limited and state.bank.get("weapon", 0) < 1:
            raise RuleViolation("the bank has no weapon left", "Components, l.82 (B50)")
        events.append(ev.BankChanged("weapon", -1))
    return events + [ev.UnitEquipped(worker.id, "weapon", True)]


def _unit_events(
    state: GameState, seat: int, kind: str, hex_id: str, to: str | None
) -> tuple[list[ev.Event], tuple[pd.Placement, ...]]:
    """A granted unit replaces a worker as Train does, but free and with no allowance (B68).

    If the supply has none of that unit, the grant takes one from the set-aside pieces
    (B16). An armed worker's weapon is then placed again (or goes back to the bank) [l.327].
    """
    player = state.players[seat]
    unlock: list[ev.Event] = []
    if player.supply.get(kind, 0) < 1 and player.set_aside.get(kind, 0) > 0:
        unlock = [ev.SupplyChanged(seat, kind, 1, from_set_aside=True)]
    events, worker = unit_from_worker(fold(state, unlock), seat, kind, hex_id, to)
    extra = (pd.Placement("weapon", source="reassign"),) if worker.weapon else ()
    return unlock + events, extra


def placement_candidates(state: GameState, seat: int, what: str) -> Iterator[cmd.Place]:
    """Sensible `Place` commands for one granted item (some may still be illegal)."""
    board = load_board()
    lay = layout(state)
    workers = units_of(state, seat, "worker")
    land_hexes = sorted({u.hex for u in workers if u.ferry is None})
    if what in RESOURCES:
        for h in land_hexes:
            if h in lay.land and board.hex(h).resource == what:
                yield cmd.Place(what, h)
    elif what == "worker":
        for h in worker_destinations(state, seat):
            yield cmd.Place("worker", h)
    elif what == "weapon":
        for h in sorted({u.hex for u in workers if not u.weapon}):
            yield cmd.Place("weapon", h)
    elif what == "navy":
        for h in land_hexes:
            for n in board.neighbours(h):
                if n in lay.water:
                    yield cmd.Place("navy", h, n)
    elif what in MILITARY or what in LAND_BUILDINGS:
        for h in land_hexes:
            yield cmd.Place(what, h)
    elif what in EDGE_BUILDINGS:
        for h in land_hexes:
            for n in board.neighbours(h):
                if (what == "bridge" and board.is_river(h, n)) or (what == "ferry" and n in lay.water):
                    yield cmd.Place(what, h, n)


def first_placement(state: GameState, seat: int, item: pd.Placement) -> cmd.Place | None:
    """A legal `Place` for `item`, or None if it cannot go anywhere now."""
    for c in placement_candidates(state, seat, item.what):
        try:
            place_events(state, seat, item, c.hex, c.to)
        except RuleViolation:
            continue
        return c
    return None


def can_place(state: GameState, seat: int, item: pd.Placement) -> bool:
    """True if `item` can go somewhere now."""
    return first_placement(state, seat, item) is not None
