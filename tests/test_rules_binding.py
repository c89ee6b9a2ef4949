"""A save's rules are bound to its game: the first command record commits to the header's
rule-bearing fields, so an edit of the mode, an option, the seats, the seed, the
civilisations, teaching, hints or the position of a written game is refused naming that
record's line, while the title stays editable; older saves load as they are, and `monuments
upgrade` adds the commitment [issue: nothing from a file reaches your terminal raw, item 6].

The four-player golden game validated as Abundance instead of Scarcity once its mode was
edited: no command in it happened to test the edited rule. The short profile tries a sample
of single edits; `MONUMENTS_STRESS=full` tries every option at every other value of its domain.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import typing
from pathlib import Path

import msgspec
import pytest

from monuments_tui.cli.upgrade import upgrade_save
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.records import check
from monuments_tui.rules.config import RuleOptions
from monuments_tui.saves.format import VERSION, SaveError

from .session_helpers import new_session, play

FULL = os.environ.get("MONUMENTS_STRESS") == "full"
GOLDEN = Path(__file__).parent / "golden"


def a_game(tmp_path: Path) -> Path:
    s = new_session(tmp_path, teaching=True)
    play(s, 12)
    s.close()
    return s.path


def edited(path: Path, change) -> Path:
    raw = path.read_bytes().split(b"\n")
    header = json.loads(raw[0])
    change(header)
    path.write_bytes(b"\n".join([json.dumps(header).encode(), *raw[1:]]))
    return path


def refused_at_the_first_move(path: Path) -> None:
    for read in (check, GameSession.load, Replay.open):
        with pytest.raises(SaveError) as refused:
            read(path)
        assert refused.value.line == 2, refused.value
        assert "edited after its first move" in str(refused.value) or "does not commit" in str(refused.value)


def other_values(tp) -> list:
    if tp is bool:
        return [True, False]
    if typing.get_origin(tp) is typing.Literal:
        return list(typing.get_args(tp))
    meta = typing.get_args(tp)[1]
    return list(range(meta.ge, meta.le + 1))


def option_edits() -> list[tuple[str, object]]:
    defaults = RuleOptions()
    edits = [
        (f.name, v)
        for f in msgspec.structs.fields(RuleOptions)
        for v in other_values(f.type)
        if v != getattr(defaults, f.name)
    ]
    return edits if FULL else random.Random(41).sample(edits, 12)


EDITS = {
    "mode": lambda h: h["config"].__setitem__("mode", "abundance"),
    "seed": lambda h: h["config"].__setitem__("seed", h["config"]["seed"] + 1),
    "civilisations": lambda h: h["config"].__setitem__("civs", ["egypt", "greece"]),
    "seats": lambda h: h.__setitem__("seats", ["human", "random"]),
    "teaching": lambda h: h.__setitem__("teaching", False),
    "hints": lambda h: h.__setitem__("hints", True),
    "guided": lambda h: h.__setitem__("guided", True),
    "an option written at its default": lambda h: h["config"]["options"].__setitem__("dice_cap", 0),
}


@pytest.mark.parametrize("what", list(EDITS))
def test_an_edit_of_the_rules_of_a_written_game_is_refused_at_its_first_move(tmp_path, what):
    path = a_game(tmp_path)
    if what == "an option written at its default":
        edited(path, lambda h: h["config"]["options"].pop("dice_cap"))  # the same rules, written otherwise
    else:
        edited(path, EDITS[what])
    refused_at_the_first_move(path)


@pytest.mark.parametrize("name, value", option_edits())
def test_each_rule_option_edited_is_refused(tmp_path, name, value):
    path = edited(a_game(tmp_path), lambda h: h["config"]["options"].__setitem__(name, value))
    refused_at_the_first_move(path)


def test_the_title_and_time_stay_editable(tmp_path):
    path = edited(
        a_game(tmp_path), lambda h: h.update(title="Renamed: the long game", created="2020-01-01T00:00:00+00:00")
    )
    assert check(path)["valid"]
    session, _ = GameSession.load(path)
    assert session.title == "Renamed: the long game"
    play(session, 2)  # played on: still bound, still loads
    session.close()
    GameSession.load(path)[0].close()


def test_a_commitment_removed_is_refused(tmp_path):
    path = a_game(tmp_path)
    raw = path.read_bytes().split(b"\n")
    first = json.loads(raw[1])
    assert len(first.pop("binds")) == 32
    raw[1] = json.dumps(first, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(raw))
    refused_at_the_first_move(path)


def test_only_the_first_move_commits(tmp_path):
    path = a_game(tmp_path)
    lines = path.read_bytes().splitlines()
    assert json.loads(lines[0])["version"] == VERSION
    assert [b'"binds"' in line for line in lines[1:]] == [True] + [False] * (len(lines) - 2)


def test_the_four_player_golden_game_edited_to_abundance_is_refused_once_upgraded(tmp_path):
    """Golden saves are contracts: without the commitment they load as they are; upgrade adds it."""
    path = tmp_path / "four.jsonl"
    shutil.copy(GOLDEN / "v2_four-players-battles.jsonl", path)
    assert check(path)["valid"]
    said = upgrade_save(path)
    assert f"to {VERSION}" in said
    assert b'"binds"' in path.read_bytes().splitlines()[1]
    assert check(path)["valid"]
    mode = json.loads(path.read_bytes().splitlines()[0])["config"]["mode"]
    edited(path, lambda h: h["config"].__setitem__("mode", "abundance" if mode == "scarcity" else "scarcity"))
    with pytest.raises(SaveError) as refused:
        check(path)
    assert refused.value.line == 2 and "edited after its first move" in str(refused.value)


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.jsonl")))
def test_golden_saves_without_the_commitment_still_load(name):
    assert check(GOLDEN / name)["valid"]
