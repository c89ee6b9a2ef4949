"""A client of the game server: one connection, its viewer's copy of the game, and resuming.

`Client.connect` says hello with a code; from then on the client folds what the server
sends into its `Mirror`. `play` and `request` send with an id of their own and wait for
the answer; when the connection breaks, `resume` connects again saying which steps it holds,
and sends again what was not answered, with the same ids (the server answers those
again rather than playing them twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

import aiohttp

from monuments_tui.net import DEFAULT_PORT
from monuments_tui.net.messages import (
    SERVER_FRAME_MAX,
    Ack,
    ClientMessage,
    Deadline,
    Error,
    Hello,
    Hint,
    Invites,
    NewGame,
    Note,
    Play,
    Presence,
    Refusal,
    Request,
    RequestKind,
    ServerAny,
    Steps,
    Teaching,
    UndoAsked,
    Welcome,
    encoder,
    read_server,
)
from monuments_tui.net.mirror import Mirror, MirrorError
from monuments_tui.rules.errors import MonumentsError

ANSWER_WITHIN = 60.0
"""Seconds to wait for the server's answer to a command before saying it did not come."""
RESUME_PAUSE = 2.0
RESUME_FOR = 600.0
"""An app's client tries to come back every RESUME_PAUSE seconds for RESUME_FOR seconds."""


class ServerGone(ConnectionError, MonumentsError):
    """The server cannot be reached, or closed the connection; the message says why."""


def ws_url(server: str) -> str:
    """The WebSocket address of a server given as host, host:port or a URL."""
    server = server.strip().rstrip("/")
    if "://" not in server:
        server = f"ws://{server}"
    scheme, rest = server.split("://", 1)
    scheme = {"http": "ws", "https": "wss"}.get(scheme, scheme)
    host = rest.split("/", 1)[0]
    if ":" not in host.rsplit("]", 1)[-1]:
        host += f":{DEFAULT_PORT}"
    return f"{scheme}://{host}/ws"


async def host_game(server: str, game: NewGame) -> Invites:
    """Start a game on `server`; its codes.

    Raises:
        ServerGone: not reachable, or it refused the game (saying why).
    """
    async with aiohttp.ClientSession() as http:
        try:
            async with http.ws_connect(ws_url(server), max_msg_size=SERVER_FRAME_MAX) as ws:
                await ws.send_str(encoder.encode(game).decode())
                frame = await ws.receive(timeout=ANSWER_WITHIN)
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            raise ServerGone(f"cannot reach the server at {ws_url(server)}: {exc}") from None
    if frame.type != aiohttp.WSMsgType.TEXT:
        raise ServerGone("the server closed the connection without an answer")
    answer = read_server(frame.data)
    if isinstance(answer, Error):
        raise ServerGone(answer.reason)
    if not isinstance(answer, Invites):
        raise ServerGone("the server answered something else than the game's codes")
    return answer


