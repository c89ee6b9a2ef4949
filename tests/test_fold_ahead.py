"""A step's fold starts from the state a rule already folded its first events into
(`evolve.fold_ahead`, `evolve.fold_then`), and gives the very state a fold from scratch would."""

from __future__ import annotations

import msgspec
import pytest

from monuments_tui.rules import decide, events as ev, fold, legal_commands
from monuments_tui.rules.evolve import fold_ahead, fold_then
from monuments_tui.rules.pending import AfterAction
from monuments_tui.rules.quests import completable_quests
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


def _encoded(state):
    return msgspec.msgpack.encode(state)


def test_the_events_that_close_an_action_are_written_into_the_state_they_were_read_from():
    before = on_board("E19: greece w 1wood")
    first = [ev.ResourcesGained("E19", "wood", 1)]
    seen = []

    def then(after):
        seen.append((after, _encoded(after), completable_quests(after, 0)))
        return [ev.PendingSet(AfterAction(0))]

    events = fold_then(before, first, then)
    after, as_read, _ = seen[0]
    assert events[:1] == first and events[1:] == [ev.PendingSet(AfterAction(0))]
    assert fold(before, events) is after  # remembered whole: the step's own fold folds nothing again
    assert after.pending == AfterAction(0)  # written after `then` read it:
    assert msgspec.msgpack.decode(as_read, type=type(after)).pending != after.pending
    fresh = msgspec.msgpack.decode(_encoded(before), type=type(before))
    assert _encoded(after) == _encoded(fold(fresh, events))


def test_an_event_that_moves_a_piece_may_not_follow_in_the_same_fold():
    before = on_board("E19: greece w 1wood")
    with pytest.raises(TypeError, match="ResourcesGained may not follow"):
        fold_then(before, [], lambda after: [ev.ResourcesGained("E19", "food", 1)])
