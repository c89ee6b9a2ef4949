"""Loading a long save: a progress bar while a worker thread checks it, every command decided again.

The check runs in a thread (`GameSession.load` with a progress callback), so the screen keeps
drawing and answering keys meanwhile; Escape goes back, and a load that finishes after that
lets its save go. The app hands the result on as a load on the spot does: the game screen,
the warnings, or the failure's message (`App.loaded`, `App.load_failed`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from monuments_tui.game.session import GameSession  # this screen is loaded only when a save is opened

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation

LONG_SAVE_BYTES = 100_000
"""Saves larger than this (about 300 commands) load here; a shorter one is checked before a frame is missed."""


class LoadingScreen(Screen):
    """A save being checked, with how far the check is."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)

    DEFAULT_CSS = """
    LoadingScreen { align: center middle; }
    LoadingScreen #loading { width: 70; height: auto; border: round $accent; padding: 1 2; }
    LoadingScreen #loading-bar { margin-top: 1; }
    """

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, path: Path, saves_dir: Path | None):
        super().__init__()
        self.path = path
        self.saves_dir = saves_dir

    def compose(self) -> ComposeResult:
        with Vertical(id="loading"):
            yield Static(f"Loading {self.path.name}: every move is checked against the rules again.")
            yield ProgressBar(id="loading-bar", show_eta=False)
            yield Static(Content.styled("Escape goes back", "$tone-muted"))

    def on_mount(self) -> None:
        self._check()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _check(self) -> None:
        worker = get_current_worker()
        try:
            session, warnings = GameSession.load(self.path, saves_dir=self.saves_dir, progress=self._progress)
        except Exception as exc:  # noqa: BLE001  (the app says what failed, as a load on the spot does)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, exc)
            return
        if worker.is_cancelled:
            session.close()  # nobody waits for it any more: let the save go
            return
        self.app.call_from_thread(self.app.loaded, session, warnings)

    def _failed(self, exc: Exception) -> None:
        self.dismiss()  # back where the load was asked for, then the app says why
        self.app.load_failed(self.path, exc)

    def _progress(self, done: int, total: int) -> None:
        self.app.call_from_thread(self.query_one(ProgressBar).update, total=total, progress=done)

    def action_back(self) -> None:
        self.workers.cancel_all()
        self.dismiss()
