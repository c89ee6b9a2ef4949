"""decide(state, command) -> events: every rule check of the game lives behind this call.

`decide` finds the rule registered for the pending decision and the command, and that
rule either returns the events that follow or raises `RuleViolation`. It never changes
the state it is given and draws randomness only from the state's generator. What it
does depends on its arguments alone: a caller that may leave a check out says so
(`check_card_effect`), and a probe that asks only whether a command is accepted is a
function of its own (`accepts`).

`accepted_commands` and `any_legal` try the registered candidates. They live here, below
the rule modules, because a rule asks them too: a card may be played only if its action
can at least partly happen (B59, `actions/turn.playable`). The rule modules register
themselves with `registry`, which imports them on first need; none is imported here.
"""

from __future__ import annotations

from collections.abc import Iterator

from monuments_tui.rules.commands import AiAct, Command
from monuments_tui.rules.describe import describe_pending
from monuments_tui.rules.errors import NotationError, RuleViolation
from monuments_tui.rules.events import Event
from monuments_tui.rules.evolve import fold_then
from monuments_tui.rules.flow import closing_events
from monuments_tui.rules.notation import format_command, parse_command
from monuments_tui.rules.outcome import ActionDone, CardOpened, Outcome, no_effect
from monuments_tui.rules.registry import RULES, Handler, iter_candidates, rule_for
from monuments_tui.rules.state import GameState


def decide(state: GameState, command: Command, *, check_card_effect: bool = True) -> list[Event]:
    """The events that `command` causes in `state`.

    Args:
        check_card_effect: False leaves out the check that a card played has an effect
            (B59: some command is legal in the action it opens). The caller owes that check:
            a validated load makes it with the command recorded next, which the rules
            accept in the state the card opened, or decides the card again in full.

    Raises:
        RuleViolation: if the command is not legal now; the message says why, cites the
            rulebook, and says what the game is waiting for.
    """
    pending = state.pending
    handler = None if pending is None else RULES.get((type(pending), type(command)))
    if handler is None or state.phase == "over" or pending is None or pending.seat == state.config.ai_seat:
        handler = _rule(state, command)  # the refusals, and the first call before the rules load
    else:
        _refuse_unless_canonical(command)
    outcome = handler(state, command)
    if type(outcome) is list:  # the most common outcomes first, without a call more
        return outcome
    if type(outcome) is ActionDone:
        return fold_then(outcome.state, outcome.events, closing_events)
    return outcome_events(outcome, check_card_effect=check_card_effect)


def canonical_form(command: Command) -> Command | None:
    """`command` as the notation writes and reads it back (`format_command`, `parse_command`),
    so without any field it does not use; None if the notation cannot write it at all.
    A command is accepted only in this form, so a save stores exactly what the notation writes.
    The rules' own candidates are canonical, so the probe (`accepts`) leaves this out."""
    try:
        return parse_command(format_command(command))
    except (NotationError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None


def _refuse_unless_canonical(command: Command) -> None:
    """Refuse a command that carries fields the notation does not write (`canonical_form`)."""
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


def outcome_events(outcome: Outcome, *, check_card_effect: bool = True) -> list[Event]:
    """The events of a rule's `outcome`, with what `decide` adds and checks (`outcome.py`).

    Raises:
        RuleViolation: if a card played would have no effect (B59).
    """
    if type(outcome) is list:
        return outcome
    if isinstance(outcome, ActionDone):
        return fold_then(outcome.state, outcome.events, closing_events)
    if isinstance(outcome, CardOpened):
        if check_card_effect and not any_legal(outcome.opened):
            raise outcome.explain() if outcome.explain is not None else no_effect(outcome.card)
        return outcome.events
    return outcome


def accepts(state: GameState, command: Command) -> bool:
    """True if `decide` accepts `command`: the probe, which leaves out what follows an
    accepted action (closing it refuses nothing) and builds no message for a refusal."""
    pending = state.pending
    if state.phase == "over" or pending is None:
        return False
    if pending.seat == state.config.ai_seat and not isinstance(command, AiAct):
        return False
    handler = RULES.get((type(pending), type(command))) or rule_for(pending, command)
    if handler is None:
        return False
    try:
        outcome = handler(state, command)
    except RuleViolation:
        return False
    return not isinstance(outcome, CardOpened) or any_legal(outcome.opened)


def accepted_commands(state: GameState) -> Iterator[Command]:
    """The candidate commands that `decide` accepts, lazily and in a stable order."""
    return (c for c in iter_candidates(state) if accepts(state, c))


def any_legal(state: GameState) -> bool:
    """True if `decide` accepts some command now; stops at the first candidate it accepts."""
    return any(accepts(state, c) for c in iter_candidates(state))


def _rule(state: GameState, command: Command) -> Handler:
    """The rule that decides `command` now.

    Raises:
        RuleViolation: if none does (the game is over, the AI's turn, a command for another decision).
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
    _refuse_unless_canonical(command)
    handler = rule_for(pending, command)
    if handler is None:
        raise RuleViolation(
            f"'{_verb(command)}' is not possible now: {waiting_for(state)}",
            "In a turn, l.206-207",
            _hint(state),
        )
    return handler


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
