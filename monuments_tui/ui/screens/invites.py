"""The codes of a game just made on a server (the new-game form's "over the network"): one per
person's seat, the watch code and any teacher's codes, to copy and send to each person; Enter
then opens the host's own seat."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from monuments_tui.net.messages import Invites
from monuments_tui.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation


def invite_lines(invites: Invites, server: str, civs: tuple[str, ...]) -> list[str]:
    """The codes as lines to send: what each is for, the code, and how to join with it."""
    lines = []
    for what, code in invites.codes.items():
        kind, _, seat = what.partition(" ")
        civ = f" ({civs[int(seat)].capitalize()})" if seat.isdigit() and int(seat) < len(civs) else ""
        label = {"seat": f"seat {seat}{civ}", "teacher": f"teacher of seat {seat}{civ}"}.get(kind, "watch")
        lines.append(f"{label}: monuments join {code} --server {server}")
    return lines


class InvitesScreen(Screen[bool]):
    """The invite, watch and teacher codes of a new network game. Dismisses True to open the host's seat."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    BINDINGS = [
        Binding("enter", "open", "Open my seat", priority=True),
        Binding("c", "copy", "Copy all"),
        Binding("w", "write", "Write to a file"),
        Binding("escape", "back", "Title"),
    ]

    def __init__(self, invites: Invites, server: str, civs: tuple[str, ...], own: str | None, local: bool):
        super().__init__()
        self.invites, self.server, self.civs = invites, server, civs
        self.own = own
        """What the host opens: "seat N" (their own seat), or "watch" when every seat is a bot's."""
        self.local = local
        self.lines = invite_lines(invites, server, civs)

    def compose(self) -> ComposeResult:
        yield Static(Text(f" Invites · {self.invites.title} ", style="bold reverse"), id="status")
        with VerticalScroll(id="invites"):
            yield Static(self._text(), id="invite-codes")
        yield KeysFooter()

    def _text(self) -> Text:
        text = Text()
        text.append("Give each person their own line (a code is the key to its seat):\n\n", style="bold")
        for line in self.lines:
            text.append(f"  {line}\n")
        text.append("\n")
        if self.local:
            text.append(
                f"The server runs in this app on {self.server}, this computer only: players on other machines "
                "log in here with ssh and run the line. It stops when you quit; the game waits in its save "
                "until you host again or run monuments serve.\n",
                style="italic",
            )
        mine = f"your seat ({self.own})" if self.own and self.own != "watch" else "the game as a spectator"
        text.append(f"\nEnter opens {mine} · c copies every line · w writes them to a file · Esc: title")
        return text

    def on_mount(self) -> None:
        self.query_one("#invites").focus()

    def action_open(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)

    def action_copy(self) -> None:
        self.app.copy_to_clipboard("\n".join(self.lines) + "\n")
        self.notify("Every line copied to the clipboard (where the terminal allows; w writes them to a file).")

    def action_write(self) -> None:
        path = Path(self.app.saves_dir) / f"invites-{self.invites.game}.txt"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # codes are keys: the owner's only
            with os.fdopen(fd, "w") as f:
                f.write("\n".join(self.lines) + "\n")
        except OSError as exc:
            self.notify(f"Could not write {path}: {exc.strerror or exc}", severity="error")
            return
        self.notify(f"Wrote the codes to {path} (readable by you only).", title="Invites", timeout=10)
