"""GameSession: execute, undo and redo (teaching and standard games), snapshots.

[issue 5, items 6-9 and 15]
"""

from __future__ import annotations

import json
import random

import pytest

from monuments_tui.game.session import (
    SNAPSHOT_EVERY,
    GameSession,
    Step,
    Timeline,
    UndoRefused,
    hidden_or_random,
    undo_refusal,
)
from monuments_tui.rules import NotationError, RuleViolation, events as ev
from tests.session_helpers import CONFIG, battle_ready, draws_quests, enc, lines, new_session, play, play_until


def test_execute_returns_events_and_moves_the_state_on(tmp_path):
    s = new_session(tmp_path)
    before = s.state
    events = s.execute(s.legal()[0])
    assert events and s.state is not before
    step = s.history()[-1]
    assert step.seq == 1 and step.seat == 0 and step.turn == 0 and step.round == 0
    assert step.text.startswith("startquest ")
    assert s.prompt() and "Greece" in s.prompt()


def test_a_refused_command_changes_nothing(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)
    state, size = enc(s.state), s.path.stat().st_size
    with pytest.raises(RuleViolation):
        s.execute_text("play attack")
    with pytest.raises(NotationError):
        s.execute_text("fly to the moon")
    assert enc(s.state) == state and s.path.stat().st_size == size and len(s.history()) == 3


def test_sessions_without_autosave_write_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = GameSession.new(CONFIG, autosave=False)
    play(s, 5)
    s.undo()
    assert s.path is None and list(tmp_path.iterdir()) == []
    assert len(s.records()) == 6


# -- teaching games ---------------------------------------------------------------------------------
def test_teaching_undo_and_redo_any_number_of_steps_across_turns_and_draws(tmp_path):
    """Redo re-applies exactly what was undone: no re-roll, no re-shuffle (item 6)."""
    s = new_session(tmp_path, teaching=True)
    play_until(s, draws_quests)
    play(s, 15)
    states = [enc(s.state)]
    history = s.history()
    undone = []
    while s.history():
        undone.append(s.undo())
        states.append(enc(s.state))
    assert [u.seq for u in undone] == [h.seq for h in reversed(history)]
    assert s.state.phase == "setup" and not s.can_undo()[0]
    for expected in reversed(states[:-1]):
        s.redo()
        assert enc(s.state) == expected
    assert s.history() == history and not s.can_redo()


def test_undo_then_redo_is_the_identity_over_a_long_game(tmp_path):
    rnd = random.Random(11)
    s = new_session(tmp_path, teaching=True)
    for _ in range(150):
        if s.state.pending is None:
            break
        play(s, 1, rnd)
        k = rnd.randint(0, min(5, len(s.history())))
        before = enc(s.state)
        for _ in range(k):
            s.undo()
        for _ in range(k):
            s.redo()
        assert enc(s.state) == before


def test_a_new_command_after_undo_starts_a_new_line(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 10)
    taken = s.undo()
    assert s.can_redo() and s.redo_line == [taken]
    options = [c for c in s.legal() if c != taken.command]
    s.execute(options[0] if options else taken.command)
    assert not s.can_redo()
    with pytest.raises(UndoRefused, match="nothing to redo"):
        s.redo()
    kinds = [json.loads(r)["kind"] for r in lines(s.path)[1:]]
    assert kinds[-2:] == ["undo", "cmd"]  # the journal keeps the discarded line


def test_undo_and_redo_are_journal_records(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 4)
    last = s.history()[-1]
    s.undo()
    s.redo()
    s.set_teaching(False)
    raw = [json.loads(r) for r in lines(s.path)[-3:]]
    assert raw == [
        {"kind": "undo", "seq": 5, "step": last.seq},
        {"kind": "redo", "seq": 6, "step": last.seq},
        {"kind": "teaching", "seq": 7, "on": False},
    ]


def test_teaching_can_be_switched_on_later(tmp_path):
    s = new_session(tmp_path)
    play_until(s, draws_quests)
    ok, why = s.can_undo()
    assert not ok and "drew quest cards" in why
    s.set_teaching(True)
    assert s.can_undo() == (True, "")
    s.undo()
    s.close()
    loaded, _ = GameSession.load(s.path)
    assert loaded.teaching and enc(loaded.state) == enc(s.state)


# -- standard games ---------------------------------------------------------------------------------
def test_standard_undo_of_own_steps_within_the_turn(tmp_path):
    """A player may take back their own steps of the current turn (item 7)."""
    s = new_session(tmp_path)
    while s.state.phase == "setup":
        play(s, 1)
    ok, why = s.can_undo()
    assert not ok and "a new turn began" in why
    s.execute_text("play movement")
    assert s.can_undo() == (True, "")
    step = s.undo()
    assert step.text == "play movement" and s.state.pending.__struct_config__.tag == "action"
    s.redo()
    assert s.state.card_in_play == "movement"


