"""The Monuments app: title, new game, game, replay, end and help screens.

`run_app(args)` is called by `monuments` (title screen), `monuments new`, `monuments
load FILE` and `monuments replay FILE`. The app owns navigation between screens and the
saves folder; each game screen owns its session.
"""

from __future__ import annotations

import argparse
import gc
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from monuments_tui.saves.format import SaveError, default_saves_dir
from monuments_tui.saves.lock import SaveInUse
from monuments_tui.ui.dialogs.common import ConfirmDialog, TooSmall
from monuments_tui.ui.navigation import Navigation
from monuments_tui.ui.palette import AppCommands
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.saves_list import latest_unfinished
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.screens.new_game import NewGameScreen, Prefill, build_choice
from monuments_tui.ui.screens.title import TitleScreen
from monuments_tui.ui.theme import COLOURS

if TYPE_CHECKING:
    from monuments_tui.game.session import GameSession

MIN_SIZE = (80, 24)
"""Below this the app asks for a larger terminal (the game waits, nothing is lost)."""

COMPACT_BELOW = (100, 30)
"""Under this many columns or rows the screens get the `-compact` class (one pane at a time)."""
NARROW_BELOW = 160
"""Under this many columns the game screens get the `-narrow` class (a slimmer right column)."""
SHORT_BELOW = 40
"""Under this many rows the game screens get the `-short` class (every pane keeps a few lines)."""
ROOMY_FROM = 48
"""From this many rows the map pane has room for the whole overview (33 lines) over the log (`-roomy`);
from SHORT_BELOW up to here the screens are `-tall`."""


