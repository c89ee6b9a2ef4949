"""Replay: any save, stepped by step, turn and round; views; play from here.

[issue 5, items 10 and 15]
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.rules.pending import ChooseAction
from monuments_tui.saves.format import SaveError, read_save
from tests.session_helpers import CONFIG, draws_quests, enc, new_session, play, play_until


def _live_game(tmp_path, steps=120, seed=4):
    """A teaching game with undos and redos; returns the session and the live state after each position."""
    rnd = random.Random(seed)
    s = new_session(tmp_path, teaching=True)
    live = [enc(s.state)]
    for _ in range(steps):
        play(s, 1, rnd)
        live.append(enc(s.state))
        if rnd.random() < 0.15:
            s.undo()
            live.pop()
            if rnd.random() < 0.4:
                s.redo()
                live.append(enc(s.state))
    return s, live


def test_replay_to_any_point_equals_the_live_state_then(tmp_path):
    s, live = _live_game(tmp_path)
    r = Replay.open(s.path)
    assert len(r.steps) == len(live) - 1 and r.state is not None
    order = list(range(len(live))) + list(range(len(live) - 1, -1, -1))
    order += random.Random(1).sample(range(len(live)), 40)
    for position in order:
        r.goto(position)
        assert enc(r.state) == live[position], position
    r.to_start()
    for position in range(1, len(live)):
        assert r.forward()
        assert enc(r.state) == live[position]
    assert not r.forward() and r.at_end
    while r.back():
        assert enc(r.state) == live[r.position]
    assert r.at_start


def test_replay_shows_what_was_taken_back(tmp_path):
    s, _ = _live_game(tmp_path)
    r = Replay.open(s.path)
    assert r.taken_back
    for tb in r.taken_back:
        assert 0 <= tb.position <= len(r.steps) and tb.steps
        r.goto(tb.position)
        assert tb in r.taken_back_here()


def test_moving_by_turn_and_round(tmp_path):
    s = new_session(tmp_path)
    play(s, 150)
    r = Replay.open(s.path)
    r.to_start()
    seen = []
    while not r.at_end:
        r.next_turn()
        if r.turn > (seen[-1] if seen else 0):
            assert isinstance(r.state.pending, ChooseAction)  # a turn has just begun
            seen.append(r.turn)
    assert seen == list(range(1, r.turns + 1))
    r.goto_turn(5)
    assert r.turn == 5 and r.state.pending.seat == r.state.current
    r.forward()
    r.prev_turn()
    assert r.turn == 5 and isinstance(r.state.pending, ChooseAction)
    r.prev_turn()
    assert r.turn == 4
    r.goto_round(3)
    assert r.round == 3 and r.state.current == 0 and isinstance(r.state.pending, ChooseAction)
    r.next_round()
    assert r.round == 4
    r.forward()
    r.prev_round()
    assert r.round == 4 and r.state.current == 0
    r.prev_round()
    assert r.round == 3
    r.goto_turn(0)
    assert r.at_start and r.turn == 0 and r.round == 0
    r.goto_turn(10_000)
    assert r.at_end
    r.prev_round()
    r.goto_round(10_000)
    assert r.at_end


def test_seat_views_hide_the_other_seats_quests(tmp_path):
    s = new_session(tmp_path)
    play_until(s, draws_quests)
    play(s, 1)
    r = Replay.open(s.path)
    r.to_end()
    assert r.view(None) is r.state
    for seat in (0, 1):
        other = r.view(seat).players[1 - seat]
        assert all(q == "hidden" for q in other.quests)
        assert r.view(seat).players[seat].quests == r.state.players[seat].quests


def test_play_from_here_branches_into_a_new_save(tmp_path):
    s, live = _live_game(tmp_path, steps=60)
    original = s.path.read_bytes()
    r = Replay.open(s.path)
    r.goto(25)
    branch = r.play_from_here(tmp_path)
    assert branch.path != s.path and s.path.read_bytes() == original
    assert enc(branch.state) == live[25]
    assert [h.command for h in branch.history()] == [h.command for h in r.steps[:25]]
    assert [h.seq for h in branch.history()] == list(range(1, 26))
    assert branch.header.parent == s.path.name and branch.teaching
    play(branch, 5)
    branch.close()
    loaded, warnings = GameSession.load(branch.path)
    assert warnings == [] and enc(loaded.state) == enc(branch.state)


def test_replay_of_a_live_session(tmp_path):
    s, live = _live_game(tmp_path, steps=40)
    r = Replay.of(s)
    r.to_end()
    assert enc(r.state) == live[-1] == enc(s.state)
    r.goto(10)
    assert enc(r.state) == live[10]


def test_replay_refuses_a_broken_save(tmp_path):
    path = tmp_path / "nothing.jsonl"
    path.write_text("not a save\n")
    with pytest.raises(SaveError, match="line 1"):
        Replay.open(path)


def test_replay_of_a_new_game_is_the_deal(tmp_path):
    s = GameSession.new(CONFIG, saves_dir=tmp_path)
    r = Replay.open(s.path)
    assert r.steps == [] and r.at_start and r.at_end and r.last_step is None
    assert not r.forward() and not r.back()


# -- places, seats and the branch's header [issue 20, points 1 and 2] ----------------------------------
FOUR = Path(__file__).parent.parent / "saves" / "examples" / "four-players-scarcity.jsonl"
GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


def test_a_place_is_a_turn_a_round_or_a_step():
    r = Replay.open(FOUR)
    assert r.place_position("50") == r.place_position("t50") == r.place_position(" T50 ") == r.turn_position(50)
    assert r.place_position("r10") == r.round_position(10)
    assert r.place_position("s120") == 120
    assert r.place_position("start") == 0 and r.place_position("end") == len(r.steps)
    assert r.place_position("r999") == len(r.steps)  # past the last round: the end, as g always did
    for bad in ("x", "r", "t-3", "round 10", "s 1e3", ""):
        with pytest.raises(ValueError, match="is not a place in this game: write a turn"):
            r.place_position(bad)
    with pytest.raises(ValueError, match="step 1211 is past the end: this game has 1210 steps"):
        r.place_position("s1211")
    r.goto_place("r10")
    assert r.round == 10 and r.turn_position(r.turn) == r.position


def test_play_from_here_takes_seats_and_teaching_and_records_where_it_left_its_parent(tmp_path):
    s = new_session(tmp_path)
    play(s, 30, random.Random(5))
    s.close()
    r = Replay.open(s.path)
    r.goto(17)
    branch = r.play_from_here(tmp_path, seats=("human", "heuristic"), teaching=True)
    branch.close()
    header = read_save(branch.path).header
    assert header.parent == s.path.name and header.parent_step == 17
    assert header.seats == ("human", "heuristic") and header.teaching
    again, _ = GameSession.load(branch.path, saves_dir=tmp_path)
    assert again.header.parent_step == 17 and len(again.history()) == 17
    again.close()
    with pytest.raises(ValueError, match="unknown seat controller 'alien'"):
        r.play_from_here(tmp_path, seats=("human", "alien"))


def test_play_from_here_refuses_the_end_of_a_finished_game(tmp_path):
    r = Replay.open(FOUR)
    r.to_end()
    with pytest.raises(ValueError, match="the game is over here: step back"):
        r.play_from_here(tmp_path)
    r.back()
    branch = r.play_from_here(tmp_path)
    assert branch.state.pending is not None
    branch.close()


def test_old_saves_without_parent_step_still_load():
    assert GOLDEN
    for path in GOLDEN + sorted(FOUR.parent.glob("*.jsonl")):
        assert b"parent_step" not in path.read_bytes().split(b"\n", 1)[0]
        r = Replay.open(path)
        assert r.header.parent_step is None and r.steps
