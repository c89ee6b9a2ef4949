"""Game records: export (text, JSON), import, check, and their command-line forms.

[issue 5, items 11-15]
"""

from __future__ import annotations

import json

import pytest

from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.records import RecordError, check, export_json, export_text, import_record, import_text
from monuments_tui.saves.format import SaveError
from tests.session_helpers import CONFIG, draws_quests, enc, lines, new_session, play, play_until


def _game(tmp_path, steps=80):
    s = new_session(tmp_path, teaching=True)
    play_until(s, draws_quests)
    play(s, steps)
    s.undo()
    s.close()
    return s


# -- export ---------------------------------------------------------------------------------------
def test_text_export_has_header_rounds_turns_and_outcomes(tmp_path):
    s = _game(tmp_path)
    text = export_text(s.path)
    head = text.split("\n\n")[0].splitlines()
    assert head[0] == '[Game "Monuments"]'
    for key in ("Civs", "Seats", "Mode", "Seed", "Date", "Result", "Title"):
        assert any(line.startswith(f"[{key} ") for line in head), key
    assert '[Civs "greece,egypt"]' in head and '[Seed "7"]' in head and '[Mode "scarcity"]' in head
    assert "== Set-up ==" in text and "== Round 1 ==" in text and "-- Turn 1: Greece --" in text
    assert "-- Turn 2: Egypt --" in text
    assert " draws " in text and "from quest deck" in text  # outcomes of a draw
    assert "   1. greece startquest " in text
    assert "== Final scores ==" in text and "not finished" in text
    assert "# Taken back during play" not in text and "\n    ( " in text  # the undone step: a side line
    assert "# Taken back during play" in export_text(s.path, main_line=True)


def test_export_then_import_gives_the_identical_game(tmp_path):
    s = _game(tmp_path)
    record = tmp_path / "game.txt"
    record.write_text(export_text(s.path))
    imported, warnings = import_record(record, out=tmp_path / "again.jsonl")
    assert warnings == []
    assert enc(imported.state) == enc(s.state)
    assert [(h.seat, h.command, h.events) for h in imported.history()] == [
        (h.seat, h.command, h.events) for h in s.history()
    ]
    loaded = Replay.open(tmp_path / "again.jsonl")
    assert loaded.config == CONFIG and loaded.seats == s.seats and loaded.teaching
    # The record of the imported game reads the same, bar the list of steps taken back.
    assert _game_lines(export_text(tmp_path / "again.jsonl")) == _game_lines(record.read_text())


def _game_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_a_record_of_notation_lines_alone_is_enough(tmp_path):
    s = new_session(tmp_path)
    play(s, 30)
    bare = ['[Civs "greece,egypt"]', '[Mode "scarcity"]', '[Seed "7"]', ""]
    bare += [f"{('greece', 'egypt')[h.seat]} {h.text}" for h in s.history()]
    header, steps, warnings = import_text("\n".join(bare))
    assert [st.events for st in steps] == [h.events for h in s.history()]
    assert header.seats == ("human", "human")


def test_json_export(tmp_path):
    s = _game(tmp_path)
    data = export_json(s.path)
    json.dumps(data)  # JSON-ready
    assert data["format"] == "monuments-record" and data["status"] == "play"
    assert data["config"]["seed"] == 7 and data["rounds"][0]["round"] == 0
    steps = [st for rnd in data["rounds"] for turn in rnd["turns"] for st in turn["steps"]]
    assert [st["n"] for st in steps] == list(range(1, len(s.history()) + 1))
    assert steps[0]["command"].startswith("startquest") and steps[0]["events"]
    turn1 = data["rounds"][1]["turns"][0]
    assert turn1["turn"] == 1 and turn1["seat"] == 0
    assert data["taken_back"]


# -- import errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("greece startquest nonsense-quest", 5, "not"),
        ("egypt startquest qs-land", 5, "Greece"),
        ("greece fly away", 5, "fly"),
        ("hello there, general", 5, "expected a step"),
        ("7. greece startquest qs-land", 5, "step 7 where step 1"),
    ],
)
def test_import_errors_name_the_line(body, line, words):
    text = '[Civs "greece,egypt"]\n[Mode "scarcity"]\n[Seed "7"]\n\n' + body + "\n"
    with pytest.raises(RecordError) as info:
        import_text(text, "game.txt")
    assert info.value.line == line and f"game.txt, line {line}" in str(info.value)
    assert words in str(info.value)


def test_import_header_errors():
    with pytest.raises(RecordError, match="line 1: not a Monuments record"):
        import_text('[Mode "scarcity"]\n')
    with pytest.raises(RecordError, match="bad header"):
        import_text('[Civs "greece,atlantis"]\n')
    with pytest.raises(RecordError, match="line 2"):
        import_text('[Civs "greece,egypt"]\n[Seed 7]\n')


