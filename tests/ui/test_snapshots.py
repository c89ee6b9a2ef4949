"""Snapshot tests: the look of the main screens at 160x50 (comfortable) and 120x40 (usable);
the game, replay and end screens also at 100x30 and 80x24 (the compact layout).

Fixed seeds, no clocks or dates on screen (the saves folder is the relative "saves").
Update the pictures after an intended change with `pytest tests/ui --snapshot-update`.
"""

from __future__ import annotations

import random

import pytest

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.new_game import Prefill
from monuments_tui.ui.widgets.command_line import CommandInput
from tests.ui.helpers import settle as screen_settled, type_command, wait_for

SIZES = [pytest.param((160, 50), id="160x50"), pytest.param((120, 40), id="120x40")]
EVERY_SIZE = [*SIZES, pytest.param((100, 30), id="100x30"), pytest.param((80, 24), id="80x24")]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


async def settle(pilot) -> None:
    """Wait until no bot is thinking and the person may type; stop the cursor blinking; wait
    until the screen owes nothing."""
    from monuments_tui.ui.screens.game import GameScreen

    screen = pilot.app.screen
    if isinstance(screen, GameScreen):
        await wait_for(pilot, lambda: screen.can_type() or screen.session.state.pending is None)
    for inp in pilot.app.screen.query(CommandInput):
        inp.cursor_blink = False
    await screen_settled(pilot)


def game_app(civs, seats, seed, *, teaching=False):
    prefill = Prefill(civs=civs, seed=seed, seats=seats, teaching=teaching)
    return MonumentsApp(start="new", saves_dir="saves", prefill=prefill, autostart=True, pace="instant")


async def play(pilot, n: int) -> None:
    """Type the first legal command `n` times."""
    from monuments_tui.ui.screens.game import GameScreen

    for _ in range(n):
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        await type_command(pilot, screen.legal_texts[0])
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare, size):
    assert snap_compare(MonumentsApp(saves_dir="saves"), terminal_size=size)


@pytest.mark.parametrize("size", EVERY_SIZE)
def test_two_player_game(snap_compare, size):
    async def run_before(pilot):
        await play(pilot, 9)

    app = game_app(("greece", "egypt"), ("human", "random"), seed=3)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_four_player_game(snap_compare, size):
    async def run_before(pilot):
        await play(pilot, 6)

    app = game_app(("greece", "egypt", "maya", "inca"), ("human", "random", "random", "random"), seed=5)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", EVERY_SIZE)
def test_replay(snap_compare, size, tmp_path):
    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "random"), saves_dir=tmp_path / "saves"
    )
    rnd = random.Random(2)
    for _ in range(50):
        session.execute(rnd.choice(session.legal()))
    session.close()

    async def run_before(pilot):
        await pilot.press("shift+right", "shift+right", "shift+right", "right", "right")
        await pilot.pause()

    app = MonumentsApp(start="replay", file=session.path, saves_dir="saves")
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", [pytest.param((160, 50), id="160x50"), pytest.param((80, 24), id="80x24")])
def test_replay_in_a_side_line(snap_compare, size, tmp_path):
    """A game with a line undone and another played: the side line folded under the move it
    leaves from, then stepped into (the position line names it, P promotes it)."""
    from tests.ui.test_replay_annotations import index_of

    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3),
        seats=("human", "human"),
        saves_dir=tmp_path / "saves",
        teaching=True,  # undo goes past card draws
    )
    rnd = random.Random(4)
    for _ in range(12):
        session.execute(rnd.choice(session.legal()))
    for _ in range(3):
        session.undo()
    undone = session.redo_line[0].command
    session.execute(next(c for c in reversed(session.legal()) if c != undone))
    session.execute(session.legal()[-1])
    session.close()

    async def run_before(pilot):
        from monuments_tui.ui.widgets.board import Board
        from monuments_tui.ui.widgets.move_list import MoveList

        moves = pilot.app.screen.query_one(MoveList)
        for _ in range(8):  # compact: the move list is a pane of its own
            if pilot.app.screen.query_one(Board).pane == moves.id:
                break
            await pilot.press("f7")
        moves.highlighted = index_of(pilot.app, "⤷ side line 1")
        await pilot.press("enter", "right")
        await pilot.pause()

    app = MonumentsApp(start="replay", file=session.path, saves_dir="saves")
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", EVERY_SIZE)
def test_replay_at_the_end_of_a_finished_game(snap_compare, size, tmp_path):
    """The shipped two-player example at its last step: the final scores under the board."""
    import shutil
    from pathlib import Path

    save = tmp_path / "two-players.jsonl"
    shutil.copy(Path(__file__).parent.parent.parent / "saves" / "examples" / "two-players.jsonl", save)

    async def run_before(pilot):
        await pilot.press("end")
        await pilot.pause()

    app = MonumentsApp(start="replay", file=save, saves_dir="saves")
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", EVERY_SIZE)
def test_end_of_game(snap_compare, size):
    from tests.ui.positions import END_COMMANDS, near_end_session

    async def run_before(pilot):
        app = pilot.app
        app.start_session(near_end_session(("human", "random")))
        await pilot.pause()
        for text in END_COMMANDS:
            await type_command(pilot, text)
        await play_bonus(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        chart = app.screen.query_one("#chart")  # below the fold in small terminals: its text, not the screen's
        await wait_for(pilot, lambda: "No score chart" in str(getattr(chart.content, "renderable", "")))
        await pilot.pause()

    async def play_bonus(pilot):
        screen = pilot.app.screen
        await type_command(pilot, screen.legal_texts[0])

    assert snap_compare(MonumentsApp(saves_dir="saves", pace="instant"), terminal_size=size, run_before=run_before)
