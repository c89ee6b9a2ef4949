"""The options of `monuments serve`, `host` and `join` (read without loading the network code)."""

from __future__ import annotations

from monuments_tui.cli.arguments import SEED
from monuments_tui.net import DEFAULT_PORT
from monuments_tui.rules.config import DIFFICULTIES, MODES

DEFAULT_SERVER = f"127.0.0.1:{DEFAULT_PORT}"


def add_network_commands(sub, civs) -> None:
    """The sub-commands `serve`, `host` and `join` (`civs` reads a comma-separated list)."""
    serve = sub.add_parser("serve", help="run a game server for play over the network (loopback unless --host)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    serve.add_argument("--games", metavar="DIR", help="folder of the server's games (default: SAVES/server)")
    serve.add_argument(
        "--host-key",
        metavar="KEY",
        help="the key that starting a game here asks for (default: a new random one beyond loopback, none on it)",
    )
    serve.add_argument("--web", action="store_true", help="also serve the app in a web browser, each tab a player")
    serve.add_argument(
        "--web-port", type=int, default=DEFAULT_PORT + 1, help=f"port of the web page (default {DEFAULT_PORT + 1})"
    )
    host = sub.add_parser("host", help="start a game on a server: prints an invite code per seat and a watch code")
    host.add_argument("--server", default=DEFAULT_SERVER, help=f"the server (default {DEFAULT_SERVER})")
    host.add_argument(
        "--key", default="", metavar="KEY", help="the server's host key, if it asks for one (monuments serve prints it)"
    )
    host.add_argument("--players", type=civs, default=("greece", "egypt"), help="civilisations in seat order")
    host.add_argument("--mode", choices=MODES, default="abundance", help="game mode (default: abundance)")
    host.add_argument("--seed", type=SEED, help="the deal (default: a random one, kept secret by the server)")
    host.add_argument("--seats", type=civs, help="per seat: human, random or heuristic (bots play on the server)")
    host.add_argument("--solo", choices=DIFFICULTIES, help="a solo game against the AI deck")
    host.add_argument("--teaching", action="store_true", help="teaching game: an undo is asked of the other people")
    host.add_argument("--hints", action="store_true", help="allow the coach's hints")
    host.add_argument(
        "--teacher", type=int, action="append", default=[], metavar="SEAT", help="a teacher's code that follows SEAT"
    )
    host.add_argument("--move-days", type=int, default=0, metavar="N", help="a correspondence game: N days a move")
    host.add_argument(
        "--on-timeout", choices=("bot",), help="when a move's days run out: bot (the heuristic bot plays the move)"
    )
    join = sub.add_parser("join", help="join a game on a server with its invite or watch code")
    join.add_argument("code", nargs="?", default="", help="the code the host gave you (asked for when left out)")
    join.add_argument("--server", default=DEFAULT_SERVER, help=f"the server (default {DEFAULT_SERVER})")
    join.add_argument("--name", default="", help="your name, shown with your notes")
