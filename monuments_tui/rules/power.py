"""Military power: of a piece on a terrain, of a hex's defenders, of a player at the end.

[Unit table, l.178-184 (B2); Navy, Army, Air force, l.315-323; Attack, l.337;
Game end, l.401 (B70)]
"""

from __future__ import annotations

from monuments_tui.rules.queries import bonus_amount, building_usable, layout
from monuments_tui.rules.state import Building, GameState, Unit

BUILDING_POWER = {"fort": 2, "town": 1, "factory": 0, "workshop": 0, "farm": 0}
"""Fort 2, town 1 [l.246-248]; factories have no power (B2)."""


def unit_power(unit: Unit, on_land: bool, naval_assault: bool = False) -> int:
    """Power of a unit fighting over land (`on_land`) or water [Unit and building costs, l.178-182].

    Armed workers 1 on land, 0 at sea; navies 3 at sea (1 against land with the naval
    assault ability, B21); armies 3 on land, 1 aboard a ferry; air forces 2 anywhere.
    """
    if unit.kind == "worker":
        return 1 if unit.weapon and on_land else 0
    if unit.kind == "navy":
        if on_land:
            return 1 if naval_assault else 0
        return 3
    if unit.kind == "army":
        if unit.ferry is not None:
            return 1
        return 3 if on_land else 0
    if unit.kind == "air":
        return 2
    return 0


def building_power(state: GameState, building: Building) -> int:
    """Power of a working building: fort 2, town 1 [Fort, l.246; Town, l.248]; damaged ones have none [l.345]."""
    if building.damaged:
        return 0
    extra = bonus_amount(state, building.owner, "fort_power") if building.kind == "fort" else 0
    return BUILDING_POWER.get(building.kind, 0) + extra


def military_power(state: GameState, seat: int) -> int:
    """A player's military power at the end of the game (B70).

    Armed workers 1 on land (0 aboard a ferry), navies 3, armies 3 on land and 1 in a
    ferry, air forces 2; usable towns 1 and forts 2 (not while another player's units
    hold their hex). Ferries add nothing themselves: their passengers count.
    """
    lay = layout(state)
    total = 0
    for u in state.units.values():
        if u.owner != seat:
            continue
        if u.kind == "navy":
            total += 3
        elif u.kind == "air":
            total += 2
        else:
            on_land = u.ferry is None and (u.hex in lay.land or u.hex in lay.monuments)
            total += unit_power(u, on_land=on_land)
    for b in state.buildings.values():
        if b.owner == seat and building_usable(state, b):
            total += building_power(state, b)
    return total
