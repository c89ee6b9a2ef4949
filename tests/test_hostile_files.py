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
