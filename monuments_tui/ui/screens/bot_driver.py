"""The bot driver: one part of the game screen (`GameScreen` mixes in `BotDriver`), how it
drives its bots: one step at a time on a timer, at the chosen pace, the thinking in a worker
thread on a copy of the state, so the screen never freezes; F5 changes the pace, F6 skips.

A searching bot reports how much of its think time it has spent: once it has thought
longer than a moment, the command line says so with a bar. Undo, promoting a line and
leaving the screen cancel the worker: the search stops at once and its answer, for a
position the game has left, is dropped.

What it needs of the screen is `BotHost`: the session, the pace, `refresh_all` and
`after_change`; the screen calls `_init_bots` first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from textual import work
from textual.app import App
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import get_current_worker

from monuments_tui.game.session import GameSession, bot_command_for
from monuments_tui.rules import RuleViolation, format_command
from monuments_tui.rules.commands import Command
from monuments_tui.rules.state import GameState, copy_state
from monuments_tui.ui.safety import guarded, report

if TYPE_CHECKING:
    from monuments_tui.ui.widgets.command_line import CommandLine

PACES = (("slow", 1.5), ("normal", 0.6), ("fast", 0.15), ("instant", 0.0))
"""Bot pace: seconds between two bot steps."""
A_MOMENT = 0.3
"""Think time after which the command line shows that a bot is thinking (its share of the budget)."""


@dataclass(frozen=True)
class BotAsked:
    """Where the game stood when a bot was asked: its answer is played only if nothing moved since."""

    position: int
    state: GameState


class BotHost(Protocol):
    """What the bot driver needs of the screen it is mixed into, beyond a Textual screen's own members."""

    session: GameSession
    pace: str

    @property
    def command_line(self) -> CommandLine: ...

    def refresh_all(self) -> None: ...

    def after_change(self) -> None: ...


if TYPE_CHECKING:

    class _Host(BotHost, Screen[object]):
        """mypy's view of the driver's self: a Textual screen with BotHost's members (`GameScreen`)."""

else:
    _Host = object  # at run time the screen itself has them; no Protocol among a Textual screen's bases


class BotDriver(_Host):
    """The bot half of the game screen (a mixin of `GameScreen`): it needs the screen's members
    listed in `BotHost`; the screen calls `_init_bots` first."""

    pace: str  # declared here too, as this class sets it (the screen's reactive)

    def _init_bots(self, seed: int) -> None:
        self._skipping = False
        self._bot_timer: Timer | None = None
        self._bot_busy = False
        self._bot_told = False
        """The command line says a bot is thinking."""
        self._rnd = random.Random(seed)

    def bot_delay(self) -> float:
        return 0.0 if self._skipping else dict(PACES)[self.pace]

    def schedule_bot(self) -> None:
        if self._bot_timer is not None or self._bot_busy:
            return
        self._bot_timer = self.set_timer(max(self.bot_delay(), 0.001), self._bot_step)

    def _bot_step(self) -> None:
        self._bot_timer = None
        state = self.session.state
        if state.pending is None or self.session.controller() == "human" or self._bot_busy:
            return
        self._bot_busy = True
        self._think(
            self.app,
            self.session.controller(),
            copy_state(state),
            self._rnd,
            BotAsked(len(self.session.history()), state),
        )

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, app: App[object], controller: str, state: GameState, rnd: random.Random, asked: BotAsked) -> None:
        """Ask the bot in a thread (a strong bot may think for a while) about its own copy of the state;
        play its answer on the app's thread. The thread never touches the session."""
        worker = get_current_worker()
        told = [0.0]

        def progress(share: float) -> bool:
            if share >= A_MOMENT and share - told[0] >= 0.1:
                told[0] = share
                self._post_back(app, self._bot_progress, asked, controller, share)
            return not worker.is_cancelled

        try:
            command = bot_command_for(controller, state, rnd, progress)
        except Exception as exc:  # noqa: BLE001 - a failing bot is reported like any handler's error
            self._post_back(app, self._bot_failed, exc)
            return
        self._post_back(app, self._bot_play, asked, command)

    @staticmethod
    def _post_back(app: App[object], callback: Callable[..., None], *args: object) -> None:
        try:
            app.call_from_thread(callback, *args)
        except RuntimeError:
            pass  # the app closed while the bot was thinking: nothing to play any more

    def _bot_progress(self, asked: BotAsked, controller: str, share: float) -> None:
        if self.is_mounted and self.session.state is asked.state and self._bot_busy:
            filled = round(10 * share)
            self.command_line.show_info(f"{controller} is thinking... [{'#' * filled}{'.' * (10 - filled)}]")
            self._bot_told = True

    def _bot_failed(self, exc: Exception) -> None:
        self._bot_busy = False
        if not self.is_mounted:
            return
        report(self, exc)

    @guarded
    def _bot_play(self, asked: BotAsked, command: Command) -> None:
        self._bot_busy = False
        if not self.is_mounted:
            return  # the game screen was closed while the bot was thinking
        if self._bot_told:
            self._bot_told = False
            self.command_line.clear_message()
        if self.session.state is not asked.state or len(self.session.history()) != asked.position:
            self.after_change()  # the game moved on (undo) while the bot was thinking
            return
        try:
            self.session.execute(command)
        except RuleViolation as exc:
            self.notify(f"The bot tried an illegal command ({format_command(command)}): {exc}", severity="error")
            return
        self.refresh_all()
        self.after_change()

    def _stop_bots(self) -> None:
        self.workers.cancel_group(self, "bot")  # a search under way stops; its answer is dropped
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self._skipping = False

    def action_pace(self) -> None:
        names = [p for p, _ in PACES]
        self.pace = names[(names.index(self.pace) + 1) % len(names)]
        self.notify(f"Bot pace: {self.pace}", timeout=2)

    def action_skip(self) -> None:
        if self.session.controller() == "human":
            self.notify("No bot is playing now.", timeout=2)
            return
        self._skipping = True
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
            self.schedule_bot()
