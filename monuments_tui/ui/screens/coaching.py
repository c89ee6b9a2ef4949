"""The coach: one part of the game screen (`GameScreen` mixes in `Coaching`): `hint` and its
key, and the lessons of the guided first game (`monuments learn`).

What it needs of the screen is `CoachHost`: the session, the legal texts, the command line,
`can_type` and `refresh_all`; the screen calls `_init_coaching` first.

A hint puts the best move in the command line, ready for Enter, and lists up to three
under it, each with its line of why and the search's estimated chance of winning
(`ai.coach_search`, from the asking seat's own view). The search runs on a worker thread
for about its think time, the command line saying the coach is thinking, while the screen
keeps answering; an answer for a position the game has left is dropped. Asked again at
the same position with the hint still in the line, it moves on to the next; once the line
was changed, it shows the best again. Every hint shown is
kept in the save through the session, so the log shows it after reload. In a guided game
each lesson of `ui.tutorial` opens the first time its moment comes (`LessonDialog`: Enter
or Esc closes it), and the choices panel lists what can be played now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import get_current_worker

from monuments_tui.ai.coach import Hint
from monuments_tui.ai.coach_search import COACH_BUDGET, search_hints
from monuments_tui.game.session import GameSession
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.state import GameState, copy_state
from monuments_tui.ui import card_text, tutorial
from monuments_tui.ui.safety import guarded, report

if TYPE_CHECKING:
    from textual.screen import Screen

    from monuments_tui.ui.legal_now import LegalNow
    from monuments_tui.ui.widgets.command_line import CommandLine


class CoachHost(Protocol):
    """What the coach needs of the screen it is mixed into."""

    session: GameSession
    legal_texts: LegalNow

    @property
    def command_line(self) -> CommandLine: ...
    def can_type(self) -> bool: ...
    def refresh_all(self) -> None: ...


if TYPE_CHECKING:

    class _Host(CoachHost, Screen[object]):
        """mypy's view of the coach's self: a Textual screen with CoachHost's members (`GameScreen`)."""

else:
    _Host = object  # at run time the screen itself has them


WAIT_FOR_YOUR_TURN = "The coach helps the person whose turn it is: wait for your turn, then ask again."
"""How long the coach searches for a hint (tests set a small iteration budget)."""


class LessonDialog(ModalScreen[None]):
    """One lesson of the guided game, and what can be played now; Enter or Esc closes it."""

    BINDINGS = [Binding("enter,escape,space", "close", "Go on", show=True)]
    DEFAULT_CSS = """
    LessonDialog { align: center middle; }
    LessonDialog #lesson { width: 76; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $panel; padding: 1 2; }
    LessonDialog #lesson-body { height: auto; max-height: 1fr; }
    LessonDialog #lesson-keys { margin-top: 1; }
    """

    def __init__(self, lesson: tutorial.Lesson, choices: list[str]):
        super().__init__()
        self.lesson = lesson
        self.choices = choices

    def compose(self) -> ComposeResult:
        body = Text()
        body.append(f"{self.lesson.title}\n\n", style="bold")
        body.append(self.lesson.text)
        if self.choices:
            body.append("\n\nYou can play now:\n", style="bold")
            body.append("\n".join(f"  {c}" for c in self.choices))
        keys = Text("Enter or Esc: back to the game (f9 asks the coach for a good move)", style="dim")
        with Vertical(id="lesson"):
            with VerticalScroll(id="lesson-body"):  # a small terminal scrolls the text, the keys stay in sight
                yield Static(body, id="lesson-text")
            yield Static(keys, id="lesson-keys")

    def action_close(self) -> None:
        self.dismiss(None)


