"""Faults (issue 42, "Load and faults"): clients and the server are killed at random moments while
games are played over loopback; no acknowledged command is lost, and every game reloads.

The server is a real `monuments serve` process on 127.0.0.1 (a port the system picks each
time it starts), killed with SIGKILL: nothing it did not fsync survives. Clients are dropped
at random and come back. Every command a client was told was done is, after every restart,
on the server's line of play, and is answered again (not played twice) when sent again. The
short profile kills the server 3 times over 3 games; `MONUMENTS_STRESS=full` 10 times over 8.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys

import pytest

from monuments_tui.ai.bots import random_bot
from monuments_tui.game.session import GameSession
from monuments_tui.net.client import Client, ServerGone, host_game
from monuments_tui.net.messages import Ack, NewGame, Play
from monuments_tui.rules.notation import format_command

FULL = os.environ.get("MONUMENTS_STRESS") == "full"
GAMES, KILLS, MOVES = (8, 10, 12) if FULL else (3, 3, 8)
"""Games, server kills, and moves tried between two kills."""


async def _start(folder) -> tuple[subprocess.Popen, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "monuments_tui", "serve", "--port", "0", "--games", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    line = await asyncio.to_thread(proc.stdout.readline)
    match = re.search(r"ws://(127\.0\.0\.1:\d+)/ws", line)
    assert match, line
    await asyncio.to_thread(proc.stdout.readline)  # the games resumed: the server is ready
    return proc, match.group(1)


@pytest.mark.timeout(600 if FULL else 180)
async def test_killed_servers_and_clients_lose_no_acknowledged_command(tmp_path):
    rnd = random.Random(2024)
    proc, address = await _start(tmp_path)
    acked: dict[str, list[tuple[int, str, str]]] = {}
    """Per game: (line after it, id, command text) of every command acknowledged."""
    clients: dict[str, list[Client]] = {}
    try:
        for g in range(GAMES):
            invites = await host_game(address, NewGame(civs=("greece", "egypt"), seed=500 + g))
            clients[invites.game] = [Client(address, invites.codes[f"seat {s}"]) for s in (0, 1)]
            acked[invites.game] = []
            for client in clients[invites.game]:
                await client.connect()
        for _kill in range(KILLS):
            tasks = [
                asyncio.ensure_future(_play(cs, acked[g], random.Random(rnd.random()))) for g, cs in clients.items()
            ]
            await asyncio.sleep(rnd.uniform(0.2, 1.5))
            proc.send_signal(signal.SIGKILL)  # at a random moment, mid-command for some games
            proc.wait(timeout=20)
            await asyncio.gather(*tasks, return_exceptions=True)
            proc, address = await _start(tmp_path)
            for cs in clients.values():
                for client in cs:
                    client.server = address
                    if rnd.random() < 0.3 or not client.connected:
                        await client.drop()
                        await client.resume(attempts=50, pause=0.1)
            for game, cs in clients.items():
                await _check(cs, acked[game])
    finally:
        for cs in clients.values():
            for client in cs:
                await client.close()
        proc.kill()
        proc.wait(timeout=20)
    assert sum(len(a) for a in acked.values()) >= GAMES, "too few commands were acknowledged to test anything"
    for game in clients:  # every game reloads from its save, as `monuments load` would
        session, _warnings = GameSession.load(tmp_path / f"{game}.jsonl")
        assert len(session.history()) >= max((line for line, _, _ in acked[game]), default=0)
        session.close()


async def _play(cs: list[Client], acked: list, rnd: random.Random) -> None:
    for _ in range(MOVES):
        mirror = cs[0].mirror
        if mirror is None or mirror.state.pending is None:
            return
        mover = cs[mirror.state.pending.seat]
        if mover.mirror is None:
            return
        text = format_command(random_bot(mover.mirror.state, rnd))
        cid = mover.new_id()
        try:
            answer = await mover.send(mover_play(cid, text), within=5)
        except ServerGone:
            return  # the server is down: this command is unanswered, so it may or may not have been played
        if isinstance(answer, Ack):
            acked.append((answer.line, cid, text))
        await asyncio.sleep(0)


def mover_play(cid: str, text: str) -> Play:
    return Play(cid, text)


async def _check(cs: list[Client], acked: list) -> None:
    """Every acknowledged command is on the line of play where it was, and is answered again, not replayed."""
    for client in cs:
        for _ in range(400):
            if client.mirror is not None and client.line >= max((a[0] for a in acked), default=0):
                break
            await asyncio.sleep(0.01)
    mirror = cs[0].mirror
    assert mirror is not None
    for line, cid, text in acked:
        seat = mirror.steps[line - 1].seat
        step = cs[seat].mirror.steps[line - 1]  # as its own seat sees it: a quest kept is named
        assert format_command(step.command) == text, f"command {cid} ({text}) lost"
    if acked:
        line, cid, text = acked[-1]
        seat = cs[0].mirror.steps[line - 1].seat
        before = cs[0].line
        again = await cs[seat].send(mover_play(cid, text), within=10)
        assert isinstance(again, Ack) and again.line == line, again
        assert cs[0].line == before
