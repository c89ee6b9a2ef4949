"""The map legend as a scrollable panel beside (or, in small terminals, over) the map."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from monuments_tui.ui.map_legend import legend_lines
from monuments_tui.ui.widgets.panes import TextPane


class LegendPanel(TextPane):
    """Every map symbol with its meaning; arrows, PgUp/PgDn and the wheel scroll it, Esc or L closes it."""

    BINDINGS = [
        Binding("escape,L,shift+l", "close", "Close legend"),
        Binding("k", "scroll_up", "Scroll up", show=False),
        Binding("j", "scroll_down", "Scroll down", show=False),
    ]

    def __init__(self, *, id: str | None = "legend"):
        super().__init__("Map legend · Esc closes", id=id)

    def on_mount(self) -> None:
        super().on_mount()
        self.set_text(Text("\n".join(legend_lines())), "↑↓ PgUp PgDn scroll")

    def action_close(self) -> None:
        self.display = False
        self.screen.query_one("#map").focus()
