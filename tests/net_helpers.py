"""A game server on the loopback address with a port the system picks, and ways to drive it."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from pathlib import Path

from aiohttp import web

from monuments_tui.game.session import bot_command_for
from monuments_tui.net.client import Client
from monuments_tui.net.messages import NewGame
from monuments_tui.net.server import GameServer, make_app
from monuments_tui.rules.notation import format_command

LOOPBACK = "127.0.0.1"


@contextlib.asynccontextmanager
async def running_server(
    folder: Path, rate: float = 10_000, host_key: str | None = None
) -> AsyncIterator[tuple[GameServer, str]]:
    """A server for the games of `folder` on 127.0.0.1, and its address (host:port); the tests' clients
    play as fast as the server answers, so the rate limit is lifted unless `rate` is given."""
    server = GameServer(folder, rate=rate, burst=int(min(rate, 10_000)), host_key=host_key)
    runner = web.AppRunner(make_app(server), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, LOOPBACK, 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield server, f"{LOOPBACK}:{port}"
    finally:
        await runner.cleanup()


async def wait_until(check, seconds: float = 20.0, what: str = "the condition") -> None:
    """Poll `check()` every 5 ms until it is true, at most `seconds`."""
    for _ in range(int(seconds / 0.005)):
        if check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"waited {seconds} s for {what}")


def chosen_move(server: GameServer, game: str, rnd: random.Random) -> str:
    """A move for the seat to decide now, chosen by the heuristic bot on the server's state (a test's stand-in for a person)."""
    state = server.games[game].session.state
    return format_command(bot_command_for("heuristic", state, rnd))


async def table(
    address: str, new: NewGame, *, watch: bool = True, keep_frames: bool = False
) -> tuple[str, dict[int, Client], Client | None]:
    """Host `new` and connect a client to each person's seat (and a spectator)."""
    from monuments_tui.net.client import host_game

    invites = await host_game(address, new)
    seats = {}
    for what, code in invites.codes.items():
        if what.startswith("seat "):
            client = Client(address, code, name=what, keep_frames=keep_frames)
            await client.connect()
            seats[int(what.split()[1])] = client
    spectator = None
    if watch:
        spectator = Client(address, invites.codes["watch"], name="watcher", keep_frames=keep_frames)
        await spectator.connect()
    return invites.game, seats, spectator
