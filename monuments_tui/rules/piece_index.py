"""Indexes of the pieces of a state (who stands where), and how a step updates them.

Rules ask hex after hex who stands there, so each state works these out once
(`state.board_fact`). A state whose events moved, placed, removed or changed some pieces
derives each index from the one of the state before, redoing only the entries of the
pieces that changed (`PieceChanges`); every other fact about the pieces is worked out
afresh. Each index is built from scratch and updated here, side by side, and
tests/test_piece_index.py checks at every step of seeded games that the two agree.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Hashable, Iterable
from functools import cache
from typing import Any, TypeVar

from monuments_tui.rules.layout import layout_for
from monuments_tui.rules.state import FACT_UPDATES, Building, GameState, PieceChanges, Unit, board_fact, seat_fact

P = TypeVar("P", Unit, Building)

CONTROLLERS_OF_LAND = ("worker", "army", "air")
"""Units that control a land hex [Monument, l.272; Game end, l.400]."""


@cache  # the same few ids are sorted in every state
def id_key(piece_id: str) -> tuple[str, int]:
    """The order of piece ids: by prefix, then by number ("w2" before "w10")."""
    head = piece_id.rstrip("0123456789")
    tail = piece_id[len(head) :]
    return head, int(tail) if tail else 0


def piece_id(change: tuple[P | None, P | None]) -> str:
    """The id of the piece a change is about (it exists before, after, or both)."""
    old, new = change
    piece = old if old is not None else new
    assert piece is not None, "a change has a piece on one side at least"
    return piece.id


def _piece_key(piece: Unit | Building) -> tuple[str, int]:
    return id_key(piece.id)


# -- the indexes -------------------------------------------------------------------------------
def units_by_hex(state: GameState) -> dict[str, list[Unit]]:
    """Every unit on the board by the hex it stands in (ferry passengers: the ferry's water
    hex), by id; worked out once per state, as rules ask hex after hex. Never to be changed."""
    return board_fact(state, "units_by_hex", _units_by_hex)


def buildings_by_hex(state: GameState) -> dict[str, list[Building]]:
    """Every building by its hex, by id; worked out once per state. Never to be changed."""
    return board_fact(state, "buildings_by_hex", _buildings_by_hex)


def owners_by_hex(state: GameState) -> dict[str, frozenset[int]]:
    """The seats with a unit or building in each hex; worked out once per state."""
    return board_fact(state, "owners_by_hex", _owners)


def units_by_id(state: GameState) -> list[Unit]:
    """Every unit on the board, by id; worked out once per state. Never to be changed."""
    return board_fact(state, "units_by_id", _units_by_id)


def resource_holders(state: GameState, seat: int) -> list[str]:
    """Places whose resources `seat` controls: hexes with its worker, and ferries carrying one [l.229].
    Kept while the seat's own pieces stay (`seat_fact`); never to be changed."""
    return seat_fact(state, seat, "resource_holders", _resource_holders)


def controlled_land_of(state: GameState, seat: int) -> frozenset[str]:
    """Land hexes `seat` controls: its workers, armies or air forces there; never a monument
    hex [l.272, l.276]. Kept while the seat's own pieces stay (`seat_fact`)."""
    return seat_fact(state, seat, "controlled_land", _controlled_land)


def units_of_seat(state: GameState, seat: int) -> list[Unit]:
    """Every unit of `seat` on the board, by id; kept while the seat's own pieces stay
    (`seat_fact`). Never to be changed."""
    return seat_fact(state, seat, "units", _units_of_seat)


def _units_of_seat(state: GameState, seat: int, key: object) -> list[Unit]:
    return sorted([u for u in state.units.values() if u.owner == seat], key=_piece_key)


def held_by_others(state: GameState, seat: int) -> frozenset[str]:
    """Hexes holding a unit or building of a seat other than `seat` (ferry passengers: the
    ferry's water hex) [Movement, l.223]: one scan of the pieces, kept while `seat` moves
    its own (where the hex index `owners_by_hex` would be redone for every move)."""
    return board_fact(state, ("held_by_others", seat), _held_by_others)


def _held_by_others(state: GameState, key: tuple[str, int]) -> frozenset[str]:
    seat = key[1]
    units = [u.hex for u in state.units.values() if u.owner != seat]
    return frozenset(units + [b.hex for b in state.buildings.values() if b.owner != seat])


