"""The command palette of the game screen (ctrl+p): every legal command now, and the screen's actions."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider


class PaletteActions(Protocol):
    """What the palette offers of the game screen (which imports this module)."""

    legal_texts: list[str]

    def can_type(self) -> bool: ...
    def gloss(self, text: str) -> str: ...
    def play_text(self, text: str) -> bool: ...
    def action_undo(self) -> None: ...
    def action_redo(self) -> None: ...
    def action_save_copy(self) -> None: ...
    def action_toggle_teaching(self) -> None: ...
    def action_replay(self) -> None: ...
    def action_pace(self) -> None: ...
    def action_skip(self) -> None: ...
    def action_log_filter(self) -> None: ...


class LegalCommands(Provider):
    """Command palette: every legal command now, and the screen's own actions."""

    def _entries(self) -> list[tuple[str, Callable[[], object], str]]:
        # only the game screen lists this provider in its COMMANDS, so the palette's screen is one
        screen = cast(PaletteActions, self.screen)
        out: list[tuple[str, Callable[[], object], str]] = []
        if screen.can_type():
            for text in screen.legal_texts:
                # the help line says what the command does: a card's or quest's text before it is chosen
                out.append((text, partial(screen.play_text, text), screen.gloss(text) or "legal command now"))
        out += [
            ("Undo the last step", screen.action_undo, "ctrl+z"),
            ("Redo", screen.action_redo, "ctrl+y"),
            ("Save a copy of this game", screen.action_save_copy, "ctrl+s"),
            ("Toggle teaching mode (unlimited undo, all hands open)", screen.action_toggle_teaching, ""),
            ("Replay this game from the start", screen.action_replay, ""),
            ("Change the bot pace", screen.action_pace, "f5"),
            ("Skip the bots' turns", screen.action_skip, "f6"),
            ("Filter the log by player", screen.action_log_filter, "ctrl+f"),
        ]
        return out

    async def discover(self) -> Hits:
        for text, callback, help_text in self._entries():
            yield DiscoveryHit(text, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, callback, help_text in self._entries():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), callback, help=help_text)
