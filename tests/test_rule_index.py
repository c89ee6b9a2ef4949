"""docs/rule-index.md: generated from the rule registrations and docstring citations, never stale."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from monuments_tui.rules.registry import RULES

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "rule_index.py"
spec = importlib.util.spec_from_file_location("rule_index", SCRIPT)
rule_index = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rule_index)

RULEBOOK = ROOT.parent / "shared" / "rules" / "monuments-rulebook.txt"
"""The rulebook beside the checkout, as on every machine of the project and in CI."""


def test_the_committed_index_is_the_generated_one():
    """Changing a rule's registration or citation without regenerating the index fails here."""
    committed = (ROOT / "docs" / "rule-index.md").read_text()
    assert committed == rule_index.render(), (
        f"docs/rule-index.md is out of date: run `{rule_index.REGENERATE}` and commit the result"
    )


def test_every_registered_rule_is_indexed_with_a_citation():
    found = {(e.module, e.name): e for e in rule_index.entries()}
    for fn in set(RULES.values()):
        entry = found[(fn.__module__.removeprefix("monuments_tui."), fn.__name__)]
        assert entry.roles and entry.cites, f"{fn.__module__}.{fn.__name__} cites no rulebook line"


def test_citations_are_read_with_their_section_names():
    cites = rule_index.citations("Keep one [Player set-up, l.154, l.162; In a turn, l.206-207 (B59)].")
    assert [c.text for c in cites] == ["Player set-up, l.154", "l.162", "In a turn, l.206-207"]
    assert rule_index.citations("(its Special card trains without it, l.488)")[0].name is None
    assert all(rule_index.names_its_section(c) for c in cites)
    assert rule_index.names_its_section(rule_index.Citation(463, 465, "Solo production"))
    assert not rule_index.names_its_section(rule_index.Citation(371, 377, "Quests"))
    assert rule_index.section_of(206).title == "Goal of the game and flow of play › In a turn, a player can either"
    assert rule_index.section_of(rule_index.RULEBOOK_LINES + 1) is None


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not on this machine")
def test_the_section_table_is_the_rulebooks():
    """Each heading of the table is its line of the rulebook (a labelled paragraph starts with it);
    a heading met again in the same chapter is the continuation of its section."""
    lines = RULEBOOK.read_text(encoding="utf-8").split("\n")
    assert len(lines) == rule_index.RULEBOOK_LINES
    seen = set()
    for line, depth, heading in rule_index.HEADINGS:
        seen = set() if depth == 0 else seen
        if (depth, heading) not in seen:
            text = lines[line - 1]
            assert text == heading or text.startswith(f"{heading}: "), (line, heading, text)
        seen.add((depth, heading))
