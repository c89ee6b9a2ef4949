"""The command palette (ctrl+p): the game's entries first, Textual's built-in ones after them.

On the game screen `LegalCommands` lists every legal command now and the screen's actions,
each titled "Game: ..."; `AppCommands` lists Textual's built-ins (theme, keys, screenshot,
quit), each titled "App: ...", with Quit asking first as ctrl+q does. The palette sorts by
score, so game entries score above every built-in (`ranked`): with nothing typed they come
first in the order given, and a search ranks each group by its own match.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.system_commands import SystemCommandsProvider

if TYPE_CHECKING:
    from monuments_tui.ui.widgets.command_line import CommandLine

GAME = "Game: "
APP = "App: "


class PaletteActions(Protocol):
    """What the palette offers of the game screen (which imports this module)."""

    legal_texts: Sequence[str]

    def can_type(self) -> bool: ...
    def gloss(self, text: str) -> str: ...
    def play_text(self, text: str) -> bool: ...

    @property
    def command_line(self) -> CommandLine: ...
    def action_undo(self) -> None: ...
    def action_redo(self) -> None: ...
    def action_save_copy(self) -> None: ...
    def action_toggle_teaching(self) -> None: ...
    def action_replay(self) -> None: ...
    def action_pace(self) -> None: ...
    def action_skip(self) -> None: ...
    def action_log_filter(self) -> None: ...


def ranked(score: float, game: bool) -> float:
    """A palette score: a match `score` (any positive size) squeezed into (0, 1), plus 1 for
    the game's entries, so that every one of them sorts above every built-in."""
    return score / (1 + score) + (1 if game else 0)


def legal_entry_help(text: str) -> str:
    """The help line under a legal command's entry: the one place that says what `text` does."""
    return "legal now: Enter plays it"


class LegalCommands(Provider):
    """Every legal command now, and the game screen's own actions ("Game: ..." entries)."""

    def _entries(self) -> list[tuple[str, Callable[[], object], str]]:
        # only the game screen lists this provider in its COMMANDS, so the palette's screen is one
        screen = cast(PaletteActions, self.screen)
        out: list[tuple[str, Callable[[], object], str]] = []
        if screen.can_type():
            for text in screen.legal_texts:
                # the help line says what the command does: a card's or quest's text before it is chosen
                # into the command line, selected, ready for Enter (or to edit)
                offer = partial(screen.command_line.offer, text)
                out.append((GAME + text, offer, screen.gloss(text) or legal_entry_help(text)))
        out += [
            (GAME + "Undo the last step", screen.action_undo, "ctrl+z"),
            (GAME + "Redo", screen.action_redo, "ctrl+y"),
            (GAME + "Save a copy of this game", screen.action_save_copy, "ctrl+s"),
            (GAME + "Switch teaching mode on or off", screen.action_toggle_teaching, "on: every hand open, any undo"),
            (GAME + "Replay this game from the start", screen.action_replay, ""),
            (GAME + "Change the bot pace", screen.action_pace, "f5"),
            (GAME + "Skip the bots' turns", screen.action_skip, "f6"),
            (GAME + "Filter the log by player", screen.action_log_filter, "ctrl+f"),
        ]
        return out

    async def discover(self) -> Hits:
        entries = self._entries()
        for i, (text, callback, help_text) in enumerate(entries):
            # falling scores keep this order; the built-ins' discovery hits score 0
            yield Hit(ranked(len(entries) - i, game=True), text, callback, text=text, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, callback, help_text in self._entries():
            score = matcher.match(text)
            if score > 0:
                yield Hit(ranked(score, game=True), matcher.highlight(text), callback, text=text, help=help_text)


class AppCommands(SystemCommandsProvider):
    """Textual's built-in entries, titled "App: ..." and ranked below the game's."""

    def _commands(self) -> Iterable[tuple[str, str, Callable[[], object], bool]]:
        for title, help_text, callback, discover in self.app.get_system_commands(self.screen):
            yield APP + title, help_text, callback, discover

    async def discover(self) -> Hits:
        for title, help_text, callback, discover in sorted(self._commands(), key=lambda c: c[0]):
            if discover:
                yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback, _ in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(ranked(score, game=False), matcher.highlight(title), callback, text=title, help=help_text)
