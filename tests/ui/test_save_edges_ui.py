"""The app at the edges of saving: a game in use elsewhere is offered as a replay, a saves
folder that is a file is named, and ctrl+p below the minimum size does not crash
[issue 18, items 1 and 5]."""

from __future__ import annotations

import os

from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import ConfirmDialog, TooSmall
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.new_game import Prefill
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.screens.title import SavesScreen
from tests.session_helpers import new_session, play
from tests.ui.helpers import wait_for


async def test_loading_a_game_in_use_offers_to_replay_it(tmp_path):
    playing = new_session(tmp_path)  # this process plays it: the app is a second player
    play(playing, 4)
    app = MonumentsApp(saves_dir=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = app.screen.question
        assert "is in use" in question and f"process {os.getpid()}" in question and "read-only" in question
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert len(app.screen.replay.steps) == 4
    playing.close()


async def test_a_new_game_in_a_saves_folder_that_is_a_file_says_so(tmp_path):
    folder = tmp_path / "saves"
    folder.write_text("")
    app = MonumentsApp(start="new", saves_dir=folder, prefill=Prefill(seats=("human", "human")), autostart=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: any("is a file" in n.message for n in app._notifications))
        assert not isinstance(app.screen, GameScreen) and app.last_error is None  # said, not crashed


async def test_ctrl_p_twice_below_the_minimum_size_does_not_crash(tmp_path):
    s = new_session(tmp_path)
    s.close()
    app = MonumentsApp(saves_dir=tmp_path, start="load", file=s.path)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmall))
        for _ in range(3):
            await pilot.press("ctrl+p")
            await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        await pilot.resize_terminal(160, 50)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("ctrl+p")  # with room again, the palette opens
        await wait_for(pilot, lambda: app.screen.has_class("--textual-command-palette"))
