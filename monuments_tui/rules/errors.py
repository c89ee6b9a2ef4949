"""Errors raised by the rules core, and `MonumentsError`, the base of every error the game raises.

A refusal is data: `problem` (what is wrong), `hint` (what would work, or "") and `rule`
(the rulebook section and line, with the decision code where one applies, or "") are
fields a front end reads and lays out as it likes; the message (`str`) joins them for
logs, exports and tests.
"""


class MonumentsError(Exception):
    """The base of every error the game's public API raises for bad input, in every layer:
    a command the rules refuse, text that is not a command or a position, a save or record
    that cannot be read, a save in use, an undo not allowed now, card data that does not
    hold. `except MonumentsError` handles them all; each also keeps its standard base
    (most are a `ValueError`), so a caller that catches that still does. The message says
    what is wrong and, where it helps, what would work."""


class RuleViolation(ValueError, MonumentsError):
    """A command that the rules do not allow in the current position.

    The message says what is wrong, names the rulebook section that forbids it,
    and, where it helps, what would be legal instead.

    Attributes:
        problem: what is wrong, e.g. "you have no worker on E19".
        rule: the rulebook section (and line) that applies, e.g. "Movement, l.221"; a
            decision of docs/rules-decisions.md follows in brackets, as in "Trade, l.387 (B54)".
        hint: what would be legal instead, or "".
    """

    def __init__(self, message: str, rule: str = "", hint: str = ""):
        self.problem = message
        self.rule = rule
        self.hint = hint
        text = message
        if rule:
            text += f" [{rule}]"
        if hint:
            text += f" {hint}"
        super().__init__(text)


class NotationError(ValueError, MonumentsError):
    """Text that is not a command in the notation; the message says what was expected.

    Attributes:
        problem: where the text goes wrong, e.g. "'play' needs an action card, got nothing".
        hint: what the notation expects there, e.g. "Expected: play CARD (e.g. play movement).", or "".
        rule: always "": the notation is the app's, not the rulebook's.
    """

    rule = ""

    def __init__(self, problem: str, hint: str = ""):
        self.problem = problem
        self.hint = hint
        super().__init__(f"{problem}. {hint}" if hint else problem)


class PositionError(ValueError, MonumentsError):
    """A position (docs/positions.md) that cannot be read; the message starts with "line N:".

    Attributes:
        line: the 1-based line at fault (0 for the text as a whole).
        problem: the message without the line.
    """

    def __init__(self, line: int, problem: str):
        self.line = line
        self.problem = problem
        super().__init__(f"line {line}: {problem}" if line else problem)
