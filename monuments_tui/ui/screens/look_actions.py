"""Looks: one part of the game screen (`GameScreen` mixes in `LookActions`), the looks before
playing: `preview COMMAND` (F10) and what changed this turn (F8), each in a dialog.

What it needs of the screen is `LookHost`: the session, the viewer, whether the curtain is
up, `show_all`, `can_type` and the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from textual.screen import Screen

from monuments_tui.game.replay import changes_since
from monuments_tui.game.session import GameSession
from monuments_tui.records.diff import EVERYTHING, diff_states
from monuments_tui.ui import typed_words
from monuments_tui.ui.dialogs.report import ReportDialog
from monuments_tui.ui.preview import preview_lines
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.widgets.command_line import CommandLine


class LookHost(Protocol):
    """What the looks need of the screen they are mixed into."""

    session: GameSession
    viewer: int | None
    curtain_up: bool

    @property
    def command_line(self) -> CommandLine: ...
    def show_all(self) -> bool: ...
    def can_type(self) -> bool: ...


if TYPE_CHECKING:

    class _Host(LookHost, Screen[object]):
        """mypy's view of the mixin's self: a Textual screen with LookHost's members (`GameScreen`)."""

else:
    _Host = object  # at run time the screen itself has them


class LookActions(_Host):
    """Preview a command; compare the position now with the start of the turn."""

    def diff_viewer(self) -> int | None | str:
        """Whose view a preview or a comparison shows: everything when all is open, else the seat at the keyboard."""
        return EVERYTHING if self.show_all() else self.viewer

    def action_preview(self) -> None:
        self.show_preview(self.command_line.input.value.strip())

    @guarded
    def show_preview(self, text: str) -> None:
        """What `text` would do, in a dialog; the command line keeps it, ready to be played with Enter."""
        line = self.command_line
        if not text:
            line.show_error("Type a command to preview, e.g. preview play production; f10 previews what is typed.")
            return
        if not self.can_type():
            line.show_error("Not your decision now: a preview is of a command you could play.")
            return
        typed = typed_words.read(text)
        if isinstance(typed, typed_words.Misread):  # a typo gets the nearest words, as when played
            line.refuse(typed.plain, typed.detail)
            return
        if typed.word.run is not None:
            line.show_error(
                f"'{typed.word.word}' plays nothing: preview a command of the game, e.g. preview play production."
            )
            return
        line.offer(text)
        heading, lines = preview_lines(
            self.session.state, text, viewer=self.diff_viewer(), teaching=self.session.teaching
        )
        self.app.push_screen(ReportDialog("Preview", lines, heading=heading))

    @guarded
    def action_changes(self) -> None:
        """What changed since the current turn began (at a turn's very start: during the turn before)."""
        session = self.session
        if self.curtain_up:
            return
        steps = session.history()
        since = changes_since(steps, len(steps))
        lines = diff_states(session.state_at(since), session.state, self.diff_viewer())
        heading = f"Over the last {len(steps) - since} moves, up to now"
        self.app.push_screen(ReportDialog("What changed this turn", lines, heading=heading))
