"""`monuments join CODE` and the title's network games: connect to a game on a server and open it in the game screen."""

from __future__ import annotations

from monuments_tui.net.client import Client, ServerGone
from monuments_tui.net.roster import remember
from monuments_tui.ui.screens.net_game import NetGameScreen
from monuments_tui.ui.screens.network_games import NetworkGamesScreen

__all__ = ["NetworkGamesScreen", "join_game"]


async def join_game(app, server: str, code: str, name: str = "") -> None:
    """Connect with `code` and show the game, or say why not (on the title screen)."""
    client = Client(server, code, name=name, auto_resume=True)
    try:
        await client.connect()
    except ServerGone as exc:
        await client.close()
        app.notify(f"{exc}", title="Cannot join the game", severity="error", timeout=20)
        return
    remember(app.saves_dir, client)
    app.goto_title()
    screen = NetGameScreen(client)
    app.sessions.append(screen.session)
    app.push_screen(screen)
