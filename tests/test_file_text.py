"""No file can write to the terminal: every line of text a save or a record carries (title,
creation time, parent, position, notes, hints) is printable text of a sane length, checked on
load and on import; markup is kept as text [issue: nothing from a file reaches your terminal
raw, item 1]."""

from __future__ import annotations

import json
import subprocess
import sys

import msgspec
import pytest

from monuments_tui.game.replay import Replay
from monuments_tui.game.timeline import load_save
from monuments_tui.records import RecordError, check, export_json, export_text, format_check, import_record
from monuments_tui.saves.format import SaveError, read_save
from monuments_tui.ui.saves_list import summarise

from .session_helpers import new_session, play

HOSTILE = {
    "ESC": "\x1b",
    "CSI": "\x1b[2J",
    "OSC": "\x1b]0;PWNED\x07",
    "C1 CSI": "\x9b2J",
    "C1 OSC": "\x9d0;PWNED\x9c",
    "NUL": "\x00",
    "bell": "\x07",
    "line break": "a\nb",
    "carriage return": "a\rb",
    "bidi override": "abc\u202edcba",
    "bidi isolate": "\u2066x\u2069",
}
MARKUP = "[/][bold red]x[/bold red] [link=file:///etc/passwd]y[/link]"


def a_save(tmp_path, hints: bool = True):
    s = new_session(tmp_path, teaching=True)
    play(s, 5)
    s.note("a note")
    if hints:
        s.record_hint([("play movement", "to move the army")])
    s.close()
    return s.path


def edit(path, line_no: int, change) -> None:
    """Change line `line_no` (1-based) of a save, as loose JSON."""
    lines = path.read_bytes().splitlines(keepends=True)
    loose = json.loads(lines[line_no - 1])
    change(loose)
    lines[line_no - 1] = msgspec.json.encode(loose) + b"\n"
    path.write_bytes(b"".join(lines))


def refused_everywhere(path, line: int, *, decoded: bool = True) -> str:
    """Every reader refuses `path` at `line` (`decoded`: reading the file alone does, before the game is checked)."""
    for read in (read_save, load_save, check, Replay.open) if decoded else (load_save, check, Replay.open):
        with pytest.raises(SaveError) as refused:
            read(path)
        assert str(refused.value).startswith(f"{path}, line {line}: "), refused.value
    if decoded:  # the Load list reads the file only: a record out of place shows when the game opens
        assert summarise(path).status == "unreadable"
    message = str(refused.value)
    assert message.isprintable(), "the refusal itself must not carry the bytes"
    return message


def line_of(path, kind: str) -> int:
    return next(i for i, raw in enumerate(path.read_bytes().splitlines(), 1) if f'"kind":"{kind}"'.encode() in raw)


@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("field", ["title", "created", "parent", "position", "note", "hint command", "hint why"])
def test_control_characters_in_any_text_field_are_refused_naming_the_line(tmp_path, field, name):
    path = a_save(tmp_path)
    bad = HOSTILE[name]
    if field in ("title", "created", "parent"):
        edit(path, 1, lambda h: h.__setitem__(field, f"x{bad}y"))
        line = 1
    elif field == "position":
        if "\n" in bad:
            pytest.skip("a position is written on several lines")
        edit(path, 1, lambda h: h.__setitem__("position", f"monuments position 1\ngame greece,egypt {bad}"))
        line = 1
    elif field == "note":
        line = line_of(path, "note")
        edit(path, line, lambda r: r.__setitem__("text", f"x{bad}y"))
    else:
        line = line_of(path, "hint")
        key = "command" if field == "hint command" else "why"
        edit(path, line, lambda r: r["hints"][0].__setitem__(key, f"x{bad}y"))
    refused_everywhere(path, line)


@pytest.mark.parametrize(
    "change, says, decoded",
    [
        (lambda r: r.__setitem__("seat", 1 - r["seat"]), "hints for seat", False),
        (lambda r: r.__setitem__("position", r["position"] + 1), "hints for seat", False),
        (lambda r: r.__setitem__("after", 1), "hints for seat", False),
        (lambda r: r.__setitem__("seat", -1), "0 or more", True),
        (lambda r: r.__setitem__("hints", r["hints"] * 21), "at most 20 hints", True),
        (lambda r: r["hints"][0].__setitem__("why", "x" * 501), "at most 500 characters", True),
    ],
    ids=["other-seat", "other-position", "other-step", "negative-seat", "too-many", "too-long"],
)
def test_hint_records_are_checked_like_every_other_record(tmp_path, change, says, decoded):
    path = a_save(tmp_path)
    line = line_of(path, "hint")
    edit(path, line, change)
    assert says in refused_everywhere(path, line, decoded=decoded)


