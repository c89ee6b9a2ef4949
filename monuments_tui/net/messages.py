"""The messages of the game server's protocol: msgspec structs in two tagged unions.

A client sends `ClientMessage`s, the server `ServerMessage`s, each a JSON text frame with a
`type` tag. A client frame over `CLIENT_FRAME_MAX` bytes, one that is not JSON, or one that
is not exactly one of these types is refused with an `Error` naming the problem. See
docs/network.md for the order of a conversation.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from monuments_tui.game.timeline import Step
from monuments_tui.rules.card_types import Civ
from monuments_tui.rules.config import Difficulty, RuleOptions
from monuments_tui.rules.state import GameState

CLIENT_FRAME_MAX = 4096
"""The largest frame a client may send: a command, a note or a code is far shorter."""
SERVER_FRAME_MAX = 4 * 1024 * 1024
"""The largest frame a client accepts: a whole long game's steps fit with room to spare."""
CODE_MAX = 64
ID_MAX = 64
TEXT_MAX = 600
"""Longest command or note text (a note's own limit, NOTE_MAX, is checked when it is kept)."""

CodeText = Annotated[str, msgspec.Meta(min_length=1, max_length=CODE_MAX)]
CommandId = Annotated[str, msgspec.Meta(min_length=1, max_length=ID_MAX, pattern=r"^[A-Za-z0-9_.:-]+$")]
Text = Annotated[str, msgspec.Meta(max_length=TEXT_MAX)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=10**9)]

Role = Literal["seat", "watch", "teacher"]
RequestKind = Literal["undo", "redo", "note", "hint", "accept", "decline", "suggest", "teaching"]


