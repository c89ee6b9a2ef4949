"""The AI's narration and random draws are data; their words live in `monuments_tui.game.narration`.

Rewording any template changes no event, so no save written before or after stops loading
[issue 18, item 6]; a format-1 save's wording is ignored on load, its draws compared by `rng`.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import msgspec
import pytest

from monuments_tui.game import narration
from monuments_tui.game.timeline import load_save
from monuments_tui.rules import events as ev
from monuments_tui.saves.format import ENCODER, SaveError

ROOT = Path(__file__).resolve().parent.parent
SAVES = sorted((ROOT / "tests" / "golden").glob("*.jsonl")) + sorted((ROOT / "saves" / "examples").glob("*.jsonl"))


def _events(path: Path) -> list[bytes]:
    _, rebuilt = load_save(path)
    steps = rebuilt.timeline.steps + [s for t in rebuilt.taken_back for s in t.steps]
    return [ENCODER.encode(step.events) for step in steps]


def test_every_report_and_draw_has_its_words():
    reports = [w for w in get_args(ev.AiReport) if w not in narration.TEMPLATES]
    draws = [p for p in get_args(ev.DrawPurpose) if f"draw.{p}" not in narration.TEMPLATES]
    assert reports == [] and draws == []


def test_rewording_every_template_changes_no_save(monkeypatch):
    """Every golden save and example loads, validates and gives the same events with every
    template reworded (and its words really change)."""
    before = {p: _events(p) for p in SAVES}
    _, rebuilt = load_save(ROOT / "tests" / "golden" / "v2_solo-hard.jsonl")
    report = next(e for s in rebuilt.timeline.steps for e in s.events if isinstance(e, ev.AiReported))
    old_words = narration.report_text(report, ("maya", "inca"))
    reworded = {k: "REWORDED " + v.replace("{", "<{").replace("}", "}>") for k, v in narration.TEMPLATES.items()}
    monkeypatch.setattr(narration, "TEMPLATES", reworded)
    assert narration.report_text(report, ("maya", "inca")) != old_words
    for path in SAVES:
        assert _events(path) == before[path], path.name


def test_a_format_1_draw_is_still_checked_by_its_generator_position(tmp_path):
    """A format-1 save's narration and draw notes are not compared, but a draw's `rng` is."""
    golden = ROOT / "tests" / "golden" / "v1_0.3.0_solo-hard.jsonl"
    lines = golden.read_bytes().splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if b'"type":"rng"' in line)
    reworded = tmp_path / "reworded.jsonl"
    reworded.write_bytes(
        b"".join(lines[:index]) + lines[index].replace(b'"note":"', b'"note":"x') + b"".join(lines[index + 1 :])
    )
    load_save(reworded)
    record = msgspec.json.decode(lines[index])
    rng = next(e["rng"] for e in record["events"] if e["type"] == "rng")
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_bytes(
        b"".join(lines[:index])
        + lines[index].replace(str(rng).encode(), str(rng + 1).encode())
        + b"".join(lines[index + 1 :])
    )
    with pytest.raises(SaveError, match=f"line {index + 1}"):
        load_save(tampered)


def test_a_narration_line_is_checked_byte_for_byte_in_format_2(tmp_path):
    golden = ROOT / "tests" / "golden" / "v2_solo-easy.jsonl"
    data = golden.read_bytes()
    assert b'"what":"drew"' in data
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_bytes(data.replace(b'"what":"drew"', b'"what":"idle_cycle"', 1))
    with pytest.raises(SaveError, match="does not give the recorded events"):
        load_save(tampered)
