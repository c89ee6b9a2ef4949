"""A tournament's games kept in a file, so that a long run is played in parts.

`monuments tournament --record FILE` appends each finished game to FILE as one JSON line
(what was played, and its figures), and a run that finds a game already there does not play
it again. The report counts every game of the tournament the file holds, so a run stopped
by `--stop-after` (or by Ctrl+C, or a lost machine) goes on where it left off, however many
times it is started. Only the games of the settings asked for are counted: one file may hold
several tournaments.

A line cut short by a stop in the middle of a write (the last line, with no line end) is
left out and played again; any other line that is not a game of this format is refused,
naming the line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from monuments_tui.rules.errors import MonumentsError
from monuments_tui.saves.format import SaveError, read_text_file

GAME_KEYS = ("players", "mode", "deal_seed", "lineup", "bot_seed", "max_turns")
"""What tells one game of a tournament from another: the deal, the seats' bots, the bots' seed and the cap."""

RESULT_KEYS = ("finished", "rounds", "error", "winners", "scores", "layers")
"""The figures the report counts."""


class RecordError(ValueError, MonumentsError):
    """The record file cannot be read as games: which line, and what is wrong with it."""


def game_key(game: dict[str, Any]) -> str:
    """The game as one comparable text (its fields in a fixed order)."""
    return json.dumps([game[k] for k in GAME_KEYS], separators=(",", ":"))


def read_record(path: Path) -> dict[str, dict[str, Any]]:
    """The games in `path` by `game_key` (none if the file does not exist yet)."""
    if not path.exists():
        return {}
    try:
        text = read_text_file(path, "a tournament record")
    except SaveError as exc:
        raise RecordError(str(exc)) from None
    lines = text.split("\n")
    if lines and lines[-1] != "":
        lines = lines[:-1]  # cut short by a stop during its write: played again
    games: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            game, result = entry["game"], entry["result"]
            key = game_key(game)
            if not isinstance(result, dict) or any(k not in result for k in RESULT_KEYS):
                raise KeyError("result")
        except (ValueError, KeyError, TypeError) as exc:
            raise RecordError(
                f"{path}, line {number}: not a game of a tournament record ({type(exc).__name__}: {exc}); "
                "give another --record file, or remove that line"
            ) from None
        games[key] = {k: result[k] for k in RESULT_KEYS}
    return games


def drop_cut_line(path: Path) -> None:
    """Remove a last line cut short by a stop during its write, so the next game starts a line."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with open(path, "rb+") as f:
        f.seek(-1, os.SEEK_END)
        if f.read(1) == b"\n":
            return  # the usual case: only the last byte is read
        f.seek(0)
        data = f.read()
        f.truncate(data.rfind(b"\n") + 1)


def append_game(path: Path, game: dict[str, Any], result: dict[str, Any]) -> None:
    """Add one finished game to `path`, on disk before the next game starts."""
    line = json.dumps({"game": game, "result": {k: result[k] for k in RESULT_KEYS}}, separators=(",", ":"))
    with open(path, "a", encoding="utf-8") as out:
        out.write(line + "\n")
        out.flush()
        os.fsync(out.fileno())