@dataclass
class Client:
    """One viewer's connection to one game on a server."""

    server: str
    code: str
    name: str = ""
    on_change: Callable[[ServerAny], None] | None = None
    """Called after each message from the server has been taken in (the app redraws)."""
    auto_resume: bool = False
    """Connect again by itself when the connection breaks (the app's clients do)."""
    keep_frames: bool = False
    """Keep every frame received, as received (the secrecy tests read them)."""
    frames: list[str] = field(default_factory=list)
    welcome: Welcome | None = None
    mirror: Mirror | None = None
    presence: Presence | None = None
    notes: list[Note] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    undo_asked: UndoAsked | None = None
    teaching: bool = False
    """Teaching mode, as the server last said (welcome, then each switch)."""
    deadline: Deadline | None = None
    error: str = ""
    _http: aiohttp.ClientSession | None = None
    _ws: aiohttp.ClientWebSocketResponse | None = None
    _reader: asyncio.Task[None] | None = None
    _resumer: asyncio.Task[None] | None = None
    _waiting: dict[str, asyncio.Future[Ack | Refusal]] = field(default_factory=dict)
    _unanswered: dict[str, ClientMessage] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=itertools.count)
    _prefix: str = field(default_factory=lambda: secrets.token_hex(4))

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed

    @property
    def line(self) -> int:
        return len(self.mirror.steps) if self.mirror else 0

    async def connect(self) -> Welcome:
        """Say hello with the code (again after a break: from the steps held). Returns the welcome.

        Raises:
            ServerGone: unreachable, or the server refused the code (saying why).
        """
        if self._http is None:
            self._http = aiohttp.ClientSession()
        have = self.line
        last = self.mirror.steps[-1].seq if self.mirror and self.mirror.steps else 0
        try:
            self._ws = await self._http.ws_connect(ws_url(self.server), max_msg_size=SERVER_FRAME_MAX, heartbeat=30)
            await self._ws.send_str(encoder.encode(Hello(self.code, have, last, self.name)).decode())
            frame = await self._ws.receive(timeout=ANSWER_WITHIN)
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            raise ServerGone(f"cannot reach the server at {ws_url(self.server)}: {exc}") from None
        if frame.type != aiohttp.WSMsgType.TEXT:
            raise ServerGone("the server closed the connection")
        self._take(frame.data)
        if self.welcome is None or self.error:
            raise ServerGone(self.error or "the server did not welcome this client")
        self._reader = asyncio.get_running_loop().create_task(self._read())
        for cid, message in list(self._unanswered.items()):
            if cid in self._waiting:
                await self._ws.send_str(encoder.encode(message).decode())
        return self.welcome

    async def resume(self, attempts: int = 20, pause: float = 0.25) -> Welcome:
        """Connect again after a break, trying `attempts` times `pause` seconds apart.

        Raises:
            ServerGone: still unreachable after the last attempt.
        """
        for attempt in range(attempts):
            try:
                return await self.connect()
            except ServerGone:
                if attempt == attempts - 1:
                    raise
                await asyncio.sleep(pause)
        raise ServerGone("not reached")  # pragma: no cover - the loop raises first

    async def close(self) -> None:
        self.auto_resume = False
        if self._resumer is not None:
            self._resumer.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def drop(self) -> None:
        """Lose the connection as a network would (tests): what is unanswered stays to send again."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    # -- sending ----------------------------------------------------------------------------------
    def new_id(self) -> str:
        return f"{self._prefix}-{next(self._ids)}"

    async def play(self, text: str, cid: str | None = None) -> Ack | Refusal:
        """Play `text` for this client's seat; the server's answer (the steps it caused come first)."""
        return await self.send(Play(cid or self.new_id(), text))

    async def request(self, kind: RequestKind, text: str = "", cid: str | None = None) -> Ack | Refusal:
        return await self.send(Request(cid or self.new_id(), kind, text))

    async def send(self, message: Play | Request, within: float = ANSWER_WITHIN) -> Ack | Refusal:
        """Send `message` and wait for its answer.

        Raises:
            ServerGone: no answer within `within` seconds (it is sent again on `resume`).
        """
        future: asyncio.Future[Ack | Refusal] = asyncio.get_running_loop().create_future()
        self._waiting[message.id] = future
        self._unanswered[message.id] = message
        if self.connected and self._ws is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self._ws.send_str(encoder.encode(message).decode())
        try:
            return await asyncio.wait_for(asyncio.shield(future), within)
        except TimeoutError:
            raise ServerGone("no answer from the server: the connection is down; it is sent again on return") from None

    # -- receiving --------------------------------------------------------------------------------
    async def _read(self) -> None:
        ws = self._ws
        assert ws is not None
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            self._take(frame.data)
        if self.auto_resume and self._http is not None and not self.error:
            self._resumer = asyncio.get_running_loop().create_task(self._come_back())

    async def _come_back(self) -> None:
        """After a break: connect again, every `RESUME_PAUSE` seconds for `RESUME_FOR` seconds."""
        with contextlib.suppress(ServerGone):
            await self.resume(attempts=int(RESUME_FOR / RESUME_PAUSE), pause=RESUME_PAUSE)
            if self.on_change is not None and self.presence is not None:
                self.on_change(self.presence)

    def _take(self, data: str) -> None:
        if self.keep_frames:
            self.frames.append(data)
        try:
            message = read_server(data)
        except ValueError as exc:
            self.error = str(exc)
            return
        try:
            self._apply(message)
        except MirrorError as exc:
            self.error = f"this client lost track of the game ({exc}); join again"
        if self.on_change is not None:
            self.on_change(message)

    def _apply(self, message: ServerAny) -> None:
        if isinstance(message, Welcome):
            self.welcome = message
            self.teaching = message.teaching
            if message.initial is not None:
                self.mirror = Mirror(message.initial, message.seat if message.role != "watch" else None)
        elif isinstance(message, Steps):
            if self.mirror is None:
                raise MirrorError("steps before the game's start")
            self.mirror.receive(message.start, message.steps, message.revealed)
        elif isinstance(message, (Ack, Refusal)):
            self._unanswered.pop(message.id, None)
            future = self._waiting.pop(message.id, None)
            if future is not None and not future.done():
                future.set_result(message)
        elif isinstance(message, Presence):
            self.presence = message
        elif isinstance(message, Note):
            self.notes.append(message)
        elif isinstance(message, Hint):
            self.hints.append(message)
        elif isinstance(message, UndoAsked):
            self.undo_asked = message
        elif isinstance(message, Teaching):
            self.teaching = message.on
        elif isinstance(message, Deadline):
            self.deadline = message
        elif isinstance(message, Error):
            self.error = message.reason
