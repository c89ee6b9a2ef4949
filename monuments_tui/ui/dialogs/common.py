"""Small modal dialogs: confirm, ask for a line of text, the hot-seat curtain."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class ConfirmDialog(ModalScreen[bool]):
    """A question with two answers; y/Enter = yes, n/Esc = no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No", title: str = ""):
        super().__init__(classes="dialog-screen")
        self.question = question
        self.yes = yes
        self.no = no
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.title_text or "Confirm"
            yield Static(self.question, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="error", id="yes")
                yield Button(f"{self.no} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class AskDialog(ModalScreen[str | None]):
    """Ask for one line of text; Enter accepts, Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = "", *, placeholder: str = "", title: str = ""):
        super().__init__(classes="dialog-screen")
        self.question = question
        self.value = value
        self.placeholder = placeholder
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.title_text or "Question"
            yield Static(self.question, classes="dialog-text")
            yield Input(self.value, placeholder=self.placeholder, id="answer")
            yield Static(Content.styled("Enter to accept · Esc to cancel", "$tone-muted"))

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class Curtain(ModalScreen[None]):
    """Hot-seat privacy: hides the board until the next player confirms."""

    BINDINGS = [Binding("enter,space", "reveal", "I am ready")]

    def __init__(self, who: str, what: str = ""):
        super().__init__(id="curtain")
        self.who = who
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(classes="curtain-box"):
            yield Static(Text(f"Pass the keyboard to {self.who}", style="bold"), classes="curtain-title")
            yield Static(
                Text(
                    f"{self.what}\n\nThe board is hidden so that nobody else sees {self.who}'s quests.\n"
                    f"{self.who}: press Enter when you are ready.",
                    justify="center",
                )
            )
            yield Button(f"I am {self.who}: show my board (Enter)", variant="success", id="reveal")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss(None)

    def action_reveal(self) -> None:
        self.dismiss(None)


class TooSmall(ModalScreen[None]):
    """Shown over everything while the terminal is too small to play."""

    def __init__(self, need: tuple[int, int]):
        super().__init__(classes="too-small")
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.refresh_size()

    def on_resize(self) -> None:
        self.refresh_size()

    def refresh_size(self) -> None:
        w, h = self.app.size
        text, framed = too_small_words(self.need, (w, h))
        shown = self.query_one("#too-small-text", Static)
        shown.set_class(not framed, "-bare")
        shown.update(Text(text, justify="center"))


FRAME = (6, 4)
"""Columns and lines the request's frame takes (a thick border and its padding)."""


def too_small_words(need: tuple[int, int], size: tuple[int, int]) -> tuple[str, bool]:
    """The longest request that fits a terminal of `size`, and whether its frame fits too: the
    size it asks for is never cut off, down to 20x5."""
    (nw, nh), (w, h) = need, size
    variants = (
        f"Monuments needs a terminal of at least {nw}x{nh}.\nThis one is {w}x{h}. Please make it larger.\n\n"
        "Nothing is lost: the game is saved and waits for you.\nctrl+q quits.",
        f"Monuments needs {nw}x{nh} or more.\nThis one is {w}x{h}.\nThe game is saved. ctrl+q quits.",
        f"Needs {nw}x{nh}\nnow {w}x{h}\nctrl+q quits",
        f"Needs {nw}x{nh}, now {w}x{h}",
    )
    for text in variants:
        lines = text.split("\n")
        for framed in (True, False):
            cols = max(len(line) for line in lines) + (FRAME[0] if framed else 0)
            if cols <= w and len(lines) + (FRAME[1] if framed else 0) <= h:
                return text, framed
    return variants[-1], False