class ClientMessage(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """Anything a client sends."""


class Hello(ClientMessage, tag="hello", frozen=True):
    """The first message of every connection: the invite or watch code, and the last step the
    client holds (0: none) so that the server sends only what follows."""

    code: CodeText
    have: Seq = 0
    last: Seq = 0
    """The record number of the last step held (the server checks the client's line is its own)."""
    name: Annotated[str, msgspec.Meta(max_length=40)] = ""


class Play(ClientMessage, tag="command", frozen=True):
    """A command in the notation, with an id the client chose: sent again after a lost
    connection, it is answered again and never played twice."""

    id: CommandId
    text: Text


class Request(ClientMessage, tag="request", frozen=True):
    """Undo, redo, a note, a hint, an answer to another seat's undo (or to switching teaching mode on),
    a teacher's suggestion, or teaching mode on or off (`text`: "on" or "off")."""

    id: CommandId
    kind: RequestKind
    text: Text = ""


class Ping(ClientMessage, tag="ping", frozen=True):
    """Keeps an idle connection open through routers that drop silent ones."""


Controller = Annotated[str, msgspec.Meta(pattern=r"^(human|random|heuristic|search|ai)(:\d{1,3}(\.\d{1,3})?s)?$")]
"""Who plays a seat: a person or a bot (a search bot with its think time, e.g. search:0.3s; checked by the rules)."""


class NewGame(ClientMessage, tag="new_game", frozen=True):
    """Instead of `Hello`: start a game on the server (`monuments host`); answered by `Invites`."""

    civs: Annotated[tuple[Civ, ...], msgspec.Meta(min_length=1, max_length=4)]
    seats: Annotated[tuple[Controller, ...], msgspec.Meta(max_length=4)] = ()
    mode: Literal["abundance", "scarcity"] = "abundance"
    seed: Annotated[int, msgspec.Meta(ge=0)] | None = None
    """The deal (None: the server picks one and keeps it); its upper bound is checked by the rules."""
    solo: Difficulty | None = None
    teaching: bool = False
    hints: bool = False
    teachers: Annotated[tuple[Annotated[int, msgspec.Meta(ge=0, le=3)], ...], msgspec.Meta(max_length=4)] = ()
    """Seats that get a teacher's watch code."""
    move_days: Annotated[int, msgspec.Meta(ge=0, le=60)] = 0
    timeout_rule: Literal["", "bot"] = ""
    key: Annotated[str, msgspec.Meta(max_length=CODE_MAX)] = ""
    """The server's host key, when it asks for one (`monuments serve` beyond loopback prints it)."""
    options: RuleOptions | None = None
    """The rule options (None: the defaults); checked by the rules when the game is made."""


ClientAny = Hello | Play | Request | Ping | NewGame


class ServerMessage(msgspec.Struct, tag_field="type", frozen=True):
    """Anything the server sends."""


class Seat(msgspec.Struct, frozen=True):
    """One seat of the table as every viewer sees it."""

    seat: int
    civ: str
    controller: str
    """"human" or a bot's name."""
    connected: bool = False


class Welcome(ServerMessage, tag="welcome", frozen=True):
    """The answer to `Hello`: who the connection is, the game, and where it starts from.

    `initial` is the viewer's view of the state the game began from; with `have` > 0 the
    client already holds it and it is None. The steps follow in `Steps` messages.
    """

    game: str
    title: str
    role: Role
    seat: int | None
    """The seat this connection plays (role "seat") or follows (role "teacher")."""
    seats: tuple[Seat, ...]
    teaching: bool
    initial: GameState | None
    move_days: int = 0
    """The time limit per move in days (0: none), and what happens when it runs out."""
    timeout_rule: str = ""
    created: str = ""
    """When the game was started (the save header's time), for the records a client writes."""


class Steps(ServerMessage, tag="steps", frozen=True):
    """The line of play from step `start` on, as this viewer may see it.

    `start` is 0-based (the number of steps before the first one here). When `start` is less
    than the steps the client holds, the steps after it were taken back (undo) and these
    replace them. `revealed`: the game is over and this is the whole final state.
    """

    start: int
    steps: tuple[Step, ...]
    revealed: GameState | None = None


class Ack(ServerMessage, tag="ack", frozen=True):
    """A command or request was done; `line` is the length of the line of play after it."""

    id: str
    line: int
    said: str = ""


class Refusal(ServerMessage, tag="refusal", frozen=True):
    """A command or request was not done, and why; nothing changed. A refusal of the rules
    keeps its parts apart, as `RuleViolation` does, for the screen to lay out."""

    id: str
    reason: str
    """What is wrong (the whole sentence when the rules are not the ones refusing)."""
    hint: str = ""
    """What would work instead, or ""."""
    rule: str = ""
    """The rulebook section and line that applies, or ""."""

    @property
    def problem(self) -> str:
        """What is wrong: the field the screen reads of every refusal (`ui.refusal_words`)."""
        return self.reason


class Presence(ServerMessage, tag="presence", frozen=True):
    """Who is connected, sent to everyone whenever it changes."""

    seats: tuple[Seat, ...]
    watchers: int


class Note(ServerMessage, tag="note", frozen=True):
    """A note kept with the game (shared with every viewer), or a teacher's suggestion (to its seat)."""

    author: str
    text: str
    after: int
    """The length of the line of play the note belongs after."""
    suggestion: bool = False


class Hint(ServerMessage, tag="hint", frozen=True):
    """The coach's moves for the seat that asked (sent to that connection only)."""

    id: str
    moves: tuple[tuple[str, str], ...]


class UndoAsked(ServerMessage, tag="undo_asked", frozen=True):
    """A seat asks the other people to agree: to take back a step (in a teaching game), or to switch
    teaching mode on; they accept or decline."""

    by: int
    waiting_for: tuple[int, ...]
    what: Literal["undo", "teaching on"] = "undo"


class Teaching(ServerMessage, tag="teaching", frozen=True):
    """Teaching mode was switched on (everyone agreed) or off, to everyone."""

    on: bool


class Deadline(ServerMessage, tag="deadline", frozen=True):
    """The seat to move must do so by `due` (ISO time, UTC); what happens then is `rule`."""

    seat: int | None
    due: str
    rule: str


class Invites(ServerMessage, tag="invites", frozen=True):
    """The answer to `NewGame`: the game's id and its codes, by what each is for ("seat 1", "watch")."""

    game: str
    title: str
    codes: dict[str, str]


class Error(ServerMessage, tag="error", frozen=True):
    """The connection broke the protocol (or the game is gone): the reason, then the server closes it."""

    reason: str


ServerAny = Welcome | Steps | Ack | Refusal | Presence | Note | Hint | UndoAsked | Teaching | Deadline | Invites | Error

client_decoder = msgspec.json.Decoder(ClientAny)
server_decoder = msgspec.json.Decoder(ServerAny)
encoder = msgspec.json.Encoder()


def read_client(data: str | bytes) -> ClientAny:
    """The client message in `data`.

    Raises:
        ValueError: too long, not JSON, or not one of the client messages; the message says which.
    """
    if len(data) > CLIENT_FRAME_MAX:
        raise ValueError(f"a message may be at most {CLIENT_FRAME_MAX} bytes; this one has {len(data)}")
    try:
        return client_decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"not a message of this game: {exc}") from None


def read_server(data: str | bytes) -> ServerAny:
    """The server message in `data` (a client's side of `read_client`).

    Raises:
        ValueError: too long or not a server message.
    """
    if len(data) > SERVER_FRAME_MAX:
        raise ValueError(f"a server message may be at most {SERVER_FRAME_MAX} bytes; this one has {len(data)}")
    try:
        return server_decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"not a message of this game's server: {exc}") from None
