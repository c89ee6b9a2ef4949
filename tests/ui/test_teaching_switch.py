"""Pilot tests: switching teaching mode on mid-game asks first, and the log says so for
every player, at its place, also after the game is loaded again (issue 19, point 7)."""

from __future__ import annotations

from monuments_tui.saves.format import TeachingRecord
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import ConfirmDialog
from monuments_tui.ui.palette import LegalCommands
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.widgets.panes import LogPane
from tests.ui.helpers import screen_text, wait_for
from tests.ui.test_app import SIZE, game_app, game_screen, notes_of, play_first_legal

SWITCHED_ON = "Teaching mode switched on at round"


def log_text(app) -> list[str]:
    return [line.text.strip() for line in game_screen(app).query_one(LogPane).lines]


async def switch_on_from_the_palette(pilot) -> None:
    screen = game_screen(pilot.app)
    hits = [hit async for hit in LegalCommands(screen).search("teaching")]
    assert len(hits) == 1
    hits[0].command()
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
    await pilot.pause()


async def test_switching_teaching_on_asks_first_and_no_keeps_it_off(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_first_legal(pilot, 4)
        await switch_on_from_the_palette(pilot)
        question = app.screen.question
        assert "Teaching mode" in screen_text(app)
        assert "every player's hand and quests are open" in question and "any step can be undone" in question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not screen.session.teaching
        assert not any(isinstance(r, TeachingRecord) for r in screen.session.records())
        assert not any(SWITCHED_ON in line for line in log_text(app))


async def test_the_log_says_when_teaching_was_switched_on_and_keeps_it_after_loading(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        notes = notes_of(app)
        await play_first_legal(pilot, 8)
        session = screen.session
        before = session.history()[-1]
        await switch_on_from_the_palette(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert session.teaching
        said = f"{SWITCHED_ON} {session.state.round}: every hand is open"
        assert any(said in n for n in notes)
        lines = log_text(app)
        assert lines[-1].startswith(said)  # at the end: after the step played before it
        assert before.text in lines[-2] or before.text in lines[-3]
        path = session.path
    session.close()
    again = MonumentsApp(start="load", file=path, saves_dir=tmp_path, pace="instant")
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: game_screen(again).can_type())
        assert game_screen(again).session.teaching
        await play_first_legal(pilot, 1)
        lines = log_text(again)
        mark = next(i for i, line in enumerate(lines) if line.startswith(said))
        played_after = game_screen(again).session.history()[-1]
        assert any(played_after.text in line for line in lines[mark + 1 :])  # later steps come after it
        assert any(before.text in line for line in lines[:mark])


async def test_switching_teaching_off_needs_no_question_and_is_logged_too(tmp_path):
    app = game_app(tmp_path, teaching=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await play_first_legal(pilot, 2)
        screen.action_toggle_teaching()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not screen.session.teaching
        assert log_text(app)[-1].startswith("Teaching mode switched off during set-up")
