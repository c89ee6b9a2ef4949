"""The command line: typed commands in the notation, Tab completion, history, messages.

The screen sets the reactives `legal` (the notation of every legal command now) and
`prompt`; the widget posts `CommandLine.Submitted` with the text. A rejected command is
reported with `show_error`: the text stays in the input so one word can be fixed.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.suggester import Suggester
from textual.widgets import Input, Static


class LegalSuggester(Suggester):
    """Suggests the first legal command that starts with what is typed (case-insensitive)."""

    def __init__(self, line: CommandLine):
        super().__init__(use_cache=False, case_sensitive=False)
        self._line = line

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        for text in self._line.legal:
            if text.casefold().startswith(value):
                return text
        return None


def common_prefix(texts: list[str]) -> str:
    """The longest prefix shared by all `texts` (compared case-insensitively)."""
    if not texts:
        return ""
    prefix = os.path.commonprefix([t.casefold() for t in texts])
    return texts[0][: len(prefix)]


class CommandInput(Input):
    """An Input where Tab asks for completion and Up/Down for the history (the command line answers)."""

    BINDINGS = [
        Binding("tab", "complete", "Complete", show=False),
        Binding("up", "history(-1)", "Previous command", show=False),
        Binding("down", "history(1)", "Next command", show=False),
    ]

    class CompletionRequested(Message):
        """Tab: complete what is typed."""

    class HistoryRequested(Message):
        """Up or Down: the previous (-1) or next (+1) command typed."""

        def __init__(self, delta: int):
            super().__init__()
            self.delta = delta

    def action_complete(self) -> None:
        self.post_message(self.CompletionRequested())

    def action_history(self, delta: int) -> None:
        self.post_message(self.HistoryRequested(delta))


class Prompt(NamedTuple):
    """The line above the input: what is asked now, and a note in grey."""

    text: str = ""
    note: str = ""


class CommandLine(Vertical):
    """Prompt, input and message line."""

    DEFAULT_CSS = """
    CommandLine { height: auto; }
    CommandLine #prompt { height: 1; padding: 0 1; }
    CommandLine #cmd { margin: 0; }
    CommandLine #message { height: auto; max-height: 3; padding: 0 1; }
    """

    class Submitted(Message):
        """The player pressed Enter on a command."""

        def __init__(self, line: CommandLine, text: str):
            super().__init__()
            self.line = line
            self.text = text

    legal: reactive[tuple[str, ...]] = reactive((), init=False, always_update=True)
    """The notation of every command the player may type now."""
    prompt: reactive[Prompt] = reactive(Prompt(), init=False)

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self.history: list[str] = []
        self._history_pos: int | None = None
        self._draft = ""
        self._cycle: list[str] = []
        self._cycle_index = -1
        self._message_text = Content("")

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield CommandInput(
            placeholder="type a command, Tab completes (e.g. play movement)", id="cmd", suggester=LegalSuggester(self)
        )
        yield Static(id="message")

    @property
    def input(self) -> CommandInput:
        return self.query_one(CommandInput)

    # -- what the screen tells it -----------------------------------------------------------
    def watch_prompt(self, prompt: Prompt) -> None:
        text = Content.assemble(
            ("> ", "bold"), (prompt.text, "bold"), (f"   {prompt.note}" if prompt.note else "", "$tone-muted")
        )
        self.query_one("#prompt", Static).update(text)  # relaid out: a long prompt takes two lines in small terminals

    def watch_legal(self) -> None:
        self._cycle = []

    def show_error(self, message: str) -> None:
        self._message(Content.styled(message, "bold $tone-bad"))

    def show_info(self, message: str) -> None:
        self._message(Content.styled(message, "$tone-muted"))

    def clear_message(self) -> None:
        self._message(Content(""))

    @property
    def message(self) -> str:
        """The text under the input (an error or a hint)."""
        return self._message_text.plain

    def _message(self, text: Content) -> None:
        if text == self._message_text:
            return
        self._message_text = text
        message = self.query_one("#message", Static)
        message.update(text)
        message.display = bool(text.plain)  # no blank line under the input: small terminals need it

    # -- completion and history ----------------------------------------------------------------
    def add_word(self, word: str) -> None:
        """Append `word` to what is typed (a hex chosen on the map), and go back to typing."""
        value = self.input.value
        sep = "" if not value or value.endswith(" ") else " "
        self._set_value(f"{value}{sep}{word}")
        self.input.focus()

    def matches(self, value: str) -> list[str]:
        """Legal commands that start with `value` (case-insensitive)."""
        low = value.casefold()
        return [t for t in self.legal if t.casefold().startswith(low)]

    def complete(self) -> None:
        """Tab: complete to the single match or the longest common prefix; then cycle through matches."""
        inp = self.input
        value = inp.value
        if self._cycle and value in self._cycle:
            self._cycle_index = (self._cycle_index + 1) % len(self._cycle)
            self._set_value(self._cycle[self._cycle_index])
            self.show_info(f"{self._cycle_index + 1} of {len(self._cycle)}: Tab for the next one")
            return
        found = self.matches(value)
        if not found:
            self._cycle = []
            if self.legal:
                self.show_info(f"no legal command starts with '{value}'. Legal now: {self._sample(self.legal)}")
            else:
                self.show_info("no command is expected from you now")
            return
        if len(found) == 1:
            self._cycle = []
            self._set_value(found[0])
            self.clear_message()
            return
        prefix = common_prefix(found)
        if len(prefix) > len(value):
            self._set_value(prefix)
            self.show_info(f"{len(found)} matches: {self._sample(found)}")
            return
        self._cycle = found
        self._cycle_index = 0
        self._set_value(found[0])
        self.show_info(f"1 of {len(found)}: {self._sample(found)} (Tab for the next one)")

    @staticmethod
    def _sample(texts: Sequence[str], n: int = 6) -> str:
        shown = " | ".join(texts[:n])
        return shown + (f" (+{len(texts) - n} more)" if len(texts) > n else "")

    def _set_value(self, value: str) -> None:
        inp = self.input
        inp.value = value
        inp.cursor_position = len(value)

    @on(CommandInput.CompletionRequested)
    def _complete_requested(self, event: CommandInput.CompletionRequested) -> None:
        event.stop()
        self.complete()

    @on(CommandInput.HistoryRequested)
    def _history_requested(self, event: CommandInput.HistoryRequested) -> None:
        event.stop()
        self.walk_history(event.delta)

    def walk_history(self, delta: int) -> None:
        if not self.history:
            return
        if self._history_pos is None:
            if delta > 0:
                return
            self._draft = self.input.value
            self._history_pos = len(self.history)
        pos = self._history_pos + delta
        if pos >= len(self.history):
            self._history_pos = None
            self._set_value(self._draft)
            return
        self._history_pos = max(0, pos)
        self._set_value(self.history[self._history_pos])

    @on(Input.Submitted, "#cmd")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        # The value now, not when Enter was pressed: a Tab typed just before has completed it since.
        text = self.input.value.strip()
        if not text:
            return
        if not self.history or self.history[-1] != text:
            self.history.append(text)
        self._history_pos = None
        self._cycle = []
        self.post_message(self.Submitted(self, text))

    def accept(self) -> None:
        """The command was played: clear the input and the message."""
        self.input.value = ""
        self.clear_message()
