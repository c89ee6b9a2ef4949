"""Every word a player can type on the game screen, in one registry.

A line starts with a word. The rules' words are the commands of the notation
(`rules.notation.SYNTAX`): the session parses and plays them. The screen's own words
(`SCREEN_WORDS`: help, info, hint, preview, note, promote, position) do something on the
screen and play nothing; each entry says what it does with the rest of the line.

From this one list `read` tells which word a line starts with (an unknown word gets the
nearest ones and the whole list), the command line completes every screen word with Tab
(the rules' words complete to the commands legal now), the help and `info` list them all.
Adding a word is one entry of `SCREEN_WORDS`, calling the screen's method that does it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from monuments_tui.rules.notation import SYNTAX
from monuments_tui.rules.spelling import either, nearest_words

if TYPE_CHECKING:
    from monuments_tui.ui.widgets.command_line import CommandLine


class WordHost(Protocol):
    """What the screen's words need of the game screen."""

    @property
    def command_line(self) -> CommandLine: ...
    def action_help(self) -> None: ...
    def show_info_about(self, word: str) -> None: ...
    def action_hint(self) -> None: ...
    def show_preview(self, text: str) -> None: ...
    def play_record_command(self, word: str, rest: str) -> None: ...
    def action_copy_position(self) -> None: ...


class TypedWord(NamedTuple):
    """One word a player can type: how it is written, what it does, an example."""

    word: str
    usage: str
    meaning: str
    example: str
    run: Callable[[WordHost, str], object] | None = None
    """What the screen does with the rest of the line; None: a command of the rules, played by the session."""
    aliases: tuple[str, ...] = ()

    @property
    def takes_more(self) -> bool:
        """Words may follow it ("info ID"), or it stands alone ("hint")."""
        return self.usage != self.word


def _help(screen: WordHost, about: str) -> None:
    if about:  # help move: what that word is, as info says it
        screen.show_info_about(about)
        return
    screen.command_line.accept()
    screen.action_help()


def _cleared(action: Callable[[WordHost], object]) -> Callable[[WordHost, str], object]:
    """A word that stands alone: the line is emptied, then the screen's action runs."""

    def run(screen: WordHost, _rest: str) -> None:
        screen.command_line.accept()
        action(screen)

    return run


RULE_WORDS = tuple(TypedWord(s.verb, s.usage, s.meaning, s.example) for s in SYNTAX)
"""The commands of the game, as the notation writes them."""

SCREEN_WORDS = (
    TypedWord(
        "help",
        "help [WORD]",
        "This help (F1, or ? on an empty line); help WORD says what that word is, as info does",
        "help move",
        _help,
        aliases=("?",),
    ),
    TypedWord(
        "info",
        "info ID",
        "What a card, quest, piece, hex, command or rule option is, in plain words; plays nothing",
        "info qs-wood",
        lambda screen, rest: screen.show_info_about(rest),
    ),
    TypedWord(
        "hint",
        "hint",
        "The coach: up to three good moves, each with why (F9; teaching, or hints allowed)",
        "hint",
        _cleared(lambda screen: screen.action_hint()),
    ),
    TypedWord(
        "preview",
        "preview COMMAND",
        "What the command would do, without playing it (F10 previews the line)",
        "preview play production",
        lambda screen, rest: screen.show_preview(rest),
    ),
    TypedWord(
        "note",
        "note TEXT",
        "Attach a comment to this position (saved; shown in the log, replay and export)",
        "note move the army first",
        lambda screen, rest: screen.play_record_command("note", rest),
    ),
    TypedWord(
        "promote",
        "promote N",
        "Make side line N of the log (an undone line) the main line",
        "promote 1",
        lambda screen, rest: screen.play_record_command("promote", rest),
    ),
    TypedWord(
        "position",
        "position",
        "Write the position as text next to the save (F4; teaching mode or game over)",
        "position",
        _cleared(lambda screen: screen.action_copy_position()),
    ),
)
"""The game screen's own words: they play nothing."""

WORDS = RULE_WORDS + SCREEN_WORDS
_BY_NAME = {name: w for w in WORDS for name in (w.word, *w.aliases)}
SCREEN_NAMES = tuple(w.word for w in SCREEN_WORDS)
"""What Tab completes besides the commands legal now."""


class Typed(NamedTuple):
    """A line read: its word and the rest of the line."""

    word: TypedWord
    rest: str


class Misread(NamedTuple):
    """A line with no word to act on: what is wrong and what would work, then the words there are."""

    plain: str
    detail: str


def every_word() -> str:
    """The whole list, for a player who typed a word that is not one."""
    return "Commands: " + ", ".join(w.word for w in WORDS) + "."


def read(text: str) -> Typed | Misread:
    """The word `text` starts with (case-insensitive) and the rest of it, or why there is none."""
    first, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if not first:
        return Misread("Type a command, e.g. play movement; help lists them all.", every_word())
    word = _BY_NAME.get(first.lower())
    if word is None:
        near = nearest(first)
        mean = f" Did you mean {either(near)}?" if near else ""
        return Misread(f"Unknown command '{first}'.{mean}", every_word())
    if rest and not word.takes_more:
        return Misread(f"'{word.word}' stands alone: type just {word.word}.", f"{word.usage}: {word.meaning}")
    return Typed(word, rest)


def nearest(typed: str, most: int = 3) -> list[str]:
    """The screen's words `typed` was most likely meant to be (`rules.spelling`)."""
    return nearest_words(typed, [w.word for w in WORDS], most)
