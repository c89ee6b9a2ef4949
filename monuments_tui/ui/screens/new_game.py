"""New game: who plays (only the set-ups the rulebook allows), mode, seats, solo, teaching, seed, rule options."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from monuments_tui.rules.config import (
    DIFFICULTIES,
    SEED_MAX,
    GameConfig,
    OptionOutOfDomain,
    RuleOptions,
    validate_config,
)
from monuments_tui.rules.errors import RuleViolation
from monuments_tui.ui.refusal_words import refusal_lines, sentence
from monuments_tui.ui.rule_words import OPTION_CHOICES, RULE_OPTIONS, option_label
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.widgets.footer import KeysFooter

SETUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("2 players: Greece, Egypt", ("greece", "egypt")),
    ("2 players: Maya, Inca", ("maya", "inca")),
    ("3 players: Greece, Egypt, Inca", ("greece", "egypt", "inca")),
    ("4 players: Greece, Egypt, Maya, Inca", ("greece", "egypt", "maya", "inca")),
)
"""The pairings the set-up rules allow [Set-up, l.118-144], seats in clockwise order."""

SOLO_SETUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Solo: you play Egypt, the AI Greece", ("greece", "egypt")),
    ("Solo: you play Greece, the AI Egypt", ("egypt", "greece")),
    ("Solo: you play Inca, the AI Maya", ("maya", "inca")),
    ("Solo: you play Maya, the AI Inca", ("inca", "maya")),
)
"""Solo set-ups: the AI holds seat 0 and plays first [Solo set-up, l.450]."""

CONTROLLERS = (
    ("person", "human"),
    ("random bot", "random"),
    ("heuristic bot", "heuristic"),
    ("search bot, 1 s a move", "search"),
    ("search bot, 0.3 s a move", "search:0.3s"),
    ("search bot, 3 s a move", "search:3s"),
)
"""Who may play a seat, as the form offers them; a search bot's think time is part of its name."""


def offered_options() -> list[msgspec.structs.FieldInfo]:
    """The fields of `RuleOptions` the form shows, in their order: those with plain words."""
    return [f for f in msgspec.structs.fields(RuleOptions) if f.name in RULE_OPTIONS]


@dataclass(frozen=True)
class NetworkChoice:
    """Where a game played over the network is made: a server's address ("": one this app starts
    on 127.0.0.1, on a port the system picks), its host key if it asks for one, and whether each
    person's seat gets a teacher's code too."""

    server: str = ""
    key: str = ""
    teachers: bool = False
    secret_seed: bool = True
    """No seed was typed: the server picks one and keeps it (nobody at the table knows the deal)."""


@dataclass
class NewGameChoice:
    """What the form produced: the game config and who plays each seat (and where, for a network game)."""

    config: GameConfig
    seats: tuple[str, ...]
    teaching: bool = False
    hints: bool = False
    network: NetworkChoice | None = None


@dataclass
class Prefill:
    """Values to start the form with (from `monuments new --players ...`)."""

    civs: tuple[str, ...] = ("greece", "egypt")
    mode: str = "abundance"
    seed: int | None = None
    seats: tuple[str, ...] = ()
    solo: str | None = None
    teaching: bool = False
    options: dict = field(default_factory=dict)
    hints: bool = False


def build_choice(
    civs, mode, seats, *, solo=None, teaching=False, seed=None, options=None, hints=False
) -> NewGameChoice:
    """A validated choice; raises ValueError with a message for the player."""
    if seed is None:
        seed = random.randrange(1, 10**6)
    opts = RuleOptions(**(options or {}))
    if solo:
        opts = msgspec.structs.replace(opts, abilities=False)
        config = GameConfig(civs=tuple(civs), mode="abundance", seed=seed, solo=solo, options=opts)
        seats = ("ai", "human")
    else:
        config = GameConfig(civs=tuple(civs), mode=mode, seed=seed, options=opts)
        seats = tuple(seats) or ("human",) * len(civs)
    validate_config(config)
    return NewGameChoice(config, tuple(seats), teaching, hints)


def _whole_number(label: str, text: str) -> int:
    """A number typed in the form (its bounds are checked by validate_config); raises ValueError."""
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 40:
        raise ValueError(f"{label}: a whole number, please (the seed: 0 to {SEED_MAX})")
    return int(text)