def test_a_wrong_result_in_the_header_is_reported(tmp_path):
    s = new_session(tmp_path)
    play(s, 10)
    text = export_text(s.path).replace('[Result "unfinished', '[Result "Greece wins! unfinished')
    _, steps, warnings = import_text(text)
    assert len(steps) == 10 and warnings and "Result" in warnings[0]


# -- finished games and scores ----------------------------------------------------------------------
def _finished_game(tmp_path):
    """A game that begins from a position in its final round, played to the end."""
    from tests.helpers import board

    last_round = board(civs=CONFIG.civs, mode=CONFIG.mode, seed=CONFIG.seed)
    last_round.final_round = True
    s = new_session(tmp_path, position=last_round)
    import random

    rnd = random.Random(3)
    while s.state.pending is not None:
        s.execute(rnd.choice(s.legal()))
    return s


def test_export_of_a_finished_game_has_the_result_and_the_score_table(tmp_path):
    s = _finished_game(tmp_path)
    text = export_text(s.path)
    result = next(line for line in text.splitlines() if line.startswith("[Result "))
    assert " wins: " in result or "share the victory" in result
    table = text.split("== Final scores ==\n")[1].splitlines()
    assert table[0].startswith("|") and "Greece" in table[0] and "Egypt" in table[0]
    assert any(row.startswith("| Total") for row in table) and any(row.startswith("| Place") for row in table)
    data = export_json(s.path)
    assert data["status"] == "over" and len(data["scores"]) == 2
    assert {r["place"] for r in data["scores"]} <= {1, 2}
    record = tmp_path / "final.txt"
    record.write_text(text)
    imported, warnings = import_record(record, out=tmp_path / "final.jsonl")
    assert warnings == [] and enc(imported.state) == enc(s.state)
    summary = check(s.path)
    assert summary["status"] == "over" and summary["scores"] and summary["result"] == data["result"]


# -- check ------------------------------------------------------------------------------------------
def test_check_summarises_a_valid_save(tmp_path):
    s = _game(tmp_path)
    summary = check(s.path)
    assert summary["valid"] and summary["steps"] == len(s.history()) and summary["undos"] == 1
    assert summary["config"]["seed"] == 7 and summary["status"] == "play" and summary["turns"] >= 1
    assert summary["result"].startswith("unfinished")


def test_check_refuses_a_broken_save(tmp_path):
    s = _game(tmp_path)
    raw = lines(s.path)
    raw[3] = b"{" + raw[3]
    s.path.write_bytes(b"\n".join(raw) + b"\n")
    with pytest.raises(SaveError, match="line 4"):
        check(s.path)


# -- the command line ---------------------------------------------------------------------------------
def test_cli_check_export_import(tmp_path, capsys):
    s = _game(tmp_path)
    assert main(["check", str(s.path)]) == 0
    assert "valid save" in capsys.readouterr().out
    assert main(["check", str(s.path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True

    assert main(["export", str(s.path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith('[Game "Monuments"]')
    assert main(["export", str(s.path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "monuments-record"

    record = tmp_path / "game.txt"
    record.write_text(text)
    out = tmp_path / "imported.jsonl"
    assert main(["import", str(record), "--out", str(out)]) == 0
    assert "imported" in capsys.readouterr().out
    assert enc(GameSession.load(out)[0].state) == enc(s.state)
    assert main(["--saves", str(tmp_path / "folder"), "import", str(record)]) == 0
    capsys.readouterr()
    assert len(list((tmp_path / "folder").glob("*.jsonl"))) == 1


def test_cli_failures_exit_1_with_the_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"format":"monuments-save","version":1,"config":{"civs":["greece","egypt"]},"seats":["human","human"]}\nnope\n{}\n'
    )
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.jsonl, line 2" in err
    assert main(["check", str(bad), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["valid"] is False
    assert main(["export", str(tmp_path / "missing.jsonl")]) == 1
    record = tmp_path / "r.txt"
    record.write_text('[Civs "greece,egypt"]\n\ngreece dance\n')
    assert main(["import", str(record), "--out", str(tmp_path / "x.jsonl")]) == 1
    assert "r.txt, line 3" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


def test_cli_simulate_save_dir(tmp_path, capsys):
    assert main(["simulate", "--games", "2", "--max-turns", "4", "--save-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    saved = sorted(tmp_path.glob("*.jsonl"))
    assert len(saved) == 2
    for path in saved:
        assert main(["check", str(path)]) == 0
    capsys.readouterr()
