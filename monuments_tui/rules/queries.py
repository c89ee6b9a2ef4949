"""Facts derived from a state: who is where, who controls what, what bonuses add up to.

These are read-only helpers shared by every action module, so that a rule such as
"resources are controlled by a worker on their hex" is written once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from monuments_tui.rules.board import load_board
from monuments_tui.rules.content import Resource, load_content
from monuments_tui.rules.layout import Layout, layout_for
from monuments_tui.rules.piece_index import (
    CONTROLLERS_OF_LAND as CONTROLLERS_OF_LAND,  # for the modules that ask here
    buildings_by_hex,
    controlled_land_of,
    held_by_others,
    owners_by_hex,
    resource_holders,
    units_by_hex,
    units_by_id,
    units_of_seat,
)
from monuments_tui.rules.state import Building, GameState, Unit


def layout(state: GameState) -> Layout:
    """Which hexes are in play, land and water for this game's set-up."""
    return _layout(state.config.civs, state.config.mode)


@cache
def _layout(civs: tuple[str, ...], mode: str) -> Layout:
    return layout_for(tuple(civs), mode)


@cache
def _home_monument(civ: str) -> str:
    return load_board().monument_hex(civ)


def monument_hex(state: GameState, seat: int) -> str:
    """The monument hex of `seat`'s civilisation."""
    return _home_monument(state.players[seat].civ)


UNIT_WORDS = {
    "w": "worker",
    "ws": "armed worker",
    "wh": "worker on horseback",
    "wsh": "armed worker on horseback",
    "army": "army",
    "navy": "navy",
    "air": "air force",
}
"""A unit code in plain words, for messages."""


def unit_words(code: str) -> str:
    """ "ws" -> "armed worker (ws)": the words, then the code to type."""
    words = UNIT_WORDS.get(code)
    return f"{words} ({code})" if words and words != code else code


def piece_code(unit: Unit) -> str:
    """The notation code of a unit: "w", "ws", "wh", "wsh", "army", "navy" or "air"."""
    if unit.kind != "worker":
        return unit.kind
    return "w" + ("s" if unit.weapon else "") + ("h" if unit.horse else "")


def units_at(state: GameState, hex_id: str, seat: int | None = None) -> list[Unit]:
    """Units standing in `hex_id` (including ferry passengers there), by id."""
    here = units_by_hex(state).get(hex_id, ())
    return [u for u in here if seat is None or u.owner == seat]


def units_of(state: GameState, seat: int, kind: str | None = None) -> list[Unit]:
    """All units of `seat` on the board (optionally of one kind), by id."""
    return [u for u in units_of_seat(state, seat) if kind is None or u.kind == kind]


def passengers(state: GameState, ferry_id: str) -> list[Unit]:
    """The units aboard a ferry, by id. They stand in its water hex; under 0.3.0's rules
    (`passengers_sail_with_ferry` off) they stay in the hex where they boarded, so every
    unit is looked at."""
    if state.config.options.passengers_sail_with_ferry:
        here: Iterable[Unit] = units_at(state, state.ferries[ferry_id].water)
    else:
        here = units_by_id(state)
    return [u for u in here if u.ferry == ferry_id]


def buildings_at(state: GameState, hex_id: str, seat: int | None = None) -> list[Building]:
    """Buildings on `hex_id`, by id."""
    here = buildings_by_hex(state).get(hex_id, ())
    return [b for b in here if seat is None or b.owner == seat]


def workers_on_land(state: GameState, seat: int, hex_id: str) -> list[Unit]:
    """`seat`'s workers standing on `hex_id` itself (not aboard a ferry)."""
    here = units_by_hex(state).get(hex_id, ())
    return [u for u in here if u.owner == seat and u.kind == "worker" and u.ferry is None]


def owners_at(state: GameState, hex_id: str) -> frozenset[int]:
    """Seats with a unit or building in `hex_id` (ferry passengers count for their water hex)."""
    return owners_by_hex(state).get(hex_id, frozenset())


def occupied_by_other(state: GameState, hex_id: str, seat: int) -> bool:
    """True if another player has a unit or building in `hex_id` [Movement, l.223]."""
    return hex_id in held_by_others(state, seat)


def controlled_resources(state: GameState, seat: int) -> dict[str, dict[Resource, int]]:
    """Resources `seat` may spend, by place [Production, l.229; Factory, l.250]."""
    out = {}
    for place in resource_holders(state, seat):
        on = state.resources.get(place)
        if on:
            out[place] = dict(on)
    return out