def form_error(exc: Exception) -> str:
    """A refusal of the form in the player's words: options by their names on the form, references last."""
    if isinstance(exc, OptionOutOfDomain):  # named as on the form where the form shows it
        words = RULE_OPTIONS.get(exc.option)
        name = f"'{words.label}'" if words else f"Rule option {exc.option}"
        return f"{name} takes {exc.takes}, not {exc.value!r}"
    plain, detail = refusal_lines(exc) if isinstance(exc, RuleViolation) else (sentence(str(exc)), "")
    return f"{plain}\n{detail}" if detail else plain


def _onoff(value: bool) -> str:
    """A checkbox's label says its state in words (never by colour alone)."""
    return "on" if value else "off"


class NewGameScreen(Screen[NewGameChoice | None]):
    """The form. Dismisses with a `NewGameChoice`, or None if cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+s", "start", "Start the game"),
        Binding("f1", "help", "Help"),
    ]

    def __init__(self, prefill: Prefill | None = None):
        super().__init__()
        self.prefill = prefill or Prefill()

    def compose(self) -> ComposeResult:
        pre = self.prefill
        yield Static(Text(" New game ", style="bold reverse"), id="status")
        with VerticalScroll(id="new-game"):
            setups = [(label, f"m{i}") for i, (label, _) in enumerate(SETUPS)]
            setups += [(label, f"s{i}") for i, (label, _) in enumerate(SOLO_SETUPS)]
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Select(setups, value=self._prefill_setup(), allow_blank=False, id="setup")
            with Horizontal(classes="field"):
                yield Label("Mode", classes="field-label")
                yield Select(
                    [("Abundance (more islands)", "abundance"), ("Scarcity (fewer islands)", "scarcity")],
                    value=pre.mode,
                    allow_blank=False,
                    id="mode",
                )
            for seat in range(4):
                with Horizontal(classes="field seat-row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-label", id=f"seat-label-{seat}")
                    value = (
                        pre.seats[seat]
                        if seat < len(pre.seats) and pre.seats[seat] in dict((v, k) for k, v in CONTROLLERS)
                        else "human"
                    )
                    yield Select([(k, v) for k, v in CONTROLLERS], value=value, allow_blank=False, id=f"seat-{seat}")
            with Horizontal(classes="field", id="difficulty-row"):
                yield Label("AI difficulty", classes="field-label")
                yield Select(
                    [(d.capitalize(), d) for d in DIFFICULTIES],
                    value=pre.solo or "normal",
                    allow_blank=False,
                    id="difficulty",
                )
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(
                    "" if pre.seed is None else str(pre.seed),
                    placeholder="blank = a random seed",
                    type="integer",
                    id="seed",
                )
            yield from self._table_rows()
            yield Static(
                Text("Rule options (the defaults are the project's reading of the rulebook)", style="bold"),
                classes="section",
            )
            yield from self._option_rows()
            yield Static(id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button("Start the game (ctrl+s)", variant="success", id="start")
                yield Button("Back (Esc)", id="cancel")
        yield KeysFooter()

    def _table_rows(self) -> ComposeResult:
        """Where the game is played (at this keyboard, or over the network: a server, its key,
        teachers' codes), teaching and hints."""
        pre = self.prefill
        with Horizontal(classes="field"):
            yield Label("Play", classes="field-label")
            yield Select(
                [("at this keyboard", "here"), ("over the network, each at their own screen", "network")],
                value="here",
                allow_blank=False,
                id="where",
            )
        with Horizontal(classes="field network-row"):
            yield Label("Server", classes="field-label")
            yield Input(placeholder="blank: one on this computer (127.0.0.1)", id="server")
        with Horizontal(classes="field network-row"):
            yield Label("Host key", classes="field-label")
            yield Input(placeholder="only if the server asks for one", password=True, id="host-key")
        with Horizontal(classes="field network-row"):
            yield Label("Teachers", classes="field-label")
            yield Checkbox(_onoff(False), False, id="teachers")
            yield Label("a teacher's code for each person's seat", classes="field-note")
        with Horizontal(classes="field"):
            yield Label("Teaching", classes="field-label")
            yield Checkbox(_onoff(pre.teaching), pre.teaching, id="teaching")
            yield Label("unlimited undo, every hand open", classes="field-note")
        with Horizontal(classes="field"):
            yield Label("Allow hints", classes="field-label")
            yield Checkbox(_onoff(pre.hints), pre.hints, id="hints")
            yield Label("the coach suggests moves (hint, or f9)", classes="field-note")

    def _option_rows(self) -> ComposeResult:
        """One row a rule option the form offers: its name and its control, with one line of explanation under it."""
        pre = self.prefill
        for f in offered_options():
            value = pre.options.get(f.name, f.default)
            with Horizontal(classes="field option-row"):
                yield Label(RULE_OPTIONS[f.name].label, classes="option-label")
                if f.type is bool:
                    yield Checkbox(_onoff(bool(value)), bool(value), id=f"opt-{f.name}")
                elif f.name in OPTION_CHOICES:
                    yield Select(list(OPTION_CHOICES[f.name]), value=value, allow_blank=False, id=f"opt-{f.name}")
                else:
                    yield Input(str(value), type="integer" if type(f.default) is int else "text", id=f"opt-{f.name}")
            yield Label(RULE_OPTIONS[f.name].explanation, classes="option-note", id=f"note-{f.name}")

    def _prefill_setup(self) -> str:
        pre = self.prefill
        if pre.solo:
            for i, (_, civs) in enumerate(SOLO_SETUPS):
                if civs == tuple(pre.civs):
                    return f"s{i}"
            return "s0"
        for i, (_, civs) in enumerate(SETUPS):
            if civs == tuple(pre.civs):
                return f"m{i}"
        return "m0"

    def on_mount(self) -> None:
        self._sync()
        self.query_one("#setup", Select).focus()

    @on(Select.Changed, "#setup")
    @on(Select.Changed, "#where")
    def _setup_changed(self) -> None:
        self._sync()

    @on(Checkbox.Changed)
    def _checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = _onoff(event.value)

    def _civs(self) -> tuple[tuple[str, ...], bool]:
        value = str(self.query_one("#setup", Select).value)
        if value.startswith("s"):
            return SOLO_SETUPS[int(value[1:])][1], True
        return SETUPS[int(value[1:])][1], False

    def _sync(self) -> None:
        civs, solo = self._civs()
        for seat in range(4):
            row = self.query_one(f"#seat-row-{seat}")
            row.display = not solo and seat < len(civs)
            if seat < len(civs):
                self.query_one(f"#seat-label-{seat}", Label).update(f"Seat {seat + 1}: {civs[seat].capitalize()}")
        self.query_one("#difficulty-row").display = solo
        for row in self.query(".network-row"):
            row.display = self._over_network()
        mode = self.query_one("#mode", Select)
        if solo:
            mode.value = "abundance"
        mode.disabled = solo

    def _over_network(self) -> bool:
        return self.query_one("#where", Select).value == "network"

    def _network(self) -> NetworkChoice | None:
        """The network part of the form, or None for a game at this keyboard."""
        if not self._over_network():
            return None
        server = self.query_one("#server", Input).value.strip()
        if server and (len(server) > 200 or not server.isprintable() or " " in server):
            raise ValueError(
                "Server: an address such as 127.0.0.1:8765 or host.example.org:8765 (blank: this computer)"
            )
        key = self.query_one("#host-key", Input).value.strip()
        if len(key) > 64:
            raise ValueError("Host key: at most 64 characters, as the server printed it")
        return NetworkChoice(server, key, self.query_one("#teachers", Checkbox).value)

    def _read(self) -> NewGameChoice:
        civs, solo = self._civs()
        seats = tuple(str(self.query_one(f"#seat-{s}", Select).value) for s in range(len(civs)))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = _whole_number("seed", seed_text) if seed_text else None
        options: dict[str, bool | int | str] = {}  # RuleOptions fields by name
        for f in offered_options():
            widget = self.query_one(f"#opt-{f.name}")
            if isinstance(widget, Checkbox):
                options[f.name] = widget.value
            elif isinstance(widget, Select):
                options[f.name] = str(widget.value)
            else:
                text = self.query_one(f"#opt-{f.name}", Input).value.strip()
                if type(f.default) is int:  # a number (its bounds are checked by validate_config)
                    options[f.name] = _whole_number(option_label(f.name), text)
                else:
                    options[f.name] = text
        network = self._network()
        choice = build_choice(
            civs,
            str(self.query_one("#mode", Select).value),
            seats,
            solo=str(self.query_one("#difficulty", Select).value) if solo else None,
            teaching=self.query_one("#teaching", Checkbox).value,
            hints=self.query_one("#hints", Checkbox).value,
            seed=seed,
            options=options,
        )
        if network is not None:
            choice.network = replace(network, secret_seed=seed is None)
        return choice

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @guarded
    def action_start(self) -> None:
        try:
            choice = self._read()
        except (ValueError, TypeError, msgspec.ValidationError) as exc:
            self.query_one("#form-error", Static).update(Content.styled(form_error(exc), "bold $tone-bad"))
            return
        self.dismiss(choice)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())
