"""The hexes a step changed: what the map marks until the next step ("what just happened").

A hex changed if anything drawn on or about it differs between the two states: a unit
(where it stands, its kind, weapon and horse), a building (and its damage), the resources
lying there or aboard a ferry on it, a ferry, a bridge, or the monument's layers. Everything
compared is public, so the marks tell no seat a secret. Pure: no Textual.
"""

from __future__ import annotations

from monuments_tui.rules.board import load_board
from monuments_tui.rules.state import GameState


def _signatures(state: GameState) -> dict[str, list[tuple]]:
    """What is on each hex, as comparable tuples (hexes with nothing are left out)."""
    out: dict[str, list[tuple]] = {}
    ferries = state.ferries
    for u in state.units.values():
        ferry = ferries.get(u.ferry) if u.ferry is not None else None
        where = ferry.water if ferry is not None else u.hex
        out.setdefault(where, []).append(("u", u.id, u.owner, u.kind, u.weapon, u.horse, u.ferry))
    for b in state.buildings.values():
        out.setdefault(b.hex, []).append(("b", b.id, b.owner, b.kind, b.damaged))
    for f in ferries.values():
        out.setdefault(f.water, []).append(("f", f.id, f.land))
        if f.land is not None:
            out.setdefault(f.land, []).append(("f", f.id))
    for place, on in state.resources.items():
        ferry = ferries.get(place)
        where = ferry.water if ferry is not None else place
        out.setdefault(where, []).append(("r", place, tuple(sorted((r, n) for r, n in on.items() if n))))
    for bridge in state.bridges.values():
        for end in (bridge.a, bridge.b):
            out.setdefault(end, []).append(("br", bridge.a, bridge.b))
    board = load_board()
    for p in state.players:
        out.setdefault(board.monument_hex(p.civ), []).append(("L", p.civ, p.layers))
    return out


def changed_hexes(before: GameState | None, after: GameState | None) -> frozenset[str]:
    """The hexes whose contents differ between `before` and `after` (none if either is missing)."""
    if before is None or after is None:
        return frozenset()
    old, new = _signatures(before), _signatures(after)
    return frozenset(
        h for h in old.keys() | new.keys() if sorted(old.get(h, ()), key=repr) != sorted(new.get(h, ()), key=repr)
    )
