"""Pilot tests: in the replay, P makes the side line shown the main line, in the save replayed
and in the game being played, and keeps the line it replaces as a side line."""

from __future__ import annotations

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.game.tree import MAIN
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import ConfirmDialog
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.widgets.move_list import MoveList
from tests.ui.helpers import screen_text, wait_for
from tests.ui.test_replay_annotations import annotated_game, index_of

SIZE = (160, 50)


def texts(steps) -> list[str]:
    return [s.text for s in steps]


async def step_into_side_line(pilot) -> ReplayScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    screen.query_one(MoveList).highlighted = index_of(pilot.app, "⤷ side line 1")
    await pilot.press("enter")
    await pilot.pause()
    assert screen.line == 1
    return screen


async def test_p_promotes_the_side_line_shown_in_the_save_and_keeps_the_old_line(tmp_path):
    session = annotated_game(tmp_path)
    main, side = texts(session.history()), texts(session.tree().path(1))
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        assert "Promote" not in screen_text(app).splitlines()[-1]  # offered only in a side line
        screen = await step_into_side_line(pilot)
        assert "P Promote" in screen_text(app).splitlines()[-1]
        await pilot.press("P")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen and screen.line == MAIN)
        assert texts(screen.replay.steps) == side
        assert screen.replay.position == 3  # where the replay stood in the side line
        assert "Promote" not in screen_text(app).splitlines()[-1]
    reopened = Replay.open(session.path)  # the save holds the change, and the old line as a side line
    assert texts(reopened.steps) == side
    assert texts(reopened.tree.path(1)) == main


async def test_a_promote_refused_changes_nothing(tmp_path):
    session = annotated_game(tmp_path)
    main = texts(session.history())
    held, _ = GameSession.load(session.path)  # the game is open for play elsewhere
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path, pace="instant")
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await step_into_side_line(pilot)
            await pilot.press("P")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.pause()
            assert screen.line == 1 and texts(screen.replay.steps) == main
            assert any("Not promoted" in (n.title or "") for n in app._notifications)
    finally:
        held.close()
    assert texts(Replay.open(session.path).steps) == main


async def test_a_promote_in_the_live_replay_is_the_game_played_on_back_on_the_board(tmp_path):
    session = annotated_game(tmp_path)
    side = texts(session.tree().path(1))
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        game.action_replay()
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.is_mounted)
        await pilot.pause()
        await step_into_side_line(pilot)
        await pilot.press("P")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.line == MAIN)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)
        assert texts(game.session.history()) == side
        await pilot.pause()
        assert game._drawn_state is game.session.state  # the board drew the promoted line
