"""Hostile clients change nothing (issue 42, "Hostile clients change nothing").

Frames that are not messages, messages of the wrong shape, oversized ones, commands out of
turn or from spectators and teachers, ids replayed with another text, and racing commands
are sent over loopback. Each is answered (a refusal with its reason, or the connection
closed for a frame past the transport's limit); a refused one changes no game; the server
never fails a request. The short profile sends 2,000 frames; `MONUMENTS_STRESS=full` 10,000.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import string

import aiohttp
import pytest

from monuments_tui.net.client import Client, host_game, ws_url
from monuments_tui.net.messages import CLIENT_FRAME_MAX, Ack, Error, NewGame, Refusal, read_server
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.notation import format_command
from tests.net_helpers import running_server, wait_until

FULL = os.environ.get("MONUMENTS_STRESS") == "full"
FRAMES = 10_000 if FULL else 2_000
ANSWER_WITHIN = 60.0
"""Seconds an answer may take: a loaded machine may hold up a worker thread's fsync for a while."""


def _legal_texts(hosted) -> list[str]:
    return [format_command(c) for c in legal_commands(hosted.session.state)][:40]


def _mutate(text: str, rnd: random.Random) -> str:
    words = text.split()
    how = rnd.randrange(5)
    if how == 0 and words:
        words[rnd.randrange(len(words))] = rnd.choice(["A1", "Z99", "hidden", "-1", "9" * 30, "∞", "\x00"])
    elif how == 1 and len(words) > 1:
        rnd.shuffle(words)
    elif how == 2:
        words.append(rnd.choice(["extra", "H18", "1wd", "all"]))
    elif how == 3 and words:
        words.pop()
    else:
        return text.upper()
    return " ".join(words)


def _hostile(rnd: random.Random, hosted, ids: list[str]) -> tuple[str | bytes, str]:
    """A frame and what kind it is."""
    kind = rnd.randrange(14)
    legal = _legal_texts(hosted) or ["end"]
    if kind == 0:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(64))), "binary"
    if kind == 1:
        return "".join(rnd.choice(string.printable) for _ in range(rnd.randrange(1, 200))), "garbage"
    if kind == 2:
        return json.dumps({"type": rnd.choice(["steps", "welcome", "ack", "", "Command", None])}), "wrong type"
    if kind == 3:
        return json.dumps({"type": "command", "id": rnd.choice(["a b", "", "x" * 65, "é"]), "text": "end"}), "bad id"
    if kind == 4:
        return json.dumps(
            {"type": "command", "id": f"m{rnd.random()}", "text": _mutate(rnd.choice(legal), rnd)}
        ), "mutated"
    if kind == 5:
        return json.dumps({"type": "request", "id": f"r{rnd.random()}", "kind": "explode"}), "bad kind"
    if kind == 6:
        return json.dumps({"type": "request", "id": f"n{rnd.random()}", "kind": "note", "text": "x" * 700}), "long note"
    if kind == 7:
        return "{" + '"type":"ping",' + '"p":"' + "x" * (CLIENT_FRAME_MAX + rnd.randrange(1, 8000)) + '"}', "oversized"
    if kind == 8:
        return json.dumps({"type": "hello", "code": "x"}), "hello again"
    if kind == 9:
        return "[" * 5000 + "]" * 5000, "nested"
    if kind == 10 and ids:
        return json.dumps({"type": "command", "id": rnd.choice(ids), "text": rnd.choice(legal)}), "replayed id"
    if kind == 11:
        return json.dumps({"type": "command", "id": "t", "text": rnd.choice(legal), "extra": 1}), "unknown field"
    if kind == 12:
        return json.dumps({"type": "new_game", "civs": ["rome"] * rnd.randrange(9)}), "new game"
    return json.dumps({"type": "command", "id": f"l{rnd.random()}", "text": rnd.choice(legal)}), "legal text"


async def _answer(ws) -> object:
    """The next answer to a frame: a Refusal, an Ack, an Error, or "closed" (with why, in words)."""
    for _ in range(1000):
        frame = await ws.receive(timeout=ANSWER_WITHIN)
        if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            return f"closed ({frame.type.name} {frame.data!r} {frame.extra!r})"
        if frame.type == aiohttp.WSMsgType.ERROR:
            return f"closed (error {frame.data!r})"
        message = read_server(frame.data)
        if isinstance(message, (Refusal, Ack, Error)):
            return message
    raise AssertionError("no answer in 1000 messages")


