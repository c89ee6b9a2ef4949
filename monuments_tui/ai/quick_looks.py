"""Quick looks at a step's options: which ones the heuristic bot rates in full.

Each keeps every command it does not judge and, of those it does, the `rated` most
promising by a few facts of the board, with no rule applied (`heuristic.Pruning` says how
many): unit trips, bridges and ferries, and the hexes a building or unit is put on.
"""

from __future__ import annotations

from collections import Counter
from typing import TypeGuard

from monuments_tui.ai.evaluate import wanted_resources
from monuments_tui.ai.geography import far_land, hex_resources, land_graph, nearest_target
from monuments_tui.rules import commands as cmd
from monuments_tui.rules.piece_index import units_of_seat
from monuments_tui.rules.queries import monument_hex
from monuments_tui.rules.state import GameState


def quick_moves(state: GameState, seat: int, candidates: list[cmd.Command], rated: int) -> list[cmd.Command]:
    """Keep every ferry command and the moves of the `rated` most promising (unit, from,
    to) trips: a spare worker onto free land, off a crowded hex, toward a town that needs a
    second worker; never leaving a hex empty for nothing (a quick look, no rules applied).
    And the best trip into a town that holds 1 of our workers."""
    moves = [c for c in candidates if isinstance(c, cmd.Move)]
    trips = {(c.piece, c.src, c.dst) for c in moves}
    if len(trips) <= rated:
        return candidates
    here: Counter[str] = Counter()
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
    graph, _, monuments = land_graph(tuple(state.config.civs), state.config.mode)

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

    ranked = sorted(trips, key=quick, reverse=True)
    keep = set(ranked[:rated])
    # A town needs 2 workers to populate [l.264]: the best walk into one that lacks its
    # second is rated too, though leaving a hex puts it below the walks onto free land.
    keep.update(next(([t] for t in ranked if t[2] in towns and here[t[2]] == 1), []))
    return [c for c in candidates if not isinstance(c, cmd.Move) or (c.piece, c.src, c.dst) in keep]


def workers_ashore(state: GameState, seat: int) -> Counter[str]:
    """How many of `seat`'s workers stand on each hex (those aboard a ferry left out)."""
    return Counter(u.hex for u in units_of_seat(state, seat) if u.kind == "worker" and u.ferry is None)


def is_crossing(c: cmd.Command) -> TypeGuard[cmd.Build]:
    return isinstance(c, cmd.Build) and c.piece in ("bridge", "ferry")


def quick_crossings(state: GameState, seat: int, candidates: list[cmd.Command], rated: int) -> list[cmd.Command]:
    """Keep every building and the `rated` most promising bridges and ferries (a quick look,
    no rules applied): those from a hex with a spare worker first (the one who would cross),
    then a bridge onto free land or a ferry launched nearest to free land beyond. Of the
    ferries one shore could launch, only the one nearest that land: the others rate the same
    (a trip's turns count whole slots)."""
    crossings = [c for c in candidates if is_crossing(c)]
    if len(crossings) <= rated:
        return candidates
    graph, _, monuments = land_graph(tuple(state.config.civs), state.config.mode)
    free = frozenset(far_land(state, seat))
    to_free = nearest_target(free) if free else {}
    home = monument_hex(state, seat)
    here = workers_ashore(state, seat)

    def quick(c: cmd.Build) -> float:
        spare = 4.0 if here[c.hex] > (0 if c.hex == home else 1) else 0.0
        if c.piece == "bridge":
            onto = 3.0 if c.to in free else 0.0
            return spare + onto + 0.5 * sum(1 for n in graph.get(c.to or "", ()) if n in free and n not in monuments)
        return spare + 3.0 - 0.5 * to_free.get(c.to or "", 9)

    scores = {c: quick(c) for c in crossings}
    shores: dict[str, cmd.Build] = {}
    for c in crossings:
        if c.piece == "ferry" and (c.hex not in shores or scores[c] > scores[shores[c.hex]]):
            shores[c.hex] = c
    looked = [c for c in crossings if c.piece == "bridge" or shores[c.hex] is c]
    keep = set(sorted(looked, key=scores.__getitem__, reverse=True)[:rated])
    return [c for c in candidates if not is_crossing(c) or c in keep]


def place_of(c: cmd.Command) -> tuple[str, str] | None:
    """(kind, hex) of a command that puts a building or a unit on one of our hexes."""
    if isinstance(c, cmd.Build) and not is_crossing(c):
        return c.piece, c.hex
    if isinstance(c, cmd.Train):
        return c.unit, c.hex
    if isinstance(c, cmd.Forge):
        return "weapon", c.hex
    return None


def quick_places(state: GameState, seat: int, candidates: list[cmd.Command], rated: int) -> list[cmd.Command]:
    """Keep every other command and, per kind of building or unit, the `rated` most
    promising hexes: those with the most of our workers (the hex stays held, a town gets
    its two workers), a factory where the land yields a resource we want, never a hex
    that has a building already (a quick look, no rules applied)."""
    places = {place for c in candidates if (place := place_of(c)) is not None}
    kinds = Counter(kind for kind, _ in places)
    if all(n <= rated for n in kinds.values()):
        return candidates
    here = workers_ashore(state, seat)
    built = {b.hex for b in state.buildings.values()}
    wanted = wanted_resources(state, seat)
    resource_of = hex_resources()

    def quick(place: tuple[str, str]) -> float:
        kind, h = place
        score = float(min(here[h], 3))
        if kind in ("town", "factory", "fort") and h in built:
            score -= 10.0
        if kind == "factory" and resource_of.get(h) in wanted:
            score += 1.0
        return score

    keep: set[tuple[str, str]] = set()
    for kind in kinds:
        ranked = sorted((p for p in places if p[0] == kind), key=lambda p: (-quick(p), p[1]))
        keep.update(ranked[:rated])
    return [c for c in candidates if (place := place_of(c)) is None or place in keep]
