"""`monuments serve` and `monuments host`: run a game server, start a game on one.

`serve` binds to the loopback address unless told otherwise: players on other machines
reach it through SSH (README, "Playing over the network"). `host` starts a game on a
running server and prints one invite code per person's seat and a watch code (and a
teacher's code per `--teacher` seat); `monuments join CODE` opens the game (the app).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import re
import secrets
import shlex
import sys
from pathlib import Path

from aiohttp import web

from monuments_tui.cli.network_args import DEFAULT_SERVER
from monuments_tui.net.client import ServerGone, host_game
from monuments_tui.net.messages import NewGame
from monuments_tui.net.server import GameServer, make_app
from monuments_tui.saves.format import default_saves_dir


def run_serve(args: argparse.Namespace) -> int:
    folder = Path(args.games) if args.games else Path(args.saves or default_saves_dir()) / "server"
    if not 0 <= args.port <= 65535:
        print(f"monuments serve: --port is 0 to 65535, not {args.port}", file=sys.stderr)
        return 2
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"monuments serve: cannot use {folder} for the games: {exc.strerror or exc}", file=sys.stderr)
        return 1
    web_port = args.web_port if args.web else None
    if web_port is not None and not 0 <= web_port <= 65535:
        print(f"monuments serve: --web-port is 0 to 65535, not {web_port}", file=sys.stderr)
        return 2
    try:
        host_key = host_key_for(args.host, args.host_key)
    except ValueError as exc:
        print(f"monuments serve: {exc}", file=sys.stderr)
        return 2
    try:
        asyncio.run(_serve(args.host, args.port, folder, web_port, host_key))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"monuments serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


HOST_KEY = re.compile(r"[A-Za-z0-9_.-]{8,64}")


def host_key_for(host: str, given: str | None) -> str | None:
    """The key starting a game asks for: the one `given`; else a new random one when the server listens
    beyond this machine (not everyone who reaches it may fill its folder); else None (loopback: open).

    Raises:
        ValueError: `given` is not 8 to 64 letters, digits or . _ -
    """
    if given is not None:
        if not HOST_KEY.fullmatch(given):
            raise ValueError("--host-key is 8 to 64 letters, digits or . _ - (e.g. --host-key river-delta-42)")
        return given
    return None if _loopback(host) else secrets.token_urlsafe(12)


async def _serve(host: str, port: int, folder: Path, web_port: int | None = None, host_key: str | None = None) -> None:
    server = GameServer(folder, host_key=host_key)
    runner = web.AppRunner(make_app(server))
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    bound = runner.addresses[0]
    print(f"Monuments server: ws://{_host_text(bound[0])}:{bound[1]}/ws, games in {folder}", flush=True)
    pages = None
    if web_port is not None:
        pages = await serve_pages(host, web_port, f"{_host_text(bound[0])}:{bound[1]}")
    print(f"{len(server.games)} game(s) resumed from their saves.", flush=True)
    for problem in server.problems:
        print(f"warning: {problem}", file=sys.stderr, flush=True)
    if not _loopback(host):
        print(
            "warning: listening beyond this machine; codes are the only lock, and the connection is not "
            "encrypted (players who ssh in and join on 127.0.0.1 need no open port)",
            file=sys.stderr,
            flush=True,
        )
    if host_key:
        print(
            f"Host key: {host_key} (starting a game here asks for it: monuments host --key {host_key}, "
            "or the new-game form's Host key; joining with a code does not)",
            flush=True,
        )
    else:
        print("Anyone who reaches this address may start games here (--host-key KEY asks for a key).", flush=True)
    print("Ctrl+C stops it; every game resumes from its save when it starts again.", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        if pages is not None:
            await pages.cleanup()
        await runner.cleanup()


async def serve_pages(host: str, port: int, game_server: str) -> web.AppRunner:
    """The app in a web browser (textual-serve): each tab runs `monuments join` against `game_server`,
    which asks for the tab's code, so a code never travels in a URL."""
    # start-up, and the layers: textual-serve (and the rich it prints with) loads only for serve --web
    from textual_serve.server import Server as WebPages

    command = f"{shlex.quote(sys.executable)} -m monuments_tui join --server {shlex.quote(game_server)}"
    pages = WebPages(command, host=host, port=port, title="Monuments")
    app = await pages._make_app()  # textual-serve's own application, beside the game server's
    app.on_startup.clear()  # its banner would name the port asked for, not the one the system gave
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    bound = runner.addresses[0]
    pages.public_url = f"http://{_host_text(bound[0])}:{bound[1]}"  # the port the system gave, for the page's links
    print(f"Monuments in a browser: {pages.public_url}/ (each tab asks for its code)", flush=True)
    return runner


def run_host(args: argparse.Namespace) -> int:
    new = NewGame(
        civs=args.players,
        seats=tuple(args.seats or ()),
        mode=args.mode,
        seed=args.seed,
        solo=args.solo,
        teaching=args.teaching,
        hints=args.hints,
        teachers=tuple(args.teacher),
        move_days=args.move_days,
        timeout_rule=args.on_timeout or ("bot" if args.move_days else ""),
        key=args.key,
    )
    try:
        invites = asyncio.run(host_game(args.server, new))
    except ServerGone as exc:
        print(f"monuments host: {exc}", file=sys.stderr)
        return 1
    print(f"{invites.title}")
    if args.move_days:
        print(f"Each move within {args.move_days} day(s); when they run out the heuristic bot plays the move.")
    print("Give each person their own code; they join with: monuments join CODE" + _server_flag(args.server))
    width = max(len(k) for k in invites.codes)
    for what, code in invites.codes.items():
        print(f"  {what.ljust(width)}  {code}")
    return 0


def _server_flag(server: str) -> str:
    return "" if server == DEFAULT_SERVER else f" --server {server}"


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _host_text(host: str) -> str:
    return f"[{host}]" if ":" in host else host
