"""The game server: WebSocket connections (aiohttp), each acting for one viewer of one game.

One `GameServer` owns a folder of hosted games. A connection's first message is `Hello`
with a code (or `NewGame`, from `monuments host`); after that it may play for its own seat
only. Each game has a lock: commands are decided one at a time, in a worker thread (the
journal's fsync and the bots' searches never hold up other games), and every change is
sent to each connection of the game as its viewer may see it, before the sender's answer.
Everything a client sends is checked against its type and size, and each connection may
send at most `RATE` messages a second (`BURST` at once); anything else is refused with a
reason and changes nothing. See docs/network.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web

from monuments_tui.net import codes
from monuments_tui.net.hosted import TIMEOUT_BOT, HostedGame, Outcome
from monuments_tui.net.messages import (
    CLIENT_FRAME_MAX,
    Ack,
    ClientAny,
    Error,
    Hello,
    Hint,
    Invites,
    NewGame,
    Note,
    Ping,
    Play,
    Presence,
    Refusal,
    Request,
    ServerMessage,
    Steps,
    Teaching,
    UndoAsked,
    Welcome,
    encoder,
    read_client,
)
from monuments_tui.net.views import seat_view
from monuments_tui.rules.config import GameConfig, RuleOptions
from monuments_tui.rules.errors import MonumentsError
from monuments_tui.saves.format import NoteRecord

log = logging.getLogger("monuments.server")

RATE = 20.0
"""Messages a second a connection may send, on average."""
BURST = 40
"""Messages a connection may send at once."""
HELLO_WITHIN = 10.0
"""Seconds a new connection has to say who it is."""
QUEUE_MAX = 2000
"""Messages waiting for a slow client; past this it is dropped (it resumes when it comes back)."""
STEPS_PER_MESSAGE = 200
CLOCK_EVERY = 60.0
"""Seconds between two looks at the games' move limits (they are counted in days)."""
MAX_GAMES = 2000
"""Games one server keeps; `NewGame` is refused beyond it."""


class HostKeyRefused(ValueError, MonumentsError):
    """A new game without the server's host key."""


@dataclass(eq=False)
class Conn:
    """One connection, once it has said who it is."""

    ws: web.WebSocketResponse
    game: str
    role: str
    seat: int | None
    name: str
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_MAX))

    @property
    def viewer(self) -> int | None:
        return None if self.role == "watch" else self.seat

    def send(self, message: ServerMessage) -> None:
        try:
            self.queue.put_nowait(encoder.encode(message).decode())
        except asyncio.QueueFull:
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)  # the writer closes it: the client resumes on return


