"""The command line's manners: every option of every sub-command has a help line, and a reader
that goes away (`monuments export ... | head -1`) ends any command quietly."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monuments_tui.cli.main import build_parser

EXAMPLE = Path(__file__).parent.parent / "saves" / "examples" / "four-players-scarcity.jsonl"


def test_every_option_of_every_sub_command_has_a_help_line():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [
        f"{name} {'/'.join(action.option_strings) or action.dest}"
        for name, command in sub.choices.items()
        for action in command._actions
        if not action.help
    ]
    assert missing == []


def test_the_help_of_the_program_and_of_every_sub_command_prints():
    # argparse expands "%" in help texts: a stray one turns `--help` into a traceback.
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for command in [parser, *sub.choices.values()]:
        assert command.format_help()


@pytest.mark.parametrize(
    "args", [["export", str(EXAMPLE), "--format", "json"], ["export", str(EXAMPLE)], ["cards", "--json"]]
)
def test_a_closed_pipe_ends_the_command_quietly(args):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "monuments_tui", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert err == ""
