"""One writer per save: a session holds an OS lock on its save for its whole life, a second
loader is refused and told who holds it, and no acknowledged move is ever lost
[issue 18, item 1]."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.saves.format import SaveError
from monuments_tui.saves.lock import SaveInUse, lock_path
from tests.session_helpers import enc, lines, new_session, no_loop, play

PLAYER = r"""
import sys
from monuments_tui.game.session import GameSession

session, warnings = GameSession.load(sys.argv[1])
print("loaded", len(session.history()), flush=True)
for line in sys.stdin:
    if line.strip() == "play":
        session.execute(session.bot_command())
        print("ack", len(session.history()), flush=True)
"""
"""A second process playing a save: one bot move per "play" line, acknowledged once `execute` returns."""


def _player(path):
    proc = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().split()[0] == "loaded"
    return proc


def _play(proc) -> int:
    proc.stdin.write("play\n")
    proc.stdin.flush()
    word, steps = proc.stdout.readline().split()
    assert word == "ack"
    return int(steps)


def _saved_game(tmp_path, steps=3, *, torn=False):
    s = new_session(tmp_path)
    play(s, steps)
    s.close()
    if torn:  # a crash mid-write: the first move of the next session repairs the file
        s.path.write_bytes(s.path.read_bytes() + b'{"kind":"cmd","seq":99,"se')
    return s.path


def test_a_second_loader_is_refused_while_the_first_plays_on_and_then_gets_every_acknowledged_move(tmp_path, capsys):
    path = _saved_game(tmp_path, torn=True)
    first = _player(path)
    try:
        acknowledged = 0
        for _ in range(6):
            acknowledged = _play(first)
            with pytest.raises(SaveInUse) as refused:
                GameSession.load(path)  # never reads, never repairs: the first process holds the file
            assert refused.value.pid == first.pid and f"process {first.pid}" in str(refused.value)
            assert len(Replay.open(path).steps) == acknowledged  # read-only, and the move is on disk
        assert main(["load", str(path)]) == 1
        said = capsys.readouterr().err
        assert f"process {first.pid}" in said and f"monuments replay {path}" in said
    finally:
        first.stdin.close()
        assert first.wait(timeout=60) == 0
    second, warnings = GameSession.load(path)
    assert warnings == [] and len(second.history()) == acknowledged == 3 + 6
    second.close()


def test_a_killed_game_can_be_loaded_again_at_once_with_every_acknowledged_move(tmp_path):
    path = _saved_game(tmp_path)
    first = _player(path)
    acknowledged = [_play(first) for _ in range(3)][-1]
    os.kill(first.pid, signal.SIGKILL)
    first.wait(timeout=60)
    assert lock_path(path).exists()  # left behind by the killed process: stale, not held
    again, _ = GameSession.load(path)
    assert len(again.history()) == acknowledged
    again.close()
    assert not lock_path(path).exists()


def test_a_new_game_holds_its_save_before_the_first_move(tmp_path):
    s = new_session(tmp_path)
    with pytest.raises(SaveInUse):
        GameSession.load(s.path)
    s.close()
    GameSession.load(s.path)[0].close()


def test_a_loaded_game_holds_its_save_until_it_is_closed(tmp_path):
    path = _saved_game(tmp_path)
    with GameSession.load(path)[0]:
        with pytest.raises(SaveInUse, match="monuments replay"):
            GameSession.load(path)
        assert lock_path(path).read_text().strip() == str(os.getpid())
    assert not lock_path(path).exists()
    GameSession.load(path)[0].close()


def test_a_closed_session_takes_the_lock_again_and_refuses_a_file_changed_meanwhile(tmp_path):
    path = _saved_game(tmp_path)
    s, _ = GameSession.load(path)
    s.close()
    other, _ = GameSession.load(path)
    state = enc(s.state)
    with pytest.raises(SaveInUse):
        play(s, 1)
    play(other, 2)
    other.close()
    with pytest.raises(SaveError, match="changed by another program"):
        play(s, 1)
    assert enc(s.state) == state and len(lines(path)) == 1 + 3 + 2


def test_a_closed_session_goes_on_when_nobody_touched_the_file(tmp_path):
    path = _saved_game(tmp_path)
    s, _ = GameSession.load(path)
    for _ in range(2):
        s.close()
        play(s, 2)  # its own moves are no change by another program
    s.close()
    assert len(GameSession.load(path)[0].history()) == 7


def test_a_copy_is_never_saved_over_the_game_own_save(tmp_path):
    s = new_session(tmp_path)
    play(s, 4)
    before = s.path.read_bytes()
    (tmp_path / "link.jsonl").symlink_to(s.path)
    for target in (s.path, tmp_path / "." / s.path.name, s.path.with_suffix(""), tmp_path / "link.jsonl"):
        with pytest.raises(ValueError, match="own save"):
            s.save_copy(target)
    assert s.path.read_bytes() == before
    play(s, 1)  # autosave goes on in the same file
    assert len(lines(s.path)) == 1 + 5


def test_a_copy_is_never_saved_over_another_game_being_played(tmp_path):
    a = new_session(tmp_path)
    b = new_session(tmp_path)
    play(b, 2)
    before = b.path.read_bytes()
    for replace in (False, True):
        with pytest.raises(SaveInUse):
            a.save_copy(b.path, replace=replace)
    assert b.path.read_bytes() == before
    assert not list(tmp_path.glob("*.bak"))
    b.close()
    with pytest.raises(FileExistsError):
        a.save_copy(b.path)  # nobody plays it now, but it is a game: never replaced unasked
    _, backup = a.save_copy(b.path, replace=True)  # asked: replaced, and the old game kept beside it
    assert b.path.read_bytes() != before and backup.read_bytes() == before


def test_a_new_game_never_waits_on_a_name_another_game_holds(tmp_path):
    """A save deleted while its game is played keeps its lock: a new game takes the next name."""
    first = new_session(tmp_path)
    first.path.unlink()
    with no_loop():
        second = new_session(tmp_path)
    assert second.path.name == first.path.stem + "-2.jsonl"
    first.close()
    second.close()


# -- the lock holds on the save file itself [issue: nothing from a file reaches your terminal raw, item 3] --
def test_deleting_the_lock_file_lets_no_second_writer_in(tmp_path):
    path = _saved_game(tmp_path)
    first = _player(path)
    try:
        _play(first)
        os.unlink(lock_path(path))  # a helper file beside the save, removed while the game is open
        for name in (path, tmp_path / "hard.jsonl", tmp_path / "soft.jsonl"):
            if name.name == "hard.jsonl":
                os.link(path, name)
            elif name.name == "soft.jsonl":
                name.symlink_to(path)
            with pytest.raises(SaveInUse) as refused:
                GameSession.load(name)
            assert refused.value.pid == first.pid, (name, refused.value)
            assert main(["load", str(name)]) == 1
        acknowledged = _play(first)
    finally:
        first.stdin.close()
        assert first.wait(timeout=60) == 0
    second, warnings = GameSession.load(path)  # never corrupted: every acknowledged move, nothing else
    assert warnings == [] and len(second.history()) == acknowledged
    second.close()


def test_a_hard_link_or_symlink_to_an_open_game_is_the_same_game(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)
    hard, soft = tmp_path / "hard-link.jsonl", tmp_path / "soft-link.jsonl"
    os.link(s.path, hard)
    soft.symlink_to(s.path)
    for name in (hard, soft):
        with pytest.raises(SaveInUse) as refused:
            GameSession.load(name)
        assert refused.value.pid == os.getpid()
    s.close()
    again, _ = GameSession.load(hard)
    with pytest.raises(SaveInUse):
        GameSession.load(s.path)
    again.close()


def test_a_writer_appends_only_where_it_left_the_journal(tmp_path):
    """Another program appends to the open save: the game refuses to write after it, and the file
    keeps its lines (here the other program's line is a copy of the last: the load names it)."""
    s = new_session(tmp_path)
    play(s, 3)
    before = s.path.read_bytes()
    with open(s.path, "ab") as other:
        other.write(before.splitlines(keepends=True)[-1])
    with pytest.raises(SaveError, match="another program wrote to it"):
        play(s, 1)
    assert s.path.read_bytes().startswith(before) and len(s.path.read_bytes()) < 2 * len(before)
    s.close()
    with pytest.raises(SaveError, match="line 5: record number 3 where 4 was expected"):
        GameSession.load(s.path)


def test_a_save_replaced_under_an_open_game_is_not_written_to(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)
    replaced = s.path.read_bytes()
    tmp = tmp_path / "other"
    tmp.write_bytes(replaced)
    os.replace(tmp, s.path)
    with pytest.raises(SaveError, match="was removed or replaced"):
        play(s, 1)
    assert s.path.read_bytes() == replaced
    s.close()


def test_a_torn_tail_repaired_keeps_the_lock_on_the_new_file(tmp_path):
    path = _saved_game(tmp_path, torn=True)
    s, warnings = GameSession.load(path)
    assert warnings
    play(s, 1)  # the repair replaces the file: the lock moves onto the new one before it takes the name
    os.unlink(lock_path(path))
    with pytest.raises(SaveInUse) as refused:
        GameSession.load(path)
    assert refused.value.pid == os.getpid()
    s.close()
