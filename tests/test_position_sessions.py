"""Games that begin from a position: sessions, saves, replay, records and `monuments check`."""

from __future__ import annotations

import json
import random

import pytest

from monuments_tui import records
from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig, format_position, parse_position
from monuments_tui.saves.format import VERSION, SaveError
from tests.session_helpers import CONFIG, battle_ready, enc, lines, new_session, play, rebind


def _started(tmp_path, steps: int = 12) -> GameSession:
    position, _, _ = battle_ready()
    s = new_session(tmp_path, position=format_position(position))
    play(s, steps, random.Random(4))
    return s


def test_a_session_from_a_position_records_it_and_loads_replays_and_checks_from_it(tmp_path):
    position, army, _ = battle_ready()
    s = new_session(tmp_path, position=position)
    assert s.history() == [] and enc(s.state) == enc(parse_position(format_position(position)))
    play(s, 12, random.Random(4))
    header = json.loads(lines(s.path)[0])
    assert header["version"] == VERSION and header["position"] == format_position(position)
    assert "from a position" in header["title"]
    s.close()
    loaded, warnings = GameSession.load(s.path)
    assert warnings == [] and enc(loaded.state) == enc(s.state)
    replay = Replay.open(s.path)
    assert f"{army}: greece army" in format_position(replay.state)  # position 0 is the position, not the deal
    replay.to_end()
    assert enc(replay.state) == enc(s.state)
    summary = records.check(s.path)
    assert summary["valid"] and summary["from_position"] and summary["steps"] == 12


def test_a_game_from_a_position_exports_and_imports_event_for_event(tmp_path):
    s = _started(tmp_path)
    text = records.export_text(s.path)
    assert '[Position "monuments position 1\\ngame greece,egypt' in text
    assert records.export_json(s.path)["header"]["Position"] == s.header.position
    record = tmp_path / "game.txt"
    record.write_text(text)
    imported, warnings = records.import_record(record, out=tmp_path / "again.jsonl")
    assert warnings == [] and imported.header.position == s.header.position
    assert [st.events for st in imported.history()] == [st.events for st in s.history()]


def test_play_from_here_keeps_the_starting_position(tmp_path):
    s = _started(tmp_path)
    replay = Replay.open(s.path)
    replay.goto(5)
    branch = replay.play_from_here(tmp_path)
    assert branch.header.position == s.header.position and len(branch.history()) == 5
    branch.close()
    loaded, _ = GameSession.load(branch.path)
    assert enc(loaded.state) == enc(branch.state)


def test_a_position_for_another_configuration_is_refused(tmp_path):
    position, _, _ = battle_ready()
    other = GameConfig(civs=CONFIG.civs, mode=CONFIG.mode, seed=CONFIG.seed + 1)
    with pytest.raises(ValueError, match="seed is 8 in the game settings|seed is 7 in the position but 8"):
        GameSession.new(other, position=position, saves_dir=tmp_path)
    # The same mismatch in a file: the header's config was changed after the game began.
    s = _started(tmp_path, 2)
    s.close()
    raw = lines(s.path)
    header = json.loads(raw[0])
    header["config"]["seed"] = 8
    s.path.write_bytes(b"\n".join([json.dumps(header).encode()] + raw[1:]) + b"\n")
    rebind(s.path)
    with pytest.raises(SaveError) as info:
        GameSession.load(s.path)
    assert info.value.line == 1 and "seed is 7 in the position but 8 in the game settings" in str(info.value)


def test_a_save_with_a_broken_position_names_the_position_line(tmp_path):
    s = _started(tmp_path, 2)
    s.close()
    raw = lines(s.path)
    header = json.loads(raw[0])
    header["position"] = header["position"].replace("[board]\n", "[board]\nZ99: greece w\n")
    s.path.write_bytes(b"\n".join([json.dumps(header).encode()] + raw[1:]) + b"\n")
    rebind(s.path)
    with pytest.raises(SaveError) as info:
        GameSession.load(s.path)
    assert (
        info.value.line == 1
        and "starting position is not valid" in str(info.value)
        and "no hex 'Z99'" in str(info.value)
    )


def test_monuments_new_refuses_a_bad_position_file_without_a_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("monuments position 1\ngame greece,egypt scarcity\n[board]\nE19: greece wings\n")
    assert main(["new", "--position", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 4" in err and "not a piece" in err and "Traceback" not in err
    assert main(["new", "--position", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read the file" in capsys.readouterr().err
