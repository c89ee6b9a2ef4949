"""Pilot tests: a command line that never surprises (issue 19, point 3).

Enter plays exactly what the line shows; a refused command is selected so typing replaces
it; `?` on an empty line opens the help, inside a command it is typed.
"""

from __future__ import annotations

from textual import events

from monuments_tui.ui.screens.help import HelpScreen
from monuments_tui.ui.widgets.command_line import CommandInput
from tests.ui.helpers import screen_text, type_command, wait_for
from tests.ui.test_app import SIZE, game_app, game_screen, message


def line_row(app) -> str:
    """The row of the screen that shows the command input."""
    inp = game_screen(app).query_one(CommandInput)
    return screen_text(app).splitlines()[inp.content_region.y]


async def test_the_grey_suggestion_is_the_only_legal_completion_and_enter_plays_it(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        inp.focus()
        await pilot.press(*"startquest")  # two starting quests match: no suggestion is shown
        await pilot.pause()
        assert inp.shown == "startquest"
        assert "startquest qs-" not in line_row(app)
        wood = next(t for t in screen.legal_texts if t.startswith("startquest qs-w"))
        await pilot.press(*" qs-w")  # now only one matches: it is shown in grey ...
        await pilot.pause()
        assert wood in line_row(app)
        await pilot.press("enter")  # ... and Enter plays the line as shown
        await pilot.pause()
        assert screen.session.history()[0].text == wood
        assert inp.value == ""


async def test_several_matches_show_no_suggestion_and_tab_then_enter_plays_the_completion(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_command(pilot, screen.legal_texts[0])  # the starting quest
        inp = screen.query_one(CommandInput)
        inp.focus()
        await pilot.press(*"start ")
        await pilot.pause()
        starts = [t for t in screen.legal_texts if t.startswith("start ")]
        assert len(starts) > 1 and inp.shown == "start "  # "start " alone is not a command: nothing grey
        for key in ("tab", "enter"):  # at once, as a fast typist sends them
            app.post_message(events.Key(key, None))
        await wait_for(pilot, lambda: len(screen.session.history()) == 2)  # every key handled before the app closes
        await pilot.pause()
        assert screen.session.history()[-1].text == starts[0]
        assert "needs" not in message(app)


async def test_a_refused_command_is_selected_so_typing_replaces_it(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        await type_command(pilot, "start wood X9")
        assert "is not possible now" in message(app)
        assert inp.value == "start wood X9" and inp.selected_text == "start wood X9"
        await pilot.press("s")
        assert inp.value == "s"  # replaced, not "start wood X9s" nor "sstart wood X9"


async def test_an_arrow_key_keeps_the_refused_command_for_editing(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        await type_command(pilot, "startquest qs-nothing")
        assert inp.selected_text == "startquest qs-nothing"
        await pilot.press("right")
        assert inp.value == "startquest qs-nothing" and inp.selected_text == ""
        assert inp.cursor_position == len(inp.value)
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        assert inp.value == "startquest qs-not"  # edited in place, one key at a time
        await type_command(pilot, "fly")
        await pilot.press("left")
        assert inp.value == "fly" and inp.selected_text == "" and inp.cursor_position == 0


async def test_question_mark_on_an_empty_line_opens_the_help_and_inside_a_command_types(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        inp.focus()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert inp.value == ""
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press(*"play", "question_mark")
        await pilot.pause()
        assert app.screen is screen and inp.value == "play?"


async def test_f1_and_the_help_command_open_the_help_from_the_command_line(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        inp = screen.query_one(CommandInput)
        inp.focus()
        await pilot.press(*"sta", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert inp.value == "sta"  # what was typed is still there
        await type_command(pilot, "help")
        assert isinstance(app.screen, HelpScreen)


async def test_a_wait_for_your_turn_goes_when_the_turn_comes_a_refusal_stays(tmp_path):
    """Asked for a hint on another's turn, the line says to wait; once the position changes the
    stale word is gone. A refusal of a typed command stays until the next thing is typed."""
    from monuments_tui.ui.screens.coaching import WAIT_FOR_YOUR_TURN
    from monuments_tui.ui.widgets.command_line import CommandLine

    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        line = screen.query_one(CommandLine)
        line.show_error(WAIT_FOR_YOUR_TURN, until_the_prompt_changes=True)
        await pilot.pause()
        assert message(app) == WAIT_FOR_YOUR_TURN
        line.prompt = line.prompt._replace(text="Egypt has played: your turn")  # as a bot's step does
        await pilot.pause()
        assert message(app) == ""
        line.show_error("That hex is not yours.")
        line.prompt = line.prompt._replace(text=line.prompt.text + " (again)")
        await pilot.pause()
        assert message(app) == "That hex is not yours."
