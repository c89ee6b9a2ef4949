"""A read-only report in a modal: lines of text to read and scroll, closed with Esc or Enter
(what changed since the turn began, what a command would do)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static


class ReportDialog(ModalScreen[None]):
    """`lines` under `title`; a line starting with two spaces is a detail of the one before."""

    DEFAULT_CSS = """
    ReportDialog { align: center middle; }
    ReportDialog > Vertical {
        width: 90%; max-width: 110; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ReportDialog VerticalScroll { height: auto; max-height: 100%; }
    ReportDialog #report-keys { margin-top: 1; }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, title: str, lines: list[str], *, heading: str = ""):
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.heading = heading

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            with VerticalScroll(id="report-body"):
                if self.heading:
                    yield Static(Text(self.heading, style="bold"), id="report-heading")
                yield Static(Text("\n".join(self.lines)), id="report-text")
            yield Static(Content.styled("Esc or Enter closes · ↑/↓ scroll", "$tone-muted"), id="report-keys")

    def on_mount(self) -> None:
        self.query_one("#report-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
