"""Writing saves: the live journal of a game, whole files written atomically, the saves folder.

A `Journal` is the open save of a game being played: it holds the save's lock
(`save_lock`) for its whole life, appends one record at a time, each fsynced, and
repairs a torn tail safely before the first append. Whole files — a new game's first
lines, a copy, a simulated game — are written to a temp file, fsynced, and then given
their name: `os.replace` where a file is meant to be replaced, a hard link where a name
must not be taken from anyone. See docs/save-format.md, "Writing".
"""

from __future__ import annotations

import errno
import itertools
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from monuments_tui.rules.commands import Command
from monuments_tui.rules.config import GameConfig
from monuments_tui.rules.events import Event
from monuments_tui.saves.format import (
    CmdRecord,
    Header,
    RecordAny,
    SaveError,
    as_saved,
    bind_first_command,
    default_saves_dir,
    encode_header,
    encode_line,
    header_digest,
    now_iso,
    save_name,
)
from monuments_tui.saves.lock import SaveInUse, SaveLock


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


FILE_MODE = 0o644 & ~_read_umask()
"""Saves are readable by others unless the umask says otherwise, as a file opened with mode
0o644 would be (a temp file from `mkstemp` starts private)."""
_NO_HARD_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS}
"""What `os.link` says on a file system without hard links (FAT, some network shares)."""


# -- the folder and names -------------------------------------------------------------------------
def saves_folder(directory: Path | str) -> Path:
    """`directory`, made if missing.

    Raises:
        NotADirectoryError: it, or a folder above it, is a file (saying which).
        OSError: it cannot be made.
    """
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(
            f"the saves folder {directory} is a file; give a folder (--saves DIR or $MONUMENTS_SAVES)"
        ) from None
    except NotADirectoryError:
        raise NotADirectoryError(
            f"the saves folder {directory} cannot be made: part of its path is a file; give a folder"
        ) from None
    return directory


def free_paths(directory: Path, name: str) -> Iterator[Path]:
    """`directory/name`, then `-2`, `-3`... before the suffix: each name not taken when it is offered.

    A writer that finds the name taken after all (by another process) tries the next one,
    so it never asks for the same name twice.
    """
    stem, dot, suffix = name.rpartition(".") if "." in name else (name, "", "")
    for n in itertools.count(1):
        candidate = directory / (name if n == 1 else f"{stem}-{n}{dot}{suffix}")
        if not candidate.exists():
            yield candidate


# -- whole files ------------------------------------------------------------------------------------
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


