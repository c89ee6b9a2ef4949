"""The replay screen: the game's panes, read-only, moved through by step, turn and round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from monuments_tui.rules import waiting_for
from monuments_tui.ui import wording
from monuments_tui.ui.dialogs.common import AskDialog, ConfirmDialog
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.widgets.board import Board, BoardView
from monuments_tui.ui.widgets.footer import KeysFooter
from monuments_tui.ui.widgets.panes import LogPane

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation


class ReplayScreen(Screen):
    """Step through a game. `live`: a replay of the game being played (Esc goes back to it)."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    BINDINGS = [
        Binding("left", "step(-1)", "Back", priority=True, tooltip="One step back"),
        Binding("right", "step(1)", "Step", priority=True, tooltip="One step forward"),
        Binding("shift+left", "turn(-1)", "Turn back", priority=True, show=False),
        Binding("shift+right", "turn(1)", "Turn", priority=True, tooltip="Next turn (shift+Left: back)"),
        Binding("ctrl+left", "round(-1)", "Round back", priority=True, show=False),
        Binding("ctrl+right", "round(1)", "Round", priority=True, show=False),
        Binding("home", "start", "Start", show=False, priority=True),
        Binding("end", "end", "End", show=False, priority=True),
        Binding("g", "goto", "Go to"),
        Binding("v", "view", "View"),
        Binding("p", "play_from_here", "Play here"),
        Binding("f1", "help", "Help"),
        Binding("escape,q", "close", "Back"),
        Binding("f2", "zoom", "Zoom", show=False),
        Binding("f3", "legend", "Legend", show=False),
        Binding("f7", "next_pane", "Pane", tooltip="The next pane: hand, players, quests, log, hex"),
    ]

    view_seat: reactive[int | None] = reactive(None, init=False)
    """Whose view is shown: a seat, or None for everything."""

    def __init__(self, replay, *, live: bool = False, position: int | None = None):
        super().__init__()
        self.replay = replay
        self.live = live
        self._start_position = position

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Board()
        yield Static(id="position")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(LogPane).focus()
        if self._start_position is not None:
            self.replay.goto(self._start_position)
        self.redraw()
        if self.replay.warnings:
            self.notify("\n".join(self.replay.warnings), title="While opening the save", severity="warning")

    # -- drawing -------------------------------------------------------------------------------
    def watch_view_seat(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        r = self.replay
        state = r.view(self.view_seat)
        steps = r.steps[: r.position]
        self.query_one(Board).view = BoardView(
            state=state,
            steps=steps,
            viewer=self.view_seat,
            show_all=self.view_seat is None,
            controllers=tuple(r.seats),
        )
        names = [p.civ.capitalize() for p in state.players]
        status = Text()
        status.append(" Monuments · Replay ", style="bold reverse")
        status.append(f" {r.title} ", style="bold")
        status.append(f"· {waiting_for(state)}")
        self.query_one("#status", Static).update(status)
        pos: list[str | tuple[str, str]] = [
            (f" step {r.position}/{len(r.steps)} · ", "bold"),
            f"turn {r.turn}/{r.turns} · " + ("set-up" if r.round == 0 else f"round {r.round}"),
            f" · view: {'everything' if self.view_seat is None else names[self.view_seat]}",
        ]
        last = r.last_step
        if last is not None:
            words, _ = wording.step_lines(last, self.view_seat, names)
            pos.append((f" · last: {names[last.seat]} {words}", "$tone-muted"))
        taken = r.taken_back_here()
        if taken:
            n = sum(len(t.steps) for t in taken)
            pos.append((f" · {n} step(s) were taken back here", "italic"))
        self.query_one("#position", Static).update(Content.assemble(*pos))

    # -- moving --------------------------------------------------------------------------------------
    @guarded
    def action_step(self, delta: int) -> None:
        moved = self.replay.forward() if delta > 0 else self.replay.back()
        if not moved:
            self.notify("At the end of the game." if delta > 0 else "At the start.", timeout=2)
        self.redraw()

    @guarded
    def action_turn(self, delta: int) -> None:
        self.replay.next_turn() if delta > 0 else self.replay.prev_turn()
        self.redraw()

    @guarded
    def action_round(self, delta: int) -> None:
        self.replay.next_round() if delta > 0 else self.replay.prev_round()
        self.redraw()

    def action_start(self) -> None:
        self.replay.to_start()
        self.redraw()

    def action_end(self) -> None:
        self.replay.to_end()
        self.redraw()

    def action_goto(self) -> None:
        self.app.push_screen(
            AskDialog(f"Go to turn (0 = set-up, {self.replay.turns} = the last turn):", title="Go to turn"),
            callback=self._goto,
        )

    @guarded
    def _goto(self, answer: str | None) -> None:
        if not answer:
            return
        if not answer.isdigit():
            self.notify(f"'{answer}' is not a turn number", severity="warning")
            return
        self.replay.goto_turn(int(answer))
        self.redraw()

    def action_view(self) -> None:
        seats = len(self.replay.config.civs)
        if self.view_seat is None:
            self.view_seat = 0
        elif self.view_seat + 1 < seats:
            self.view_seat += 1
        else:
            self.view_seat = None

    def action_play_from_here(self) -> None:
        r = self.replay
        self.app.push_screen(
            ConfirmDialog(
                f"Start a new game from step {r.position} (turn {r.turn})? It is saved as a new file; "
                "the original stays as it is.",
                yes="Play from here",
                no="Stay in the replay",
                title="Play from here",
            ),
            callback=self._play_from_here,
        )

    @guarded
    def _play_from_here(self, yes: bool | None) -> None:
        if not yes:
            return
        self.app.start_new(lambda: self.replay.play_from_here(self.app.saves_dir))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_zoom(self) -> None:
        self.query_one(Board).map.action_toggle_zoom()

    def action_legend(self) -> None:
        self.query_one(Board).toggle_legend()

    def action_next_pane(self) -> None:
        self.query_one(Board).next_pane()

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss()
        else:
            self.app.goto_title()