def resource_totals(state: GameState, seat: int) -> dict[Resource, int]:
    """Totals of each resource `seat` controls, only those it has (ask `.get(r, 0)`: a plain
    dict, as a `Counter` costs more to make than to add up). Never to be changed."""
    totals: dict[Resource, int] = {}
    on = state.resources
    for place in resource_holders(state, seat):
        on_place = on.get(place)
        if on_place:
            for resource, n in on_place.items():
                totals[resource] = totals.get(resource, 0) + n
    return totals


def resource_total(state: GameState, seat: int, resource: Resource) -> int:
    """How many of `resource` `seat` controls (`resource_totals` of one resource)."""
    on = state.resources
    return sum(on_place.get(resource, 0) for place in resource_holders(state, seat) if (on_place := on.get(place)))


HEX_LIMIT = 5
"""Most resources one hex may hold [Production, l.232]; carrying onto a hex keeps to it too (B52)."""


def resources_on(state: GameState, place: str) -> int:
    """How many resources lie on a hex (or ferry)."""
    return sum(state.resources.get(place, {}).values())


def room_on(state: GameState, hex_id: str) -> int:
    """How many more resources fit on `hex_id` (below 0 if it holds too many) [Production, l.232]."""
    return HEX_LIMIT - resources_on(state, hex_id)


def controlled_land(state: GameState, seat: int) -> set[str]:
    """Land hexes `seat` controls: its workers, armies or air forces there; never a monument hex [l.272, l.276]."""
    return set(controlled_land_of(state, seat))


def controlled_water(state: GameState, seat: int) -> set[str]:
    """Water hexes `seat` controls: navies, air forces, or its units aboard a ferry there."""
    water = layout(state).water
    return {u.hex for u in units_of_seat(state, seat) if u.hex in water}


def hex_controller(state: GameState, hex_id: str) -> int | None:
    """The seat whose units control `hex_id`, or None (buildings alone control nothing, B40)."""
    for u in state.units.values():
        if u.hex == hex_id:
            return u.owner
    return None


def building_usable(state: GameState, building: Building) -> bool:
    """An undamaged building whose hex no other player's units hold [Attack, l.345, l.359]."""
    if building.damaged:
        return False
    return not any(u.owner != building.owner for u in units_at(state, building.hex))


def bonus_amount(state: GameState, seat: int, effect: str) -> int:
    """Sum of the amounts of `seat`'s common bonus cards with `effect`."""
    return _bonus_amounts(tuple(state.players[seat].bonuses)).get(effect, 0)


@lru_cache(maxsize=4096)  # players hold a few of the same cards all game, and rules ask at every step
def _bonus_amounts(bonuses: tuple[str, ...]) -> dict[str, int]:
    """The amounts of the common bonus cards `bonuses`, added up by effect."""
    cards = load_content().common_by_id
    amounts: dict[str, int] = {}
    for card in bonuses:
        amounts[cards[card].effect] = amounts.get(cards[card].effect, 0) + cards[card].amount
    return amounts


def has_ability(state: GameState, seat: int, effect: str) -> bool:
    """True if `seat` holds the ability card with `effect` (never in solo, l.442)."""
    ability = state.players[seat].ability
    return ability is not None and load_content().ability_by_id[ability].effect == effect


def has_military_allowance(state: GameState, seat: int) -> bool:
    """True if `seat` may train units, forge weapons and attack [Train, l.309; Attack, l.335 (B38)].

    A player needs a common bonus card with the military allowance; the solo AI never
    does (its Special card trains without it, l.488).
    """
    if state.config.ai_seat == seat:
        return True
    return bonus_amount(state, seat, "military_allowance") > 0


def is_green(state: GameState, seat: int, card: str) -> bool:
    """True if `seat` has upgraded `card`."""
    return card in state.players[seat].green


def worker_moves(state: GameState, seat: int) -> int:
    """Movement points of `seat`'s workers: 1, +1 per worker-movement bonus (B49)."""
    return 1 + bonus_amount(state, seat, "worker_move") + _ai_move_bonus(state, seat)


def _ai_move_bonus(state: GameState, seat: int) -> int:
    # The solo AI's layer-1 bonus: all its workers +1 movement [Solo, l.539].
    if state.config.ai_seat == seat and state.players[seat].layers >= 1:
        return 1
    return 0


def carry_limit(state: GameState, unit: Unit) -> int:
    """Resources a worker may carry: 1, more with bonuses; 2 with a horse [Movement, l.221]."""
    if unit.kind != "worker":
        return 0
    base = 1 + bonus_amount(state, unit.owner, "worker_carry")
    return max(base, 2) if unit.horse else base