class Coaching(_Host):
    """The coach part of the game screen: `hint` (f9) and the guided game's lessons."""

    def _init_coaching(self) -> None:
        self._hints: list[Hint] = []
        self._hints_at: tuple[int, int] | None = None
        self._hint_index = 0
        self._coach_at: tuple[int, int] | None = None
        """The position the coach is thinking about, while it is."""
        self._coach_line = ""
        """What the command line held when the coach was asked: typed over meanwhile, it is left alone."""
        self._lessons_shown: set[str] | None = None
        self._before: GameState | None = None
        self._seen_seq = 0

    # -- hints -------------------------------------------------------------------------------------
    @guarded
    def action_hint(self) -> None:
        """Show the coach's moves for the seat to play; again at the same position: the next one."""
        line = self.command_line
        refusal = self.session.hint_refusal()
        if refusal:
            line.show_error(refusal)
            return
        if not self.can_type():
            line.show_error(WAIT_FOR_YOUR_TURN, until_the_prompt_changes=True)
            return
        here = self._coach_position()
        if self._hints_at == here and self._hints:
            shown = self._hints[self._hint_index].command
            # Again with the hint still in the line: the next; after the line changed: the best again.
            self._hint_index = (self._hint_index + 1) % len(self._hints) if line.input.value == shown else 0
            self._show_hint()
            return
        if self._coach_at != here:
            self._coach_at = here
            self._coach_line = line.input.value
            self._coach_think(self.app, copy_state(self.session.state), here)
        line.show_info(_thinking(0.0))

    def _coach_position(self) -> tuple[int, int]:
        return (len(self.session.history()), len(self.session.records()))

    @work(thread=True, exclusive=True, group="coach")
    def _coach_think(self, app: App[object], state: GameState, here: tuple[int, int]) -> None:
        """Search for hints in a thread, on its own copy of the state; the answer goes to the app's thread."""
        worker = get_current_worker()
        told = [0.0]

        def progress(share: float) -> bool:
            if share - told[0] >= 0.1:
                told[0] = share
                _post(app, self._coach_progress, here, share)
            return not worker.is_cancelled

        try:
            found = search_hints(state, COACH_BUDGET, progress)
        except Exception as exc:  # noqa: BLE001 - a failing coach is reported like any handler's error
            _post(app, self._coach_failed, exc)
            return
        _post(app, self._coach_answer, here, found)

    def _coach_progress(self, here: tuple[int, int], share: float) -> None:
        if self.is_mounted and self._coach_at == here == self._coach_position():
            self.command_line.show_info(_thinking(share))

    def _coach_failed(self, exc: Exception) -> None:
        self._coach_at = None
        if self.is_mounted:
            report(self, exc)

    @guarded
    def _coach_answer(self, here: tuple[int, int], found: list[Hint]) -> None:
        self._coach_at = None
        if not self.is_mounted or here != self._coach_position() or self.session.state.pending is None:
            return  # the game moved on while the coach was thinking: that answer is for another position
        self._hints = found
        self._hint_index = 0
        if self._hints:
            self.session.record_hint([(h.command, h.why) for h in self._hints])
            self.refresh_all()  # the log shows the hint
        self._hints_at = self._coach_position()
        if not self._hints:
            self.command_line.show_info("The coach has no move to suggest here.")
            return
        self._show_hint(into_line=self.command_line.input.value == self._coach_line)

    def _show_hint(self, into_line: bool = True) -> None:
        """Show the hint chosen, in the command line unless the player typed there while the coach thought."""
        line = self.command_line
        chosen = self._hints[self._hint_index]
        n = len(self._hints)
        if into_line:
            line.offer(chosen.command)
            rows = [f"Coach {self._hint_index + 1}/{n} in the line, Enter plays it (f9: the next): {chosen.why}"]
        else:
            rows = [f"Coach {self._hint_index + 1}/{n}: {chosen.command}: {chosen.why} (f9 puts it in the line)"]
        rows += [f"  {i + 1}. {h.command}: {h.why}" for i, h in enumerate(self._hints) if i != self._hint_index]
        line.show_info("\n".join(rows))

    # -- lessons -----------------------------------------------------------------------------------
    def guided(self) -> bool:
        return self.session.header.guided

    def lesson_check(self) -> None:
        """After every change of a guided game: open the lesson whose moment this is, if any."""
        if not self.guided():
            return
        session = self.session
        seat = tutorial.learner_seat(session.seats)
        if self._lessons_shown is None:
            steps = session.history()
            # Shown before the position now (none at the start): its own lesson is decided below.
            self._lessons_shown = (
                set(tutorial.lessons_shown(session.initial_state, steps[:-1], seat)) if steps else set()
            )
            self._seen_seq = steps[-2].seq if len(steps) > 1 else 0
            self._before = session.state_before_last()
        steps = session.history()
        last = steps[-1].seq if steps else 0
        events = steps[-1].events if steps and last > self._seen_seq else ()  # nothing new after an undo
        self._seen_seq = max(self._seen_seq, last)
        lesson = tutorial.lesson_now(self._before, session.state, events, seat, frozenset(self._lessons_shown))
        self._before = session.state
        if lesson is None:
            return
        self._lessons_shown.add(lesson.id)
        choices = self.choice_lines(8 if self.app.size.height >= 30 else 4) if self.can_type() else []
        self.app.push_screen(LessonDialog(lesson, choices))

    def choice_lines(self, limit: int = 8) -> list[str]:
        """The commands legal now (the first `limit`, and how many more)."""
        legal = [card_text.glossed(self.session.state, format_command(c)) for c in self.session.legal()]
        shown = legal[:limit]
        if len(legal) > limit:
            shown.append(f"... and {len(legal) - limit} more: type the start of one and press Tab")
        return shown

    def choices_text(self) -> Text:
        """The guided game's panel: what can be played now, always on screen."""
        if not self.can_type():
            return Text("The other player is thinking...", style="dim")
        legal = self.legal_texts  # worked out once for the command line; a choice's texts are under the prompt
        out = Text("f9: the coach's best moves · ", style="dim")  # first: a compact terminal cuts the end
        out.append("You can play: ", style="bold")
        out.append(" | ".join(legal[:12]))
        if len(legal) > 12:
            out.append(f" (+{len(legal) - 12} more: Tab completes)", style="dim")
        return out


def _thinking(share: float) -> str:
    """The command line's words while the coach searches, with a bar of the time spent."""
    filled = round(10 * share)
    return f"The coach is thinking... [{'#' * filled}{'.' * (10 - filled)}] (about {COACH_BUDGET.seconds or 1:g} s; play on meanwhile)"


def _post(app: App[object], callback: Callable[..., None], *args: object) -> None:
    try:
        app.call_from_thread(callback, *args)
    except RuntimeError:
        pass  # the app closed while the coach was thinking
