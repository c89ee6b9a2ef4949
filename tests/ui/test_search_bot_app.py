"""The search bot in the app (issue 44, point 5): it thinks on a worker with a "thinking" line
and a bar, and undoing or leaving during its think cancels it cleanly."""

from __future__ import annotations

import time

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.widgets.command_line import CommandLine
from tests.ui.helpers import type_command, wait_for

SIZE = (160, 50)


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def greece_sets_up(pilot, app) -> None:
    """Greece's starting quest and two starting resources: then Egypt's bot is to play."""
    for _ in range(3):
        await type_command(pilot, game_screen(app).legal_texts[0])


def started(tmp_path, think: str, **kw) -> tuple[MonumentsApp, GameSession]:
    config = GameConfig(civs=("greece", "egypt"), seed=3)
    session = GameSession.new(config, seats=("human", think), saves_dir=tmp_path, **kw)
    return MonumentsApp(saves_dir=tmp_path, pace="instant"), session


async def test_a_long_think_shows_a_thinking_line_and_undo_cancels_it(tmp_path):
    app, session = started(tmp_path, "search:8s", teaching=True)  # teaching: undo reaches back past a bot's turn
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await greece_sets_up(pilot, app)  # then Egypt's search bot thinks for 8 s
        screen = game_screen(app)
        line = screen.query_one(CommandLine)
        await wait_for(pilot, lambda: line.message.startswith("search:8s is thinking... ["))
        asked = time.monotonic()
        await pilot.press("ctrl+z")  # take back Greece's last resource: the think is cancelled
        await wait_for(pilot, lambda: not screen._bot_busy, timeout=3.0)
        assert time.monotonic() - asked < 3.0  # well before its 8 s were up
        await pilot.pause(0.2)
        assert len(session.history()) == 2 and session.state.pending.seat == 0  # the bot's answer was dropped


async def test_the_search_bot_plays_its_seat_in_the_app(tmp_path):
    app, session = started(tmp_path, "search:0.05s")
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await greece_sets_up(pilot, app)
        await wait_for(pilot, lambda: len(session.history()) >= 4)
        assert session.history()[3].seat == 1  # Egypt's starting quest, chosen by the bot


async def test_leaving_during_a_think_is_clean(tmp_path):
    app, session = started(tmp_path, "search:5s")
    async with app.run_test(size=SIZE) as pilot:
        app.start_session(session)
        await pilot.pause()
        await greece_sets_up(pilot, app)
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen._bot_busy)
        asked = time.monotonic()
        app.exit()
    assert time.monotonic() - asked < 4.0  # the worker stopped with the screen, not after its 5 s
    assert len(session.history()) == 3


async def test_the_new_game_form_offers_the_search_bot_with_its_think_time(tmp_path):
    from monuments_tui.ui.screens.new_game import NewGameScreen

    app = MonumentsApp(start="new", saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#seat-1").value = "search:0.3s"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert game_screen(app).session.seats == ("human", "search:0.3s")
        assert game_screen(app).session.header.seats == ("human", "search:0.3s")  # kept in the save
