"""What the log shows between its steps besides them: notes (✎) and the side lines that undo
left, folded to one line under the move they are an alternative to (`game_tree`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from monuments_tui.game_tree import MAIN, GameTree, Variation
from monuments_tui.ui import pane_text, wording

SHOWN_MOVES = 3
"""Moves of a folded side line named on its line; the rest are counted."""


def note_line(text: str) -> Text:
    return Text(f"  ✎ {text}", style="italic")


def side_line(tree: GameTree, v: Variation, names: list[str], viewer_of: Callable) -> Text:
    """One folded side line, e.g. `  ⤷ side line 1, 2 moves undone: Greece move w H19 H20, ... · promote 1`."""
    moves = [f"{_name(names, s.seat)} {wording.notation(s, viewer_of(s))}" for s in v.steps[:SHOWN_MOVES]]
    if len(v.steps) > SHOWN_MOVES:
        moves.append(f"… {len(v.steps) - SHOWN_MOVES} more")
    inside = len(tree.all_in(v.number)) - 1
    nested = f" ({inside} more side line{'s' if inside > 1 else ''} in it)" if inside else ""
    count = f"{len(v.steps)} move{'s' if len(v.steps) > 1 else ''} undone"
    out = Text(f"  ⤷ side line {v.number}, {count}{nested}: ", style=pane_text.DIM)
    out.append(", ".join(moves), style=pane_text.DIM)
    out.append(f" · promote {v.number}", style=pane_text.DIM)
    return out


def after_step(tree: GameTree | None, step, position: int, last: bool) -> tuple[tuple[str, ...], list[Variation]]:
    """The notes on main-line `position` (reached by `step`; None at the start) and the side lines
    shown under it: those that are alternatives to its step, and, under the `last` step shown,
    those that leave after it."""
    if tree is None:
        return (), []
    folded = tree.variations_from(MAIN, position - 1) if position > 0 else []
    if last:
        folded += tree.variations_from(MAIN, position)
    return tree.notes.get(step.seq if step is not None else 0, ()), folded


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"
