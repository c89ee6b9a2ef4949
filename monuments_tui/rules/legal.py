"""legal_commands(state): every legal command for the decision now pending.

Generators registered by each action module propose candidates; only those `decide`
accepts are kept, so legality is defined in one place. Commands with an optional
explicit payment or sacrifice are listed in their automatic form.

`any_legal` (is anything possible now?) is defined in `decide`, where the rules
themselves can ask it, and exported from here.
"""

from __future__ import annotations

from monuments_tui.rules.commands import Command
from monuments_tui.rules.decide import accepted_commands, accepts, any_legal
from monuments_tui.rules.state import GameState

__all__ = ["any_legal", "is_legal", "legal_commands"]


def legal_commands(state: GameState) -> list[Command]:
    """Every legal command for the pending decision, in a stable order."""
    return list(accepted_commands(state))


def is_legal(state: GameState, command: Command) -> bool:
    """True if `decide` accepts `command`."""
    return accepts(state, command)
