"""The bot driver: one part of the game screen (`GameScreen` mixes in `BotDriver`), how it
drives its bots: one step at a time on a timer, at the chosen pace, the thinking in a worker
thread on a copy of the state, so the screen never freezes; F5 changes the pace, F6 skips.

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

from monuments_tui.game.session import GameSession, bot_command_for
from monuments_tui.rules import RuleViolation, format_command
from monuments_tui.rules.commands import Command
from monuments_tui.rules.state import GameState, copy_state
from monuments_tui.ui.safety import guarded, report

PACES = (("slow", 1.5), ("normal", 0.6), ("fast", 0.15), ("instant", 0.0))
"""Bot pace: seconds between two bot steps."""


@dataclass(frozen=True)
class BotAsked:
    """Where the game stood when a bot was asked: its answer is played only if nothing moved since."""

    position: int
    state: GameState


class BotHost(Protocol):
    """What the bot driver needs of the screen it is mixed into, beyond a Textual screen's own members."""

    session: GameSession
    pace: str

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
        try:
            command = bot_command_for(controller, state, rnd)
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
