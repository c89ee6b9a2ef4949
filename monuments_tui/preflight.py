"""What the command line checks before it starts a game or writes saves: a saves folder it
can write, a save that no other process is playing, a position file that reads, the seats
and numbers of a simulation.

Each check returns what is wrong in words, or None, so the command line can say it and stop
before the interface opens.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from monuments_tui.ai.bots import get_bot
from monuments_tui.journal import saves_folder
from monuments_tui.rules import parse_position
from monuments_tui.rules.layout import setup_key
from monuments_tui.save_lock import SaveInUse, holder


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
    try:
        text = Path(args.position).read_text(encoding="utf-8")
        parse_position(text)
    except OSError as exc:
        return f"--position {args.position}: cannot read the file ({exc.strerror or exc})"
    except (ValueError, UnicodeDecodeError) as exc:
        return f"--position {args.position}: {exc}"
    args.position_text = text
    return None


def in_use(file: str) -> str | None:
    """Why `file` cannot be loaded because another process plays it, or None if nobody does."""
    held, pid = holder(file)
    return str(SaveInUse(file, pid)) if held else None


def simulate_bots(args: argparse.Namespace) -> list[str]:
    """The bot of each seat of `monuments simulate`, from its arguments.

    Raises:
        ValueError: saying which argument is wrong and what it takes.
    """
    setup_key(args.players)
    bots = [b.strip() for b in args.bot.split(",")]
    if args.solo:
        if len(args.players) != 2 or args.mode != "abundance" or len(bots) != 1:
            raise ValueError("--solo plays two civilisations in abundance mode, with one --bot for the player's seat")
        bots = ["ai", bots[0]]
    if len(bots) == 1:
        bots = bots * len(args.players)
    if len(bots) != len(args.players):
        raise ValueError("give one bot, or one per seat")
    if args.games < 1 or args.max_turns < 1 or args.jobs < 1:
        raise ValueError("--games, --max-turns and --jobs must be at least 1")
    for b in bots:
        if b != "ai":
            get_bot(b)
    if args.save_dir is not None:
        problem = unwritable_folder(args.save_dir)
        if problem:
            raise ValueError(f"--save-dir {args.save_dir}: {problem}; give a folder you can write to")
    return bots