class MonumentsApp(Navigation):
    """Monuments in the terminal."""

    CSS_PATH = "monuments.tcss"
    TITLE = "Monuments"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = {AppCommands}
    # Both axes name `-compact`: a screen has it when either is under COMPACT_BELOW.
    HORIZONTAL_BREAKPOINTS = [(0, "-compact"), (COMPACT_BELOW[0], "-narrow"), (NARROW_BELOW, "-wide")]
    VERTICAL_BREAKPOINTS = [
        (0, "-compact"),
        (COMPACT_BELOW[1], "-short"),
        (SHORT_BELOW, "-tall"),
        (ROOMY_FROM, "-roomy"),
    ]
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True, id="quit"),
        Binding("f1", "help", "Help", show=False),
    ]

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The app's colours (ui.theme.COLOURS); a theme's own `variables` take precedence."""
        return dict(COLOURS)

    def __init__(
        self,
        *,
        start: str = "title",
        saves_dir: Path | str | None = None,
        file: Path | str | None = None,
        prefill=None,
        autostart: bool = False,
        pace: str = "normal",
        position: str | None = None,
        join: tuple[str, str, str] | None = None,
    ):
        super().__init__()
        self.join = join
        """`monuments join`: the server, the code and the player's name."""

        self.saves_dir = Path(saves_dir) if saves_dir else default_saves_dir()
        self.start = start
        self.file = Path(file) if file else None
        self.prefill = prefill
        self.autostart = autostart
        self.position = position
        """`monuments new --position FILE`: the text of the position the new game starts from."""
        self.pace = pace
        self.last_error: str | None = None
        self.sessions: list = []
        self.local_server = None
        """The game server this app started for games hosted from the new-game form (`ui.net_join`)."""

    # -- start-up ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._ask_for_room)
        self.push_screen(TitleScreen())
        if self.start == "new":
            if self.position is not None:
                self._start_from_position(self.position)
            elif self.autostart and self.prefill is not None:
                self._start_from_prefill()
            else:
                self.open_new_game()
        elif self.start == "learn":
            self.start_learning()
        elif self.start == "load" and self.file:
            self.open_save(self.file)
        elif self.start == "replay" and self.file:
            self.open_replay(self.file)
        elif self.start == "join" and self.join:
            self.join_network_game(*self.join)

    def _start_from_prefill(self) -> None:
        p = self.prefill
        try:
            choice = build_choice(
                p.civs, p.mode, p.seats, solo=p.solo, teaching=p.teaching, seed=p.seed, options=p.options, hints=p.hints
            )
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            self.open_new_game()
            return
        self._new_game_chosen(choice)

    @guarded
    def _start_from_position(self, position: str) -> None:
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.rules.position import parse_position

        state = parse_position(position)
        seats = self.prefill.seats if self.prefill and self.prefill.seats else ()
        seats = seats or tuple("ai" if s == state.config.ai_seat else "human" for s in range(state.seats))
        teaching = bool(self.prefill and self.prefill.teaching)
        self.start_new(
            lambda: _sessions().new(position=state, seats=seats, teaching=teaching, saves_dir=self.saves_dir)
        )

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
        if choice.network is not None:  # made on a server; the codes are shown, then the host's seat opens
            self.run_worker(_network().host_game(self, choice), group="join", exclusive=True)
            return
        self.start_new(
            lambda: _sessions().new(
                choice.config,
                seats=choice.seats,
                teaching=choice.teaching,
                hints=choice.hints,
                saves_dir=self.saves_dir,
            )
        )

    def start_new(self, make: Callable[[], GameSession]) -> None:
        """Start the game `make()` begins and saves; if its save cannot be made, say why (no file is left)."""
        try:
            session = make()
        except (OSError, ValueError) as exc:  # e.g. the saves folder is a file, or the disk is full
            self.notify(str(exc), title="Cannot start the game", severity="error", timeout=15)
            return
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
        """Check a save and go on playing it: a long one on a worker, with a progress bar (`LoadingScreen`)."""
        # start-up: the loading screen (and its progress bar) loads when a save is opened
        from monuments_tui.ui.screens.loading import LONG_SAVE_BYTES, LoadingScreen

        path = Path(path)
        if path.is_file() and path.stat().st_size > LONG_SAVE_BYTES:
            self.push_screen(LoadingScreen(path, self.saves_dir))
            return
        try:
            session, warnings = _sessions().load(path, saves_dir=self.saves_dir)
        except (SaveInUse, SaveError, OSError) as exc:
            self.load_failed(path, exc)
            return
        self.loaded(session, warnings)

    def loaded(self, session, warnings: list[str]) -> None:
        """A save was checked: play it, with what its check found to say."""
        self.start_session(session)
        for w in warnings:
            self.notify(w, severity="warning", timeout=10)

    @guarded
    def load_failed(self, path: Path, exc: Exception) -> None:
        """A save could not be loaded: offer its replay when another game has it open, else say why."""
        if isinstance(exc, SaveInUse):
            self._offer_replay(path, exc.pid)
        elif isinstance(exc, (SaveError, OSError)):
            self.notify(str(exc), title="Cannot load this game", severity="error", timeout=15)
        else:
            raise exc  # reported as any unexpected error is

    def _offer_replay(self, path: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid is not None else "another process"
        question = (
            f"{path.name} is in use: {who} has this game open, and a save has one player at a time. "
            "Watch it read-only as a replay instead?"
        )
        self.push_screen(
            ConfirmDialog(question, yes="Replay it", no="Back", title="Game in use"),
            callback=lambda yes: self.open_replay(path) if yes else None,
        )

    @guarded
    def open_replay(self, path: Path) -> None:
        # start-up: the game side loads when a game opens, not before the title screen
        from monuments_tui.game.replay import Replay
        from monuments_tui.ui.screens.replay import ReplayScreen

        try:
            replay = Replay.open(Path(path))
        except (SaveError, OSError) as exc:
            self.notify(str(exc), title="Cannot replay this game", severity="error", timeout=15)
            return
        self.goto_title()
        self.push_screen(ReplayScreen(replay))

    def join_network_game(self, server: str, code: str, name: str = "") -> None:
        """A game on a server (`monuments join`): connect, then the game screen as a client."""
        self.run_worker(_network().join_game(self, server, code, name), group="join", exclusive=True)

    def open_network_games(self) -> None:
        """The network games joined from here, with whose move it is."""
        self.push_screen(_network().NetworkGamesScreen())

    def start_learning(self) -> None:
        """`monuments learn` and the title's "Learn to play": a guided teaching game, Greece against the heuristic bot."""
        self.start_new(lambda: learning_session(self.saves_dir))

    def continue_latest(self) -> None:
        latest = latest_unfinished(self.saves_dir)
        if latest is None:
            self.notify(f"No unfinished game in {self.saves_dir}.", severity="warning")
            return
        self.open_save(latest.path)

    # -- app-wide keys ------------------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """ctrl+p: not while the terminal is too small (the palette would open under the request,
        and a second ctrl+p would try to open another), nor when one is open already."""
        if isinstance(self.screen, TooSmall) or any(isinstance(s, CommandPalette) for s in self.screen_stack):
            return
        super().action_command_palette()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's built-in palette entries, with Quit asking first (as ctrl+q does)."""
        for command in super().get_system_commands(screen):
            if command.callback == self.action_quit:
                command = command._replace(help="Quit Monuments (asks first; the game is saved)")
                command = command._replace(callback=self.action_request_quit)
            yield command

    async def action_quit(self) -> None:
        """Every way to quit asks first."""
        self.action_request_quit()

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
        if self.local_server is not None:
            question += (
                " The game server this app started stops too: its players wait until you host or "
                "monuments serve again (every game is kept in its save)."
            )
        self.push_screen(ConfirmDialog(question, yes="Quit", no="Stay", title="Quit"), callback=self._quit_answer)

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self._close_sessions()
            self.exit()

    async def on_unmount(self) -> None:
        if self.local_server is not None:  # its games wait in their saves for the next server
            await self.local_server.cleanup()

    # -- size ---------------------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.call_next(self._ask_for_room)  # once Textual has taken the new size

    def _ask_for_room(self, _screen=None) -> None:
        """Ask for a larger terminal while it is too small; lift the request once it is large enough.

        Called on every resize and every change of screen, so a screen pushed over the
        request gets one of its own.
        """
        if len(self.screen_stack) < 2:
            return  # the title screen is not up yet (pushing it checks)
        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        asking = isinstance(self.screen, TooSmall)
        if small and not asking:
            self.push_screen(TooSmall(MIN_SIZE))
        elif asking and not small:
            self.pop_screen()  # the change of screen checks again: another request may lie under it


