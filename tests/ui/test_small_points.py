"""The smaller points of seeing where you stand, each checked as a player meets it."""

from __future__ import annotations

import pytest

from monuments_tui.ui.dialogs.common import TooSmall
from tests.ui.helpers import screen_text
from tests.ui.test_app import game_app


@pytest.mark.parametrize("size", [(79, 24), (60, 15), (40, 10), (30, 8), (20, 5)])
async def test_the_too_small_message_never_cuts_off_the_size_it_asks_for(tmp_path, size):
    app = game_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        shown = screen_text(app)
        assert "80x24" in shown
        assert f"{size[0]}x{size[1]}" in shown


def test_the_set_up_marks_the_seat_choosing_as_to_play():
    from rich.console import Console

    from monuments_tui.rules import decide, fold, legal_commands
    from monuments_tui.ui import pane_text
    from tests.helpers import start

    state = start()
    while state.pending.seat == 0:  # Greece's set-up choices, then Egypt's
        state = fold(state, decide(state, legal_commands(state)[0]))
    assert state.phase == "setup" and state.current != 1  # the turn order has not begun
    console = Console(width=34, color_system=None, record=True)
    console.print(pane_text.players_summary(state))
    rows = console.export_text().splitlines()
    assert next(r for r in rows if "Egypt" in r).startswith(">E")
    assert not next(r for r in rows if "Greece" in r).startswith(">")


async def test_the_new_game_form_names_the_coachs_key(tmp_path):
    from monuments_tui.ui.app import MonumentsApp

    app = MonumentsApp(start="new", saves_dir=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert "(hint, or f9)" in shown and "f7)" not in shown


def unfinished_hot_seat(tmp_path, steps: int = 12):
    from monuments_tui.game.session import GameSession
    from monuments_tui.rules import GameConfig

    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "human"), saves_dir=tmp_path
    )
    while len(session.history()) < steps or session.history()[-1].seat != 1:
        session.execute(session.legal()[0])
    session.close()
    return session


async def test_replay_of_an_unfinished_hot_seat_game_opens_on_the_last_players_view(tmp_path):
    from monuments_tui.ui.app import MonumentsApp
    from monuments_tui.ui.screens.replay import ReplayScreen

    session = unfinished_hot_seat(tmp_path)
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.view_seat == 1  # Egypt played last: Greece's quests stay hidden
        assert "view: Egypt" in screen_text(app)
        await pilot.press("e")  # everything, one key away, with a warning
        await pilot.pause()
        assert screen.view_seat is None
        assert any("only if nobody else is looking" in n.message for n in app._notifications)
        await pilot.press("e")
        assert screen.view_seat == 1


async def test_replay_up_and_down_step_home_and_end_jump(tmp_path):
    from monuments_tui.ui.app import MonumentsApp

    session = unfinished_hot_seat(tmp_path)
    app = MonumentsApp(start="replay", file=session.path, saves_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        r = app.screen.replay
        await pilot.press("down", "down")
        assert r.position == 2
        await pilot.press("up")
        assert r.position == 1
        await pilot.press("end")
        assert r.position == len(r.steps)
        await pilot.press("home")
        assert r.position == 0


async def test_panes_start_at_their_top_after_a_resize(tmp_path):
    from monuments_tui.ui.widgets.panes import HandPane, PlayersPane
    from tests.ui.test_coach_app import game_screen, hinted_app

    app, session = hinted_app(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        app.start_session(session)
        await pilot.pause()
        screen = game_screen(app)
        for pane in (screen.query_one(HandPane), screen.query_one(PlayersPane)):
            pane.scroll_to(y=8, animate=False)
        await pilot.pause()
        assert screen.query_one(PlayersPane).scroll_offset.y > 0
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(HandPane).scroll_offset.y == 0
        assert screen.query_one(PlayersPane).scroll_offset.y == 0


def test_the_load_list_tells_games_of_the_same_set_up_apart(tmp_path):
    import os

    from monuments_tui.game.session import GameSession
    from monuments_tui.rules import GameConfig
    from monuments_tui.ui.saves_list import cell_text, list_saves

    for steps, when in ((0, 1_700_000_000), (9, 1_700_100_000)):
        session = GameSession.new(
            GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "human"), saves_dir=tmp_path
        )
        for _ in range(steps):
            session.execute(session.legal()[0])
        session.close()
        os.utime(session.path, (when, when))
    newest, oldest = list_saves(tmp_path)
    rows = [tuple(cell_text(s, key) for key in ("civs", "round", "status", "played")) for s in (newest, oldest)]
    assert rows[0] != rows[1]
    assert oldest.status == "set-up · Greece to play"
    assert newest.to_play in ("Greece", "Egypt") and newest.status.endswith(f"{newest.to_play} to play")
    assert newest.played[:4].isdigit() and newest.played != oldest.played  # a date each
