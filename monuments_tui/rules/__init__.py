"""The rules core of Monuments: pure, event-sourced, scriptable.

It imports no user interface and does no file or terminal I/O. A game is driven with
three functions: `decide(state, command)` checks a command against the rules and
returns the events it causes (or raises `RuleViolation`), `evolve(state, event)`
applies an event, and `legal_commands(state)` lists what may be done now::

    state = new_game(GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=7))
    for event in decide(state, parse_command("startquest sq1")):
        state = evolve(state, event)
"""

from monuments_tui.rules.commands import Command, CommandAny
from monuments_tui.rules.config import GameConfig, RuleOptions
from monuments_tui.rules.decide import decide, waiting_for
from monuments_tui.rules.errors import NotationError, PositionError, RuleViolation
from monuments_tui.rules.events import Event, EventAny
from monuments_tui.rules.evolve import evolve, fold
from monuments_tui.rules.legal import any_legal, is_legal, legal_commands
from monuments_tui.rules.notation import SYNTAX, format_command, parse_command
from monuments_tui.rules.position import format_position
from monuments_tui.rules.position_checks import parse_position
from monuments_tui.rules.setup import new_game
from monuments_tui.rules.state import GameState

__all__ = [
    "Command",
    "CommandAny",
    "Event",
    "EventAny",
    "GameConfig",
    "GameState",
    "NotationError",
    "PositionError",
    "RuleOptions",
    "RuleViolation",
    "SYNTAX",
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
    "waiting_for",
]
