"""The map pane: the map engineer's MapView, or a plain stand-in while it is missing.

Both expose the attributes the screens set (`state`, `cursor`, `zoom`, `show_legend`,
`viewer`) and `select(hex_id)`.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from monuments_tui.ui.map_render import render_map
from monuments_tui.ui.widgets.map_view import MapView


class MapStandIn(Static):
    """Shows the map as plain text (no cursor movement) when MapView is not available."""

    class HexSelected(Message):
        """Same shape as MapView.HexSelected (never posted by the stand-in)."""

        def __init__(self, map_view, hex_id: str):
            super().__init__()
            self.map_view = map_view
            self.hex_id = hex_id

    class HexActivated(HexSelected):
        pass

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self.state = None
        self.cursor = "F19"
        self.zoom = "overview"
        self.show_legend = False
        self.viewer = None
        self.use_color = True

    def select(self, hex_id: str) -> None:
        self.cursor = hex_id.upper()
        self.redraw()

    def redraw(self) -> None:
        lines = render_map(self.state, self.cursor, self.zoom)
        self.update(Text("\n").join(lines))

    def action_toggle_zoom(self) -> None:
        self.zoom = "detail" if self.zoom == "overview" else "overview"
        self.redraw()

    def action_toggle_legend(self) -> None:
        self.show_legend = not self.show_legend


def make_map(id: str = "map") -> Widget:
    """The map pane: a MapView."""
    return MapView(id=id)


def map_class() -> type:
    return MapView
