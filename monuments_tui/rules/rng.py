"""A small deterministic random generator whose whole state is one integer.

The generator's position lives in the game state, so a game is replayed exactly from
its seed and commands; `decide` draws from it and writes both the outcome and the new
position into the events, and `evolve` never draws.
"""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any int, reduced to 64 bits)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """One splitmix64 step: returns (random 64-bit value, new state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias, and the new state."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A Fisher-Yates shuffle of a copy of `items`, and the new state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


SPECIAL_DIE = (0, 0, 0, 1, 1, 2)
"""The special battle die: three blank faces, two with 1 pip, one with 2 [Attack, l.337]."""


def roll_special(state: int, count: int) -> tuple[list[int], int]:
    """Roll `count` special dice; returns the pips of each die and the new state."""
    faces = []
    for _ in range(count):
        k, state = randbelow(state, 6)
        faces.append(SPECIAL_DIE[k])
    return faces, state


def roll_d6(state: int) -> tuple[int, int]:
    """Roll the normal six-sided die (used only by the solo AI) [Solo components, l.418]."""
    k, state = randbelow(state, 6)
    return k + 1, state
