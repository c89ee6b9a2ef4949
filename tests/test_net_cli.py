"""`monuments serve` and `monuments host` (issue 42, "Serve and join"): a real server process on
127.0.0.1 with a port the system picks, a game hosted on it, its codes printed, and the game
there again after the server is stopped and started."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest

from monuments_tui.cli.main import main

pytestmark = pytest.mark.timeout(90)


def _start_server(folder) -> tuple[subprocess.Popen, str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "monuments_tui", "serve", "--port", "0", "--games", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    line = proc.stdout.readline()
    match = re.search(r"ws://(127\.0\.0\.1:\d+)/ws", line)
    assert match, f"the server said {line!r}"
    return proc, match.group(1), proc.stdout.readline()


def _stop(proc: subprocess.Popen) -> str:
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=20)
    return out


def test_serve_host_and_serve_again(tmp_path, capsys):
    proc, address, said = _start_server(tmp_path)
    assert "0 game(s) resumed" in said
    try:
        assert main(["host", "--server", address, "--seats", "human,heuristic", "--teacher", "0"]) == 0
        printed = capsys.readouterr().out
    finally:
        _stop(proc)
    codes = dict(re.findall(r"^  (seat \d|watch|teacher \d)\s+(\S+)$", printed, re.M))
    assert set(codes) == {"seat 0", "watch", "teacher 0"}, printed
    game = codes["watch"].split("-")[0]
    assert (tmp_path / f"{game}.jsonl").is_file()
    stored = (tmp_path / f"{game}.net.json").read_text()
    assert all(code not in stored for code in codes.values()), "a code was kept in the clear"
    proc, _address, said = _start_server(tmp_path)
    _stop(proc)
    assert "1 game(s) resumed" in said


def test_host_without_a_server_says_so(capsys):
    assert main(["host", "--server", "127.0.0.1:1"]) == 1
    assert "cannot reach the server" in capsys.readouterr().err


def test_a_host_key_is_asked_of_whoever_starts_a_game(tmp_path, capsys):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "monuments_tui", "serve", "--port", "0", "--games", str(tmp_path)]
        + ["--host-key", "river-delta-42"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        address = re.search(r"ws://(127\.0\.0\.1:\d+)/ws", proc.stdout.readline()).group(1)
        proc.stdout.readline()
        assert "Host key: river-delta-42" in proc.stdout.readline()
        assert main(["host", "--server", address]) == 1
        assert "asks for its host key" in capsys.readouterr().err
        assert main(["host", "--server", address, "--key", "river-delta-41"]) == 1
        assert "that is not it" in capsys.readouterr().err
        assert not list(tmp_path.glob("*.jsonl")), "a game was started without the key"
        assert main(["host", "--server", address, "--key", "river-delta-42"]) == 0
        assert "seat 1" in capsys.readouterr().out
    finally:
        _stop(proc)


def test_beyond_loopback_the_server_makes_a_host_key():
    from monuments_tui.cli.network import host_key_for

    assert host_key_for("127.0.0.1", None) is None and host_key_for("::1", None) is None
    made = host_key_for("0.0.0.0", None)
    assert made and len(made) >= 16 and made != host_key_for("192.0.2.7", None)
    assert host_key_for("0.0.0.0", "river-delta-42") == "river-delta-42"
    with pytest.raises(ValueError, match="8 to 64"):
        host_key_for("127.0.0.1", "short")
