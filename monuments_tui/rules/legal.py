"""legal_commands(state): every legal command for the decision now pending.

Generators registered by each action module propose candidates; only those `decide`
accepts are kept, so legality is defined in one place. Commands with an optional
explicit payment or sacrifice are listed in their automatic form.
"""

from __future__ import annotations

from monuments_tui.rules import actions  # noqa: F401  (registers generators)
from monuments_tui.rules.commands import AiAct, Command
from monuments_tui.rules.decide import decide
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.rules.registry import GENERATORS
from monuments_tui.rules.state import GameState


def candidate_commands(state: GameState) -> list[Command]:
    """Commands worth trying now (some may be illegal), without duplicates, in a stable order."""
    if state.pending is None:
        return []
    if state.pending.seat == state.config.ai_seat:
        return [AiAct()]  # the solo AI takes every decision of its seat itself
    seen: dict[Command, None] = {}
    for gen in GENERATORS.get(type(state.pending), []):
        for c in gen(state):
            seen.setdefault(c, None)
    return list(seen)


def legal_commands(state: GameState) -> list[Command]:
    """Every legal command for the pending decision, in a stable order."""
    out = []
    for c in candidate_commands(state):
        try:
            decide(state, c)
        except RuleViolation:
            continue
        out.append(c)
    return out


def is_legal(state: GameState, command: Command) -> bool:
    """True if `decide` accepts `command`."""
    try:
        decide(state, command)
    except RuleViolation:
        return False
    return True
