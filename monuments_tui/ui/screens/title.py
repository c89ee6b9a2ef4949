"""The title screen and the list of saved games (for loading or replaying)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from monuments_tui.ui.safety import guarded
from monuments_tui.ui.saves_list import SaveSummary, cell_text, clip, list_saves, plan_columns
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation


LOGO = r"""
 __  __                                        _
|  \/  | ___  _ __  _   _ _ __ ___   ___ _ __ | |_ ___
| |\/| |/ _ \| '_ \| | | | '_ ` _ \ / _ \ '_ \| __/ __|
| |  | | (_) | | | | |_| | | | | | |  __/ | | | |_\__ \
|_|  |_|\___/|_| |_|\__,_|_| |_| |_|\___|_| |_|\__|___/
"""

MENU = (
    ("learn", "Learn to play: a guided first game", "g"),
    ("new", "New game", "n"),
    ("continue", "Continue the latest game", "c"),
    ("load", "Load a game", "l"),
    ("replay", "Replay a game", "r"),
    ("network", "Network games", "w"),
    ("help", "Help", "h"),
    ("quit", "Quit", "q"),
)


class TitleScreen(Screen):
    """New game, continue, load, replay, help, quit."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    BINDINGS = [
        Binding("g", "choose('learn')", "Learn to play"),
        Binding("n", "choose('new')", "New game"),
        Binding("c", "choose('continue')", "Continue"),
        Binding("l", "choose('load')", "Load"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("w", "choose('network')", "Network games"),
        Binding("h,f1", "choose('help')", "Help"),
        Binding("q", "choose('quit')", "Quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(Content(LOGO.strip("\n")), id="logo")
            yield Static(
                Text(
                    "Build your civilisation's monument, one layer at a time. A board game for 1-4 players.",
                    justify="center",
                    style="italic",
                ),
                id="tagline",
            )
            with Center():
                yield OptionList(*[Option(f"{label}  ({key})", id=oid) for oid, label, key in MENU], id="menu")
            yield Static(id="title-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        self.query_one("#title-note", Static).update(
            Content.styled(f"Saves folder: {self.app.saves_dir}", "$tone-muted")
        )

    @on(OptionList.OptionSelected, "#menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id)

    @guarded
    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "learn":
            app.start_learning()
        elif what == "new":
            app.open_new_game()
        elif what == "continue":
            app.continue_latest()
        elif what == "load":
            app.push_screen(SavesScreen("load"))
        elif what == "replay":
            app.push_screen(SavesScreen("replay"))
        elif what == "network":
            app.open_network_games()
        elif what == "help":
            app.push_screen(HelpScreen())
        elif what == "quit":
            app.exit()


class SavesScreen(Screen):
    """The saves folder: pick a game to load (go on playing) or to replay."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("enter", "open", "Open", show=True),
        Binding("f5", "reload", "Refresh"),
    ]

    def __init__(self, purpose: str = "load"):
        super().__init__()
        self.purpose = purpose
        self.saves: list[SaveSummary] = []

    def compose(self) -> ComposeResult:
        verb = "Load a game" if self.purpose == "load" else "Replay a game"
        yield Static(Text(f" {verb} ", style="bold reverse"), id="status")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="saves-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.action_reload()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        self._fill_table()

    def _fill_table(self) -> None:
        """The saves in the columns that fit the width (name, civilisations, round and status always)."""
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        plan = plan_columns(self.saves, self.app.size.width - 2)  # the table's scroll bar
        for column, width in plan:
            table.add_column(column.label, width=width, key=column.key)
        for s in self.saves:
            # text from a file is shown literally, never as markup
            table.add_row(*(Text(clip(cell_text(s, c.key), w)) for c, w in plan))
        if self.saves:
            table.move_cursor(row=min(row, len(self.saves) - 1))

    def action_reload(self) -> None:
        self.saves = list_saves(self.app.saves_dir)
        self._fill_table()
        note = self.query_one("#saves-note", Static)
        if not self.saves:
            note.update(
                Content.styled(
                    f"No saved games in {self.app.saves_dir}. Start one from the title screen.", "$tone-muted"
                )
            )
        else:
            note.update(
                Content.styled(
                    f"{len(self.saves)} game(s) in {self.app.saves_dir} · Enter opens · Esc goes back", "$tone-muted"
                )
            )

    @on(DataTable.RowSelected)
    def _row(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    @guarded
    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.saves or table.cursor_row is None or table.cursor_row >= len(self.saves):
            return
        chosen = self.saves[table.cursor_row]
        if self.purpose == "replay":
            self.app.open_replay(chosen.path)
        else:
            self.app.open_save(chosen.path)

    def action_close(self) -> None:
        self.dismiss()
