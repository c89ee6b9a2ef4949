"""The command line: simulate and cards, without the interface."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from monuments_tui.cli.main import main


def run_json(capsys, *args):
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_reports_as_json_and_is_reproducible(capsys):
    """`monuments simulate ... --json`: games, turns, events, rule errors 0; the same seed gives the same result."""
    args = [
        "simulate",
        "--players",
        "greece,egypt",
        "--mode",
        "scarcity",
        "--games",
        "2",
        "--seed",
        "3",
        "--bot",
        "random",
        "--max-turns",
        "8",
        "--json",
    ]
    a = run_json(capsys, *args)
    b = run_json(capsys, *args)
    assert a["games"] == 2 and a["rule_errors"] == 0 and a["events"] > 0 and a["turns"] > 0
    a.pop("elapsed_seconds"), b.pop("elapsed_seconds")
    assert a == b


def test_simulate_table(capsys):
    assert main(["simulate", "--players", "maya,inca", "--games", "1", "--max-turns", "3"]) == 0
    out = capsys.readouterr().out
    assert "rule errors  0" in out and "games" in out


def test_simulate_refuses_bad_input(capsys):
    assert main(["simulate", "--players", "greece,maya"]) == 2
    assert "greece" in capsys.readouterr().err.lower()
    assert main(["simulate", "--bot", "genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_cards_json_lists_every_type(capsys):
    data = run_json(capsys, "cards", "--json")
    assert len(data["quest"]) == 48 and len(data["common_bonus"]) == 32


def test_python_dash_m_runs():
    out = subprocess.run([sys.executable, "-m", "monuments_tui", "cards"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip()


def test_simulate_refuses_a_save_folder_it_cannot_write(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["simulate", "--games", "1", "--max-turns", "2", "--save-dir", str(blocker / "saves")]) == 2
    err = capsys.readouterr().err
    assert "--save-dir" in err and "part of its path is a file" in err and "Traceback" not in err
    assert main(["simulate", "--games", "1", "--max-turns", "2", "--save-dir", str(blocker)]) == 2
    assert f"the saves folder {blocker} is a file" in capsys.readouterr().err


def test_simulate_saves_each_game_in_the_folder(capsys, tmp_path):
    report = run_json(
        capsys,
        "simulate",
        "--games",
        "2",
        "--max-turns",
        "2",
        "--bot",
        "random",
        "--json",
        "--save-dir",
        str(tmp_path / "new"),
    )
    assert len(report["saves"]) == 2 and all(Path(p).parent == tmp_path / "new" for p in report["saves"])
