"""Pilot tests: the replay screen as an analysis board, and looking before playing in a game.

[issue 20, points 1, 2, 4 and 5]
"""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from monuments_tui.game.replay import changes_since
from monuments_tui.rules import format_command
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.dialogs.common import AskDialog
from monuments_tui.ui.dialogs.play_from_here import PlayFromHereDialog
from monuments_tui.ui.dialogs.report import ReportDialog
from monuments_tui.ui.screens.game import GameScreen
from monuments_tui.ui.screens.replay import ReplayScreen
from monuments_tui.ui.widgets.command_line import CommandInput
from monuments_tui.ui.widgets.move_list import MoveList
from tests.ui.helpers import screen_text, type_command, wait_for

SIZE = (160, 50)
TWO = Path(__file__).parent.parent.parent / "saves" / "examples" / "two-players.jsonl"


def replay_app(tmp_path) -> MonumentsApp:
    save = tmp_path / "two-players.jsonl"
    shutil.copy(TWO, save)
    return MonumentsApp(start="replay", file=save, saves_dir=tmp_path, pace="instant")


def report_text(app) -> str:
    dialog = app.screen
    assert isinstance(dialog, ReportDialog)
    return "\n".join([dialog.heading, *dialog.lines])


async def test_every_navigation_key_moves_the_replay(tmp_path):
    app = replay_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        r = screen.replay
        end = len(r.steps)
        await pilot.press("right", "right", "right")
        assert r.position == 3
        await pilot.press("left")
        assert r.position == 2
        await pilot.press("down")  # a step, as in a move list [issue 43]
        assert r.position == 3
        await pilot.press("up", "up")
        assert r.position == 1
        await pilot.press("end")
        assert r.position == end
        await pilot.press("home")
        assert r.position == 0
        await pilot.press("shift+right")
        assert r.position == r.turn_position(1)
        await pilot.press("shift+right")
        assert r.position == r.turn_position(2)
        await pilot.press("shift+left")
        assert r.position == r.turn_position(1)
        await pilot.press("ctrl+right")
        assert r.position == r.round_position(2) and r.round == 2
        await pilot.press("ctrl+right")
        assert r.round == 3
        await pilot.press("ctrl+left")
        assert r.position == r.round_position(2)


async def _go(pilot, answer: str) -> None:
    await pilot.press("g")
    assert isinstance(pilot.app.screen, AskDialog)
    pilot.app.screen.query_one("#answer").value = answer
    await pilot.press("enter")
    await pilot.pause()


async def test_g_takes_a_turn_a_round_or_a_step_and_refuses_anything_else(tmp_path):
    app = replay_app(tmp_path)
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, *a, **k: (said.append(message), notify(message, *a, **k))[1]
    async with app.run_test(size=SIZE) as pilot:
        r = app.screen.replay
        await _go(pilot, "50")
        assert r.position == r.turn_position(50) and r.turn == 50
        await _go(pilot, "r10")
        assert r.position == r.round_position(10) and r.round == 10
        await _go(pilot, "t12")
        assert r.turn == 12
        await _go(pilot, "s120")
        assert r.position == 120
        assert "step 120/524" in screen_text(app)
        await _go(pilot, "r1x")
        assert r.position == 120  # a refusal does not move
        assert any("'r1x' is not a place in this game: write a turn (50 or t50" in s for s in said)
        assert app.last_error is None


async def test_the_move_list_follows_the_position_and_jumps_on_enter_and_click(tmp_path):
    app = replay_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        r = screen.replay
        moves = screen.query_one(MoveList)
        assert moves.has_focus and moves.position == 0
        await pilot.press("right", "right", "right")
        assert moves.position == 3  # the highlight follows the steps
        await pilot.press("ctrl+right")
        assert moves.position == r.position
        moves.highlighted = moves._index_of[40]  # moved through the list (PageUp/PageDown, the mouse wheel)
        assert r.position != 40
        await pilot.press("enter")
        assert r.position == 40 and moves.position == 40
        await pilot.press("home")
        await pilot.pause()
        # Row 1 is the start, row 2 the set-up heading, row 3 the first step (inside the border).
        await pilot.click(MoveList, offset=(10, 3))
        await pilot.pause()
        assert r.position == 1 and moves.position == 1
        await pilot.click(MoveList, offset=(10, 2))  # a heading is not a position: nothing moves
        await pilot.pause()
        assert r.position == 1


