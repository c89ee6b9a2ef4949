"""`monuments join CODE` and the title's network games: connect to a game on a server and open it in the game screen."""

from __future__ import annotations

from monuments_tui.net.client import Client, ServerGone
from monuments_tui.net.roster import remember
from monuments_tui.ui.dialogs.common import AskDialog
from monuments_tui.ui.screens.net_game import NetGameScreen
from monuments_tui.ui.screens.network_games import NetworkGamesScreen

__all__ = ["NetworkGamesScreen", "join_game"]


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
