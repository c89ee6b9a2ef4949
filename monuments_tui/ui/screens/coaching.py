"""The coach on the game screen (a mixin of `GameScreen`): `hint` and its key, and the lessons
of the guided first game (`monuments learn`).

A hint puts the best move in the command line, ready for Enter, and lists up to three
under it; asked again at the same position it moves on to the next. Every hint shown is
kept in the save through the session, so the log shows it after reload. In a guided game
each lesson of `ui.tutorial` opens the first time its moment comes (`LessonDialog`: Enter
or Esc closes it), and the choices panel lists what can be played now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from monuments_tui.ai.coach import Hint, hints
from monuments_tui.game.session import GameSession
from monuments_tui.rules.notation import format_command
from monuments_tui.rules.state import GameState
from monuments_tui.ui import card_text, tutorial
from monuments_tui.ui.safety import guarded

if TYPE_CHECKING:
    from textual.screen import Screen

    from monuments_tui.ui.legal_now import LegalNow
    from monuments_tui.ui.widgets.command_line import CommandLine

    class _Host(Screen[object]):
        session: GameSession
        legal_texts: LegalNow

        @property
        def command_line(self) -> CommandLine: ...

        def can_type(self) -> bool: ...

        def refresh_all(self) -> None: ...

else:
    _Host = object


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
    """`hint` (f9) and the guided game's lessons; the screen calls `_init_coaching` first."""

    def _init_coaching(self) -> None:
        self._hints: list[Hint] = []
        self._hints_at: tuple[int, int] | None = None
        self._hint_index = 0
        self._lessons_shown: set[str] | None = None
        self._before: GameState | None = None
        self._seen_seq = 0

    # -- hints -------------------------------------------------------------------------------------
    @guarded
    def action_hint(self) -> None:
        """Show the coach's moves for the seat to play; again at the same position: the next one."""
        line = self.command_line
        refusal = self.session.hint_refusal()
        if refusal is None and not self.can_type():
            refusal = "The coach helps the person whose turn it is: wait for your turn, then ask again."
        if refusal:
            line.show_error(refusal)
            return
        here = (len(self.session.history()), len(self.session.records()))
        if self._hints_at == here and self._hints:
            self._hint_index = (self._hint_index + 1) % len(self._hints)
        else:
            self._hints = hints(self.session.state)
            self._hint_index = 0
            if self._hints:
                self.session.record_hint([(h.command, h.why) for h in self._hints])
                self.refresh_all()  # the log shows the hint
            self._hints_at = (len(self.session.history()), len(self.session.records()))
        if not self._hints:
            line.show_info("The coach has no move to suggest here.")
            return
        self._show_hint()

    def _show_hint(self) -> None:
        line = self.command_line
        chosen = self._hints[self._hint_index]
        line.offer(chosen.command)
        n = len(self._hints)
        rows = [f"Coach {self._hint_index + 1}/{n} in the line, Enter plays it (f9: the next): {chosen.why}"]
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
