"""Save files: a JSON Lines journal of one game, written and read with msgspec.

Line 1 is a `Header` (format name and version, rules version, the game config with its
seed and options, the seat controllers, the teaching flag, creation time, title, and for a
game that began from a position, that position as text). Every
further line is one record: a command with the events it produced, an undo, a redo, or
a switch of teaching mode. Records are only ever appended, each one flushed and fsynced
before the caller goes on, so a crash loses at most the record being written.

This module knows the file layout only; whether the recorded commands are legal and
yield the recorded events is checked by `monuments_tui.session` when a save is loaded.
Nothing is ever executed from a file: lines are decoded into typed Structs (no pickle,
no eval). See docs/save-format.md.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

import msgspec

from monuments_tui import __version__
from monuments_tui.rules.commands import CommandAny
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.events import EventAny

FORMAT = "monuments-save"
VERSION = 2
"""The save-format version this program writes; it reads every version up to this one.
Version 2 added the header's optional `position`."""
RULES_VERSION = __version__
"""Recorded for information: loading checks the events themselves, not this string."""
MAX_SAVE_BYTES = 50 * 1024 * 1024
"""Larger files are refused: a long game is well under 1 MB."""
ENV_SAVES = "MONUMENTS_SAVES"
NESTED_TOO_DEEPLY = "JSON nested deeper than a save ever is"


class SaveError(ValueError):
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
    """The first line of a save."""

    format: str = FORMAT
    version: int = VERSION
    rules_version: str = RULES_VERSION
    config: GameConfig
    seats: tuple[str, ...] = ()
    """Controller of each seat: "human", "random", "heuristic" or "ai"."""
    teaching: bool = False
    """Teaching mode at the start (later switches are `TeachingRecord`s)."""
    created: str = ""
    """Local time the game was started, ISO 8601 with offset."""
    title: str = ""
    parent: str | None = None
    """For "play from here": the save this game branched from."""
    position: str | None = None
    """The position the game began from, as text (docs/positions.md); None: the deal of
    `new_game(config)`. Its configuration is the header's `config`."""


class Record(msgspec.Struct, frozen=True, tag_field="kind"):
    """Base of every journal record."""

    seq: int
    """1, 2, 3... in file order; the record's line is `seq + 1`."""


class CmdRecord(Record, tag="cmd"):
    """A command executed by `seat`, and the events it produced."""

    seat: int
    command: CommandAny
    events: tuple[EventAny, ...]


class UndoRecord(Record, tag="undo"):
    """The last step of the line of play (the command record `step`) was taken back."""

    step: int


class RedoRecord(Record, tag="redo"):
    """The step last taken back (the command record `step`) was played again as recorded."""

    step: int


class TeachingRecord(Record, tag="teaching"):
    """Teaching mode was switched on or off."""

    on: bool


RecordAny = CmdRecord | UndoRecord | RedoRecord | TeachingRecord

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
    return SaveFile(path, header, records, warnings, good_length, needs_repair)


