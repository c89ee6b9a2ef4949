"""The indexes of the pieces a state updates from the state before (`rules/piece_index.py`)
are the ones it would build from scratch, at every step of seeded random games and of a
saved game with battles, ferries and the solo AI.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monuments_tui.rules import events as ev, fold
from monuments_tui.rules.piece_index import (
    buildings_by_hex,
    controlled_land_of,
    owners_by_hex,
    resource_holders,
    units_by_hex,
    units_by_id,
)
from monuments_tui.rules.state import GameState, copy_state
from tests.helpers import on_board, random_steps, saved_steps

from .test_setup import CONFIGS

GOLDEN = Path(__file__).parent / "golden"


def indexes(state: GameState) -> dict[str, object]:
    """Every index of the pieces of `state`, as the rules ask for them."""
    out: dict[str, object] = {
        "units_by_hex": units_by_hex(state),
        "buildings_by_hex": buildings_by_hex(state),
        "owners_by_hex": owners_by_hex(state),
        "units_by_id": units_by_id(state),
    }
    for seat in range(state.seats):
        out[f"resource_holders {seat}"] = resource_holders(state, seat)
        out[f"controlled_land {seat}"] = controlled_land_of(state, seat)
    return out


def assert_updated_as_built(state: GameState) -> None:
    """The indexes of `state` (updated from the state before, which knew them all) equal
    those of a copy that knows nothing and builds them from every piece."""
    updated, built = indexes(state), indexes(copy_state(state))
    for name in built:
        assert updated[name] == built[name], name


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_indexes_of_a_random_game_are_updated_as_they_would_be_built(seed):
    updated = 0
    for _, after in random_steps(seed, CONFIGS, indexes):
        updated += "before" in after.__dict__
        assert_updated_as_built(after)
    assert updated > 30  # enough steps moved pieces to test the updates


@pytest.mark.parametrize("name", ["v2_four-players-battles.jsonl", "v2_solo-insane.jsonl"])
def test_the_indexes_of_a_saved_game_with_battles_and_ferries_are_updated_as_built(name):
    for _, after in saved_steps(GOLDEN / name, indexes):
        assert_updated_as_built(after)


def test_a_move_updates_the_hexes_it_leaves_and_enters_only():
    """Moving a worker from E19 to E20 takes it out of E19 and puts it in E20; the other
    hexes' entries are the very lists of the state before."""
    before = on_board("E19: greece w w\nF18: egypt w")
    mover, stayer = units_by_hex(before)["E19"]
    owners_by_hex(before)
    after = fold(before, [ev.UnitMoved(mover.id, "E20")])
    assert units_by_hex(after)["E19"] == [stayer]
    assert units_by_hex(after)["E20"] == [after.units[mover.id]]
    assert units_by_hex(after)["F18"] is units_by_hex(before)["F18"]
    assert owners_by_hex(after)["E20"] == {0} and owners_by_hex(after)["E19"] == {0}
    assert_updated_as_built(after)
