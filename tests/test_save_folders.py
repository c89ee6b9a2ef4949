"""Operational edges of writing saves: a saves folder that is a file, whole files written
atomically, and a new game that fails to start leaves no file [issue 18, item 5]."""

from __future__ import annotations

import os

import pytest

from monuments_tui import records
from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.rules.config import GameConfig
from monuments_tui.saves.journal import write_game
from tests.session_helpers import CONFIG, new_session, no_loop, play

SOLO = GameConfig(civs=("greece", "egypt"), mode="abundance", seed=3, solo="normal")


@pytest.fixture
def folder_is_a_file(tmp_path):
    path = tmp_path / "saves"
    path.write_text("not a folder\n")
    return path


def test_a_new_game_in_a_saves_folder_that_is_a_file_says_so(folder_is_a_file):
    with no_loop(), pytest.raises(NotADirectoryError, match=f"the saves folder {folder_is_a_file} is a file"):
        GameSession.new(CONFIG, saves_dir=folder_is_a_file)
    with no_loop(), pytest.raises(NotADirectoryError, match="part of its path is a file"):
        GameSession.new(CONFIG, saves_dir=folder_is_a_file / "inside")
    assert folder_is_a_file.read_text() == "not a folder\n"


def test_play_from_here_and_import_in_a_saves_folder_that_is_a_file_say_so(tmp_path, folder_is_a_file, capsys):
    s = new_session(tmp_path)
    play(s, 5)
    s.close()
    replay = Replay.open(s.path)
    replay.goto(3)
    with no_loop(), pytest.raises(NotADirectoryError, match="is a file"):
        replay.play_from_here(folder_is_a_file)
    record = tmp_path / "game.txt"
    record.write_text(records.export_text(s.path))
    with no_loop():
        assert main(["--saves", str(folder_is_a_file), "import", str(record)]) == 1
    assert f"the saves folder {folder_is_a_file} is a file" in capsys.readouterr().err


def test_simulated_games_in_a_saves_folder_that_is_a_file_say_so(folder_is_a_file):
    with no_loop(), pytest.raises(NotADirectoryError, match="is a file"):
        write_game(folder_is_a_file, CONFIG, ("random", "random"), [])


def _disk_full_half_way(monkeypatch):
    real_write = os.write

    def half_then_fail(fd, data):
        real_write(fd, bytes(data[: max(1, len(data) // 2)]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_fail)


def test_write_game_is_whole_or_nothing(tmp_path, monkeypatch):
    s = new_session(tmp_path / "played")
    play(s, 8)
    played = [(step.seat, step.command, step.events) for step in s.history()]
    _disk_full_half_way(monkeypatch)
    with pytest.raises(OSError):
        write_game(tmp_path / "out", CONFIG, s.seats, played)
    monkeypatch.undo()
    assert os.listdir(tmp_path / "out") == []  # neither a partial save nor a temp file
    first = write_game(tmp_path / "out", CONFIG, s.seats, played)
    second = write_game(tmp_path / "out", CONFIG, s.seats, played)
    assert first != second and second.stem == first.stem + "-2"  # a unique name, never a replaced file
    assert Replay.open(second).steps[-1].events == s.history()[-1].events


def test_a_new_game_whose_save_cannot_be_written_leaves_no_file(tmp_path, monkeypatch):
    _disk_full_half_way(monkeypatch)
    with pytest.raises(OSError):
        GameSession.new(CONFIG, saves_dir=tmp_path)
    with pytest.raises(OSError):
        GameSession.new(CONFIG, path=tmp_path / "chosen.jsonl")
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == []
    GameSession.new(CONFIG, path=tmp_path / "chosen.jsonl").close()  # the name is free: nothing was left


@pytest.mark.parametrize(
    "config, seats",
    [(SOLO, ("human", "human")), (SOLO, ("random", "ai")), (CONFIG, ("ai", "human")), (CONFIG, ("random",))],
)
def test_a_new_game_that_fails_to_start_leaves_no_file(tmp_path, config, seats):
    with pytest.raises(ValueError):
        GameSession.new(config, seats=seats, saves_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_new_save_is_readable_as_before(tmp_path):
    """Written through a private temp file, a save still gets the mode a new file gets (0o644 less the umask)."""
    mask = os.umask(0o022)
    os.umask(mask)
    s = GameSession.new(CONFIG, saves_dir=tmp_path)
    assert s.path.stat().st_mode & 0o777 == 0o644 & ~mask
    s.close()
