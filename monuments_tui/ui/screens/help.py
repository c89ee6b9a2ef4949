"""Help: every word the game screen reads (`typed_words`), the action cards, the keys, the map legend."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from monuments_tui.rules.content import load_content
from monuments_tui.ui.map_legend import legend_lines
from monuments_tui.ui.rule_words import RULE_OPTIONS
from monuments_tui.ui.theme import TEXT_TONES, Toned, tone, tone_classes
from monuments_tui.ui.typed_words import WORDS
from monuments_tui.ui.widgets.footer import KeysFooter

KEYS = (
    ("Game", "Tab", "complete the command (again: next match)"),
    (
        "Game",
        "grey text",
        "the only legal command that starts with what you typed: Enter plays it, Tab or Right fills it in",
    ),
    ("Game", "Enter", "play the command exactly as the line shows it"),
    ("Game", "after a refusal", "the command stays, selected: typing replaces it; Left/Right/Home/End keep it to edit"),
    ("Game", "Up / Down", "your own command history (each player has theirs in hot seat)"),
    ("Game", "Esc", "from the command line to the map; from anywhere else back to the command line"),
    ("Game", "arrows (map)", "move the map cursor; Enter adds the hex id to the command; other letters type"),
    ("Game", "z / L (map), F2 / F3", "zoom the map (mini, middle, overview, detail) / show the legend (Esc closes)"),
    ("Game", "F7", "the next pane (small terminals show one at a time: map, hand, players, quests, log, hex)"),
    ("Game", "ctrl+z / ctrl+y", "undo / redo (a standard game undoes only your own steps this turn)"),
    ("Game", "ctrl+s", "save a copy of the game (the game is always autosaved)"),
    ("Game", "ctrl+p", "palette: 'Game:' entries (every legal command now, undo, teaching...) first, 'App:' after"),
    ("Game", "F5 / F6", "bot pace / skip the bots' turns"),
    ("Game", "ctrl+f", "filter the log by player"),
    ("Game", "Enter (a pane)", "info on the pane's cards, or (the Hex pane) the hex under the map cursor"),
    ("Game", "F4", "write the position as text next to the save, as the word position does"),
    ("Game", "F9", "the coach: up to three good moves, each with why, as the word hint does"),
    ("Game", "F10", "what the command in the line would do, without playing it, as preview COMMAND does"),
    ("Game", "F8", "what changed since the start of this turn"),
    ("Replay", "Left / Right, Up / Down", "one step back / forward"),
    ("Replay", "shift+Left / shift+Right", "one turn"),
    ("Replay", "ctrl+Left / ctrl+Right", "one round"),
    ("Replay", "Home / End", "the start / the end of the game"),
    ("Replay", "g", "go to a turn (50 or t50), a round (r10) or a step (s120)"),
    ("Replay", "move list: j / k, then Enter, or a click", "go to that step (or into that side line)"),
    (
        "Replay",
        "Enter on a ⤷ side line, m",
        "into that side line (Left / Right along it); back to the main line",
    ),
    ("Replay", "P (in a side line)", "make it the main line; the line it replaces is kept as a side line"),
    ("Replay", "d", "what changed since the start of this turn"),
    ("Replay, end screen", "a", "review the game: each mistake marked (?! ? ??), with the better move and why"),
    ("Replay", "v, p", "switch the seat view; play from here (choose who plays each seat)"),
    ("Replay", "e", "everything open (every hand and quest), or back to the seat's view"),
    ("Replay", "F2 / F3 / F7", "zoom the map / the legend / the next pane"),
    ("Anywhere", "F1", "this help (also the command help, and ? on an empty command line)"),
    ("Anywhere", "?", "this help, except while typing: inside a command or a text box, ? is typed"),
    ("Anywhere", "ctrl+q", "quit (asks first; so does Quit in the palette)"),
)


def commands_table() -> Table:
    """The command reference: the game's commands, then the screen's own words, one row a word."""
    table = Table(box=None, show_edge=False, pad_edge=False, expand=True, header_style="bold")
    # The command and example wrap past a width: in an 80-column terminal the meaning keeps room to be read.
    table.add_column("Command", style="bold", max_width=24)
    table.add_column("Meaning", ratio=1)
    table.add_column("Example", style=tone("muted"), max_width=20)
    for word in WORDS:
        table.add_row(word.usage, word.meaning, word.example)
    return table


def cards_table() -> Table:
    """The ten action cards: red side, green side, upgrade cost."""
    table = Table(box=None, show_edge=False, pad_edge=False, expand=True, header_style="bold")
    table.add_column("Card", style="bold", max_width=20)
    table.add_column("Red side", ratio=1)
    table.add_column("Green side", ratio=1)
    table.add_column("Upgrade", max_width=14)
    for card in load_content().action_cards:
        cost = ", ".join(f"{n} {r}" for r, n in card.upgrade_cost.items())
        table.add_row(f"{card.name}\n(play {card.id})", card.red_text, card.green_text, cost)
    return table


def options_table() -> Table:
    """The rule options of the new-game form, with the decision each one settles (its code)."""
    table = Table(box=None, show_edge=False, pad_edge=False, expand=True, header_style="bold")
    table.add_column("Option", no_wrap=True, style="bold")
    table.add_column("What it changes", ratio=1)
    table.add_column("Decision", no_wrap=True, style=tone("muted"))
    for words in RULE_OPTIONS.values():
        table.add_row(words.label, words.explanation, words.code)
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
                "commands legal now and the screen's own words (help, info, hint...); ctrl+p lists "
                "the commands. A payment (pay D6:wood,D7:2sheep) is "
                "optional: without one the game pays from the resources you control.",
                classes="help-para",
            )
            yield Static(Text("Commands", style="bold underline"), classes="help-head")
            yield Static(Toned(commands_table(), self))
            yield Static(Text("Action cards", style="bold underline"), classes="help-head")
            yield Static(cards_table())
            yield Static(Text("Keys", style="bold underline"), classes="help-head")
            yield Static(keys_table())
            yield Static(Text("Rule options", style="bold underline"), classes="help-head")
            yield Static(
                "Chosen on the new-game form. The decision code names the gap of the rulebook the "
                "option settles, as docs/rules-decisions.md records it.",
                classes="help-para",
            )
            yield Static(Toned(options_table(), self))
            yield Static(Text("Map legend", style="bold underline"), classes="help-head")
            yield Static(legend_text())
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss()