def test_standard_undo_stops_at_the_start_of_the_turn_with_the_step_named(tmp_path):
    s = new_session(tmp_path)
    while s.state.phase == "setup":
        play(s, 1)
    s.execute_text("play movement")
    s.undo()
    with pytest.raises(UndoRefused) as info:
        s.undo()
    message = str(info.value)
    assert "cannot undo Egypt's last step (start" in message and "a new turn began" in message


def test_standard_game_refuses_an_undo_across_a_die_roll(tmp_path):
    """The attack's dice are a wall: the refusal names the step and says why (items 7, 15)."""
    position, army, target = battle_ready()
    s = new_session(tmp_path, position=position)
    s.execute_text("play attack")
    s.execute_text(f"attack {target} with army@{army}")
    rolled = s.history()[-1].events
    ok, why = s.can_undo()
    assert not ok
    assert f"Greece's last step (attack {target} with army@{army})" in why and "rolled the battle dice" in why
    with pytest.raises(UndoRefused, match="rolled the battle dice"):
        s.undo()
    s.set_teaching(True)
    s.undo()  # a teacher may take it back; redo gives the same dice
    assert s.state.battle is None
    s.redo()
    assert s.history()[-1].events == rolled
    s.close()
    loaded, _ = GameSession.load(s.path)
    assert enc(loaded.state) == enc(s.state)


def test_standard_undo_of_another_seats_step_is_refused(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)  # Greece's set-up is complete: Egypt decides now
    ok, why = s.can_undo()
    assert not ok and "Greece's step" in why and "Egypt to decide" in why


def test_every_random_event_is_a_wall():
    from monuments_tui.rules.state import Battle

    battle = Battle(0, 1, "E19", ("E20",), 3, 0, (1, 2, 0), (), True, attackers=("u7",))
    assert hidden_or_random([ev.BattleBegan(battle, 5)]) == "it rolled the battle dice"
    assert hidden_or_random([ev.QuestsDealt(0, "0-1", ("a", "b"), 3)]) == "it drew quest cards"
    assert hidden_or_random([ev.QuestDeckShuffled("0-1", ("a",), 3)]) == "it shuffled a quest deck"
    assert "die" in hidden_or_random([ev.RngAdvanced(9, "AI D6")])
    assert hidden_or_random([ev.TurnBegan(1, 2)]) == "a new turn began with it"
    assert hidden_or_random([ev.PendingSet(None), ev.ResourcesGained("E19", "wood", 1)]) is None


def test_nothing_to_undo_at_the_start(tmp_path):
    s = new_session(tmp_path, teaching=True)
    assert s.can_undo() == (False, "nothing to undo: no command has been played")
    with pytest.raises(UndoRefused):
        s.undo()


# -- snapshots --------------------------------------------------------------------------------------
def test_snapshots_are_kept_and_used(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 3 * SNAPSHOT_EVERY + 5)
    timeline: Timeline = s._timeline
    assert sorted(timeline.snapshots) == [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, 3 * SNAPSHOT_EVERY]
    for position in (0, 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 7, len(timeline.steps)):
        slow = timeline.initial
        from monuments_tui.rules import fold

        slow = fold(slow, [e for st in timeline.steps[:position] for e in st.events])
        assert enc(timeline.state_at(position)) == enc(slow)
    # Undo back below a snapshot, then a new line: snapshots past the branch are dropped.
    for _ in range(10):
        s.undo()
    assert 3 * SNAPSHOT_EVERY in timeline.snapshots  # kept for redo
    play(s, 1)
    assert max(timeline.snapshots) == 2 * SNAPSHOT_EVERY


def test_controllers_and_bot_commands(tmp_path):
    s = GameSession.new(CONFIG, seats=("human", "random"), saves_dir=tmp_path)
    assert s.controller() == "human" and s.controller(1) == "random"
    with pytest.raises(ValueError, match="person"):
        s.bot_command()
    with pytest.raises(ValueError, match="unknown seat controller"):
        GameSession.new(CONFIG, seats=("human", "wizard"), saves_dir=tmp_path)
    with pytest.raises(ValueError, match="seat controllers"):
        GameSession.new(CONFIG, seats=("human",), saves_dir=tmp_path)


def test_undo_refusal_on_a_bare_timeline():
    from monuments_tui.rules import new_game

    t = Timeline(new_game(CONFIG))
    assert undo_refusal(t, False).startswith("nothing to undo")
    assert isinstance(Step, type)
