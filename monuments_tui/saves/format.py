"""Save files: a JSON Lines journal of one game, written and read with msgspec.

Line 1 is a `Header` (format name and version, rules version, the game config with its
seed and options, the seat controllers, the teaching flag, creation time, title, and for a
game that began from a position, that position as text). Every
further line is one record: a command with the events it produced, an undo, a redo,
a switch of teaching mode, a note, the coach's hints as shown or a review's marks. Records are only ever appended, each one flushed and fsynced
before the caller goes on, so a crash loses at most the record being written.

This module knows the file layout only; whether the recorded commands are legal and
yield the recorded events is checked by `monuments_tui.game.session` when a save is loaded.
Nothing is ever executed from a file: lines are decoded into typed Structs (no pickle,
no eval). See docs/save-format.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from monuments_tui import __version__
from monuments_tui.rules.config import GameConfig, check_ai_seat, validate_config
from monuments_tui.rules.errors import MonumentsError
from monuments_tui.saves.lines import (  # the records' types, read and written with the header's
    MARK_SYMBOLS as MARK_SYMBOLS,
    NOTE_MAX as NOTE_MAX,
    TEXT_MAX as TEXT_MAX,
    Annotation as Annotation,
    CmdRecord as CmdRecord,
    HintRecord as HintRecord,
    NoteRecord as NoteRecord,
    Record as Record,
    RecordAny as RecordAny,
    RedoRecord as RedoRecord,
    ReviewRecord as ReviewRecord,
    SavedHint as SavedHint,
    TeachingRecord as TeachingRecord,
    UndoRecord as UndoRecord,
    as_saved as as_saved,
    text_problem as text_problem,
)

FORMAT = "monuments-save"
VERSION = 4
"""The save-format version this program writes; it reads every version up to this one.
Version 2 added the header's optional `position`, typed random draws (`RandomDrawn`) and
the AI's narration as data (`AiReported`), and dropped the config's `ai_seat`. Version 3
added note records (`NoteRecord`). Version 4 binds the rules to the game: the first
command record carries the digest of the header's rule-bearing fields (`binds`)."""
BINDING_VERSION = 4
"""From this version on, a save's first command record must commit to its header's rules."""
RULE_FIELDS = ("config", "seats", "teaching", "hints", "guided", "position")
"""The header's fields that decide how the game is played (the title, time and parent do not)."""
NEW_EVENTS_VERSION = 2
"""From this version on, a save's events are compared byte for byte on load; before it,
narration and the wording of draws are ignored (`timeline.rules_view`)."""
RULES_VERSION = __version__
"""Recorded for information: loading checks the events themselves, not this string."""
MAX_SAVE_BYTES = 50 * 1024 * 1024
"""Larger files are refused: a long game is well under 1 MB."""
ENV_SAVES = "MONUMENTS_SAVES"
NESTED_TOO_DEEPLY = "JSON nested deeper than a save ever is"


class SaveError(ValueError, MonumentsError):
    """A save that cannot be loaded; the message names the file and, where known, the line.

    Attributes:
        path: the file.
        line: the 1-based line number at fault, or None for the whole file.
        reason: the message without the file and line prefix.
    """

    def __init__(self, path: Path | str, line: int | None, reason: str):
        self.path = Path(path)
        self.line = line
        self.reason = reason
        where = f"{path}, line {line}" if line is not None else f"{path}"
        super().__init__(f"{where}: {reason}")


