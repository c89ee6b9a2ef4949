"""The whole header is validated: format and versions, seat controllers, the game's
configuration; `monuments check` and `GameSession.load` agree on every header, so a file
that check accepts always loads and plays [issue 18, items 2 and 3]."""

from __future__ import annotations

import json
import re

import pytest

from monuments_tui import records
from monuments_tui.cli.main import main
from monuments_tui.game.session import GameSession
from monuments_tui.rules.config import GameConfig
from monuments_tui.saves.format import RULES_VERSION, VERSION, SaveError, read_save
from tests.session_helpers import lines, new_session, play, rebind

SOLO = GameConfig(civs=("greece", "egypt"), mode="abundance", seed=3, solo="normal")


def _set(key, value):
    def change(h):
        h[key] = value

    return change


def _drop(key):
    return lambda h: h.pop(key)


def _config(key, value):
    def change(h):
        h["config"][key] = value

    return change


def _option(key, value):
    def change(h):
        h["config"]["options"][key] = value

    return change


WRONG = {
    # seats [Solo set-up, l.434: the AI plays its own seat]
    "one seat for two civilisations": (_set("seats", ["random"]), "seat controllers: 1 given for 2"),
    "no seats": (_set("seats", []), "seat controllers: 0 given for 2"),
    "seats left out": (_drop("seats"), "seat controllers: 0 given for 2"),
    "three seats for two": (_set("seats", ["human"] * 3), "seat controllers: 3 given for 2"),
    "an unknown controller": (_set("seats", ["human", "robot"]), "unknown seat controller 'robot' for seat 1"),
    "the solo AI in a game without it": (_set("seats", ["ai", "human"]), "seat 0 (greece) is 'ai'"),
    "a controller that is not text": (_set("seats", ["human", 2]), "Expected `str`"),
    "seats that are not a list": (_set("seats", "human,human"), "Expected `array`"),
    # format and versions
    "another format": (_set("format", "chess-save"), "not a Monuments save"),
    "format version 0": (_set("version", 0), "invalid save format version 0"),
    "format version as text": (_set("version", "2"), "invalid save format version '2'"),
    "format version true": (_set("version", True), "invalid save format version True"),
    "format version left out": (_drop("version"), "invalid save format version None"),
    "a newer format version": (_set("version", VERSION + 1), "update monuments"),
    "a newer rules version": (_set("rules_version", "9.0.0"), "newer than this program"),
    "a newer minor rules version": (_set("rules_version", "0.99.0"), "update monuments to open it"),
    "a malformed rules version": (_set("rules_version", "banana"), "invalid rules version 'banana'"),
    "a rules version without its patch": (_set("rules_version", "0.4"), "invalid rules version '0.4'"),
    "a rules version that is a number": (_set("rules_version", 4), "invalid rules version 4"),
    # the configuration [Set-up, l.118-144]
    "a civilisation twice": (_config("civs", ["greece", "greece"]), "one seat only"),
    "an unknown civilisation": (
        _config("civs", ["atlantis", "egypt"]),
        "Invalid enum value 'atlantis' - at `$.config.civs[0]`",
    ),
    "one civilisation": (_config("civs", ["greece"]), "no set-up for greece"),
    "an unknown mode": (_config("mode", "plenty"), "mode"),
    "an AI seat without solo": (_config("ai_seat", 1), "unknown field `ai_seat`"),
    "an unknown difficulty": (_config("solo", "godlike"), "Invalid enum value 'godlike' - at `$.config.solo`"),
    "a seed that is text": (_config("seed", "7"), "Expected `int`"),
    "no configuration": (_drop("config"), "missing required field `config`"),
    "an unknown option": (_option("layer9_workers", 3), "layer9_workers"),
    "a negative count option": (_option("solo_unit_cost", -1), "solo_unit_cost"),
    # the rest
    "an unknown field": (_set("cheat", True), "unknown field `cheat`"),
    "teaching as text": (_set("teaching", "yes"), "Expected `bool`"),
    "a title that is a number": (_set("title", 5), "Expected `str`"),
    "a position that is not one": (_set("position", "not a position"), "starting position is not valid"),
}

RIGHT = {
    "another title": _set("title", "[bold]Greece[/bold] v Egypt"),
    "bots on both seats": _set("seats", ["heuristic", "random"]),
    "people on both seats": _set("seats", ["human", "human"]),
    "an older rules version": _set("rules_version", "0.1.0"),
    "format version 1": _set("version", 1),
    "a parent": _set("parent", "older.jsonl"),
}


def _saved(tmp_path, change, config=None):
    if config is None:
        s = new_session(tmp_path)
    else:
        s = GameSession.new(config, seats=("ai", "random"), saves_dir=tmp_path)
    play(s, 6)
    s.close()
    raw = lines(s.path)
    header = json.loads(raw[0])
    change(header)
    s.path.write_bytes(b"\n".join([json.dumps(header).encode()] + raw[1:]) + b"\n")
    rebind(s.path)
    return s.path


@pytest.mark.parametrize("case", list(WRONG))
def test_check_and_load_refuse_each_wrong_header_alike_naming_line_1(tmp_path, case, capsys):
    change, said = WRONG[case]
    path = _saved(tmp_path, change)
    before = path.read_bytes()
    with pytest.raises(SaveError) as checked:
        records.check(path)
    with pytest.raises(SaveError) as loaded:
        GameSession.load(path)
    assert checked.value.line == loaded.value.line == 1
    assert str(checked.value) == str(loaded.value) and said in str(loaded.value)
    assert main(["check", str(path)]) == 1 and f"{path}, line 1" in capsys.readouterr().err
    assert path.read_bytes() == before


@pytest.mark.parametrize("case", list(RIGHT))
def test_a_header_that_check_accepts_loads_and_plays(tmp_path, case):
    path = _saved(tmp_path, RIGHT[case])
    assert records.check(path)["valid"]
    session, _ = GameSession.load(path)
    session.execute(session.legal()[0])
    assert len(session.history()) == 7
    session.close()


@pytest.mark.parametrize(
    "seats, said",
    [
        (["human", "human"], "seat 0 (greece) is the solo AI's seat: its controller is 'ai', not 'human'"),
        (["human", "ai"], "seat 0 (greece) is the solo AI's seat"),
        (["ai", "ai"], "seat 1 (egypt) is 'ai'"),
    ],
)
def test_the_solo_ai_plays_its_own_seat_and_no_other(tmp_path, seats, said):
    """The AI deck plays seat 0 of a solo game [Solo gameplay, l.450]; no person or bot may take it."""
    path = _saved(tmp_path, _set("seats", seats), config=SOLO)
    for read in (records.check, GameSession.load, read_save):
        with pytest.raises(SaveError, match=re.escape(said)):
            read(path)
    with pytest.raises(ValueError, match=re.escape(said)):
        GameSession.new(SOLO, seats=tuple(seats), saves_dir=tmp_path / "new")
    assert not (tmp_path / "new").exists() or not list((tmp_path / "new").glob("*.jsonl"))


def test_a_solo_game_seats_the_ai_by_default(tmp_path):
    s = GameSession.new(SOLO, saves_dir=tmp_path)
    assert s.seats == ("ai", "human")
    s.close()


def test_a_newer_rules_version_is_refused_before_fields_it_may_have_added(tmp_path):
    def newer(h):
        h["rules_version"] = "1.0.0"
        h["config"]["options"]["a_rule_from_the_future"] = True

    path = _saved(tmp_path, newer)
    with pytest.raises(SaveError, match=r"written by monuments 1\.0\.0, newer than this program \(" + RULES_VERSION):
        GameSession.load(path)
