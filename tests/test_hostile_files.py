"""Hostile files are refused quickly and clearly, never crash or hang [issue: saves you can trust, item 2].

Every refusal is a `SaveError` naming the file (and the line where one is at fault); the
Load screen lists such a file as damaged; text from a file is shown literally.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from monuments_tui.game.timeline import load_save
from monuments_tui.records import check
from monuments_tui.saves.format import MAX_SAVE_BYTES, SaveError, read_save
from monuments_tui.ui.saves_list import summarise

from .session_helpers import new_session, play

DEEP = 100_000


def a_save(tmp_path: Path) -> Path:
    s = new_session(tmp_path)
    play(s, 6)
    s.close()
    return s.path


def refused(path: Path) -> str:
    """The reason every reader gives for refusing `path`: they must agree."""
    with pytest.raises(SaveError) as first:
        read_save(path)
    with pytest.raises(SaveError):
        load_save(path)
    with pytest.raises(SaveError):
        check(path)
    assert summarise(path).status == "unreadable"
    return str(first.value)


def within(seconds: float, fn) -> None:
    """Run `fn` in a thread; fail if it has not returned in `seconds` (a hang)."""
    done = threading.Event()
    errors: list[BaseException] = []

    def run():
        try:
            fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            errors.append(exc)
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(seconds), "reading the file hung"
    if errors:
        raise errors[0]


def test_a_header_nested_100000_deep_is_refused_naming_line_1(tmp_path):
    path = tmp_path / "deep.jsonl"
    path.write_bytes(b"[" * DEEP + b"]" * DEEP + b"\n")
    assert "line 1: not a Monuments save (the first line is not a save header: JSON nested" in refused(path)


def test_a_record_nested_100000_deep_is_refused_naming_its_line(tmp_path):
    path = a_save(tmp_path)
    good = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(good[:3]) + b'{"kind":' + b"[" * DEEP + b"]" * DEEP + b"}\n" + b"".join(good[3:]))
    assert "line 4" in refused(path)


def test_a_complete_last_line_that_does_not_decode_is_an_error_not_a_torn_tail(tmp_path):
    """A torn write cannot end in a newline, so a bad last line that has one is damage."""
    path = a_save(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines) + b"[" * DEEP + b"]" * DEEP + b"\n")
    assert f"line {len(lines) + 1}" in refused(path)


def test_a_torn_last_line_without_newline_is_still_dropped_with_a_warning(tmp_path):
    path = a_save(tmp_path)
    path.write_bytes(path.read_bytes() + b'{"kind":"cmd","seq":7,"se')
    assert "cut short" in " ".join(read_save(path).warnings)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_link_to_a_device_is_refused_at_once(tmp_path, device):
    path = tmp_path / "device.jsonl"
    path.symlink_to(device)
    within(60, lambda: pytest.raises(SaveError, read_save, path))  # a hang, not a slow machine
    assert "a device, not a save file" in refused(path)


def test_a_named_pipe_is_refused_at_once(tmp_path):
    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    within(60, lambda: pytest.raises(SaveError, read_save, path))  # a hang, not a slow machine
    assert "a named pipe, not a save file" in refused(path)


def test_a_folder_is_refused(tmp_path):
    path = tmp_path / "folder.jsonl"
    path.mkdir()
    assert "a folder, not a save file" in refused(path)


def test_a_file_over_the_limit_is_refused_by_the_bytes_read(tmp_path):
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)
    assert "larger than" in refused(path)


def test_a_title_with_markup_is_kept_as_text(tmp_path):
    path = a_save(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[0] = lines[0].replace(b'"title":"', b'"title":"[/][bold]x[/bold] [link=y]', 1)
    path.write_bytes(b"".join(lines))
    assert summarise(path).title.startswith("[/][bold]x")


def test_check_on_the_command_line_names_the_problem_without_a_traceback(tmp_path):
    import subprocess
    import sys

    (tmp_path / "deep.jsonl").write_bytes(b"[" * DEEP + b"]" * DEEP + b"\n")
    (tmp_path / "zero.jsonl").symlink_to("/dev/zero")
    for name in ("deep.jsonl", "zero.jsonl"):
        done = subprocess.run(
            [sys.executable, "-m", "monuments_tui", "check", str(tmp_path / name)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert done.stderr.startswith(f"monuments check: {tmp_path / name}")


def test_a_closed_pipe_ends_the_command_quietly():
    """`monuments cards --json | head -c 10`: the reader goes away, no traceback."""
    import subprocess
    import sys

    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    done = subprocess.run(
        [sys.executable, "-m", "monuments_tui", "cards", "--json"],
        stdout=reader.stdin,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )
    reader.stdin.close()
    reader.wait()
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


# -- every way in is as hard as loading: text records (import) and positions (new --position) --
def a_record(tmp_path: Path) -> Path:
    from monuments_tui.records import export_text

    path = tmp_path / "game.txt"
    path.write_text(export_text(a_save(tmp_path)), encoding="utf-8")
    return path


def refused_on_every_way_in(path: Path, tmp_path: Path) -> str:
    """Import and `new --position` refuse `path` with a SaveError or RecordError naming it."""
    import argparse

    from monuments_tui.cli.preflight import read_position
    from monuments_tui.records import RecordError, import_record

    out = tmp_path / "out"
    with pytest.raises((SaveError, RecordError)) as imported:
        within(5, lambda: import_record(path, saves_dir=out))
    problem = read_position(argparse.Namespace(position=str(path)))
    assert problem is not None and str(path) in problem
    assert str(imported.value).startswith(str(path))
    assert not out.exists() or not list(out.iterdir()), "a refused import wrote a save"
    return str(imported.value)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_import_and_position_refuse_a_link_to_a_device_at_once(tmp_path, device):
    path = tmp_path / "device.txt"
    path.symlink_to(device)
    assert "a device, not a text record" in refused_on_every_way_in(path, tmp_path)


def test_import_and_position_refuse_a_named_pipe_at_once(tmp_path):
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    assert "a named pipe, not a text record" in refused_on_every_way_in(path, tmp_path)


def test_import_and_position_refuse_a_folder_and_a_file_over_the_limit(tmp_path):
    from monuments_tui.saves.format import MAX_TEXT_BYTES

    folder = tmp_path / "folder.txt"
    folder.mkdir()
    assert "a folder, not a text record" in refused_on_every_way_in(folder, tmp_path)
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(MAX_TEXT_BYTES + 1)
    assert "larger than the 10 MB a text record may be" in refused_on_every_way_in(big, tmp_path)


def test_a_record_that_is_not_utf8_is_refused_naming_the_line(tmp_path):
    path = a_record(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    title = next(i for i, line in enumerate(lines) if line.startswith(b"[Title") or line.startswith(b"[Date"))
    lines[title] = b'[Title "caf\xe9"]\n'
    path.write_bytes(b"".join(lines))
    assert f"line {title + 1}: this is not UTF-8 text" in refused_on_every_way_in(path, tmp_path)


@pytest.mark.parametrize(
    "line, says",
    [
        ('[Options "' + "[" * DEEP + "]" * DEEP + '"]', "line 1: bad header: Options"),
        ('[Options "' + "{" * 30 + '"]', "line 1: bad header: Options"),
        ('[Result "a"b"]', "the value of Result is not a quoted string"),
        ('[Title "' + "[" * DEEP + "]" * DEEP + '"]', None),  # a string of brackets: a title too long
    ],
    ids=["options-deep", "options-torn", "result-quotes", "title-brackets"],
)
def test_malformed_record_headers_are_refused_naming_the_line(tmp_path, line, says):
    from monuments_tui.records import RecordError, import_record

    path = a_record(tmp_path)
    key = line.split()[0]
    kept = [x for x in path.read_text(encoding="utf-8").splitlines() if not x.startswith(key)]
    path.write_text(line + "\n" + "\n".join(kept) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        import_record(path, saves_dir=tmp_path / "out")
    assert str(refused.value).startswith(f"{path}, line 1: ")
    assert says is None or says in str(refused.value)
    assert len(str(refused.value)) < 500


def test_import_and_new_position_on_the_command_line_never_show_a_traceback(tmp_path):
    import subprocess
    import sys

    (tmp_path / "zero.txt").symlink_to("/dev/zero")
    (tmp_path / "latin1.txt").write_bytes(b'[Civs "greece,egypt"]\n[Title "caf\xe9"]\n')
    os.mkfifo(tmp_path / "pipe.txt")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    for name in ("zero.txt", "latin1.txt", "pipe.txt"):
        for argv, says in (
            (["import", str(tmp_path / name), "--out", str(tmp_path / "o.jsonl")], "monuments import: "),
            (["new", "--position", str(tmp_path / name)], f"monuments new: --position {tmp_path / name}"),
        ):
            done = subprocess.run(
                [sys.executable, "-m", "monuments_tui", *argv], capture_output=True, text=True, timeout=60, env=env
            )
            assert done.returncode in (1, 2) and "Traceback" not in done.stderr, done.stderr
            assert done.stderr.startswith(says), done.stderr
