"""One writer per save: an OS lock that a process holds on a save while it plays the game.

The lock is an exclusive `flock` on a lock file beside the save (`NAME.jsonl.lock`), not on
the save itself: the save's inode changes whenever it is replaced atomically (a torn-tail
repair, a copy saved over it), while the lock file stays put, and it holds the pid of the
holder so that a second player can be told who has the game open. The kernel lets go of
an flock when its process ends, however it ends, so a game killed with SIGKILL can be
opened again at once; a lock file left behind by such a process is stale and reused.
See docs/save-format.md, "One writer per save".
"""

from __future__ import annotations

import fcntl
import os
import shlex
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
        return cls(save, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let go of the lock and remove the lock file (while still holding it)."""
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
    """(True, pid) if some process holds the lock on `save`, else (False, None). Changes nothing."""
    try:
        fd = os.open(lock_path(save), os.O_RDONLY)
    except OSError:
        return False, None  # no lock file: nobody has ever locked it, or the holder let go
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True, _read_pid(fd)
    finally:
        os.close(fd)  # also lets go of the shared lock taken to test it
    return False, None


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
