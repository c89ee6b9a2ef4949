"""The README documents every command with an example, and gives the two commands."""

import pathlib

from monuments_tui.rules import parse_command
from monuments_tui.rules.notation import SYNTAX

README = (pathlib.Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_every_command_has_an_example_in_the_readme():
    for syntax in SYNTAX:
        assert f"`{syntax.example}`" in README, syntax.verb
        parse_command(syntax.example)  # every example is valid notation


def test_readme_gives_the_setup_and_test_commands():
    assert '.venv/bin/pip install -e ".[test]" && .venv/bin/monuments' in README
    assert ".venv/bin/python -m pytest" in README


def test_ci_runs_the_readme_test_command():
    ci = (pathlib.Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert ci.strip().splitlines()[-1] == ".venv/bin/python -m pytest"
