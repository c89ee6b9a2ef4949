"""The Monuments app: title, new game, game, replay, end and help screens.

`run_app(args)` is called by `monuments` (title screen), `monuments new`, `monuments
load FILE` and `monuments replay FILE`. The app owns navigation between screens and the
saves folder; each game screen owns its session.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.widgets import Footer

from monuments_tui.saves import SaveError, default_saves_dir
from monuments_tui.ui.dialogs.common import ConfirmDialog, TooSmall
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.saves_list import latest_unfinished
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.screens.new_game import NewGameScreen, Prefill, build_choice
from monuments_tui.ui.screens.title import TitleScreen

MIN_SIZE = (100, 30)
"""Below this the app asks for a larger terminal (the game waits, nothing is lost)."""


class MonumentsApp(App):
    """Monuments in the terminal."""

    CSS_PATH = "monuments.tcss"
    TITLE = "Monuments"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True, id="quit"),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        *,
        start: str = "title",
        saves_dir: Path | str | None = None,
        file: Path | str | None = None,
        prefill=None,
        autostart: bool = False,
        pace: str = "normal",
    ):
        super().__init__()

        self.saves_dir = Path(saves_dir) if saves_dir else default_saves_dir()
        self.start = start
        self.file = Path(file) if file else None
        self.prefill = prefill
        self.autostart = autostart
        self.pace = pace
        self.last_error: str | None = None
        self.sessions: list = []

    # -- start-up ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.push_screen(TitleScreen())
        if self.start == "new":
            if self.autostart and self.prefill is not None:
                self._start_from_prefill()
            else:
                self.open_new_game()
        elif self.start == "load" and self.file:
            self.open_save(self.file)
        elif self.start == "replay" and self.file:
            self.open_replay(self.file)
        self._check_size()

    def _start_from_prefill(self) -> None:
        p = self.prefill
        try:
            choice = build_choice(p.civs, p.mode, p.seats, solo=p.solo, teaching=p.teaching, seed=p.seed,
                                  options=p.options)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            self.open_new_game()
            return
        self._new_game_chosen(choice)

    # -- navigation -------------------------------------------------------------------------------
    def goto_title(self) -> None:
        """Back to the title screen, closing whatever is above it."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.push_screen(TitleScreen())
        self._close_sessions()

    def _close_sessions(self) -> None:
        for s in self.sessions:
            try:
                s.close()
            except OSError:
                pass
        self.sessions.clear()

    def open_new_game(self) -> None:
        self.goto_title()
        self.push_screen(NewGameScreen(self.prefill), callback=self._new_game_chosen)

    @guarded
    def _new_game_chosen(self, choice) -> None:
        if choice is None:
            return
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.session import GameSession

        self.saves_dir.mkdir(parents=True, exist_ok=True)
        session = GameSession.new(choice.config, seats=choice.seats, teaching=choice.teaching,
                                  saves_dir=self.saves_dir)
        self.start_session(session)

    def start_session(self, session) -> None:
        """Show a live game (closing any other screen above the title)."""
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.ui.screens.game import GameScreen

        self.goto_title()
        self.sessions.append(session)
        self.push_screen(GameScreen(session, pace=self.pace))

    @guarded
    def open_save(self, path: Path) -> None:
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.session import GameSession

        try:
            session, warnings = GameSession.load(Path(path), saves_dir=self.saves_dir)
        except (SaveError, OSError) as exc:
            self.notify(str(exc), title="Cannot load this game", severity="error", timeout=15)
            return
        self.start_session(session)
        for w in warnings:
            self.notify(w, severity="warning", timeout=10)

    @guarded
    def open_replay(self, path: Path) -> None:
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.replay import Replay
        from monuments_tui.ui.screens.replay import ReplayScreen

        try:
            replay = Replay.open(Path(path))
        except (SaveError, OSError) as exc:
            self.notify(str(exc), title="Cannot replay this game", severity="error", timeout=15)
            return
        self.goto_title()
        self.push_screen(ReplayScreen(replay))

    def continue_latest(self) -> None:
        latest = latest_unfinished(self.saves_dir)
        if latest is None:
            self.notify(f"No unfinished game in {self.saves_dir}.", severity="warning")
            return
        self.open_save(latest.path)

    # -- app-wide keys ------------------------------------------------------------------------------
    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_request_quit(self) -> None:
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.ui.screens.game import GameScreen

        if isinstance(self.screen, ConfirmDialog):
            return
        game = next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)
        if game is not None and game.session.state.phase != "over":
            where = game.session.path
            saved = f"The game is saved in {where}; continue it later from the title screen." if where else ""
            question = f"Quit Monuments? {saved}"
        else:
            question = "Quit Monuments?"
        self.push_screen(ConfirmDialog(question, yes="Quit", no="Stay", title="Quit"), callback=self._quit_answer)

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self._close_sessions()
            self.exit()

    # -- size ---------------------------------------------------------------------------------------
    def on_resize(self, event) -> None:
        self._check_size()

    def push_screen(self, *args, **kwargs):
        result = super().push_screen(*args, **kwargs)
        self.call_later(self._check_size)
        return result

    def pop_screen(self):
        result = super().pop_screen()
        self.call_later(self._check_size)
        return result

    def _check_size(self) -> None:
        """Ask for a larger terminal when it is too small; lift the request when it is large enough."""
        if not self.is_running or not self.screen_stack:
            return
        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        showing = isinstance(self.screen, TooSmall)
        if small and not showing:
            super().push_screen(TooSmall(MIN_SIZE))
        elif not small and showing:
            super().pop_screen()
            self.call_later(self._check_size)  # another request may lie under it

        for screen in self.screen_stack:
            screen.set_class(w < 140, "-narrow")
            screen.set_class(h < 40, "-short")
            for footer in screen.query(Footer):
                footer.compact = w < 130


def prefill_from_args(args: argparse.Namespace):
    """The new-game form's starting values from `monuments new` options."""
    seats = tuple(getattr(args, "seats", None) or ())
    return Prefill(
        civs=tuple(getattr(args, "players", None) or ("greece", "egypt")),
        mode=getattr(args, "mode", None) or "abundance",
        seed=getattr(args, "seed", None),
        seats=seats,
        solo=getattr(args, "solo", None),
        teaching=bool(getattr(args, "teaching", False)),
    )


def run_app(args: argparse.Namespace | None = None) -> int:
    """Run the app for the `monuments` command line."""
    args = args or argparse.Namespace()
    command = getattr(args, "command", None)
    saves = getattr(args, "saves", None)
    pace = getattr(args, "pace", None) or "normal"
    if command == "new":
        app = MonumentsApp(start="new", saves_dir=saves, prefill=prefill_from_args(args),
                           autostart=bool(getattr(args, "start", False)), pace=pace)
    elif command in ("load", "replay"):
        app = MonumentsApp(start=command, saves_dir=saves, file=args.file, pace=pace)
    else:
        app = MonumentsApp(saves_dir=saves, pace=pace)
    app.run()
    return 0