def _temp_copy(path: Path, data: bytes) -> str:
    """A complete, fsynced temp file holding `data`, in the folder of `path` (its name)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, FILE_MODE)
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    return tmp


def replace_file(path: Path, data: bytes, hold: SaveLock | None = None) -> Path:
    """Put `data` at `path` atomically (temp file, fsync, os.replace, fsync of the folder);
    `hold`: the lock of the save at `path`, moved onto the new file before it takes the name."""
    saves_folder(path.parent)
    tmp = _temp_copy(path, data)
    try:
        if hold is not None:
            hold.hold_file(tmp)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
    return path


def write_new_file(path: Path, data: bytes, hold: SaveLock | None = None) -> Path:
    """Put `data` at `path`, which must be free, atomically: whole or not at all, never replacing;
    `hold`: the lock of the save to be at `path`, put on the new file before it has the name.

    Raises:
        FileExistsError: `path` is taken.
    """
    saves_folder(path.parent)
    tmp = _temp_copy(path, data)
    try:
        if hold is not None:
            hold.hold_file(tmp)
        try:
            os.link(tmp, path)  # fails if the name is taken: nothing is ever overwritten
        except FileExistsError:
            raise
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
            if path.exists():  # no hard links here: check, then rename (a narrow race, no worse)
                raise FileExistsError(errno.EEXIST, "the file exists", str(path)) from None
            os.replace(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
    _fsync_dir(path.parent)
    return path


def write_save(path: Path | str, header: Header, records: Iterable[RecordAny] = (), *, replace: bool = True) -> Path:
    """Write a complete save atomically: a temp file in the same folder, fsync, then rename.

    An existing file at `path` is replaced only once the new one is complete on disk, and
    only if no session holds it (a game being played is never replaced under its player);
    with `replace` False, never (the name is taken with a hard link, which fails if it exists).

    Raises:
        SaveInUse: a session has the save at `path` open for play.
        FileExistsError: `replace` is False and `path` exists.
    """
    path = Path(path)
    lock = SaveLock.acquire(path) if path.parent.is_dir() else None
    try:
        data = encode_header(header) + b"".join(encode_line(r) for r in records)
        return replace_file(path, data) if replace else write_new_file(path, data)
    finally:
        if lock is not None:
            lock.release()


def replace_save(path: Path, header: Header, records: Iterable[RecordAny]) -> Path | None:
    """Write a complete save over the file at `path`, keeping that file beside it first
    (`keep_backup`), all under the save's lock. Returns the backup (None: nothing was there).

    Raises:
        SaveInUse: a session has the save at `path` open for play (nothing is written).
    """
    data = encode_header(header) + b"".join(encode_line(r) for r in records)
    lock = SaveLock.acquire(path) if path.parent.is_dir() else None
    try:
        backup = keep_backup(path)
        replace_file(path, data)
        return backup
    finally:
        if lock is not None:
            lock.release()


def keep_backup(path: Path) -> Path | None:
    """Keep the file at `path` (if any) beside it as `NAME.bak` (`NAME-2.bak`... if taken), as a
    hard link: the same bytes under a second name, never a half-made copy. Returns its path.

    Raises:
        OSError: it cannot be kept (then nothing should replace it).
    """
    if not os.path.lexists(path):
        return None
    for backup in free_paths(path.parent, path.name + ".bak"):
        try:
            os.link(path, backup, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
            write_new_file(backup, path.read_bytes())  # no hard links here: a whole copy, atomically
        _fsync_dir(path.parent)
        return backup
    raise AssertionError("unreachable: free_paths never ends")  # pragma: no cover


def write_game(
    directory: Path | str,
    config: GameConfig,
    seats: tuple[str, ...],
    played: Iterable[tuple[int, Command, Iterable[Event]]],
    *,
    title: str = "",
) -> Path:
    """Write a game played elsewhere (e.g. by `monuments simulate`) as a new save in `directory`.

    `played` holds (seat, command, events) for each command in order. The file gets a
    unique name (see `save_name`) and is written atomically (temp file, fsync, link).

    Raises:
        NotADirectoryError: `directory` is a file.
    """
    directory = saves_folder(directory)
    header = Header(config=config, seats=tuple(seats), created=now_iso(), title=title)
    records: list[RecordAny] = [
        CmdRecord(i, seat, *as_saved(command, events)) for i, (seat, command, events) in enumerate(played, start=1)
    ]
    records = bind_first_command(records, header_digest(header))
    data = encode_header(header) + b"".join(encode_line(r) for r in records)
    for path in free_paths(directory, save_name(config)):
        try:
            return write_new_file(path, data)
        except FileExistsError:
            continue  # another process took the name between the check and the link
    raise AssertionError("unreachable: free_paths never ends")  # pragma: no cover


def create_journal(header: Header, records: Iterable[RecordAny], path: Path | None, saves_dir: Path | None) -> Journal:
    """A new save holding `records`, locked: at `path`, else named after the game in `saves_dir`
    (default: `default_saves_dir()`).

    Raises:
        FileExistsError: `path` is given and taken; NotADirectoryError: the folder is a file.
    """
    if path is not None:
        return Journal.create(Path(path), header, records)
    records = list(records)
    directory = saves_folder(saves_dir if saves_dir is not None else default_saves_dir())
    for candidate in free_paths(directory, save_name(header.config)):
        try:
            return Journal.create(candidate, header, records)
        except FileExistsError:
            continue  # another process took (or is taking) the name between the check and the create
    raise AssertionError("unreachable: free_paths never ends")  # pragma: no cover


# -- the live journal -------------------------------------------------------------------------------
def _signature(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class Journal:
    """The open save of a live game: holds its lock, appends one record at a time, each fsynced.

    A journal opened on a save whose tail was torn (or that lacks its final newline)
    repairs it at the first append, safely: the valid prefix is written to a new file
    which then replaces the old one; the old file is never cut in place. The lock is held
    from before the file is read until `close`, so no other process can write or repair
    it meanwhile; appending after `close` takes the lock again, and refuses a file that
    changed while it was not held.
    """

    def __init__(self, path: Path, *, repair_to: int | None = None, lock: SaveLock | None = None):
        self.path = Path(path)
        self._fd: int | None = None
        self._repair_to = repair_to
        self._lock = lock
        self._size = 0
        """Bytes of whole records on disk while the file is open."""
        self._seen = _signature(os.stat(self.path)) if lock is not None else None
        """The file as this journal last left it (device, inode, size, time), to notice others' changes."""

    @classmethod
    def create(cls, path: Path, header: Header, records: Iterable[RecordAny] = ()) -> Journal:
        """Start a new save at `path` (which must be free), locked, written whole and fsynced.

        Raises:
            FileExistsError: `path` is taken (or being created by another process).
            ValueError: the header would not read back (nothing is written).
        """
        path = Path(path)
        data = encode_header(header) + b"".join(encode_line(r) for r in records)
        saves_folder(path.parent)
        try:
            lock = SaveLock.acquire(path)  # before the file exists: nobody may open it before us
        except SaveInUse:
            raise FileExistsError(errno.EEXIST, "another game is being saved under this name", str(path)) from None
        try:
            write_new_file(path, data, hold=lock)
        except BaseException:
            lock.release()
            raise
        return cls(path, lock=lock)

    def append(self, record: RecordAny) -> None:
        """Append one record and wait until it is on disk.

        Raises:
            SaveInUse: the journal was closed and another process has the save now.
            SaveError: the journal was closed and the file changed meanwhile.
            OSError: the write failed (the next append first removes any part of it).
        """
        if self._fd is None:
            self._open()
        assert self._fd is not None
        self._check_end()
        data = encode_line(record)
        try:
            _write_all(self._fd, data)
            os.fsync(self._fd)
        except BaseException:
            # Part of the line may be on disk: the next append first rewrites the file
            # without it (safely, as for a torn tail) so the journal never holds a bad line.
            self._repair_to = self._size
            self._seen = None  # our own partial line changed the file: the repair cuts it off
            self._close_file()
            raise
        self._size += len(data)
        self._seen = _signature(os.fstat(self._fd))

    def _check_end(self) -> None:
        """Refuse to append unless the save ends where this journal left it, under its name:
        whatever another program did to it, this game never writes over or after it.

        Raises:
            SaveError: the file grew, shrank or was replaced since the last record.
        """
        assert self._fd is not None
        mine = os.fstat(self._fd)
        try:
            named = os.stat(self.path)
        except OSError:
            named = None
        if (
            mine.st_size == self._size
            and named is not None
            and (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)
        ):
            return
        self._close_file()
        what = (
            "was removed or replaced"
            if named is None or (named.st_dev, named.st_ino) != (mine.st_dev, mine.st_ino)
            else f"is {mine.st_size} bytes where this game left it at {self._size}"
        )
        raise SaveError(
            self.path,
            None,
            f"the save {what}: another program wrote to it while this game had it open; nothing more is "
            "written to it. Load it again to see what it holds (or save a copy of this game)",
        )

    def _open(self) -> None:
        taken = self._lock is None or not self._lock.held
        if taken:
            self._lock = SaveLock.acquire(self.path)
        assert self._lock is not None
        if self._seen is not None and _signature(os.stat(self.path)) != self._seen:
            if taken:
                self._lock.release()
            raise SaveError(
                self.path,
                None,
                "the file was changed by another program since this game last wrote to it; load it again",
            )
        if self._repair_to is not None:
            data = self.path.read_bytes()[: self._repair_to]
            if data and not data.endswith(b"\n"):
                data += b"\n"
            replace_file(self.path, data, hold=self._lock)
            self._repair_to = None
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self._size = os.fstat(self._fd).st_size

    def _close_file(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def close(self) -> None:
        """Close the file and let go of the lock (appending again takes both again)."""
        self._close_file()
        if self._lock is not None:
            self._lock.release()

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.close()
        except OSError:  # a finaliser must not raise; closing can fail only at the OS
            pass
