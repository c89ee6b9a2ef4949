"""The README: the two commands (and CI runs its test command), every typed command with an
example, every sub-command in its table, links that lead somewhere, and no sentence twice."""

import pathlib
import re
from collections import Counter

from monuments_tui.cli.main import build_parser
from monuments_tui.rules import parse_command
from monuments_tui.rules.notation import SYNTAX

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
SET_UP_AND_PLAY = 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/monuments'
TEST_COMMAND = ".venv/bin/python -m pytest"


def code_block_after(heading: str) -> str:
    """The first fenced block after the line `heading`."""
    found = re.search(re.escape(heading) + r"\s*\n+```\n(.*?)\n```", README, re.S)
    assert found, f"no code block after {heading!r}"
    return found.group(1)


def test_every_command_has_an_example_in_the_readme():
    for syntax in SYNTAX:
        assert f"`{syntax.example}`" in README, syntax.verb
        parse_command(syntax.example)  # every example is valid notation


def test_readme_gives_the_setup_and_test_commands():
    assert code_block_after("Set everything up and play:") == SET_UP_AND_PLAY
    assert code_block_after("Run the tests:") == TEST_COMMAND


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.strip().splitlines()[-1] == code_block_after("Run the tests:")


def test_every_sub_command_has_a_row_in_the_table():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    table = README[README.index("## Sub-commands") :].split("\n## ")[0]
    rows = re.findall(r"^\| `monuments (\w+)", table, re.M)
    assert sorted(rows) == sorted(sub.choices)


def test_every_link_to_a_page_of_the_project_leads_to_one():
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        if "://" not in target:
            assert (ROOT / target).exists(), target


def test_nothing_is_said_twice_and_no_figure_is_dated():
    """No run of eight words outside the tables and code comes twice (a paragraph once
    repeated half a sentence), and speed figures live in docs/performance.md, undated."""
    text = re.sub(r"```.*?```", "", README, flags=re.S)
    text = " ".join(line for line in text.splitlines() if not line.startswith("|"))
    words = re.findall(r"[\w'-]+", text.lower())
    runs = Counter(tuple(words[i : i + 8]) for i in range(len(words) - 7))
    assert [" ".join(r) for r, n in runs.items() if n > 1] == []
    for dated in ("this round", "the round before", "/tmp/", "/work/", "/home/"):
        assert dated not in README, dated
