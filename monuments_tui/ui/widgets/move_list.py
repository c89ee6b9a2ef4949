"""The replay's move list: every step of a line of play, in words, grouped by round and turn.

It is given a list of steps (the main line, or later a side line), renders each step once,
and only moves its highlight as the replay moves, so a step at the end of a long game costs
what a step at the start does. Enter or a click on a step asks to jump there.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from monuments_tui.ui import wording


class MoveList(OptionList):
    """Position 0 (before the first step), then one entry per step; round and turn headings between."""

    DEFAULT_CSS = """
    MoveList { height: 1fr; border: round $panel-lighten-2; scrollbar-size-vertical: 1; }
    MoveList:focus { border: round $accent; }
    """

    class Chosen(Message):
        """The person picked the entry of `position` (Enter or a click)."""

        def __init__(self, position: int):
            super().__init__()
            self.position = position

    def __init__(self, *, id: str | None = "moves"):
        super().__init__(id=id)
        self.border_title = "Moves"
        self.border_subtitle = "Enter or click: go there"
        self._index_of: list[int] = []
        """The option index of every position."""
        self._position_of: dict[int, int] = {}

    def show_line(self, steps, names: list[str], viewer: int | None) -> None:
        """List `steps` (oldest first) as `viewer` may see them (None: everything)."""
        options: list[Option] = [Option(Text("Start: before the first step", style="italic"), id="p0")]
        self._index_of = [0]
        last_group: tuple[int, int] | None = None
        for position, step in enumerate(steps, start=1):
            group = (step.round, step.turn)
            if group != last_group:
                options.append(Option(_heading(step, names, last_group), disabled=True))
                last_group = group
            options.append(Option(_entry(position, step, names, viewer), id=f"p{position}"))
            self._index_of.append(len(options) - 1)
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
