"""A step's fold starts from the state a rule already folded its first events into
(`evolve.fold_ahead`), and gives the very state a fold from scratch would."""

from __future__ import annotations

import msgspec

from monuments_tui.rules import decide, events as ev, fold, legal_commands
from monuments_tui.rules.evolve import fold_ahead
from tests.helpers import on_board, run


def test_a_fold_of_the_remembered_events_and_more_starts_from_the_remembered_state():
    before = on_board("E19: greece w 1wood")
    first = [ev.ResourcesGained("E19", "wood", 1)]
    ahead = fold_ahead(before, first)
    rest = [ev.ResourcesGained("E19", "food", 1)]
    assert fold(before, first) is ahead
    after = fold(before, first + rest)
    assert after.resources["E19"] == {"wood": 2, "food": 1}
    assert after.bank is not ahead.bank and after.units is ahead.units  # folded on from `ahead`


def test_other_events_than_the_remembered_ones_are_folded_from_the_state_itself():
    before = on_board("E19: greece w 1wood")
    fold_ahead(before, [ev.ResourcesGained("E19", "wood", 1)])
    other = fold(before, [ev.ResourcesGained("E19", "food", 1)])  # an equal event, not the same object
    assert other.resources["E19"] == {"wood": 1, "food": 1}
    assert fold(before, [ev.ResourcesGained("E19", "wood", 1)]).resources["E19"] == {"wood": 2}


def test_the_steps_of_a_game_fold_to_the_states_a_fold_from_scratch_gives():
    state = run(on_board("E19: greece w 2wood 1food"), "play production")
    for _ in range(6):
        legal = legal_commands(state)
        if not legal:
            break
        events = decide(state, legal[0])  # its rules folded the first events ahead
        fresh = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
        assert msgspec.msgpack.encode(fold(state, events)) == msgspec.msgpack.encode(fold(fresh, events))
        state = fold(state, events)
