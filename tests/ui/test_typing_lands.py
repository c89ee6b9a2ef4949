"""Input lands where you type: letters typed while the map or a pane has the focus reach the
command line (the map's own keys still move its cursor), Esc comes back to the line, and text
the coach, a preview or the palette puts in the line is selected, so typing replaces it."""

from __future__ import annotations

from monuments_tui.ui.palette import LegalCommands
from monuments_tui.ui.widgets.map_view import MapView
from monuments_tui.ui.widgets.panes import PlayersPane
from tests.ui.test_app import SIZE
from tests.ui.test_coach_app import game_screen, hinted_app


async def type_keys(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space", "-": "minus"}.get(ch, ch) for ch in text])
    await pilot.pause()


async def test_letters_typed_on_the_map_reach_the_command_line(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("escape")  # from the line to the map
        m = screen.query_one(MapView)
        assert m.has_focus
        before = m.cursor
        await pilot.press("right")  # a key the map binds: the cursor moves east
        assert m.cursor != before and screen.command_line.input.value == ""
        await type_keys(pilot, "startquest qs-land")
        assert screen.command_line.input.value == "startquest qs-land"
        assert screen.command_line.input.has_focus


async def test_every_word_typed_on_the_map_reaches_the_line_whatever_its_first_letter(tmp_path):
    from monuments_tui.ui.typed_words import RULE_WORDS, SCREEN_WORDS
    from monuments_tui.ui.widgets.footer import KeysFooter

    app, session = hinted_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        m = screen.query_one(MapView)
        inp = screen.command_line.input
        firsts = sorted({w.word[0] for w in (*RULE_WORDS, *SCREEN_WORDS)})
        assert {"h", "i", "k", "l"} <= set(firsts)  # hint, info, keep, layer
        for first in firsts:
            inp.value = ""
            m.focus()
            await pilot.pause()
            cursor = m.cursor
            await type_keys(pilot, first + "x")
            assert inp.value == first + "x" and inp.has_focus and m.cursor == cursor, first
        inp.value = ""
        m.focus()
        await pilot.pause()
        bar = " ".join(f"{k.key_display} {k.description}" for k in screen.query_one(KeysFooter).children)
        # the map's keys first, then the way back to the line
        assert bar.startswith("←↑↓→ Move cursor z Zoom L Legend esc Command line"), bar


async def test_letters_typed_on_a_pane_reach_the_command_line_and_esc_comes_back(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        screen.query_one(PlayersPane).focus()
        await pilot.pause()
        await pilot.press("escape")
        assert screen.command_line.input.has_focus  # Esc: back to typing
        screen.query_one(PlayersPane).focus()
        await type_keys(pilot, "hint")
        assert screen.command_line.input.value == "hint"


async def test_the_coachs_move_is_selected_so_typing_replaces_it(tmp_path):
    app, session = hinted_app(tmp_path, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await pilot.press("f9")
        await pilot.pause()
        inp = game_screen(app).command_line.input
        assert inp.value.startswith("startquest ")
        assert (inp.selection.start, inp.selection.end) == (0, len(inp.value))
        await type_keys(pilot, "takeback")
        assert inp.value == "takeback"  # not "startquest qs-...takeback"


async def test_a_preview_leaves_its_command_selected(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        text = screen.legal_texts[0]
        screen.show_preview(text)
        await pilot.pause()
        await pilot.press("escape")  # close the preview
        await pilot.pause()
        inp = screen.command_line.input
        assert inp.value == text and (inp.selection.start, inp.selection.end) == (0, len(text))


async def test_a_palette_entry_puts_its_command_in_the_line_ready_for_enter(tmp_path):
    app, session = hinted_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        hits = [hit async for hit in LegalCommands(screen).search("startquest")]
        hits[0].command()
        await pilot.pause()
        inp = screen.command_line.input
        assert inp.value == hits[0].text.removeprefix("Game: ") and session.history() == []
        assert (inp.selection.start, inp.selection.end) == (0, len(inp.value))
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.history()) == 1
