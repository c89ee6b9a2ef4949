"""The replay screen, an analysis board: the game's panes, read-only, moved through by step,
turn and round or from the move list; at the end, the final scores; from any position, a new
game ("play from here") and what changed since the turn began; and the review of the game
(`a`: its marks in the move list, the one on the move just played under the board)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from monuments_tui.ai.review import MARK_NAMES
from monuments_tui.game.replay import FINISHED_HERE, NOT_FROM_A_VIEW, changes_since, seat_view
from monuments_tui.game.review import Review
from monuments_tui.game.tree import MAIN
from monuments_tui.records.diff import EVERYTHING, diff_states
from monuments_tui.rules import waiting_for
from monuments_tui.saves.format import SaveError
from monuments_tui.ui import wording
from monuments_tui.ui.dialogs.common import AskDialog, ConfirmDialog
from monuments_tui.ui.dialogs.play_from_here import PlayFromHere, PlayFromHereDialog
from monuments_tui.ui.dialogs.report import ReportDialog
from monuments_tui.ui.dialogs.review import ReviewDialog, keep_review, review_job, summary
from monuments_tui.ui.map_changes import changed_hexes
from monuments_tui.ui.record_commands import promote_in_save
from monuments_tui.ui.refusal_words import sentence
from monuments_tui.ui.safety import guarded
from monuments_tui.ui.score_table import score_table, winner_line
from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.theme import TEXT_TONES, Toned, tone_classes
from monuments_tui.ui.widgets.board import Board, BoardView
from monuments_tui.ui.widgets.footer import KeysFooter
from monuments_tui.ui.widgets.move_list import MoveList

if TYPE_CHECKING:
    from textual import getters

    from monuments_tui.game.session import GameSession
    from monuments_tui.ui.navigation import Navigation


class ReplayScreen(Screen):
    """Step through a game. `live`: a replay of the game being played (Esc goes back to it)."""

    if TYPE_CHECKING:
        app = getters.app(Navigation)  # mypy reads the app's own members; at run time Textual's property answers

    COMPONENT_CLASSES = tone_classes(TEXT_TONES)
    DEFAULT_CSS = """
    ReplayScreen #final { height: auto; max-height: 50%; display: none; border: round $accent; padding: 0 1; }
    ReplayScreen #final.-shown { display: block; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Back", priority=True, tooltip="One step back"),
        Binding("right", "step(1)", "Step", priority=True, tooltip="One step forward"),
        Binding("up", "step(-1)", "Back", priority=True, show=False),
        Binding("down", "step(1)", "Step", priority=True, show=False),
        Binding("shift+left", "turn(-1)", "Turn back", priority=True, show=False),
        Binding("shift+right", "turn(1)", "Turn", priority=True, tooltip="Next turn (shift+Left: back)"),
        Binding("ctrl+left", "round(-1)", "Round back", priority=True, show=False),
        Binding("ctrl+right", "round(1)", "Round", priority=True, show=False),
        Binding("home", "start", "Start", show=False, priority=True),
        Binding("end", "end", "End", show=False, priority=True),
        Binding("g", "goto", "Go to", tooltip="Go to a turn (50 or t50), a round (r10) or a step (s120)"),
        Binding("v", "view", "View"),
        Binding("e", "everything", "Everything", show=False, tooltip="Every hand and quest open (or back)"),
        Binding("m", "main_line", "Main line", show=False, tooltip="Back from a side line to the main line"),
        Binding("d", "changes", "Changes", tooltip="What changed since the start of this turn"),
        Binding("p", "play_from_here", "Play here"),
        Binding("P", "promote", "Promote", tooltip="Make the side line shown the main line (the save keeps both)"),
        Binding("a", "review", "Review", tooltip="Mark the mistakes of the game, with the better move and why"),
        Binding("f1", "help", "Help"),
        Binding("escape,q", "close", "Back"),
        Binding("f2", "zoom", "Zoom", show=False),
        Binding("f3", "legend", "Legend", show=False),
        Binding("f7", "next_pane", "Pane", tooltip="The next pane: hand, players, quests, log, hex"),
    ]

    view_seat: reactive[int | None] = reactive(None, init=False)
    """Whose view is shown: a seat, or None for everything."""

    def __init__(self, replay, *, live: bool = False, position: int | None = None, session: GameSession | None = None):
        super().__init__()
        self.replay = replay
        self.live = live
        self.session = session
        """The open game this replays, if any: a promote is written through it (it holds the save's lock)."""
        self._start_position = position
        self.line = MAIN
        """The line shown: MAIN (the replay's own steps and position) or a side line's number."""
        self.line_position = 0
        """Where the replay stands in a side line (steps of `line_steps(line)` played)."""
        self._view_before: int | None = None
        """The seat's view shown before e opened everything (e goes back to it)."""

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Board(log=MoveList())
        with VerticalScroll(id="final"):
            yield Static(id="final-scores")
        yield Static(id="position")
        yield KeysFooter()

    @property
    def moves(self) -> MoveList:
        return self.query_one(MoveList)

    def on_mount(self) -> None:
        self.set_reactive(ReplayScreen.view_seat, self.opening_view())
        self.moves.focus()
        if self._start_position is not None:
            self.replay.goto(self._start_position)
        self._list_moves()
        self.redraw()
        if self.replay.warnings:
            self.notify("\n".join(self.replay.warnings), title="While opening the save", severity="warning")

    # -- drawing -------------------------------------------------------------------------------
    def watch_view_seat(self) -> None:
        self._list_moves()
        self.redraw()

    def names(self) -> list[str]:
        return BoardView(state=self.replay.state, controllers=tuple(self.replay.seats)).names

    def _list_moves(self) -> None:
        """Render the line's steps once (again only when the view changes)."""
        r = self.replay
        self.moves.show_line(r.line_steps(self.line), self.names(), self.view_seat, r.tree, self.line, r.hints)

    def redraw(self) -> None:
        r = self.replay
        in_main = self.line == MAIN
        state = (
            r.view(self.view_seat) if in_main else seat_view(r.state_in(self.line, self.line_position), self.view_seat)
        )
        at = r.position if in_main else self.line_position
        before = None if at <= 0 else r.state_at(at - 1) if in_main else r.state_in(self.line, at - 1)
        self.query_one(Board).view = BoardView(
            state=state,
            viewer=self.view_seat,
            show_all=self.view_seat is None,
            controllers=tuple(r.seats),
            changed=changed_hexes(before, state),
        )
        self.moves.follow(r.position if in_main else self.line_position)
        status = Text()
        status.append(" Monuments · Replay ", style="bold reverse")
        status.append(f" {r.title} ", style="bold")
        status.append(f"· {waiting_for(state)}")
        self.query_one("#status", Static).update(status, layout=False)  # one line: no new layout
        self.query_one("#position", Static).update(self._position_line(), layout=False)
        self._draw_final()

    def _position_line(self) -> Content:
        r = self.replay
        names = [p.civ.capitalize() for p in r.state.players]
        view = f" · view: {'everything' if self.view_seat is None else names[self.view_seat]}"
        if self.line != MAIN:
            path = r.line_steps(self.line)
            at = self.line_position
            pos: list[str | tuple[str, str]] = [
                (f" side line {self.line}, step {at}/{len(path)} ", "bold"),
                "(m: back to the main line · P: make it the main line)" + view,
            ]
            last = path[at - 1] if at else None
        else:
            pos = [
                (f" step {r.position}/{len(r.steps)} · ", "bold"),
                f"turn {r.turn}/{r.turns} · " + ("set-up" if r.round == 0 else f"round {r.round}") + view,
            ]
            last = r.last_step
        if last is not None:
            words, _ = wording.step_lines(last, self.view_seat, names)
            pos.append((f" · last: {names[last.seat]} {words}", "$tone-muted"))
        taken = r.taken_back_here() if self.line == MAIN else []
        if taken:
            n = sum(len(t.steps) for t in taken)
            pos.append((f" · {n} step(s) were taken back here", "italic"))
        for note in r.notes_at(r.position if self.line == MAIN else self.line_position, self.line):
            pos.append((f" · ✎ {note}", "italic"))
        marked = r.tree.annotations.get(last.seq) if last is not None else None
        if marked is not None:  # in short: the move list has the why
            private = self.view_seat is not None and self.view_seat != marked.seat
            said = f"{marked.mark} {MARK_NAMES[marked.mark]}: {marked.played:.0%}, {marked.preferred} {marked.best:.0%}"
            pos.append(
                (f" · {marked.mark} (the review is {names[marked.seat]}'s)" if private else f" · {said}", "bold")
            )
        return Content.assemble(*pos)

    def _draw_final(self) -> None:
        """At the end of a finished game, the final scores line by line, as the end screen has them."""
        final = self.query_one("#final")
        over = self.line == MAIN and self.replay.at_end and self.replay.state.phase == "over"
        final.set_class(over, "-shown")
        if over:
            state = self.replay.state
            table = Group(winner_line(state), score_table(state))
            self.query_one("#final-scores", Static).update(Toned(table, self))
            final.border_title = "Final scores"

    # -- moving --------------------------------------------------------------------------------------
    @guarded
    def action_step(self, delta: int) -> None:
        if self.line != MAIN:
            end = len(self.replay.line_steps(self.line))
            self.line_position = max(0, min(end, self.line_position + delta))
            self.redraw()
            return
        moved = self.replay.forward() if delta > 0 else self.replay.back()
        if not moved:
            self.notify("At the end of the game." if delta > 0 else "At the start.", timeout=2)
        self.redraw()

    @guarded
    def action_turn(self, delta: int) -> None:
        self._to_main()
        self.replay.next_turn() if delta > 0 else self.replay.prev_turn()
        self.redraw()

    @guarded
    def action_round(self, delta: int) -> None:
        self._to_main()
        self.replay.next_round() if delta > 0 else self.replay.prev_round()
        self.redraw()

    def action_start(self) -> None:
        self._to_main()
        self.replay.to_start()
        self.redraw()

    def action_end(self) -> None:
        self._to_main()
        self.replay.to_end()
        self.redraw()

    @on(MoveList.Chosen)
    @guarded
    def _chosen(self, event: MoveList.Chosen) -> None:
        """A step of the line shown; a side line (step into it); or the main line (back to it)."""
        if event.line == MAIN:
            self._to_main()
        elif event.line is not None:
            self.line, self.line_position = event.line, event.position
            self._list_moves()
            self.refresh_bindings()  # P (promote) is offered in a side line
        elif self.line == MAIN:
            self.replay.goto(event.position)
        elif event.position <= self._shared():
            self._to_main(event.position)
        else:
            self.line_position = event.position
        self.redraw()

    def _shared(self) -> int:
        """How many steps the line shown shares with the main line, from the start."""
        path, main = self.replay.line_steps(self.line), self.replay.steps
        n = 0
        while n < min(len(path), len(main)) and path[n] is main[n]:
            n += 1
        return n

    def _to_main(self, position: int | None = None) -> None:
        """Leave a side line for the main line, at `position` (default: where the side line leaves it)."""
        if self.line == MAIN:
            return
        self.replay.goto(self._shared() if position is None else position)
        self.line = MAIN
        self._list_moves()
        self.refresh_bindings()

    def action_main_line(self) -> None:
        self._to_main()
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.line != MAIN if action == "promote" else True

    def action_promote(self) -> None:
        if self.line == MAIN:
            return
        question = (
            f"Make side line {self.line} the main line? The moves after where it leaves are taken back and "
            "its moves played instead; the line it replaces is kept as a side line."
        )
        self.app.push_screen(ConfirmDialog(question, yes="Promote", title="Promote"), callback=self._promote)

    @guarded
    def _promote(self, yes: bool | None) -> None:
        if not yes:
            return
        number, position = self.line, self.line_position
        try:
            said, replay = promote_in_save(self.replay, self.session, number)
        except (ValueError, OSError, SaveError) as exc:
            self.notify(str(exc), title="Not promoted", severity="warning", timeout=10)
            return
        self.replay, self.line = replay, MAIN
        self.replay.goto(min(position, len(replay.steps)))
        self._list_moves()
        self.refresh_bindings()
        self.redraw()
        self.notify(said, timeout=6)

    def action_review(self) -> None:
        """a: review the main line's decisions (a worker, a bar, Escape stops it); the marks show after."""
        self.app.push_screen(ReviewDialog(review_job(self.replay)), callback=self._reviewed)

    @guarded
    def _reviewed(self, review: Review | None) -> None:
        if review is None:
            self.notify("The review was stopped: nothing was kept.", timeout=4)
            return
        try:
            replay = keep_review(self.replay, self.session, review)
        except (ValueError, OSError, SaveError) as exc:
            self.notify(f"The review could not be kept: {exc}", title="Review", severity="warning", timeout=10)
            return
        position = self.replay.position
        self.replay, self.line = replay, MAIN
        self.replay.goto(position)
        self._list_moves()
        self.refresh_bindings()
        self.redraw()
        self.notify(summary(review, self.names()) + "\nThe marks are in the move list.", title="Review", timeout=10)

    def action_goto(self) -> None:
        r = self.replay
        question = (
            f"Go to a turn (50 or t50, up to {r.turns}), a round (r10), a step (s120, up to {len(r.steps)}), "
            "start or end:"
        )
        self.app.push_screen(AskDialog(question, title="Go to"), callback=self._goto)

    @guarded
    def _goto(self, answer: str | None) -> None:
        if not answer:
            return
        self._to_main()
        try:
            self.replay.goto_place(answer)
        except ValueError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.redraw()

    def closed_hands(self) -> bool:
        """The game keeps secrets: not over, no teaching mode, and somebody at the table to keep them from."""
        r = self.replay
        return not r.teaching and r.state_at(len(r.steps)).phase != "over" and "human" in r.seats

    def opening_view(self) -> int | None:
        """An unfinished standard game opens as the person who played last saw it (no other
        seat's quests on screen; never a bot's view); a finished or teaching game shows everything."""
        r = self.replay
        if r.seen_by is not None:  # a network client's line: its own seat's view (all it was sent)
            return r.seen_by.seat
        if not self.closed_hands():
            return None
        humans = [seat for seat, who in enumerate(r.seats) if who == "human"]
        return next((step.seat for step in reversed(r.steps) if step.seat in humans), humans[0])

    def action_everything(self) -> None:
        """e: everything open, or back to the view before (a warning when hands are closed)."""
        if self.view_seat is not None:
            self._view_before = self.view_seat
            self.view_seat = None
            self._warn_everything()
        else:
            self.view_seat = self._view_before if self.closed_hands() else None

    def _warn_everything(self) -> None:
        if self.closed_hands() and self.replay.seats.count("human") > 1:
            self.notify(
                "Every hand and quest is open now: in a hot-seat game, only if nobody else is looking. "
                "v or e goes back to one seat's view.",
                title="View: everything",
                severity="warning",
            )

    def action_view(self) -> None:
        seats = len(self.replay.config.civs)
        if self.view_seat is None:
            self.view_seat = 0
        elif self.view_seat + 1 < seats:
            self.view_seat += 1
        else:
            self.view_seat = None
            self._warn_everything()

    @guarded
    def action_changes(self) -> None:
        """What changed since the current turn began (at a turn's start: during the turn before)."""
        self._to_main()
        r = self.replay
        since = changes_since(r.steps, r.position)
        viewer = EVERYTHING if self.view_seat is None else self.view_seat
        lines = diff_states(r.state_at(since), r.state, viewer)
        heading = f"From {r.place_words(since)} to {r.place_words(r.position)}"
        self.app.push_screen(ReportDialog("What changed this turn", lines, heading=heading))

    def action_play_from_here(self) -> None:
        self._to_main()
        r = self.replay
        seats = list(r.seats)
        pending = r.state.pending
        if pending is None:
            self.notify(f"Nothing to play: {FINISHED_HERE}.", severity="warning")
            return
        if r.seen_by is not None:
            self.notify(sentence(NOT_FROM_A_VIEW.format(whose=r.seen_by.words)), severity="warning", timeout=10)
            return
        if pending.seat != r.config.ai_seat:
            seats[pending.seat] = "human"  # the seat to move is the one a person most likely takes over
        dialog = PlayFromHereDialog(
            f"step {r.position} (turn {r.turn})",
            self.names(),
            tuple(seats),
            ai_seat=r.config.ai_seat,
            teaching=r.teaching,
        )
        self.app.push_screen(dialog, callback=self._play_from_here)

    @guarded
    def _play_from_here(self, choice: PlayFromHere | None) -> None:
        if choice is None:
            return
        self.app.start_new(
            lambda: self.replay.play_from_here(self.app.saves_dir, seats=choice.seats, teaching=choice.teaching)
        )

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_zoom(self) -> None:
        self.query_one(Board).map.action_toggle_zoom()

    def action_legend(self) -> None:
        self.query_one(Board).toggle_legend()

    def action_next_pane(self) -> None:
        self.query_one(Board).next_pane()

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss()
        else:
            self.app.goto_title()
