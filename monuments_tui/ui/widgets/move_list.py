"""The replay's move list: every step of a line of play, in words, grouped by round and turn.

It is given a list of steps (the main line, or a side line), renders each step once,
and only moves its highlight as the replay moves, so a step at the end of a long game costs
what a step at the start does. Enter or a click on a step asks to jump there. With the game's
tree and hints, each step is followed by the review's mark on it (?! ? ??), the coach's hints
given after it, its position's notes (✎) and the side lines leaving there, folded to one line
(`log_annotations`); Enter on a side line asks to step into it.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from monuments_tui.game.tree import MAIN, GameTree
from monuments_tui.ui import log_annotations, wording


class MoveList(OptionList):
    """Position 0 (before the first step), then one entry per step; round and turn headings between."""

    DEFAULT_CSS = """
    MoveList { height: 1fr; border: round $panel-lighten-2; scrollbar-size-vertical: 1; }
    MoveList:focus { border: round $accent; }
    """

    class Chosen(Message):
        """The person picked the entry of `position` (Enter or a click) of `line` (None: the line shown)."""

        def __init__(self, position: int, line: int | None = None):
            super().__init__()
            self.position = position
            self.line = line

    BINDINGS = [  # Up and Down go to the start and the end of the game; j and k move through the list
        Binding("j", "cursor_down", "Next entry", show=False),
        Binding("k", "cursor_up", "Entry before", show=False),
    ]

    def __init__(self, *, id: str | None = "moves"):
        super().__init__(id=id)
        self.border_title = "Moves"
        self.border_subtitle = "j k: move · Enter or click: go there"
        self._index_of: list[int] = []
        """The option index of every position."""
        self._position_of: dict[int, int] = {}
        self._chosen_at: dict[int, tuple[int, int | None]] = {}
        """The option index of every entry besides the steps that can be chosen: (position, line)."""

    def show_line(
        self, steps, names: list[str], viewer: int | None, tree: GameTree | None = None, line: int = MAIN, hints=()
    ) -> None:
        """List `steps` (oldest first, the path of `line`) as `viewer` may see them (None: everything),
        with the notes and side lines of `tree` and the coach's `hints` (`HintRecord`s) among them."""
        options: list[Option] = []
        self._chosen_at = {}
        if line != MAIN:
            self._chosen_at[len(options)] = (-1, MAIN)
            options.append(Option(Text(f"⤶ side line {line}: back to the main line (m)", style="bold")))
        options.append(Option(Text("Start: before the first step", style="italic"), id="p0"))
        self._index_of = [len(options) - 1]
        hints_after: dict[int, list] = {}
        for h in hints:
            hints_after.setdefault(h.after, []).append(h)
        annotate = _Annotations(tree, line, names, viewer, hints_after)
        options += annotate.after(None, 0, not steps, self._chosen_at, len(options))
        last_group: tuple[int, int] | None = None
        for position, step in enumerate(steps, start=1):
            group = (step.round, step.turn)
            if group != last_group:
                options.append(Option(_heading(step, names, last_group), disabled=True))
                last_group = group
            options.append(Option(_entry(position, step, names, viewer), id=f"p{position}"))
            self._index_of.append(len(options) - 1)
            options += annotate.after(step, position, position == len(steps), self._chosen_at, len(options))
        self._position_of = {index: position for position, index in enumerate(self._index_of)}
        highlighted = self.highlighted
        self.set_options(options)
        if highlighted is not None:
            self.highlighted = min(highlighted, len(options) - 1)

    def follow(self, position: int) -> None:
        """Highlight the entry of `position` (and scroll it into view)."""
        if 0 <= position < len(self._index_of):
            self.highlighted = self._index_of[position]

    @property
    def position(self) -> int | None:
        """The position of the highlighted entry (None: none, or a heading)."""
        return self._position_of.get(self.highlighted) if self.highlighted is not None else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        position = self._position_of.get(event.option_index)
        if position is not None:
            self.post_message(self.Chosen(position))
        elif event.option_index in self._chosen_at:
            self.post_message(self.Chosen(*self._chosen_at[event.option_index]))


class _Annotations:
    """The entries after a step of the list: review marks, hints, notes, folded side lines (these can be chosen)."""

    def __init__(self, tree: GameTree | None, line: int, names: list[str], viewer: int | None, hints_after):
        self.tree, self.line, self.names, self.viewer, self.hints_after = tree, line, names, viewer, hints_after

    def after(self, step, position: int, last: bool, chosen_at: dict, first: int) -> list[Option]:
        """The entries after `step` (None: the start), at option index `first` on; side lines go in `chosen_at`."""
        out: list[Option] = []
        for a in log_annotations.marks_after(self.tree, step):
            private = self.viewer is not None and self.viewer != a.seat
            out.append(Option(log_annotations.review_line(a, self.names, private), disabled=True))
        for h in self.hints_after.get(step.seq if step is not None else 0, ()):
            private = self.viewer is not None and self.viewer != h.seat
            out.append(Option(log_annotations.hint_line(h, self.names, private), disabled=True))
        notes, folded = log_annotations.after_step(self.tree, step, position, last, self.line)
        out += [Option(log_annotations.note_line(text), disabled=True) for text in notes]
        for v in folded:
            assert self.tree is not None  # after_step folds side lines only from a tree
            chosen_at[first + len(out)] = (v.start + 1, v.number)
            folded_line = log_annotations.side_line(self.tree, v, self.names, self._viewer_of, in_game=False)
            out.append(Option(Text(folded_line.plain, style="dim")))  # the log's tone names are the log's own
        return out

    def _viewer_of(self, _step) -> int | None:
        return self.viewer


def _heading(step, names: list[str], last: tuple[int, int] | None) -> Text:
    who = names[step.seat] if 0 <= step.seat < len(names) else "?"
    if step.round == 0:
        return Text("Set-up", style="bold underline")
    text = Text()
    if last is None or last[0] != step.round:
        text.append(f"Round {step.round}", style="bold underline")
        text.append("  ")
    text.append(f"{who}'s turn", style="bold")
    return text


def _entry(position: int, step, names: list[str], viewer: int | None) -> Text:
    words, extra = wording.step_lines(step, viewer, names)
    who = names[step.seat] if 0 <= step.seat < len(names) else "?"
    text = Text(f"{position:>4} ", style="dim")
    text.append(f"{who} {words}")
    text.append(f"  {wording.notation(step, viewer)}", style="dim")
    for line in extra:
        if line:
            text.append(f"\n       {line}", style="italic")
    return text
