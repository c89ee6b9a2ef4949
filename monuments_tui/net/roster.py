"""The network games a player has joined from this machine, for the title screen's list.

Kept in the saves folder as `network-games.json`, readable by its owner only: it holds the
player's codes, which are what lets them in again days later. `whose_turn` asks the server
where each game stands.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

import msgspec

from monuments_tui.net.client import Client, ServerGone

ROSTER_FILE = "network-games.json"
ROSTER_MAX = 200


class Joined(msgspec.Struct, frozen=True):
    """One game joined: where, with which code, as whom."""

    server: str
    code: str
    game: str
    title: str
    role: str
    seat: int | None
    civ: str = ""


def roster_path(saves_dir: Path) -> Path:
    return Path(saves_dir) / ROSTER_FILE


def read_roster(saves_dir: Path) -> list[Joined]:
    """The games joined, latest first (an unreadable file reads as none)."""
    try:
        return msgspec.json.decode(roster_path(saves_dir).read_bytes(), type=list[Joined])
    except (OSError, msgspec.DecodeError):
        return []


def remember(saves_dir: Path, client: Client) -> None:
    """Put the game `client` joined first in the list (a failure to write is not an error: play goes on)."""
    welcome = client.welcome
    if welcome is None:
        return
    seat = welcome.seat
    civ = welcome.seats[seat].civ if seat is not None and seat < len(welcome.seats) else ""
    entry = Joined(client.server, client.code, welcome.game, welcome.title, welcome.role, seat, civ)
    games = [entry, *[g for g in read_roster(saves_dir) if g.code != client.code]][:ROSTER_MAX]
    path = roster_path(saves_dir)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(msgspec.json.encode(games))
        os.replace(tmp, path)


async def whose_turn(entry: Joined) -> str:
    """Where the game stands, in a few words: whose move it is (yours?), over, or why it cannot be told."""
    client = Client(entry.server, entry.code)
    try:
        await client.connect()
        await _settle(client)
    except ServerGone as exc:
        return f"cannot tell: {exc}"
    finally:
        await client.close()
    mirror = client.mirror
    if mirror is None:
        return "cannot tell"
    state = mirror.state
    if state.pending is None:
        return "game over"
    seat = state.pending.seat
    who = (
        "your move"
        if seat == entry.seat and entry.role == "seat"
        else f"{state.players[seat].civ.capitalize()} to move"
    )
    deadline = client.deadline
    if deadline is not None and deadline.seat is not None:
        who += f" (by {deadline.due})"
    return who


async def _settle(client: Client) -> None:
    """Wait for the steps that follow the welcome (the presence message comes after them)."""
    for _ in range(200):
        if client.presence is not None:
            return
        await asyncio.sleep(0.01)
