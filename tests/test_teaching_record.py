"""A game that switched teaching mode on (and off again) says so in `check`, and its exported
record imports with its side lines and ends as the game did: check, export and import agree."""

from __future__ import annotations

from monuments_tui import records
from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig


def switched_on_and_off(tmp_path):
    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "human"), saves_dir=tmp_path
    )
    for _ in range(8):
        session.execute(session.legal()[0])
    session.set_teaching(True)
    session.undo(None)
    session.undo(None)  # beyond what a standard game allows (a card draw)
    session.execute(session.legal()[-1])
    session.set_teaching(False)
    session.close()
    return session


def test_check_export_and_import_agree_on_teaching_switched_on_during_play(tmp_path):
    session = switched_on_and_off(tmp_path)
    summary = records.check(session.path)
    assert summary["teaching"] is False and summary["taught"] is True
    assert "teaching  no (on for part of the game)" in records.format_check(summary)
    text = records.export_text(session.path)
    assert '[Teaching "yes"]' in text and '[TeachingAtEnd "no"]' in text
    record = tmp_path / "game.txt"
    record.write_text(text, encoding="utf-8")
    back, warnings = records.import_record(record, out=tmp_path / "back.jsonl")
    assert warnings == []
    again = records.check(back.path)
    assert (again["teaching"], again["taught"], again["steps"]) == (False, True, summary["steps"])
    assert records.export_text(back.path) == text
