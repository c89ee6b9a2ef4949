"""Play over the network under load, against a bare WebSocket broadcast server in the same run.

`.venv/bin/python -m tests.bench.bench_network [--games 200] [--moves 20] [--smoke]`

Both servers run in their own process on 127.0.0.1 with a port the system picks; the
clients all run in this process. The game server (`monuments serve`) gets `--games` games
with two people each, every one a `net.Client` that folds its view; in each game the seat
to move plays a command chosen by the random bot from its own view (chosen before the clock
starts), and the time is taken from the send to the moment both clients of the game have
folded the new step. The bare server is an aiohttp WebSocket server that relays every
frame to both clients of a room, nothing more: the same number of rooms, clients and frames
of the same size. Reported: the median and 99th percentile of that latency and the commands a
second over the whole run, each as the ratio game server / bare server (latency: how many
times slower; commands a second: the fraction kept). Every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

from monuments_tui.ai.bots import random_bot
from monuments_tui.net.client import Client, host_game
from monuments_tui.net.messages import Ack, NewGame
from monuments_tui.rules.notation import format_command

LOOPBACK = "127.0.0.1"
LIMIT_SECONDS = 600.0
"""The whole measured phase of one server stops after this, however far it got."""


# -- the bare server ------------------------------------------------------------------------------
def echo_server() -> None:
    """Relay every text frame to both clients of its room (`/ws?room=N`); print the port, serve until killed."""
    rooms: dict[str, set[web.WebSocketResponse]] = {}

    async def handle(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        room = rooms.setdefault(request.query.get("room", ""), set())
        room.add(ws)
        async for frame in ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                for other in list(room):
                    await other.send_str(frame.data)
        room.discard(ws)
        return ws

    async def main() -> None:
        app = web.Application()
        app.router.add_get("/ws", handle)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, LOOPBACK, 0).start()
        print(runner.addresses[0][1], flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


def _spawn(args: list[str]) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    port = line.strip().rsplit(":", 1)[-1].split("/")[0] if "ws://" in line else line.strip()
    return proc, int(port)


# -- measuring -------------------------------------------------------------------------------------
class Both:
    """Wakes a waiter when both clients of a game hold `target` steps (or frames)."""

    def __init__(self) -> None:
        self.target = 0
        self.counts = [0, 0]
        self.done: asyncio.Event = asyncio.Event()

    def seen(self, who: int, count: int) -> None:
        self.counts[who] = count
        if min(self.counts) >= self.target:
            self.done.set()

    async def wait(self, target: int) -> None:
        self.target = target
        if min(self.counts) >= target:
            return
        self.done.clear()
        await asyncio.wait_for(self.done.wait(), 60)


async def game_run(port: int, games: int, moves: int, deadline: float) -> tuple[list[float], int, float]:
    address = f"{LOOPBACK}:{port}"
    tables = []
    for g in range(games):
        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seed=1000 + g))
        both = Both()
        clients = []
        for who in (0, 1):
            client = Client(address, invites.codes[f"seat {who}"])
            client.on_change = lambda _m, who=who, client=client, both=both: both.seen(who, client.line)
            await client.connect()
            clients.append(client)
        tables.append((clients, both, random.Random(g)))
    latencies: list[float] = []

    async def play(clients: list[Client], both: Both, rnd: random.Random) -> None:
        for _ in range(moves * 3):  # refusals (a random move on a view) are retried, within bounds
            if len(latencies) >= games * moves or time.monotonic() > deadline:
                return
            state = clients[0].mirror.state
            if state.pending is None or both.counts[0] >= moves:
                return
            mover = clients[state.pending.seat]
            text = format_command(random_bot(mover.mirror.state, rnd))
            target = mover.line + 1
            start = time.perf_counter()
            answer = await mover.play(text)
            if not isinstance(answer, Ack):
                continue
            await both.wait(target)
            latencies.append(time.perf_counter() - start)

    began = time.perf_counter()
    await asyncio.gather(*(play(c, b, r) for c, b, r in tables))
    wall = time.perf_counter() - began
    for clients, _, _ in tables:
        for client in clients:
            await client.close()
    return latencies, len(latencies), wall


async def echo_run(port: int, games: int, moves: int, deadline: float, size: int) -> tuple[list[float], int, float]:
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))  # one socket a client, as the game run has
    rooms = []
    for g in range(games):
        both = Both()
        sockets = [await http.ws_connect(f"ws://{LOOPBACK}:{port}/ws?room={g}") for _ in (0, 1)]
        rooms.append((sockets, both))
    latencies: list[float] = []

    async def listen(ws, who: int, both: Both) -> None:
        count = 0
        async for frame in ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                count += 1
                both.seen(who, count)

    listeners = [asyncio.ensure_future(listen(ws, who, b)) for s, b in rooms for who, ws in enumerate(s)]
    pad = "x" * max(0, size - 40)

    async def play(sockets, both: Both, g: int) -> None:
        for n in range(moves):
            if time.monotonic() > deadline:
                return
            start = time.perf_counter()
            await sockets[n % 2].send_str(json.dumps({"room": g, "n": n, "pad": pad}))
            await both.wait(n + 1)
            latencies.append(time.perf_counter() - start)

    began = time.perf_counter()
    await asyncio.gather(*(play(s, b, g) for g, (s, b) in enumerate(rooms)))
    wall = time.perf_counter() - began
    for sockets, _ in rooms:
        for ws in sockets:
            await ws.close()
    for task in listeners:
        task.cancel()
    await http.close()
    return latencies, len(latencies), wall


def _summary(latencies: list[float], count: int, wall: float) -> tuple[float, float, float]:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, count / wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_network", description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=20, help="commands played in each game")
    parser.add_argument("--smoke", action="store_true", help="4 games of 3 moves: checks only that it runs")
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_server:
        echo_server()
        return 0
    games, moves = (4, 3) if args.smoke else (args.games, args.moves)
    with tempfile.TemporaryDirectory() as folder:
        game_proc, game_port = _spawn(["-m", "monuments_tui", "serve", "--port", "0", "--games", str(Path(folder))])
        echo_proc, echo_port = _spawn(["-m", "tests.bench.bench_network", "--echo-server"])
        try:
            game = asyncio.run(game_run(game_port, games, moves, time.monotonic() + LIMIT_SECONDS))
            echo = asyncio.run(echo_run(echo_port, games, moves, time.monotonic() + LIMIT_SECONDS, 120))
        finally:
            for proc in (game_proc, echo_proc):
                proc.kill()
                proc.wait(timeout=20)
    g, e = _summary(*game), _summary(*echo)
    print(f"{games} games, 2 clients each, {game[1]} commands (bare server: {echo[1]} frames), 127.0.0.1")
    print("| measure | game server | bare WebSocket server | ratio |")
    print("|---|---|---|---|")
    print(f"| latency, median | {g[0] * 1000:.1f} ms | {e[0] * 1000:.1f} ms | {g[0] / e[0]:.1f}x |")
    print(f"| latency, 99th percentile | {g[1] * 1000:.1f} ms | {e[1] * 1000:.1f} ms | {g[1] / e[1]:.1f}x |")
    print(f"| commands a second | {g[2]:.0f} | {e[2]:.0f} | {g[2] / e[2]:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