def group_by_hex(pieces: Iterable[P]) -> dict[str, list[P]]:
    """Pieces by the hex they stand in, each hex's by id."""
    out: dict[str, list[P]] = {}
    for piece in pieces:
        here = out.get(piece.hex)
        if here is None:
            out[piece.hex] = [piece]
        else:
            here.append(piece)
    for here in out.values():
        if len(here) > 1:
            here.sort(key=_piece_key)
    return out


def _units_by_hex(state: GameState, key: object) -> dict[str, list[Unit]]:
    return group_by_hex(state.units.values())


def _buildings_by_hex(state: GameState, key: object) -> dict[str, list[Building]]:
    return group_by_hex(state.buildings.values())


def _units_by_id(state: GameState, key: object) -> list[Unit]:
    return sorted(state.units.values(), key=_piece_key)


def _owners(state: GameState, key: object) -> dict[str, frozenset[int]]:
    owners: dict[str, set[int]] = {}
    for unit in state.units.values():
        owners.setdefault(unit.hex, set()).add(unit.owner)
    for building in state.buildings.values():
        owners.setdefault(building.hex, set()).add(building.owner)
    return {h: frozenset(seats) for h, seats in owners.items()}


def _resource_holders(state: GameState, seat: int, key: object) -> list[str]:
    places = {u.ferry if u.ferry else u.hex for u in units_of_seat(state, seat) if u.kind == "worker"}
    return sorted(places, key=id_key)


@cache
def _land(civs: tuple[str, ...], mode: str) -> frozenset[str]:
    return layout_for(civs, mode).land


def _controlled_land(state: GameState, seat: int, key: object) -> frozenset[str]:
    land = _land(tuple(state.config.civs), state.config.mode)
    return frozenset(
        [
            u.hex
            for u in units_of_seat(state, seat)
            if u.kind in CONTROLLERS_OF_LAND and u.ferry is None and u.hex in land
        ]
    )


# -- how a step updates them -------------------------------------------------------------------
Update = Callable[[GameState, Any, PieceChanges, Hashable], Any]


def _updates(kind: str) -> Callable[[Update], Update]:
    def register(fn: Update) -> Update:
        FACT_UPDATES[kind] = fn
        return fn

    return register


def _regroup(index: dict[str, list[P]], changes: Iterable[tuple[P | None, P | None]]) -> dict[str, list[P]]:
    """`index` (a `group_by_hex`) with each changed piece taken out where it was and put in where it is."""
    out = dict(index)
    for old, new in changes:
        if old is not None:
            rest = [p for p in out[old.hex] if p.id != old.id]
            if rest:
                out[old.hex] = rest
            else:
                del out[old.hex]
        if new is not None:
            there = list(out.get(new.hex, ()))
            insort(there, new, key=_piece_key)
            out[new.hex] = there
    return out


@_updates("units_by_hex")
def _units_by_hex_after(state: GameState, index: Any, changes: PieceChanges, key: Hashable) -> Any:
    return _regroup(index, changes.units) if changes.units else index


@_updates("buildings_by_hex")
def _buildings_by_hex_after(state: GameState, index: Any, changes: PieceChanges, key: Hashable) -> Any:
    return _regroup(index, changes.buildings) if changes.buildings else index


@_updates("owners_by_hex")
def _owners_by_hex_after(state: GameState, index: Any, changes: PieceChanges, key: Hashable) -> Any:
    """The owners of each hex a changed piece left or entered, asked again of the new state."""
    out = dict(index)
    hexes = {p.hex for change in (*changes.units, *changes.buildings) for p in change if p is not None}
    units, buildings = units_by_hex(state), buildings_by_hex(state)
    for h in hexes:
        seats = {u.owner for u in units.get(h, ())} | {b.owner for b in buildings.get(h, ())}
        if seats:
            out[h] = frozenset(seats)
        else:
            out.pop(h, None)
    return out


@_updates("held_by_others")
def _held_by_others_after(state: GameState, known: Any, changes: PieceChanges, key: Hashable) -> Any:
    """Kept while only the seat's own pieces changed (it moving its units); else worked out again."""
    seat = key[1]  # type: ignore[index]
    pieces = [p for change in (*changes.units, *changes.buildings) for p in change if p is not None]
    return known if all(p.owner == seat for p in pieces) else None


@_updates("units_by_id")
def _units_by_id_after(state: GameState, index: Any, changes: PieceChanges, key: Hashable) -> Any:
    if not changes.units:
        return index
    changed = {piece_id(change) for change in changes.units}
    out = [u for u in index if u.id not in changed]
    for _, new in changes.units:
        if new is not None:
            insort(out, new, key=_piece_key)
    return out