class Header(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The first line of a save. Checked whenever one is made or decoded (`__post_init__`):
    a header that reads is one whose game can be set up and played."""

    format: str = FORMAT
    version: int = VERSION
    rules_version: str = RULES_VERSION
    config: GameConfig
    seats: tuple[str, ...] = ()
    """Controller of each seat: "human", "random", "heuristic", "search" or "ai" (one per civilisation)."""
    teaching: bool = False
    """Teaching mode at the start (later switches are `TeachingRecord`s)."""
    hints: bool = False
    """The coach's hints are allowed outside teaching mode; older saves, without it, read as False."""
    guided: bool = False
    """The guided first game of `monuments learn`: lessons explain each thing as it first happens."""
    created: str = ""
    """Local time the game was started, ISO 8601 with offset."""
    title: str = ""
    parent: str | None = None
    """For "play from here": the save this game branched from."""
    parent_step: int | None = None
    """For "play from here": how many steps of the parent's line of play this game begins with."""
    position: str | None = None
    """The position the game began from, as text (docs/positions.md); None: the deal of
    `new_game(config)`. Its configuration is the header's `config`."""

    def __post_init__(self) -> None:
        # msgspec turns a ValueError raised here into a ValidationError of the decode.
        problem = versions_problem(self.format, self.version, self.rules_version)
        if problem is None:
            validate_config(self.config)
            problem = seats_problem(self.config, self.seats) or header_text_problem(self)
        if problem is not None:
            raise ValueError(problem)


TITLE_MAX = 200
"""The longest title of a game, in characters: a line in the Load list."""


def header_text_problem(header: Header) -> str | None:
    """What is wrong with the header's text (title, time, parent save, position), or None: each is
    printable text of a sane length, so nothing from a file can write to a terminal."""
    texts = [(header.title, "the title", TITLE_MAX), (header.created, "the creation time", 64)]
    if header.parent is not None:
        texts.append((header.parent, "the parent save", 4096))
    if header.position is not None:
        if len(header.position) > MAX_POSITION_CHARS:
            return f"the position is at most {MAX_POSITION_CHARS} characters; this one has {len(header.position)}"
        texts += [
            (line, f"line {n} of the position", TEXT_MAX) for n, line in enumerate(header.position.split("\n"), 1)
        ]
    return next((p for text, what, limit in texts if (p := text_problem(text, what, limit)) is not None), None)


MAX_POSITION_CHARS = 200_000
"""A position's text is a few kilobytes; a header carries one at most this long."""

CONTROLLERS = ("human", "random", "heuristic", "search", "ai")
"""Who may play a seat; "ai" is the solo AI's deck, on the AI seat of a solo game only."""
THINK_TIME = re.compile(r"search:(?!0+(\.0*)?s)\d{1,3}(\.\d{1,3})?s")
"""A search bot with its own think time a decision, e.g. "search:0.5s" (`ai.search_bot`)."""
_VERSION_FORM = re.compile(r"(\d{1,6})\.(\d{1,6})\.(\d{1,6})")


def parse_version(text: object) -> tuple[int, int, int] | None:
    """(major, minor, patch) of a version such as "0.4.0", or None if it is not one."""
    m = _VERSION_FORM.fullmatch(text) if isinstance(text, str) else None
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def versions_problem(fmt: object, version: object, rules_version: object) -> str | None:
    """What is wrong with a header's format name and versions, or None: this program reads it."""
    if fmt != FORMAT:
        return f"not a Monuments save (the first line does not say format {FORMAT!r})"
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return f"invalid save format version {version!r}: it is a whole number, 1 to {VERSION}"
    if version > VERSION:
        return (
            f"this save has format version {version}, newer than this program reads (up to {VERSION}); "
            "update monuments to open it"
        )
    written_by = parse_version(rules_version)
    if written_by is None:
        return f"invalid rules version {rules_version!r}: it is a program version such as {RULES_VERSION!r}"
    own = parse_version(RULES_VERSION)
    assert own is not None, "the program's own version is a version"
    if written_by > own:
        return (
            f"this save was written by monuments {rules_version}, newer than this program ({RULES_VERSION}); "
            "update monuments to open it"
        )
    return None


def seats_problem(config: GameConfig, seats: tuple[str, ...]) -> str | None:
    """What is wrong with the seat controllers of a game of `config`, or None.

    One controller per civilisation, each a known one; "ai" exactly on the solo AI's seat
    [Solo set-up, l.434] and nowhere else.
    """
    civs = config.civs
    if len(seats) != len(civs):
        return (
            f"seat controllers: {len(seats)} given for {len(civs)} civilisations ({', '.join(civs)}); "
            f"give one per civilisation, e.g. {list(default_seats(config))}"
        )
    for seat, (civ, name) in enumerate(zip(civs, seats, strict=True)):
        where = f"seat {seat} ({civ})"
        if seat == config.ai_seat:
            if name != "ai":
                return f"{where} is the solo AI's seat: its controller is 'ai', not {name!r}"
        elif name == "ai":
            return f"{where} is 'ai', but the solo AI plays only the AI seat of a solo game; choose human, random, heuristic or search"
        elif name not in CONTROLLERS and not THINK_TIME.fullmatch(name):
            return f"unknown seat controller {name!r} for {where}; choose human, random, heuristic or search"
    return None


def default_seats(config: GameConfig) -> tuple[str, ...]:
    """A person on every seat, and the solo AI on its own."""
    return tuple("ai" if seat == config.ai_seat else "human" for seat in range(len(config.civs)))


ENCODER = msgspec.json.Encoder()
_HEADER_DECODER = msgspec.json.Decoder(Header)
_RECORD_DECODER = msgspec.json.Decoder(RecordAny)
_ANY_DECODER = msgspec.json.Decoder()


class SaveFile(msgspec.Struct):
    """A save as read from disk, before the game in it is checked."""

    path: Path
    header: Header
    records: list[RecordAny]
    warnings: list[str]
    good_length: int
    """Bytes of the file that hold whole, valid lines (less than the size if a tail was torn)."""
    needs_repair: bool = False
    """The file must be cut to `good_length` (safely) before anything is appended."""
    rules_digest: str = ""
    """The digest of the header's rules as written in the file (`rules_digest`)."""


def rules_digest(loose_header: dict[str, Any]) -> str:
    """The digest of a header's rule-bearing fields (`RULE_FIELDS`), taken from the header as
    written (decoded loosely, keys sorted), so that a later program, whose config may have
    more options, computes the same digest from the same line."""
    fields = {key: loose_header.get(key) for key in RULE_FIELDS}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def header_digest(header: Header) -> str:
    """`rules_digest` of the header as this program writes it."""
    loose: dict[str, Any] = _ANY_DECODER.decode(encode_line(header))
    return rules_digest(loose)


def bind_first_command(records: list[RecordAny], digest: str) -> list[RecordAny]:
    """`records` with the first command record committing to `digest` (if it does not yet)."""
    for i, record in enumerate(records):
        if isinstance(record, CmdRecord):
            if record.binds is None:
                records = [*records[:i], msgspec.structs.replace(record, binds=digest), *records[i + 1 :]]
            break
    return records


def binding_problem(save: SaveFile) -> tuple[int, str] | None:
    """(line, what is wrong) if the save's first command does not commit to its header's rules, or None.

    A save of format 4 or later must carry the commitment; an older one is checked if it has one.
    """
    first = next((r for r in save.records if isinstance(r, CmdRecord)), None)
    if first is None:
        return None  # nothing played yet: the header may still say anything it checks for
    if first.binds is None:
        if save.header.version < BINDING_VERSION:
            return None
        return first.seq + 1, "the first move does not commit to the game's rules (its binds field is missing)"
    if first.binds != save.rules_digest:
        return (
            first.seq + 1,
            "the header's rules (mode, options, seats, seed, civilisations, teaching, hints or position) are not "
            "those this game was played under: they were edited after its first move. Only the title may be edited",
        )
    return None


def encode_line(obj: Header | RecordAny) -> bytes:
    """One line of a save, with its newline."""
    return ENCODER.encode(obj) + b"\n"


def read_save(path: Path | str) -> SaveFile:
    """Read and decode a save without checking the game in it. Never modifies the file.

    A last line that is not even valid JSON is taken for a write cut short by a crash:
    it is dropped with a warning. Anything wrong elsewhere is an error.

    Raises:
        SaveError: not a save, a newer format, too large, unreadable, or corrupt; the
            message names the file and the line.
    """
    path = Path(path)
    data = _read_regular_file(path)
    if not data.strip():
        raise SaveError(path, 1, "the file is empty: not a Monuments save")

    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    header = _read_header(path, lines[0])
    digest = rules_digest(_decode(_ANY_DECODER, lines[0]))  # line 1 decoded just above: a dict
    records: list[RecordAny] = []
    warnings: list[str] = []
    offset = len(lines[0]) + 1
    good_length = min(offset, len(data))
    needs_repair = not data.endswith(b"\n")
    last = len(lines) - 1
    for index in range(1, len(lines)):
        raw = lines[index]
        lineno = index + 1
        try:
            record = _decode(_RECORD_DECODER, raw)
        except msgspec.DecodeError as exc:
            if index == last and not data.endswith(b"\n") and not _is_json(raw):
                warnings.append(
                    f"{path}, line {lineno}: the last line was cut short ({len(raw)} bytes, probably a crash "
                    "while saving) and was dropped; the game resumes before it"
                )
                needs_repair = True
                break
            hint = ""
            if header.rules_version != RULES_VERSION:
                hint = f"; the file was written by monuments {header.rules_version}, this is {RULES_VERSION}"
            raise SaveError(path, lineno, f"corrupt record ({exc}{hint})") from None
        if record.seq != index:
            raise SaveError(path, lineno, f"record number {record.seq} where {index} was expected")
        records.append(record)
        offset += len(raw) + 1
        good_length = min(offset, len(data))
    return SaveFile(path, header, records, warnings, good_length, needs_repair, digest)


def _read_regular_file(path: Path, limit: int | None = None, kind: str = "a save file") -> bytes:
    """The bytes of `path`, refusing anything but a regular file of at most `limit` bytes.

    The file is opened without blocking and checked before a byte is read, so a FIFO, a
    device (`/dev/zero`, `/dev/urandom`) or a folder is refused at once; the limit counts
    the bytes actually read, so a file that grows while it is read cannot get past it.
    `limit` None: `MAX_SAVE_BYTES`.
    """
    limit = MAX_SAVE_BYTES if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise SaveError(path, None, f"cannot read the file ({exc.strerror or exc})") from None
    try:
        _refuse_unless_regular(path, os.fstat(fd).st_mode, kind)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise SaveError(path, None, f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if total > limit:
        raise SaveError(path, None, f"the file is larger than the {_size_words(limit)} {kind} may be")
    return b"".join(chunks)


def _size_words(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 2**10} KB"


MAX_TEXT_BYTES = 10 * 1024 * 1024
"""The largest text file read (a record or a position): a long game's record is well under 1 MB."""


def read_text_file(path: Path | str, kind: str, limit: int = MAX_TEXT_BYTES) -> str:
    """The text of `path`, read as carefully as a save: the one way any file other than a save comes in.

    Only a regular file is read, never more than `limit` bytes, and it must be UTF-8 (a
    byte order mark is allowed); what it holds is for its own reader to check, line by line.

    Raises:
        SaveError: naming the file (and the line of a byte that is not UTF-8), saying what is wrong.
    """
    path = Path(path)
    data = _read_regular_file(path, limit, kind)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SaveError(
            path, line, f"this is not UTF-8 text (byte {exc.start + 1} is {data[exc.start]:#04x}); save {kind} as UTF-8"
        ) from None


def check_regular_file(path: Path) -> None:
    """Refuse, without opening it, anything at `path` but an existing regular file.

    Raises:
        SaveError: missing, unreadable, or a folder, pipe, device or socket.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise SaveError(path, None, f"cannot read the file ({exc.strerror or exc})") from None
    _refuse_unless_regular(path, mode)


def _refuse_unless_regular(path: Path, mode: int, kind: str = "a save file") -> None:
    if not stat.S_ISREG(mode):
        raise SaveError(path, None, f"{_file_kind(mode)}, not {kind}")


def _file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _decode(decoder: msgspec.json.Decoder[Any], raw: bytes) -> Any:  # Any: each decoder has its own type
    """Decode one line; nesting deeper than the decoder can follow is a decode error too."""
    try:
        return decoder.decode(raw)
    except RecursionError:
        raise msgspec.DecodeError(NESTED_TOO_DEEPLY) from None


def _is_json(raw: bytes) -> bool:
    try:
        _decode(_ANY_DECODER, raw)
    except msgspec.DecodeError:
        return False
    return True


def _read_header(path: Path, raw: bytes) -> Header:
    try:
        loose = _decode(_ANY_DECODER, raw)
    except msgspec.DecodeError as exc:
        why = f": {exc}" if str(exc) == NESTED_TOO_DEEPLY else ""
        raise SaveError(path, 1, f"not a Monuments save (the first line is not a save header{why})") from None
    if not isinstance(loose, dict):
        loose = {}
    # Format and versions first, read loosely: a newer file is refused as newer, not as corrupt.
    problem = versions_problem(loose.get("format"), loose.get("version"), loose.get("rules_version", RULES_VERSION))
    if problem is not None:
        raise SaveError(path, 1, problem)
    try:
        header: Header = _decode(_HEADER_DECODER, _without_ai_seat(loose) if loose.get("version") == 1 else raw)
        return header
    except (msgspec.DecodeError, ValueError) as exc:
        raise SaveError(path, 1, f"invalid save header: {exc}") from None


def _without_ai_seat(loose: dict[str, Any]) -> bytes:
    """A format-1 header without its config's `ai_seat` (derived from `solo` since format 2),
    once it is checked to agree with `solo`.

    Raises:
        ValueError: the recorded AI seat is not the one `solo` implies.
    """
    config = loose.get("config")
    if isinstance(config, dict) and "ai_seat" in config:
        config = dict(config)
        check_ai_seat(config.get("solo"), config.pop("ai_seat"))
        loose = {**loose, "config": config}
    return ENCODER.encode(loose)


def encode_header(header: Header) -> bytes:
    """The header's line, checked to read back as it is: a save is never begun that would not load.

    Raises:
        ValueError: saying what the reader would refuse (e.g. a seed beyond 64 bits).
    """
    data = encode_line(header)
    try:
        _HEADER_DECODER.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"this game cannot be saved: its header would not read back ({exc})") from None
    return data


# -- names -----------------------------------------------------------------------------------
def default_saves_dir() -> Path:
    """`$MONUMENTS_SAVES` if set, else `./saves`."""
    env = os.environ.get(ENV_SAVES)
    return Path(env) if env else Path("saves")


def now_iso() -> str:
    """The local time now, ISO 8601 with offset, to the second."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def save_name(config: GameConfig, when: datetime | None = None) -> str:
    """A file name saying when, who and which configuration, e.g.
    `2026-11-30T0912_greece-egypt_scarcity_s7.jsonl`."""
    when = when or datetime.now()
    parts = [when.strftime("%Y-%m-%dT%H%M"), "-".join(config.civs), config.mode]
    if config.solo:
        parts.append(f"solo-{config.solo}")
    parts.append(f"s{config.seed}")
    return "_".join(parts) + ".jsonl"
