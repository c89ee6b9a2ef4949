"""Pilot tests: the ctrl+p palette lists the game's entries apart from Textual's built-ins,
and its Quit asks first as ctrl+q does (issue 19, point 3)."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from monuments_tui.ui.dialogs.common import ConfirmDialog
from monuments_tui.ui.palette import LegalCommands
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.title import TitleScreen
from tests.ui.helpers import wait_for
from tests.ui.test_app import SIZE, game_app, game_screen


def searching(palette: CommandPalette) -> bool:
    """The palette is still gathering hits (it adds them to its list in batches as they come)."""
    group = CommandPalette._GATHER_COMMANDS_GROUP
    return any(w.node is palette and w.group == group for w in palette.app.workers)


async def palette_entries(pilot, query: str = "") -> list[str]:
    """Open the palette, type `query`, and read the entries it lists, top first."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
    if query:
        await pilot.press(*query)
    palette = app.screen
    await wait_for(pilot, lambda: palette.query_one(CommandList).option_count > 0 and not searching(palette))
    options = palette.query_one(CommandList)
    return [str(options.get_option_at_index(i).prompt).split("\n")[0] for i in range(options.option_count)]


async def test_the_game_entries_come_first_and_the_built_ins_after_them(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        entries = await palette_entries(pilot)
        game = [e for e in entries if e.startswith("Game: ")]
        built_in = [e for e in entries if e.startswith("App: ")]
        assert len(game) + len(built_in) == len(entries)  # every entry says which group it is in
        assert entries == game + built_in
        assert game[: len(screen.legal_texts)] == ["Game: " + t for t in screen.legal_texts]
        assert {"App: Theme", "App: Quit", "App: Screenshot"} <= set(built_in)


async def test_a_search_ranks_the_game_entries_above_the_built_ins(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        entries = await palette_entries(pilot, "s")  # matches both groups
        firsts = [e.split(":")[0] for e in entries]
        assert "Game" in firsts and "App" in firsts
        assert firsts == sorted(firsts, key=lambda g: g != "Game")


async def test_quit_from_the_palette_asks_first(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await palette_entries(pilot, "App: Quit")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running
        await palette_entries(pilot, "App: Quit")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


async def test_quit_from_the_palette_on_the_title_screen_asks_too(tmp_path):
    from monuments_tui.ui.app import MonumentsApp

    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await palette_entries(pilot, "App: Quit")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.is_running


async def test_each_legal_entry_puts_its_command_in_the_line_for_enter(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        hits = [hit async for hit in LegalCommands(screen).search("startquest")]
        assert [h.text for h in hits] == ["Game: " + t for t in screen.legal_texts if t.startswith("startquest")]
        assert all(h.help for h in hits)
        hits[0].command()
        await pilot.pause()
        assert screen.command_line.input.value == hits[0].text.removeprefix("Game: ")
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.history()) == 1