def _read_regular_file(path: Path) -> bytes:
    """The bytes of `path`, refusing anything but a regular file of at most `MAX_SAVE_BYTES`.

    The file is opened without blocking and checked before a byte is read, so a FIFO, a
    device (`/dev/zero`, `/dev/urandom`) or a folder is refused at once; the limit counts
    the bytes actually read, so a file that grows while it is read cannot get past it.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise SaveError(path, None, f"cannot read the file ({exc.strerror or exc})") from None
    try:
        kind = os.fstat(fd).st_mode
        if not stat.S_ISREG(kind):
            raise SaveError(path, None, f"{_file_kind(kind)}, not a save file")
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_SAVE_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_SAVE_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise SaveError(path, None, f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if total > MAX_SAVE_BYTES:
        raise SaveError(path, None, f"the file is larger than the {MAX_SAVE_BYTES // 2**20} MB a save may be")
    return b"".join(chunks)


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


def _decode(decoder: msgspec.json.Decoder, raw: bytes):
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
    if not isinstance(loose, dict) or loose.get("format") != FORMAT:
        raise SaveError(path, 1, f"not a Monuments save (the first line does not say format {FORMAT!r})")
    version = loose.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveError(path, 1, f"invalid save format version {version!r}")
    if version > VERSION:
        raise SaveError(
            path,
            1,
            f"this save has format version {version}, newer than this program reads (up to {VERSION}); "
            "update monuments to open it",
        )
    try:
        return _decode(_HEADER_DECODER, raw)
    except msgspec.DecodeError as exc:
        raise SaveError(path, 1, f"corrupt save header ({exc})") from None


# -- writing ---------------------------------------------------------------------------------
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


def unique_path(directory: Path, name: str) -> Path:
    """`directory/name`, or with `-2`, `-3`... before the suffix if it is taken."""
    candidate = directory / name
    stem, suffix = name.rsplit(".", 1) if "." in name else (name, "")
    n = 2
    while candidate.exists():
        candidate = directory / (f"{stem}-{n}.{suffix}" if suffix else f"{stem}-{n}")
        n += 1
    return candidate


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not possible on every platform; the file itself is fsynced
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_save(path: Path | str, header: Header, records: Iterable[RecordAny] = ()) -> Path:
    """Write a complete save atomically: a temp file in the same folder, fsync, then rename.

    An existing file at `path` is replaced only once the new one is complete on disk.
    """
    return replace_file(Path(path), encode_line(header) + b"".join(encode_line(r) for r in records))


def replace_file(path: Path, data: bytes) -> Path:
    """Put `data` at `path` atomically (temp file, fsync, os.replace, fsync of the folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    try:
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
    return path


class Journal:
    """The open save of a live game: appends one record at a time, each fsynced.

    A journal opened on a save whose tail was torn (or that lacks its final newline)
    repairs it at the first append, safely: the valid prefix is written to a new file
    which then replaces the old one; the old file is never cut in place.
    """

    def __init__(self, path: Path, *, repair_to: int | None = None):
        self.path = Path(path)
        self._fd: int | None = None
        self._repair_to = repair_to
        self._size = 0
        """Bytes of whole records on disk while the file is open."""

    @classmethod
    def create(cls, path: Path, header: Header, records: Iterable[RecordAny] = ()) -> Journal:
        """Start a new save at `path` (which must not exist), header first, fsynced."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = encode_line(header) + b"".join(encode_line(r) for r in records)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            raise
        _fsync_dir(path.parent)
        journal = cls(path)
        journal._fd = fd
        journal._size = len(data)
        return journal

    def append(self, record: RecordAny) -> None:
        """Append one record and wait until it is on disk."""
        if self._fd is None:
            self._open()
        assert self._fd is not None
        data = encode_line(record)
        try:
            _write_all(self._fd, data)
            os.fsync(self._fd)
        except BaseException:
            # Part of the line may be on disk: the next append first rewrites the file
            # without it (safely, as for a torn tail) so the journal never holds a bad line.
            self._repair_to = self._size
            self.close()
            raise
        self._size += len(data)

    def _open(self) -> None:
        if self._repair_to is not None:
            data = self.path.read_bytes()[: self._repair_to]
            if data and not data.endswith(b"\n"):
                data += b"\n"
            replace_file(self.path, data)
            self._repair_to = None
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self._size = os.fstat(self._fd).st_size

    def close(self) -> None:
        """Close the file (appending again reopens it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.close()
        except OSError:
            pass


def write_game(
    directory: Path | str,
    config: GameConfig,
    seats: tuple[str, ...],
    played: Iterable[tuple[int, object, Iterable[object]]],
    *,
    title: str = "",
) -> Path:
    """Write a game played elsewhere (e.g. by `monuments simulate`) as a new save in `directory`.

    `played` holds (seat, command, events) for each command in order. The file gets a
    unique name (see `save_name`) and is written atomically with one fsync at the end.
    """
    directory = Path(directory)
    header = Header(config=config, seats=tuple(seats), created=now_iso(), title=title)
    records = [CmdRecord(i, seat, command, tuple(events)) for i, (seat, command, events) in enumerate(played, start=1)]
    directory.mkdir(parents=True, exist_ok=True)
    while True:
        path = unique_path(directory, save_name(config))
        data = encode_line(header) + b"".join(encode_line(r) for r in records)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _fsync_dir(directory)
        return path
