"""Argument types shared by the sub-commands: whole numbers read within their range, and the
seed within the 64 bits a game takes, each refused beyond it naming the option."""

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
