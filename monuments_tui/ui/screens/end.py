"""The end of a game: score breakdown line by line, tie-breakers, the winner, a score chart.

The chart scores the position at the start of every turn (as if the game ended there),
replaying the session's line of play in a worker so the screen appears at once.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from monuments_tui.game.replay import Replay
from monuments_tui.game.review import Review
from monuments_tui.records import export_text
from monuments_tui.rules.scoring import score
from monuments_tui.ui.dialogs.review import ReviewDialog, keep_review, review_job, summary
from monuments_tui.ui.monument_art import monuments_row
from monuments_tui.ui.pane_text import CIV_LETTER, CIV_STYLE, DIM
from monuments_tui.ui.safety import guarded, write_beside_save
from monuments_tui.ui.score_table import score_table, winner_line
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.theme import TEXT_TONES, Toned, tone_classes
from monuments_tui.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.ui.navigation import Navigation


BARS = " ▁▂▃▄▅▆▇█"

UNREPLAYABLE = (LookupError, ValueError)
"""What replaying a session's recorded events raises when they do not fit the dealt game (a game set up
by hand, not dealt from its seed): a piece, card or list entry the deal does not have, or a SaveError."""


def score_history(replay) -> tuple[list[int], list[list[int]]]:
    """(turn numbers, per seat the total score at the start of each turn and at the end)."""
    turns: list[int] = []
    series: list[list[int]] = [[] for _ in replay.config.civs]
    for n in range(1, replay.turns + 1):
        replay.goto_turn(n)
        turns.append(n)
        for b in score(replay.state):
            series[b.seat].append(b.total)
    replay.to_end()
    turns.append(replay.turns + 1)
    for b in score(replay.state):
        series[b.seat].append(b.total)
    return turns, series


def sparkline(values: list[int], top: int, width: int) -> str:
    """Values as block characters scaled to `top`, squeezed to at most `width` columns."""
    if not values:
        return ""
    if len(values) > width:
        step = len(values) / width
        values = [values[min(len(values) - 1, int(i * step + step - 1))] for i in range(width)]
    top = max(top, 1)
    return "".join(BARS[max(1, min(8, round(8 * v / top)))] if v > 0 else "·" for v in values)


def chart_text(civs: tuple[str, ...], series: list[list[int]], width: int = 60) -> Text:
    """One line per player: letter, name, the score over the game, the final score."""
    top = max((max(s) for s in series if s), default=1)
    out = Text()
    out.append(f"Score over the game (each column a turn; full block = {top} VP; · = 0)\n", style="bold")
    turns = max((len(s) for s in series), default=0)
    shown = min(turns, width)
    if shown:
        axis = f"turn 1{'':{max(1, shown - 6 - len(str(turns)) - 5)}}turn {turns}" if shown > 14 else ""
        out.append(f"{'':12}{axis}\n", style=DIM)
    for seat, civ in enumerate(civs):
        values = series[seat]
        out.append(f"[{CIV_LETTER.get(civ, '?')}] {civ.capitalize():<7} ", style=CIV_STYLE.get(civ, ""))
        out.append(sparkline(values, top, width), style=CIV_STYLE.get(civ, ""))
        final = values[-1] if values else 0
        peak = max(values) if values else 0
        out.append(f"  {final} VP (best {peak})\n")
    out.rstrip()
    return out


class EndScreen(Screen):
    """Final scores; replay, export, new game, back to the board."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    COMPONENT_CLASSES = tone_classes(TEXT_TONES)
    BINDINGS = [
        Binding("r", "replay", "Replay"),
        Binding("a", "review", "Review"),
        Binding("e", "export", "Export"),
        Binding("n", "new_game", "New game"),
        Binding("t", "title", "Title"),
        Binding("b,escape", "back", "Board"),
        Binding("f1", "help", "Help"),
    ]

    def __init__(self, session, replay_of: Callable[[], Replay] | None = None, record_path: Path | None = None):
        super().__init__()
        self.session = session
        self.replay_of = replay_of or (lambda: Replay.of(session))
        """The game's line as a replay: the session's journal's, or a network client's own line."""
        self.record_path = record_path
        """Where e writes the record (default: beside the save, or SAVES/game.txt)."""
        self._final = session.state
        """The position scored here: the replay may promote a side line that goes on from elsewhere."""

    def compose(self) -> ComposeResult:
        state = self.session.state
        with VerticalScroll(id="end"):
            yield Static(Text("Game over", style="bold"), id="end-title")
            yield Static(winner_line(state), id="winner")
            drawn = [(p.civ, p.layers) for p in state.players]
            yield Static(Toned(monuments_row(drawn, CIV_STYLE), self), id="monuments")
            yield Static(Toned(score_table(state), self), id="scores")
            yield Static(Content.styled("Scoring the game turn by turn...", "$tone-muted"), id="chart")
            yield Static(
                Content.styled(
                    "r replay the game · a review it: your mistakes, the better move and why · e export a readable "
                    "record · n new game · t title · b back to the board",
                    "$tone-muted",
                ),
                id="end-help",
            )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#end").focus()
        self._build_chart()

    @work(thread=True, exclusive=True, group="chart")
    def _build_chart(self) -> None:
        try:
            replay = self.replay_of()
            replay.to_end()
        except UNREPLAYABLE:
            replay = None
        if replay is None or msgspec.msgpack.encode(replay.state) != msgspec.msgpack.encode(self.session.state):
            text = Text("No score chart: this game's history cannot be replayed from the deal.", style=DIM)
        else:
            _, series = score_history(replay)
            text = chart_text(tuple(replay.config.civs), series)
        self.app.call_from_thread(self._show_chart, text)

    def _show_chart(self, text: Text) -> None:
        if self.is_mounted:
            self.query_one("#chart", Static).update(Toned(text, self))

    @guarded
    def action_replay(self) -> None:
        self.app.push_screen(ReplayScreen(self.replay_of(), live=False, session=self.session))

    @guarded
    def action_review(self) -> None:
        """a: review the game (a bar meanwhile), then the replay, at the first move marked."""
        try:
            replay = Replay.of(self.session)
        except UNREPLAYABLE as exc:
            self.notify(
                f"This game cannot be reviewed: its history does not replay from the deal ({exc})", severity="error"
            )
            return
        self.app.push_screen(ReviewDialog(review_job(replay)), callback=self._reviewed)

    @guarded
    def _reviewed(self, review: Review | None) -> None:
        if review is None:
            self.notify("The review was stopped: nothing was kept.", timeout=4)
            return
        replay = keep_review(Replay.of(self.session), self.session, review)
        names = [c.capitalize() for c in replay.config.civs]
        position = {s.seq: n for n, s in enumerate(replay.steps, start=1)}
        marked = sorted(position[a.step] for a in review.annotations if a.step in position)
        self.app.push_screen(
            ReplayScreen(replay, live=False, session=self.session, position=marked[0] if marked else None)
        )
        said = "The marks are in the move list." if marked else "No move was marked."
        self.notify(f"{summary(review, names)}\n{said}", title="Review", timeout=10)

    @guarded
    def action_export(self) -> None:
        try:
            text = export_text(self.replay_of())
        except UNREPLAYABLE as exc:
            self.notify(
                f"This game cannot be exported: its history does not replay from the deal ({exc})", severity="error"
            )
            return
        path = self.session.path
        target = self.record_path or (path.with_suffix(".txt") if path else Path(self.app.saves_dir) / "game.txt")
        if not write_beside_save(self, target, text):
            return
        self.notify(f"Wrote the game record to {target}", title="Exported")

    def action_new_game(self) -> None:
        self.app.open_new_game()

    def action_title(self) -> None:
        self.app.goto_title()

    def action_back(self) -> None:
        self.dismiss()

    def on_screen_resume(self) -> None:
        state = self.session.state
        if state is not self._final and state.pending is not None:  # a line promoted in the replay goes on
            self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())
