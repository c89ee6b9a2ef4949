"""Pilot test: in the compact layout a pane hidden behind the map still follows the game, so
that F7 shows it as it is now, not as it was when it was last in sight."""

from __future__ import annotations

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.widgets.board import Board
from monuments_tui.ui.widgets.panes import HandPane
from tests.ui.helpers import type_command, wait_for


def after_set_up(tmp_path) -> GameSession:
    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "human"), saves_dir=tmp_path, teaching=True
    )
    while session.state.phase == "setup":
        session.execute(session.legal()[0])
    session.close()
    return session


async def open_game(pilot) -> GameScreen:
    """The game screen of the app under test, once it is open."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
    return pilot.app.screen


async def show(pilot, pane: str) -> None:
    board = pilot.app.screen.query_one(Board)
    for _ in range(8):
        if board.pane == pane:
            break
        await pilot.press("f7")
    await pilot.pause()
    assert board.pane == pane


async def test_a_hidden_pane_shows_the_game_as_it_is_when_shown_again(tmp_path):
    session = after_set_up(tmp_path)
    app = MonumentsApp(start="load", file=session.path, saves_dir=tmp_path, pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        assert screen.has_class("-compact")
        await show(pilot, "hand")
        hand = screen.query_one(HandPane)
        assert "in play:" not in hand.plain
        await show(pilot, "map")  # the hand pane is hidden while a card is played
        card = next(t for t in screen.legal_texts if t.startswith("play "))
        await type_command(pilot, card)
        await wait_for(pilot, lambda: len(screen.session.history()) > len(session.history()))
        await show(pilot, "hand")
        assert f"in play: {card.removeprefix('play ').capitalize()}" in hand.plain
