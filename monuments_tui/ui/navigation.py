"""`Navigation`: the Monuments app as its screens see it, the saves folder and where to go next.

`MonumentsApp` is one; a screen types its `self.app` with it (`getters.app(Navigation)`) without
importing the app's module, which imports the screens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App

if TYPE_CHECKING:  # start-up: the title screen's app loads no session
    from monuments_tui.game.session import GameSession


class Navigation(App[object]):
    """What the screens ask of the app; `MonumentsApp` gives every one.

    The bodies below are never run: `MonumentsApp` overrides each method, and no other
    subclass exists. They raise so that a subclass that forgot one fails loudly.
    """

    saves_dir: Path

    def goto_title(self) -> None:
        raise NotImplementedError

    def open_new_game(self) -> None:
        raise NotImplementedError

    def start_new(self, make: Callable[[], GameSession]) -> None:
        raise NotImplementedError

    def start_learning(self) -> None:
        raise NotImplementedError

    def open_save(self, path: Path) -> None:
        raise NotImplementedError

    def loaded(self, session: GameSession, warnings: list[str]) -> None:
        raise NotImplementedError

    def load_failed(self, path: Path, exc: Exception) -> None:
        raise NotImplementedError

    def open_replay(self, path: Path) -> None:
        raise NotImplementedError

    def continue_latest(self) -> None:
        raise NotImplementedError

    def join_network_game(self, server: str, code: str, name: str = "") -> None:
        raise NotImplementedError

    def open_network_games(self) -> None:
        raise NotImplementedError
