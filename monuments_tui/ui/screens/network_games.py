"""The title screen's "Network games": every game joined from here, whose move it is, and Enter to
go back to it (correspondence games are rejoined days later this way)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from monuments_tui.net.roster import Joined, read_roster, whose_turn
from monuments_tui.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation

ROLES = {"seat": "playing", "watch": "watching", "teacher": "teaching"}


class NetworkGamesScreen(Screen):
    """The games joined from this machine, latest first."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("enter", "open", "Join", show=True),
        Binding("f5", "reload", "Refresh"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[Joined] = []

    def compose(self) -> ComposeResult:
        yield Static(" Network games ", id="status")
        yield DataTable(id="network-games", cursor_type="row", zebra_stripes=True)
        yield Static(id="network-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("Game", "You", "Now", "Server")
        self.games = read_roster(self.app.saves_dir)
        for entry in self.games:
            you = ROLES.get(entry.role, entry.role) + (f" {entry.civ.capitalize()}" if entry.civ else "")
            table.add_row(entry.title, you, "asking the server...", entry.server, key=entry.code)
        note = (
            "Enter joins the game · f5 asks again"
            if self.games
            else "No network game joined from here yet: monuments join CODE opens one, and it is listed here after."
        )
        self.query_one("#network-note", Static).update(note)
        table.focus()
        for entry in self.games:
            self._ask(entry)

    @work(group="whose-turn")
    async def _ask(self, entry: Joined) -> None:
        said = await whose_turn(entry)
        if self.is_mounted:
            table = self.query_one(DataTable)
            if entry.code in table.rows:
                table.update_cell(entry.code, table.ordered_columns[2].key, said)

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row >= len(self.games):
            return
        entry = self.games[table.cursor_row]
        self.app.join_network_game(entry.server, entry.code)

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_close(self) -> None:
        self.dismiss()
