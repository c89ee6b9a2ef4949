"""The map legend as a scrollable panel beside (or, in small terminals, over) the map."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.binding import Binding

from monuments_tui.ui.map_legend import LEGEND
from monuments_tui.ui.widgets.panes import TextPane


def legend_table() -> Table:
    """The legend in two columns, so that a long meaning wraps under itself, not under the symbols."""
    table = Table(box=None, show_header=False, show_edge=False, pad_edge=False, expand=True)
    table.add_column("Symbol", no_wrap=True, style="bold")
    table.add_column("Meaning", ratio=1)
    for symbol, meaning in LEGEND:
        if symbol:  # Text: "[w]" is a symbol, not markup
            table.add_row(Text(symbol), Text(meaning))
        else:  # a heading, in the wide column: the symbols' column stays as narrow as they are
            table.add_row("", Text(meaning, style="bold underline"))
    return table


class LegendPanel(TextPane):
    """Every map symbol with its meaning; arrows, PgUp/PgDn and the wheel scroll it, Esc or L closes it."""

    BINDINGS = [Binding("escape,L,shift+l", "close", "Close legend")]  # letters typed here go to the command line

    def __init__(self, *, id: str | None = "legend"):
        super().__init__("Map legend · Esc closes", id=id)

    def on_mount(self) -> None:
        super().on_mount()
        self.set_text(legend_table(), "↑↓ PgUp PgDn scroll")

    def action_close(self) -> None:
        self.display = False
        self.screen.query_one("#map").focus()
