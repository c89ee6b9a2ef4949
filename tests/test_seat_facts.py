"""The facts a state keeps about each seat's own pieces (`state.seat_fact`) and
carries to the states after it while that seat's pieces stay are the ones worked out from
scratch, at every step of seeded random games and of saved games with battles, ferries and
the solo AI.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monuments_tui.rules import piece_index as index
from monuments_tui.rules.content import RESOURCES, load_content
from monuments_tui.rules.queries import resource_total, resource_totals
from monuments_tui.rules.quests import any_quest_completable, check_quest, completable_quests
from monuments_tui.rules.state import GameState, copy_state
from tests.helpers import random_steps, saved_steps

from .test_setup import CONFIGS

GOLDEN = Path(__file__).parent / "golden"


def seat_facts(state: GameState) -> dict[str, object]:
    """Every fact kept per seat, as the rules ask for them; every quest's check for every seat."""
    out: dict[str, object] = {}
    for seat in range(state.seats):
        out[f"resource_holders {seat}"] = list(index.resource_holders(state, seat))
        out[f"controlled_land {seat}"] = index.controlled_land_of(state, seat)
        out[f"units {seat}"] = list(index.units_of_seat(state, seat))
        out[f"resource_totals {seat}"] = dict(resource_totals(state, seat))
        out[f"resource_total {seat}"] = {r: resource_total(state, seat, r) for r in RESOURCES}
        out[f"held_by_others {seat}"] = index.held_by_others(state, seat)
        for quest in load_content().quests:
            out[f"{quest.id} {seat}"] = check_quest(state, seat, quest.id)
        out[f"completable {seat}"] = completable_quests(state, seat)
        out[f"any completable {seat}"] = any_quest_completable(state, seat)
    return out


def carried(before: GameState, after: GameState) -> int:
    """How many seats' facts `after` took over from `before`."""
    mine, theirs = after.__dict__.get("seats", {}), before.__dict__.get("seats", {})
    return sum(1 for seat, facts in mine.items() if theirs.get(seat) is facts)


def assert_kept_as_worked_out(state: GameState) -> None:
    """The seat facts of `state` (partly carried from the states before) equal those of a copy
    that knows nothing and works each out from the pieces."""
    kept, fresh = seat_facts(state), seat_facts(copy_state(state))
    for name in fresh:
        assert kept[name] == fresh[name], name
    pieces = [*state.units.values(), *state.buildings.values()]
    for seat in range(state.seats):  # the hexes whose pieces stop `seat` [Movement, l.223], from the pieces
        assert kept[f"held_by_others {seat}"] == {p.hex for p in pieces if p.owner != seat}
        totals = kept[f"resource_totals {seat}"]
        assert isinstance(totals, dict) and all(n > 0 for n in totals.values())  # only what the seat holds
        assert kept[f"resource_total {seat}"] == {r: totals.get(r, 0) for r in RESOURCES}
        # closing an action asks only whether one quest can be turned in [Quests, l.373]
        assert kept[f"any completable {seat}"] == bool(kept[f"completable {seat}"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_seat_facts_of_a_random_game_are_kept_as_they_would_be_worked_out(seed):
    kept = moved = 0
    for state, after in random_steps(seed, CONFIGS, seat_facts):
        if after.units is not state.units:
            kept += carried(state, after)
            moved += 1
        assert_kept_as_worked_out(after)
    assert moved > 20 and kept > 20  # enough steps moved pieces while other seats kept their facts


@pytest.mark.parametrize(
    "name", ["v2_four-players-battles.jsonl", "v2_solo-insane.jsonl", "v1_0.3.0_four-players-scarcity.jsonl"]
)
def test_the_seat_facts_of_a_saved_game_with_battles_and_ferries_are_kept_as_worked_out(name):
    for _, after in saved_steps(GOLDEN / name, seat_facts):
        assert_kept_as_worked_out(after)
