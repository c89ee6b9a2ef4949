"""The rules core of Monuments: pure, event-sourced, scriptable.

It imports no user interface and does no file or terminal I/O. A game is driven with
three functions: `decide(state, command)` checks a command against the rules and
returns the events it causes (or raises `RuleViolation`), `evolve(state, event)`
applies an event, and `legal_commands(state)` lists what may be done now::

    state = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=7))
    for event in decide(state, parse_command("startquest qs-land")):
        state = evolve(state, event)

`score(state)` gives each seat's score card, line by line. Every error the game raises
for bad input is a `MonumentsError`: those of the rules, and those of the saves, the
records and the session (`SaveError`, `SaveInUse`, `RecordError`, `UndoRefused`).

The names below load on first use, so that a program that only reads saves (the title
screen's list) never pays for the engine; a module of the package imported by itself
(`monuments_tui.rules.events`) loads alone. The rules register themselves with
`registry`, which imports them when first asked, so every entry point works whatever
was imported before.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as type checkers and editors see them
    from monuments_tui.rules.commands import Command, CommandAny
    from monuments_tui.rules.config import GameConfig, RuleOptions
    from monuments_tui.rules.decide import decide, waiting_for
    from monuments_tui.rules.errors import MonumentsError, NotationError, PositionError, RuleViolation
    from monuments_tui.rules.events import Event, EventAny
    from monuments_tui.rules.evolve import evolve, fold
    from monuments_tui.rules.legal import any_legal, is_legal, legal_commands
    from monuments_tui.rules.notation import SYNTAX, format_command, parse_command
    from monuments_tui.rules.position import format_position, parse_position
    from monuments_tui.rules.scoring import ScoreBreakdown, ScoreLine, score
    from monuments_tui.rules.setup import new_game
    from monuments_tui.rules.state import GameState

_WHERE = {
    "Command": "commands",
    "CommandAny": "commands",
    "GameConfig": "config",
    "RuleOptions": "config",
    "decide": "decide",
    "waiting_for": "decide",
    "MonumentsError": "errors",
    "NotationError": "errors",
    "PositionError": "errors",
    "RuleViolation": "errors",
    "Event": "events",
    "EventAny": "events",
    "evolve": "evolve",
    "fold": "evolve",
    "any_legal": "legal",
    "is_legal": "legal",
    "legal_commands": "legal",
    "SYNTAX": "notation",
    "format_command": "notation",
    "parse_command": "notation",
    "format_position": "position",
    "parse_position": "position",
    "ScoreBreakdown": "scoring",
    "ScoreLine": "scoring",
    "score": "scoring",
    "new_game": "setup",
    "GameState": "state",
}
"""Each public name, and the module of the package that defines it."""

__all__ = [
    "Command",
    "CommandAny",
    "Event",
    "EventAny",
    "GameConfig",
    "GameState",
    "MonumentsError",
    "NotationError",
    "PositionError",
    "RuleOptions",
    "RuleViolation",
    "SYNTAX",
    "ScoreBreakdown",
    "ScoreLine",
    "any_legal",
    "decide",
    "evolve",
    "fold",
    "format_command",
    "format_position",
    "is_legal",
    "legal_commands",
    "new_game",
    "parse_command",
    "parse_position",
    "score",
    "waiting_for",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


class _Rules(ModuleType):
    """The package: importing its module `decide` or `evolve` does not hide the function of that name."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and name in _WHERE:
            return  # the module stays reachable as sys.modules["monuments_tui.rules.decide"]
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Rules
