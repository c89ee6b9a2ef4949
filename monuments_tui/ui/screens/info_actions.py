"""Info: one part of the game screen (`GameScreen` mixes in `InfoActions`), the `info ID`
word and the `i` key: what an item is, in a dialog; nothing is played. It also answers what
the seat in front of the screen may see of the state (`shown_state`), which `info` tells from.

What it needs of the screen is `InfoHost`: the session, the viewer, whether the curtain is
up, `show_all`, the board and the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from textual.screen import Screen

from monuments_tui.game.session import GameSession
from monuments_tui.rules.state import GameState
from monuments_tui.rules.views import HIDDEN, visible_state
from monuments_tui.ui import info
from monuments_tui.ui.dialogs.info import InfoDialog
from monuments_tui.ui.widgets.board import Board
from monuments_tui.ui.widgets.command_line import CommandLine
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import HandPane, InspectorPane, PlayersPane, QuestsPane


class InfoHost(Protocol):
    """What the info actions need of the screen they are mixed into."""

    session: GameSession
    viewer: int | None
    curtain_up: bool

    @property
    def board(self) -> Board: ...
    @property
    def command_line(self) -> CommandLine: ...
    def show_all(self) -> bool: ...


if TYPE_CHECKING:

    class _Host(InfoHost, Screen[object]):
        """mypy's view of the mixin's self: a Textual screen with InfoHost's members (`GameScreen`)."""

else:
    _Host = object  # at run time the screen itself has them


class InfoActions(_Host):
    """`info ID` and the `i` key of the game screen."""

    def shown_state(self) -> GameState:
        """The state as the seat in front of the screen may see it (what `info` may tell)."""
        state = self.session.state
        if self.show_all() and not self.curtain_up:
            return state
        return visible_state(state, None if self.curtain_up else self.viewer)

    def show_info_about(self, word: str) -> None:
        """`info ID`: the item in plain words, in a dialog; nothing is played."""
        line = self.command_line
        try:
            sections = info.about(self.shown_state(), word)
        except ValueError as exc:
            line.show_refusal(str(exc))
            return
        line.input.value = ""
        line.clear_message()
        self.app.push_screen(InfoDialog(sections, title=f"Info · {word.strip()}"))

    def action_info_here(self) -> None:
        """Enter on a side pane: what it lists (the Hex pane: the hex under the map cursor)."""
        focused = self.focused
        state = self.shown_state()
        seat = state.current
        if isinstance(focused, (MapView, InspectorPane)):
            hex_id = self.board.map.cursor
            if hex_id:
                self.show_info_about(hex_id)
            return
        ids: list[str] = []  # card, quest and bonus ids
        if isinstance(focused, HandPane):
            ids = [*state.players[seat].hand, *state.players[seat].discard]
        elif isinstance(focused, QuestsPane):
            viewer = seat if self.show_all() else self.viewer
            ids = [q for q in state.players[viewer].quests if q != HIDDEN] if viewer is not None else []
        elif isinstance(focused, PlayersPane):
            p = state.players[seat]
            ids = [*p.bonuses, *([p.ability] if p.ability else []), p.score_card]
        sections = [s for item in ids for s in info.about(state, item)]
        if sections:
            self.app.push_screen(InfoDialog(sections, title="Info"))
        else:
            self.command_line.show_info("Nothing to describe here: type info ID (info qs-wood, info D7).")