async def _open(http, address: str, code: str):
    ws = await http.ws_connect(ws_url(address), max_msg_size=0)
    await ws.send_str(json.dumps({"type": "hello", "code": code}))
    for _ in range(1000):
        frame = await ws.receive(timeout=10)
        if read_server(frame.data).__class__.__name__ == "Presence":
            return ws
    raise AssertionError("not welcomed")


@pytest.mark.timeout(900 if FULL else 240)
async def test_hostile_frames_change_nothing(tmp_path, caplog):
    caplog.set_level(logging.ERROR)
    rnd = random.Random(42)
    async with running_server(tmp_path) as (server, address):
        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seed=99, teachers=(0,)))
        hosted = server.games[invites.game]
        roles = ["seat 0", "seat 1", "watch", "teacher 0"]
        counts: dict[str, int] = {}
        ids: list[str] = []
        async with aiohttp.ClientSession() as http:
            conns = {r: await _open(http, address, invites.codes[r]) for r in roles}
            for n in range(FRAMES):
                role = rnd.choice(roles)
                frame, kind = _hostile(rnd, hosted, ids)
                counts[kind] = counts.get(kind, 0) + 1
                records = len(hosted.session.records())
                sent = frame[:120]
                where = f"frame {n} ({kind}, from {role}, {sent!r}): "
                ws = conns[role]
                try:
                    if isinstance(frame, bytes):
                        await ws.send_bytes(frame)
                    else:
                        await ws.send_str(frame)
                    answer = await _answer(ws)
                except (TimeoutError, ConnectionError) as exc:
                    pytest.fail(f"{where}no answer within {ANSWER_WITHIN:.0f} s: {exc!r}")
                after = len(hosted.session.records())
                if isinstance(answer, str):
                    assert kind in ("oversized", "nested"), f"{where}the server {answer}"
                    conns[role] = await _open(http, address, invites.codes[role])
                elif isinstance(answer, Refusal):
                    assert answer.reason, f"{where}a refusal without a reason: {answer}"
                    assert after == records, (
                        f"{where}refused ({answer.reason}), yet the journal went {records} -> {after}"
                    )
                elif isinstance(answer, Ack):
                    assert role.startswith("seat"), f"{where}acknowledged for a {role}: {answer}"
                    ids.append(answer.id)
                else:
                    pytest.fail(f"{where}answered {answer}")
            for ws in conns.values():
                await ws.close()
        assert sum(counts.values()) == FRAMES
        failed = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not failed, f"the server failed a request: {failed[:3]}"
        # still serving: a fresh client joins and plays
        client = Client(address, invites.codes[f"seat {hosted.session.state.pending.seat}"])
        await client.connect()
        assert isinstance(await client.play(_legal_texts(hosted)[0]), Ack)
        await client.close()


@pytest.mark.timeout(60)
async def test_racing_commands_one_is_played(tmp_path):
    async with running_server(tmp_path) as (server, address):
        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seed=98))
        hosted = server.games[invites.game]
        seat = hosted.session.state.pending.seat
        a, b = Client(address, invites.codes[f"seat {seat}"]), Client(address, invites.codes[f"seat {seat}"])
        await a.connect()
        await b.connect()
        first, second = _legal_texts(hosted)[:2]
        answers = await asyncio.gather(a.play(first), b.play(second))
        assert sorted(type(x).__name__ for x in answers) == ["Ack", "Refusal"], answers
        assert hosted.line() == 1
        await wait_until(lambda: a.line == b.line == 1, what="both connections")
        await a.close()
        await b.close()


@pytest.mark.timeout(60)
async def test_each_connection_is_rate_limited(tmp_path):
    async with running_server(tmp_path, rate=20) as (server, address):
        invites = await host_game(address, NewGame(civs=("greece", "egypt"), seed=97))
        hosted = server.games[invites.game]
        seat = 1 - hosted.session.state.pending.seat  # out of turn: every command is refused anyway
        client = Client(address, invites.codes[f"seat {seat}"])
        await client.connect()
        answers = await asyncio.gather(*(client.play("end", cid=f"flood-{i}") for i in range(100)))
        limited = [x for x in answers if isinstance(x, Refusal) and "too many" in x.reason]
        assert 40 <= len(limited) < 100 and hosted.line() == 0
        await client.close()
