"""The example games in saves/examples/ load, replay and match the current save format.

They are complete games made by the bots (scripts/make_examples.py): a two-player game, a
four-player Scarcity game with battles and a solo game. If this test fails after a change
of the save format or the rules, run `python scripts/make_examples.py` again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monuments_tui.game.session import load_save
from monuments_tui.records import check

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
FILES = sorted(EXAMPLES.glob("*.jsonl"))


def test_the_examples_are_there():
    names = {p.name for p in FILES}
    assert {"two-players.jsonl", "four-players-scarcity.jsonl", "solo-hard.jsonl"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_is_a_valid_complete_game(path):
    summary = check(path)
    assert summary["valid"] and not summary["warnings"]
    assert summary["status"] == "over", "an example is a complete game"
    assert summary["scores"] and summary["result"]
    _, rebuilt = load_save(path)
    state = rebuilt.timeline.state
    assert max(p.layers for p in state.players) == 5
    if path.name.startswith("four-players"):
        assert state.config.mode == "scarcity" and len(state.players) == 4 and state.battles
    if path.name.startswith("solo"):
        assert state.config.solo and state.config.ai_seat == 0 and summary["seats"][0] == "ai"
