"""A refusal as the screen shows it: what is wrong and what would work first, the rulebook
section and decision code on a detail line under it.

The words come from the refusal's fields (`problem`, `hint`, `rule` of `RuleViolation` and
`NotationError`), never from reading its message back: the message joins them for logs.
"""

from __future__ import annotations

from typing import Protocol


class Refusal(Protocol):
    """What a refusal of the rules or the notation tells (`rules.errors`)."""

    @property
    def problem(self) -> str: ...
    @property
    def hint(self) -> str: ...
    @property
    def rule(self) -> str: ...


def sentence(text: str) -> str:
    """`text` as the start of a sentence: a first word capitalised, an id (q01-fort, D7) left as typed."""
    first = text.split(" ", 1)[0]
    return text[:1].upper() + text[1:] if first.isalpha() else text


def refusal_lines(refusal: Refusal) -> tuple[str, str]:
    """(what is wrong and what would work, "Rulebook: " and the rule, or "" when none applies)."""
    plain = sentence(refusal.problem)
    if refusal.hint:
        stop = "" if plain.endswith((".", ":", ";", "!", "?")) else "."
        plain = f"{plain}{stop} {refusal.hint}"
    return plain, (f"Rulebook: {refusal.rule}" if refusal.rule else "")
