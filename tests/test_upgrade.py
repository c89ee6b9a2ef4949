"""`monuments upgrade FILE`: an older save rewritten in today's format, the old file kept as FILE.bak."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from monuments_tui.cli.main import main
from monuments_tui.cli.upgrade import upgrade_save
from monuments_tui.game.timeline import load_save
from monuments_tui.saves.format import VERSION, SaveError

GOLDEN = Path(__file__).parent / "golden"
FORMAT_1 = sorted(GOLDEN.glob("v1_*.jsonl"))


@pytest.mark.parametrize("golden", FORMAT_1, ids=[p.name for p in FORMAT_1])
def test_a_format_1_save_is_upgraded_to_the_same_game(golden, tmp_path):
    path = tmp_path / golden.name
    shutil.copy(golden, path)
    _, before = load_save(path)
    said = upgrade_save(path)
    assert f"format 1 to {VERSION}" in said and str(path) + ".bak" in said
    assert (tmp_path / (golden.name + ".bak")).read_bytes() == golden.read_bytes()
    data = path.read_bytes()
    assert json.loads(data.splitlines()[0])["version"] == VERSION and b'"ai_seat"' not in data.splitlines()[0]
    assert b'"type":"ai_narrated"' not in data and b'"type":"rng"' not in data
    _, after = load_save(path)
    assert msgspec.msgpack.encode(after.timeline.state) == msgspec.msgpack.encode(before.timeline.state)
    assert len(after.taken_back) == len(before.taken_back)


def test_upgrade_refuses_a_current_save_and_an_existing_backup(tmp_path):
    path = tmp_path / "game.jsonl"
    shutil.copy(GOLDEN / "v1_0.3.0_two-players.jsonl", path)
    (tmp_path / "game.jsonl.bak").write_text("mine")
    with pytest.raises(SaveError, match="game.jsonl.bak exists"):
        upgrade_save(path)
    assert path.read_bytes() == (GOLDEN / "v1_0.3.0_two-players.jsonl").read_bytes()
    (tmp_path / "game.jsonl.bak").unlink()
    upgrade_save(path)
    (tmp_path / "game.jsonl.bak").unlink()
    with pytest.raises(SaveError, match="nothing to upgrade"):
        upgrade_save(path)


def test_the_command_line_says_what_it_did(tmp_path, capsys):
    path = tmp_path / "solo.jsonl"
    shutil.copy(GOLDEN / "v1_0.3.0_solo-hard.jsonl", path)
    assert main(["upgrade", str(path)]) == 0
    assert f"upgraded from save format 1 to {VERSION}" in capsys.readouterr().out
    assert main(["upgrade", str(path)]) == 1
    assert f"already in save format {VERSION}" in capsys.readouterr().err
