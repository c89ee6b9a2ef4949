""" "Play from here": who plays each seat of the new game, and whether teaching is on."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Label, Select, Static

PLAYERS = (("a person", "human"), ("random bot", "random"), ("heuristic bot", "heuristic"), ("search bot", "search"))
"""Who may take a seat that is not the solo AI's (the AI's deck plays only its own seat [l.434])."""


@dataclass(frozen=True)
class PlayFromHere:
    """The dialog's answer."""

    seats: tuple[str, ...]
    teaching: bool


class PlayFromHereDialog(ModalScreen[PlayFromHere | None]):
    """One choice per seat (the solo AI's seat stays the AI's), teaching on or off, then Play."""

    DEFAULT_CSS = """
    PlayFromHereDialog .seat-row { height: 3; }
    PlayFromHereDialog .seat-row Label { width: 22; padding: 1 1 0 0; }
    PlayFromHereDialog .seat-row Select { width: 1fr; }
    PlayFromHereDialog .seat-row .fixed { padding: 1 0 0 1; }
    PlayFromHereDialog Checkbox { margin: 1 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, where: str, names: list[str], seats: tuple[str, ...], *, ai_seat: int | None, teaching: bool):
        super().__init__(classes="dialog-screen")
        self.where = where
        self.names = names
        self.seats = seats
        self.ai_seat = ai_seat
        self.teaching = teaching

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Play from here"
            yield Static(
                f"A new game from {self.where}, saved as a new file; the original stays as it is. Who plays each seat?",
                classes="dialog-text",
            )
            for seat, name in enumerate(self.names):
                with Horizontal(classes="seat-row"):
                    yield Label(name)
                    if seat == self.ai_seat:
                        yield Static(Content.styled("the solo AI's deck", "$tone-muted"), classes="fixed")
                    else:
                        yield Select(PLAYERS, value=self.seats[seat], allow_blank=False, id=f"seat-{seat}")
            yield Checkbox("Teaching mode: unlimited undo, every hand open", self.teaching, id="teaching")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play from here", variant="primary", id="play")
                yield Button("Stay in the replay (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def answer(self) -> PlayFromHere:
        seats = tuple(
            "ai" if seat == self.ai_seat else str(self.query_one(f"#seat-{seat}", Select).value)
            for seat in range(len(self.names))
        )
        return PlayFromHere(seats, self.query_one("#teaching", Checkbox).value)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self.answer() if event.button.id == "play" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