async def test_the_end_of_the_game_shows_the_final_scores_line_by_line(tmp_path):
    app = replay_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "left")
        assert "Final scores" not in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "Final scores" in text and "Greece wins with 84 VP" in text
        for line in ("Monument layers", "Upgraded cards", "Total", "tie-break: layers"):
            assert line in text
        await pilot.press("p")  # nothing to play on from the end of a finished game
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("home")
        await pilot.pause()
        assert "Final scores" not in screen_text(app)


async def test_d_shows_what_changed_since_the_turn_began(tmp_path):
    app = replay_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        r = app.screen.replay
        await _go(pilot, "t20")
        await pilot.press("right", "right")
        await pilot.press("d")
        text = report_text(app)
        assert text.startswith(f"From {r.place_words(r.turn_position(20))} to {r.place_words(r.position)}")
        assert len(text.splitlines()) > 1
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)


async def test_play_from_here_asks_who_plays_and_a_bot_moves_only_once_the_game_screen_is_open(tmp_path, monkeypatch):
    mounted: list[int] = []
    on_mount = GameScreen.on_mount

    def recording(self):
        mounted.append(len(self.session.history()))
        on_mount(self)

    monkeypatch.setattr(GameScreen, "on_mount", recording)
    app = replay_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        r = app.screen.replay
        await _go(pilot, "t30")
        assert r.state.pending.seat == 1  # turn 30 is Egypt's: Greece (a bot now) plays after it
        branch_at = r.position
        await pilot.press("p")
        dialog = app.screen
        assert isinstance(dialog, PlayFromHereDialog)
        assert dialog.query_one("#seat-1").value == "human"  # the seat to move is offered to a person
        dialog.query_one("#seat-0").value = "random"
        dialog.query_one("#teaching").value = True
        await pilot.press("enter")  # Play from here
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert game.session.seats == ("random", "human") and game.session.teaching
        assert game.session.header.parent == "two-players.jsonl" and game.session.header.parent_step == branch_at
        assert mounted == [branch_at]  # nothing was played before the game screen opened
        await pilot.pause()
        assert len(game.session.history()) == branch_at and game.can_type()  # the person's move: it waits
        assert game._bot_timer is None and not game._bot_busy  # no bot step is due
        await type_command(pilot, game.legal_texts[0])
        await wait_for(
            pilot, lambda: game.session.state.pending.seat == 1 or len(game.session.history()) > branch_at + 20
        )
        assert len(game.session.history()) > branch_at  # then the bot plays its seat


async def test_in_play_a_preview_shows_what_a_command_would_do_and_f8_what_changed(tmp_path):
    app = replay_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _go(pilot, "t31")
        await pilot.press("p")
        dialog = app.screen
        dialog.query_one("#seat-0").value = "human"
        dialog.query_one("#seat-1").value = "human"
        dialog.query_one("#teaching").value = True  # two people and teaching: no curtain between them
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        state = msgspec.msgpack.encode(game.session.state)
        steps = len(game.session.history())
        command = format_command(game.session.legal()[0])
        await type_command(pilot, f"preview {command}")
        text = report_text(app)
        assert text.startswith(f"{command}: what it would do (not played)") and " spends " in text
        await pilot.press("escape")
        assert app.screen.query_one(CommandInput).value == command  # ready to be played with Enter
        assert msgspec.msgpack.encode(game.session.state) == state and len(game.session.history()) == steps
        app.screen.query_one(CommandInput).value = "play nothing at all"
        await pilot.press("f10")
        assert "cannot be played" in report_text(app) or "would be refused" in report_text(app)
        await pilot.press("escape")
        await pilot.press("f8")
        moves = steps - changes_since(game.session.history(), steps)
        assert report_text(app).startswith(f"Over the last {moves} moves, up to now")
        await pilot.press("escape")
        assert app.last_error is None


async def test_in_hot_seat_f8_does_not_show_another_seats_quests(tmp_path):
    from monuments_tui.ui.dialogs.common import Curtain
    from monuments_tui.ui.screens.new_game import Prefill

    prefill = Prefill(civs=("greece", "egypt"), seed=3, seats=("human", "human"), teaching=False)
    app = MonumentsApp(start="new", saves_dir=tmp_path, prefill=prefill, autostart=True, pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Curtain))
        await pilot.press("enter")  # Greece at the keyboard
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await type_command(pilot, game.legal_texts[0])  # Greece keeps a starting quest [l.154]
        kept = game.session.state.players[0].quests[0]
        while not isinstance(app.screen, Curtain):
            await type_command(pilot, game.legal_texts[0])
        await pilot.press("enter")  # Egypt at the keyboard
        assert game.viewer == 1
        await pilot.press("f8")
        text = report_text(app)
        assert "Greece now holds 1 hidden quest(s)" in text and kept not in text
