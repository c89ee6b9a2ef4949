"""What the log shows between its steps besides them: a review's marks (?! ? ??), notes (✎)
and the side lines that undo left, folded to one line under the move they are an alternative
to (`game_tree`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from monuments_tui.game.review import annotation_words
from monuments_tui.game.tree import MAIN, GameTree, Variation
from monuments_tui.ui import pane_text, wording

SHOWN_MOVES = 3
"""Moves of a folded side line named on its line; the rest are counted."""


def note_line(text: str) -> Text:
    return Text(f"  ✎ {text}", style="italic")


def side_line(tree: GameTree, v: Variation, names: list[str], viewer_of: Callable, *, in_game: bool = True) -> Text:
    """One folded side line, e.g. `  ⤷ side line 1, 2 moves undone: Greece move w H19 H20, ... · promote 1`
    (not `in_game`, as a replay lists it: `  ⤷ side line 1, 2 moves: Greece move w H19 H20, ...`)."""
    moves = [f"{_name(names, s.seat)} {wording.notation(s, viewer_of(s))}" for s in v.steps[:SHOWN_MOVES]]
    if len(v.steps) > SHOWN_MOVES:
        moves.append(f"… {len(v.steps) - SHOWN_MOVES} more")
    inside = len(tree.all_in(v.number)) - 1
    nested = f" ({inside} more side line{'s' if inside > 1 else ''} in it)" if inside else ""
    count = f"{len(v.steps)} move{'s' if len(v.steps) > 1 else ''}" + (" undone" if in_game else "")
    out = Text(f"  ⤷ side line {v.number}, {count}{nested}: ", style=pane_text.DIM)
    out.append(", ".join(moves), style=pane_text.DIM)
    if in_game:
        out.append(f" · promote {v.number}", style=pane_text.DIM)
    return out


def after_step(
    tree: GameTree | None, step, position: int, last: bool, line: int = MAIN
) -> tuple[tuple[str, ...], list[Variation]]:
    """The notes on `position` of `line` (reached by `step`; None at the start) and the side lines
    shown under it: those that are alternatives to its step, and, under the `last` step shown,
    those that leave after it."""
    if tree is None:
        return (), []
    folded = tree.variations_from(line, position - 1) if position > 0 else []
    if last:
        folded += tree.variations_from(line, position)
    return tree.notes.get(step.seq if step is not None else 0, ()), folded


def review_line(annotation, names: list[str], private: bool) -> Text:
    """The review's mark on a move, with the move preferred and why; `private` (another seat's
    view of a game still keeping secrets), the mark alone: the move preferred may name the
    reviewed seat's own quests."""
    if private:
        return Text(f"    {annotation.mark} review of {_name(names, annotation.seat)}'s move (private)", style="bold")
    return Text(f"    {annotation_words(annotation)}", style="bold")


def marks_after(tree: GameTree | None, step) -> list:
    """The review's mark on `step` (none at the start, or without a tree), as a list of 0 or 1."""
    if tree is None or step is None or step.seq not in tree.annotations:
        return []
    return [tree.annotations[step.seq]]


def hint_line(hint, names: list[str], private: bool) -> Text:
    """The coach's hints to `hint.seat`, or, `private`, only that some were given."""
    text = Text(f"    coach for {_name(names, hint.seat)}:", style="italic")
    if private:
        text.append(" hints given (private)", style="italic")
    for s in () if private else hint.hints:
        text.append(f"\n      {s.command}: {s.why}", style="italic")
    return text


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"
