"""One registry of typed words (issue 40, item 3; issue 43, item 8): every word a player can
type on the game screen parses, completes with Tab, is listed in the help and in "unknown
command", and a typo gets the nearest word."""

from __future__ import annotations

import msgspec
import pytest

from monuments_tui.rules import SYNTAX
from monuments_tui.ui import info
from monuments_tui.ui.dialogs.info import InfoDialog
from monuments_tui.ui.dialogs.report import ReportDialog
from monuments_tui.ui.screens.help import commands_table
from monuments_tui.ui.typed_words import SCREEN_WORDS, WORDS, Misread, Typed, every_word, nearest, read
from monuments_tui.ui.widgets.command_line import CommandInput
from tests.ui.helpers import type_command, wait_for
from tests.ui.test_app import SIZE, game_app, game_screen, message, play_first_legal


# -- the registry (pure) ---------------------------------------------------------------------------
def test_every_command_of_the_notation_and_every_screen_word_is_one_entry():
    names = [w.word for w in WORDS]
    assert len(names) == len(set(names))
    assert names[: len(SYNTAX)] == [s.verb for s in SYNTAX]
    assert {w.word for w in SCREEN_WORDS} == {"help", "info", "hint", "preview", "note", "promote", "position"}
    assert all(w.run is None for w in WORDS[: len(SYNTAX)]) and all(w.run is not None for w in SCREEN_WORDS)


@pytest.mark.parametrize("word", WORDS, ids=lambda w: w.word)
def test_each_word_reads_its_own_example_and_is_listed_in_help_info_and_unknown(word):
    typed = read(word.example)
    assert isinstance(typed, Typed) and typed.word is word
    assert read(word.example.upper()).word is word  # words are case-insensitive
    assert f" {word.word}," in every_word() or every_word().endswith(f" {word.word}.")
    assert word.usage in commands_table().columns[0].cells
    assert any(s.title == f"Command {word.word}" for s in info.about(None, word.word))


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("startqest", ["startquest"]),  # a letter missed
        ("mvoe", ["move"]),  # two swapped
        ("promte", ["promote"]),
        ("previwe", ["preview"]),
        ("take", ["takeback"]),  # the start of one word
        ("pr", ["produce", "preview", "promote"]),  # of several
        ("Hnit", ["hint"]),
        ("xyzzy", []),  # nothing near
    ],
)
def test_a_typo_gets_the_nearest_words(typed, meant):
    assert nearest(typed) == meant


def test_an_unknown_word_is_refused_with_did_you_mean_and_the_whole_list():
    misread = read("startqest qs-wood")
    assert misread == Misread("Unknown command 'startqest'. Did you mean 'startquest'?", every_word())
    assert read("pr 1").plain == "Unknown command 'pr'. Did you mean 'produce', 'preview' or 'promote'?"
    assert read("fly to the moon").plain == "Unknown command 'fly'."
    for word in ("note", "promote", "preview", "info", "help", "hint", "position", "startquest", "ai"):
        assert word in every_word()


def test_a_word_that_stands_alone_refuses_more_words_after_it():
    misread = read("hint please")
    assert isinstance(misread, Misread) and misread.plain == "'hint' stands alone: type just hint."
    assert isinstance(read("info D7"), Typed) and read("info D7").rest == "D7"
    assert read("?").word.word == "help"


# -- on the game screen ----------------------------------------------------------------------------
async def tab_until(pilot, inp: CommandInput, typed: str, wanted: str, presses: int = 12) -> bool:
    """Type `typed`, then Tab until the line reads `wanted` (Tab cycles through several matches)."""
    inp.focus()
    inp.value, inp.cursor_position = typed, len(typed)
    for _ in range(presses):
        await pilot.press("tab")
        if inp.value == wanted:
            return True
    return False


async def test_tab_completes_every_screen_word_and_the_legal_commands_of_every_rules_word(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        for word in SCREEN_WORDS:
            assert await tab_until(pilot, inp, word.word[:2], word.word), word.word
        verbs_seen = set()
        for _ in range(4):  # the set-up's positions, then the first turn: a rules word completes to its commands
            await wait_for(pilot, screen.can_type)
            first_of_verb = {text.split()[0]: text for text in reversed(screen.legal_texts)}
            for verb, text in first_of_verb.items():
                assert await tab_until(pilot, inp, verb[:3], text, 40), text
            verbs_seen |= set(first_of_verb)
            await play_first_legal(pilot, 1)
        assert {"startquest", "start", "play"} <= verbs_seen


async def test_a_typo_on_the_game_screen_suggests_the_word_lists_them_all_and_changes_nothing(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        before = msgspec.msgpack.encode(screen.session.state)
        await type_command(pilot, "startqest qs-wood")
        said = message(app)
        assert said.startswith("Unknown command 'startqest'. Did you mean 'startquest'?")
        assert all(w.word in said for w in WORDS)  # the full list of words, the screen's own too
        inp = screen.query_one(CommandInput)
        assert inp.value == "startqest qs-wood" and inp.selected_text == "startqest qs-wood"
        assert msgspec.msgpack.encode(screen.session.state) == before and not screen.session.history()


async def test_help_word_says_what_a_word_is_and_a_lone_word_refuses_more(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, "help promote")
        assert isinstance(app.screen, InfoDialog) and "promote N" in app.screen.plain
        await pilot.press("escape")
        await type_command(pilot, "position now")
        assert message(app).startswith("'position' stands alone: type just position.")


async def test_a_preview_reads_its_command_from_the_same_words(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_command(pilot, "preview startqest qs-wood")
        assert app.screen is screen  # no dialog for a word that is not one
        assert message(app).startswith("Unknown command 'startqest'. Did you mean 'startquest'?")
        await type_command(pilot, "preview hint")
        assert app.screen is screen and message(app).startswith("'hint' plays nothing")
        await type_command(pilot, f"preview {screen.legal_texts[0]}")
        assert isinstance(app.screen, ReportDialog) and not screen.session.history()
