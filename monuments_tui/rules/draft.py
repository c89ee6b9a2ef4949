"""A state being written by `evolve`: each part is copied the first time it changes.

States are never mutated once made, so a new state may share every part the events did
not touch with the state it came from (structural sharing). A `Draft` starts as a
shallow copy of its base; before an applier changes a part (a player, the units, one
unit, the resources on a hex...) it asks the draft for it, and the draft copies that part
once and hangs the copy into the new state. A step therefore costs what its events
touch, not the size of the game.

`Draft.owning(state)` writes into `state` itself, copying nothing: for a state its caller
owns whole (made by `copy_state`), as `apply_in_place` does.

Units and buildings change only through `unit`, `building`, `place` and `remove`, which
note the piece in `changed`: the new state updates its indexes of the pieces from them
(`piece_index`).
"""

from __future__ import annotations

from typing import Any, Literal

from msgspec.structs import replace

from monuments_tui.rules.state import Building, Ferry, GameState, Player, Unit, forget_board_facts


class Draft:
    """The new state `state`, written from `base`; `base` and everything in it stay unchanged."""

    __slots__ = ("state", "_mine", "changed")

    def __init__(self, base: GameState):
        self.state = replace(base)  # a new top level; `replace` leaves the facts behind
        self._mine: dict[int, object] | None = {id(self.state): self.state}
        """The parts this draft made, by id (kept alive, so an id is never reused meanwhile)."""
        self.changed: set[tuple[str, str]] = set()
        """(field, id) of every unit ("units") and building ("buildings") written."""

    @classmethod
    def owning(cls, state: GameState) -> Draft:
        """A draft that writes into `state` itself (its caller owns all of it)."""
        draft = cls.__new__(cls)
        draft.state = state
        draft._mine = None
        draft.changed = set()
        forget_board_facts(state)
        return draft

    def part(self, owner: Any, attr: str) -> Any:
        """`owner.attr`, ready to change (`owner` is already this draft's)."""
        value = getattr(owner, attr)
        if self._mine is None or id(value) in self._mine:
            return value
        value = self._copy(value)
        setattr(owner, attr, value)
        return value

    def entry(self, container: Any, key: Any) -> Any:
        """`container[key]`, ready to change (`container` is already this draft's)."""
        value = container[key]
        if self._mine is None or id(value) in self._mine:
            return value
        value = self._copy(value)
        container[key] = value
        return value

    def _copy(self, value: Any) -> Any:
        copy = value.copy() if type(value) in (list, dict) else replace(value)  # a container, or a Struct
        assert self._mine is not None
        self._mine[id(copy)] = copy
        return copy

    # -- the parts events change ---------------------------------------------------------
    def field(self, attr: str) -> Any:
        """A container field of the state (`units`, `bank`, `battles`...), ready to change."""
        return self.part(self.state, attr)

    def player(self, seat: int) -> Player:
        """The player in `seat`, ready to change (their lists and counts: through `player_part`)."""
        player: Player = self.entry(self.field("players"), seat)
        return player

    def player_part(self, seat: int, attr: str) -> Any:
        """A list or count of the player in `seat` (`hand`, `supply`...), ready to change."""
        return self.part(self.player(seat), attr)

    def unit(self, unit_id: str) -> Unit:
        """A unit on the board, ready to change."""
        self.changed.add(("units", unit_id))
        unit: Unit = self.entry(self.field("units"), unit_id)
        return unit

    def building(self, building_id: str) -> Building:
        """A building on the board, ready to change."""
        self.changed.add(("buildings", building_id))
        building: Building = self.entry(self.field("buildings"), building_id)
        return building

    def place(self, field: Literal["units", "buildings"], piece: Unit | Building) -> None:
        """Put a new unit or building on the board (the piece is the draft's own)."""
        self.changed.add((field, piece.id))
        self.field(field)[piece.id] = piece

    def remove(self, field: Literal["units", "buildings"], piece_id: str) -> Any:
        """Take a unit or building off the board; returns it."""
        self.changed.add((field, piece_id))
        return self.field(field).pop(piece_id)

    def ferry(self, ferry_id: str) -> Ferry:
        """A ferry, ready to change."""
        ferry: Ferry = self.entry(self.field("ferries"), ferry_id)
        return ferry

    def resources_at(self, place: str) -> dict[str, int]:
        """The resources on a hex or ferry, ready to change (made empty if there were none)."""
        on_place: dict[str, int] = self.keyed("resources", place, {})
        return on_place

    def keyed(self, attr: str, key: Any, default: Any) -> Any:
        """An entry of a dict field of the state (e.g. a quest deck), ready to change;
        `default`, a new object, is put there first if there is none."""
        container = self.field(attr)
        if key in container:
            return self.entry(container, key)
        container[key] = default
        if self._mine is not None:
            self._mine[id(default)] = default
        return default
