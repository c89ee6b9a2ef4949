"""The panes of a game, arranged: map and log on the left; hex, hand, players and quests on the right.

Used read-write by the game screen and read-only by the replay screen. The screen sets
`view`; the board hands every pane what it displays.

In small terminals (the screen's `-compact` class, see the stylesheet) the board shows
one pane at a time, the map first, under a bar naming them all; F7 shows the next one.
Every child with the class `pane` takes part, known by its id, so a pane added to the
board joins the switcher without more code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from monuments_tui.game.tree import GameTree
from monuments_tui.rules.state import GameState
from monuments_tui.ui.map_geometry import ZOOMS
from monuments_tui.ui.widgets.legend_panel import LegendPanel
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import HandPane, InspectorPane, LogPane, PlayersPane, QuestsPane, TextPane

PANE_ORDER = ("map", "hand", "players", "quests", "log", "inspector")
"""The switcher's order; a pane not named here follows, in the order of the board."""
PANE_NAMES = {"inspector": "Hex"}
"""A pane's name in the bar when it is not its id, capitalised."""
PANE_KEY = "f7"
"""The key that shows the next pane (the screens bind it; the bar names it)."""


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
    tree: GameTree | None = None
    """The game tree, for the log's notes and folded side lines (None: the steps alone)."""
    marks: tuple = ()
    """Lines for everyone between the steps of the log (`ui.log_marks.LogMark`)."""
    hints: list = field(default_factory=list)
    """The coach's hints given on this line of play (`saves.HintRecord`), shown in the log."""
    changed: frozenset[str] = frozenset()
    """The hexes the last step changed (`ui.map_changes`), marked on the map."""

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


class PaneBar(Static):
    """The compact layout's bar: every pane by name, the one shown highlighted; a click shows another."""

    def show(self, names: list[tuple[str, str]], shown: str) -> None:
        parts: list[Content] = [Content.styled(f" {PANE_KEY.upper()} ", "bold reverse"), Content(" ")]
        for pane_id, name in names:
            # "[Map]": the shown one reads without colour too
            cell = Content.styled(f"[{name}]", "bold reverse") if pane_id == shown else Content(f" {name} ")
            parts.append(cell.stylize(f"@click=show({pane_id!r})"))
        self.update(Content("").join(parts))

    def action_show(self, pane_id: str) -> None:
        board = self.parent
        if isinstance(board, Board):
            board.pane = pane_id


