"""The golden saves are contracts: every save a released version wrote keeps loading, replaying,
validating and continuing in this one [docs/save-format.md, "Versions and the compatibility promise"].

`tests/golden/` holds saves exactly as released versions wrote them; they are never rewritten.
A prefix of a journal is the save of a game still in progress, so continuing is tested on
prefixes of the complete games.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import msgspec
import pytest

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import load_save
from monuments_tui.rules.config import OPTIONS_0_3_0, RuleOptions

GOLDEN = Path(__file__).parent / "golden"
GOLDENS = sorted(GOLDEN.glob("*.jsonl"))
RELEASED_0_3_0 = sorted(GOLDEN.glob("v1_0.3.0_*.jsonl"))
FORMAT_2 = (
    "v2_two-players.jsonl",
    "v2_four-players-battles.jsonl",
    *(f"v2_solo-{level}.jsonl" for level in ("easy", "normal", "hard", "insane")),
    "v2_teaching-undo-redo.jsonl",
)
"""Saves in today's format (typed draws, narration as data), written once by make_v2.py."""


def test_the_goldens_are_there():
    names = {p.name for p in GOLDENS}
    assert {
        "v1_greece-egypt_scarcity_s7.jsonl",
        "v1_0.3.0_two-players.jsonl",
        "v1_0.3.0_four-players-scarcity.jsonl",
        "v1_0.3.0_solo-hard.jsonl",
        "v1_0.3.0_solo-easy.jsonl",
        "v1_0.3.0_solo-normal.jsonl",
        "v1_0.3.0_solo-insane.jsonl",
        "v1_0.3.0_teaching.jsonl",
        *FORMAT_2,
    } <= names


@pytest.mark.parametrize("path", GOLDENS, ids=[p.name for p in GOLDENS])
def test_golden_loads_and_replays_to_its_end_without_changing_the_file(path):
    before = path.read_bytes()
    save, rebuilt = load_save(path)
    replay = Replay.open(path)
    replay.to_end()
    assert msgspec.msgpack.encode(replay.state) == msgspec.msgpack.encode(rebuilt.timeline.state)
    replay.to_start()
    assert replay.at_start and len(replay.steps) > 20 and replay.turns >= 6
    assert json.loads(before.splitlines()[0])["version"] == (1 if path.name.startswith("v1_") else 2)
    assert path.read_bytes() == before


def test_a_0_3_0_game_that_used_the_old_ferry_rule_goes_on_under_it():
    """The four-player example of 0.3.0 sails a ferry whose passengers 0.3.0 left behind
    (fixed since, Ferry l.254); it validates under the rules it was played with, and says so."""
    path = GOLDEN / "v1_0.3.0_four-players-scarcity.jsonl"
    save, rebuilt = load_save(path)
    assert any("goes on under the rules it was played with" in w for w in save.warnings)
    options = rebuilt.timeline.state.config.options
    assert all(getattr(options, name) == value for name, value in OPTIONS_0_3_0.items())


def test_a_0_3_0_game_that_holds_under_todays_rules_goes_on_under_them():
    save, rebuilt = load_save(GOLDEN / "v1_0.3.0_two-players.jsonl")
    assert save.warnings == []
    assert rebuilt.timeline.state.config.options.passengers_sail_with_ferry is True


IN_PROGRESS = [
    ("v1_0.3.0_teaching.jsonl", 150, False),
    ("v1_0.3.0_solo-easy.jsonl", 300, True),
    ("v1_0.3.0_solo-normal.jsonl", 300, True),
    ("v1_0.3.0_solo-insane.jsonl", 300, True),
    ("v1_0.3.0_two-players.jsonl", 400, False),
    ("v1_0.3.0_four-players-scarcity.jsonl", 400, False),
    ("v1_0.3.0_four-players-scarcity.jsonl", 900, True),
    ("v1_0.3.0_solo-hard.jsonl", 400, True),
]
"""(golden, records kept, whether the game depends on rules changed since 0.3.0): the
four-player game sails a ferry the old way at record 833, and every solo game of 0.3.0
dealt its quests from the pool that still held quests the AI cannot complete (B83)."""


@pytest.mark.parametrize("name,records,as_0_3_0", IN_PROGRESS, ids=[f"{n}-{r}" for n, r, _ in IN_PROGRESS])
def test_a_0_3_0_game_in_progress_continues_and_reloads(name, records, as_0_3_0, tmp_path):
    """A save cut after `records` records (a game in progress) loads, plays 60 more steps,
    and the file it then holds validates and rebuilds the same position; a game that
    depends on a rule changed since goes on under the rules it was played with."""
    lines = (GOLDEN / name).read_bytes().splitlines(keepends=True)
    cut = tmp_path / name
    cut.write_bytes(b"".join(lines[: records + 1]))
    session, warnings = GameSession.load(cut, saves_dir=tmp_path)
    options = session.state.config.options
    assert (options == msgspec.structs.replace(RuleOptions(), **OPTIONS_0_3_0)) is as_0_3_0
    assert bool(warnings) is as_0_3_0
    rnd = random.Random(5)
    with session:
        for _ in range(60):
            if session.state.pending is None:
                break
            human = session.controller() == "human"
            session.execute(rnd.choice(session.legal()) if human else session.bot_command(rnd))
        if session.teaching and session.can_undo()[0]:
            session.undo()  # a teaching game's undo goes into the file too
        played = msgspec.msgpack.encode(session.state)
    again, _ = GameSession.load(cut, saves_dir=tmp_path)
    with again:
        assert msgspec.msgpack.encode(again.state) == played
    assert json.loads(cut.read_bytes().splitlines()[0])["rules_version"] == "0.3.0"


def test_goldens_are_never_rewritten_by_a_load(tmp_path):
    for path in [*RELEASED_0_3_0, *(GOLDEN / n for n in FORMAT_2)]:
        copy = tmp_path / path.name
        shutil.copy(path, copy)
        GameSession.load(copy, saves_dir=tmp_path)[0].close()
        assert copy.read_bytes() == path.read_bytes()
