"""Argument types shared by the sub-commands: whole numbers read within their range, and the
seed within the 64 bits a game takes, each refused beyond it naming the option; and the
form of a message for the terminal (`shown`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from monuments_tui.rules.config import SEED_MAX, number_problem


def whole(name: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, refused beyond it naming the option."""

    def read(text: str) -> int:
        digits = text.strip()
        if not (digits.isascii() and digits.lstrip("-").isdigit()):
            raise argparse.ArgumentTypeError(f"{name} takes a whole number from {low} to {high}, not {text[:40]!r}")
        value = int(digits) if len(digits) <= 40 else high + 1  # longer is out of range: never convert it
        problem = number_problem(name, value, low, high)
        if problem:
            raise argparse.ArgumentTypeError(problem)
        return value

    return read


SEED = whole("the seed", 0, SEED_MAX)


def shown(problem: object) -> str:
    """A message for the terminal, with anything in it that is not printable (an escape
    sequence or control character a file carried into it) written as an escape, never raw."""
    text = str(problem)
    if all(ch.isprintable() or ch == "\n" for ch in text):
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else ascii(ch)[1:-1] for ch in text)
