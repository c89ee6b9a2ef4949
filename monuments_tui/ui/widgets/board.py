"""The panes of a game, arranged: map and log on the left; hex, hand, players and quests on the right.

Used read-write by the game screen and read-only by the replay screen. The screen sets
`view`; the board hands every pane what it displays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive

from monuments_tui.rules.state import GameState
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import HandPane, InspectorPane, LogPane, PlayersPane, QuestsPane


@dataclass
class BoardView:
    """What the panes show: a state as one seat may see it, and the steps that led to it."""

    state: GameState
    steps: list = field(default_factory=list)
    viewer: int | None = None
    """The seat whose private information is shown; None with `show_all` = everything."""
    show_all: bool = False
    controllers: tuple[str, ...] = ()
    hand_seat: int | None = None
    hints: list = field(default_factory=list)
    """The coach's hints given on this line of play (`saves.HintRecord`), shown in the log."""

    @property
    def names(self) -> list[str]:
        out = []
        for seat, p in enumerate(self.state.players):
            name = p.civ.capitalize()
            if seat < len(self.controllers) and self.controllers[seat] == "ai":
                name += " (AI)"
            out.append(name)
        return out


class _ViewerOf:
    """Which seat's view applies to a log line (the step's own seat sees its secrets)."""

    def __init__(self, viewer: int | None, show_all: bool):
        self.viewer = viewer
        self.show_all = show_all
        self.key = (viewer, show_all)

    def __call__(self, step) -> int | None:
        if self.show_all:
            return None
        return self.viewer if self.viewer is not None else -1


class Board(Horizontal):
    """Map, log and the side panes."""

    DEFAULT_CSS = """
    Board { height: 1fr; }
    Board #left { width: 1fr; }
    Board #right { width: 39; }
    """

    view: reactive[BoardView | None] = reactive(None, init=False, always_update=True)
    """What the panes show (set after every change of the game)."""

    def __init__(self, *, id: str | None = "board"):
        super().__init__(id=id)

    def compose(self) -> ComposeResult:
        with Vertical(id="left"):
            yield MapView(id="map")
            yield LogPane()
        with Vertical(id="right"):
            yield InspectorPane()
            yield HandPane()
            yield PlayersPane()
            yield QuestsPane()

    @property
    def map(self) -> MapView:
        return self.query_one(MapView)

    def watch_view(self, view: BoardView) -> None:
        m = self.map
        m.state = view.state
        m.viewer = None if view.show_all else view.viewer
        self.query_one(InspectorPane).show(view.state, m.cursor)
        hand_seat = view.hand_seat if view.hand_seat is not None else view.state.current
        self.query_one(HandPane).show(view.state, hand_seat)
        self.query_one(PlayersPane).show(view.state, view.viewer, view.controllers)
        self.query_one(QuestsPane).show(view.state, view.viewer, show_all=view.show_all)
        viewer_of = _ViewerOf(view.viewer, view.show_all)
        self.query_one(LogPane).show(view.steps, view.names, viewer_of, view.controllers, hints=view.hints)

    @on(MapView.HexSelected)
    def _hex_selected(self, event) -> None:
        if self.view is not None:
            self.query_one(InspectorPane).show(self.view.state, event.hex_id)

    def cycle_log_filter(self) -> str:
        log = self.query_one(LogPane)
        view = self.view
        seats = len(view.state.players) if view else 0
        if log.filter_seat is None:
            log.filter_seat = 0 if seats else None
        elif log.filter_seat + 1 < seats:
            log.filter_seat += 1
        else:
            log.filter_seat = None
        log.refilter()
        if log.filter_seat is None or view is None:
            return "all players"
        return view.names[log.filter_seat]
