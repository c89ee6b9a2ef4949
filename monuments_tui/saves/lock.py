"""One writer per save: an OS lock that a process holds on a save while it plays the game.

Two exclusive `flock`s, both needed to write: one on the save file itself, so that the same
file is locked whatever name, hard link or symbolic link it is opened by, and whatever
happens to any file beside it; and one on a lock file beside the save (`NAME.jsonl.lock`),
which exists before the save does (a new game is locked before its file is written) and
holds the holder's pid, so that a second player can be told who has the game open. When
the save is replaced atomically (a torn-tail repair), the new file is locked before it
takes the name. If the lock file is gone, the holder is found from the kernel's own list
of locks (`/proc/locks`). The kernel lets go of an flock when its process ends, however it
ends, so a game killed with SIGKILL can be opened again at once; a lock file left behind
by such a process is stale and reused. See docs/save-format.md, "One writer per save".
"""

from __future__ import annotations

import fcntl
import os
import shlex
import stat
from pathlib import Path

from monuments_tui.saves.format import SaveError, check_regular_file

LOCK_SUFFIX = ".lock"


class SaveInUse(SaveError):
    """The save is open for play in another process (or another session of this one).

    Attributes:
        pid: the process holding it, or None when its lock file does not say.
    """

    def __init__(self, path: Path | str, pid: int | None):
        self.pid = pid
        who = f"process {pid}" if pid is not None else "another process"
        super().__init__(
            path,
            None,
            f"this game is in use: {who} has it open for play, and a save has one player at a time; "
            f"watch it read-only with: {replay_command(path)}",
        )


def replay_command(save: Path | str) -> str:
    """The command that opens `save` read-only, quoted for a shell."""
    return f"monuments replay {shlex.quote(str(save))}"


def lock_path(save: Path | str) -> Path:
    """The lock file of `save`: beside it, named after the file the path resolves to."""
    resolved = Path(save).resolve()
    return resolved.with_name(resolved.name + LOCK_SUFFIX)


class SaveLock:
    """An exclusive lock on one save, held until `release` (or until the process ends)."""

    def __init__(self, save: Path, fd: int):
        self.save = save
        self.path = lock_path(save)
        self._fd: int | None = fd
        self._file_fd: int | None = None
        """The save itself, flocked (None while it does not exist yet)."""

    @classmethod
    def acquire(cls, save: Path | str) -> SaveLock:
        """Lock `save` (which need not exist yet) for this process, without waiting.

        Raises:
            SaveInUse: another process (or another session here) holds it.
            OSError: the lock file cannot be made (e.g. a read-only folder).
        """
        save = Path(save)
        path = lock_path(save)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid = _read_pid(fd)
                os.close(fd)
                raise SaveInUse(save, pid) from None
            except BaseException:
                os.close(fd)
                raise
            if _same_file(fd, path):
                break
            os.close(fd)  # the holder before us removed the file as it let go: lock the one there now
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        lock = cls(save, fd)
        if os.path.lexists(save):
            try:
                lock.hold_file(save)
            except BaseException:
                lock.release()
                raise
        return lock

    def hold_file(self, file: Path | str) -> None:
        """Lock the save file itself (or the file about to take its name), letting go of the one
        held before: the lock follows the file, whatever its names.

        Raises:
            SaveInUse: another session holds that file (through this name or another).
            OSError: it cannot be opened.
        """
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveError(file, None, "not a regular file: it cannot be a save")
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = flock_holder(os.fstat(fd))
            os.close(fd)
            raise SaveInUse(self.save, pid) from None
        except BaseException:
            os.close(fd)
            raise
        if self._file_fd is not None:
            os.close(self._file_fd)
        self._file_fd = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let go of the lock and remove the lock file (while still holding it)."""
        if self._file_fd is not None:
            os.close(self._file_fd)
            self._file_fd = None
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            if _same_file(fd, self.path):
                os.unlink(self.path)
        except OSError:
            pass  # a lock file left behind is stale, not held: the next holder reuses it
        finally:
            os.close(fd)  # closing the descriptor is what lets go of the flock

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.release()
        except OSError:  # a finaliser must not raise; letting go of the lock can fail only at the OS
            pass


def lock_for_play(save: Path) -> SaveLock:
    """Lock an existing save before it is read to be played on.

    Raises:
        SaveInUse: another session has it open for play.
        SaveError: it is not a regular file, or its lock file cannot be made.
    """
    check_regular_file(save)
    try:
        return SaveLock.acquire(save)
    except SaveInUse:
        raise
    except OSError as exc:
        raise SaveError(
            save,
            None,
            f"cannot open this game for play: its lock file {lock_path(save)} cannot be made "
            f"({exc.strerror or exc}); watch it read-only with: {replay_command(save)}",
        ) from None


def holder(save: Path | str) -> tuple[bool, int | None]:
    """(True, pid) if some process holds the lock on `save` (its lock file, or the file itself
    through any name), else (False, None). Changes nothing."""
    for path, is_save in ((lock_path(save), False), (Path(save), True)):
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue  # no lock file: nobody has ever locked it, or the holder let go
        try:
            if is_save and not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True, flock_holder(os.fstat(fd)) if is_save else _read_pid(fd)
        finally:
            os.close(fd)  # also lets go of the shared lock taken to test it
    return False, None


def flock_holder(st: os.stat_result) -> int | None:
    """The pid of a process holding an flock on the file `st` describes, from the kernel's list
    of locks (Linux `/proc/locks`); None where that list is not to be had."""
    wanted = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                fields = line.split()
                # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF" (a waiter's line has "->" after the number)
                fields = [f for f in fields if f != "->"]
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == wanted and fields[4].isdigit():
                    return int(fields[4])
    except OSError:
        return None
    return None


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def _same_file(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)
