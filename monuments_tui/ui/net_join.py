"""`monuments join CODE`, the title's network games and the new-game form's "over the network":
make a game on a server (one this app starts, when none is named), connect to a game on a server
and open it in the game screen."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from monuments_tui.net.client import Client, ServerGone, host_game as host_on
from monuments_tui.net.messages import NewGame
from monuments_tui.net.roster import remember
from monuments_tui.net.server import GameServer, make_app
from monuments_tui.ui.dialogs.common import AskDialog
from monuments_tui.ui.screens.invites import InvitesScreen
from monuments_tui.ui.screens.net_game import NetGameScreen
from monuments_tui.ui.screens.network_games import NetworkGamesScreen

__all__ = ["NetworkGamesScreen", "host_game", "join_game"]

LOCAL = "127.0.0.1"


async def local_server(app) -> str:
    """The address of the game server this app runs on 127.0.0.1 (started on first use, on a port the
    system picks; its games are kept in SAVES/server, the folder `monuments serve` uses too)."""
    if app.local_server is None:
        server = GameServer(Path(app.saves_dir) / "server")
        runner = web.AppRunner(make_app(server), handle_signals=False)
        await runner.setup()
        await web.TCPSite(runner, LOCAL, 0).start()
        app.local_server = runner
    host, port = app.local_server.addresses[0][:2]
    return f"{host}:{port}"


async def host_game(app, choice) -> None:
    """The form's game made on a server: its codes shown, then the host's own seat opened (or, when
    every seat is a bot's, the game watched). A refusal is said on the form's title screen."""
    net = choice.network
    config = choice.config
    humans = tuple(s for s, who in enumerate(choice.seats) if who == "human")
    new = NewGame(
        civs=config.civs,
        seats=choice.seats,
        mode=config.mode,
        seed=None if net.secret_seed else config.seed,
        solo=config.solo,
        teaching=choice.teaching,
        hints=choice.hints,
        teachers=humans if net.teachers else (),
        key=net.key,
        options=config.options,
    )
    try:
        server = net.server or await local_server(app)
        invites = await host_on(server, new)
    except (ServerGone, OSError) as exc:
        app.notify(str(exc), title="Cannot start the game over the network", severity="error", timeout=20)
        return
    own = f"seat {humans[0]}" if humans else "watch"

    def chosen(open_it: bool | None) -> None:
        if open_it:
            app.join_network_game(server, invites.codes[own])
        else:
            app.goto_title()

    app.goto_title()
    app.push_screen(InvitesScreen(invites, server, config.civs, own, local=not net.server), chosen)


def ask_for_code(app, server: str, name: str = "") -> None:
    """`monuments join` without a code (and each browser tab of `serve --web`): ask for it, then join."""

    def answered(code: str | None) -> None:
        if code:
            app.join_network_game(server, code, name)

    question = f"Your invite or watch code for the game on {server}:"
    app.push_screen(
        AskDialog(question, placeholder="e.g. wullbz0r-OzoE5AfQ1SIy0jKG1yAqFA", title="Join a game"), answered
    )


async def join_game(app, server: str, code: str, name: str = "") -> None:
    """Connect with `code` and show the game, or say why not (on the title screen)."""
    if not code.strip():
        ask_for_code(app, server, name)
        return
    client = Client(server, code, name=name, auto_resume=True)
    try:
        await client.connect()
    except ServerGone as exc:
        await client.close()
        app.notify(f"{exc}", title="Cannot join the game", severity="error", timeout=20)
        ask_for_code(app, server, name)
        return
    remember(app.saves_dir, client)
    app.goto_title()
    screen = NetGameScreen(client)
    app.sessions.append(screen.session)
    app.push_screen(screen)
