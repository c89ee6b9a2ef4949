"""The new-game form's "over the network" (issue 42, "Serve and join"): the game is made on a
server (one the app starts on 127.0.0.1 with a port the system picks, or one named), its codes
are shown to copy, then the host's own seat opens; a server's refusal is said, and nothing opens."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.invites import InvitesScreen
from monuments_tui.ui.screens.net_game import NetGameScreen
from monuments_tui.ui.screens.new_game import NewGameScreen
from tests.net_helpers import running_server, wait_until

pytestmark = pytest.mark.timeout(120)


async def _fill(app, pilot, *, server: str = "", key: str = "", seat_1: str = "heuristic") -> None:
    await wait_until(lambda: isinstance(app.screen, NewGameScreen) and app.screen.query("#where"), what="the form")
    form = app.screen
    form.query_one("#where", Select).value = "network"
    form.query_one("#seat-1", Select).value = seat_1
    form.query_one("#server", Input).value = server
    form.query_one("#host-key", Input).value = key
    await pilot.pause()
    assert form.query_one("#server").parent.display, "the server's row is shown for a network game"
    await pilot.press("ctrl+s")


async def test_the_form_hosts_on_a_server_of_its_own_and_opens_the_hosts_seat(tmp_path):
    app = MonumentsApp(start="new", saves_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _fill(app, pilot, seat_1="human")
        await wait_until(lambda: isinstance(app.screen, InvitesScreen), seconds=60, what="the codes")
        invites = app.screen
        shown = str(invites.query_one("#invite-codes").render())
        assert "seat 0 (Greece): monuments join" in shown and "seat 1 (Egypt)" in shown and "watch:" in shown
        assert invites.server.startswith("127.0.0.1:") and not invites.server.endswith(":8765")
        server = app.local_server
        games = list((tmp_path / "server").glob("*.net.json"))
        assert len(games) == 1, "the game is kept where monuments serve keeps its games"
        await pilot.press("w")
        written = (tmp_path / f"invites-{invites.invites.game}.txt").read_text()
        assert (
            written.count("monuments join") == 3
            and (tmp_path / f"invites-{invites.invites.game}.txt").stat().st_mode & 0o077 == 0
        )
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, NetGameScreen), seconds=60, what="the host's seat")
        screen = app.screen
        assert screen.remote.role == "seat" and screen.remote.seat == 0 and server is app.local_server
        assert screen.session.config.seed == 0, "the seed the server picked is never sent to a seat"


async def test_the_form_hosts_on_a_named_server_with_its_key(tmp_path):
    async with running_server(tmp_path / "games", host_key="river-delta-42") as (server, address):
        app = MonumentsApp(start="new", saves_dir=tmp_path / "saves")
        async with app.run_test(size=(120, 40)) as pilot:
            await _fill(app, pilot, server=address, key="wrong-key-1")
            await wait_until(
                lambda: any("host key" in str(n.message) for n in app._notifications), seconds=60, what="the refusal"
            )
            assert not server.games and app.local_server is None
            app.open_new_game()
            await _fill(app, pilot, server=address, key="river-delta-42")
            await wait_until(lambda: isinstance(app.screen, InvitesScreen), seconds=60, what="the codes")
            assert len(server.games) == 1
            hosted = next(iter(server.games.values()))
            assert hosted.session.seats == ("human", "heuristic")
            await pilot.press("enter")
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), seconds=60, what="the host's seat")
            assert app.local_server is None, "a named server is used, none is started"