class Bucket:
    """A token bucket: `rate` a second, at most `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class GameServer:
    """Every game of a folder, and the connections to them."""

    def __init__(
        self, folder: Path, rate: float = RATE, burst: int = BURST, clock=time.time, host_key: str | None = None
    ):
        self.folder = Path(folder)
        self.host_key = host_key
        """Asked of whoever starts a game (None: anyone who reaches the server may; on loopback)."""
        self.clock = clock
        """The time the move limits are checked against (a test may move it on)."""
        self.rate, self.burst = rate, burst
        self.games: dict[str, HostedGame] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.sockets: set[web.WebSocketResponse] = set()
        """Every open connection, greeted or not (closed when the server stops)."""
        self.bots: dict[str, asyncio.Task[None]] = {}
        self._clock_task: asyncio.Task[None] | None = None
        self.problems: list[str] = []
        """Games of the folder that could not be opened, and why (the server runs the others)."""

    # -- the games --------------------------------------------------------------------------------
    def open_all(self) -> None:
        """Open every game of the folder: each resumes from its journal."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for table in sorted(self.folder.glob("*.net.json")):
            game = table.name.removesuffix(".net.json")
            if not codes.GAME_ID.match(game) or game in self.games:
                continue
            try:
                hosted, warnings = HostedGame.open(self.folder, game)
            except Exception as exc:  # noqa: BLE001 - one bad game must not stop the others
                self.problems.append(f"{game}: {exc}")
                continue
            self.problems += [f"{game}: {w}" for w in warnings]
            self._add(hosted)

    def _add(self, hosted: HostedGame) -> None:
        self.games[hosted.game] = hosted
        self.locks[hosted.game] = asyncio.Lock()
        self.conns[hosted.game] = set()

    def start_bots(self) -> None:
        for game in self.games:
            self.wake_bots(game)
        self._clock_task = asyncio.get_running_loop().create_task(self._watch_the_clock())

    async def _watch_the_clock(self) -> None:
        """Every `CLOCK_EVERY` seconds: a move whose time ran out is played as its game's rule says."""
        for _ in range(10**9):
            await asyncio.sleep(CLOCK_EVERY)
            await self.check_time_limits()

    async def check_time_limits(self) -> list[str]:
        """Play for every person whose move's time has run out (the rule "bot"); the games it played in."""
        played = []
        for game, hosted in list(self.games.items()):
            state = hosted.timed_out(self.clock())
            if state is None or state.pending is None:
                continue
            seat = state.pending.seat
            command = await asyncio.to_thread(HostedGame.bot_command, TIMEOUT_BOT, state, hosted.rnd.randrange(2**31))
            async with self.locks[game]:
                start = await asyncio.to_thread(hosted.play_bot, state, command)
                if start is None:
                    continue
                civ = state.players[seat].civ.capitalize()
                self.send_steps(game, start)
                self.tell(game, Note("", f"{civ}'s time ran out: the {TIMEOUT_BOT} bot played for them", hosted.line()))
                self.tell(game, hosted.deadline())
            played.append(game)
            self.wake_bots(game)
        return played

    def close(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
        for task in self.bots.values():
            task.cancel()
        for hosted in self.games.values():
            hosted.close()

    async def new_game(self, msg: NewGame) -> Invites:
        """Start the game `msg` describes.

        Raises:
            HostKeyRefused: the server asks for its host key and `msg` has another.
            ValueError: the rules refuse it, or the server holds too many games.
        """
        if self.host_key is not None and not hmac.compare_digest(msg.key.strip().encode(), self.host_key.encode()):
            raise HostKeyRefused(
                "this server asks for its host key to start a game"
                + (" and that is not it" if msg.key.strip() else "")
                + ": ask whoever runs it (monuments serve prints it), then give it with --key (or the form's Host key)"
            )
        if len(self.games) >= MAX_GAMES:
            raise ValueError(f"this server holds {MAX_GAMES} games already; start one on another server")
        seed = msg.seed if msg.seed is not None else random.SystemRandom().randrange(1, 2**31)
        options = msg.options if msg.options is not None else RuleOptions()
        config = GameConfig(civs=msg.civs, mode=msg.mode, seed=seed, solo=msg.solo, options=options)
        seats = msg.seats or tuple("ai" if s == config.ai_seat else "human" for s in range(len(msg.civs)))
        if any(not 0 <= s < len(msg.civs) for s in msg.teachers):
            raise ValueError(f"a teacher's seat is one of 0 to {len(msg.civs) - 1}")
        hosted, plain = await asyncio.to_thread(
            HostedGame.create,
            self.folder,
            config,
            seats,
            teaching=msg.teaching,
            hints=msg.hints,
            move_days=msg.move_days,
            timeout_rule=msg.timeout_rule,
            watch_seats=msg.teachers,
        )
        self._add(hosted)
        self.wake_bots(hosted.game)
        return Invites(hosted.game, hosted.session.title, plain)

    # -- telling everyone -------------------------------------------------------------------------
    def presence(self, game: str) -> Presence:
        conns = self.conns[game]
        seated = {c.seat for c in conns if c.role == "seat" and c.seat is not None}
        watchers = sum(1 for c in conns if c.role != "seat")
        return Presence(self.games[game].seat_list(seated), watchers)

    def send_steps(self, game: str, start: int) -> None:
        """The line of play from `start` on, to every connection of `game` as its viewer sees it."""
        hosted = self.games[game]
        by_viewer: dict[int | None, list[Steps]] = {}
        for conn in self.conns[game]:
            if conn.viewer not in by_viewer:
                by_viewer[conn.viewer] = _chunks(hosted.steps_for(conn.viewer, start))
            for message in by_viewer[conn.viewer]:
                conn.send(message)

    def tell(self, game: str, message: ServerMessage, seat: int | None = None) -> None:
        """`message` to every connection of `game` (only those of `seat` when given: its player and teachers)."""
        for conn in self.conns[game]:
            if seat is None or (conn.seat == seat and conn.role != "watch"):
                conn.send(message)

    # -- bots -------------------------------------------------------------------------------------
    def wake_bots(self, game: str) -> None:
        task = self.bots.get(game)
        if task is None or task.done():
            self.bots[game] = asyncio.get_running_loop().create_task(self._run_bots(game))

    async def _run_bots(self, game: str) -> None:
        hosted = self.games[game]
        for _ in range(100_000):  # a game ends long before; bounded all the same
            turn = hosted.bot_to_play()
            if turn is None:
                return
            controller, state = turn
            seed = hosted.rnd.randrange(2**31)
            command = await asyncio.to_thread(HostedGame.bot_command, controller, state, seed)
            async with self.locks[game]:
                start = await asyncio.to_thread(hosted.play_bot, state, command)
                if start is not None:
                    self.send_steps(game, start)
                    if hosted.table.move_days:
                        self.tell(game, hosted.deadline())

    # -- one connection ---------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=CLIENT_FRAME_MAX * 4, heartbeat=30)
        await ws.prepare(request)
        self.sockets.add(ws)
        conn = None
        try:
            conn = await self._greet(ws)
            if conn is not None:
                await self._serve(conn)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if conn is not None:
                self.conns[conn.game].discard(conn)
                self.tell(conn.game, self.presence(conn.game))
            self.sockets.discard(ws)
            await ws.close()
        return ws

    async def close_sockets(self) -> None:
        """Close every open connection, saying the server is going away: a stopping server
        waits for no client (the clients resume from the last step they hold once it is back)."""
        for ws in list(self.sockets):
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.close(code=WSCloseCode.GOING_AWAY, message=b"the server is stopping")

    async def _greet(self, ws: web.WebSocketResponse) -> Conn | None:
        """The first message: `Hello` (a code) or `NewGame`; anything else closes the connection."""
        try:
            frame = await ws.receive(timeout=HELLO_WITHIN)
        except TimeoutError:
            await _fail(ws, f"say who you are (hello with a code) within {HELLO_WITHIN:.0f} seconds")
            return None
        if frame.type != WSMsgType.TEXT:
            await _fail(ws, "the first message must be a hello with a code, as JSON text")
            return None
        try:
            msg = read_client(frame.data)
        except ValueError as exc:
            await _fail(ws, str(exc))
            return None
        if isinstance(msg, NewGame):
            try:
                invites = await self.new_game(msg)
            except HostKeyRefused as exc:
                await asyncio.sleep(0.5)  # guessing keys is slow as well as hopeless
                await _fail(ws, str(exc))
                return None
            except (ValueError, OSError) as exc:
                await _fail(ws, f"cannot start this game: {exc}")
                return None
            await ws.send_str(encoder.encode(invites).decode())
            return None
        if not isinstance(msg, Hello):
            await _fail(ws, "the first message must be a hello with a code")
            return None
        return await self._welcome(ws, msg)

    async def _welcome(self, ws: web.WebSocketResponse, hello: Hello) -> Conn | None:
        game = codes.game_of(hello.code)
        hosted = self.games.get(game or "")
        entry = hosted.access(hello.code) if hosted is not None else None
        if hosted is None or entry is None:
            await asyncio.sleep(0.5)  # guessing codes is slow as well as hopeless
            await _fail(ws, "no game on this server has that code: check it with the person who sent it")
            return None
        conn = Conn(ws, hosted.game, entry.role, entry.seat, hello.name[:40])
        async with self.locks[hosted.game]:
            start = hosted.resume_from(hello.have, hello.last)
            initial = seat_view(hosted.session.initial_state, conn.viewer) if start == 0 else None
            conn.send(
                Welcome(
                    hosted.game,
                    hosted.session.title,
                    entry.role,
                    entry.seat,
                    hosted.seat_list(set()),
                    hosted.session.teaching,
                    initial,
                    hosted.table.move_days,
                    hosted.table.timeout_rule,
                    hosted.session.header.created,
                )
            )
            for message in _chunks(hosted.steps_for(conn.viewer, start)):
                conn.send(message)
            for record in hosted.notes():
                conn.send(Note("", record.text, record.after))
            if hosted.table.move_days:
                conn.send(hosted.deadline())
            self.conns[hosted.game].add(conn)
            self.tell(hosted.game, self.presence(hosted.game))
        return conn

    async def _serve(self, conn: Conn) -> None:
        writer = asyncio.get_running_loop().create_task(_write(conn))
        bucket = Bucket(self.rate, self.burst)
        try:
            async for frame in conn.ws:
                if writer.done():
                    return
                if frame.type != WSMsgType.TEXT:
                    conn.send(Refusal("", "messages are JSON text frames; this one was not"))
                    continue
                try:
                    msg = read_client(frame.data)
                except ValueError as exc:
                    conn.send(Refusal("", str(exc)))
                    continue
                if not bucket.take():
                    cid = msg.id if isinstance(msg, (Play, Request)) else ""
                    conn.send(Refusal(cid, f"too many messages: at most {self.rate:.0f} a second; send it again"))
                    continue
                await self._dispatch(conn, msg)
        finally:
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await asyncio.wait_for(writer, 5)

    async def _dispatch(self, conn: Conn, msg: ClientAny) -> None:
        if isinstance(msg, Ping):
            return
        if isinstance(msg, (Hello, NewGame)):
            conn.send(Refusal("", "this connection has said who it is already"))
            return
        refusal = _not_allowed(conn, msg)
        if refusal:
            conn.send(Refusal(msg.id, refusal))
            return
        game, hosted = conn.game, self.games[conn.game]
        assert conn.seat is not None  # _not_allowed refuses watchers
        async with self.locks[game]:
            before = hosted.answered(conn.seat, msg.id) if conn.role == "seat" else None
            if before is not None:
                conn.send(before)
                return
            teaching = hosted.session.teaching
            outcome = await self._decide(conn, hosted, msg)
            if hosted.session.teaching != teaching:
                self.tell(game, Teaching(hosted.session.teaching))
            if outcome.start is not None:
                self.send_steps(game, outcome.start)
                if hosted.table.move_days:
                    self.tell(game, hosted.deadline())
            conn.send(outcome.answer)
            self._after(conn, hosted, msg, outcome)
        if outcome.start is not None:
            self.wake_bots(game)

    async def _decide(self, conn: Conn, hosted: HostedGame, msg: Play | Request) -> Outcome:
        seat = conn.seat
        assert seat is not None
        if isinstance(msg, Play):
            return await asyncio.to_thread(hosted.play, seat, msg.id, msg.text)
        kind = msg.kind
        if kind == "note":
            outcome, record = await asyncio.to_thread(hosted.note, seat, msg.id, conn.name or conn.role, msg.text)
            if record is not None:
                self.tell(conn.game, _note(record, conn))
            return outcome
        if kind == "suggest":
            text = msg.text.strip()
            if not text:
                return Outcome(Refusal(msg.id, "a suggestion names a move, e.g. play production"))
            self.tell(conn.game, Note(conn.name or "teacher", text, hosted.line(), suggestion=True), seat)
            return Outcome(Ack(msg.id, hosted.line(), "suggestion sent"))
        if kind == "hint":
            outcome, moves = await asyncio.to_thread(hosted.hint, seat, msg.id)
            if moves:
                conn.send(Hint(msg.id, moves))
            return outcome
        if kind == "undo":
            return await asyncio.to_thread(hosted.undo, seat, msg.id)
        if kind == "redo":
            return await asyncio.to_thread(hosted.redo, seat, msg.id)
        if kind == "teaching":
            return await asyncio.to_thread(hosted.teaching, seat, msg.id, msg.text)
        return await asyncio.to_thread(hosted.answer, seat, msg.id, kind == "accept")

    def _after(self, conn: Conn, hosted: HostedGame, msg: Play | Request, outcome: Outcome) -> None:
        """Tell the table what else the request began: an undo waiting for answers."""
        if isinstance(msg, Request) and msg.kind == "undo" and hosted.undo_asked is not None:
            by, waiting = hosted.undo_asked
            self.tell(conn.game, UndoAsked(by, tuple(sorted(waiting))))
        elif isinstance(msg, Request) and msg.kind == "teaching" and hosted.teaching_asked is not None:
            by, waiting = hosted.teaching_asked
            self.tell(conn.game, UndoAsked(by, tuple(sorted(waiting)), "teaching on"))
        elif outcome.said and isinstance(msg, Request) and msg.kind == "decline":
            self.tell(conn.game, Note("", outcome.said, hosted.line()))


def _not_allowed(conn: Conn, msg: Play | Request) -> str | None:
    """Why this connection may not send `msg`, or None."""
    if conn.role == "watch":
        return "a spectator watches: it cannot play, ask or write in this game"
    if conn.role == "teacher":
        if isinstance(msg, Request) and msg.kind in ("note", "suggest"):
            return None
        return "a teacher follows the seat: notes and suggested moves only, no playing"
    if isinstance(msg, Request) and msg.kind == "suggest":
        return "suggested moves are a teacher's; a player plays them"
    return None


def _note(record: NoteRecord, conn: Conn) -> Note:
    return Note("", record.text, record.after)  # the record's text names its author


def _chunks(steps: Steps) -> list[Steps]:
    """`steps` cut into messages of at most `STEPS_PER_MESSAGE` steps (the final state with the last)."""
    if len(steps.steps) <= STEPS_PER_MESSAGE:
        return [steps]
    out = []
    for i in range(0, len(steps.steps), STEPS_PER_MESSAGE):
        part = steps.steps[i : i + STEPS_PER_MESSAGE]
        last = i + STEPS_PER_MESSAGE >= len(steps.steps)
        out.append(Steps(steps.start + i, part, steps.revealed if last else None))
    return out


async def _write(conn: Conn) -> None:
    """Send what is queued for `conn`, in order; None (or a broken connection) ends it."""
    for _ in range(10**9):
        data = await conn.queue.get()
        if data is None or conn.ws.closed:
            return
        try:
            await conn.ws.send_str(data)
        except (ConnectionError, RuntimeError):
            return


async def _fail(ws: web.WebSocketResponse, reason: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(encoder.encode(Error(reason)).decode())


def make_app(server: GameServer) -> web.Application:
    """The aiohttp application: the game protocol at /ws."""
    app = web.Application()
    app.router.add_get("/ws", server.handle)

    async def startup(_app: web.Application) -> None:
        server.open_all()
        server.start_bots()

    async def shutdown(_app: web.Application) -> None:
        await server.close_sockets()

    async def cleanup(_app: web.Application) -> None:
        server.close()

    app.on_startup.append(startup)
    app.on_shutdown.append(shutdown)
    app.on_cleanup.append(cleanup)
    return app
