"""Measures of the board that several AI cards share: the AI's home continent, the islands and
the player's continent it heads for, distances, how well its towns are held, how easily a new
worker reaches new land, and a plain score of its position.

[Solo rules: Movement l.471-474, Population l.476-478, Special l.490; "best for the AI" l.424]
"""

from __future__ import annotations

from monuments_tui.rules.board import load_board
from monuments_tui.rules.power import military_power
from monuments_tui.rules.queries import (
    controlled_land,
    layout,
    occupied_by_other,
    owners_at,
    resource_totals,
    units_of,
    worker_moves,
    workers_on_land,
)
from monuments_tui.rules.reach import reachable
from monuments_tui.rules.solo.context import distance, human_seat
from monuments_tui.rules.state import GameState

HOME = {"greece": "europe", "egypt": "africa", "maya": "north_america", "inca": "south_america"}


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


# Population's priority [l.476-478]; also where the AI's layer-2 bonus workers go [l.540].
def new_worker_reach(state: GameState, seat: int, hex_id: str) -> tuple[int, int]:
    """How easily a new worker on `hex_id` reaches land the AI does not control:
    (hexes it reaches within its moves, minus the steps to the nearest one)."""

    mine = controlled_land(state, seat)
    far = reachable(state, seat, "worker", hex_id, 6)
    free = {h: d for h, d in far.items() if h in home_land(state, seat) | island_targets(state, seat) and h not in mine}
    moves = worker_moves(state, seat)
    return sum(1 for d in free.values() if d <= moves), -min(free.values(), default=9)
