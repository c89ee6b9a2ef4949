"""Help: the command reference (from rules.notation.SYNTAX), the action cards, the keys, the map legend."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from monuments_tui.rules import SYNTAX
from monuments_tui.rules.content import load_content
from monuments_tui.ui.map_legend import legend_lines
from monuments_tui.ui.theme import TEXT_TONES, Toned, tone, tone_classes
from monuments_tui.ui.widgets.footer import KeysFooter

KEYS = (
    ("Game", "Tab", "complete the command (again: next match)"),
    ("Game", "Up / Down", "command history"),
    ("Game", "Enter", "play the command"),
    ("Game", "Esc", "switch between the command line and the map"),
    ("Game", "arrows / hjkl (map)", "move the map cursor; Enter adds the hex id to the command"),
    ("Game", "z / L (map), F2 / F3", "zoom the map / show the legend"),
    ("Game", "ctrl+z / ctrl+y", "undo / redo (a standard game undoes only your own steps this turn)"),
    ("Game", "ctrl+s", "save a copy of the game (the game is always autosaved)"),
    ("Game", "ctrl+p", "command palette: every legal command now, and more"),
    ("Game", "F5 / F6", "bot pace / skip the bots' turns"),
    ("Game", "ctrl+f", "filter the log by player"),
    ("Game", "F4, or type position", "write the position as text next to the save (teaching mode or game over)"),
    ("Game", "F7, or type hint", "the coach: up to three good moves, each with why (teaching, or hints allowed)"),
    ("Replay", "Left / Right", "one step back / forward"),
    ("Replay", "shift+Left / shift+Right", "one turn"),
    ("Replay", "ctrl+Left / ctrl+Right", "one round"),
    ("Replay", "Home / End, g", "start / end, go to turn N"),
    ("Replay", "v, p", "switch the seat view, play from here"),
    ("Anywhere", "F1 or ?", "this help"),
    ("Anywhere", "ctrl+q", "quit (asks first)"),
)


def commands_table() -> Table:
    """The command reference, one row per verb of the notation."""
    table = Table(box=None, show_edge=False, pad_edge=False, expand=True, header_style="bold")
    table.add_column("Command", no_wrap=True, style="bold")
    table.add_column("Meaning", ratio=1)
    table.add_column("Example", no_wrap=True, style=tone("muted"))
    for s in SYNTAX:
        table.add_row(s.usage, s.meaning, s.example)
    return table


def cards_table() -> Table:
    """The ten action cards: red side, green side, upgrade cost."""
    table = Table(box=None, show_edge=False, pad_edge=False, expand=True, header_style="bold")
    table.add_column("Card", no_wrap=True, style="bold")
    table.add_column("Red side", ratio=1)
    table.add_column("Green side", ratio=1)
    table.add_column("Upgrade", no_wrap=True)
    for card in load_content().action_cards:
        cost = ", ".join(f"{n} {r}" for r, n in card.upgrade_cost.items())
        table.add_row(f"{card.name}\n(play {card.id})", card.red_text, card.green_text, cost)
    return table


def keys_table() -> Table:
    table = Table(box=None, show_edge=False, pad_edge=False, expand=True, header_style="bold")
    table.add_column("Where", no_wrap=True)
    table.add_column("Key", no_wrap=True, style="bold")
    table.add_column("Does", ratio=1)
    for where, key, does in KEYS:
        table.add_row(where, key, does)
    return table


def legend_text() -> Text:
    return Text("\n".join(legend_lines()))


class HelpScreen(Screen):
    """Everything a player needs to type commands and find their way."""

    COMPONENT_CLASSES = tone_classes(TEXT_TONES)

    BINDINGS = [
        Binding("escape,q,f1", "close", "Back"),
        Binding("question_mark", "close", "Back", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Text("Monuments: help", style="bold"), classes="help-title")
            yield Static(
                "Type commands in the command line at the bottom of the game screen. Words are "
                "case-insensitive; hexes are written as on the map (D7). Tab completes from the "
                "commands legal now; ctrl+p lists them. A payment (pay D6:wood,D7:2sheep) is "
                "optional: without one the game pays from the resources you control.",
                classes="help-para",
            )
            yield Static(Text("Commands", style="bold underline"), classes="help-head")
            yield Static(Toned(commands_table(), self))
            yield Static(Text("Action cards", style="bold underline"), classes="help-head")
            yield Static(cards_table())
            yield Static(Text("Keys", style="bold underline"), classes="help-head")
            yield Static(keys_table())
            yield Static(Text("Map legend", style="bold underline"), classes="help-head")
            yield Static(legend_text())
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss()
