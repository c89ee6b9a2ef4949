"""Correspondence games (issue 42): a time limit in days per move, shown to every seat, and what
happens when it runs out; the title screen's list of the network games joined, with whose move it is."""

from __future__ import annotations

import pytest

from monuments_tui.net.client import host_game
from monuments_tui.net.hosted import DAY
from monuments_tui.net.messages import NewGame
from monuments_tui.net.roster import read_roster
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.net_game import NetGameScreen
from monuments_tui.ui.screens.network_games import NetworkGamesScreen
from tests.net_helpers import running_server, table, wait_until

pytestmark = pytest.mark.timeout(120)


async def test_a_move_whose_days_run_out_is_played_by_the_bot(tmp_path):
    now = [1_000_000.0]
    async with running_server(tmp_path) as (server, address):
        server.clock = lambda: now[0]
        new = NewGame(civs=("greece", "egypt"), seed=11, move_days=2, timeout_rule="bot")
        game, seats, watch = await table(address, new)
        hosted = server.games[game]
        hosted.moved_at = now[0]
        seat = hosted.session.state.pending.seat
        await wait_until(lambda: all(c.deadline for c in (*seats.values(), watch)), what="the time limit shown")
        for client in (*seats.values(), watch):
            assert client.welcome.move_days == 2 and client.welcome.timeout_rule == "bot"
            assert client.deadline is not None and client.deadline.seat == seat
            assert "bot plays the move" in client.deadline.rule
        now[0] += 1.9 * DAY
        assert await server.check_time_limits() == [] and hosted.line() == 0
        now[0] += 0.2 * DAY
        assert await server.check_time_limits() == [game] and hosted.line() == 1
        assert hosted.session.history()[0].seat == seat
        await wait_until(lambda: all(c.line == 1 for c in (*seats.values(), watch)), what="every seat")
        await wait_until(lambda: all(any("time ran out" in n.text for n in c.notes) for c in (*seats.values(), watch)))
        for client in (*seats.values(), watch):
            await client.close()


async def test_a_time_limit_needs_its_rule(tmp_path):
    from monuments_tui.net.client import ServerGone

    async with running_server(tmp_path) as (_server, address):
        with pytest.raises(ServerGone, match="time limit"):
            await host_game(address, NewGame(civs=("greece", "egypt"), move_days=3))


async def test_the_title_lists_the_games_joined_with_whose_move_it_is(tmp_path):
    async with running_server(tmp_path / "games") as (server, address):
        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seats=("human", "heuristic"), seed=5))
        saves = tmp_path / "saves"
        app = MonumentsApp(start="join", saves_dir=saves, join=(address, invites.codes["seat 0"], ""))
        async with app.run_test(size=(140, 45)) as pilot:
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the game screen")
            [entry] = read_roster(saves)
            assert entry.game == invites.game and entry.seat == 0 and entry.civ == "greece"
            assert (saves / "network-games.json").stat().st_mode & 0o077 == 0, "the codes are readable by others"
            app.goto_title()
            await pilot.press("w")
            await wait_until(lambda: isinstance(app.screen, NetworkGamesScreen), what="the list")
            screen = app.screen
            table_ = screen.query_one("DataTable")
            await wait_until(lambda: "your move" in str(table_.get_row_at(0)[2]), what="whose move")
            assert invites.game in str(table_.get_row_at(0)[0])
            await pilot.press("enter")
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the game again")
            assert server.games[invites.game].line() == 0
