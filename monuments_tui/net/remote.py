"""A game on a server as the app's game screen reads it: the session's read side, from a `Client`.

The game screen asks a session for the state, the line of play, the seats, the tree and the
records. `RemoteSession` answers from what the server sent this viewer (the folded mirror
and the notes); what changes the game (commands, undo, notes, hints) goes to the server
through the client, and the screen draws again when the server's steps arrive.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from monuments_tui.game.replay import Replay, SeenBy
from monuments_tui.game.timeline import Rebuilt, Step, Timeline
from monuments_tui.game.tree import GameTree, build_tree
from monuments_tui.net.client import Client
from monuments_tui.net.messages import Welcome
from monuments_tui.rules.commands import Command
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.decide import waiting_for
from monuments_tui.rules.legal import legal_commands
from monuments_tui.rules.state import GameState
from monuments_tui.saves.format import CmdRecord, Header, NoteRecord, RecordAny


@dataclass(frozen=True)
class RemoteHeader:
    """The parts of a save's header the screens read."""

    title: str
    teaching: bool
    hints: bool = True
    guided: bool = False
    position: str | None = None


class RemoteSession:
    """The read side of `GameSession` for a game on a server (see the module docstring)."""

    def __init__(self, client: Client):
        assert client.welcome is not None and client.mirror is not None, "connect the client first"
        self.client = client
        welcome: Welcome = client.welcome
        self.header = RemoteHeader(welcome.title, welcome.teaching)
        self.title = welcome.title
        self.seats: tuple[str, ...] = tuple(s.controller for s in welcome.seats)
        self.saves_dir: Path | None = None
        self.path: Path | None = None
        """No file on this machine: the server keeps the game."""
        self._tree: tuple[int, int, GameTree] | None = None
        self._closing: asyncio.Task[None] | None = None

    @property
    def teaching(self) -> bool:
        """Teaching mode now (it may be switched during play, with everyone's agreement)."""
        return self.client.teaching

    @property
    def mirror(self):
        mirror = self.client.mirror
        assert mirror is not None
        return mirror

    @property
    def role(self) -> str:
        assert self.client.welcome is not None
        return self.client.welcome.role

    @property
    def seat(self) -> int | None:
        """The seat this client plays or follows (None: a spectator)."""
        assert self.client.welcome is not None
        return self.client.welcome.seat if self.role != "watch" else None

    @property
    def config(self) -> GameConfig:
        return self.mirror.state.config

    @property
    def state(self) -> GameState:
        return self.mirror.state

    @property
    def initial_state(self) -> GameState:
        return self.mirror.initial

    def state_at(self, position: int) -> GameState:
        return self.mirror.state_at(position)

    def state_before_last(self) -> GameState | None:
        steps = len(self.mirror.steps)
        return self.mirror.state_at(steps - 1) if steps else None

    def history(self) -> list[Step]:
        return list(self.mirror.steps)

    def controller(self, seat: int | None = None) -> str:
        if seat is None:
            pending = self.state.pending
            if pending is None:
                return "human"
            seat = pending.seat
        return self.seats[seat]

    def legal(self) -> list[Command]:
        return legal_commands(self.state)

    def prompt(self) -> str:
        return waiting_for(self.state)

    def records(self) -> list[RecordAny]:
        """The line of play as command records, with the notes after the steps they follow."""
        steps = self.mirror.steps
        out: list[RecordAny] = []
        notes = sorted(self.client.notes, key=lambda n: n.after)
        k = 0
        for step in steps:
            while k < len(notes) and not notes[k].suggestion and notes[k].after < step.seq:
                out.append(NoteRecord(len(out) + 1, notes[k].after, _noted(notes[k].author, notes[k].text)))
                k += 1
            out.append(CmdRecord(step.seq, step.seat, step.command, step.events))
        for note in notes[k:]:
            if not note.suggestion:
                out.append(NoteRecord(len(out) + 1, note.after, _noted(note.author, note.text)))
        return out

    def seen_by(self) -> SeenBy:
        """Whose view of the game this client holds, in words."""
        seat = self.seat
        if seat is None:
            return SeenBy(None, "a spectator's")
        civ = self.state.players[seat].civ.capitalize()
        return SeenBy(seat, f"{civ}'s" + (" teacher's" if self.role == "teacher" else ""))

    def replay(self) -> Replay:
        """This viewer's line of play as a replay: the states it folded from what it was sent (never
        the deal: the seed is not sent), and the whole final state once the game is over."""
        mirror = self.mirror
        timeline = Timeline(mirror.initial, every=1)
        timeline.steps = list(mirror.steps)
        timeline.snapshots = dict(enumerate(mirror.states))  # every state: none is folded again here
        timeline.snapshots[len(mirror.steps)] = timeline.state = mirror.state
        created = self.client.welcome.created if self.client.welcome else ""
        header = Header(config=self.config, seats=self.seats, teaching=self.teaching, title=self.title, created=created)
        rebuilt = Rebuilt(timeline, self.teaching, [], {step.seq: step for step in mirror.steps})
        replay = Replay(header, rebuilt, None, [], self.records())
        replay.seen_by = self.seen_by()
        return replay

    def tree(self) -> GameTree:
        key = (len(self.mirror.steps), len(self.client.notes))
        if self._tree is None or self._tree[:2] != key:
            by_seq = {step.seq: step for step in self.mirror.steps}
            self._tree = (*key, build_tree(self.records(), by_seq))
        return self._tree[2]

    def hints_shown(self) -> list:
        return []  # the coach's moves come to this client alone, shown in its command line

    def hint_refusal(self) -> str | None:
        return None  # the server says when hints are off

    def can_redo(self) -> bool:
        return False

    def close(self) -> None:
        """Close the connection (on the running event loop: the client is asynchronous)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop: the process is ending, and the connection with it
        self._closing = loop.create_task(self.client.close())


def _noted(author: str, text: str) -> str:
    return f"{author}: {text}" if author else text
