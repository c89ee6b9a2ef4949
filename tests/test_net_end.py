"""A network client at the end of a game (issue 42, "Clients are the app"): the end screen with its
score chart, the replay of the seat's own line, and a saved copy that is the record of what the seat
saw, over a game played to its end on a server on 127.0.0.1."""

from __future__ import annotations

import pytest

from monuments_tui.net.client import host_game
from monuments_tui.net.messages import NewGame
from monuments_tui.net.views import seat_view
from monuments_tui.records.text_import import RecordError, import_game
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.end import EndScreen
from monuments_tui.ui.screens.net_game import NetGameScreen
from monuments_tui.ui.screens.replay import ReplayScreen
from tests.net_helpers import running_server, wait_until

pytestmark = pytest.mark.timeout(600)


async def test_the_end_screen_replay_and_copy_on_a_client(tmp_path):
    async with running_server(tmp_path / "games") as (server, address):
        # the bots play on the server (seconds when idle; minutes on a loaded machine); the client is
        # a spectator's, as filtered as a seat's
        invites = await host_game(
            address, NewGame(civs=("greece", "egypt"), seats=("random", "heuristic"), seed=918273645)
        )
        hosted = server.games[invites.game]
        await wait_until(lambda: hosted.session.state.pending is None, seconds=400, what="the bots to finish")
        app = MonumentsApp(start="join", saves_dir=tmp_path / "saves", join=(address, invites.codes["watch"], ""))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(lambda: isinstance(app.screen, EndScreen), seconds=60, what="the end screen")
            end = app.screen
            chart = end.query_one("#chart")  # its text: below the fold in a small terminal
            await wait_until(
                lambda: "Score over the game" in str(getattr(chart.content, "renderable", "")), what="the chart"
            )
            assert "Greece" in str(chart.content.renderable) and "Egypt" in str(chart.content.renderable)
            # the replay: the seat's own line, every step, as it saw them; no game is played on from it
            await pilot.press("r")
            await wait_until(lambda: isinstance(app.screen, ReplayScreen), what="the replay")
            replay = app.screen.replay
            assert len(replay.steps) == hosted.line() and replay.seen_by.seat is None
            replay.to_end()
            assert replay.state == seat_view(hosted.session.state, None), "the whole final state (but the seed)"
            replay.goto(len(replay.steps) // 2)
            held = [q for p in replay.state.players for q in p.quests]
            assert held and set(held) == {"hidden"}, "the quests held stay hidden mid-game"
            await pilot.press("escape")
            # e: the record of the seat's view, with no seed and nothing hidden named
            await pilot.press("e")
            record = tmp_path / "saves" / f"{invites.game}-spectator.txt"
            await wait_until(record.exists, what="the record")
            text = record.read_text()
            assert (
                '[View "a spectator\'s"]' in text
                and "[Seed" not in text
                and str(hosted.session.config.seed) not in text
            )
            assert f'[Date "{hosted.session.header.created}"]' in text and hosted.session.header.created
            with pytest.raises(RecordError, match="view of a network game"):
                import_game(text)
            # ctrl+s on the board: the same record, where the player says
            await pilot.press("b")
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the board")
            await pilot.press("ctrl+s")
            await pilot.pause()
            copy = tmp_path / "copy.jsonl"
            app.screen.query_one("Input").value = str(copy)
            await pilot.press("enter")
            await wait_until((tmp_path / "copy.txt").exists, what="the copy")
            assert (tmp_path / "copy.txt").read_text() == text
