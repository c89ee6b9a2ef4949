"""The command line: typed commands in the notation, Tab completion, history, messages.

The screen sets the reactives `legal` (the notation of every legal command now) and
`prompt`; the widget posts `CommandLine.Submitted` with the text. A rejected command is
reported with `refuse`: the text stays in the input, selected, so typing replaces it and
an arrow key keeps it to fix one word.

Enter plays exactly what the line shows. The grey suggestion after the cursor appears only
when one legal command starts with what is typed, so Tab, Right and Enter all give that
command; with several, none is shown and Tab cycles through them. The suggestion is
worked out as the text changes (not in a worker), so no key can overtake it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import NamedTuple

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, Static
from textual.widgets.input import Selection


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def common_prefix(texts: list[str]) -> str:
    """The longest prefix shared by all `texts` (compared case-insensitively)."""
    if not texts:
        return ""
    prefix = os.path.commonprefix([t.casefold() for t in texts])
    return texts[0][: len(prefix)]


class CommandInput(Input):
    """An Input where Tab asks for completion, Up/Down for the history (the command line answers),
    and `?` on an empty line opens the help (inside a command it is typed)."""

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

    def __init__(self, *, suggest: Callable[[str], str | None], **kwargs):
        # the line selects its text itself where typing should replace it (`CommandLine.offer`,
        # a refusal); on focus alone it would swallow a letter typed on the map (`type_character`)
        super().__init__(select_on_focus=False, **kwargs)
        self._suggest = suggest

    def watch_value(self, value: str) -> None:
        self.refresh_suggestion()

    def refresh_suggestion(self) -> None:
        """Work out the grey suggestion for the text now (Input's own worker would come later)."""
        self._suggestion = (self._suggest(self.value) or "") if self.value.strip() else ""

    @property
    def shown(self) -> str:
        """The text the line shows: what is typed and, when visible, the grey suggestion after it."""
        value, suggestion = self.value, self._suggestion
        if self.has_focus and len(suggestion) > len(value) and suggestion.casefold().startswith(value.casefold()):
            return value + suggestion[len(value) :]
        return value

    def select_all_text(self) -> None:
        """Select the whole text (typing replaces it; an arrow key deselects and keeps it)."""
        self.selection = Selection(0, len(self.value))
        self._suggestion = ""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "?" and not self.value:
            event.stop()
            event.prevent_default()
            await self.run_action("app.help")
            return
        await super()._on_key(event)

    def action_complete(self) -> None:
        self.post_message(self.CompletionRequested())

    def action_history(self, delta: int) -> None:
        self.post_message(self.HistoryRequested(delta))


class Prompt(NamedTuple):
    """The line above the input: what is asked now, and a note in grey."""

    text: str = ""
    note: str = ""


class Options(Static):
    """The choices under the question, one a line; a click on a legal one offers its command."""

    @staticmethod
    def line(text: str, legal: set[str]) -> Content:
        """`text` ("startquest qs-wood — Control 3 wood."), clickable when it starts with a legal command."""
        command = text.strip().partition(" — ")[0]
        line = Content(text)
        return line.stylize(f"@click=offer({command!r})") if command in legal else line

    def action_offer(self, command: str) -> None:
        line = self.parent
        if isinstance(line, CommandLine):
            line.offer(command)


class CommandLine(Vertical):
    """Prompt, input and message line."""

    DEFAULT_CSS = """
    CommandLine { height: auto; }
    CommandLine #prompt { height: auto; padding: 0 1; }
    CommandLine #question { width: auto; max-width: 100%; height: auto; }
    CommandLine #note { width: 1fr; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    CommandLine #options { height: auto; padding: 0 1; }
    CommandLine #cmd { margin: 0; }
    CommandLine #message { height: auto; max-height: 3; padding: 0 1; }
    """

    class Submitted(Message):
        """The player pressed Enter on a command."""

        def __init__(self, line: CommandLine, text: str):
            super().__init__()
            self.line = line
            self.text = text

    legal: reactive[Sequence[str]] = reactive((), init=False, always_update=True)
    """The notation of every command the player may type now (read only when needed: `ui.legal_now`)."""
    prompt: reactive[Prompt] = reactive(Prompt(), init=False)

    def __init__(self, *, id: str | None = None, words: Sequence[str] = ()):
        super().__init__(id=id)
        self.words = tuple(words)
        """Words the screen understands at any time (help, info...): Tab completes them as it does the legal commands."""
        self.history: list[str] = []
        self._histories: dict[object, list[str]] = {None: self.history}
        self._history_pos: int | None = None
        self._draft = ""
        self._cycle: list[str] = []
        self._cycle_index = -1
        self._message_text = Content("")
        self._message_lasts = True
        """False: the message speaks of the position shown, and goes when the prompt changes."""
        self.describe: Callable[[str], str] | None = None
        """Gives a command with what it does ("startquest qs-wood — Control 3 wood."); set by the screen."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="prompt"):  # the question wraps; the grey note beside it is cut short first
            yield Static(id="question")
            yield Static(id="note")
        yield Options(id="options")
        yield CommandInput(
            placeholder="type a command, Tab completes (e.g. play movement)",
            id="cmd",
            suggest=self.only_completion,
        )
        yield Static(id="message")

    @property
    def input(self) -> CommandInput:
        return self.query_one(CommandInput)

    # -- what the screen tells it -----------------------------------------------------------
    def watch_prompt(self, prompt: Prompt) -> None:
        if not self._message_lasts:
            self.clear_message()
        question, _, options = prompt.text.partition("\n")  # the note stays beside the question
        self.query_one("#question", Static).update(Content.assemble(("> ", "bold"), (question, "bold")))
        self.query_one("#note", Static).update(
            Content.styled(f"   {prompt.note}" if prompt.note else "", "$tone-muted")
        )
        shown = self.query_one("#options", Static)
        # a line an option, so a compact terminal can cut each one short, not the list; a click on one
        # puts its command in the line
        legal = set(self.legal) if " — " in options else set()  # choices only: a redraw works out no list
        lines = [Options.line(text, legal) for text in options.split("\n")] if options else []
        shown.update(Content("\n").join(lines))
        shown.display = bool(options)

    def watch_legal(self) -> None:
        self._cycle = []
        self.input.refresh_suggestion()

    def refuse(self, plain: str, detail: str = "") -> None:
        """The command typed was refused: say why, and select it so typing replaces it."""
        self.show_refusal(plain, detail)
        self.input.focus()
        self.input.select_all_text()

    def show_error(self, message: str, *, until_the_prompt_changes: bool = False) -> None:
        """An error under the input; `until_the_prompt_changes`: it is about this moment only
        ("wait for your turn"), so the next position's prompt takes it away."""
        self._message(Content.styled(message, "bold $tone-bad"))
        self._message_lasts = not until_the_prompt_changes

    def show_refusal(self, plain: str, detail: str = "") -> None:
        """A refusal: what is wrong and what would work first, the rulebook reference on a second line."""
        parts: list[tuple[str, str] | str] = [(plain, "bold $tone-bad")]
        if detail:
            parts += ["\n", (detail, "$tone-muted")]
        self._message(Content.assemble(*parts))

    def show_info(self, message: str) -> None:
        self._message(Content.styled(message, "$tone-muted"))

    def clear_message(self) -> None:
        self._message(Content(""))

    @property
    def message(self) -> str:
        """The text under the input (an error or a hint)."""
        return self._message_text.plain

    def _message(self, text: Content) -> None:
        self._message_lasts = True
        if text == self._message_text:
            return
        self._message_text = text
        message = self.query_one("#message", Static)
        message.update(text)
        message.display = bool(text.plain)  # no blank line under the input: small terminals need it

    def offer(self, text: str) -> None:
        """Put `text` in the line for Enter (the coach's move, a preview, a palette or click
        choice), selected so that typing replaces it; the focus comes back to typing."""
        self._set_value(text)
        self.input.focus()
        self.input.select_all_text()

    def type_character(self, character: str) -> None:
        """A character typed while something else had the focus: into the line, as if typed there."""
        inp = self.input
        inp.focus()
        if inp.selection.is_empty:
            inp.insert_text_at_cursor(character)
        else:
            inp.replace(character, *inp.selection)

    # -- completion and history ----------------------------------------------------------------
    def add_word(self, word: str) -> None:
        """Append `word` to what is typed (a hex chosen on the map), and go back to typing."""
        value = self.input.value
        sep = "" if not value or value.endswith(" ") else " "
        self._set_value(f"{value}{sep}{word}")
        self.input.focus()

    def matches(self, value: str) -> list[str]:
        """Legal commands, then the screen's words, that start with `value` (case-insensitive)."""
        low = value.casefold()
        return [t for t in (*self.legal, *self.words) if t.casefold().startswith(low)]

    def only_completion(self, value: str) -> str | None:
        """The legal command that starts with `value`, when it is the only one (the grey suggestion)."""
        found = self.matches(value)
        return found[0] if len(found) == 1 else None

    def complete(self) -> None:
        """Tab: complete to the single match or the longest common prefix; then cycle through matches."""
        inp = self.input
        value = inp.value
        if self._cycle and value in self._cycle:
            self._cycle_index = (self._cycle_index + 1) % len(self._cycle)
            current = self._cycle[self._cycle_index]
            self._set_value(current)
            shown = self._sample([current], 1) if self.describe and self.describe(current) != current else ""
            self.show_info(f"{self._cycle_index + 1} of {len(self._cycle)}: Tab for the next one{shown}")
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
            if self.describe is None or self.describe(found[0]) == found[0]:
                self.clear_message()
            else:
                self.show_info(self._sample(found).lstrip())
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

    def _sample(self, texts: Sequence[str], n: int = 6) -> str:
        """The matches listed: one a line with what each does when the screen can say it."""
        more = f" (+{len(texts) - n} more)" if len(texts) > n else ""
        described = [self.describe(t) for t in texts[:n]] if self.describe else list(texts[:n])
        if described == list(texts[:n]):  # no card among them: one line
            return " | ".join(texts[:n]) + more
        width = max(20, self.size.width - 4)
        return "".join(f"\n  {_cut(line, width)}" for line in described) + more

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

    def use_history(self, owner: object) -> None:
        """Keep a history per `owner` (a seat in hot seat): Up never recalls another player's commands."""
        self.history = self._histories.setdefault(owner, [])
        self._history_pos = None

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
        # The line now, not when Enter was pressed: a Tab typed just before has completed it since;
        # with the grey suggestion, the line shows (and Enter plays) the command it completes.
        text = self.input.shown.strip()
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

    def clear(self) -> None:
        """Empty the line for the next player: the text typed, the message and the Tab cycle."""
        self.accept()
        self._cycle = []
        self._history_pos = None
