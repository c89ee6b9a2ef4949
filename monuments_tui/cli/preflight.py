"""What the command line checks before it starts a game or writes saves: a saves folder it
can write, a save that no other process is playing, a position file that reads. (The seats
and numbers of a simulation are checked in `simulate`, which loads the bots.)

Each check returns what is wrong in words, or None, so the command line can say it and stop
before the interface opens.
"""

from __future__ import annotations

import argparse
import os

from monuments_tui.saves.format import SaveError, read_text_file
from monuments_tui.saves.journal import saves_folder
from monuments_tui.saves.lock import SaveInUse, holder


def unwritable_folder(folder: str) -> str | None:
    """Why games cannot be saved in `folder` (made if missing), or None if they can."""
    try:
        path = saves_folder(folder)
    except NotADirectoryError as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot make the folder ({exc.strerror or exc})"
    if not os.access(path, os.W_OK | os.X_OK):
        return "the folder is not writable"
    return None


def read_position(args: argparse.Namespace) -> str | None:
    """Read and check `--position FILE` into `args.position_text`; returns what is wrong, or None."""
    # start-up: the position reader (and the set-up it builds on) loads only for --position
    from monuments_tui.rules.position import parse_position

    try:
        text = read_text_file(args.position, "a position")
        parse_position(text)
    except SaveError as exc:  # names the file already
        return f"--position {exc}"
    except ValueError as exc:
        return f"--position {args.position}: {exc}"
    args.position_text = text
    return None


def in_use(file: str) -> str | None:
    """Why `file` cannot be loaded because another process plays it, or None if nobody does."""
    held, pid = holder(file)
    return str(SaveInUse(file, pid)) if held else None
