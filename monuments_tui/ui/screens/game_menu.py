"""The game menu: one part of the game screen (`GameScreen` mixes in `MenuActions`), the
actions that play nothing: save a copy, copy the position as text, switch teaching mode
(after asking), open the live replay (each a key or an entry of the palette).

What it needs of the screen is `MenuHost`: the session, `curtain_in_use`, `refresh_all`,
`after_change` and `_stop_bots`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rich.markup import escape
from textual.screen import Screen

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.rules import format_position
from monuments_tui.ui.dialogs.common import AskDialog, ConfirmDialog
from monuments_tui.ui.log_marks import teaching_words
from monuments_tui.ui.safety import guarded, write_beside_save
from monuments_tui.ui.screens.replay import ReplayScreen


class MenuHost(Protocol):
    """What the menu actions need of the screen they are mixed into."""

    session: GameSession

    def curtain_in_use(self) -> bool: ...
    def refresh_all(self) -> None: ...
    def after_change(self) -> None: ...
    def _stop_bots(self) -> None: ...


if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation

    class _Host(MenuHost, Screen[object]):
        """mypy's view of the mixin's self: a Textual screen with MenuHost's members (`GameScreen`)."""

        app = getters.app(Navigation)

else:
    _Host = object  # at run time the screen itself has them


class MenuActions(_Host):
    """Save a copy, copy the position, teaching mode, the live replay."""

    @guarded
    def action_save_copy(self) -> None:
        session = self.session
        base = session.path.parent if session.path else Path(self.app.saves_dir)
        stem = session.path.stem if session.path else "game"
        suggestion = str(base / f"{stem}-copy.jsonl")
        self.app.push_screen(
            AskDialog("Save a copy of this game to:", suggestion, title="Save a copy"),
            callback=self._save_copy_to,
        )

    @guarded
    def _save_copy_to(self, answer: str | None, replace: bool = False) -> None:
        if not answer:
            return
        try:
            path, backup = self.session.save_copy(Path(answer).expanduser(), replace=replace)
        except FileExistsError:  # never over another file unasked: it may be a whole other game
            self.app.push_screen(
                ConfirmDialog(
                    escape(
                        f"{answer} exists. Replace it with a copy of this game? The file it holds now is kept beside it as a backup (.bak)."
                    ),
                    yes="Replace",
                    no="Keep it",
                    title="Save a copy",
                ),
                callback=lambda yes: self._save_copy_to(answer, replace=True) if yes else None,
            )
            return
        except (OSError, ValueError) as exc:
            self.notify(f"Could not save: {exc}", severity="error", markup=False)
            return
        kept = f"; the file it replaced is kept as {backup}" if backup else ""
        self.notify(f"Saved a copy to {path}{kept}", title="Saved", markup=False)

    @guarded
    def action_copy_position(self) -> None:
        """Write the position as text next to the save (docs/positions.md), and to the clipboard."""
        session = self.session
        if not session.teaching and session.state.pending is not None:
            # A position shows every hidden card: hands, quests and the order of the decks [l.369].
            self.notify(
                "The position shows every hidden card: switch on teaching mode, or finish the game, to copy it.",
                severity="warning",
            )
            return
        base = session.path.parent if session.path else Path(self.app.saves_dir)
        stem = session.path.stem if session.path else "game"
        path = base / f"{stem}.position.txt"
        text = format_position(session.state)
        if not write_beside_save(self, path, text):
            return
        self.app.copy_to_clipboard(text)
        self.notify(
            f"Position written to {path} (and copied to the clipboard where the terminal allows); "
            "start a game from it with: monuments new --position FILE",
            title="Position",
        )

    @guarded
    def action_toggle_teaching(self) -> None:
        """Teaching mode off at once; on only once the players agree, as it opens every hand."""
        if self.session.teaching:
            self._switch_teaching(confirmed=True)
            return
        question = (
            "Switch on teaching mode? From now on every player's hand and quests are open to everyone "
            "at the screen, and any step can be undone, dice rolls and card draws included. "
            "The log will say so for every player."
        )
        self.app.push_screen(
            ConfirmDialog(question, yes="Switch on", no="Keep it off", title="Teaching mode"),
            callback=self._switch_teaching,
        )

    @guarded
    def _switch_teaching(self, confirmed: bool | None) -> None:
        if not confirmed:
            return
        self.session.set_teaching(not self.session.teaching)
        self.notify(teaching_words(self.session.teaching, self.session.state.round), title="Teaching mode")
        self.refresh_all()
        self.after_change()

    @guarded
    def action_replay(self) -> None:
        if self.curtain_in_use():
            # the replay can show every seat's view, and so every hidden quest [l.369]
            self.notify(
                "The replay shows every player's quests: switch on teaching mode, or finish the game, to watch it.",
                severity="warning",
            )
            return
        self._stop_bots()
        self.app.push_screen(ReplayScreen(Replay.of(self.session), live=True, session=self.session))
