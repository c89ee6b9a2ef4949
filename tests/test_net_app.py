"""`monuments join`: the app as a client of a server on loopback (issue 42, "Serve and join").

The same game screen, with commands sent to the server; a refusal comes back with the
rule's reason and changes nothing; a spectator's screen cannot play.
"""

from __future__ import annotations

import pytest

from monuments_tui.net.messages import Ack, NewGame
from monuments_tui.ui.app import MonumentsApp
from monuments_tui.ui.screens.net_game import NetGameScreen
from tests.net_helpers import running_server, wait_until

pytestmark = pytest.mark.timeout(120)


async def _hosted(address: str, seats=("human", "heuristic"), **options):
    from monuments_tui.net.client import host_game

    return await host_game(address, NewGame(civs=("greece", "egypt"), seats=seats, seed=4242, **options))


async def test_a_joined_app_plays_on_the_server(tmp_path):
    async with running_server(tmp_path / "games") as (server, address):
        invites = await _hosted(address)
        hosted = server.games[invites.game]
        app = MonumentsApp(start="join", saves_dir=tmp_path / "saves", join=(address, invites.codes["seat 0"], "Ann"))
        async with app.run_test(size=(140, 45)) as pilot:
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the game screen")
            screen = app.screen
            assert screen.can_type()
            quest = hosted.session.state.pending.options[0]
            screen.command_line.input.value = "play nonsense"
            await pilot.press("enter")
            await wait_until(lambda: "not possible" in screen.command_line.message, what="the refusal")
            assert hosted.line() == 0, "a refused command changed the game"
            screen.command_line.input.value = f"startquest {quest}"
            await pilot.press("enter")
            await wait_until(lambda: hosted.line() == 1 and len(screen.session.history()) == 1, what="the step")
            assert screen.session.state.players[0].quests == [quest]
            assert "Greece ●" in str(app.screen.query_one("#status").render())


async def test_a_spectator_cannot_play(tmp_path):
    async with running_server(tmp_path / "games") as (server, address):
        invites = await _hosted(address)
        hosted = server.games[invites.game]
        app = MonumentsApp(start="join", saves_dir=tmp_path / "saves", join=(address, invites.codes["watch"], ""))
        async with app.run_test(size=(140, 45)) as pilot:
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the game screen")
            screen = app.screen
            assert not screen.can_type()
            assert all(q == "hidden" for q in screen.session.state.pending.options)
            screen.command_line.input.value = f"startquest {hosted.session.state.pending.options[0]}"
            await pilot.press("enter")
            await pilot.pause()
            assert hosted.line() == 0


async def test_a_wrong_code_says_so(tmp_path):
    async with running_server(tmp_path / "games") as (_server, address):
        invites = await _hosted(address)
        wrong = invites.game + "-" + "A" * 22
        app = MonumentsApp(start="join", saves_dir=tmp_path / "saves", join=(address, wrong, ""))
        async with app.run_test(size=(140, 45)) as pilot:
            await wait_until(lambda: any("no game" in str(n.message) for n in app._notifications), what="the message")
            await pilot.pause()
            assert not isinstance(app.screen, NetGameScreen)


async def test_a_teachers_move_appears_in_the_students_line(tmp_path):
    from monuments_tui.net.client import Client, host_game

    async with running_server(tmp_path / "games") as (server, address):
        invites = await host_game(
            address, NewGame(civs=("greece", "egypt"), seats=("human", "heuristic"), seed=7, teachers=(0,))
        )
        hosted = server.games[invites.game]
        quest = hosted.session.state.pending.options[0]
        student = MonumentsApp(start="join", saves_dir=tmp_path / "s", join=(address, invites.codes["seat 0"], "Kim"))
        teacher = Client(address, invites.codes["teacher 0"], name="Ms Lee")
        async with student.run_test(size=(140, 45)) as pilot:
            await wait_until(lambda: isinstance(student.screen, NetGameScreen), what="the student's screen")
            await teacher.connect()
            assert teacher.mirror.state.pending.options == hosted.session.state.pending.options
            assert isinstance(await teacher.request("suggest", f"startquest {quest}"), Ack)
            line = student.screen.command_line
            await wait_until(lambda: line.input.value == f"startquest {quest}", what="the suggestion in the line")
            assert "Ms Lee suggests" in line.message
            await pilot.press("enter")
            await wait_until(lambda: hosted.line() == 1, what="the student playing it")
        await teacher.close()


async def test_another_seats_hidden_quest_is_drawn_and_the_screen_follows(tmp_path):
    """Seat 1's screen after seat 0 keeps a starting quest (hidden to seat 1): it draws the step,
    and goes on drawing the next ones (a failure to draw once stopped the connection's reader)."""
    import random

    from monuments_tui.net.client import Client
    from tests.net_helpers import chosen_move

    async with running_server(tmp_path / "games") as (server, address):
        invites = await _hosted(address, seats=("human", "human"))
        hosted = server.games[invites.game]
        app = MonumentsApp(start="join", saves_dir=tmp_path / "saves", join=(address, invites.codes["seat 1"], "Bob"))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the game screen")
            screen = app.screen
            other = Client(address, invites.codes["seat 0"])
            await other.connect()
            rnd = random.Random(1)
            for n in range(1, 4):
                assert isinstance(await other.play(chosen_move(server, invites.game, rnd)), Ack)
                await wait_until(lambda n=n: len(screen.session.history()) == n, what="the step")
                await pilot.pause()
                if n == 1:  # Greece still to move (its starting resources): the screen stays Egypt's own
                    assert hosted.session.state.pending.seat == 0 and screen.viewer == 1, screen.viewer
            await pilot.pause()
            assert not screen.client._reader.done(), "the connection stopped reading"
            assert screen.session.state.players[0].quests == ["hidden"]
            status = str(screen.query_one("#status").render())
            assert hosted.session.prompt().split(":")[0] in status
            title = str(screen.board.query_one("QuestsPane").border_title)
            assert "Quests · Egypt" in title and screen.viewer == 1, (title, screen.viewer)
            await other.close()


async def test_the_status_line_says_when_the_connection_is_lost(tmp_path):
    async with running_server(tmp_path / "games") as (_server, address):
        invites = await _hosted(address)
        app = MonumentsApp(start="join", saves_dir=tmp_path / "saves", join=(address, invites.codes["seat 0"], "Ann"))
        async with app.run_test(size=(120, 40)):
            await wait_until(lambda: isinstance(app.screen, NetGameScreen), what="the game screen")
            screen = app.screen
            screen.client.auto_resume = False  # it stays away until the test brings it back
            await screen.client.drop()
            status = screen.query_one("#status")
            await wait_until(lambda: "connection lost" in str(status.render()), what="the status line to say so")
            await screen.client.connect()
            await wait_until(lambda: "Greece ●" in str(status.render()), what="the status line to say it is back")