class Board(Horizontal):
    """Map, log and the side panes (one at a time in the compact layout)."""

    DEFAULT_CSS = """
    Board { height: 1fr; }
    Board #left { width: 1fr; }
    Board #right { width: 39; }
    Board #pane-bar { display: none; dock: top; height: 1; }
    Board #legend { display: none; dock: right; width: 57; }
    """

    view: reactive[BoardView | None] = reactive(None, init=False, always_update=True, repaint=False)
    """What the panes show (set after every change of the game; each pane redraws what changed in it)."""
    pane: reactive[str] = reactive("map", init=False)
    """The id of the pane the compact layout shows."""

    def __init__(self, *, id: str | None = "board", log: Widget | None = None):
        """`log`: a widget shown in the log's place that the screen keeps itself (the replay's
        move list); the board then leaves it alone."""
        super().__init__(id=id)
        self._own_log = log
        self._was_compact: bool | None = None
        """The layout at the last change of size (None before the first)."""
        self._terminal: tuple[int, int] | None = None
        """The terminal's size at the last change of the board's size."""

    def compose(self) -> ComposeResult:
        yield PaneBar(id="pane-bar")
        log = self._own_log if self._own_log is not None else LogPane()
        left: tuple[Widget, ...] = (MapView(id="map"), LegendPanel(), log)
        right: tuple[Widget, ...] = (InspectorPane(), HandPane(), PlayersPane(), QuestsPane())
        # each widget comes with the classes `watch_pane` gives, so none is styled twice
        for pane in (left[0], log, *right):
            pane.add_class("pane", update=False).set_class(pane.id == self.pane, "-shown", update=False)
        for column_id, widgets in (("left", left), ("right", right)):
            holds = any(w.id == self.pane for w in widgets if w.has_class("pane"))
            yield Vertical(*widgets, id=column_id, classes="-holds-shown" if holds else "")

    def on_mount(self) -> None:
        self.watch_pane()
        self.map.border_title = "Map"
        self.watch(self.map, "zoom", self._zoomed)

    def _zoomed(self, zoom: str) -> None:
        self.set_class(zoom in ("mini", "middle"), "-map-flat")  # a line a row: the map takes the lines it needs
        self.map.border_subtitle = f"{zoom} · z zoom · L legend"

    @property
    def map(self) -> MapView:
        return self.query_one(MapView)

    # -- the pane switcher -------------------------------------------------------------------------
    def panes(self) -> list[Widget]:
        """Every pane of the board, in the switcher's order."""
        found = [w for w in self.query(".pane") if w.id]
        rank = {pane_id: i for i, pane_id in enumerate(PANE_ORDER)}
        return sorted(found, key=lambda w: rank.get(w.id or "", len(rank)))

    @property
    def compact(self) -> bool:
        return self.screen.has_class("-compact")

    def validate_pane(self, pane_id: str) -> str:
        return pane_id if any(w.id == pane_id for w in self.panes()) else self.pane

    def watch_pane(self) -> None:
        panes = self.panes()
        for w in panes:
            w.set_class(w.id == self.pane, "-shown")
        for column in self.query_children(Vertical):
            column.set_class(any(w.id == self.pane for w in column.query(".pane")), "-holds-shown")
        names = [(w.id or "", PANE_NAMES.get(w.id or "", (w.id or "").capitalize())) for w in panes]
        self.query_one(PaneBar).show(names, self.pane)
        focused = self.screen.focused
        if self.compact and focused is not None and focused in panes and focused.id != self.pane:
            self.query_one(f"#{self.pane}").focus()  # reading the panes one by one: the shown one scrolls

    def on_resize(self) -> None:
        """Into the compact layout from a larger one: the pane that has the focus stays in sight. After
        a change of the terminal's size the side panes start at their top (the log keeps to its end).

        The compact layout keeps the mini map: its map pane grows and shrinks with the prompt,
        and a zoom chosen by that room would change as choices come and go."""
        compact = self.compact
        self.map.fit_limit = ZOOMS[0] if compact else ZOOMS[-1]
        self.map.refit()
        terminal = (self.app.size.width, self.app.size.height)
        if terminal != self._terminal:  # not when the prompt under the board takes a line more or less
            for pane in self.query(TextPane):
                pane.scroll_home(animate=False, immediate=True)  # a new size or layout: read from the top
            self._terminal = terminal
        focused = self.screen.focused
        if compact and self._was_compact is False and focused in self.panes() and focused is not None:
            self.pane = str(focused.id)
        self._was_compact = compact

    def next_pane(self) -> None:
        """F7: show the next pane (compact layout), or put the focus on it (every pane is in sight)."""
        ids = [str(w.id) for w in self.panes()]
        self.pane = ids[(ids.index(self.pane) + 1) % len(ids)] if self.pane in ids else ids[0]
        if not self.compact:
            self.query_one(f"#{self.pane}").focus()

    def scroll_shown(self, pages: int) -> None:
        """Page the pane shown through its text (in a large terminal, where all are shown: the log)."""
        pane = self.query_one(f"#{self.pane}" if self.compact else "#log")
        pane.scroll_page_down() if pages > 0 else pane.scroll_page_up()

    def toggle_legend(self) -> None:
        """F3 / L: the legend beside the map (over it in the compact layout), focused so that it scrolls."""
        legend = self.query_one(LegendPanel)
        if legend.display:
            legend.action_close()
            return
        self.pane = "map"
        legend.display = True
        legend.focus()

    @on(MapView.LegendRequested)
    def _legend_requested(self, event: MapView.LegendRequested) -> None:
        event.stop()
        self.toggle_legend()

    def watch_view(self, view: BoardView) -> None:
        m = self.map
        m.state = view.state
        m.viewer = None if view.show_all else view.viewer
        m.changed = view.changed
        self.query_one(InspectorPane).show(view.state, m.cursor)
        hand_seat = view.hand_seat if view.hand_seat is not None else view.state.current
        self.query_one(HandPane).show(view.state, hand_seat)
        self.query_one(PlayersPane).show(view.state, view.viewer, view.controllers)
        self.query_one(QuestsPane).show(view.state, view.viewer, show_all=view.show_all)
        viewer_of = _ViewerOf(view.viewer, view.show_all)
        for log in self.query(LogPane):
            log.show(view.steps, view.names, viewer_of, view.controllers, view.tree, view.marks, view.hints)

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