def _sessions() -> type[GameSession]:
    """The game's sessions, loaded with the rules engine and the bots when a game opens."""
    # start-up: the game side loads when a game opens, not before the title screen
    from monuments_tui.game.session import GameSession

    return GameSession


def _network():
    """The app's network part (`ui.net_join`), loaded when a network game is first joined or listed."""
    # start-up: the network client loads only when a network game is joined or listed
    from monuments_tui.ui import net_join

    return net_join


def learning_session(saves_dir: Path) -> GameSession:
    """A new guided game (`ui.tutorial`): teaching mode, hints allowed, lessons on."""
    # start-up: the lessons read the rules, which load when a game opens
    from monuments_tui.ui import tutorial

    config = tutorial.learning_config(random.randrange(1, 10**6))
    return _sessions().new(
        config,
        seats=tutorial.LEARN_SEATS,
        teaching=True,
        hints=True,
        guided=True,
        saves_dir=saves_dir,
        title="Learning to play: Greece v Egypt (heuristic bot)",
    )


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
        hints=bool(getattr(args, "hints", False)),
    )


def run_app(args: argparse.Namespace | None = None) -> int:
    """Run the app for the `monuments` command line."""
    args = args or argparse.Namespace()
    command = getattr(args, "command", None)
    saves = getattr(args, "saves", None)
    pace = getattr(args, "pace", None) or "normal"
    if command == "new":
        app = MonumentsApp(
            start="new",
            saves_dir=saves,
            prefill=prefill_from_args(args),
            autostart=bool(getattr(args, "start", False)),
            pace=pace,
            position=getattr(args, "position_text", None),
        )
    elif command == "learn":
        app = MonumentsApp(start="learn", saves_dir=saves, pace=pace)
    elif command == "join":
        app = MonumentsApp(start="join", saves_dir=saves, pace=pace, join=(args.server, args.code, args.name))
    elif command in ("load", "replay"):
        app = MonumentsApp(start=command, saves_dir=saves, file=args.file, pace=pace)
    else:
        app = MonumentsApp(saves_dir=saves, pace=pace)
    # What is loaded by now (modules, Textual, the card content) lives as long as the program:
    # the collector need not walk it again at every full collection (start-up, then play).
    gc.freeze()
    app.run()
    return 0
