"""The public errors: one base, `MonumentsError`, for every error the game raises for bad
input, each keeping its standard base; and the end-of-game score exported with the rules."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import monuments_tui
from monuments_tui.game.session import GameSession, UndoRefused
from monuments_tui.records.text_import import RecordError, import_text
from monuments_tui.rules import (
    GameConfig,
    MonumentsError,
    NotationError,
    PositionError,
    RuleViolation,
    ScoreBreakdown,
    decide,
    new_game,
    parse_command,
    parse_position,
    score,
)
from monuments_tui.rules.card_types import ContentError
from monuments_tui.rules.scoring import score as scoring_score
from monuments_tui.saves.format import SaveError, read_save
from monuments_tui.saves.lock import SaveInUse

STANDARD_BASE = {
    RuleViolation: ValueError,
    NotationError: ValueError,
    PositionError: ValueError,
    ContentError: ValueError,
    SaveError: ValueError,
    SaveInUse: SaveError,
    RecordError: ValueError,
    UndoRefused: Exception,
}
"""Each public error and the base it had before `MonumentsError`, which callers still catch."""


def every_exception_class() -> list[type[BaseException]]:
    """Every exception class defined in a module of the game."""
    found = []
    for info in pkgutil.walk_packages(monuments_tui.__path__, "monuments_tui."):
        if info.name.endswith(".__main__"):
            continue  # `python -m monuments_tui` runs the game when imported
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == info.name:
                found.append(value)
    return found


def test_every_error_the_game_defines_is_a_monuments_error():
    defined = every_exception_class()
    assert set(STANDARD_BASE) <= set(defined)  # the walk sees them all
    assert [e.__qualname__ for e in defined if not issubclass(e, MonumentsError)] == []


@pytest.mark.parametrize("error", list(STANDARD_BASE), ids=lambda e: e.__name__)
def test_each_error_keeps_its_standard_base(error):
    assert issubclass(error, MonumentsError) and issubclass(error, STANDARD_BASE[error])


def test_bad_input_anywhere_is_caught_as_one_error(tmp_path):
    state = new_game(GameConfig(civs=("greece", "egypt"), seed=1))
    bad_file = tmp_path / "not-a-save.jsonl"
    bad_file.write_text("this is not a save\n")
    session = GameSession.new(GameConfig(civs=("greece", "egypt"), seed=1), saves_dir=tmp_path / "saves")
    refusals = {
        RuleViolation: lambda: decide(state, parse_command("end")),
        NotationError: lambda: parse_command("xyzzy"),
        PositionError: lambda: parse_position("[nothing]"),
        SaveError: lambda: read_save(bad_file),
        SaveInUse: lambda: GameSession.load(session.path),
        RecordError: lambda: import_text("not a record"),
        UndoRefused: lambda: session.undo(),
    }
    for error, refuse in refusals.items():
        with pytest.raises(MonumentsError) as caught:
            refuse()
        assert type(caught.value) is error, f"{error.__name__}: {caught.value!r}"
        assert str(caught.value)  # every one says what is wrong


def test_the_score_cards_are_exported_with_the_rules():
    """[Game end, l.391-393] each seat's score card, line by line, from `monuments_tui.rules`."""
    assert score is scoring_score
    cards = score(new_game(GameConfig(civs=("greece", "egypt"), seed=1)))
    assert [c.seat for c in cards] == [0, 1] and all(isinstance(c, ScoreBreakdown) for c in cards)
    assert all(c.total == sum(line.vp for line in c.lines) for c in cards)
