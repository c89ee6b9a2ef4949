"""The info dialog: what `info ID` (or the `i` key) found, in plain words; Esc or Enter closes it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from monuments_tui.ui.info import Section


class InfoDialog(ModalScreen[None]):
    """Shows sections of text; changes nothing in the game."""

    BINDINGS = [Binding("escape,enter,q,i", "close", "Close")]

    def __init__(self, sections: list[Section], title: str = "Info"):
        super().__init__(classes="dialog-screen")
        self.sections = sections
        self.title_text = title

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = []
        for i, section in enumerate(self.sections):
            parts.append(Text(("\n" if i else "") + section.title, style="bold"))
            parts.append(section.body)
        with VerticalScroll(classes="dialog info-dialog") as box:
            box.border_title = self.title_text
            box.border_subtitle = "Esc closes"
            yield Static(Group(*parts), id="info-text")

    @property
    def plain(self) -> str:
        """The dialog's text without styles (for tests and screen readers)."""
        return "\n".join(f"{s.title}\n{s.body.plain if isinstance(s.body, Text) else s.body}" for s in self.sections)

    def on_mount(self) -> None:
        self.query_one(".info-dialog").focus()

    def action_close(self) -> None:
        self.dismiss(None)
