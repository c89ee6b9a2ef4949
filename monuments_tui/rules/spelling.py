"""The words a mistyped word was most likely meant to be, for "did you mean" in any refusal
(the notation's unknown command, the screen's unknown word)."""

from __future__ import annotations

from collections.abc import Sequence


def nearest_words(typed: str, names: Sequence[str], most: int = 3) -> list[str]:
    """Those of `names` that `typed` begins (pl: play, place), else those one or two slips away
    (a letter missed, added, changed or two swapped; startqest: startquest), nearest first."""
    low = typed.lower()
    begun = [n for n in names if n.startswith(low)]
    if begun:
        return begun[:most]
    allowed = 1 if len(low) <= 4 else 2
    scored = sorted((slips(low, n), i, n) for i, n in enumerate(names))
    best = [(d, n) for d, _, n in scored if d <= allowed]
    return [n for d, n in best if d == best[0][0]][:most] if best else []


def slips(a: str, b: str) -> int:
    """How many letters missed, added, changed or swapped with the next turn `a` into `b`."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        now = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            now[j] = min(row[j] + 1, now[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                now[j] = min(now[j], before[j - 2] + 1)
        before, row = row, now
    return row[len(b)]


def either(names: Sequence[str]) -> str:
    """'a', or 'a' or 'b', or 'a', 'b' or 'c'."""
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
