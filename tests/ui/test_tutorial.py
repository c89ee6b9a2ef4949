"""The guided first game's lessons (`ui/tutorial.py`): each fires once, at its moment, for the learner."""

from __future__ import annotations

import random

import pytest

from monuments_tui.ai.heuristic import heuristic_bot
from monuments_tui.rules import decide, fold, parse_command, pending as pd
from monuments_tui.rules.setup import new_game
from monuments_tui.ui import tutorial
from tests.session_helpers import battle_ready


def guided_game(seed: int = 5, steps: int = 400):
    """A guided game's steps, both seats played by the heuristic bot: (before, after, events)."""
    state = new_game(tutorial.learning_config(seed))
    rnd = random.Random(2)
    before, events = None, ()
    for _ in range(steps):
        yield before, state, events
        if state.pending is None:
            return
        events = tuple(decide(state, heuristic_bot(state, rnd)))
        before, state = state, fold(state, events)


def fired(game, seat: int = 0) -> list[tuple[str, object]]:
    """Each lesson as it fires, with the position it fired at."""
    shown: set[str] = set()
    out = []
    for before, after, events in game:
        lesson = tutorial.lesson_now(before, after, events, seat, frozenset(shown))
        if lesson is not None:
            assert lesson.id not in shown
            shown.add(lesson.id)
            out.append((lesson.id, after))
    return out


GAME = list(guided_game())
FIRED = fired(GAME)


def test_every_lesson_but_the_battle_fires_once_in_a_peaceful_first_game():
    ids = [i for i, _ in FIRED]
    assert len(ids) == len(set(ids))
    assert set(tutorial.LESSONS) - {"battle"} <= set(ids)
    assert ids[:4] == ["setup", "start_resource", "first_turn", "movement"]


@pytest.mark.parametrize(
    ("lesson", "decision"),
    [
        ("setup", pd.ChooseStartQuest),  # [Player set-up, l.154]
        ("start_resource", pd.ChooseStartResource),  # [l.162]
        ("movement", pd.MovementStep),  # [Movement, l.221]
        ("production", pd.ProductionStep),  # [Production, l.229]
        ("build", pd.BuildStep),  # [Build a building, l.240]
        ("populate", pd.PopulateStep),  # [Populate, l.262]
        ("monument", pd.MonumentStep),  # [Build a layer, l.272]
        ("quests_drawn", pd.ChooseQuestsToKeep),  # [Draw quest cards, l.367]
    ],
)
def test_a_decisions_lesson_fires_when_the_learner_first_meets_it(lesson, decision):
    at = dict(FIRED)[lesson]
    assert isinstance(at.pending, decision) and at.pending.seat == 0
    first = next(after for _, after, _ in GAME if isinstance(after.pending, decision) and after.pending.seat == 0)
    assert first is at


def test_the_first_turn_the_first_layer_and_a_done_quest_fire_at_their_moment():
    at = dict(FIRED)
    assert isinstance(at["first_turn"].pending, pd.ChooseAction) and at["first_turn"].players[0].turns == 1
    assert at["first_layer"].players[0].layers == 1  # [l.280]: right after the layer is built
    assert isinstance(at["turn_in"].pending, (pd.ChooseAction, pd.AfterAction))  # [l.373]


def test_the_bots_own_decisions_teach_nothing():
    """Lessons are for the learner's seat: Egypt's choices fire none for Greece, and vice versa."""
    for lesson_id, after in FIRED:
        if after.pending is not None and lesson_id in ("movement", "production", "build"):
            assert after.pending.seat == 0
    egypt = [i for i, _ in fired(GAME, seat=1)]
    assert "setup" in egypt and egypt != [i for i, _ in FIRED]


def test_a_battle_teaches_the_dice():
    """[Attack, l.337-341]: playing Attack with an army next to an enemy worker opens the battle lesson."""
    position, _, _ = battle_ready()
    after = fold(position, decide(position, parse_command("play attack")))
    lesson = tutorial.lesson_now(position, after, (), 0, frozenset({"first_turn"}))
    assert lesson is not None and lesson.id == "battle" and "pips" in lesson.text


def test_what_was_shown_is_derived_from_the_history():
    """Replaying the steps gives the same lessons as the game showed them (so reload and undo agree)."""
    from monuments_tui.game.timeline import Step

    initial = GAME[0][1]
    steps = [Step(i + 1, 0, parse_command("done"), events, 0, 0) for i, (_, _, events) in enumerate(GAME[1:])]
    assert tutorial.lessons_shown(initial, steps, 0) == frozenset(i for i, _ in FIRED)
    assert tutorial.lessons_shown(initial, [], 0) == frozenset({"setup"})