def test_a_title_too_long_is_refused(tmp_path):
    path = a_save(tmp_path, hints=False)
    edit(path, 1, lambda h: h.__setitem__("title", "x" * 201))
    assert "the title is at most 200 characters" in refused_everywhere(path, 1)


def test_markup_in_every_field_is_kept_as_text_by_every_reader(tmp_path):
    path = a_save(tmp_path)
    edit(path, 1, lambda h: h.__setitem__("title", MARKUP))
    edit(path, line_of(path, "note"), lambda r: r.__setitem__("text", MARKUP.replace("[", "(").replace("]", ")")))
    edit(path, line_of(path, "hint"), lambda r: r["hints"][0].__setitem__("why", MARKUP))
    assert summarise(path).title == MARKUP
    assert Replay.open(path).title == MARKUP
    assert MARKUP in format_check(check(path))
    assert f'[Title "{MARKUP}"]' in export_text(path)
    assert export_json(path)["header"]["Title"] == MARKUP


def test_a_record_with_control_characters_is_refused_on_import(tmp_path):
    text = export_text(a_save(tmp_path / "s"))
    for name, bad in HOSTILE.items():
        if "\n" in bad or "\r" in bad:
            continue  # a line break ends the record's line: that is a different record
        record = tmp_path / f"{len(name)}.txt"
        hostile = json.dumps(f"x{bad}y", ensure_ascii=False)
        record.write_text(
            "\n".join(f"[Title {hostile}]" if line.startswith("[Title") else line for line in text.splitlines()),
            encoding="utf-8",
        )
        with pytest.raises(RecordError, match="line 1: bad header: the title is one line of printable text"):
            import_record(record, saves_dir=tmp_path / "out")
        note = tmp_path / "note.txt"
        note.write_text(text.replace("{ a note }", f"{{ x{bad}y }}"), encoding="utf-8")
        with pytest.raises(RecordError, match="printable text"):
            import_record(note, saves_dir=tmp_path / "out")


def test_check_export_and_replay_on_the_command_line_write_no_control_bytes(tmp_path):
    """A save refused for its title: each command says so in printable text, exit 1, no raw ESC."""
    path = a_save(tmp_path)
    edit(path, 1, lambda h: h.__setitem__("title", HOSTILE["OSC"] + HOSTILE["CSI"]))
    for argv in (
        ["check", str(path)],
        ["check", "--json", str(path)],
        ["export", str(path)],
        ["diff", str(path), "start", "end"],
    ):
        done = subprocess.run([sys.executable, "-m", "monuments_tui", *argv], capture_output=True, timeout=60)
        assert done.returncode == 1, (argv, done.stderr)
        assert b"\x1b" not in done.stdout + done.stderr and b"\x07" not in done.stdout + done.stderr
        assert b"Traceback" not in done.stderr


def test_a_record_or_position_carrying_escapes_in_a_word_never_writes_them_to_the_terminal(tmp_path):
    """A step or a position line whose word holds ESC: the refusal names it, escaped."""
    text = export_text(a_save(tmp_path / "s"))
    record = tmp_path / "r.txt"
    record.write_text(text.replace("startquest ", "startquest \x1b]0;PWNED\x07\x1b[2J", 1), encoding="utf-8")
    position = tmp_path / "p.txt"
    position.write_text("monuments position 1\ngame greece,egypt \x1b[2Jabundance\n", encoding="utf-8")
    for argv in (
        ["import", str(record), "--out", str(tmp_path / "o.jsonl")],
        ["new", "--position", str(position)],
    ):
        done = subprocess.run([sys.executable, "-m", "monuments_tui", *argv], capture_output=True, timeout=60)
        assert done.returncode in (1, 2), done.stderr
        assert b"\x1b" not in done.stdout + done.stderr and b"\x07" not in done.stderr
        assert b"\\x1b" in done.stderr  # named, escaped
