"""The review of a game, run from the end screen or the replay (`a`): a dialog with a progress
bar while a worker thread judges each decision (`game.review`), Escape stopping it.

The search runs on its own copy of the line of play, so the screen keeps drawing and
answering keys; a review stopped keeps nothing. A review run to its end is kept in the save
(`keep_review`: through the open game, or a session opened on the file for this one record)
and handed back to the screen, which shows its marks in the move list and the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from monuments_tui.ai.review import REVIEW_ITERATIONS
from monuments_tui.game.replay import Replay
from monuments_tui.game.review import Review, default_seats, review_line, tally
from monuments_tui.game.session import GameSession
from monuments_tui.game.timeline import Step
from monuments_tui.rules.state import GameState

ITERATIONS = REVIEW_ITERATIONS
"""The search's iterations a decision in the app (tests set a small budget)."""


class ReviewJob(NamedTuple):
    """What to review: the line of play from its first state, and the seats."""

    initial: GameState
    steps: Sequence[Step]
    seats: tuple[int, ...]
    which: str
    """Why those seats, in words."""
    names: list[str]


def review_job(replay: Replay) -> ReviewJob:
    """The review of `replay`'s main line: the seats a person played (or every seat of bots)."""
    seats, which = default_seats(replay.seats)
    names = [c.capitalize() for c in replay.config.civs]
    return ReviewJob(replay.state_at(0), tuple(replay.steps), seats, which, names)


class ReviewDialog(ModalScreen[Review | None]):
    """The review running: a bar of the decisions judged; Escape stops it (nothing is kept)."""

    BINDINGS = [Binding("escape", "stop", "Stop")]
    DEFAULT_CSS = """
    ReviewDialog #review-bar { margin: 1 0; }
    """

    def __init__(self, job: ReviewJob):
        super().__init__(classes="dialog-screen")
        self.job = job

    def compose(self) -> ComposeResult:
        who = ", ".join(self.job.names[s] for s in self.job.seats)
        with Vertical(classes="dialog") as box:
            box.border_title = "Review"
            yield Static(
                f"Reviewing {who} ({self.job.which}): the search judges each decision from that seat's own "
                "view at the time, and marks where the chance of winning fell.",
                classes="dialog-text",
            )
            yield ProgressBar(id="review-bar", show_eta=False)
            yield Static("Starting...", id="review-count")
            yield Static(Content.styled("Escape stops the review (nothing is kept)", "$tone-muted"))

    def on_mount(self) -> None:
        self._run()

    @work(thread=True, exclusive=True, exit_on_error=False, group="review")
    def _run(self) -> None:
        worker = get_current_worker()
        job = self.job

        def progress(done: int, total: int) -> bool:
            if not worker.is_cancelled:
                self._post(self._progress, done, total)
            return not worker.is_cancelled

        review = review_line(job.initial, job.steps, job.seats, ITERATIONS, progress=progress)
        if review is not None and not worker.is_cancelled:
            self._post(self._finished, review)

    def _post(self, callback, *args) -> None:
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:
            pass  # the app closed while the review ran

    def _finished(self, review: Review) -> None:
        if self.is_mounted:
            self.dismiss(review)  # not awaited: the screen goes once this worker has ended

    def _progress(self, done: int, total: int) -> None:
        if not self.is_mounted:
            return
        self.query_one(ProgressBar).update(total=max(total, 1), progress=done)
        self.query_one("#review-count", Static).update(f"{done} of {total} decisions judged")

    def action_stop(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)


def keep_review(replay: Replay, session: GameSession | None, review: Review) -> Replay:
    """Keep `review` in the save of the game `replay` shows, through its open `session` or a
    session opened on the file for this one record; the replay with its marks.

    Raises:
        ValueError: the replay has no save file. SaveError: the save is open for play elsewhere,
            or no longer loads. OSError: it could not be written.
    """
    if session is not None:
        session.record_review(review.seats, review.annotations)
        return Replay.of(session)
    if replay.path is None:
        raise ValueError("This replay has no save file to keep the review in.")
    opened, _ = GameSession.load(replay.path)
    with opened:
        opened.record_review(review.seats, review.annotations)
    return Replay.open(replay.path)


def summary(review: Review, names: list[str]) -> str:
    """A line a seat: "Greece, 34 decisions: 1 blunder (??), 2 mistakes (?), 0 inaccuracies (?!)"."""
    return "\n".join(
        f"{names[seat]}, {review.judged.get(seat, 0)} decisions: {tally(review.counts(seat))}" for seat in review.seats
    )
