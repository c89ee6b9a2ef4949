"""States share what an event leaves alone, and no state changes once made.

`evolve`/`fold` copy only the parts an event changes (`rules/draft.py`), so a step costs
what it touches, not the size of the game. These tests guard both halves: the new state
shares the untouched parts, and every earlier state of a game is exactly as it was made.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from monuments_tui.game.timeline import load_save
from monuments_tui.rules import events as ev
from monuments_tui.rules.evolve import apply_in_place, evolve, fold
from monuments_tui.rules.queries import owners_at, units_at, units_by_hex
from monuments_tui.rules.reach import reachable
from monuments_tui.rules.state import copy_state
from tests.helpers import on_board

GOLDEN = Path(__file__).parent / "golden"
GAMES = ["v2_four-players-battles.jsonl", "v2_solo-insane.jsonl", "v2_teaching-undo-redo.jsonl"]


@pytest.mark.parametrize("name", GAMES)
def test_every_state_of_a_game_stays_as_it_was_made(name):
    """Each step folded onto the last leaves every earlier state unchanged, for every event of
    a game with battles, ferries and the solo AI; and the last equals the game folded in place."""
    _, rebuilt = load_save(GOLDEN / name)
    timeline = rebuilt.timeline
    states = [timeline.initial]
    made = [msgspec.msgpack.encode(timeline.initial)]
    owned = copy_state(timeline.initial)
    for step in timeline.steps:
        states.append(fold(states[-1], step.events))
        made.append(msgspec.msgpack.encode(states[-1]))
        for e in step.events:
            apply_in_place(owned, e)
    assert [msgspec.msgpack.encode(s) for s in states] == made
    assert msgspec.msgpack.encode(owned) == made[-1]


def test_a_step_shares_every_part_it_leaves_alone():
    """Resources gained on E19 copy the resources and the bank, and share the units, the
    buildings, the players and the other hexes' resources with the state before."""
    before = on_board("E19: greece w 1wood\nF18: egypt w 1food")
    after = evolve(before, ev.ResourcesGained("E19", "wood", 1))
    assert after.resources["E19"] == {"wood": 2} and before.resources["E19"] == {"wood": 1}
    assert after.bank["wood"] == before.bank["wood"] - 1
    assert after.units is before.units and after.players is before.players
    assert after.buildings is before.buildings
    assert after.resources["F18"] is before.resources["F18"]


def test_a_moved_unit_is_copied_and_the_others_are_shared():
    before = on_board("E19: greece w\nF18: egypt w")
    [mover] = units_at(before, "E19")
    [other] = units_at(before, "F18")
    after = evolve(before, ev.UnitMoved(mover.id, "E20"))
    assert before.units[mover.id].hex == "E19" and after.units[mover.id].hex == "E20"
    assert after.units[other.id] is other
    assert after.players is before.players


def test_facts_worked_out_for_a_state_are_not_carried_to_the_next():
    """Who stands where, and where a unit can go, are kept per state: a move shows at once."""
    before = on_board("E19: greece w\nF18: egypt w")
    [mover] = units_at(before, "E19")
    assert owners_at(before, "E20") == frozenset() and "E20" in reachable(before, 0, "worker", "E19", 1)
    after = evolve(before, ev.UnitMoved(mover.id, "E20"))
    assert units_at(after, "E19") == [] and owners_at(after, "E20") == {0}
    assert units_at(before, "E19") == [before.units[mover.id]]


def test_a_step_that_moves_no_piece_keeps_the_facts_about_the_pieces():
    """Gaining a resource leaves every piece where it was: the next state reuses who stands where."""
    before = on_board("E19: greece w 1wood\nF18: egypt w")
    known = units_by_hex(before)
    after = evolve(before, ev.ResourcesGained("E19", "wood", 1))
    assert units_by_hex(after) is known
    moved = evolve(after, ev.UnitMoved(known["E19"][0].id, "E20"))
    assert units_by_hex(moved) is not known and "E19" not in units_by_hex(moved)


def test_a_state_changed_in_place_forgets_its_facts():
    """`apply_in_place` changes a state its caller owns: what was worked out for it is dropped."""
    owned = copy_state(on_board("E19: greece w\nF18: egypt w"))
    [mover] = units_at(owned, "E19")
    apply_in_place(owned, ev.UnitMoved(mover.id, "E20"))
    assert units_at(owned, "E19") == [] and owners_at(owned, "E20") == {0}
