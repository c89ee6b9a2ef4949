"""Where pieces may go: the passability rules shared by movement, ferries and retreats.

[Movement, l.221-225; Ferry, l.254; B8, B9, B45, B46, B47]
"""

from __future__ import annotations

from functools import cache

from monuments_tui.rules.board import load_board
from monuments_tui.rules.layout import layout_for
from monuments_tui.rules.piece_index import held_by_others
from monuments_tui.rules.queries import layout, occupied_by_other
from monuments_tui.rules.state import GameState, board_fact


@cache
def _other_monuments(civs: tuple[str, ...], civ: str) -> frozenset[str]:
    board = load_board()
    return frozenset(board.monument_hex(c) for c in civs if c != civ)


def bridged(state: GameState) -> frozenset[frozenset[str]]:
    """Edges with a bridge; worked out once per arrangement of the pieces (`board_fact`)."""
    return board_fact(state, "bridged", _bridged)


def _bridged(state: GameState, key: str) -> frozenset[frozenset[str]]:
    return frozenset(frozenset((b.a, b.b)) for b in state.bridges.values())


def can_enter(state: GameState, seat: int, kind: str, hex_id: str) -> bool:
    """True if a `kind` unit of `seat` may stand in `hex_id` (ignoring the path there).

    Nobody enters an out-of-play or light-blue hex or another player's monument hex
    [l.120, l.221, l.225]; nobody enters a hex holding another player's pieces [l.223];
    workers and armies stay on land (and their own monument hex), navies on water, air
    forces go anywhere.
    """
    lay = layout(state)
    if hex_id not in lay.in_play:
        return False
    if hex_id in _other_monuments(tuple(state.config.civs), state.players[seat].civ):
        return False
    if occupied_by_other(state, hex_id, seat):
        return False
    return terrain_ok(state, kind, hex_id)


def terrain_ok(state: GameState, kind: str, hex_id: str) -> bool:
    """True if the terrain of `hex_id` suits a `kind` unit."""
    return hex_id in _terrain(state.config.civs, state.config.mode, kind)


def reachable(state: GameState, seat: int, kind: str, start: str, points: int) -> dict[str, int]:
    """Hexes a `kind` unit of `seat` can reach from `start` within `points` steps, with their cost.

    Every step enters a hex, so a path may not pass through a hex it could not stop in
    (B46); air forces may fly over occupied hexes when the `air_fly_over` option is on.
    Workers and armies cross a river only by a bridge (B45). Worked out once per state
    (every candidate move of a unit asks the same); the dict is shared, never to be changed.
    """
    return board_fact(state, ("reachable", seat, kind, start, points), _reachable)


def _reachable(state: GameState, key: tuple[str, int, str, str, int]) -> dict[str, int]:
    _, seat, kind, start, points = key
    steps = _steps(state.config.civs, state.config.mode, kind, state.players[seat].civ)
    bridges = bridged(state)
    fly_over = kind == "air" and state.config.options.air_fly_over
    others = held_by_others(state, seat)
    seen = {start}
    stops: dict[str, int] = {}
    frontier = [start]
    for cost in range(1, points + 1):  # breadth first, a ring of hexes per step
        ring = []
        for here in frontier:
            for nxt, river in steps[here]:
                if nxt in seen:
                    continue
                if river is not None and river not in bridges:
                    continue  # a river without a bridge (B45)
                blocked = nxt in others  # `occupied_by_other`
                if blocked and not fly_over:
                    continue
                seen.add(nxt)
                if not blocked:
                    stops[nxt] = cost
                ring.append(nxt)
        frontier = ring
    return stops


@cache
def _steps(
    civs: tuple[str, ...], mode: str, kind: str, civ: str
) -> dict[str, tuple[tuple[str, frozenset[str] | None], ...]]:
    """From each hex, the neighbours a `kind` unit of `civ` may step to, pieces aside, in the
    board's order; each with the river edge crossed on the way (None: no river), which only
    a bridge opens to workers and armies."""
    allowed = _allowed(civs, mode, kind, civ)
    across = _across_rivers() if kind in ("worker", "army") else {}
    out = {}
    for here, neighbours in load_board().adjacency.items():
        walled = across.get(here, frozenset())
        out[here] = tuple(
            (nxt, frozenset((here, nxt)) if nxt in walled else None) for nxt in neighbours if nxt in allowed
        )
    return out


@cache
def _allowed(civs: tuple[str, ...], mode: str, kind: str, civ: str) -> frozenset[str]:
    """The hexes a `kind` unit of civilisation `civ` may stand in, pieces aside (`can_enter`)."""
    return _terrain(civs, mode, kind) - _other_monuments(civs, civ)


@cache
def _across_rivers() -> dict[str, frozenset[str]]:
    """For each hex on a river, the neighbours across it: the only steps a bridge decides."""
    across: dict[str, set[str]] = {}
    for edge in load_board().rivers:
        a, b = tuple(edge)
        across.setdefault(a, set()).add(b)
        across.setdefault(b, set()).add(a)
    return {h: frozenset(others) for h, others in across.items()}


@cache
def _terrain(civs: tuple[str, ...], mode: str, kind: str) -> frozenset[str]:
    """The hexes in play whose terrain suits a `kind` unit: workers and armies stay on land
    (and monument hexes), navies on water, air forces go anywhere in play."""
    lay = layout_for(civs, mode)
    if kind in ("worker", "army"):
        return lay.land | lay.monuments
    if kind == "navy":
        return lay.water
    return lay.in_play


def ferry_targets(
    state: GameState, seat: int, water: str, points: int, docked: str | None
) -> dict[tuple[str, str | None], int]:
    """Where a ferry can go: (water hex, dock land hex or None) -> cost [Ferry, l.254 (B42)].

    A ferry moves centre to centre over water hexes in play, never onto another
    player's pieces, and spends a move to dock against a land hex bordering its water.
    Worked out once per state; the dict is shared, never to be changed.
    """
    return board_fact(state, ("ferry_targets", seat, water, points, docked), _ferry_targets)


def _ferry_targets(state: GameState, fact: tuple[str, int, str, int, str | None]) -> dict[tuple[str, str | None], int]:
    _, seat, water, points, docked = fact
    sailing = _sailing(state.config.civs, state.config.mode)
    others = held_by_others(state, seat)
    out: dict[tuple[str, str | None], int] = {}
    start_cost = 1 if docked is not None else 0
    if start_cost > points:
        return out
    seen = {water}
    if docked is not None:
        out[(water, None)] = 1
    frontier = [water]
    for cost in range(start_cost + 1, points + 1):  # breadth first, a ring of water hexes per move
        ring = []
        for here in frontier:
            for nxt, shore in sailing[here]:
                if shore:
                    key = (here, nxt)
                    if key != (water, docked) and key not in out:
                        out[key] = cost
                    continue
                if nxt in seen or nxt in others:  # `occupied_by_other`
                    continue
                seen.add(nxt)
                out[(nxt, None)] = cost
                ring.append(nxt)
        frontier = ring
    return out


@cache
def _sailing(civs: tuple[str, ...], mode: str) -> dict[str, tuple[tuple[str, bool], ...]]:
    """From each hex, in the board's order, its neighbours a ferry there may sail to (False:
    water in play) or dock against (True: land and monument hexes)."""
    lay = layout_for(civs, mode)
    shores = lay.land | lay.monuments
    return {
        here: tuple((nxt, nxt in shores) for nxt in neighbours if nxt in shores or nxt in lay.water)
        for here, neighbours in load_board().adjacency.items()
    }
