"""Which command answers which pending decision, and who lists the legal ones.

Each action module registers its rules here with `rule(PendingType, CommandType)` and
its legal-command generators with `generator(PendingType)`; `candidate_commands` reads
the generators. `decide` and `legal_commands` only dispatch; the rules themselves live
next to their rulebook section.

The rule modules register themselves when they are imported; `rule_for` and
`iter_candidates` import them all on first need, so that every entry point of the rules
(`decide` imported alone too) finds them whatever was imported before.

A rule returns its events, or an `Outcome` naming what is left for `decide` to add or
check (`outcome.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from importlib import import_module
from typing import Any, TypeVar, cast

from monuments_tui.rules.commands import AiAct, Command
from monuments_tui.rules.outcome import Outcome
from monuments_tui.rules.pending import Pending
from monuments_tui.rules.state import GameState

RULE_MODULES = ("monuments_tui.rules.actions", "monuments_tui.rules.solo.turn")
"""The modules that hold every rule and generator: the action cards' package (it imports each
of its modules) and the solo AI's rules."""


Handler = Callable[[GameState, Command], Outcome]
Generator = Callable[[GameState], Iterable[Command]]
# A rule takes the command type it is registered for, a subtype of Command; `decide` hands it
# only that type, so the decorator accepts any such handler and keeps its own signature.
R = TypeVar("R", bound=Callable[[GameState, Any], Outcome])
P = TypeVar("P", bound=Pending)

RULES: dict[tuple[type, type], Handler] = {}
GENERATORS: dict[type, list[Generator]] = {}


@cache
def load_rules() -> None:
    """Import every rule module (once): each registers its rules and generators here."""
    for name in RULE_MODULES:
        import_module(name)


def rule_for(pending: Pending, command: Command) -> Handler | None:
    """The rule that decides `command` while `pending` waits, or None if no rule does."""
    handler = RULES.get((type(pending), type(command)))
    if handler is None:
        load_rules()  # a miss before the rule modules loaded is no answer yet
        handler = RULES.get((type(pending), type(command)))
    return handler


def rule(*pairs: tuple[type[Pending], type[Command]]) -> Callable[[R], R]:
    """Register a handler for each (pending type, command type) pair."""

    def register(fn: R) -> R:
        for pair in pairs:
            RULES[pair] = cast(Handler, fn)  # called only with a command of the pair's type
        return fn

    return register


def generator(*pending_types: type[Pending]) -> Callable[[Generator], Generator]:
    """Register a generator of candidate commands for these pending types.

    Candidates may include illegal commands: `legal_commands` keeps only those that
    `decide` accepts, so the rules are written once.
    """

    def register(fn: Generator) -> Generator:
        for t in pending_types:
            GENERATORS.setdefault(t, []).append(fn)
        return fn

    return register


def pending_as(state: GameState, kind: type[P]) -> P:
    """The pending decision, which a rule or generator registered for `kind` knows is one."""
    pending = state.pending
    if not isinstance(pending, kind):
        raise TypeError(f"the pending decision is {type(pending).__name__}, not {kind.__name__}")
    return pending


def candidate_commands(state: GameState) -> list[Command]:
    """Commands worth trying now (some may be illegal), without duplicates, in a stable order."""
    return list(iter_candidates(state))


def iter_candidates(state: GameState) -> Iterator[Command]:
    """`candidate_commands`, lazily: a caller that stops early never generates the rest."""
    if state.pending is None:
        return
    if state.pending.seat == state.config.ai_seat:
        yield AiAct()  # the solo AI takes every decision of its seat itself
        return
    generators = GENERATORS.get(type(state.pending))
    if generators is None:
        load_rules()  # none before the rule modules loaded is no answer yet
        generators = GENERATORS.get(type(state.pending), [])
    seen: set[Command] = set()
    for gen in generators:
        for c in gen(state):
            if c not in seen:
                seen.add(c)
                yield c
