"""decide(state, command) -> events: every rule check of the game lives behind this call.

`decide` finds the rule registered for the pending decision and the command, and that
rule either returns the events that follow or raises `RuleViolation`. It never changes
the state it is given and draws randomness only from the state's generator.

`accepted_commands` and `any_legal` try the registered candidates against `decide`. They
live here, below the rule modules, because a rule asks them too: a card may be played
only if its action can at least partly happen (B59, `actions/turn.playable`). The rules
and generators register themselves when `monuments_tui.rules` loads (its `__init__`
imports `legal`, which imports every action module); nothing here imports a rule module.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextvars import ContextVar

from monuments_tui.rules.commands import AiAct, Command
from monuments_tui.rules.describe import describe_pending
from monuments_tui.rules.errors import NotationError, RuleViolation
from monuments_tui.rules.events import Event
from monuments_tui.rules.notation import format_command, parse_command
from monuments_tui.rules.registry import RULES, iter_candidates
from monuments_tui.rules.state import GameState

PROBING: ContextVar[bool] = ContextVar("probing", default=False)
"""True while `any_legal` asks only whether some command is accepted: a rule that reaches
`flow.finish_action` is accepted by then (closing an action refuses nothing), so the
probe stops there instead of working out quests and the next turn."""


def decide(state: GameState, command: Command) -> list[Event]:
    """The events that `command` causes in `state`.

    Raises:
        RuleViolation: if the command is not legal now; the message says why, cites the
            rulebook, and says what the game is waiting for.
    """
    if state.phase == "over" or state.pending is None:
        raise RuleViolation("the game is over", "Game end, l.391", "Look at the scores or replay the game.")
    pending = state.pending
    if pending.seat == state.config.ai_seat and not isinstance(command, AiAct):
        raise RuleViolation(
            f"the AI decides this: {waiting_for(state)}",
            "Solo gameplay, l.452; Introduction, l.424",
            "Use: ai",
        )
    canonical = canonical_form(command)
    if canonical != command:
        written = (
            "it cannot be written in the notation" if canonical is None else f"write {format_command(canonical)!r}"
        )
        raise RuleViolation(
            f"this {_verb(command) if canonical else type(command).__name__} command carries fields it does not use: {written}",
            "Notation (README, Commands)",
            "A command holds only what the notation writes.",
        )
    return _decided(state, command)


def canonical_form(command: Command) -> Command | None:
    """`command` as the notation writes and reads it back (`format_command`, `parse_command`),
    so without any field it does not use; None if the notation cannot write it at all.
    A command is accepted only in this form, so a save stores exactly what the notation writes."""
    try:
        return parse_command(format_command(command))
    except (NotationError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None


def _decided(state: GameState, command: Command) -> list[Event]:
    """`decide` for a command known to be canonical (the candidates the rules generate are)."""
    pending = state.pending
    assert pending is not None, "checked by decide, or the candidates of a pending decision"
    handler = RULES.get((type(pending), type(command)))
    if handler is None:
        if not RULES:
            raise RuntimeError("no rule is registered: import monuments_tui.rules (or its module legal) first")
        raise RuleViolation(
            f"'{_verb(command)}' is not possible now: {waiting_for(state)}",
            "In a turn, l.206-207",
            _hint(state),
        )
    return handler(state, command)


def accepted_commands(state: GameState) -> Iterator[Command]:
    """The candidate commands that `decide` accepts, lazily and in a stable order."""
    if state.phase == "over" or state.pending is None:
        return
    ai_turn = state.pending.seat == state.config.ai_seat
    for c in iter_candidates(state):
        if ai_turn and not isinstance(c, AiAct):
            continue
        try:
            _decided(state, c)
        except RuleViolation:
            continue
        yield c


def any_legal(state: GameState) -> bool:
    """True if `decide` accepts some command now; stops at the first candidate it accepts."""
    token = PROBING.set(True)
    try:
        return next(accepted_commands(state), None) is not None
    finally:
        PROBING.reset(token)


_CARD_CHECK_LEFT: ContextVar[list[GameState] | None] = ContextVar("card_check_left", default=None)


class card_check_deferred:  # noqa: N801 - used as a `with` statement, like a function
    """While a load decides one recorded card play: the check that the card has an effect
    (B59, `any_legal` of the action it opens) is left to the load, which knows the command
    recorded next. The list `with` gives gets the opened state if the check was left so.
    (A class, not a generator: a load enters it for every card played.)"""

    __slots__ = ("_left", "_token")

    def __enter__(self) -> list[GameState]:
        self._left: list[GameState] = []
        self._token = _CARD_CHECK_LEFT.set(self._left)
        return self._left

    def __exit__(self, *exc: object) -> None:
        _CARD_CHECK_LEFT.reset(self._token)


def any_legal_unless_deferred(opened: GameState) -> bool:
    """`any_legal(opened)` for the card just played, or True if a load took the check over
    (`card_check_deferred`; once: any card decided within is checked in full)."""
    left = _CARD_CHECK_LEFT.get()
    if left is None or left:
        return any_legal(opened)
    left.append(opened)
    return True


def _verb(command: Command) -> str:
    """The command's verb as the player types it ("end"), never its class or tag (end_turn)."""
    return format_command(command).split()[0]


def _hint(state: GameState) -> str:
    legal = list(accepted_commands(state))
    shown = ", ".join(format_command(c) for c in legal[:6])
    more = f" (and {len(legal) - 6} more)" if len(legal) > 6 else ""
    return f"Legal now: {shown}{more}." if legal else ""


def waiting_for(state: GameState) -> str:
    """A sentence saying what the game is waiting for, e.g. "Greece to play a card"."""
    return describe_pending(state)
